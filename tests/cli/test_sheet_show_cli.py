"""``harbinger sheet show``: the sheet's derived numbers headless, the same as on the PDF."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from builder.contract.character import (
    BattleScar,
    Concept,
    Contractor,
    Creation,
    Health,
    ScarTier,
    Stock,
)
from builder.contract.file import dumps_character_file
from harbinger.cli import main

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(
    [p for p in (ROOT / "resources/examples").glob("*.json") if "covenant" not in p.name]
    + list((ROOT / "tests/data/review").glob("*.json"))
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def show(capsys: pytest.CaptureFixture[str], path: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "sheet", "show", str(path), "--json")
    assert (code, err) == (0, "")
    data: dict[str, Any] = json.loads(out)
    return data


def signed(dice: int) -> str:
    return "0" if dice == 0 else f"\u2212{dice}"


def test_encumbrance_and_chronic_pain_in_hand_worked_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Brawn 2, Dexterity 3, Intellect 2, Charisma 2: Body 6, Mind 5, unhurt, so the
    # wounds give 0; Chronic Pain keeps the Penalty at 1. Carrying 55 lb against
    # 15 × 2 = 30 lb is 25 over: −1 die more on every roll (2 in all) and, read with the
    # Brawn paragraph's "-5 feet Movement penalty" per step (issue 28), −5 feet.
    c = Contractor(
        id="show-test",
        concept=Concept("Hand Worked"),
        creation=Creation(attributes={"brawn": 2, "dexterity": 3, "intellect": 2, "charisma": 2}),
        health=Health(battle_scars=(BattleScar("Chronic Pain", ScarTier.MINOR),)),
        stock=Stock(carried_lb=55),
    )
    path = tmp_path / "c.json"
    path.write_bytes(dumps_character_file(c))
    n = show(capsys, path)
    assert (n["body"]["rating"], n["body"]["penalty"], n["body"]["state"]) == (6, 0, "Bruised")
    assert (n["mind"]["rating"], n["mind"]["penalty"], n["mind"]["state"]) == (5, 0, "Distracted")
    assert n["penalty"]["total"] == 1
    assert n["penalty"]["source"] == "Battle Scar Chronic Pain"
    assert (n["penalty"]["encumbrance"], n["penalty"]["roll_penalty"]) == (1, 2)
    # Initiative 3 + 1 = 4 dice, 2 after penalties; free movement 20 − 5 (Penalty)
    # − 5 (one encumbrance step) = 10 ft.
    assert n["pools"]["initiative"] == {"dice": 4, "after_penalty": 2}
    assert n["movement"]["free_ft"] == 10
    assert n["movement"]["encumbrance_ft"] == 5
    assert n["carry"] | {"rule": ""} == {
        "limit_lb": 30,
        "carried_lb": 55,
        "over_lb": 25,
        "encumbrance_penalty": 1,
        "unencumbered_bonus": 0,
        "lift_lb": 125,
        "rule": "",
    }
    assert "dedicated section" in n["carry"]["rule"]
    code, text, _ = run(capsys, "sheet", "show", str(path))
    assert code == 0
    assert "Penalty 1 from Battle Scar Chronic Pain" in text


def test_an_unreadable_file_exits_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}", encoding="utf-8")
    code, _, err = run(capsys, "sheet", "show", str(bad))
    assert code == 2
    assert "bad.json" in err


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_cli_and_the_pdf_show_the_same_numbers(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path
) -> None:
    n = show(capsys, path)
    target = tmp_path / "sheet.pdf"
    code, _, _ = run(capsys, "sheet", "pdf", str(path), "-o", str(target))
    assert code == 0
    reader = PdfReader(io.BytesIO(target.read_bytes()))
    text = " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)
    for name in ("body", "mind"):
        t = n[name]
        label = name.capitalize()
        assert (
            f"{label} {t['rating']} Damage {t['damage']} · Remaining {t['remaining']} · "
            f"{label} penalty {signed(t['penalty'])}"
        ) in text
    assert f"Total Penalty: {signed(n['penalty']['total'])}" in text
    pools = n["pools"]
    assert f"Initiative pool {pools['initiative']['dice']} dice" in text
    assert f"Body roll {pools['body']['dice']} dice" in text
    assert f"Mind roll {pools['mind']['dice']} dice" in text
    mv, carry = n["movement"], n["carry"]
    assert f"Free movement {mv['free_ft']} ft" in text
    assert f"Extra sprint {mv['sprint_steps']} steps ({mv['sprint_ft']} ft)" in text
    assert f"Carry limit {carry['limit_lb']} lb" in text
    assert f"Lift maximum {carry['lift_lb']} lb" in text


def test_sheet_show_gives_the_scarred_movement(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """ "Missing Leg (You move at one quarter movement speed with a prosthesis or aid. You
    cannot Dash or Sprint.)": Dexterity 5 (30 feet) → 7.5 → 5 feet; no sprint."""
    c = Contractor(
        id="leg-test",
        concept=Concept("One Leg"),
        creation=Creation(attributes={"dexterity": 5, "brawn": 3}),
        health=Health(battle_scars=(BattleScar("Missing Leg", ScarTier.SEVERE),)),
    )
    path = tmp_path / "c.json"
    path.write_bytes(dumps_character_file(c))
    n = show(capsys, path)
    mv = n["movement"]
    assert (mv["free_ft"], mv["sprint_steps"], mv["scar"], mv["fraction"]) == (
        5,
        0,
        "Missing Leg",
        "1/4",
    )
    assert main(["sheet", "show", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        "Movement: free 5 ft, sprint 0 steps (0 ft) (Missing Leg 1/4 speed, rounded down to "
        "5-ft steps; Missing Leg: no Dash or Sprint)" in out
    )
