"""Battle Scar penalties as the dice panel offers them ("Battle Scars")."""

from __future__ import annotations

from builder.contract.character import BattleScar, ScarTier
from builder.contract.scars import penalty_floor, roll_modifiers, with_scar


def test_tinnitus_is_an_optional_2_dice_modifier_on_hearing_rolls() -> None:
    (tinnitus,) = roll_modifiers((BattleScar("Tinnitus", ScarTier.MINOR),), penalty=0)
    assert (tinnitus.name, tinnitus.applies, tinnitus.dice, tinnitus.extra) == (
        "Tinnitus",
        "rolls that depend on hearing",
        2,
        2,
    )


def test_a_scar_penalty_does_not_stack_with_the_wound_penalty() -> None:
    # Vertigo takes 3 dice on balance rolls. With a Penalty of 1 already applied it
    # costs 2 more; with a Penalty of 4, none: the higher of the two is used.
    scars = (BattleScar("Vertigo", ScarTier.MAJOR),)
    assert roll_modifiers(scars, penalty=1)[0].extra == 2
    assert roll_modifiers(scars, penalty=4)[0].extra == 0
    assert (with_scar(3, 1), with_scar(3, 4)) == (3, 4)


def test_ranges_and_difficulty_modifiers_keep_their_numbers() -> None:
    scars = (BattleScar("Missing Arm", ScarTier.SEVERE), BattleScar("Mute", ScarTier.MAJOR))
    arm, athletics = roll_modifiers(scars, penalty=0)
    assert (arm.applies, arm.dice, arm.dice_max) == ("two-handed tasks", 2, 4)
    assert (athletics.applies, athletics.dice, athletics.difficulty) == ("Athletics rolls", 0, 1)


def test_chronic_pain_is_the_only_stock_floor() -> None:
    held = (BattleScar("Tinnitus", ScarTier.MINOR), BattleScar("Chronic Pain", ScarTier.MINOR))
    floor = penalty_floor(held)
    assert (floor.dice, floor.scar) == (1, "Chronic Pain")
    assert penalty_floor(held[:1]).dice == 0
