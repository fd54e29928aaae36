"""Each open character has its own undo history (issue 12): Undo never offers another's action."""

from __future__ import annotations

from ui.main_window import MainWindow


def test_undo_offers_only_the_shown_characters_actions(examples_window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = examples_window  # a library holding the examples (loaded once per session)
    library = window.workspace.library
    ids = {library.system_of(line.id): line.id for line in window.roster.lines()}
    contractor_id, covenant_id = ids["contract"], ids["covenant"]
    undo, redo = window.actions["undo"], window.actions["redo"]
    assert not undo.isEnabled()

    # Character A (a contractor): one edit.
    window.roster.select(contractor_id)
    assert window.contractor.id == contractor_id
    window.ops.edit_notes(window.contractor, "Owes the fixer a favour.")
    assert (undo.isEnabled(), undo.text()) == (True, "&Undo Edit notes")

    # Character B (a Covenant character): one action at the table.
    window.roster.select(covenant_id)
    sheet = window.game_sheet
    assert sheet is not None and sheet.character_id == covenant_id
    assert not undo.isEnabled()  # A's edit is not B's to undo
    log_before = len(sheet.character.log)
    sheet.time_buttons["begin_scene"].click()
    assert len(library.load(covenant_id).log) == log_before + 1
    assert undo.text() == "&Undo Begin scene"

    # Back to A: Undo names A's edit, and undoing it leaves B alone.
    window.roster.select(contractor_id)
    assert undo.text() == "&Undo Edit notes"
    undo.trigger()
    notes = library.load(contractor_id).notes
    assert notes == window.contractor.notes != "Owes the fixer a favour."
    assert len(library.load(covenant_id).log) == log_before + 1
    assert (undo.isEnabled(), redo.text()) == (False, "&Redo Edit notes")

    # And B's history is still B's.
    window.roster.select(covenant_id)
    assert (undo.text(), redo.isEnabled()) == ("&Undo Begin scene", False)
    undo.trigger()
    assert len(library.load(covenant_id).log) == log_before
    assert window.statusBar().currentMessage() == "Undid Begin scene"
    stack_a = window.workspace.stack_for(contractor_id)
    assert (stack_a.count(), stack_a.index()) == (1, 0)
