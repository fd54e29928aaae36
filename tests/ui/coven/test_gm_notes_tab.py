"""The GM notes tab on a Coven chronicle's view (issue 31 item 6).

The shipped Harrow's End in a personal library (its user is their own GM):
the tab is there, saving a note is one edit on the chronicle's undo stack and
Undo takes it back; a player of a shared library has no tab.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from models import Library
from models.playgroup import Membership
from resources import resource_path
from ui.coven import ChronicleSession, ChronicleView
from ui.widgets.gm_notes_box import TITLE
from ui.workspace import Workspace

HARROWS_END = "coven-example-harrows-end"
NOTE = "The mill's owner is one of the Others."


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    with Library.open(library_path) as opened:
        opened.import_file(resource_path("examples", "coven", "harrows-end.json"))
        yield opened


def _view(qtbot: Any, library: Library) -> ChronicleView:
    workspace = Workspace()
    workspace.set_library(library, "test library")
    view = ChronicleView(ChronicleSession(workspace, HARROWS_END))
    qtbot.addWidget(view)
    view.resize(1280, 800)
    view.show()
    return view


def test_the_tab_saves_a_note_and_undo_takes_it_back(qtbot: Any, library: Library) -> None:
    view = _view(qtbot, library)
    assert view.tabs.tabText(view.gm_notes_tab) == "GM notes"
    assert view.tabs.isTabVisible(view.gm_notes_tab)
    view.tabs.setCurrentIndex(view.gm_notes_tab)
    box = view.gm_notes
    assert box.isVisible() and box.title.text() == TITLE
    box.text.setPlainText(NOTE)
    box.save_button.click()
    assert library.gm_note(HARROWS_END).text == NOTE
    qtbot.waitUntil(lambda: box.signed.text().startswith("Written on "))
    stack = view.session.undo_stack
    assert stack.undoText() == "Edit GM notes"
    stack.undo()
    qtbot.waitUntil(lambda: box.text.toPlainText() == "")
    assert library.gm_note(HARROWS_END).empty
    stack.redo()
    qtbot.waitUntil(lambda: box.text.toPlainText() == NOTE)


def test_a_player_has_no_gm_notes_tab(qtbot: Any, library: Library) -> None:
    library.member = Membership("ines", "Ines", "player")
    view = _view(qtbot, library)
    assert not view.tabs.isTabVisible(view.gm_notes_tab)
    assert view.gm_notes.text.toPlainText() == ""
