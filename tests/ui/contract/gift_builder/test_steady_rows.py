"""Steady screens (issue 33, item 7): on the Customise page a reason appearing on one row
("Not available: excludes Blast") does not move the rows under the pointer.

Rules (the-contract-rules.txt, Injure): Point-Blank, a Drawback for a lone target,
cannot go with the Blast Enhancement.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint

from tests.ui.contract.gift_builder.conftest import click, won
from tests.ui.contract.gift_builder.test_restrictions import injure
from ui.contract.gift_builder import Step


def places(dialog) -> dict[str, tuple[int, int]]:  # type: ignore[no-untyped-def]
    """Each row's top and height on the page."""
    page = dialog.customise_page
    return {
        mid: (row.mapTo(page, QPoint(0, 0)).y(), row.height()) for mid, row in page.rows.items()
    }


def test_a_reason_appearing_moves_no_row(open_builder, qtbot) -> None:  # type: ignore[no-untyped-def]
    dialog = open_builder(won(1))
    injure(dialog)
    dialog.go(Step.CUSTOMISE)
    rows = dialog.customise_page.rows
    qtbot.wait(20)
    before = places(dialog)
    assert rows["lone_target"].reason.isHidden()

    click(qtbot, rows["blast"].check)
    qtbot.wait(20)
    assert rows["lone_target"].reason.text() == "Not available: excludes Blast"
    assert not rows["lone_target"].reason.isHidden()
    assert places(dialog) == before
