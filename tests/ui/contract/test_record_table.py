"""Record Contract for the Table through the real window: preview, record, one Undo (issue 32).

The figures are the builder test's (``tests/builder/contract/test_table.py``),
from "Earning Experience", "Ringers" and "Earning Improvements".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.contract.sheet import evaluate_sheet
from models.library import Library
from tests.builder.contract.test_table import the_table
from ui.contract.dialogs.table import RecordTableDialog
from ui.main_window import MainWindow


def _earned(library: Library) -> dict[str, int]:
    return {cid: evaluate_sheet(library.load(cid)).exp.earned_total for cid in the_table()}


def _table_dialog(window: MainWindow) -> RecordTableDialog:
    window.actions["record_table"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, RecordTableDialog)
    return dialog


def test_the_table_is_previewed_recorded_and_undone_at_once(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    with Library.open(library_path) as library:
        for contractor in the_table().values():
            library.save(contractor)
        before = _earned(library)
    window = open_window(library_path)
    dialog = _table_dialog(window)
    dialog.resize(1280, 800)
    dialog.scenario.setText("The Drowned Choir")
    dialog.set_seat("ada", "victory", commission=True)
    dialog.set_seat("bram", "death")
    dialog.set_seat("cleo", "loss", visitor=True)
    dialog.set_seat("dov", "ringer-met")
    dialog.set_seat("fay", "victory")
    dialog.gm.setCurrentIndex(dialog.gm.findData("eve"))
    dialog.gm_bonus.setCurrentIndex(dialog.gm_bonus.findData("into-the-fold"))

    table = dialog.preview_table
    rows = {
        table.item(r, 0).text(): [table.item(r, c).text() for c in range(1, 7)]
        for r in range(table.rowCount())
    }
    assert rows == {
        "Ada Quill": ["Victory", "+7", "+1", "", "Filmed lifting a car: 2 → 1", ""],
        "Bram Holt": ["Death", "+3", "", "", "", "to the graveyard"],
        "Cleo Vance": ["Loss", "+1", "", "", "", ""],
        "Dov Pell": ["Ringer, objective met", "+4", "", "", "", ""],
        "Fay Marr": ["Victory", "+5", "+1", "", "", ""],
        "Eve Sorrel": ["GM", "+6", "", "+1", "", ""],
    }
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    assert window.current_dialog is None

    gained = {"ada": 7, "bram": 3, "cleo": 1, "dov": 4, "fay": 5, "eve": 6}
    library = window.workspace.library
    assert _earned(library) == {cid: before[cid] + gained[cid] for cid in before}
    assert window.actions["undo"].isEnabled()
    window.actions["undo"].trigger()
    assert _earned(library) == before


def test_two_commissions_keep_record_disabled_with_the_reason(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    with Library.open(library_path) as library:
        for contractor in the_table().values():
            library.save(contractor)
    window = open_window(library_path)
    dialog = _table_dialog(window)
    dialog.scenario.setText("The Drowned Choir")
    dialog.set_seat("ada", "victory", commission=True)
    dialog.set_seat("fay", "victory", commission=True)
    assert not dialog.ok_button.isEnabled()
    assert "one Contractor for the Commission" in dialog.ok_button.toolTip()


def test_player_histories_show_the_table_recorded(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    """After the table: Eve played 1 (earlier victory, 5 Exp), GMed 1 (+6): 11 Exp."""
    from ui.contract.dialogs.players import PlayerHistoriesDialog

    with Library.open(library_path) as library:
        for contractor in the_table().values():
            library.save(contractor)
    window = open_window(library_path)
    dialog = _table_dialog(window)
    dialog.scenario.setText("The Drowned Choir")
    dialog.set_seat("bram", "death")
    dialog.gm.setCurrentIndex(dialog.gm.findData("eve"))
    dialog.gm_bonus.setCurrentIndex(dialog.gm_bonus.findData("into-the-fold"))
    dialog.ok_button.click()
    window.actions["player_histories"].trigger()
    histories = window.current_dialog
    assert isinstance(histories, PlayerHistoriesDialog)
    # player, contractors, living, played, GMed, victories, deaths, Exp earned
    assert histories.row("Eve") == ["Eve", "1", "1", "1", "1", "1", "0", "11"]
    assert histories.row("Bram") == ["Bram", "1", "0", "1", "0", "0", "1", "3"]


def test_what_is_due_lists_each_case_and_badges_the_roster(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    from tests.builder.contract.due_library import DUE, fill_due_library
    from ui.contract.dialogs.due import DueDialog
    from ui.roster import DUE_COLUMN, cell_text

    fill_due_library(library_path)
    window = open_window(library_path)
    window.resize(1280, 800)
    window.actions["what_is_due"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, DueDialog)
    shown = dialog.messages()
    assert list(shown) == ["Lex (Ines)", "Mo (Ines)", "Tia (Ines)", "Valerie (Ines)", "Jo (Ines)"]
    assert shown["Mo (Ines)"] == ["1 Gift Credit(s) not spent", "1 Improvement(s) not spent"]
    lines = {line.id: line for line in window.roster.lines()}
    assert {cid: line.badges for cid, line in lines.items() if line.badges} == DUE
    # The badge has a column of its own beside the names: a long name never hides it.
    assert (cell_text(lines["lex"], 0), cell_text(lines["lex"], DUE_COLUMN)) == (
        "Lex",
        "⚑ 1",
    )
    assert (cell_text(lines["ned"], 0), cell_text(lines["ned"], DUE_COLUMN)) == ("Ned", "")
    assert not window.roster.tree.isColumnHidden(DUE_COLUMN)
    dialog.reject()

    # The Hustle for Lex's Loose End is recorded: the badge goes with the next change.
    from harbinger.app.contract.operations import plan_hustle, store

    lex = window.workspace.library.load("lex")
    window.workspace.run(plan_hustle(lex, 0, "2026-01-08", "Dana"), store)
    lines = {line.id: line for line in window.roster.lines()}
    assert lines["lex"].badges == ()
    assert lines["mo"].badges == DUE["mo"]
