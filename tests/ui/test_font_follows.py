"""Titles and headings follow a font the user enlarges while the app runs.

Body text takes the application font; a page title ("No contractor open", a sheet's
name) was a fixed 16 points and a section heading 1.25 times the font it was made
with, so once the font doubled, headings were smaller than the text under them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QLabel

from ui.main_window import MainWindow
from ui.widgets.common import heading


def test_titles_and_headings_grow_with_the_font_and_come_back_with_it(
    app: QApplication, open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window = open_window(library_path)
    window.show()
    title = next(w for w in window.findChildren(QLabel) if w.text() == "No contractor open")
    section = heading("Gifts")
    sub = heading("System", level=2)
    qtbot.addWidget(section)
    qtbot.addWidget(sub)
    section.ensurePolished()  # the style sheet sizes a label when it is polished
    sub.ensurePolished()
    old = app.font()
    points = old.pointSizeF()
    assert title.font().pointSizeF() == 16
    assert section.font().pointSizeF() == points * 1.25
    assert section.font().bold() and sub.font().bold()
    assert sub.font().pointSizeF() == points
    big = QFont(old)
    big.setPointSizeF(points * 2)
    try:
        app.setFont(big)
        qtbot.waitUntil(lambda: title.font().pointSizeF() == 32, timeout=5000)
        assert section.font().pointSizeF() == points * 2 * 1.25
        assert sub.font().pointSizeF() == points * 2 and sub.font().bold()
    finally:
        app.setFont(old)
    qtbot.waitUntil(lambda: title.font().pointSizeF() == 16, timeout=5000)
    assert section.font().pointSizeF() == points * 1.25


def test_the_dice_just_rolled_stay_half_again_the_font_when_it_changes(
    app: QApplication, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """The rolled dice are read across the table at 1.5 times the text, and the Outcome in
    bold: both were set from the font the panel was made with, so an enlarged desktop
    font left the dice smaller than the text around them."""
    from ui.contract.dice_roll import RollSection

    section = RollSection(lambda: None)
    qtbot.addWidget(section)
    old = app.font()
    points = old.pointSizeF()
    assert section.dice_label.font().pointSizeF() == round(points * 1.5, 2)
    assert not section.dice_label.font().bold()
    assert section.outcome_label.font().bold()
    big = QFont(old)
    big.setPointSizeF(points * 2)
    try:
        app.setFont(big)
        qtbot.waitUntil(
            lambda: section.dice_label.font().pointSizeF() == round(points * 3, 2), timeout=5000
        )
        qtbot.waitUntil(
            lambda: section.outcome_label.font().pointSizeF() == points * 2, timeout=5000
        )
        assert section.outcome_label.font().bold()
    finally:
        app.setFont(old)
    qtbot.waitUntil(
        lambda: section.dice_label.font().pointSizeF() == round(points * 1.5, 2), timeout=5000
    )
