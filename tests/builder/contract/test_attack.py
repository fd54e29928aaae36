"""The attack calculator against an independent enumeration of every die face ("Damage")."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import pytest

from builder.contract.attack import AttackSetup, attack_odds


def _outcome(faces: tuple[int, ...], difficulty: int, floor: bool) -> int:
    """One roll's Outcome written out again from "Rolling Dice": 10 = +2, at or above the
    Difficulty = +1, 1 = −1."""
    total = 0
    for face in faces:
        if face == 1:
            total -= 1
        elif face == 10:
            total += 2
        elif face >= difficulty:
            total += 1
    return max(total, 0) if floor else total


def _clamp(pool: int, difficulty: int) -> tuple[int, int]:
    if difficulty > 9:
        return max(pool - (difficulty - 9), 0), 9
    return pool, max(difficulty, 4)


def _brute_force(setup: AttackSetup) -> dict[int, Fraction]:
    """Every face of every die, counted: the damage distribution by enumeration."""
    split = 2 if setup.split else 0
    a_pool, a_diff = _clamp(
        setup.attack_pool, setup.attack_difficulty + setup.range_increments + split
    )
    d_pool, d_diff = (
        (0, 6)
        if setup.defense_pool is None
        else _clamp(setup.defense_pool, setup.defense_difficulty)
    )
    bonus = max([0, *setup.damage_bonuses])
    weapon = setup.weapon_damage + bonus
    if setup.split:
        weapon = math.ceil(weapon / 2)
    armor = max(setup.armor - setup.armor_piercing, 0)
    counts: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=a_pool + d_pool):
        a = _outcome(faces[:a_pool], a_diff, setup.attack_floor)
        d = 0 if d_pool == 0 else _outcome(faces[a_pool:], d_diff, setup.defense_floor)
        if setup.split:
            a = 0 if a <= 0 else a // 2 + (a % 2 if setup.split_remainder else 0)
        contested = max(a - d, 0)
        damage = 0 if contested <= 0 else max(contested + weapon - armor, 0)
        counts[damage] += 1
    whole = 10 ** (a_pool + d_pool)
    return {k: Fraction(v, whole) for k, v in sorted(counts.items())}


CASES = [
    AttackSetup(attack_pool=3, defense_pool=2, weapon_damage=2, armor=1),
    AttackSetup(attack_pool=4, weapon_damage=3, armor=2, armor_piercing=2),
    AttackSetup(
        attack_pool=2,
        attack_difficulty=7,
        defense_pool=3,
        defense_difficulty=5,
        weapon_damage=-1,
        armor=0,
    ),
    AttackSetup(attack_pool=3, defense_pool=2, weapon_damage=1, damage_bonuses=(2, 1), armor=3),
    AttackSetup(attack_pool=4, defense_pool=1, weapon_damage=3, split=True, armor=1),
    AttackSetup(attack_pool=3, defense_pool=2, weapon_damage=2, split=True, split_remainder=True),
    AttackSetup(attack_pool=5, attack_difficulty=8, range_increments=2, weapon_damage=2),
    AttackSetup(
        attack_pool=2,
        defense_pool=2,
        weapon_damage=2,
        attack_floor=True,
        defense_floor=True,
        armor=1,
    ),
]


@pytest.mark.parametrize("setup", CASES, ids=lambda s: f"{s.attack_pool}v{s.defense_pool}")
def test_damage_matches_enumeration(setup: AttackSetup) -> None:
    result = attack_odds(setup)
    assert dict(result.damage.probabilities) == _brute_force(setup)
    assert sum(result.damage.probabilities.values()) == 1


def test_hand_worked_one_die_against_armor() -> None:
    """One die at Difficulty 6, no Reaction ("the Outcome of their defensive roll is simply
    treated as 0"), Weapon Damage 2, Armor 1. "Damage dealt = Contested Outcome + Weapon
    Damage - Armor"; "If the Contested Outcome is less than or equal to 0 ... no damage".
    Faces 1–5 (5 in 10): Outcome ≤ 0, no damage. 6–9 (4 in 10): 1 + 2 − 1 = 2.
    10 (1 in 10): Outcome 2, 2 + 2 − 1 = 3.
    """
    result = attack_odds(AttackSetup(attack_pool=1, weapon_damage=2, armor=1))
    assert dict(result.damage.probabilities) == {
        0: Fraction(1, 2),
        2: Fraction(2, 5),
        3: Fraction(1, 10),
    }
    assert result.hit == Fraction(1, 2)
    assert result.expected_damage == Fraction(11, 10)


def test_highest_weapon_damage_bonus_only_and_split_halves_rounding_up() -> None:
    """ "multiple bonuses to Weapon Damage do not stack; instead, the highest bonus is used";
    "In a case where you have split your Outcome to attack two targets, the Weapon Damage is
    halved (rounded up)"; two targets: "they roll once at +2 Difficulty".
    """
    setup = AttackSetup(attack_pool=3, weapon_damage=3, damage_bonuses=(1, 2))
    assert setup.applied_weapon_damage == 5
    split = AttackSetup(attack_pool=3, weapon_damage=3, damage_bonuses=(1, 2), split=True)
    assert split.applied_weapon_damage == 3  # 5 / 2 = 2.5, rounded up
    assert split.rolled_attack_difficulty == 8
    assert AttackSetup(attack_pool=1, weapon_damage=-1, split=True).applied_weapon_damage == 0


def test_difficulty_over_nine_costs_dice() -> None:
    """Range +2 and two targets +2 on a Difficulty 7 attack: 11, rolled at 9 with 2 dice fewer
    ("a Difficulty 12 roll with 6 dice would be rolled as a Difficulty 9 roll with 3 dice")."""
    result = attack_odds(
        AttackSetup(
            attack_pool=5, attack_difficulty=7, range_increments=2, split=True, weapon_damage=2
        )
    )
    assert (result.attack.effective_pool, result.attack.effective_difficulty) == (3, 9)


def test_json_has_exact_and_float_forms() -> None:
    doc = attack_odds(AttackSetup(attack_pool=1, weapon_damage=2, armor=1)).to_json()
    assert doc["damage"][1] == {"damage": 2, "probability": 0.4, "exact": "2/5"}
    assert doc["hit"]["exact"] == "1/2"
    assert doc["defense"] is None
    assert doc["expected_damage_exact"] == "11/10"


def test_negative_inputs_are_refused() -> None:
    with pytest.raises(ValueError, match="armor cannot be negative"):
        AttackSetup(attack_pool=2, armor=-1)
