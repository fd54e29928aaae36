"""Several characters open at once, one tab each, each with its own undo history (issue 16)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from ui.main_window import MainWindow


@pytest.fixture
def window(examples_window: MainWindow) -> MainWindow:
    """Here a main window on a copy of the examples library (loaded once per session)."""
    return examples_window


def _examples(window: MainWindow, qtbot) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """The living example characters' ids by game system, in roster order."""
    library = window.workspace.library
    ids: dict[str, list[str]] = {}
    for cid in window.roster.visible_ids():  # the living: the dead wait in the graveyard
        ids.setdefault(library.system_of(cid), []).append(cid)
    return ids


@pytest.mark.slow  # 2.9 s of CPU (windows)
def test_three_characters_open_as_tabs_and_undo_stays_with_each(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    first, second = ids["contract"][:2]
    covenant = ids["covenant"][0]
    undo = window.actions["undo"]
    for cid in (first, second, covenant):
        assert window.open_character(cid)
    assert window.tabs.ids() == [first, second, covenant]
    assert window.tabs.current_id() == covenant
    library = window.workspace.library
    names = [library.load(cid).concept.name for cid in (first, second)]
    assert [window.tabs.tabText(i) for i in range(2)] == names

    # An edit in the first tab is undone only from the first tab.
    window.tabs.setCurrentIndex(0)
    assert window.contractor.id == first and window.roster.current_id() == first
    window.ops.edit_notes(window.contractor, "Owes the fixer a favour.")
    assert undo.text() == "&Undo Edit notes"
    window.tabs.setCurrentIndex(1)
    assert window.contractor.id == second
    assert not undo.isEnabled()
    window.tabs.setCurrentIndex(2)
    assert window.game_sheet.character_id == covenant
    window.game_sheet.time_buttons["begin_scene"].click()
    assert undo.text() == "&Undo Begin scene"
    window.tabs.setCurrentIndex(0)
    assert undo.text() == "&Undo Edit notes"
    undo.trigger()
    assert library.load(first).notes != "Owes the fixer a favour."
    assert window.tabs.ids() == [first, second, covenant]  # Undo switched no tab

    # Opening a character already open switches to its tab; no second tab is made.
    window.open_character(covenant)
    assert window.tabs.count() == 3 and window.tabs.current_id() == covenant
    window.show_contractor(second)
    assert window.tabs.count() == 3 and window.tabs.current_id() == second


@pytest.mark.slow  # 3.7 s of CPU (windows)
def test_roster_selection_previews_and_double_click_keeps(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    a, b = ids["contract"][:2]
    c = ids["covenant"][0]
    window.roster.select(a)
    window.roster.select(b)  # walking the roster: the preview moves, no tab piles up
    assert window.tabs.ids() == [b]
    window.open_character(b)  # kept now
    window.roster.select(c)
    assert window.tabs.ids() == [b, c]
    window.roster.select(a)
    assert window.tabs.ids() == [b, a]
    window.ops.edit_notes(window.contractor, "Kept by an edit.")
    window.roster.select(c)
    assert window.tabs.ids() == [b, a, c]


@pytest.mark.slow  # 2.6 s of CPU (windows)
def test_ctrl_w_closes_the_tab_and_asks_when_notes_are_unsaved(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    first, second = ids["contract"][:2]
    window.open_character(first)
    window.open_character(second)
    close = window.actions["close_tab"]
    assert close.shortcut().toString() == "Ctrl+W"

    notes = window.sheet.story_tab.notes
    notes.setPlainText("Typed, not saved.")
    close.trigger()
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    assert "notes are not saved" in box.text()
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert window.tabs.ids() == [first, second]

    close.trigger()
    window.current_dialog.button(QMessageBox.StandardButton.Save).click()
    assert window.tabs.ids() == [first]
    assert window.workspace.library.load(second).notes == "Typed, not saved."

    window.sheet.story_tab.notes.setPlainText("Thrown away.")
    close.trigger()
    window.current_dialog.button(QMessageBox.StandardButton.Discard).click()
    assert window.tabs.count() == 0
    assert window.workspace.library.load(first).notes != "Thrown away."
    assert window.stack.currentWidget() is window.empty_page
    assert not window.actions["undo"].isEnabled() and not close.isEnabled()


@pytest.mark.slow  # 3.1 s of CPU (windows)
def test_a_deleted_characters_tab_stays_until_undone_or_closed(
    window: MainWindow, qtbot
) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    first, second = ids["contract"][:2]
    window.open_character(first)
    window.open_character(second)
    window.actions["delete"].trigger()
    window.current_dialog.button(QMessageBox.StandardButton.Ok).click()
    assert window.tabs.ids() == [first, second]
    assert type(window.tabs.currentWidget()).__name__ == "GonePage"
    assert window.contractor is None and not window.actions["export"].isEnabled()
    window.tabs.setCurrentIndex(0)
    assert not window.actions["undo"].text().startswith("&Undo Delete")
    window.tabs.setCurrentIndex(1)
    window.actions["undo"].trigger()
    assert window.contractor is not None and window.contractor.id == second
    qtbot.keyClick(window, Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert window.tabs.ids() == [first]


def test_quitting_with_unsaved_notes_asks_first(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    first = ids["contract"][0]
    window.open_character(first)
    window.sheet.story_tab.notes.setPlainText("Written at the table.")
    window.close()
    box = window.current_dialog
    assert isinstance(box, QMessageBox) and box.windowTitle() == "Quit Harbinger"
    box.button(QMessageBox.StandardButton.Cancel).click()
    assert window.isVisible()
    window.close()
    window.current_dialog.button(QMessageBox.StandardButton.Save).click()
    qtbot.waitUntil(lambda: not window.isVisible())
    from models import Library

    with Library.open(window.settings.recent_libraries()[0]) as library:
        assert library.load(first).notes == "Written at the table."


def test_the_dice_panel_follows_the_contractor_tab(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    ids = _examples(window, qtbot)
    window.open_character(ids["contract"][0])
    window.open_character(ids["covenant"][0])
    window.dice_dock.show()  # made while a Covenant character is shown: nothing to roll yet
    window.tabs.setCurrentIndex(0)
    attributes = list(window.sheet.roll_sheet().attributes)
    assert window.dice_panel.first.currentText() == attributes[0]


def test_a_tab_gives_back_the_name_it_shows(qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QWidget

    from ui.character_tabs import CharacterTabs

    tabs = CharacterTabs()
    qtbot.addWidget(tabs)
    tabs.put("a", QWidget(), "Salt && Ash", "Salt & Ash — The Contract")  # "&" shown literally
    assert tabs.name_of("a") == "Salt & Ash"
    assert tabs.name_of("missing") == ""
