"""freeze and thaw are inverse copies: any table survives the round trip, field for field.

Both directions are driven by one table of fields in ``builder.coven.state``; these
properties hold it to that on tables with every field drawn at random (a Game in
progress or not), and check a thawed table shares nothing mutable with its state.
"""

from __future__ import annotations

import dataclasses

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.coven.chronicle import Colour
from builder.coven.state import TableState, freeze, thaw
from builder.coven.table import CardState, GameTable, Phase, Table
from tests.builder.coven.examples import ELEMENTS, town
from tests.hypothesis_profiles import examples

IDS = [e.id for e in ELEMENTS]
NAMES = st.sampled_from(["p-ann", "p-bo", "others", "pot", ""])
TEXT = st.text(max_size=6)
RULE = st.tuples(NAMES, TEXT, st.booleans())


def _cards() -> st.SearchStrategy[dict[str, CardState]]:
    card = st.builds(
        CardState,
        id=st.sampled_from(["aw1", "ar1", "bw2", "br1"]),
        colour=st.sampled_from(list(Colour)),
        text=TEXT,
        tied_to=st.lists(st.sampled_from(IDS), max_size=2).map(tuple),
        holder=NAMES,
        owner=NAMES,
    )
    return st.lists(card, max_size=4).map(lambda cs: {c.id: c for c in cs})


GAMES = st.none() | st.builds(
    GameTable,
    order=st.lists(NAMES, max_size=3).map(tuple),
    pot=st.lists(TEXT, max_size=3),
    wagered=st.sets(NAMES, max_size=3),
    first_rules=st.lists(RULE, max_size=2),
    second_rules=st.lists(RULE, max_size=2),
    concluded=st.none() | st.booleans(),
)

TABLES = st.builds(
    Table,
    chronicle=st.just(town()),
    elements=st.just({e.id: e for e in ELEMENTS}),
    links=st.sets(st.sets(st.sampled_from(IDS), min_size=2, max_size=2).map(frozenset)),
    cards=_cards(),
    week=st.integers(0, 20),
    phase=st.sampled_from(list(Phase)),
    dealt=st.lists(TEXT, max_size=4).map(tuple),
    spent=st.sets(TEXT, max_size=3),
    markers=st.dictionaries(st.sampled_from(IDS), st.integers(0, 3)),
    marked_this_week=st.sets(st.sampled_from(IDS)),
    marker_history=st.lists(st.tuples(st.integers(0, 20), st.sampled_from(IDS), TEXT), max_size=4),
    corrupt=st.sets(st.sampled_from(IDS)),
    destroyed=st.sets(st.sampled_from(IDS)),
    corrupted_week=st.dictionaries(st.sampled_from(IDS), st.integers(0, 20)),
    pending_cascades=st.lists(st.sampled_from(IDS), max_size=3),
    other=st.sets(st.sampled_from(IDS)),
    scenes=st.dictionaries(NAMES, st.integers(0, 5)),
    others_scenes=st.integers(0, 5),
    conflicts_framed=st.sets(NAMES),
    conflict_winners=st.dictionaries(st.integers(0, 50), NAMES),
    summoned=st.none() | st.booleans(),
    game=GAMES,
    permanent_rules=st.lists(TEXT, max_size=3),
    winner=NAMES,
    win_reason=TEXT,
)


@settings(max_examples=examples(100), deadline=None)
@given(TABLES)
def test_thaw_of_freeze_gives_back_the_very_table(table: Table) -> None:
    state = freeze(table)
    assert isinstance(state, TableState)
    assert thaw(state) == table
    assert freeze(thaw(state)) == state


@settings(max_examples=examples(30), deadline=None)
@given(TABLES)
def test_a_thawed_table_shares_nothing_mutable_with_its_state(table: Table) -> None:
    state = freeze(table)
    again = thaw(state)
    for f in dataclasses.fields(Table):
        value = getattr(again, f.name)
        if isinstance(value, (set, list, dict)):
            assert value is not getattr(state, f.name), f.name
            assert value is not getattr(table, f.name), f.name
    again.markers["ann"] = 99
    again.spent.add("XX")
    if again.game is not None:
        again.game.pot.append("XX")
    assert state == freeze(table)


def test_every_field_of_the_state_is_one_of_the_table() -> None:
    """The frozen state and the mutable table name the same fields, in the same order."""
    assert [f.name for f in dataclasses.fields(TableState)] == [
        f.name for f in dataclasses.fields(Table)
    ]
