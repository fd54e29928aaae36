"""Exact odds (issue item 4), every number worked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from builder.mortal_coil.odds import die, fallout_odds, harm_odds, keep_highest, save_pass
from builder.mortal_coil.rules import attack_die


@pytest.mark.parametrize(
    ("ability", "chance"),
    [(1, F(1, 20)), (2, F(1, 10)), (10, F(1, 2)), (19, F(19, 20)), (20, F(19, 20)), (0, F(1, 20))],
)
def test_save_pass_chance(ability: int, chance: F):
    assert save_pass(ability) == chance


def test_the_issues_critical_damage_example():
    # HP 3, armor 1, d8, STR 10. Through = d8 - 1; past HP when d8 >= 5 (4 of 8 faces).
    # d8 = 5..8 leaves STR 9, 8, 7, 6, whose saves fail 11, 12, 13, 14 times in 20:
    # (11 + 12 + 13 + 14) / (8 * 20) = 50/160 = 5/16.
    o = harm_odds(die(8), reduction=1, hp=3, ability=10)
    assert o.ability_loss == F(1, 2)
    assert o.critical == F(5, 16)
    assert o.retired == 0
    assert o.hp_to_zero == F(5, 8)  # d8 = 4..8
    assert o.ability_after == {6: F(1, 8), 7: F(1, 8), 8: F(1, 8), 9: F(1, 8), 10: F(1, 2)}


def test_critical_stress_and_retirement_odds():
    # HP 0, stability 0, d4 stress at CTRL 2: a 1 leaves CTRL 1 (save fails 19/20);
    # 2-4 bring CTRL to 0 and retire.
    o = harm_odds(die(4), reduction=0, hp=0, ability=2)
    assert (o.ability_loss, o.retired) == (F(1), F(3, 4))
    assert o.critical == F(1, 4) * F(19, 20) == F(19, 80)


def test_impaired_and_enhanced_dice_change_the_odds():
    # HP 3, armor 0, STR 10: an impaired d4 goes past HP only on a 4 (STR 9, fail 11/20).
    impaired = harm_odds(die(attack_die(8, impaired=True)), 0, 3, 10)
    assert (impaired.ability_loss, impaired.critical) == (F(1, 4), F(11, 80))
    # Enhanced d12: 4..12 go past (9/12); STR 9..1 fail 11..19 in 20: 135/240 = 9/16.
    enhanced = harm_odds(die(attack_die(8, enhanced=True)), 0, 3, 10)
    assert (enhanced.ability_loss, enhanced.critical) == (F(3, 4), F(9, 16))
    both = harm_odds(die(attack_die(8, impaired=True, enhanced=True)), 1, 3, 10)
    assert both.critical == F(5, 16)


def test_keep_highest_distributions():
    two_d6 = keep_highest([6, 6])
    assert two_d6[6] == F(11, 36) and two_d6[1] == F(1, 36) and sum(two_d6.values()) == 1
    mixed = keep_highest([4, 12])
    assert mixed[4] == F(7, 48) and mixed[12] == F(1, 12) and sum(mixed.values()) == 1
    assert keep_highest([8]) == die(8)
    # Two d8 attackers against HP 3, armor 1, STR 10: past HP on a kept 5..8 = 1 - (4/8)^2.
    assert harm_odds(keep_highest([8, 8]), 1, 3, 10).ability_loss == F(3, 4)
    with pytest.raises(ValueError):
        keep_highest([])


def test_the_chance_of_a_new_fallout():
    assert fallout_odds(0).new_per_roll == 1
    three = fallout_odds(3)
    assert (three.new_per_roll, three.expected_rolls, three.retires) == (F(7, 10), F(10, 7), False)
    ten = fallout_odds(10)
    assert (ten.new_per_roll, ten.expected_rolls, ten.retires) == (0, None, True)
    with pytest.raises(ValueError):
        fallout_odds(11)
