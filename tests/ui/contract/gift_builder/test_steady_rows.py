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


def test_effects_passed_over_on_step_2_make_no_rows(open_builder, qtbot) -> None:  # type: ignore[no-untyped-def]
    """A player clicking through Effects on step 2 waits for no Customise rows: the rows of
    an Effect are made once step 4 is shown, for the Effect chosen last, then updated in
    place. The shipped catalog (resources/gifts/effects/offensive.toml) gives Afflict an
    Enhancement Injure lacks, Contagious, so the rows shown are the last Effect's."""
    from PySide6.QtCore import Qt

    from ui.contract.gift_builder.customise_page import ModifierRow

    dialog = open_builder(won(1))
    dialog.start_page.scratch.click()
    click(qtbot, dialog.type_page.buttons["power"])
    dialog.next.click()
    page = dialog.effect_page
    for effect in ("injure", "afflict", "injure", "afflict"):
        page.select(effect)
        qtbot.mouseClick(page.use, Qt.MouseButton.LeftButton)
        assert dialog.controller.draft.effect == effect
    customise = dialog.customise_page
    assert customise.findChildren(ModifierRow) == []  # step 4 not shown: nothing made yet

    dialog.go(Step.CUSTOMISE)
    made = customise.findChildren(ModifierRow)
    expected = dialog.catalog.modifiers_for("afflict")
    assert sorted(row.modifier.id for row in made) == sorted(expected)
    assert "Contagious" in [row.modifier.name for row in made]
    assert all(not row.isHidden() for row in made)

    click(qtbot, customise.rows["contagious"].check)
    assert dialog.controller.draft.enhancements[0].id == "contagious"
    assert customise.findChildren(ModifierRow) == made  # a click updates, makes nothing
