"""A Gift saved from the builder through the library comes back unchanged, with its history."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from builder.contract.character import GiftChange, GiftChangeKind
from builder.contract.sheet import evaluate_sheet
from models import Library
from tests.ui.contract.gift_builder.conftest import DAY, answer, won


def test_save_through_the_library_and_reload(open_builder, qtbot, tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    mara = won(1)
    with Library.open(path) as library:
        library.save(mara)

    with Library.open(path) as library:
        stored = library.load(mara.id)
    dialog = open_builder(stored)
    dialog.start_page.select("stock:field_poultice")
    qtbot.mouseClick(dialog.start_page.use, Qt.MouseButton.LeftButton)
    dialog.flavor_page.craft_name.setText("Green paste")
    answer(dialog)
    with qtbot.waitSignal(dialog.gift_saved) as saved:
        assert dialog.save_gift()
    plan = saved.args[0].plan
    with Library.open(path) as library:
        library.save(plan.contractor)

    with Library.open(path) as library:
        again = library.load(mara.id)
        history = library.gift_history(mara.id, "field_poultice")
    assert again.gifts == plan.contractor.gifts
    assert again.stock.consumables == plan.contractor.stock.consumables
    note = "built as Consumable Crafting · Heal · Targeted"
    assert history == [GiftChange(DAY, "field_poultice", GiftChangeKind.NEW, 0, 1, 1, 0, note)]
    sheet = evaluate_sheet(again)
    assert sheet.rewards.credits_available == 0
    assert sheet.legal

    # the reloaded Gift opens in the builder for editing, unchanged
    edit = open_builder(again, again.gifts[0])
    assert edit.controller.draft == again.gifts[0].draft
    assert edit.results.cost_badge.text() == "1"
    assert edit.results.rewards.text() == "Saving spends nothing"
