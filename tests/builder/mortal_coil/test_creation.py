"""Creation: 3d6 per ability in order with one swap, 1d6 HP, every die kept; associates."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from builder.core.findings import Severity
from builder.mortal_coil.character import Creation, CreationMethod
from builder.mortal_coil.creation import (
    CreationRoll,
    creation_findings,
    creation_from_roll,
    entered_creation,
    parse_swap,
    roll_associate,
    roll_creation,
)

ROLL = CreationRoll((2, 1, 6), (4, 3, 2), (2, 4, 6), 4)
"""STR 2+1+6 = 9, DEX 4+3+2 = 9, CTRL 2+4+6 = 12, HP 4."""


def test_a_seeded_roll_keeps_every_die_in_order():
    assert roll_creation(random.Random(18)) == ROLL
    assert roll_creation(random.Random(18)) == roll_creation(random.Random(18))


def test_totals_without_a_swap():
    c = creation_from_roll(ROLL)
    assert (c.str_max, c.dex_max, c.ctrl_max, c.hp_max) == (9, 9, 12, 4)
    assert (c.method, c.str_dice, c.swap, c.hp_die) == (CreationMethod.ROLLED, (2, 1, 6), "", 4)
    assert creation_findings(c) == []


def test_one_swap_exchanges_two_totals():
    c = creation_from_roll(ROLL, "str,ctrl")
    assert (c.str_max, c.dex_max, c.ctrl_max) == (12, 9, 9)
    assert creation_findings(c) == []
    with pytest.raises(ValueError):
        parse_swap("str,str")
    with pytest.raises(ValueError):
        parse_swap("str,dex,ctrl")


def test_rolled_maxima_must_match_their_dice():
    c = replace(creation_from_roll(ROLL), str_max=14, hp_max=6)
    found = creation_findings(c)
    assert [(f.rule, f.where) for f in found] == [
        ("tmc.creation.dice", "creation.str_max"),
        ("tmc.creation.dice", "creation.hp_max"),
    ]
    assert found[0].numbers == {"value": 14, "rolled": 9}
    bad_dice = replace(creation_from_roll(ROLL), dex_dice=(4, 3))
    assert [f.rule for f in creation_findings(bad_dice)] == ["tmc.creation.dice"]


def test_entered_values_outside_the_dice_are_warnings_and_zero_is_an_error():
    assert creation_findings(entered_creation(10, 12, 8, 4)) == []
    found = creation_findings(entered_creation(19, 12, 0, 7))
    assert [(f.where, f.severity) for f in found] == [
        ("creation.str_max", Severity.WARNING),
        ("creation.ctrl_max", Severity.ERROR),
        ("creation.hp_max", Severity.WARNING),
    ]
    assert isinstance(entered_creation(3, 3, 3, 1), Creation)


def test_an_associate_rolls_3d6_per_ability_1d6_hp_and_a_d6_weapon():
    a = roll_associate(random.Random(5), "Pell", 80)
    assert (a.str_max, a.dex_max, a.ctrl_max, a.hp_max) == (14, 15, 12, 4)
    assert (a.weapon_die, a.daily_wage) == (6, 80)
    with pytest.raises(ValueError):
        roll_associate(random.Random(5), "Pell", 101)
    with pytest.raises(ValueError):
        roll_associate(random.Random(5), "Pell", 49)
