"""``harbinger contractor weapon add|edit|remove``: weapons kept on the sheet (issue 31, item 3).

Mara (tests.app.walk.CREATION) has Brawn 3, Dexterity 3, Athletics 3, Firearms 3 and no
Melee or Brawl. Weapons are stored in the library and written to the exported file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.contract.file import read_character_file
from tests.app.walk import CREATION, harbinger, ok


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    return "mara"


def _export(capsys: Any, tmp_path: Path) -> dict[str, Any]:
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    return dict(json.loads(out.read_text("utf-8"))["character"])


def test_a_contractor_without_weapons_exports_no_weapons_key(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    """Files written before weapons existed read and write the same text."""
    assert "weapons" not in _export(capsys, tmp_path)


def test_add_from_the_table_then_edit_and_remove(capsys: Any, tmp_path: Path, mara: str) -> None:
    """ "Handgun Difficulty 6 2 50 feet"; "All gun attacks are rolled with Dexterity +
    Firearms". A knife may be "(Brawn or Dexterity) + (Melee or Brawl)": with Melee and
    Brawl at 0 and Brawn and Dexterity both 3, the first pair listed (Brawn + Melee) is taken.
    """
    ok(capsys, "contractor weapon add mara --table handgun")
    ok(capsys, "contractor weapon add mara --table knife --name 'Grandfather knife'")
    weapons = _export(capsys, tmp_path)["weapons"]
    assert weapons[0] == {
        "name": "Handgun",
        "attribute": "dexterity",
        "ability": "firearms",
        "difficulty": 6,
        "damage": 2,
        "weapon_class": "firearm",
        "deals_damage": True,
        "range_feet": 50,
        "armor_piercing": 0,
        "table_id": "handgun",
        "notes": "",
    }
    assert (weapons[1]["name"], weapons[1]["attribute"], weapons[1]["ability"]) == (
        "Grandfather knife",
        "brawn",
        "melee",
    )
    ok(capsys, "contractor weapon edit mara --weapon 1 --attribute dexterity --damage 2")
    knife = _export(capsys, tmp_path)["weapons"][1]
    assert (knife["attribute"], knife["damage"]) == ("dexterity", 2)
    ok(capsys, "contractor weapon remove mara --weapon 0")
    assert [w["name"] for w in _export(capsys, tmp_path)["weapons"]] == ["Grandfather knife"]


def test_exported_weapons_read_back(capsys: Any, tmp_path: Path, mara: str) -> None:
    ok(capsys, "contractor weapon add mara --table heavy_sniper_rifle")
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    contractor = read_character_file(out)
    (sniper,) = contractor.weapons
    assert (sniper.damage, sniper.armor_piercing, sniper.range_feet) == (3, 2, 1000)


def test_custom_weapon(capsys: Any, tmp_path: Path, mara: str) -> None:
    ok(
        capsys,
        "contractor weapon add mara --name Harpoon --attribute dexterity --ability firearms "
        "--difficulty 7 --damage 2 --range-feet 30 --weapon-class firearm",
    )
    (harpoon,) = _export(capsys, tmp_path)["weapons"]
    assert (harpoon["difficulty"], harpoon["table_id"]) == (7, "")


@pytest.mark.parametrize(
    ("command", "message"),
    [
        ("contractor weapon add mara --table laser", "--table: no weapon 'laser' in the tables"),
        ("contractor weapon add mara --name Laser", "a custom weapon needs --attribute, --ability"),
        ("contractor weapon add mara --table handgun --attribute brawn", "Handgun is rolled with"),
        (
            "contractor weapon add mara --name X --attribute luck --ability melee",
            "attribute: 'luck' is not an Attribute",
        ),
        ("contractor weapon remove mara --weapon 0", "--weapon: no weapon 0; the sheet lists none"),
    ],
)
def test_bad_input_exits_2_and_changes_nothing(
    capsys: Any, tmp_path: Path, mara: str, command: str, message: str
) -> None:
    code, _document, err = harbinger(capsys, command)
    assert code == 2
    assert message in err
    assert "weapons" not in _export(capsys, tmp_path)


def test_sheet_show_gives_each_weapons_attack_roll(capsys: Any, tmp_path: Path, mara: str) -> None:
    """Mara: Dexterity 3 + Firearms 3 = 6 dice, no Penalty, a handgun's "Difficulty 6"."""
    ok(capsys, "contractor weapon add mara --table handgun")
    ok(capsys, "contractor weapon add mara --table stun_gun")
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    handgun, stun = ok(capsys, f"sheet show {out}")["weapons"]
    assert (handgun["dice"], handgun["after_penalty"], handgun["difficulty"]) == (6, 6, 6)
    assert (handgun["weapon_damage"], handgun["untrained"]) == (2, False)
    # "Handheld Stun Gun Roll Dexterity + Brawl, Difficulty 7": no Brawl, so Dexterity
    # alone at +1 Difficulty ("Difficulty"): 3 dice at 8, no Weapon Damage.
    assert (stun["dice"], stun["difficulty"], stun["untrained"]) == (3, 8, True)
    assert stun["weapon_damage"] is None
