"""``harbinger catalog list|check`` and ``harbinger gift evaluate`` (SPEC §7)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from harbinger.cli import main
from tests.conftest import isolate_user_dirs

ROOT = Path(__file__).resolve().parents[2]


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _draft(tmp_path: Path, **fields) -> Path:
    doc = {
        "format": "harbinger.gift-draft",
        "version": 1,
        "type": "power",
        "effect": "injure",
        "style": "targeted",
        **fields,
    }
    path = tmp_path / "draft.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


# ---------------------------------------------------------------- catalog list


@pytest.fixture(scope="module")
def catalog_list(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, str, str]:
    """``harbinger catalog list --json`` run once for the tests that only read its output:
    its exit code, stdout and stderr (the whole catalog, 1.8 MB: 0.5 s of CPU a run)."""
    with pytest.MonkeyPatch.context() as monkeypatch:
        isolate_user_dirs(monkeypatch, tmp_path_factory.mktemp("catalog-home"))
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(["catalog", "list", "--json"])
    return code, out.getvalue(), err.getvalue()


def test_catalog_list_json_has_everything_a_builder_needs(
    catalog_list: tuple[int, str, str],
) -> None:
    code, out, err = catalog_list
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert [t["id"] for t in doc["gift_types"]] == [
        "power",
        "legendary_artifact",
        "artifact_crafting",
        "consumable_crafting",
    ]
    assert [s["id"] for s in doc["styles"]] == ["activated", "targeted", "trap", "passive"]
    effects = {e["id"]: e for e in doc["effects"]}
    assert effects["intangibility"]["status"] == "Veteran"
    injure = effects["injure"]
    assert [(s["id"], s["cost"]) for s in injure["styles"]] == [("targeted", 0), ("trap", -1)]
    damage = next(p for p in injure["parameters"] if p["id"] == "damage")
    assert [(lv["name"], lv["cost"], lv["status"]) for lv in damage["levels"]] == [
        ("1", -1, "Newbie"),
        ("2", 0, "Newbie"),
        ("3", 1, "Newbie"),
        ("4", 2, "Professional"),
    ]
    names = {m["id"]: m for m in injure["enhancements"]}
    assert names["twin_strike"]["status"] == "Seasoned"
    assert names["quick"]["general"] is True
    assert {m["id"] for m in injure["drawbacks"]} >= {"backlash", "ritual", "focus_item"}
    assert len(doc["stock"]) >= 10


def test_catalog_list_text(capsys) -> None:
    code, out, _ = _run(capsys, "catalog", "list")
    assert code == 0
    assert "Intangibility (intangibility) [Veteran]:" in out
    assert "    Styles: Targeted +0, Trap -1" in out
    assert "Parameter Weapon Damage: 1 (-1), 2* (+0), 3 (+1), 4 (+2) [Professional]" in out


# ---------------------------------------------------------------- catalog check


def test_catalog_check_of_the_shipped_catalog(capsys) -> None:
    code, out, _ = _run(capsys, "catalog", "check", "--json")
    doc = json.loads(out)
    assert code == 0
    assert doc["valid"] is True and doc["problems"] == []
    assert doc["counts"]["effects"] >= 12


def test_catalog_check_of_a_broken_house_folder(tmp_path: Path, capsys) -> None:
    house = tmp_path / "house"
    (house / "effects").mkdir(parents=True)
    (house / "catalog.toml").write_text('name = "Our Rules"\n', encoding="utf-8")
    (house / "effects" / "odd.toml").write_text(
        'category = "odd"\ncategory_name = "Odd"\n[effects.blink]\nname = "Blink"\n',
        encoding="utf-8",
    )
    code, out, err = _run(capsys, "catalog", "check", str(house))
    assert code == 2
    assert out.startswith("4 problem(s) in the Our Rules catalog:")
    assert "[Our Rules] effects/odd.toml: effects.blink: missing required field 'summary'" in out
    assert "problem(s) found" in err
    code, out, _ = _run(capsys, "catalog", "check", str(house), "--json")
    doc = json.loads(out)
    assert code == 2 and doc["valid"] is False and doc["catalog"] == "Our Rules"
    assert {"file": "[Our Rules] effects/odd.toml", "entry": "effects.blink"}.items() <= (
        doc["problems"][0].items()
    )


def test_catalog_check_of_a_missing_folder(tmp_path: Path, capsys) -> None:
    code, _, err = _run(capsys, "catalog", "check", str(tmp_path / "nope"))
    assert code == 2
    assert "does not exist" in err


# ---------------------------------------------------------------- gift evaluate


def test_gift_evaluate_json(tmp_path: Path, capsys) -> None:
    path = _draft(
        tmp_path,
        enhancements=[{"id": "twin_strike"}],
        drawbacks=[{"id": "focus_item", "detail": "a bone wand"}],
        status="novice",
        name="Bone Lance",
    )
    code, out, err = _run(capsys, "gift", "evaluate", str(path), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert doc["gift"] == {
        "name": "Bone Lance",
        "type": "power",
        "effect": "injure",
        "style": "targeted",
    }
    assert doc["cost"] == 1
    assert [(b["id"], b["amount"]) for b in doc["breakdown"] if b["amount"]] == [
        ("", 1),
        ("twin_strike", 1),
        ("focus_item", -1),
    ]
    assert doc["system_text"].endswith("The Gift works only while you hold or wear a bone wand.")
    assert doc["required_status"] == "Seasoned"
    assert doc["status"] == "Novice" and doc["status_met"] is False
    assert doc["saveable"] is False
    assert any(w["rule"] == "gift.status" for w in doc["warnings"])
    assert {"kind": "drawback", "id": "lone_target"}.items() <= next(
        u for u in doc["unavailable"] if u["id"] == "lone_target"
    ).items()


def test_gift_evaluate_status_flag_overrides_the_file(tmp_path: Path, capsys) -> None:
    path = _draft(tmp_path, enhancements=[{"id": "twin_strike"}], status="novice")
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--status", "Seasoned", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["status_met"] is True


def test_gift_evaluate_rewards(tmp_path: Path, capsys) -> None:
    path = _draft(tmp_path, enhancements=[{"id": "armor_piercing"}])
    _, out, _ = _run(
        capsys, "gift", "evaluate", str(path), "--credits", "2", "--improvements", "1", "--json"
    )
    assert json.loads(out)["rewards"]["message"] == "spends 2 Gift Credits"


def test_gift_evaluate_raising_without_a_contractor_words_the_payment_truthfully(
    tmp_path: Path, capsys
) -> None:
    """Rule: "Contractors receive Gift Credits as rewards, which can be spent to obtain a new
    Gift, or to increase the effectiveness of an existing Gift. Improvements are like Gift
    Credits, but they can only be spent to improve an existing Gift". A draft of cost 2
    (1 base + 1 Armor-Piercing) raised from cost 1 spends 2 − 1 = 1; either reward can pay
    it and with no contractor the CLI cannot know which is unspent, so it does not call it
    an Improvement."""
    path = _draft(tmp_path, enhancements=[{"id": "armor_piercing"}])
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--previous-cost", "1", "--json")
    assert code == 0
    assert json.loads(out)["rewards"]["message"] == (
        "spends 1, as Improvements while any are unspent and the rest as Gift Credits"
    )
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--previous-cost", "1")
    assert code == 0
    assert (
        "Rewards: spends 1, as Improvements while any are unspent and the rest as Gift Credits\n"
    ) in out
    # with the contractor's rewards given, the kinds are known again
    _, out, _ = _run(
        capsys,
        "gift",
        "evaluate",
        str(path),
        "--previous-cost",
        "1",
        "--improvements",
        "1",
        "--json",
    )
    assert json.loads(out)["rewards"]["message"] == "spends 1 Improvement"


def test_gift_evaluate_lowering_without_a_contractor_words_the_refund_truthfully(
    tmp_path: Path, capsys
) -> None:
    """Rule: "Improvements are like Gift Credits, but they can only be spent to improve an
    existing Gift". A draft of cost 2 (1 base + 1 Armor-Piercing) revised from cost 4 gives
    back 4 − 2 = 2; with no contractor the CLI cannot know what paid for them, so it does not
    call them Improvements."""
    path = _draft(tmp_path, enhancements=[{"id": "armor_piercing"}])
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--previous-cost", "4", "--json")
    assert code == 0
    assert json.loads(out)["rewards"]["message"] == (
        "refunds 2, as Improvements up to those spent on this Gift and the rest as Gift Credits"
    )
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--previous-cost", "4")
    assert code == 0
    assert (
        "Rewards: refunds 2, as Improvements up to those spent on this Gift and the rest as "
        "Gift Credits\n"
    ) in out


def test_gift_evaluate_text(tmp_path: Path, capsys) -> None:
    path = _draft(tmp_path, parameters={"range": "touch"}, name="Short Jab")
    code, out, _ = _run(capsys, "gift", "evaluate", str(path))
    assert code == 0
    assert out.startswith("Short Jab: injure, targeted, power\n\nGift Cost 0\n  +1  base\n")
    assert "  -1  Range: Touch\n" in out
    assert "Spend an Action and Exert your Mind to make a supernatural attack" in out
    assert "a Gift must cost at least 1 to be saved" in out
    assert out.rstrip().endswith("Saveable: no")


def test_gift_evaluate_unknown_choices_exit_1(tmp_path: Path, capsys) -> None:
    path = _draft(tmp_path, effect="fireball")
    code, out, _ = _run(capsys, "gift", "evaluate", str(path), "--json")
    assert code == 1
    assert json.loads(out)["errors"][0]["message"] == "unknown Effect 'fireball'"


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (
            "{not json",
            "is not valid JSON: Expecting property name enclosed in double quotes "
            "at line 1 column 2",
        ),
        (
            '{"format": "harbinger.gift-draft", "version": 1, "type": "power", "effect": "injure", '
            '"style": "targeted", "enhancements": [{"id": "quick", "count": 0}]}',
            "enhancements[0].count: 0 is less than the minimum of 1",
        ),
        (
            '{"format": "harbinger.character", "version": 1}',
            "format: expected 'harbinger.gift-draft'",
        ),
    ],
)
def test_gift_evaluate_bad_file_exits_2_with_what_and_where(
    tmp_path: Path, capsys, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = _run(capsys, "gift", "evaluate", str(path))
    assert code == 2 and out == ""
    assert str(path) in err and message in err


def test_gift_evaluate_bad_status_exits_2(tmp_path: Path, capsys) -> None:
    code, _, err = _run(capsys, "gift", "evaluate", str(_draft(tmp_path)), "--status", "legend")
    assert code == 2 and "unknown Status 'legend'" in err


@pytest.mark.slow  # a Python process of its own, 2.2 to 2.8 s of CPU
def test_gift_commands_never_load_qt(tmp_path: Path) -> None:
    path = _draft(tmp_path)
    code = (
        "import sys, contextlib, io\n"
        "from harbinger.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    main(['gift', 'evaluate', {str(path)!r}, '--json'])\n"
        "    main(['catalog', 'list', '--json'])\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'ui'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    assert out.stdout.strip() == ""


def test_catalog_list_json_shows_instances_and_detail_limits(
    catalog_list: tuple[int, str, str],
) -> None:
    """Issue 15: how several instances' details join, and the detail length limit."""
    code, out, _ = catalog_list
    assert code == 0
    injure = next(e for e in json.loads(out)["effects"] if e["id"] == "injure")
    mods = {m["id"]: m for m in injure["enhancements"] + injure["drawbacks"]}
    trigger = mods["trigger_condition"]
    assert (trigger["max"], trigger["detail_join"], trigger["detail_max_chars"]) == (3, "or", 120)
    assert (mods["focus_item"]["detail_join"], mods["focus_item"]["detail_max_chars"]) == ("", 120)
    assert mods["twin_strike"]["detail_max_chars"] == 0


def test_gift_evaluate_reads_version_2_details(tmp_path: Path, capsys) -> None:
    """A version 2 draft gives each instance its own detail; a bad one is cleaned and warned."""
    path = _draft(
        tmp_path,
        version=2,
        style="trap",
        enhancements=[{"id": "trigger_condition", "details": ["a door opens", "a {bell} rings"]}],
    )
    code, out, err = _run(capsys, "gift", "evaluate", str(path), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert "springs when a door opens or a bell rings." in doc["system_text"]
    assert doc["cost"] == 2
    cleaned = [w for w in doc["warnings"] if w["rule"] == "gift.detail_cleaned"]
    assert [w["where"] for w in cleaned] == ["enhancements[0].details[1]"]


def test_catalog_list_json_shows_group_status_thresholds(
    catalog_list: tuple[int, str, str],
) -> None:
    code, out, _ = catalog_list
    assert code == 0
    injure = next(e for e in json.loads(out)["effects"] if e["id"] == "injure")
    trigger = next(g for g in injure["groups"] if g["id"] == "trigger")
    assert (trigger["status_over"], trigger["status"]) == (0, "Newbie")


def test_catalog_list_json_shows_player_choices(catalog_list: tuple[int, str, str]) -> None:
    code, out, _ = catalog_list
    assert code == 0
    afflict = next(e for e in json.loads(out)["effects"] if e["id"] == "afflict")
    (roll,) = afflict["choices"]
    assert (roll["id"], roll["kind"], roll["slot"], roll["default"]) == (
        "roll",
        "roll",
        "roll",
        "Intellect + Occult",
    )
    assert roll["attributes"] == ["perception", "charisma", "intellect"]
    assert roll["options"] == []


def test_gift_evaluate_shows_the_chosen_roll(tmp_path: Path, capsys) -> None:
    path = _draft(tmp_path, version=2, choices={"roll": "dexterity+athletics"})
    code, out, err = _run(capsys, "gift", "evaluate", str(path), "--json")
    assert code == 0 and err == ""
    assert "Roll Dexterity + Athletics at Difficulty 6" in json.loads(out)["system_text"]


def test_catalog_list_json_shows_dice_bonuses(catalog_list: tuple[int, str, str]) -> None:
    """Issue 15, item 5: the catalog's Attribute bonuses are listed with their entries."""
    code, out, _ = catalog_list
    assert code == 0
    effects = {e["id"]: e for e in json.loads(out)["effects"]}
    growth = next(p for p in effects["alter_size"]["parameters"] if p["id"] == "growth")
    assert [lv["dice_bonus"] for lv in growth["levels"]] == [
        None,
        {"attribute": "brawn", "dice": 2},
        {"attribute": "brawn", "dice": 3},
        {"attribute": "brawn", "dice": 4},
    ]
    beast = next(m for m in effects["shapeshift"]["enhancements"] if m["id"] == "great_beast")
    assert beast["dice_bonus"] == {"attribute": "brawn", "dice": 2}
    assert effects["injure"]["dice_bonus"] is None
