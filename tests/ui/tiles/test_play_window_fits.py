"""The Covenants play window (issue 33, item 6): it fits a 1280×800 screen, and once the
game starts its setup form is gone, not left painted over the board."""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QLineEdit, QWidget

from ui.tiles.play_dialog import PlayTilesDialog

SCREEN = (1280, 800)
FRAME = 60  # room a desktop's title bar and panel take from 800 pixels


def test_the_setup_form_goes_and_the_board_fits_1280_by_800(qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = PlayTilesDialog(seed=4)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    setup = [
        w
        for w in dialog.findChildren(QWidget)
        if isinstance(w, QComboBox | QLineEdit) and w.isVisible()
    ]
    assert {dialog.opponent, dialog.variant, dialog.first_name, dialog.second_name} <= set(setup)
    dialog.start()
    qtbot.wait(20)
    assert dialog.board is not None and dialog.board.isVisible()
    for widget in (dialog.opponent, dialog.variant, dialog.first_name, dialog.second_name):
        assert not widget.isVisible()
    assert not dialog.start_button.isVisible()
    # Nothing of the form overlaps the board: every visible widget outside the board is
    # the dialog's own frame around it.
    board_area = dialog.board.geometry()
    for widget in dialog.findChildren(QWidget):
        if widget.isVisible() and not dialog.board.isAncestorOf(widget):
            assert (
                widget is dialog.board
                or widget.isAncestorOf(dialog.board)
                or not (widget.geometry().intersects(board_area))
            ), widget
    hint = dialog.minimumSizeHint()
    assert hint.width() <= SCREEN[0] and hint.height() <= SCREEN[1] - FRAME
    assert dialog.width() <= SCREEN[0] and dialog.height() <= SCREEN[1] - FRAME
