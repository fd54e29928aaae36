"""Tokens: 10 at creation, +1 per chapter survived, spent on assets and story control
("Tokens", "Improving Characters", "Using Tokens as Story Control", "Character Creation")."""

from __future__ import annotations

from builder.covenant.character import (
    Asset,
    AssetKind,
    AssetUse,
    Condition,
    DamageSeverity,
    Drain,
    StoryControl,
    UseState,
)
from builder.covenant.rules import (
    add_condition,
    add_drain,
    begin_scene,
    buy_asset,
    end_chapter,
    end_scene,
    evaluate_covenant,
    lose_tie,
    resist,
    story_control,
    use_asset,
)
from tests.builder.covenant.examples import (
    RALLY,
    RIFLES,
    SWEEP,
    discipline,
    ines,
    ok,
    refused,
    status,
    tokens_available,
)

MEDIC = Asset("field-medicine", "Field Medicine", AssetKind.TRAIT)


def test_creation_spends_one_token_per_trait_and_ability() -> None:
    """Ines bought 3 Traits and 2 Abilities: 5 of xir 10 tokens. Gear came from bids."""
    tokens = evaluate_covenant(ines()).tokens
    assert (tokens.earned, tokens.spent, tokens.available) == (10, 5, 5)
    assert (tokens.spent_at_creation, tokens.spent_in_play) == (5, 0)


def test_surviving_a_chapter_earns_one_token() -> None:
    c = ok(begin_scene(ines()))
    c = ok(end_chapter(c))
    tokens = evaluate_covenant(c).tokens
    assert (tokens.earned, tokens.from_chapters, tokens.available) == (11, 1, 6)
    c = ok(begin_scene(c))
    c = ok(end_scene(c))
    c = ok(end_chapter(c))
    assert evaluate_covenant(c).tokens.earned == 12
    assert evaluate_covenant(c).chapters_survived == 2


def test_a_character_eliminated_before_the_chapter_ends_earns_no_token() -> None:
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=90, severity=DamageSeverity.CHAPTER, spent=10))
    c = ok(end_chapter(c))
    report = evaluate_covenant(c)
    assert report.eliminated
    assert report.tokens.earned == 10
    assert report.chapters_survived == 0


def test_tokens_buy_traits_and_abilities_only_during_intermissions() -> None:
    c = ok(buy_asset(ines(), MEDIC))  # before the first chapter: an intermission
    assert tokens_available(c) == 4
    assert status(c, "field-medicine") == "ready"
    c = ok(begin_scene(c))
    ghost = Asset(
        "ghost", "Ghost Step", AssetKind.ABILITY, uses=(AssetUse("slip", UseState.EXPEND),)
    )
    refused(buy_asset(c, ghost), c, "covenant.tokens.not_intermission")
    c = ok(end_scene(c))
    refused(buy_asset(c, ghost), c, "covenant.tokens.not_intermission")
    c = ok(end_chapter(c))
    c = ok(buy_asset(c, ghost))
    assert evaluate_covenant(c).tokens.available == 4  # 11 earned, 7 spent
    refused(buy_asset(c, MEDIC), c, "covenant.asset.invalid")  # same id twice


def test_token_count_never_goes_negative() -> None:
    """Ines spends all 10 tokens at creation: story control and new assets are refused
    until xi survives a chapter and earns 1 more, which xi can spend exactly once."""
    extra = tuple(Asset(f"t{i}", f"Trait {i}", AssetKind.TRAIT) for i in range(7))
    c = ines(traits=(RIFLES, *extra), abilities=(SWEEP, RALLY))
    assert tokens_available(c) == 0
    refused(story_control(c, StoryControl.SUCCEED), c, "covenant.tokens.insufficient")
    refused(buy_asset(c, MEDIC), c, "covenant.tokens.insufficient")
    c = ok(begin_scene(c))
    c = ok(end_chapter(c))
    assert tokens_available(c) == 1
    c = ok(story_control(c, StoryControl.SCENE_EDIT))
    assert tokens_available(c) == 0
    refused(story_control(c, StoryControl.FAIL), c, "covenant.tokens.insufficient")
    assert evaluate_covenant(c).tokens.spent == 11


def test_recharge_readies_every_trait_ability_and_gear_but_not_destroyed_ones() -> None:
    c = ok(begin_scene(ines()))
    c = ok(use_asset(c, "rifles", "tap"))
    c = ok(use_asset(c, "sweep", "pin"))
    c = ok(use_asset(c, "multitool", "quick fix"))
    c = ok(use_asset(c, "vacc-suit", "take the hit"))
    c = ok(story_control(c, StoryControl.RECHARGE))
    assert [status(c, a) for a in ("rifles", "sweep", "multitool", "vacc-suit")] == [
        "ready",
        "ready",
        "ready",
        "destroyed",
    ]
    assert tokens_available(c) == 4


def test_cure_removes_every_condition_and_drain() -> None:
    c = ok(begin_scene(ines()))
    c = ok(add_condition(c, Condition("ribs", "Cracked Ribs", "1 disadvantage", "rest", True)))
    c = ok(
        add_drain(
            c,
            Drain(
                "toxin",
                "Nerve Toxin",
                "every 15 minutes",
                5,
                DamageSeverity.CHAPTER,
                "antidote",
                True,
            ),
        )
    )
    c = ok(story_control(c, StoryControl.CURE))
    report = evaluate_covenant(c)
    assert (report.conditions, report.drains) == ((), ())
    assert report.tokens.available == 4


def test_scene_edit_succeed_and_fail_cost_a_token_and_change_nothing_else() -> None:
    start = ok(begin_scene(ines()))
    c = start
    for kind in (StoryControl.SCENE_EDIT, StoryControl.SUCCEED, StoryControl.FAIL):
        c = ok(story_control(c, kind, "the airlock cycles just in time"))
    assert tokens_available(c) == 2
    assert discipline(c) == discipline(start)
    assert evaluate_covenant(c).assets == evaluate_covenant(start).assets


def test_an_eliminated_character_spends_no_more_tokens() -> None:
    c = ines()
    for tie in ("tie-sister", "tie-skiff", "tie-union"):
        c = ok(lose_tie(c, tie))
    refused(story_control(c, StoryControl.SCENE_EDIT), c, "covenant.eliminated")
