"""The Story tab's GM notes and File → Export Player Copy… (issue 31 item 6).

A personal library's user is their own GM: the box shows, labelled "not shown
to the player", and saving it is one undoable edit. A player of a shared
library never sees the box (the library says they may not read GM notes).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.core.gm_notes import GmNote
from models.playgroup import Membership
from tests.ui.contract.test_weapons_tab import _wren
from ui.contract.sheet.gm_notes_box import TITLE
from ui.main_window import MainWindow

NOTE = "Her brother is the one who filmed her."


@pytest.fixture
def window(examples_window: MainWindow) -> MainWindow:
    """This module's tests start on a library holding the shipped examples."""
    return examples_window


def _story(window: MainWindow) -> Any:
    story = window.sheet.story_tab
    window.sheet.tabs.setCurrentWidget(story)
    return story


def test_the_box_is_labelled_saves_a_note_and_undo_takes_it_back(
    window: MainWindow, qtbot: Any
) -> None:
    wren = _wren(window, qtbot)
    box = _story(window).gm_notes
    assert box.isVisible()
    assert box.title.text() == TITLE == "GM notes — not shown to the player"
    assert not box.save_button.isEnabled()
    box.text.setPlainText(NOTE)
    assert box.save_button.isEnabled()
    box.save_button.click()
    library = window.workspace.library
    qtbot.waitUntil(lambda: library.gm_note(wren).text == NOTE)
    qtbot.waitUntil(lambda: box.signed.text().startswith("Written on "))
    assert window.actions["undo"].text() == "&Undo Edit GM notes"
    window.actions["undo"].trigger()
    qtbot.waitUntil(lambda: box.text.toPlainText() == "")
    assert library.gm_note(wren).empty
    window.actions["redo"].trigger()
    qtbot.waitUntil(lambda: box.text.toPlainText() == NOTE)


def test_a_player_never_sees_the_box(window: MainWindow, qtbot: Any) -> None:
    wren = _wren(window, qtbot)
    box = _story(window).gm_notes
    assert box.isVisible()
    window.workspace.library.member = Membership("ines", "Ines", "player")
    box.show_for(wren)
    assert not box.isVisible() and box.text.toPlainText() == ""


def test_export_player_copy_from_the_file_menu(
    window: MainWindow, qtbot: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    wren = _wren(window, qtbot)
    window.workspace.library.put_gm_note(GmNote(wren, NOTE))
    target = tmp_path / "wren (player copy).json"

    class Chooser:
        @staticmethod
        def getSaveFileName(*_args: Any) -> tuple[str, str]:
            return str(target), ""

    monkeypatch.setattr("ui.window_common.file_dialog", lambda: Chooser)
    action = window.actions["export_player_copy"]
    file_menu = window.menuBar().actions()[0].menu()
    assert action in file_menu.actions()
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: target.exists() and window.tasks.pending() == 0)
    document = json.loads(target.read_text("utf-8"))
    assert document["player_copy"] is True and "gm_notes" not in document
    assert NOTE not in target.read_text("utf-8")
    assert window.statusBar().currentMessage() == (
        "Player copy, without the GM note and 0 Threat(s) not due yet"
    )
