"""Steady screens (issue 33, item 7): Begin scene, Tap or any action on the Covenant
play sheet leaves the Ties and assets list where it was scrolled and keeps the
keyboard focus on the sheet (on the same button when it is still usable), never
the roster's search box.

The actions are the rules' (covenant-rules-summary.txt): a scene begins, then a
Tap use ("Tap: ... ready again at the end of the scene").
"""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QApplication

from tests.ui.covenant.conftest import fresh_ines
from ui.covenant import CovenantSheet
from ui.main_window import MainWindow
from ui.operations.covenant import create


def open_ines(window: MainWindow, qtbot) -> CovenantSheet:  # type: ignore[no-untyped-def]
    window.resize(1280, 800)
    window.run_operation(lambda: create(window.workspace, dataclasses.replace(fresh_ines())))
    window.roster.select(fresh_ines().id)
    sheet = window.game_sheet
    assert isinstance(sheet, CovenantSheet)
    qtbot.waitUntil(lambda: sheet.isVisible())
    return sheet


def test_actions_keep_the_scroll_position_and_the_focus(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    sheet = open_ines(window, qtbot)
    bar = sheet.assets_scroll.verticalScrollBar()
    assert bar.maximum() > 0, "the list must scroll for this test to mean anything"
    bar.setValue(bar.maximum())
    scrolled = bar.value()

    begin = sheet.time_buttons["begin_scene"]
    begin.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is begin)
    begin.click()
    assert "In a scene" in sheet.subtitle.text()
    assert bar.value() == scrolled
    focus = QApplication.focusWidget()
    assert focus is not window.roster.search
    assert focus is sheet or sheet.isAncestorOf(focus)

    key = ("coil-rifle", "aimed shot")
    sheet.use_buttons[key].setFocus()
    sheet.use_buttons[key].click()
    assert sheet.status_labels["coil-rifle"].text() == "Tapped (aimed shot)"
    assert bar.value() == scrolled
    focus = QApplication.focusWidget()
    assert focus is not window.roster.search
    assert focus is sheet or sheet.isAncestorOf(focus)

    end_scene = sheet.time_buttons["end_scene"]
    end_scene.setFocus()
    end_scene.click()
    assert bar.value() == scrolled
    focus = QApplication.focusWidget()
    assert focus is sheet or sheet.isAncestorOf(focus)
