"""The Coven's log replays through the shared fold on frozen values (builder.core.playlog).

The rules modules work on a mutable ``Table``, but only inside one event:
``step`` thaws a frozen ``TableState``, applies the event and freezes the
result, so a refused event leaves exactly the state it was given.
"""

from __future__ import annotations

import dataclasses

import pytest

from builder.coven.chronicle import BeginWeek, PlaceMarker
from builder.coven.state import TableState, _table, freeze, step, thaw
from tests.builder.coven.examples import deal, town


def test_a_state_thaws_and_freezes_back_to_itself() -> None:
    c = town()
    c = c.append(BeginWeek(deal(c, "QD")), PlaceMarker("QD", "mill"))
    state = freeze(_table(c))
    for index, event in enumerate(c.log):
        state = step(state, (index, event)).state
    assert state.markers["mill"] == 1 and state.spent == frozenset({"QD"})
    assert freeze(thaw(state)) == state
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.week = 2  # type: ignore[misc]


def test_a_refused_event_leaves_the_very_state_it_was_given() -> None:
    """The-coven.txt: "Red Jack: Add a corruption marker to any person"; a place is refused."""
    c = town()
    c = c.append(BeginWeek(deal(c, "JH")))
    state: TableState = step(freeze(_table(c)), (0, c.log[0])).state
    refused = step(state, (1, PlaceMarker("JH", "diner")))
    assert not refused.accepted and refused.state is state
    assert [(f.rule, f.severity.value) for f in refused.findings] == [("marker.kind", "error")]
    assert state.markers["diner"] == 0 and "JH" not in state.spent
