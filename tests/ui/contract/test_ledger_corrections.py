"""Edit and Remove on every ledger line (issue 16 item 4): corrections appended, undoable.

Exp from "Earning Experience": a home Contract +3, away +1, a victory +2.
Three Contracts — home victory (5), away failure (1), home failure (3) —
earn 9; removing the second leaves 8; making the third a victory adds 2.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest

from builder.contract.character import Correction, Outcome
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.contract.dialogs.form import FormDialog
from ui.main_window import MainWindow


def three_contracts(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "The Lantern Job", Outcome.VICTORY, home=True)
    record(window, "Low Tide", Outcome.FAILURE, home=False)
    record(window, "The Glass Orchard", Outcome.FAILURE, home=True)
    assert window.report.exp.earned_total == 9


def test_remove_a_contract_from_the_story_tab_and_undo(window: MainWindow) -> None:
    three_contracts(window)
    story = window.sheet.story_tab
    assert not story.contracts.edit_button.isHidden()
    story.contracts.table.selectRow(1)
    assert story.contracts.remove_button.isEnabled()
    story.contracts.remove_button.click()
    assert window.report.exp.earned_total == 8
    ledger = window.contractor.ledger
    assert isinstance(ledger[-1], Correction) and ledger[-1].target == 1
    # Still listed, struck through, and no longer removable.
    assert story.contracts.cell(1, 1) == "Low Tide"
    assert story.contracts.table.item(1, 1).font().strikeOut()
    story.contracts.table.selectRow(1)
    assert not story.contracts.remove_button.isEnabled()
    # The Exp log shows the removed line struck through, with no Exp.
    log = window.sheet.exp_tab.log
    row = next(r for r in range(log.row_count()) if "Low Tide" in log.cell(r, 1))
    assert "removed on" in log.cell(row, 1)
    assert log.table.item(row, 1).font().strikeOut()
    assert log.cell(row, 2) == ""
    assert window.actions["undo"].text() == "&Undo Remove Contract 2 (" + ledger[1].date + ")"
    window.actions["undo"].trigger()
    assert window.report.exp.earned_total == 9
    assert not any(isinstance(e, Correction) for e in window.contractor.ledger)
    assert not story.contracts.table.item(1, 1).font().strikeOut()


def test_delete_key_and_context_menu_remove(window: MainWindow) -> None:
    three_contracts(window)
    window.sheet.tabs.setCurrentWidget(window.sheet.exp_tab)
    log = window.sheet.exp_tab.log
    row = next(r for r in range(log.row_count()) if "Low Tide" in log.cell(r, 1))
    log.table.selectRow(row)
    menu = window.sheet.exp_tab.actions.context_menu(row)
    assert [a.text() for a in menu.actions()] == [
        "&Edit this Contract…",
        "&Remove this Contract",
    ]
    window.activateWindow()
    log.table.setFocus()
    QTest.keyClick(log.table, Qt.Key.Key_Delete)
    assert window.report.exp.earned_total == 8


def test_edit_a_contract_by_double_click(window: MainWindow) -> None:
    three_contracts(window)
    story = window.sheet.story_tab
    story.contracts.table.selectRow(2)
    dialog = story.contract_actions.edit_dialog(2)
    assert isinstance(dialog, FormDialog)
    assert dialog.values()["scenario"] == "The Glass Orchard"
    story.contracts.edit_requested.emit(2)  # what a double-click sends
    form = window.current_dialog
    assert isinstance(form, FormDialog)
    form.set_value("outcome", Outcome.VICTORY)
    form.set_value("reason", "we won after all")
    form.accept()
    # 5 + 1 + (3 + 2)
    assert window.report.exp.earned_total == 11
    assert window.report.victories == 2
    assert story.contracts.cell(2, 3) == "Victory"
    correction = window.contractor.ledger[-1]
    assert isinstance(correction, Correction)
    assert (correction.target, correction.reason) == (2, "we won after all")
    log = window.sheet.exp_tab.log
    texts = [log.cell(r, 1) for r in range(log.row_count())]
    assert any("replaced on" in t and "by the line below" in t for t in texts)
    assert any(t.startswith("Contract: The Glass Orchard (home, victory)") for t in texts)
    window.actions["undo"].trigger()
    assert window.report.exp.earned_total == 9


def test_the_corrected_ledger_screenshot(window: MainWindow) -> None:
    three_contracts(window)
    story = window.sheet.story_tab
    story.contracts.table.selectRow(1)
    story.contracts.remove_button.click()
    window.sheet.tabs.setCurrentWidget(window.sheet.exp_tab)
    window.resize(1280, 800)
    assert not window.sheet.exp_tab.grab().isNull()
