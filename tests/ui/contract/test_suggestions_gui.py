"""The leader's suggested correction in the player's app (issue 32 item 5).

Exp from "Earning Experience": "+3 Exp - Attend a Contract in their home Playgroup",
"+1 Exp - Attend a Contract outside of their home Playgroup", "+2 Exp - Claim victory on
a Contract". Two home victories earn 5 + 5 = 10; the second was played away (1 + 2 = 3),
so accepting the leader's correction leaves 8 earned.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from builder.contract.character import Answer, Correction, Outcome
from builder.contract.file import write_character_file
from harbinger.app.contract.suggestions import suggest_in_file
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.contract.screens import take_suggestions_from
from ui.main_window import MainWindow


def _returned_file(window: MainWindow, folder: Path) -> Path:
    """The player's file as the leader sends it back: Contract 2 suggested as away."""
    contractor = window.contractor
    path = write_character_file(contractor, folder / "mara.json")
    away = replace(contractor.ledger[1], home=False)
    suggest_in_file(
        path, 1, away, by="Lee", reason="played at the Tuesday group", date="2026-05-10"
    )
    return path


def _with_suggestion(window: MainWindow, folder: Path) -> None:
    create_contractor(window)
    record(window, "The Lantern Job", Outcome.VICTORY, home=True)
    record(window, "Low Tide", Outcome.VICTORY, home=True)
    assert window.report.exp.earned_total == 10
    box = window.sheet.suggestions_box
    assert box.isHidden()
    take_suggestions_from(window, _returned_file(window, folder))
    assert window.report.exp.earned_total == 10  # nothing changes before the answer


def test_pending_suggestion_shown_accepted_and_undone(window: MainWindow, tmp_path: Path) -> None:
    _with_suggestion(window, tmp_path)
    box = window.sheet.suggestions_box
    assert not box.isHidden()
    assert box.heading.text() == "Your leader suggests 1 correction to this sheet"
    [row] = box.rows
    assert "Lee suggests (2026-05-10): Contract 2" in row.text.text()
    assert "Low Tide (away, victory) — played at the Tuesday group" in row.text.text()
    assert "Exp earned 10 → 8 (−2)" in row.effect.text()
    row.accept_button.click()
    assert window.report.exp.earned_total == 8
    assert isinstance(window.contractor.ledger[-1], Correction)
    assert window.contractor.suggestions[0].answer is Answer.ACCEPTED
    assert box.isHidden()
    assert window.actions["undo"].text() == "&Undo Accept suggestion 0"
    window.actions["undo"].trigger()
    assert window.report.exp.earned_total == 10
    assert window.contractor.suggestions[0].answer is Answer.PENDING
    assert not window.sheet.suggestions_box.isHidden()


def test_declined_suggestion_keeps_the_totals(window: MainWindow, tmp_path: Path) -> None:
    _with_suggestion(window, tmp_path)
    [row] = window.sheet.suggestions_box.rows
    row.note.setText("a joint session")
    row.decline_button.click()
    assert window.report.exp.earned_total == 10
    answered = window.contractor.suggestions[0]
    assert (answered.answer, answered.note) == (Answer.DECLINED, "a joint session")
    assert answered.answered
    assert window.sheet.suggestions_box.isHidden()


def test_a_file_with_a_malformed_suggestion_warns_and_stores_nothing(
    window: MainWindow, tmp_path: Path
) -> None:
    create_contractor(window)
    record(window, "The Lantern Job", Outcome.VICTORY, home=True)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "harbinger.contractor", "version": 1}', encoding="utf-8")
    take_suggestions_from(window, bad)
    dialog = window.current_dialog
    assert dialog is not None and "character" in dialog.text()
    assert window.contractor.suggestions == ()
