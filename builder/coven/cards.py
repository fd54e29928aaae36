"""The deck of playing cards The Coven deals, and poker hands judged exactly.

*The Coven* uses one ordinary 52-card deck for two things (the-coven.txt,
"The Week"): the Others' weekly deal, where red court cards and Aces place
corruption markers, and conflicts, where every party makes "the best possible
poker hand they can from their cards -- the face-up cards are available to
everyone, Texas Hold'Em style".

A card is written as two characters, rank then suit: ``"AS"`` (Ace of spades),
``"TH"`` (Ten of hearts), ``"QD"``. Hearts and diamonds are red.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

RANKS = "23456789TJQKA"
"""Ranks from lowest to highest: an Ace is high (and also low in A-2-3-4-5, see below)."""

SUITS = "SHDC"
RED_SUITS = frozenset("HD")

DECK: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
"""The 52 cards."""

DECK_SIZE = len(DECK)


def is_card(text: str) -> bool:
    """True for a card's two-character name ("AS", "TH")."""
    return len(text) == 2 and text[0] in RANKS and text[1] in SUITS


def rank_of(card: str) -> int:
    """The card's rank as 2..14 (Jack 11, Queen 12, King 13, Ace 14)."""
    return RANKS.index(card[0]) + 2


def is_red(card: str) -> bool:
    return card[1] in RED_SUITS


class MarkerKind(StrEnum):
    """What a marker card lets the Others mark (the-coven.txt, "The Others Exert Their Influence").

    "Red Jack: Add a corruption marker to any person. Red Queen: ... any
    organisation. Red King: ... any place. Ace (any colour): ... any element."
    """

    PERSON = "person"
    ORGANISATION = "organisation"
    PLACE = "place"
    ANY = "any"


def marker_kind(card: str) -> MarkerKind | None:
    """The marker a dealt card gives, or None for a card without effect."""
    if card[0] == "A":
        return MarkerKind.ANY
    if is_red(card):
        return {
            "J": MarkerKind.PERSON,
            "Q": MarkerKind.ORGANISATION,
            "K": MarkerKind.PLACE,
        }.get(card[0])
    return None


MARKER_CARDS: tuple[str, ...] = tuple(c for c in DECK if marker_kind(c) is not None)
"""The 10 cards that place a marker: 2 red Jacks, 2 red Queens, 2 red Kings and 4 Aces."""


# --------------------------------------------------------------------------- poker hands


class HandRank(IntEnum):
    """The standard poker hand categories, weakest first."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    THREE_OF_A_KIND = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    FOUR_OF_A_KIND = 7
    STRAIGHT_FLUSH = 8

    @property
    def label(self) -> str:
        return self.name.replace("_", " ").lower()


@dataclass(frozen=True, slots=True, order=True)
class Hand:
    """The best five-card hand a party makes: its category, then the ranks that break ties.

    Hands compare as poker does: by category, then by ``ranks`` in order
    (the pair's rank before the kickers, ...). Suits never break a tie.
    Two equal hands are a tie, which the text settles by dealing single cards
    (see ``conflict_winner``).
    """

    category: HandRank
    ranks: tuple[int, ...]

    def describe(self) -> str:
        names = {11: "J", 12: "Q", 13: "K", 14: "A"}
        shown = " ".join(names.get(r, str(r)) for r in self.ranks)
        return f"{self.category.label} ({shown})"


def _straight_high(ranks: Iterable[int]) -> int | None:
    """The top rank of the highest straight in these ranks (5 for A-2-3-4-5), or None."""
    present = set(ranks)
    if 14 in present:
        present.add(1)  # the Ace also plays low
    for top in range(14, 4, -1):
        if all(top - i in present for i in range(5)):
            return top
    return None


def best_hand(cards: Sequence[str]) -> Hand:  # noqa: C901, PLR0911  (complexity 12, 9 returns when the limits came in)
    """The best poker hand among any five of ``cards`` (at least five cards).

    Exact for any number of cards (a party with many traits holds more than
    two): each category is looked for directly, strongest first, instead of
    trying every five-card subset.
    """
    if len(cards) < 5 or len(set(cards)) != len(cards):
        raise ValueError(f"a poker hand needs at least five different cards, got {list(cards)}")
    counts = Counter(rank_of(c) for c in cards)
    by_suit: dict[str, list[int]] = {}
    for card in cards:
        by_suit.setdefault(card[1], []).append(rank_of(card))
    flushes = [sorted(r, reverse=True) for r in by_suit.values() if len(r) >= 5]
    straight_flush = max((h for f in flushes if (h := _straight_high(f))), default=None)
    if straight_flush is not None:
        return Hand(HandRank.STRAIGHT_FLUSH, (straight_flush,))
    ordered = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    quads = [r for r in ordered if counts[r] >= 4]
    if quads:
        return Hand(HandRank.FOUR_OF_A_KIND, (quads[0], max(r for r in counts if r != quads[0])))
    trips = sorted((r for r in counts if counts[r] >= 3), reverse=True)
    if trips:
        pairs = sorted((r for r in counts if counts[r] >= 2 and r != trips[0]), reverse=True)
        if pairs:
            return Hand(HandRank.FULL_HOUSE, (trips[0], pairs[0]))
    if flushes:
        return Hand(HandRank.FLUSH, max(tuple(f[:5]) for f in flushes))
    straight = _straight_high(counts)
    if straight is not None:
        return Hand(HandRank.STRAIGHT, (straight,))
    if trips:
        kickers = sorted((r for r in counts if r != trips[0]), reverse=True)[:2]
        return Hand(HandRank.THREE_OF_A_KIND, (trips[0], *kickers))
    pairs = sorted((r for r in counts if counts[r] >= 2), reverse=True)
    if len(pairs) >= 2:
        kicker = max(r for r in counts if r not in pairs[:2])
        return Hand(HandRank.TWO_PAIR, (pairs[0], pairs[1], kicker))
    if pairs:
        kickers = sorted((r for r in counts if r != pairs[0]), reverse=True)[:3]
        return Hand(HandRank.PAIR, (pairs[0], *kickers))
    return Hand(HandRank.HIGH_CARD, tuple(sorted(counts, reverse=True)[:5]))


def tied_best(hands: Mapping[str, Hand]) -> tuple[str, ...]:
    """The parties whose hand is the best one (more than one is a tie)."""
    top = max(hands.values())
    return tuple(p for p, h in hands.items() if h == top)


@dataclass(frozen=True, slots=True)
class Showdown:
    """A conflict's poker result: each party's hand, the tie-break rounds used, the winner.

    ``winner`` is "" when a tie is still unbroken after the recorded rounds
    (more single cards must be dealt).
    """

    hands: Mapping[str, Hand]
    rounds: tuple[tuple[str, ...], ...]
    winner: str


def showdown(
    hole: Mapping[str, Sequence[str]],
    shared: Sequence[str],
    tie_breaks: Sequence[Mapping[str, str]] = (),
) -> Showdown:
    """Who wins a conflict, settled as the text says (the-coven.txt, "The Practitioners Act").

    "Everyone makes the best possible poker hand they can from their cards --
    the face-up cards are available to everyone ... The winner of the hand gets
    their way in the conflict. In the case of ties, deal out single cards for
    each tied player: high card wins. Further ties result in further rounds of
    high-card-wins."

    ``tie_breaks`` are the single cards dealt in each round, one per party
    still tied. Reading: a single card's rank alone decides (Ace high, suits
    never rank), and a tie-break round is needed only when the hands are equal
    under ordinary poker ranking, kickers included. Raises ValueError when a
    round deals to the wrong parties.
    """
    hands = {party: best_hand([*cards, *shared]) for party, cards in hole.items()}
    tied = tied_best(hands)
    rounds: list[tuple[str, ...]] = []
    for dealt in tie_breaks:
        if len(tied) < 2:
            raise ValueError("a tie-break round was dealt although the tie was already broken")
        if set(dealt) != set(tied):
            raise ValueError(f"a tie-break round deals to exactly the tied parties {list(tied)}")
        rounds.append(tied)
        top = max(rank_of(c) for c in dealt.values())
        tied = tuple(p for p in tied if rank_of(dealt[p]) == top)
    return Showdown(hands, tuple(rounds), tied[0] if len(tied) == 1 else "")
