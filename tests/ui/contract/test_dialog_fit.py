"""A dialog dragged to its least width keeps every wrapped line whole, at 1.5× and 2× the font.

A window's height does not follow its layout's height-for-width: narrowed to its
least width, the Therapy dialog (1.5×) cut its help note from 134 to 113 pixels,
the Declare Death dialog (2×) from 228 to 200. Both kinds of dialog, those that end
in an operation and the small field forms of the sheet, are now held to the height
their lines need at the width they have, and so are the Print dialog and the review
window's key dialogs. The Spend Exp dialog is never narrower than its table's columns.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QDialog

from tests.ui.contract.test_sheet_fit import _at_one_and_a_half, _cut_short, open_ines
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.dialogs.spend import SpendExpDialog
from ui.main_window import MainWindow
from ui.print_dialog import PrintDialog


def _assert_whole_at_least_width(dialog: QDialog, qtbot) -> None:
    """``dialog`` dragged to its least width (and least height): its lines whole."""
    dialog.resize(dialog.minimumWidth(), dialog.minimumHeight())

    def whole() -> None:
        layout = dialog.layout()
        assert dialog.width() == dialog.minimumWidth()
        assert dialog.height() >= layout.totalMinimumHeightForWidth(dialog.width())
        assert _cut_short(dialog) == []

    qtbot.waitUntil(whole, timeout=3000)


@pytest.mark.parametrize(("key", "scale"), [("therapy", 1.5), ("declare_death", 2.0)])
def test_an_operation_dialog_at_its_least_width_shows_its_help_whole(
    app: QApplication, examples_window: MainWindow, qtbot, key: str, scale: float
) -> None:
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        open_ines(window)  # she has a Trauma to treat
        window.actions[key].trigger()
        dialog = window.current_dialog
        assert isinstance(dialog, QDialog)
        qtbot.waitUntil(lambda: dialog.font().pointSizeF() == big.pointSizeF())
        _assert_whole_at_least_width(dialog, qtbot)
        # widened again, it may be as short as its fewer lines allow
        tall = dialog.minimumHeight()
        dialog.resize(dialog.width() * 2, dialog.height())
        qtbot.waitUntil(lambda: dialog.minimumHeight() < tall)
        dialog.reject()


def test_a_field_form_at_its_least_width_shows_its_help_whole(app: QApplication, qtbot) -> None:
    holder = QDialog()
    qtbot.addWidget(holder)
    with _at_one_and_a_half(app, holder, qtbot, 2.0):
        form = FormDialog(
            "Injury",
            [Field("description", "&What happened", required=True)],
            help_text="Severity is the damage taken. Injuries of Severity 4 or more worsen "
            "until stabilized and leave a Battle Scar.",
        )
        qtbot.addWidget(form)
        form.show()
        qtbot.waitExposed(form)
        _assert_whole_at_least_width(form, qtbot)


def test_the_print_dialog_for_every_character_shows_its_note_whole(
    app: QApplication, qtbot
) -> None:
    """Its note ("One PDF per character...") lost a line's bottom at its least width, 2×."""
    holder = QDialog()
    qtbot.addWidget(holder)
    with _at_one_and_a_half(app, holder, qtbot, 2.0):
        dialog = PrintDialog(None, "every character", many=True)
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        _assert_whole_at_least_width(dialog, qtbot)


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_spend_exp_table_never_scrolls_sideways(
    app: QApplication, examples_window: MainWindow, qtbot, scale: float
) -> None:
    """Its columns sized to their contents, "Why not" held at 100 pixels as the last
    section: at 1.5× the font the table was 10 pixels short and scrolled by a column
    (at 1×, once the dialog was narrowed). The dialog is now never narrower than them."""
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        open_ines(window)
        window.actions["spend_exp"].trigger()
        dialog = window.current_dialog
        assert isinstance(dialog, SpendExpDialog)
        qtbot.waitUntil(lambda: dialog.font().pointSizeF() == big.pointSizeF())
        table = dialog.table

        def fits() -> None:
            assert table.horizontalScrollBar().maximum() == 0
            assert table.horizontalHeader().length() <= table.viewport().width()

        for size in (dialog.size(), dialog.minimumSize()):  # its first size, and its least
            dialog.resize(size)
            qtbot.waitUntil(fits, timeout=3000)
            qtbot.wait(50)
            fits()
        dialog.reject()
