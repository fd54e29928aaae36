"""Clickable rating dots (issue 16 item 5): where a rating may be set freely.

The creation wizard is that place ("Creating a Contractor": 150 Exp spent on
ratings before play); on the sheet, ratings change only by spending Exp, so its
dots stay a display. Prices ("Attributes and Abilities"): an Attribute costs
5 × its current rating per rank, so Brawn 1 → 3 costs 5 + 10 = 15 Exp.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from pytestqt.qtbot import QtBot

from ui.contract.wizard.wizard import CreationWizard
from ui.main_window import MainWindow
from ui.widgets.dots import Dots


def centre_of(dots: Dots, n: int) -> QPoint:
    """The middle of the n-th dot (1-based)."""
    d = dots._diameter()
    return QPoint(int(1 + (n - 1) * (d + d * 0.35) + d / 2), dots.height() // 2)


def test_an_editable_row_asks_for_the_clicked_rating(qtbot: QtBot) -> None:
    dots = Dots(2, 5)
    qtbot.addWidget(dots)
    dots.show()
    picked: list[int] = []
    dots.picked.connect(picked.append)
    qtbot.mouseClick(dots, Qt.MouseButton.LeftButton, pos=centre_of(dots, 4))
    assert picked == []  # a display only, until made editable
    dots.set_editable(True)
    qtbot.mouseClick(dots, Qt.MouseButton.LeftButton, pos=centre_of(dots, 4))
    qtbot.mouseClick(dots, Qt.MouseButton.LeftButton, pos=centre_of(dots, 2))
    qtbot.keyClick(dots, Qt.Key.Key_Right)
    qtbot.keyClick(dots, Qt.Key.Key_End)
    qtbot.keyClick(dots, Qt.Key.Key_Home)
    # 4; the filled last dot (2) steps down to 1; Right 3; End 5; Home 0.
    assert picked == [4, 1, 3, 5, 0]
    assert dots.value() == 2  # the owner decides and calls set_value


def test_clicking_a_dot_in_the_wizard_sets_the_rating_through_builder(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    assert isinstance(wizard, CreationWizard)
    while wizard.currentPage() is not wizard.ratings_page:
        wizard.next()
    page = wizard.ratings_page
    brawn = page.editors["brawn"]
    qtbot.waitExposed(brawn.dots)
    left = page.meter.exp_left()
    qtbot.mouseClick(brawn.dots, Qt.MouseButton.LeftButton, pos=centre_of(brawn.dots, 3))
    assert wizard.state.attributes["brawn"] == 3
    assert brawn.spin.value() == 3 and brawn.dots.value() == 3
    assert page.meter.exp_left() == left - 15
    # Clicking the first dot brings Brawn back to 1 (the lowest an Attribute goes).
    qtbot.mouseClick(brawn.dots, Qt.MouseButton.LeftButton, pos=centre_of(brawn.dots, 1))
    assert wizard.state.attributes["brawn"] == 1
    # A 6th Ability rank is refused with the reason, the dots keep 5.
    brawl = page.editors["brawl"]
    brawl.dots.picked.emit(5)
    brawl.dots.picked.emit(6)
    assert wizard.state.abilities["brawl"] == 5 and brawl.dots.value() == 5
    assert "a 6th rank needs Seasoned status" in page.refusal.text()


def test_the_sheets_dots_stay_a_display(window: MainWindow) -> None:
    row = window.sheet.stats_tab.attribute_rows["brawn"]
    assert not row.dots.editable()
