"""Alt+letters in sight on an open sheet: the menu bar, the sheet's tabs, the header's buttons,
each tab's own buttons and the Dice dock.

Alt+letter opens a menu or presses a button only when one thing in sight takes that
letter; with two, Qt moves the focus between them (or does nothing) instead. The
Concept tab was "&Concept" while the menu bar has "&Contractor", so Alt+C opened neither.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton

from tests.ui.conftest import create_contractor
from tests.ui.mnemonics import in_sight, letter, repeated
from ui.main_window import MainWindow
from ui.widgets.tables import ListTable


def test_the_menu_bar_the_tabs_and_the_concept_tab_take_each_alt_letter_once(
    window: MainWindow, qtbot
) -> None:
    create_contractor(window)
    window.show()
    qtbot.waitExposed(window)
    sheet = window.sheet
    menus = [action.text() for action in window.menuBar().actions() if action.isVisible()]
    assert menus == ["&File", "&Edit", "&Contractor", "&View", "&Help"]
    tabs = [sheet.tabs.tabText(i) for i in range(sheet.tabs.count()) if sheet.tabs.isTabVisible(i)]
    assert tabs == [
        "Concep&t", "&Stats", "&Gifts", "Stoc&k", "Hea&lth", "Stor&y", "E&xp", "&Weapons",
    ]  # fmt: skip
    assert sheet.tabs.currentWidget() is sheet.concept_tab
    buttons = [
        b.text()
        for b in window.findChildren(QAbstractButton)
        if b.isVisible() and letter(b.text())
    ]
    assert set(buttons) == {
        "&Record Contract…",
        "S&pend Exp…",
        "Edit Co&ncept…",
        "Edit &Bio…",
        "Rena&me Source…",
        "Revise L&imits…",
    }
    assert repeated(menus + tabs + buttons) == {}


def test_alt_t_and_alt_l_open_the_concept_and_health_tabs(window: MainWindow, qtbot) -> None:
    """With one owner per letter, the tabs' keys switch to them."""
    create_contractor(window)
    window.show()
    qtbot.waitExposed(window)
    sheet = window.sheet
    sheet.tabs.setCurrentWidget(sheet.gifts_tab)
    qtbot.keyClick(window, "t", modifier=Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: sheet.tabs.currentWidget() is sheet.concept_tab)
    qtbot.keyClick(window, "l", modifier=Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: sheet.tabs.tabText(sheet.tabs.currentIndex()) == "Hea&lth")


def test_every_tab_with_the_dice_dock_takes_each_alt_letter_once(
    examples_window: MainWindow, qtbot
) -> None:
    """Each shipped contractor, each tab, a row chosen in every table (so the buttons that
    act on a row show) and the Dice dock open: no letter is taken twice in sight. Only the
    current tab's page is in sight, so two tabs' buttons may share a letter."""
    window = examples_window
    window.show()
    qtbot.waitExposed(window)
    library = window.workspace.library
    contractors = [
        line.id for line in window.roster.lines() if library.system_of(line.id) == "contract"
    ]
    assert len(contractors) >= 3
    seen: set[str] = set()
    for contractor in contractors:
        assert window.open_character(contractor)
        if not window.actions["dice"].isChecked():
            window.actions["dice"].trigger()
        sheet = window.sheet
        for i in range(sheet.tabs.count()):
            sheet.tabs.setCurrentIndex(i)
            for table in sheet.tabs.currentWidget().findChildren(ListTable):
                if table.row_count():
                    table.table.selectRow(0)
            texts = in_sight(window)
            seen.update(texts)
            assert repeated(texts) == {}, sheet.tabs.tabText(i)
    # what the check saw: the dock's button, and the buttons that once took the
    # menu bar's or the tabs' letters
    assert {
        "Roll the &dice",
        "R&oll it",
        "R&oll attack",
        "Ther&apy…",
        "W&ill to Survive…",
        "Record H&ustle…",
        "Save G&M notes",
        "Ed&it…",
        "Re&move",
        "C&arried",
    } <= seen
