"""What the main window makes on first use rather than for its first frame (issue 29).

The first frame shows the roster and the empty page: the character tabs widget
(:mod:`ui.character_tabs`) is made when the first character is opened, and the
window's shortcuts are set from their portable strings, so QKeySequence's
Python class is not built for them. Neither may change what a user sees or
what a key does.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QTabWidget, QToolBar

from ui.character_tabs import CharacterTabs
from ui.main_window import MainWindow


def _a_contractor(window: MainWindow) -> str:
    """The id of one of the examples' contractors (The Contract's characters)."""
    library = window.workspace.library
    return next(
        line.id for line in window.roster.lines() if library.system_of(line.id) == "contract"
    )


def test_the_tabs_are_made_when_the_first_character_opens(examples_window: MainWindow) -> None:
    window = examples_window
    # Open library, roster filled, no character open: no tab widget anywhere yet.
    assert window.findChild(QTabWidget) is None
    assert (window.has_tabs(), window.open_ids(), window.shown_id()) == (False, [], "")
    assert window.shown_page() is None and window.shown_character() is None
    assert window.stack.currentWidget() is window.empty_page
    assert not window.actions["close_tab"].isEnabled()
    assert window.findChild(QTabWidget) is None  # reading what is open made nothing

    contractor = _a_contractor(window)
    window.roster.select(contractor)  # a preview tab
    tabs = window.findChild(CharacterTabs)
    assert tabs is window.tabs and tabs.parent() is window.stack
    assert window.stack.currentWidget() is tabs
    assert (window.open_ids(), window.shown_id()) == ([contractor], contractor)
    assert window.actions["close_tab"].isEnabled()

    window.close_character()  # Ctrl+W: nothing unsaved, so it closes at once
    assert window.stack.currentWidget() is window.empty_page
    assert (window.has_tabs(), window.open_ids()) == (False, [])
    assert window.findChild(CharacterTabs) is tabs  # made once, kept
    assert not window.actions["close_tab"].isEnabled()


def test_closing_a_window_that_opened_nothing_makes_no_tabs(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    window = open_window(library_path)
    window.close()
    assert window.findChild(QTabWidget) is None
    # The next start reopens no tabs.
    again = open_window(library_path)
    assert again.findChild(QTabWidget) is None and again.open_ids() == []


def test_the_shortcuts_are_the_same_keys(window: MainWindow) -> None:
    keys = {
        key: [k.toString() for k in window.actions[key].shortcuts()]
        for key in ("new_library", "open_library", "close_tab", "undo", "redo", "find", "manual")
    }
    assert keys == {
        "new_library": ["Ctrl+Shift+N"],
        "open_library": ["Ctrl+O"],
        "close_tab": ["Ctrl+W"],
        "undo": ["Ctrl+Z"],
        "redo": ["Ctrl+Shift+Z"],  # the key the Edit menu shows
        "find": ["Ctrl+F"],
        "manual": ["F1"],
    }
    assert window.actions["preferences"].shortcut() == QKeySequence("Ctrl+,")
    # The toolbar's short Undo and Redo name their key in the tooltip.
    toolbar = window.findChild(QToolBar, "main_toolbar")
    tips = [a.toolTip() for a in toolbar.actions() if a.text() in ("&Undo", "&Redo")]
    assert tips == ["Undo (Ctrl+Z)", "Redo (Ctrl+Shift+Z)"]


def test_ctrl_y_redoes_too_and_only_while_redo_can(examples_window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = examples_window
    redo = window.actions["redo"]
    [ctrl_y] = [a for a in window.findChildren(QAction) if a.shortcut() == QKeySequence("Ctrl+Y")]
    assert window.actions["redo_ctrl_y"] is ctrl_y  # listed with the window's actions
    assert not redo.isEnabled() and not ctrl_y.isEnabled()  # nothing to redo: Ctrl+Y is free

    contractor = _a_contractor(window)
    window.roster.select(contractor)
    before = window.contractor.notes
    window.ops.edit_notes(window.contractor, "Owes the fixer a favour.")
    window.actions["undo"].trigger()
    assert window.workspace.library.load(contractor).notes == before
    assert redo.isEnabled() and ctrl_y.isEnabled()

    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow)
    window.roster.tree.setFocus()
    qtbot.keyClick(window.roster.tree, Qt.Key.Key_Y, Qt.KeyboardModifier.ControlModifier)
    assert window.workspace.library.load(contractor).notes == "Owes the fixer a favour."
    assert not redo.isEnabled() and not ctrl_y.isEnabled()
