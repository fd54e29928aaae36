"""The app as dealer: a shuffled weekly deal, and a conflict dealt as the text says.

A group may deal with a physical deck and record the cards, or let Harbinger
shuffle: these functions make the events the app appends. The random source
is passed in (``random.SystemRandom()`` at the table, a seeded ``Random`` in
tests), so the rules stay pure.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from builder.coven.cards import DECK, best_hand, rank_of, tied_best
from builder.coven.chronicle import OTHERS, BeginWeek, Challenge, Conflict, Party
from builder.coven.scenes import SHARED_CARDS, others_cards
from builder.coven.state import CovenState


def deal_week(state: CovenState, rng: random.Random) -> BeginWeek:
    """A shuffled weekly deal: "the Others shuffle the pack of cards and deal out" its cards."""
    deck = list(DECK)
    rng.shuffle(deck)
    return BeginWeek(tuple(deck[: state.deal_size]))


def deal_conflict(
    state: CovenState,
    framer: str,
    stakes: str,
    traits: Mapping[str, Sequence[str]],
    challenge: Challenge | None,
    rng: random.Random,
    *,
    against: str = "",
    place: str = "",
) -> Conflict:
    """A conflict dealt from a shuffled deck (the-coven.txt, "The Practitioners Act").

    "Deal out the correct number of cards to all parties involved, one at a
    time, then deal five cards face-up in the centre of the table." Ties are
    dealt single cards, round after round, until one party has the high card.
    ``traits`` maps each practitioner involved (the framer first) to the trait
    cards they bring.
    """
    deck = list(DECK)
    rng.shuffle(deck)
    wanted = {
        p: sum(2 if state.cards[t].colour.value == "red" else 1 for t in cards)
        for p, cards in traits.items()
    }
    if challenge is not None:
        corrupt_place = bool(place) and place in state.corrupt
        wanted[OTHERS] = others_cards(challenge, len(traits), corrupt_place)
    hands: dict[str, list[str]] = {p: [] for p in wanted}
    for turn in range(max(wanted.values(), default=0)):  # one at a time, round the table
        for party, count in wanted.items():
            if turn < count:
                hands[party].append(deck.pop())
    shared = tuple(deck.pop() for _ in range(SHARED_CARDS))
    tied = tied_best({p: best_hand([*cards, *shared]) for p, cards in hands.items()})
    rounds: list[tuple[tuple[str, str], ...]] = []
    while len(tied) > 1:
        dealt = {p: deck.pop() for p in tied}
        rounds.append(tuple(dealt.items()))
        top = max(rank_of(c) for c in dealt.values())
        tied = tuple(p for p in tied if rank_of(dealt[p]) == top)
    parties = tuple(Party(p, tuple(cards), tuple(hands[p])) for p, cards in traits.items())
    return Conflict(
        framer,
        stakes,
        parties,
        challenge,
        tuple(hands.get(OTHERS, ())),
        shared,
        tuple(rounds),
        against,
        place,
    )
