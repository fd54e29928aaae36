"""Using assets and when they recharge ("Using Assets", "Traits", "Gear", "Abilities")."""

from __future__ import annotations

from builder.covenant.character import StoryControl, UseState
from builder.covenant.rules import (
    begin_scene,
    end_chapter,
    end_scene,
    end_turn,
    recharge_asset,
    story_control,
    undo,
    use_asset,
)
from tests.builder.covenant.examples import ines, ok, refused, status


def test_expended_asset_is_ready_at_the_next_turn_but_not_before() -> None:
    """Ines expends xir multitool for a quick fix. Later in the same turn it is still
    expended and cannot be used again; at xir next turn it is ready."""
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "multitool", "quick fix"))
    assert status(c, "multitool") == "expended"
    refused(use_asset(c, "multitool", "quick fix"), c, "covenant.asset.not_ready")
    c = ok(use_asset(c, "rifles", "tap"))  # other assets are unaffected
    assert status(c, "multitool") == "expended"
    c = ok(end_turn(c))
    assert status(c, "multitool") == "ready"
    c = ok(use_asset(c, "multitool", "quick fix"))
    assert status(c, "multitool") == "expended"


def test_tapped_trait_recharges_at_scene_end_not_at_end_of_turn() -> None:
    """Characters use traits by tapping them; a tapped trait recharges at the end of the scene."""
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "rifles", "tap"))
    c = ok(end_turn(c))
    assert status(c, "rifles") == "tapped"
    c = ok(end_turn(c))
    assert status(c, "rifles") == "tapped"
    refused(use_asset(c, "rifles", "tap"), c, "covenant.asset.not_ready")
    c = ok(end_scene(c))
    assert status(c, "rifles") == "ready"


def test_exhausted_use_recharges_at_chapter_end_not_at_scene_end() -> None:
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "coil-rifle", "overcharge"))
    c = ok(end_turn(c))
    c = ok(end_scene(c))
    assert status(c, "coil-rifle") == "exhausted"
    c = ok(begin_scene(c))
    c = ok(end_scene(c))
    assert status(c, "coil-rifle") == "exhausted"
    c = ok(end_chapter(c))
    assert status(c, "coil-rifle") == "ready"


def test_destroyed_asset_never_comes_back() -> None:
    """The vacc suit takes the hit and is ruined: the character permanently loses it."""
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "vacc-suit", "take the hit"))
    assert status(c, "vacc-suit") == "destroyed"
    for step in (end_turn, end_scene, begin_scene, end_chapter):
        c = ok(step(c))
        assert status(c, "vacc-suit") == "destroyed"
    c = ok(story_control(c, StoryControl.RECHARGE))
    assert status(c, "vacc-suit") == "destroyed"
    refused(use_asset(c, "vacc-suit", "seal up"), c, "covenant.asset.destroyed")
    refused(recharge_asset(c, "vacc-suit"), c, "covenant.asset.destroyed")


def test_one_use_locks_the_other_uses_of_the_same_gear() -> None:
    """Using any one use of a piece of gear prevents using its other uses until it recharges."""
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "coil-rifle", "aimed shot"))
    refused(use_asset(c, "coil-rifle", "overcharge"), c, "covenant.asset.not_ready")
    c = ok(end_scene(c))
    c = ok(use_asset(c, "coil-rifle", "overcharge"))
    assert status(c, "coil-rifle") == "exhausted"


def test_a_use_is_used_its_own_way_or_by_destroying_the_asset() -> None:
    c = ok(begin_scene(ines()))
    refused(use_asset(c, "rifles", "tap", UseState.EXHAUST), c, "covenant.asset.wrong_state")
    refused(use_asset(c, "rifles", "shoot"), c, "covenant.asset.unknown_use")
    refused(use_asset(c, "laser", "tap"), c, "covenant.asset.unknown")
    # Ablative gear: the loser succeeds but loses a piece of gear.
    c = ok(use_asset(c, "coil-rifle", "aimed shot", UseState.DESTROY))
    assert status(c, "coil-rifle") == "destroyed"


def test_expended_between_scenes_is_ready_once_the_bid_resolves() -> None:
    """If the asset is expended during an interstitial, it recharges when the bid is resolved."""
    c = ok(begin_scene(ines()))
    c = ok(end_scene(c))
    c = ok(use_asset(c, "multitool", "quick fix"))
    assert status(c, "multitool") == "ready"
    assert len(c.log) == 3  # the use is still in the play log


def test_tapped_between_scenes_recharges_at_the_end_of_the_next_scene() -> None:
    c = ok(begin_scene(ines()))
    c = ok(end_scene(c))
    c = ok(use_asset(c, "rifles", "tap"))
    c = ok(begin_scene(c))
    c = ok(end_turn(c))
    assert status(c, "rifles") == "tapped"
    c = ok(end_scene(c))
    assert status(c, "rifles") == "ready"


def test_exhausted_during_an_intermission_recharges_at_the_end_of_the_next_chapter() -> None:
    c = ok(use_asset(ines(), "sweep", "pin"))  # before the first chapter
    c = ok(begin_scene(c))
    c = ok(end_scene(c))
    assert status(c, "sweep") == "exhausted"
    c = ok(end_chapter(c))
    assert status(c, "sweep") == "ready"


def test_expended_uses_are_also_ready_after_the_scene_ends() -> None:
    """Harbinger's reading: no expended use stays locked across the break between scenes."""
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "sweep", "trip"))
    c = ok(end_scene(c))
    assert status(c, "sweep") == "ready"


def test_spending_two_advantages_recharges_one_asset() -> None:
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "coil-rifle", "overcharge"))
    c = ok(recharge_asset(c, "coil-rifle", "2 advantages spent"))
    assert status(c, "coil-rifle") == "ready"
    refused(recharge_asset(c, "coil-rifle"), c, "covenant.asset.ready")


def test_goals_are_tapped_like_traits() -> None:
    c = ok(begin_scene(ines()))
    refused(use_asset(c, "goal-loan", "tap", UseState.DESTROY), c, "covenant.asset.indestructible")
    c = ok(use_asset(c, "goal-loan", "tap"))
    assert status(c, "goal-loan") == "tapped"


def test_turns_belong_to_scenes() -> None:
    c = ines()
    refused(end_turn(c), c, "covenant.time.no_scene")
    refused(end_scene(c), c, "covenant.time.no_scene")
    refused(end_chapter(c), c, "covenant.time.no_chapter")
    c = ok(begin_scene(c))
    refused(begin_scene(c), c, "covenant.time.scene_running")


def test_undo_drops_the_last_action() -> None:
    start = ok(begin_scene(ines()))
    c = ok(use_asset(start, "rifles", "tap"))
    back = ok(undo(c))
    assert back == start
    assert status(back, "rifles") == "ready"
    refused(undo(ines()), ines(), "covenant.log.empty")
