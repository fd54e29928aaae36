"""A Gift on the sheet (cost and System Text as builder evaluated them) and the
printed PDF of the open sheet."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from builder.contract.character import Gift, Outcome
from builder.contract.gifts.evaluate import evaluate_gift
from tests.ui.conftest import create_contractor
from tests.ui.contract.gift_builder.conftest import answer
from tests.ui.contract.test_sheet_flow import record
from ui.catalog import gift_catalog
from ui.main_window import MainWindow


@pytest.mark.slow  # 4.0 s of CPU (windows)
def test_a_new_gift_spends_the_victory_credit_and_shows_its_system_text(
    window: MainWindow,
) -> None:
    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    stock = gift_catalog().stock["graveside_whisper"]
    evaluation = evaluate_gift(stock.draft, gift_catalog())
    assert evaluation.cost == 1
    gift = Gift("whisper", stock.draft, evaluation.cost, evaluation.system_text)
    window.run_operation(lambda: window.ops.add_gift(window.contractor, gift, "2025-05-01"))

    tab = window.sheet.gifts_tab
    assert tab.rewards.text().startswith("Gift Credits available: 0")
    assert tab.table.cell(0, 0) == stock.draft.name
    assert tab.table.cell(0, 2) == gift_catalog().effects[stock.draft.effect].name
    assert tab.table.cell(0, 4) == "1"
    assert tab.system.text() == evaluation.system_text
    window.actions["undo"].trigger()
    assert tab.table.row_count() == 0
    assert tab.rewards.text().startswith("Gift Credits available: 1")


def test_print_writes_the_sheet_as_a_pdf(window: MainWindow, tmp_path: Path, qtbot) -> None:
    create_contractor(window, name="Ada Voss", ratings={"perception": 3})
    assert window.actions["print"].isEnabled()
    target = tmp_path / "ada.pdf"
    window.print_pdf(target, "a4")
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    reader = PdfReader(str(target))
    page = reader.pages[0]
    assert round(float(page.mediabox.width)) == 595  # A4 is 595 × 842 points
    text = "".join(p.extract_text() for p in reader.pages)
    assert "Ada Voss" in text
    assert window.statusBar().currentMessage() == f"Saved {target}"


def test_the_gift_builder_opens_from_the_gifts_tab_and_saves_as_one_edit(
    window: MainWindow, qtbot
) -> None:
    from PySide6.QtCore import Qt

    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    tab = window.sheet.gifts_tab
    tab.table.add_button.click()
    builder = window.current_dialog
    assert builder is tab.builder
    builder.start_page.select("stock:graveside_whisper")
    qtbot.mouseClick(builder.start_page.use, Qt.MouseButton.LeftButton)
    assert builder.save.isEnabled()
    asked = answer(builder)
    qtbot.mouseClick(builder.save, Qt.MouseButton.LeftButton)
    assert asked == [
        f"Spend 1 Gift Credit on {gift_catalog().stock['graveside_whisper'].draft.name}?"
    ]
    stock = gift_catalog().stock["graveside_whisper"]
    assert tab.table.cell(0, 0) == stock.draft.name
    assert tab.rewards.text().startswith("Gift Credits available: 0")
    assert window.actions["undo"].text().startswith("&Undo Add ")
    window.actions["undo"].trigger()
    assert tab.table.row_count() == 0
