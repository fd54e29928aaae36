"""Attribute dice bonuses from Gifts (issue 15, item 5; rules "Dice Pool Modifiers")."""

from __future__ import annotations

import pytest

from builder.contract.character import Concept, Contractor, Gift
from builder.contract.gifts import Catalog, GiftDraft, ModifierChoice, default_catalog
from builder.contract.gifts.bonus import (
    GiftBonus,
    contractor_bonuses,
    draft_bonuses,
    parse_dice_bonus,
)
from builder.contract.rolls import strongest_bonus, trait_roll


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return default_catalog()


WEREWOLF = GiftBonus("wolf", "Wolf Form", "brawn", 1, True, "Form")
BRUTE = GiftBonus("brute", "Brute Strength", "brawn", 3, False, "Brute Strength")


def test_the_rules_example_takes_the_higher_bonus_never_the_sum() -> None:
    """Werewolf form +1 Brawn and another +3: biting rolls Brawn + Brawl + 3."""
    best = strongest_bonus((WEREWOLF, BRUTE), "brawn", active={"wolf"})
    assert best is BRUTE
    roll = trait_roll(3, 2, 0, 6, best.dice)
    assert (roll.base_pool, roll.pool, roll.bonus) == (8, 8, 3)


def test_a_switched_gift_counts_only_while_active() -> None:
    assert strongest_bonus((WEREWOLF,), "brawn") is None
    assert strongest_bonus((WEREWOLF,), "brawn", active={"wolf"}) is WEREWOLF
    assert strongest_bonus((WEREWOLF, BRUTE), "dexterity", active={"wolf"}) is None


def test_the_penalty_applies_after_the_bonus_down_to_two_dice() -> None:
    roll = trait_roll(2, None, 6, 6, 2)
    assert (roll.base_pool, roll.pool, roll.rolled_difficulty) == (4, 2, 7)


def test_catalog_bonuses_from_levels_and_modifiers(catalog: Catalog) -> None:
    grow = GiftDraft("power", "alter_size", "activated", name="Tall Tale")
    assert draft_bonuses(grow, catalog, "tall") == (
        GiftBonus("tall", "Tall Tale", "brawn", 2, True, "Growing: Twice your height"),
    )
    bear = GiftDraft(
        "power", "shapeshift", "activated", enhancements=(ModifierChoice("great_beast"),)
    )
    assert [(b.attribute, b.dice, b.source) for b in draft_bonuses(bear, catalog, "bear")] == [
        ("brawn", 2, "Great Beast")
    ]
    plain = GiftDraft("power", "shapeshift", "activated")
    assert draft_bonuses(plain, catalog, "wolf") == ()
    held = Contractor("c", Concept("Ada"), gifts=(Gift("tall", grow, 1), Gift("bear", bear, 2)))
    assert [b.gift_id for b in contractor_bonuses(held, catalog)] == ["tall", "bear"]


def test_bad_dice_bonus_tables_are_reported() -> None:
    problems: list[str] = []
    assert parse_dice_bonus({"attribute": "luck", "dice": 9, "x": 1}, problems.append) is None
    assert problems == [
        "'dice_bonus' has unknown field(s) x",
        "'dice_bonus.attribute' must be one of brawn, dexterity, perception, charisma, "
        "intellect, not 'luck'",
        "'dice_bonus.dice' must be a whole number from 1 to 5, not 9",
    ]
    assert parse_dice_bonus({"attribute": "Brawn", "dice": 2}, problems.append).attribute == (
        "brawn"
    )
