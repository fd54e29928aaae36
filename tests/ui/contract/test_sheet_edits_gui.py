"""Edits a sheet needs over years, from the Gifts tab (issue 31 item 4)."""

from __future__ import annotations

from PySide6.QtWidgets import QMessageBox

from builder.contract.character import Gift, GiftChangeKind, Outcome
from builder.contract.gifts.evaluate import evaluate_gift
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.catalog import gift_catalog
from ui.main_window import MainWindow


def _with_gift(window: MainWindow) -> Gift:
    """One victory: one Gift Credit, spent on a stock Gift of Gift Cost 1."""
    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    stock = gift_catalog().stock["graveside_whisper"]
    evaluation = evaluate_gift(stock.draft, gift_catalog())
    gift = Gift("whisper", stock.draft, evaluation.cost, evaluation.system_text)
    window.run_operation(lambda: window.ops.add_gift(window.contractor, gift, "2025-05-01"))
    return gift


def _press(box: QMessageBox, text: str) -> None:
    button = next(b for b in box.buttons() if b.text().replace("&", "") == text)
    button.click()


def test_remove_gift_asks_then_refunds_and_undo_puts_it_back(window: MainWindow) -> None:
    """The Gift's 1 Gift Credit comes back: 0 → 1 available; Undo makes it 0 again."""
    gift = _with_gift(window)
    tab = window.sheet.gifts_tab
    assert tab.rewards.text().startswith("Gift Credits available: 0")
    tab.table.table.selectRow(0)
    tab.table.remove_button.click()
    box = window.current_dialog
    assert box is tab.remove_box
    assert "1 Gift Credit(s) and 0 Improvement(s)" in box.informativeText()
    _press(box, "Cancel")
    assert tab.table.row_count() == 1

    tab.table.remove_button.click()
    _press(window.current_dialog, "Remove Gift")
    assert tab.table.row_count() == 0
    assert tab.rewards.text().startswith("Gift Credits available: 1")
    last = window.contractor.ledger[-1]
    assert (last.kind, last.gift_id, last.credits) == (GiftChangeKind.REMOVED, gift.id, -1)

    window.actions["undo"].trigger()
    assert tab.table.row_count() == 1
    assert tab.rewards.text().startswith("Gift Credits available: 0")


def test_revise_limits_from_the_concept_tab_is_dated_and_undoable(window: MainWindow) -> None:
    """Murder → Sacrilege, an alternative Limit of the catalog: the Limits table shows it, the
    ledger's last entry is the dated revision, Undo puts Murder back."""
    from builder.contract.character import LimitsRevised

    create_contractor(window)
    tab = window.sheet.concept_tab
    before = window.contractor.limits
    tab.limits_button.click()
    form = window.current_dialog
    assert form is tab.limits_form
    assert form.values()["limit2"] == "Murder"
    form.editors["limit2"].setText("sacrilege")
    form.editors["date"].setText("2026-05-01")
    form.accept()
    assert [tab.limits.cell(r, 0) for r in range(3)] == ["Anguish", "Atrocities", "Sacrilege"]
    last = window.contractor.ledger[-1]
    assert isinstance(last, LimitsRevised)
    assert (last.date, last.before) == ("2026-05-01", before)
    window.actions["undo"].trigger()
    assert tab.limits.cell(2, 0) == "Murder"
    assert window.contractor.limits == before


def test_duplicate_opens_the_builder_on_a_copy_and_spends_only_when_saved(
    window: MainWindow, qtbot
) -> None:
    """Two victories: 2 Gift Credits; the first Gift spends one. Duplicating opens a draft
    named "… (copy)" with nothing spent (still 1 available); saving it spends the second
    ("A Gift may only be given to a Contractor who has enough available Gift Credits")."""
    from PySide6.QtCore import Qt

    from tests.ui.contract.gift_builder.conftest import answer

    gift = _with_gift(window)
    record(window, "Second Harbor", Outcome.VICTORY)
    tab = window.sheet.gifts_tab
    assert tab.rewards.text().startswith("Gift Credits available: 1")
    tab.table.table.selectRow(0)
    tab.duplicate_button.click()
    builder = window.current_dialog
    assert builder is tab.builder and builder.existing is None
    assert builder.controller.draft.name == f"{gift.draft.name} (copy)"
    assert builder.controller.draft.effect == gift.draft.effect
    assert len(window.contractor.gifts) == 1
    assert tab.rewards.text().startswith("Gift Credits available: 1")
    assert builder.save.isEnabled()
    asked = answer(builder)
    qtbot.mouseClick(builder.save, Qt.MouseButton.LeftButton)
    assert asked == [f"Spend 1 Gift Credit on {gift.draft.name} (copy)?"]
    assert [g.draft.name for g in window.contractor.gifts] == [
        gift.draft.name,
        f"{gift.draft.name} (copy)",
    ]
    assert tab.rewards.text().startswith("Gift Credits available: 0")


def test_gifts_tab_at_1280_by_800_shows_duplicate_and_remove(window: MainWindow) -> None:
    _with_gift(window)
    window.resize(1280, 800)
    window.show()
    tab = window.sheet.gifts_tab
    window.sheet.tabs.setCurrentWidget(tab)
    tab.table.table.selectRow(0)
    assert tab.duplicate_button.isEnabled() and tab.table.remove_button.isEnabled()
    assert tab.table.remove_button.text().replace("&", "") == "Remove Gift…"


def test_extended_description_typed_in_the_builder_shows_on_the_gifts_tab(
    window: MainWindow, qtbot
) -> None:
    from PySide6.QtCore import Qt

    from tests.ui.contract.gift_builder.conftest import answer

    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    tab = window.sheet.gifts_tab
    tab.table.add_button.click()
    builder = window.current_dialog
    builder.start_page.select("stock:graveside_whisper")
    qtbot.mouseClick(builder.start_page.use, Qt.MouseButton.LeftButton)
    builder.flavor_page.extended.setPlainText("Taught by a gravedigger in Lisbon.")
    assert builder.controller.draft.extended_description == "Taught by a gravedigger in Lisbon."
    answer(builder)
    qtbot.mouseClick(builder.save, Qt.MouseButton.LeftButton)
    assert window.contractor.gifts[0].draft.extended_description == (
        "Taught by a gravedigger in Lisbon."
    )
    tab.table.table.selectRow(0)
    assert tab.extended.text() == "Taught by a gravedigger in Lisbon."
    assert not tab.extended.isHidden() and not tab.extended_title.isHidden()
    window.resize(1280, 800)
    window.sheet.tabs.setCurrentWidget(tab)


def test_a_gift_without_an_extended_description_hides_the_heading(window: MainWindow) -> None:
    _with_gift(window)
    tab = window.sheet.gifts_tab
    tab.table.table.selectRow(0)
    assert tab.extended.isHidden() and tab.extended_title.isHidden()
