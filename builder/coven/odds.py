"""The odds of every draw in The Coven, exact where they are shown (``builder.core.odds``).

- How many marker cards a weekly deal of n cards holds: hypergeometric over
  the 10 marker cards of the 52 (``markers_in_deal``). With 12 cards P(none)
  = C(42,12)/C(52,12) ≈ 0.054, E = 12·10/52 ≈ 2.31, P(≥3) ≈ 0.418.
- Each element's chance of corruption this week (``corruption_chance``).
- A two-party conflict's chance of winning with k cards against m
  (``conflict_win_chance``), read from ``resources/coven/conflict-odds.json``,
  which ``scripts/coven_conflict_table.py`` makes offline with
  :func:`conflict_counts` (nothing is simulated at run time).

How a conflict is dealt and settled (the-coven.txt, "The Practitioners
Act"), as read here: each party is dealt as many cards as its traits are
worth ("Deal out the correct number of cards to all parties involved"),
then "five cards face-up in the centre of the table"; each makes "the best
possible poker hand they can from their cards", the face-up ones shared.
"In the case of ties, deal out single cards for each tied player: high card
wins. Further ties result in further rounds": the tied parties' single
cards come from the same shuffled rest of the deck, so they are exchangeable
and each of two tied parties wins the rounds with probability exactly 1/2,
whatever their hands (read: should the deck run out, the rest is reshuffled,
which changes nothing). Hence p(k v m) = P(k's hand is higher) + P(equal)/2,
and exactly p(k v m) + p(m v k) = 1 and p(n v n) = 1/2.

What is exact and what is estimated: the diagonal (1/2, by the symmetry
above) is exact. Every other cell is an estimate: enumerating the deals is
out of reach (10 cards against 10 is C(52,5)·C(47,10)·C(37,10) ≈ 5·10^24
deals, and even counting per board needs every 10-card hand of the 47 left).
Each cell pools the seeded deals of both orders (k v m and m v k, the latter
counted from the other side), so the table keeps p(k v m) + p(m v k) = 1
exactly; the file states each cell's standard error.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction
from functools import cache
from typing import Any

from builder.core.odds import Distribution, hypergeometric
from builder.coven.cards import DECK, DECK_SIZE, MARKER_CARDS, MarkerKind, best_hand, marker_kind
from builder.coven.chronicle import Kind
from builder.coven.state import CovenState
from resources import resource_path

CONFLICT_TABLE = ("coven", "conflict-odds.json")


def markers_in_deal(cards: int) -> Distribution:
    """How many of the 10 marker cards (red J, Q, K and the Aces) a deal of ``cards`` holds."""
    return hypergeometric(DECK_SIZE, len(MARKER_CARDS), min(cards, DECK_SIZE))


_COURT = {
    Kind.PERSON: MarkerKind.PERSON,
    Kind.PLACE: MarkerKind.PLACE,
    Kind.ORGANISATION: MarkerKind.ORGANISATION,
}


def cards_marking(kind: Kind, kinds_in_town: frozenset[Kind] | None = None) -> int:
    """How many cards of the deck can mark an element of this kind.

    Its kind's red court pair and the four Aces, plus the red court cards of
    any kind the town lacks ("If you draw a court card and there are no
    elements of the right kind, you can add the marker to any element you
    like"). A beachhead is marked as a place. ``kinds_in_town`` defaults to
    all three kinds.
    """
    present = frozenset(Kind) if kinds_in_town is None else kinds_in_town
    usable = {MarkerKind.ANY, _COURT[kind]} | {_COURT[k] for k in Kind if k not in present}
    return sum(1 for c in MARKER_CARDS if marker_kind(c) in usable)


def chance_of_a_marker(
    kind: Kind, cards: int, kinds_in_town: frozenset[Kind] | None = None
) -> Fraction:
    """P(the deal holds at least one card able to mark an element of this kind)."""
    able = cards_marking(kind, kinds_in_town)
    return 1 - hypergeometric(DECK_SIZE, able, min(cards, DECK_SIZE)).probability(0)


def corruption_chance(
    kind: Kind, markers: int, cards: int, kinds_in_town: frozenset[Kind] | None = None
) -> Fraction:
    """The chance an element can be corrupted in this week's influence phase.

    At most one marker per element per week and three to corrupt: only an
    element already on 2 markers can fall this week, and it does when the deal
    holds a card able to mark it and the Others spend it there (an upper bound:
    the Others choose). Reading: a cascade from a person corrupted the same
    week is not counted (it depends on the Others' choices, not on the deal).
    """
    if markers >= 3:
        return Fraction(1)
    if markers < 2:
        return Fraction(0)
    return chance_of_a_marker(kind, cards, kinds_in_town)


def town_chances(state: CovenState) -> dict[str, Fraction]:
    """Each standing element's chance of corruption in the coming deal (``state.deal_size``)."""
    kinds = {e: (Kind.PLACE if el.beachhead else el.kind) for e, el in state.elements.items()}
    present = frozenset(kinds.values())
    return {
        e: corruption_chance(kind, state.markers.get(e, 0), state.deal_size, present)
        for e, kind in kinds.items()
        if e not in state.corrupt and e not in state.destroyed
    }


CONFLICT_SHARED = 5
"""The face-up cards dealt to the centre for everyone ("deal five cards face-up")."""


def conflict_counts(mine: int, theirs: int, deals: int, seed: str) -> tuple[int, int, int]:
    """(won, tied, deals) of a party with ``mine`` cards against one with ``theirs``, sampled.

    ``deals`` seeded shuffles of the 52 cards (``random.Random(seed)``; the
    same seed gives the same counts on every machine), each dealt as the text
    deals a two-party conflict: ``mine`` cards, ``theirs`` cards, five shared.
    """
    rng = random.Random(seed)
    deck = list(DECK)
    won = tied = 0
    for _ in range(deals):
        cards = rng.sample(deck, mine + theirs + CONFLICT_SHARED)
        shared = cards[:CONFLICT_SHARED]
        a = best_hand(cards[CONFLICT_SHARED : CONFLICT_SHARED + mine] + shared)
        b = best_hand(cards[CONFLICT_SHARED + mine :] + shared)
        if a > b:
            won += 1
        elif a == b:
            tied += 1
    return won, tied, deals


def cell_seed(seed: int, mine: int, theirs: int) -> str:
    """The seed of one ordered cell's deals, so that any cell can be re-made alone."""
    return f"coven-conflict:{seed}:{mine}:{theirs}"


def pooled_chance(forward: tuple[int, int, int], backward: tuple[int, int, int] | None) -> Fraction:
    """p(k v m) from the counts of k v m and (when sampled) of m v k, as an exact fraction.

    Each order's deals give a share won with ties counted 1/2; the m v k
    deals count for k what m lost. The two shares are averaged, so the cell
    and its mirror sum to exactly 1 and a tie is worth exactly 1/2.
    """
    won, tied, deals = forward
    share = Fraction(2 * won + tied, 2 * deals)
    if backward is None:
        return share
    b_won, b_tied, b_deals = backward
    return (share + 1 - Fraction(2 * b_won + b_tied, 2 * b_deals)) / 2


@cache
def _conflict_table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resource_path(*CONFLICT_TABLE).read_text("utf-8"))
    return data


def conflict_precision() -> str:
    """How the conflict table was made and how precise it is, for the app to show beside it."""
    return str(_conflict_table()["precision"])


def conflict_win_chance(mine: int, theirs: int) -> Fraction | None:
    """P(a party dealt ``mine`` cards beats one dealt ``theirs``), ties settled by high card.

    From the shipped table (two parties, five shared cards), as the exact
    fraction stored there; None outside it. Exact on the diagonal (1/2);
    elsewhere an estimate, see :func:`conflict_error`.
    """
    try:
        return Fraction(_conflict_table()["win"][str(mine)][str(theirs)])
    except KeyError:
        return None


def conflict_is_exact(mine: int, theirs: int) -> bool:
    """Whether the table's value for ``mine`` v ``theirs`` is exact (not an estimate)."""
    return mine == theirs and conflict_win_chance(mine, theirs) is not None


def conflict_error(mine: int, theirs: int) -> float | None:
    """One standard error of the table's value (0.0 where exact; None outside the table)."""
    try:
        return float(_conflict_table()["error"][str(mine)][str(theirs)])
    except KeyError:
        return None


def describe_conflict_chance(mine: int, theirs: int) -> str:
    """The chance in words for the app: "exactly 1/2", "71.6% (± 0.3%)" or "beyond the table"."""
    chance = conflict_win_chance(mine, theirs)
    if chance is None:
        return "beyond the table"
    if conflict_is_exact(mine, theirs):
        return f"exactly {chance}"
    error = conflict_error(mine, theirs) or 0.0
    return f"{float(chance):.1%} (± {error:.1%}, estimated)"
