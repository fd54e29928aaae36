"""Property: any sequence of weeks folds to a state where no element gains two markers in one
week and no marker count goes below zero (issue 19, "Done when")."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.coven.cards import DECK, marker_kind
from builder.coven.chronicle import (
    BeginWeek,
    CascadeMarker,
    Challenge,
    Chronicle,
    Conflict,
    EndInfluence,
    Goal,
    Party,
    PlaceMarker,
    RemoveMarkers,
    SummonVote,
)
from builder.coven.state import fold
from tests.builder.coven.examples import ELEMENTS, town
from tests.hypothesis_profiles import examples

IDS = [e.id for e in ELEMENTS]


@st.composite
def weeks(draw: st.DrawFn) -> Chronicle:
    c = town(draw(st.sampled_from(list(Goal))))
    for _ in range(draw(st.integers(1, 8))):
        state = fold(c)
        if state.winner:
            break
        shuffled = draw(st.permutations(DECK))
        dealt = tuple(shuffled[: state.deal_size])
        c = c.append(BeginWeek(dealt))
        for card in dealt:
            kind = marker_kind(card)
            if kind is None:
                continue
            fitting = [e.id for e in ELEMENTS if kind.value in ("any", e.kind.value)]
            # mostly a marker the card can place, sometimes any element (maybe refused)
            element = draw(st.sampled_from(fitting if draw(st.integers(0, 4)) else IDS))
            c = c.append(PlaceMarker(card, element))
        c = c.append(EndInfluence())
        for person in fold(c).pending_cascades:  # cascades the rules offer, to linked elements
            linked = [b if a == person else a for a, b in fold(c).links if person in (a, b)]
            if linked and draw(st.booleans()):
                c = c.append(CascadeMarker(person, draw(st.sampled_from(linked))))
        for _ in range(draw(st.integers(0, 2))):  # and some the rules may refuse
            c = c.append(CascadeMarker(draw(st.sampled_from(IDS)), draw(st.sampled_from(IDS))))
        if draw(st.booleans()):
            rest = [x for x in DECK if x not in ("AS", "AH", "AC", "KS", "KH")]
            board = tuple(rest[:5])
            c = c.append(
                Conflict(
                    "p-ann",
                    "stakes",
                    (Party("p-ann", ("ar1",), ("AS", "AH")),),
                    Challenge.ROUTINE,
                    ("KS", "KH"),
                    board,
                    (),
                )
            )
            won = len(c.log) - 1
            for _ in range(draw(st.integers(0, 3))):
                c = c.append(
                    RemoveMarkers(
                        won,
                        draw(st.sampled_from(IDS)),
                        draw(st.integers(0, 3)),
                        draw(st.booleans()),
                    )
                )
        c = c.append(SummonVote(()))
    return c


@settings(max_examples=examples(60), deadline=None)
@given(weeks())
def test_one_marker_per_element_per_week_and_never_negative(chronicle: Chronicle) -> None:
    state = fold(chronicle)
    per_week = Counter((week, element) for week, element, _ in state.marker_history)
    assert all(n == 1 for n in per_week.values())
    assert all(n >= 0 for n in state.markers.values())
    assert all(0 <= n <= 3 for n in state.markers.values())
    # every marker on the board was placed by a recorded card or cascade
    placed = Counter(element for _, element, _ in state.marker_history)
    assert all(state.markers[e] <= placed[e] for e in state.markers)
    # prefixes never break the rules either (folded event by event)
    for end in range(0, len(chronicle.log), 7):
        partial = fold(Chronicle(**{**_fields(chronicle), "log": chronicle.log[:end]}))
        assert all(n >= 0 for n in partial.markers.values())


def _fields(chronicle: Chronicle) -> dict:
    return {name: getattr(chronicle, name) for name in chronicle.__dataclass_fields__}
