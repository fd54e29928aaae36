"""Saving that never surprises (issue 15, item 10): a name first, a question before spending,
a question before discarding, buttons that stay put, and both Redo keys."""

from __future__ import annotations

from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import QDialog

from builder.contract.gifts import GiftDraft
from harbinger.app.contract.gift_saving import plan_save
from tests.ui.contract.gift_builder.conftest import answer, click, won
from ui.contract.gift_builder import Step

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def test_next_never_moves_across_a_whole_build(open_builder, qtbot) -> None:
    """The Undo/Redo labels change with every step; the Next button's geometry does not."""
    dialog = open_builder(won(1))
    seen: list[QRect] = []

    def record() -> None:
        qtbot.wait(1)  # let the layout settle after the step
        seen.append(dialog.next.geometry())
        seen.append(dialog.back.geometry())

    record()
    dialog.start_page.scratch.click()
    record()
    click(qtbot, dialog.type_page.buttons["power"])
    record()
    dialog.next.click()
    dialog.effect_page.select("injure")
    dialog.effect_page.use.click()
    record()
    dialog.go(Step.CUSTOMISE)
    rows = dialog.customise_page.rows
    for mid in ("armor_piercing", "blast", "backlash", "twin_strike", "lingering"):
        if rows[mid].check.isEnabled():
            click(qtbot, rows[mid].check)
            record()
    dialog.go(Step.FLAVOR)
    qtbot.keyClicks(dialog.flavor_page.name, "Reliquary Sting of the Long Winter Procession")
    record()
    dialog.undo_action.trigger()
    record()
    dialog.redo_action.trigger()
    record()
    assert "Take" in dialog.undo_button.toolTip() or "Name" in dialog.undo_button.toolTip()
    assert dialog.undo_button.text() == "Undo"
    nexts, backs = seen[0::2], seen[1::2]
    assert set(map(QRect.getRect, nexts)) == {nexts[0].getRect()}
    assert set(map(QRect.getRect, backs)) == {backs[0].getRect()}


def test_ctrl_shift_z_and_ctrl_y_both_redo(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)
    click(qtbot, dialog.type_page.buttons["power"])
    for key, mods in ((Qt.Key.Key_Z, CTRL_SHIFT), (Qt.Key.Key_Y, CTRL)):
        qtbot.keyClick(dialog, Qt.Key.Key_Z, CTRL)
        assert dialog.controller.draft.gift_type == ""
        qtbot.keyClick(dialog, key, mods)
        assert dialog.controller.draft.gift_type == "power", key
    texts = [k.toString() for k in dialog.redo_action.shortcuts()]
    assert len(texts) == len(set(texts))  # a key listed twice is an ambiguous shortcut


def test_no_save_without_a_name(open_builder, qtbot, catalog) -> None:
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    assert dialog.save.isEnabled()
    assert "name" in dialog.save.toolTip()
    asked = answer(dialog, tries=20)
    assert not dialog.save_gift()
    qtbot.wait(250)
    assert asked == []  # refused before any question
    assert dialog.steps.currentIndex() == Step.FLAVOR
    assert dialog.results.save_problem.text() == (
        "Cannot save: give the Gift a name before saving (step 5, Name & Save)"
    )
    plan = plan_save(won(1), GiftDraft("power", "injure", "targeted", name="  "), catalog)
    assert plan.refused


def test_saving_asks_first_and_no_keeps_the_window(open_builder, qtbot) -> None:
    dialog = open_builder(won(2))
    dialog.controller.load(
        GiftDraft(
            "power", "injure", "targeted", name="Reliquary Sting", parameters={"range": "far"}
        ),
        "start",
    )
    assert dialog.results.cost_badge.text() == "2"
    asked = answer(dialog, yes=False)
    assert not dialog.save_gift()
    assert asked == ["Spend 2 Gift Credits on Reliquary Sting?"]
    assert dialog.isVisible() and dialog.result_value is None


def test_cancel_asks_only_when_something_changed(open_builder, qtbot) -> None:
    untouched = open_builder(won(1))
    asked = answer(untouched, tries=20)
    untouched.cancel.click()
    assert untouched.result() == QDialog.DialogCode.Rejected
    assert asked == []

    changed = open_builder(won(1))
    changed.controller.load(GiftDraft("power", "injure", "targeted", name="Ember Lance"), "x")
    asked = answer(changed, yes=False)
    changed.cancel.click()
    assert asked == ["Discard the changes to Ember Lance?"]
    assert changed.isVisible()
    asked = answer(changed)
    changed.cancel.click()
    assert asked == ["Discard the changes to Ember Lance?"]
    assert changed.result() == QDialog.DialogCode.Rejected


def test_the_spend_line_is_shown_once_and_only_for_a_chosen_gift(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    assert dialog.results.rewards.text() == ""  # nothing chosen: nothing is spent yet
    dialog.controller.load(GiftDraft("power", "injure", "targeted", name="Ember Lance"), "x")
    dialog.go(Step.FLAVOR)
    assert dialog.results.rewards.text() == "Saving spends 1 Gift Credit"
    assert dialog.flavor_page.save_summary.isHidden()


def test_a_message_is_never_shown_twice(open_builder, qtbot) -> None:
    """Not enough Gift Credits: said once, on the rewards line; a refused Ctrl+S adds nothing
    that is already on screen."""
    dialog = open_builder(won(1))
    dialog.controller.load(
        GiftDraft("power", "injure", "targeted", name="Far Sting", parameters={"range": "far"}),
        "start",
    )
    results = dialog.results
    text = "a new Gift of cost 2 needs 2 Gift Credits"
    visible = [
        w.text() for w in (results.rewards, results.blocking, results.warnings) if w.isVisible()
    ]
    assert sum(t.count(text) for t in visible) == 1
    assert not dialog.save_gift()
    assert results.save_problem.text() == "Cannot save: see the problems listed above"
