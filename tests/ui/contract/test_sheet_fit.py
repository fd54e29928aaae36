"""The sheet fits a 1280-pixel window with the app font at 1.5×: no sideways scroll.

At 1.5× the sheet once asked for 929 pixels where its scroll area had 754: the
header's figures line and its check sat on one line that could not wrap, the
name and the two header buttons on another, and the Exp tab put its two figure
columns side by side whatever the width. Those now wrap or stack when short of
room, and stay side by side when there is room for them.
"""

from __future__ import annotations

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QScrollArea

from ui.main_window import MainWindow
from ui.style import apply_theme


def _scroll_area(window: MainWindow) -> QScrollArea:
    widget = window.sheet.parentWidget()
    while not isinstance(widget, QScrollArea):
        widget = widget.parentWidget()
    return widget


def _contractors(window: MainWindow) -> list[str]:
    library = window.workspace.library
    return [line.id for line in window.roster.lines() if library.system_of(line.id) == "contract"]


def test_every_tab_fits_1280_pixels_at_one_and_a_half_times_the_font(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    old = app.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 1.5)
    try:
        app.setFont(big)
        apply_theme(app)
        contractors = _contractors(window)
        assert len(contractors) >= 3
        for contractor in contractors:
            assert window.open_character(contractor)
            sheet = window.sheet
            qtbot.waitUntil(lambda s=sheet: s.font().pointSizeF() == big.pointSizeF())
            area = _scroll_area(window)
            for i in range(sheet.tabs.count()):
                sheet.tabs.setCurrentIndex(i)

                def fits(s=sheet, a=area) -> None:
                    assert s.minimumSizeHint().width() <= a.viewport().width()
                    assert a.horizontalScrollBar().maximum() == 0

                qtbot.waitUntil(fits, timeout=3000)
            # side by side exactly when the parts fit so (else one under another)
            for row in (sheet.top, sheet.exp_tab.top):
                assert row.side_by_side() == (row.width() >= row.row_width())
    finally:
        app.setFont(old)
        apply_theme(app)


def test_with_room_the_header_and_the_exp_columns_stay_side_by_side(
    examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_character(_contractors(window)[0])
    sheet = window.sheet
    sheet.tabs.setCurrentWidget(sheet.exp_tab)
    qtbot.waitUntil(lambda: sheet.top.side_by_side() and sheet.exp_tab.top.side_by_side())
    assert _scroll_area(window).horizontalScrollBar().maximum() == 0
