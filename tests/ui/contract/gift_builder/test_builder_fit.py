"""The Gift Builder's Customise and Name & Save pages at 1× and 2× the font: nothing cut.

At 2× the font a Parameter's name, its levels and its System Text sat on one line,
and so did an Effect's roll with its two boxes: Ines Varga's Ember Lance made the
page scroll sideways (24 pixels at the builder's first size, 123 at its least), the
System Text cut to "Syste". Each row now puts its parts one under another when they
do not fit side by side, and keeps them side by side when they do. So does the
Name & Save page's free crafted item: its name under its check when both do not fit.
"""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication

from tests.ui.contract.test_sheet_fit import _at_one_and_a_half, _cut_short, _sideways, open_ines
from ui.contract.gift_builder import GiftBuilderDialog
from ui.contract.gift_builder.dialog import Step
from ui.contract.gift_builder.flavor_page import CRAFT_NAME_EMS
from ui.main_window import MainWindow
from ui.widgets.reflow import ReflowRow


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_customise_page_never_scrolls_sideways(
    app: QApplication, examples_window: MainWindow, qtbot, scale: float
) -> None:
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        open_ines(window)
        window.sheet.gifts_tab.open_builder(0)  # Ember Lance: a roll to pick, two Parameters
        builder = window.current_dialog
        assert isinstance(builder, GiftBuilderDialog)
        qtbot.waitUntil(lambda: builder.font().pointSizeF() == big.pointSizeF())
        builder.go(Step.CUSTOMISE)
        page = builder.customise_page
        rows = page.findChildren(ReflowRow)
        assert len(rows) == 3  # the roll, Range and Weapon Damage

        def whole() -> None:
            assert _sideways(page) == []
            assert _cut_short(page) == []
            assert all(r.side_by_side() == (r.width() >= r.row_width()) for r in rows)

        for size in (builder.size(), builder.minimumSize()):
            builder.resize(size)
            qtbot.waitUntil(whole, timeout=3000)
        if scale == 1.0:  # room enough even at the builder's least size
            assert all(r.side_by_side() for r in rows)
        builder.done(0)


@pytest.mark.parametrize("scale", [1.0, 2.0])
def test_the_free_crafted_items_name_has_room_at_any_font(
    app: QApplication, examples_window: MainWindow, qtbot, scale: float
) -> None:
    """Beside "Craft the free Artifact when saving:" the item's name field was left about
    90 pixels ("Nam…") at 2× the font; it now goes under the check when both do not fit,
    and keeps ten "M"."""
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        open_ines(window)
        window.sheet.gifts_tab.open_builder(0)
        builder = window.current_dialog
        assert isinstance(builder, GiftBuilderDialog)
        qtbot.waitUntil(lambda: builder.font().pointSizeF() == big.pointSizeF())
        builder.controller.choose_type("artifact_crafting")  # the free Artifact is offered
        builder.go(Step.FLAVOR)
        page = builder.flavor_page
        name, check, row = page.craft_name, page.craft_check, page.craft_row
        qtbot.waitUntil(lambda: name.isVisible())

        def roomy() -> None:
            assert name.width() >= name.fontMetrics().horizontalAdvance("M") * CRAFT_NAME_EMS
            assert check.width() >= check.sizeHint().width()
            assert row.side_by_side() == (row.width() >= row.row_width())
            assert _sideways(page) == []

        qtbot.waitUntil(roomy, timeout=3000)
        if scale == 1.0:
            assert row.side_by_side()
        builder.done(0)
