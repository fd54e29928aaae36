"""Discipline, damage severities, bids and Resistance bids ("Damage Severities", "Damage",
"Bids", "Advantages and Disadvantages", "Effects of Incapacitation")."""

from __future__ import annotations

from builder.covenant.character import BidCost, DamageSeverity, StoryControl
from builder.covenant.rules import (
    begin_scene,
    bid,
    end_chapter,
    end_scene,
    end_turn,
    evaluate_covenant,
    heal,
    resist,
    restore_long_term,
    story_control,
    use_asset,
)
from builder.covenant.state import bid_value
from tests.builder.covenant.examples import discipline, ines, ok, refused, tokens_available


def test_bids_are_scene_damage_that_returns_at_the_end_of_the_scene() -> None:
    """Ines bids 30 Discipline to cross a collapsing gantry: 30 moves to scene damage,
    stays there at the end of xir turn, and is free again when the scene ends."""
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 30))
    assert discipline(c) == (270, 30, 0, 0)
    c = ok(end_turn(c))
    assert discipline(c) == (270, 30, 0, 0)
    c = ok(end_scene(c))
    assert discipline(c) == (300, 0, 0, 0)


def test_chapter_damage_returns_at_chapter_end_not_at_scene_end() -> None:
    """A shot from a weapon that does chapter damage: the 20 Discipline Ines spends on xir
    Resistance bid moves to chapter damage and stays there until the chapter ends."""
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=15, severity=DamageSeverity.CHAPTER, spent=20))
    assert discipline(c) == (280, 0, 20, 0)
    c = ok(end_scene(c))
    assert discipline(c) == (280, 0, 20, 0)
    c = ok(begin_scene(c))
    c = ok(end_chapter(c))
    assert discipline(c) == (300, 0, 0, 0)


def test_end_of_chapter_returns_scene_and_chapter_damage_together() -> None:
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 30))
    c = ok(resist(c, damage=10, severity=DamageSeverity.CHAPTER, spent=20))
    assert discipline(c) == (250, 30, 20, 0)
    c = ok(end_chapter(c))
    assert discipline(c) == (300, 0, 0, 0)


def test_long_term_damage_stays_through_scene_and_chapter_ends() -> None:
    """Burning a contact is long-term damage: only a quest or an implant brings it back."""
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 40, DamageSeverity.LONG_TERM, "burned Old Marrow"))
    assert discipline(c) == (260, 0, 0, 40)
    c = ok(end_scene(c))
    assert discipline(c) == (260, 0, 0, 40)
    c = ok(end_chapter(c))
    assert discipline(c) == (260, 0, 0, 40)
    c = ok(story_control(c, StoryControl.SECOND_WIND))
    assert discipline(c) == (260, 0, 0, 40)
    c = ok(restore_long_term(c, 25, "quest completed"))
    assert discipline(c) == (285, 0, 0, 15)
    refused(restore_long_term(c, 16), c, "covenant.discipline.restore_amount")


def test_discipline_is_only_spent_from_free_discipline() -> None:
    c = ok(begin_scene(ines()))
    refused(bid(c, 301), c, "covenant.discipline.insufficient")
    c = ok(bid(c, 250))
    refused(bid(c, 51), c, "covenant.discipline.insufficient")
    refused(resist(c, 10, DamageSeverity.SCENE, 51), c, "covenant.discipline.insufficient")
    refused(bid(c, 0), c, "covenant.discipline.bid_amount")
    refused(resist(c, 0, DamageSeverity.SCENE, 0), c, "covenant.discipline.resist_amount")
    refused(resist(c, 5, DamageSeverity.SCENE, -1), c, "covenant.discipline.resist_amount")
    c = ok(bid(c, 50))
    assert discipline(c) == (0, 300, 0, 0)


def test_bid_cost_converts_discipline_into_bid_points() -> None:
    """More advantages: 1 Discipline raises the bid by 2; more disadvantages: 2 raise it by 1."""
    assert bid_value(8, BidCost.HALF) == 16
    assert bid_value(8, BidCost.NORMAL) == 8
    assert bid_value(8, BidCost.DOUBLE) == 4
    assert bid_value(9, BidCost.DOUBLE) == 4


def test_half_cost_resistance_bid_beats_the_damage() -> None:
    """Ines resists 15 chapter damage with a half-cost bid: 8 Discipline buy a bid of 16."""
    c = ok(begin_scene(ines()))
    played = resist(c, damage=15, severity=DamageSeverity.CHAPTER, spent=8, cost=BidCost.HALF)
    c = ok(played)
    assert discipline(c) == (292, 0, 8, 0)
    assert evaluate_covenant(c).incapacitated == ""
    assert played.findings[0].numbers == {"bid": 16, "damage": 15, "spent": 8}


def test_a_bid_that_only_equals_the_damage_fails_and_incapacitates() -> None:
    """A double-cost bid of 31 Discipline is worth 15: it does not exceed 15 damage."""
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=15, severity=DamageSeverity.CHAPTER, spent=31, cost=BidCost.DOUBLE))
    assert discipline(c) == (269, 0, 31, 0)
    assert evaluate_covenant(c).incapacitated == "chapter"


def test_advantages_spent_add_to_the_resistance_bid() -> None:
    """10 Discipline plus one advantage spent (+5) make 15, which exceeds 14."""
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=14, severity=DamageSeverity.SCENE, spent=10, bonus=5))
    assert evaluate_covenant(c).incapacitated == ""


def test_scene_incapacitation_wears_off_when_the_scene_ends() -> None:
    """Knocked out by a stun baton: Ines wakes up as xir scene damage recharges."""
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=50, severity=DamageSeverity.SCENE, spent=20))
    assert evaluate_covenant(c).incapacitated == "scene"
    refused(use_asset(c, "rifles", "tap"), c, "covenant.incapacitated")
    refused(bid(c, 5), c, "covenant.incapacitated")
    c = ok(end_scene(c))
    report = evaluate_covenant(c)
    assert report.incapacitated == ""
    assert not report.eliminated
    assert discipline(c) == (300, 0, 0, 0)


def test_unhealed_chapter_incapacitation_eliminates_at_scene_end() -> None:
    """Lying dying on the deck and nobody reaches xir before the scene ends."""
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=60, severity=DamageSeverity.CHAPTER, spent=25))
    c = ok(end_scene(c))
    report = evaluate_covenant(c)
    assert report.eliminated
    assert report.elimination_cause == "incapacitated"


def test_healed_in_time_the_character_stays_in_the_game() -> None:
    c = ok(begin_scene(ines()))
    c = ok(resist(c, damage=60, severity=DamageSeverity.LONG_TERM, spent=25))
    c = ok(heal(c, "a crewmate's field dressing"))
    c = ok(end_scene(c))
    report = evaluate_covenant(c)
    assert not report.eliminated
    assert discipline(c) == (275, 0, 0, 25)
    refused(heal(c), c, "covenant.heal.not_incapacitated")


def test_second_wind_recharges_all_scene_damage_for_one_token() -> None:
    c = ok(begin_scene(ines()))
    c = ok(bid(c, 60))
    c = ok(bid(c, 10, DamageSeverity.CHAPTER))
    c = ok(story_control(c, StoryControl.SECOND_WIND))
    assert discipline(c) == (290, 0, 10, 0)
    assert tokens_available(c) == 4
