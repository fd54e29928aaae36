"""The weapon tables as data, and a contractor's attack roll with a weapon ("Weapons")."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.contract.gifts.bonus import GiftBonus
from builder.contract.weapon_record import Weapon, WeaponClass
from builder.contract.weapons import (
    WeaponTableError,
    attack_roll,
    best_pair,
    load_weapon_table,
    range_increments,
)


def test_gun_rows_match_the_rules_table() -> None:
    """ "Handgun Difficulty 6 2 50 feet 6 attacks"; "Shotgun Difficulty 6 3 75 feet 1-3
    attacks"; "Heavy Sniper Rifles Difficulty 6, +3 without a tripod ... 3, and penetrates
    2 Armor 1000 feet 5 attacks"; "All gun attacks are rolled with Dexterity + Firearms."
    """
    table = load_weapon_table()
    handgun = table.weapon("handgun")
    assert (handgun.difficulty, handgun.damage, handgun.range_feet, handgun.reload) == (
        6,
        2,
        50,
        "6 attacks",
    )
    shotgun = table.weapon("shotgun")
    assert (shotgun.damage, shotgun.range_feet, shotgun.reload) == (3, 75, "1-3 attacks")
    sniper = table.weapon("heavy_sniper_rifle")
    assert (sniper.damage, sniper.armor_piercing, sniper.range_feet) == (3, 2, 1000)
    assert table.weapon("rifle").range_feet == 300
    for gun in table.of_class(WeaponClass.FIREARM):
        assert (gun.attributes, gun.abilities) == (("dexterity",), ("firearms",))


def test_melee_and_thrown_rows_match_the_rules_table() -> None:
    """ "Hand-to-hand, biting, choking Brawn + Brawl Difficulty 6 -1"; "Knife or Dagger
    (Brawn or Dexterity) + (Melee or Brawl) Difficulty 6 1"; "Greatsword, Giant Axes Brawn +
    Melee Difficulty 6 3"; "Improvised Thrown weapon Brawn + Athletics Difficulty 7-9 (GM's
    discretion) 0-1 35-50 feet"; "Crossbow Dexterity + Firearms Difficulty 6 1 150 feet".
    """
    table = load_weapon_table()
    unarmed = table.weapon("unarmed")
    assert (unarmed.attributes, unarmed.abilities, unarmed.damage) == (("brawn",), ("brawl",), -1)
    knife = table.weapon("knife")
    assert set(knife.attributes) == {"brawn", "dexterity"}
    assert set(knife.abilities) == {"melee", "brawl"}
    assert knife.damage == 1
    assert table.weapon("greatsword").damage == 3
    thrown = table.weapon("improvised_thrown")
    assert (thrown.difficulty, thrown.difficulty_max) == (7, 9)
    assert (thrown.damage, thrown.damage_max) == (0, 1)
    assert (thrown.range_min_feet, thrown.range_feet) == (35, 50)
    crossbow = table.weapon("crossbow")
    assert (crossbow.abilities, crossbow.damage, crossbow.range_feet) == (("firearms",), 1, 150)
    assert table.weapon("sling").called_shot


def test_special_weapons_deal_no_weapon_damage() -> None:
    """ "Handheld Stun Gun Roll Dexterity + Brawl, Difficulty 7"; "Ranged Stun Gun Roll
    Dexterity + Firearms, Difficulty 8. Maximum range is 35 feet"; "Mace / Pepper-Spray Roll
    Dexterity + Brawl, Firearms, or Athletics, Difficulty 8 ... Does no Damage."
    """
    table = load_weapon_table()
    assert table.weapon("stun_gun").difficulty == 7
    ranged = table.weapon("ranged_stun_gun")
    assert (ranged.difficulty, ranged.range_feet, ranged.damage) == (8, 35, None)
    spray = table.weapon("pepper_spray")
    assert spray.abilities == ("brawl", "firearms", "athletics")
    record = spray.record()
    assert not record.deals_damage
    assert record.table_id == "pepper_spray"


def test_a_broken_table_names_file_row_and_problem(tmp_path: Path) -> None:
    (tmp_path / "weapons.toml").write_text(
        '[[weapons]]\nid = "laser"\nname = "Laser"\nclass = "ray"\n'
        'attributes = ["dexterity"]\nabilities = ["lasers"]\ndifficulty = 6\n',
        encoding="utf-8",
    )
    with pytest.raises(WeaponTableError) as caught:
        load_weapon_table(tmp_path)
    text = str(caught.value)
    assert "weapons.toml: weapons[0] 'Laser'" in text
    assert "class must be one of" in text
    assert "'lasers' is not one of" in text


def test_record_refuses_a_pair_the_row_does_not_allow() -> None:
    with pytest.raises(ValueError, match="Handgun is rolled with dexterity"):
        load_weapon_table().weapon("handgun").record("brawn", "firearms")


def test_best_pair_picks_the_biggest_pool() -> None:
    """A knife may use (Brawn or Dexterity) + (Melee or Brawl): the biggest pool is offered."""
    knife = load_weapon_table().weapon("knife")
    pair = best_pair(knife, {"brawn": 2, "dexterity": 4}, {"melee": 1, "brawl": 3})
    assert pair == ("dexterity", "brawl")


def test_attack_roll_applies_penalty_gift_bonus_and_untrained_step() -> None:
    """Dexterity 3 + Firearms 2 with a +2 Dexterity Gift = 7 dice; Penalty 2 leaves 5.
    "Bonuses to the same dice pool do not stack. Instead, the highest value is used."
    With no rank in Firearms: Dexterity alone at +1 Difficulty ("Difficulty").
    """
    handgun = load_weapon_table().weapon("handgun").record()
    bonuses = (
        GiftBonus("g1", "Quick", "dexterity", 1, False, "x"),
        GiftBonus("g2", "Quicker", "dexterity", 2, False, "x"),
        GiftBonus("g3", "Strong", "brawn", 3, False, "x"),
    )
    roll = attack_roll(handgun, {"dexterity": 3}, {"firearms": 2}, penalty=2, bonuses=bonuses)
    assert (roll.base_pool, roll.pool, roll.rolled_difficulty, roll.bonus) == (7, 5, 6, 2)
    untrained = attack_roll(handgun, {"dexterity": 3}, {"firearms": 0}, penalty=0)
    assert (untrained.pool, untrained.rolled_difficulty, untrained.untrained) == (3, 7, True)
    far = attack_roll(handgun, {"dexterity": 3}, {"firearms": 2}, penalty=0, extra_difficulty=2)
    assert far.rolled_difficulty == 8


def test_range_increments_follow_the_handgun_example() -> None:
    """ "If a Contractor shoots with a handgun at a target 70 feet away, it is rolled at +1
    Difficulty. Once the target gets further than 100 feet away, the Difficulty will increase
    to +2, and the maximum distance ... approximately 150 feet."
    """
    handgun = load_weapon_table().weapon("handgun").record()
    assert range_increments(handgun, 50) == 0
    assert range_increments(handgun, 70) == 1
    assert range_increments(handgun, 100) == 1
    assert range_increments(handgun, 101) == 2
    assert range_increments(handgun, 150) == 2
    assert range_increments(handgun, 151) is None
    bow = load_weapon_table().weapon("bow").record()
    assert range_increments(bow, 150) == 0
    assert range_increments(bow, 151) is None
    sword = Weapon("Sword", "brawn", "melee", damage=2)
    assert range_increments(sword, 5) == 0


def test_a_misspelt_weapon_key_gets_the_closest_name(tmp_path: Path) -> None:
    """weapons.toml rows are pydantic models (issue 30): every problem of a row at once,
    the 'class' key (a Python keyword, read through an alias) offered for a typo."""
    (tmp_path / "weapons.toml").write_text(
        '[[weapons]]\nid = "laser"\nname = "Laser"\nclas = "guns"\n'
        'attributes = []\nabilities = ["firearms"]\ndifficulty = true\ndamage = -9\n',
        encoding="utf-8",
    )
    with pytest.raises(WeaponTableError) as caught:
        load_weapon_table(tmp_path)
    place = "weapons.toml: weapons[0] 'Laser'"
    assert caught.value.problems == (
        f"{place}: missing 'class'",
        f"{place}: attributes must list at least one of brawn, dexterity, perception,"
        " charisma, intellect",
        f"{place}: difficulty must be a positive integer",
        f"{place}: damage must be a whole number of at least -5",
        f"{place}: unknown key 'clas' (did you mean 'class'?)",
    )
