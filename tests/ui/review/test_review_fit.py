"""The review window's approval panel at 1× and 1.5× the font, and its Trusted keys
dialog at 2×: nothing of them cut.

At 1.5× the panel's column is narrow, and the "Sign with my leader key" check beside
the approver's name left the name field a few letters wide ("you…"): a name typed
there could not be read back. The check now goes under the name when both do not fit
beside each other, and the name keeps room for ten "M".
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication, QWidget

from tests.ui.contract.test_dialog_fit import _assert_whole_at_least_width
from tests.ui.contract.test_sheet_fit import _at_one_and_a_half, _cut_short
from tests.ui.review.conftest import EXAMPLES
from ui.review import ReviewWindow
from ui.review.approval_panel import NAME_EMS
from ui.review.keys import LeaderKeyDialog, TrustedKeysDialog


@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_the_approvers_name_and_the_sign_check_are_whole_at_any_font(
    app: QApplication, qtbot, open_files, scale: float
) -> None:
    window = ReviewWindow()
    qtbot.addWidget(window)
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        open_files(window, [EXAMPLES / "seasoned-ines-varga.json"])
        panel = window.approval
        qtbot.waitUntil(lambda: panel.font().pointSizeF() == big.pointSizeF())
        name, sign = panel.approver, panel.sign

        def whole() -> None:
            assert name.width() >= name.fontMetrics().horizontalAdvance("M") * NAME_EMS
            assert sign.width() >= sign.sizeHint().width()
            assert _cut_short(panel) == []
            # side by side exactly when both fit so, else the check under the name
            row = panel.by_row
            assert row.side_by_side() == (row.width() >= row.row_width())

        qtbot.waitUntil(whole, timeout=3000)
        if scale == 1.0:  # room enough at 1280 pixels: the check stays beside the name
            assert panel.by_row.side_by_side()
            assert sign.geometry().top() < name.geometry().bottom()


def test_the_trusted_keys_dialog_shows_its_words_whole_at_twice_the_font(
    app: QApplication, qtbot
) -> None:
    """Its two notes wrap above the table: at 2× the font its first size (720 pixels
    wide) cut the first note by a line, and its least width cut both to one line."""
    holder = QWidget()
    qtbot.addWidget(holder)
    with _at_one_and_a_half(app, holder, qtbot, 2.0):
        dialog = TrustedKeysDialog()
        qtbot.addWidget(dialog)
        dialog.show()
        qtbot.waitExposed(dialog)
        qtbot.waitUntil(lambda: _cut_short(dialog) == [], timeout=3000)
        _assert_whole_at_least_width(dialog, qtbot)


def test_the_leader_key_dialog_dragged_to_its_least_size_shows_its_words_whole(
    app: QApplication, qtbot
) -> None:
    """Its least height was measured without its width: dragged to it, its four-line
    introduction showed one line (20 pixels of 42)."""
    dialog = LeaderKeyDialog("A" * 44, "/home/player/.config/harbinger/leader-key.pem")
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    _assert_whole_at_least_width(dialog, qtbot)
