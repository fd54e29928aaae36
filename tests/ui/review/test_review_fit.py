"""The review window's approval panel at 1× and 1.5× the font: nothing of it cut.

At 1.5× the panel's column is narrow, and the "Sign with my leader key" check beside
the approver's name left the name field a few letters wide ("you…"): a name typed
there could not be read back. The check now goes under the name when both do not fit
beside each other, and the name keeps room for ten "M".
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.contract.test_sheet_fit import _at_one_and_a_half, _cut_short
from tests.ui.review.conftest import EXAMPLES
from ui.review import ReviewWindow
from ui.review.approval_panel import NAME_EMS


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
