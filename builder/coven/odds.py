"""The odds of every draw in The Coven, exact where they are shown (``builder.core.odds``).

- How many marker cards a weekly deal of n cards holds: hypergeometric over
  the 10 marker cards of the 52 (``markers_in_deal``). With 12 cards P(none)
  = C(42,12)/C(52,12) ≈ 0.054, E = 12·10/52 ≈ 2.31, P(≥3) ≈ 0.418.
- Each element's chance of corruption this week (``corruption_chance``).
- A two-party conflict's chance of winning with k cards against m: too costly
  to enumerate exactly at every size, so ``scripts/coven_conflict_table.py``
  estimates it offline from seeded deals and ships it, labelled with its
  precision, as ``resources/coven/conflict-odds.json`` (``conflict_win_chance``
  reads it; nothing is simulated at run time).
"""

from __future__ import annotations

import json
from fractions import Fraction
from functools import cache
from typing import Any

from builder.core.odds import Distribution, hypergeometric
from builder.coven.cards import DECK_SIZE, MARKER_CARDS, MarkerKind, marker_kind
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


@cache
def _conflict_table() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(resource_path(*CONFLICT_TABLE).read_text("utf-8"))
    return data


def conflict_precision() -> str:
    """How the conflict table was made and how precise it is, for the app to show beside it."""
    return str(_conflict_table()["precision"])


def conflict_win_chance(mine: int, theirs: int) -> float | None:
    """P(a party dealt ``mine`` cards beats one dealt ``theirs``), ties settled by high card.

    From the shipped table (two parties, five shared cards); None outside it.
    """
    table = _conflict_table()
    try:
        return float(table["win"][str(mine)][str(theirs)])
    except KeyError:
        return None
