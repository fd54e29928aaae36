"""Properties of any sequence of table actions, valid or not.

Whatever players press, in any order: tokens never go below 0, Discipline buckets
always add up to 100 × held Ties and none is negative, a refused action changes
nothing, the log replays to the same state, and the file keeps the character exactly.
"""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.core.result import Result
from builder.covenant import rules
from builder.covenant.character import (
    Asset,
    AssetKind,
    AssetUse,
    BidCost,
    Condition,
    CovenantCharacter,
    DamageSeverity,
    Drain,
    Goal,
    GoalSlot,
    StoryControl,
    Tie,
    UseState,
)
from builder.covenant.file import CovenantFile, dumps_covenant, loads_covenant
from builder.covenant.rules import evaluate_covenant
from builder.covenant.state import fold
from tests.builder.covenant.examples import RIFLES, RIGGING, STATION_BORN, ines
from tests.hypothesis_profiles import examples

ASSET_IDS = [
    "rifles",
    "sweep",
    "coil-rifle",
    "vacc-suit",
    "multitool",
    "tie-sister",
    "goal-loan",
    "new-trait",
    "nope",
]
USE_NAMES = ["tap", "trip", "pin", "aimed shot", "overcharge", "take the hit", "quick fix", "bogus"]
TIE_IDS = ["tie-sister", "tie-skiff", "tie-union", "tie-new", "tie-none"]

NEW_TRAIT = Asset("new-trait", "Lockpicking", AssetKind.TRAIT)
NEW_ABILITY = Asset(
    "new-ability", "Overwatch", AssetKind.ABILITY, uses=(AssetUse("cover", UseState.TAP),)
)
FIRE = Drain("fire", "On Fire", "every round", 15, DamageSeverity.SCENE, "put it out")
DEBT = Drain("debt", "Debt", "every day", 40, DamageSeverity.LONG_TERM, "pay it", lingering=True)
DAZED = Condition("dazed", "Dazed", "1 disadvantage", "wait it out")
GOAL = Goal("goal-new", "Win the vote", "Carry it.", "A seat.", "An ally.")

THRIFTY = ines()  # 5 tokens left after creation
SPENDER = ines(  # 9 of 10 tokens spent at creation: 1 left
    traits=(
        RIFLES,
        RIGGING,
        STATION_BORN,
        *(Asset(f"extra-{i}", f"Extra {i}", AssetKind.TRAIT) for i in range(4)),
    )
)

simple = st.sampled_from(
    [("begin_scene",), ("end_turn",), ("end_scene",), ("end_chapter",), ("heal",), ("sacrifice",)]
)
actions = st.one_of(
    simple,
    simple,
    st.tuples(
        st.just("use_asset"),
        st.sampled_from(ASSET_IDS),
        st.sampled_from(USE_NAMES),
        st.sampled_from([None, *UseState]),
    ),
    st.tuples(st.just("recharge_asset"), st.sampled_from(ASSET_IDS)),
    st.tuples(st.just("bid"), st.integers(-5, 320), st.sampled_from(DamageSeverity)),
    st.tuples(
        st.just("resist"),
        st.integers(0, 60),
        st.sampled_from(DamageSeverity),
        st.integers(-2, 120),
        st.sampled_from(BidCost),
        st.integers(0, 10),
    ),
    st.tuples(st.just("restore_long_term"), st.integers(-5, 100)),
    st.tuples(st.just("lose_tie"), st.sampled_from(TIE_IDS)),
    st.tuples(
        st.just("gain_tie"),
        st.sampled_from([Tie("tie-new", "A friend", "x"), Tie("rifles", "Clash")]),
    ),
    st.tuples(st.just("buy_asset"), st.sampled_from([NEW_TRAIT, NEW_ABILITY])),
    st.tuples(st.just("story_control"), st.sampled_from(StoryControl)),
    st.tuples(st.just("add_condition"), st.just(DAZED)),
    st.tuples(st.just("cure_condition"), st.just("dazed")),
    st.tuples(st.just("add_drain"), st.sampled_from([FIRE, DEBT])),
    st.tuples(st.just("drain_tick"), st.sampled_from(["fire", "debt"])),
    st.tuples(st.just("cure_drain"), st.sampled_from(["fire", "debt"])),
    st.tuples(st.just("resolve_goal"), st.sampled_from(GoalSlot), st.booleans()),
    st.tuples(st.just("set_goal"), st.sampled_from(GoalSlot), st.just(GOAL)),
)


def perform(character: CovenantCharacter, action: tuple[Any, ...]) -> Result[CovenantCharacter]:
    name, *args = action
    return getattr(rules, name)(character, *args)


def check_invariants(character: CovenantCharacter) -> None:
    report = evaluate_covenant(character)
    d = report.discipline
    assert report.tokens.available >= 0
    assert min(d.free, d.scene, d.chapter, d.long_term) >= 0
    assert d.free + d.scene + d.chapter + d.long_term == d.total
    assert d.total == 100 * len(report.ties_held)
    if not report.ties_held:
        assert report.eliminated
    assert report.refused_entries == ()


@settings(max_examples=examples(120), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([THRIFTY, SPENDER]), st.lists(actions, max_size=30))
def test_any_sequence_of_actions_keeps_the_books_straight(
    start: CovenantCharacter, plan: list[tuple[Any, ...]]
) -> None:
    character = start
    for action in plan:
        before = character
        played = perform(character, action)
        if played.accepted:
            assert played.character.log[:-1] == before.log
            assert len(played.character.log) == len(before.log) + 1
        else:
            assert played.character is before
            assert any(f.severity == "error" for f in played.findings)
        character = played.character
        check_invariants(character)
    # The log alone rebuilds the state, and the file keeps every entry exactly.
    assert fold(character).refused == ()
    again = loads_covenant(dumps_covenant(CovenantFile(character))).character
    assert again == character


token_actions = st.one_of(
    st.sampled_from([("begin_scene",), ("end_scene",), ("end_chapter",)]),
    st.tuples(st.just("story_control"), st.sampled_from(StoryControl)),
    st.tuples(
        st.just("buy_asset"),
        st.integers(0, 6).map(lambda i: Asset(f"bought-{i}", f"Bought {i}", AssetKind.TRAIT)),
    ),
)


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from([THRIFTY, SPENDER]), st.lists(token_actions, max_size=25))
def test_tokens_match_an_independent_count_and_never_go_negative(
    start: CovenantCharacter, plan: list[tuple[Any, ...]]
) -> None:
    """Count by hand alongside the app: 10 at creation, +1 per chapter ended, -1 per
    accepted purchase or story control. Refusals happen exactly when none is left."""
    character = start
    available = 10 - len(start.creation.traits) - len(start.creation.abilities)
    for action in plan:
        played = perform(character, action)
        costs_token = action[0] in ("story_control", "buy_asset")
        if played.accepted:
            if costs_token:
                available -= 1
            elif action[0] == "end_chapter":
                available += 1
        elif costs_token and "covenant.tokens.insufficient" in [f.rule for f in played.findings]:
            assert available == 0
        character = played.character
        assert available >= 0
        assert evaluate_covenant(character).tokens.available == available
