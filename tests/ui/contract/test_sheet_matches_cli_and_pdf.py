"""The app's sheet shows the numbers ``harbinger sheet show FILE --json`` prints and the PDF
prints, for every example contractor file (issue 20: one rules core, three outputs).

Body, Mind, the Penalty and its source, the three dice pools (raw and after the
dice every roll loses), free movement, sprint, carry and lift are compared.
"""

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
from builder.contract.file import document_from_data, dumps_character_file
from builder.contract.sheet import evaluate_sheet
from builder.contract.sheet_catalog import load_sheet_catalog
from harbinger.cli import main
from ui.contract.sheet.view import SheetView
from ui.operations.contract import Operations
from ui.workspace import Workspace

ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = sorted(
    [p for p in (ROOT / "resources/examples").glob("*.json") if "covenant" not in p.name]
    + list((ROOT / "tests/data/review").glob("*.json"))
)


def loaded_and_scarred(tmp_path: Path) -> Path:
    """A contractor carrying 80 lb on Brawn 2, with Chronic Pain and Tinnitus, as a file."""
    contractor = Contractor(
        id="load-and-scars",
        concept=Concept("Hand Worked"),
        creation=Creation(attributes={"brawn": 2, "dexterity": 3, "intellect": 2, "charisma": 2}),
        health=Health(
            battle_scars=(
                BattleScar("Chronic Pain", ScarTier.MINOR),
                BattleScar("Tinnitus", ScarTier.MINOR),
            ),
            mind_damage=1,
        ),
        stock=Stock(carried_lb=80),
    )
    path = tmp_path / "loaded.json"
    path.write_bytes(dumps_character_file(contractor))
    return path


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    return out


def pdf_text(capsys: pytest.CaptureFixture[str], path: Path, tmp_path: Path) -> str:
    target = tmp_path / "sheet.pdf"
    cli(capsys, "sheet", "pdf", str(path), "-o", str(target))
    reader = PdfReader(io.BytesIO(target.read_bytes()))
    return " ".join(" ".join((page.extract_text() or "").split()) for page in reader.pages)


def minus(dice: int) -> str:
    return "0" if dice == 0 else f"\u2212{dice}"


def pool_text(pool: dict[str, int], penalty: dict[str, Any]) -> str:
    if pool["after_penalty"] == pool["dice"]:
        return f"{pool['dice']} dice"
    words = f"−{penalty['roll_penalty']}" if penalty["encumbrance"] else "Penalty"
    return f"{pool['dice']} dice ({pool['after_penalty']} after {words})"


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_sheet_shows_what_the_cli_and_the_pdf_show(
    qtbot: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path
) -> None:
    compare(qtbot, capsys, tmp_path, path)


def test_load_and_scars_show_the_same_everywhere(
    qtbot: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # Mind 5 with 1 damage leaves 4: −1; Chronic Pain's floor is also 1, wounds count.
    # 80 lb on a 30 lb limit: 50 over, −2; every roll loses 3.
    numbers = compare(qtbot, capsys, tmp_path, loaded_and_scarred(tmp_path))
    assert numbers["penalty"]["total"] == 1
    assert numbers["penalty"]["roll_penalty"] == 3
    assert numbers["carry"]["over_lb"] == 50


def compare(
    qtbot: Any, capsys: pytest.CaptureFixture[str], tmp_path: Path, path: Path
) -> dict[str, Any]:
    """Assert the sheet, ``sheet show --json`` and the PDF agree; return the CLI's numbers."""
    numbers: dict[str, Any] = json.loads(cli(capsys, "sheet", "show", str(path), "--json"))
    text = pdf_text(capsys, path, tmp_path)
    contractor = document_from_data(json.loads(path.read_text("utf-8"))).contractor
    view = SheetView(Operations(Workspace()), load_sheet_catalog())
    qtbot.addWidget(view)
    view.show_contractor(contractor, evaluate_sheet(contractor))
    stats = view.stats_tab.derived
    health = view.health_tab.vitals

    for name in ("body", "mind"):
        t = numbers[name]
        label = name.capitalize()
        shown = f"{t['remaining']} of {t['rating']} · {t['state']}"
        assert stats.value(label) == shown
        assert health.value(label) == shown
        assert (
            f"{label} {t['rating']} Damage {t['damage']} · Remaining {t['remaining']} · "
            f"{label} penalty {minus(t['penalty'])}"
        ) in text

    penalty = numbers["penalty"]
    assert f"Total Penalty: {minus(penalty['total'])}" in text
    if penalty["total"]:
        source = "from wounds" if penalty["source"] == "wounds" else penalty["source"]
        expected = f"−{penalty['total']} dice · {source}"
    else:
        expected = "none"
    assert stats.value("Penalty") == expected
    assert health.value("Penalty") == expected
    if penalty["roll_penalty"] != penalty["total"]:
        assert stats.value("Every roll") == f"−{penalty['roll_penalty']} dice"

    pools = numbers["pools"]
    assert stats.value("Initiative") == pool_text(pools["initiative"], penalty)
    assert stats.value("Body roll") == pool_text(pools["body"], penalty)
    assert stats.value("Mind roll") == pool_text(pools["mind"], penalty)
    assert f"Initiative pool {pools['initiative']['dice']} dice" in text
    assert f"Body roll {pools['body']['dice']} dice" in text
    assert f"Mind roll {pools['mind']['dice']} dice" in text
    roll = view.roll_sheet()
    assert (roll.body, roll.mind, roll.initiative) == (
        pools["body"]["dice"],
        pools["mind"]["dice"],
        pools["initiative"]["dice"],
    )
    assert roll.dice_lost() == penalty["roll_penalty"]

    mv, carry = numbers["movement"], numbers["carry"]
    assert stats.value("Free movement") == f"{mv['free_ft']} ft"
    assert stats.value("Sprint") == f"+{mv['sprint_steps']} steps ({mv['sprint_ft']} ft)"
    assert f"Free movement {mv['free_ft']} ft" in text
    assert f"Extra sprint {mv['sprint_steps']} steps ({mv['sprint_ft']} ft)" in text
    if carry["carried_lb"]:
        assert stats.value("Carry").startswith(f"{carry['carried_lb']} of {carry['limit_lb']} lb")
    else:
        assert stats.value("Carry") == f"{carry['limit_lb']} lb"
    assert view.stock_tab.load.text().startswith(f"Limit {carry['limit_lb']} lb")
    assert stats.value("Lift") == f"{carry['lift_lb']} lb"
    assert f"Carry limit {carry['limit_lb']} lb" in text
    assert f"Lift maximum {carry['lift_lb']} lb" in text
    assert [(m.name, m.applies, m.extra) for m in roll.modifiers] == [
        (m["name"], m["applies"], m["extra"]) for m in numbers["scar_modifiers"]
    ]
    return numbers
