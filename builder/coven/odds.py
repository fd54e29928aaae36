"""The odds of every draw in The Coven: exact, or marked as estimates (``builder.core.odds``).

- How many marker cards a weekly deal of n cards holds: hypergeometric over
  the 10 marker cards of the 52 (``markers_in_deal``). With 12 cards P(none)
  = C(42,12)/C(52,12) ≈ 0.054, E = 12·10/52 ≈ 2.31, P(≥3) ≈ 0.418.
- Each element's chance of corruption this week (``corruption_chance``).
- A two-party conflict's chance of winning with k cards against m
  (``conflict_win_chance``), read from ``resources/coven/conflict-odds.json``,
  which ``scripts/coven_conflict_table.py`` makes offline (nothing is
  counted or simulated at run time); exact cells are told apart
  (``conflict_is_exact``, ``describe_conflict_chance``).

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

What is exact and what is estimated (``scripts/coven_conflict_table.py``
makes the table offline with ``scripts/coven_conflict_odds.c``):

- The diagonal is 1/2 exactly, by the symmetry above.
- Every cell where both hands hold at most 3 cards (0 v 1 ... 2 v 3 and their
  mirrors) is an exact count of every deal: the 2,598,960 boards reduce to
  134,459 up to a permutation of the suits; per board each private set of
  the 47 other cards is evaluated once (47 + 1,081 + 16,215 sets) and the
  pairs of disjoint sets compared by inclusion-exclusion over the cards they
  would share. That is 134,459 x 17,343 = 2.3 x 10^9 hand evaluations,
  about nine minutes of one core here. 2 v 1 is exactly 0.71262...
- Every other cell is an estimate, and an exact count is out of reach: the
  same method needs C(47,4) = 178,365 evaluations per board for a 4-card
  hand (2.4 x 10^10 in all, over an hour of CPU, with per-board sorting 11
  times larger), and C(47,10) = 5.2 x 10^9 per board for a 10-card hand (7 x
  10^14 in all; enumerating the deals themselves is C(52,5) C(47,10) C(37,10)
  = 5 x 10^24). These cells pool 4,000,000 seeded deals of each order (k v m
  and m v k, the latter counted from the other side), so the table keeps
  p(k v m) + p(m v k) = 1 exactly; the file states each cell's standard
  error (at most about 0.0002) and which cells are exact.

Which cells occur in play: the app shows the chance of one practitioner
against the Others (``ui/coven/view.py``). The Others hold "Routine 1 + 1 per
player involved", Challenging 2 +, Ridiculous 3 +, one step more at a
corrupt place (``scenes.others_cards``): 2 to 5 cards; the practitioner 1 per
white trait and 2 per red trait brought (``scenes.trait_cards``). So a
Routine or Challenging conflict (2 or 3 cards) with traits worth up to 3
cards is exact; against 4 or 5 cards, or with traits worth 4 or more, the
chance is an estimate.
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


CONFLICT_SHARED = 5
"""The face-up cards dealt to the centre for everyone ("deal five cards face-up")."""


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
    fraction stored there; None outside it. Exact on the diagonal (1/2) and
    where both hands hold at most 3 cards (:func:`conflict_is_exact`);
    elsewhere an estimate, see :func:`conflict_error`.
    """
    try:
        return Fraction(_conflict_table()["win"][str(mine)][str(theirs)])
    except KeyError:
        return None


def conflict_is_exact(mine: int, theirs: int) -> bool:
    """Whether the table's value for ``mine`` v ``theirs`` is exact (every deal counted)."""
    try:
        return bool(_conflict_table()["exact"][str(mine)][str(theirs)])
    except KeyError:
        return False


def conflict_error(mine: int, theirs: int) -> float | None:
    """One standard error of the table's value (0.0 where exact; None outside the table)."""
    try:
        return float(_conflict_table()["error"][str(mine)][str(theirs)])
    except KeyError:
        return None


def describe_conflict_chance(mine: int, theirs: int) -> str:
    """The chance in words for the app, exact cells told apart from estimates.

    "exactly 1/2" on the diagonal, "71.26% (exact)" for another exact cell
    (the exact fraction rounded only for showing), "≈ 61.23% ± 0.02%" for an
    estimate with one standard error, "beyond the table" outside it.
    """
    chance = conflict_win_chance(mine, theirs)
    if chance is None:
        return "beyond the table"
    if conflict_is_exact(mine, theirs):
        return f"exactly {chance}" if chance == Fraction(1, 2) else f"{float(chance):.2%} (exact)"
    error = conflict_error(mine, theirs) or 0.0
    return f"≈ {float(chance):.2%} ± {error:.2%}"


def short_conflict_chance(mine: int, theirs: int) -> str:
    """A printed grid's chance: "71.3%" where exact, "≈ 61.2%" where estimated, "—" outside."""
    chance = conflict_win_chance(mine, theirs)
    if chance is None:
        return "—"
    shown = f"{float(chance):.1%}"
    return shown if conflict_is_exact(mine, theirs) else f"≈ {shown}"


def largest_conflict_error(cells: list[tuple[int, int]]) -> float:
    """The largest standard error among these cells of the table (0.0 when all are exact)."""
    return max((conflict_error(m, t) or 0.0 for m, t in cells), default=0.0)
