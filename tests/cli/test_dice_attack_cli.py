"""``harbinger dice attack --pool N ...``: the exact damage of one Attack (issue 31, item 3)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from builder.contract.attack import AttackSetup, attack_odds
from tests.app.walk import harbinger, ok


def test_json_is_the_calculator_with_the_weapon_row_filled_in(capsys: Any) -> None:
    """A handgun ("Difficulty 6 2 50 feet") at 70 feet: "it is rolled at +1 Difficulty"."""
    doc = ok(capsys, "dice attack --pool 3 --defense 2 --weapon handgun --armor 1 --range-feet 70")
    expected = attack_odds(
        AttackSetup(attack_pool=3, defense_pool=2, weapon_damage=2, armor=1, range_increments=1)
    )
    assert doc["attack"]["rolled_difficulty"] == 7
    assert doc["applied_weapon_damage"] == 2
    assert {d["damage"]: Fraction(d["exact"]) for d in doc["damage"]} == dict(
        expected.damage.probabilities
    )
    assert Fraction(doc["hit"]["exact"]) == expected.hit


def test_hand_worked_one_die(capsys: Any) -> None:
    """One die, no Reaction, Weapon Damage 2, Armor 1: faces 1–5 no damage, 6–9 deal
    1 + 2 − 1 = 2, a 10 deals 2 + 2 − 1 = 3 ("Damage dealt = Contested Outcome + Weapon
    Damage - Armor")."""
    doc = ok(capsys, "dice attack --pool 1 --damage 2 --armor 1")
    assert [(d["damage"], d["exact"]) for d in doc["damage"]] == [
        (0, "1/2"),
        (2, "2/5"),
        (3, "1/10"),
    ]
    assert doc["defense"] is None


def test_two_targets_and_bonuses(capsys: Any) -> None:
    """Sword (Weapon Damage 2) with Gift bonuses 1 and 2: only the highest, 4; split between
    two targets: halved, 2, at +2 Difficulty; a heavy sniper rifle "penetrates 2 Armor"."""
    doc = ok(
        capsys,
        "dice attack --pool 4 --weapon sword --damage-bonus 1 --damage-bonus 2 --two-targets",
    )
    assert (doc["applied_weapon_damage"], doc["attack"]["rolled_difficulty"]) == (2, 8)
    sniper = ok(capsys, "dice attack --pool 4 --weapon heavy_sniper_rifle --armor 3")
    assert sniper["applied_armor"] == 1


def test_text_output(capsys: Any) -> None:
    from harbinger.cli import main

    assert main(["dice", "attack", "--pool", "1", "--damage", "2", "--armor", "1"]) == 0
    out = capsys.readouterr().out
    assert "     2       40.00%" in out.splitlines()
    assert "Expected damage: 1.10" in out


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("dice attack --defense 2", "dice attack needs --pool"),
        ("dice attack --pool many", "--pool must be a whole number"),
        ("dice attack --pool 3 --weapon laser", "--weapon: no weapon 'laser'"),
        ("dice attack --pool 3 --weapon handgun --range-feet 151", "151 feet is beyond the reach"),
        ("dice attack --pool 3 --range-feet 20", "--range-feet needs --weapon"),
        ("dice attack --pool 3 --weapon stun_gun", "deals no Weapon Damage"),
        ("dice attack 5 --pool 3", "dice attack takes flags only"),
        ("dice 5 6 --armor 2", "--armor is for harbinger dice attack"),
        ("dice 5", "DIFFICULTY is missing"),
    ],
)
def test_bad_input_exits_2(capsys: Any, command: str, message: str) -> None:
    code, document, err = harbinger(capsys, command)
    assert (code, document) == (2, None)
    assert message in err
