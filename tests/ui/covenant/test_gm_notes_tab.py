"""The GM notes tab on a Covenant character's sheet (issue 31 item 6).

A personal library's user is their own GM: the tab is there, the box is
labelled "not shown to the player", saving is one edit on the character's
undo stack, and Undo takes it back. A player of a shared library has no tab.
"""

from __future__ import annotations

from models import Library
from models.playgroup import Membership
from tests.ui.covenant.conftest import fresh_ines
from ui.widgets.gm_notes_box import TITLE

INES = fresh_ines().id
NOTE = "Her patron is the one who sold the Tie."


def test_the_tab_saves_a_note_and_undo_takes_it_back(library: Library, open_sheet, qtbot) -> None:  # type: ignore[no-untyped-def]
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    tabs = sheet.left_tabs
    assert tabs.tabText(sheet.gm_notes_tab) == "GM notes"
    assert tabs.isTabVisible(sheet.gm_notes_tab)
    tabs.setCurrentIndex(sheet.gm_notes_tab)
    box = sheet.gm_notes
    assert box.isVisible() and box.title.text() == TITLE
    box.text.setPlainText(NOTE)
    box.save_button.click()
    assert library.gm_note(INES).text == NOTE
    qtbot.waitUntil(lambda: box.signed.text().startswith("Written on "))
    assert sheet.undo_stack.undoText() == "Edit GM notes"
    sheet.undo_stack.undo()
    qtbot.waitUntil(lambda: box.text.toPlainText() == "")
    assert library.gm_note(INES).empty
    sheet.undo_stack.redo()
    qtbot.waitUntil(lambda: box.text.toPlainText() == NOTE)
    assert library.load(INES) == fresh_ines()  # the character itself is untouched


def test_a_player_has_no_gm_notes_tab(library: Library, open_sheet) -> None:  # type: ignore[no-untyped-def]
    library.save(fresh_ines())
    library.member = Membership("ines", "Ines", "player")
    sheet = open_sheet(library, INES)
    assert not sheet.left_tabs.isTabVisible(sheet.gm_notes_tab)
    assert sheet.gm_notes.text.toPlainText() == ""
