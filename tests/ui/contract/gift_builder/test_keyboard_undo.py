"""Undo/redo of builder steps and keyboard use end to end (Tab, Space, Ctrl+Z/Ctrl+Shift+Z,
Ctrl+F, Ctrl+S, Esc), and the window at its smallest supported size."""

from __future__ import annotations

import itertools

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QDialog

from builder.contract.gifts import GiftDraft, ModifierChoice
from tests.ui.contract.gift_builder.conftest import answer, assert_live, click, won
from ui.contract.gift_builder import Step

CTRL = Qt.KeyboardModifier.ControlModifier
CTRL_SHIFT = Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier


def focused():  # type: ignore[no-untyped-def]
    return QApplication.focusWidget()


def activate(qtbot, dialog) -> None:  # type: ignore[no-untyped-def]
    dialog.activateWindow()
    qtbot.waitUntil(dialog.isActiveWindow)


def test_undo_and_redo_restore_each_draft(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    drafts = [dialog.controller.draft]
    click(qtbot, dialog.type_page.buttons["power"])
    drafts.append(dialog.controller.draft)
    dialog.effect_page.select("injure")
    dialog.effect_page.use.click()
    drafts.append(dialog.controller.draft)
    rows = dialog.customise_page.rows
    for mid in ("armor_piercing", "blast", "backlash"):
        click(qtbot, rows[mid].check)
        drafts.append(dialog.controller.draft)
    assert all(a != b for a, b in itertools.pairwise(drafts))
    assert dialog.undo_action.text() == "&Undo Take Backlash"

    for draft in reversed(drafts[:-1]):
        dialog.undo_action.trigger()
        assert dialog.controller.draft == draft
        assert_live(dialog)
    assert not dialog.undo_action.isEnabled()
    for draft in drafts[1:]:
        dialog.redo_action.trigger()
        assert dialog.controller.draft == draft
        assert_live(dialog)
    # the rows follow the draft after an undo as well
    dialog.undo_action.trigger()
    assert not rows["backlash"].check.isChecked()
    assert rows["blast"].check.isChecked()


def test_keyboard_only_build(open_builder, qtbot) -> None:
    """Ctrl+F, type, Enter; Tab to a row, Space; Ctrl+Z / Ctrl+Shift+Z; Ctrl+S saves."""
    dialog = open_builder(won(1))
    activate(qtbot, dialog)
    click(qtbot, dialog.type_page.buttons["power"])

    qtbot.keyClick(dialog, Qt.Key.Key_F, CTRL)
    assert dialog.steps.currentIndex() == Step.EFFECT
    assert focused() is dialog.effect_page.search
    qtbot.keyClicks(dialog.effect_page.search, "injure")
    qtbot.keyClick(dialog.effect_page.search, Qt.Key.Key_Return)
    assert dialog.controller.draft.effect == "injure"
    assert dialog.isVisible()  # Enter chose the Effect; it did not press a dialog button

    qtbot.keyClick(dialog, Qt.Key.Key_PageDown, CTRL)
    assert dialog.steps.currentIndex() == Step.STYLE
    qtbot.keyClick(dialog, Qt.Key.Key_PageDown, CTRL)
    assert dialog.steps.currentIndex() == Step.CUSTOMISE

    rows = dialog.customise_page.rows
    rows["armor_piercing"].check.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is rows["unerring"].check
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    assert dialog.controller.choice("unerring") == ModifierChoice("unerring")
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "2"
    # Focus Item: Space takes it, Tab reaches its detail field, typing fills the detail
    rows["focus_item"].check.setFocus()
    qtbot.keyClick(focused(), Qt.Key.Key_Space)
    qtbot.keyClick(focused(), Qt.Key.Key_Tab)
    assert focused() is rows["focus_item"].detail
    qtbot.keyClicks(focused(), "a cracked monocle")
    assert dialog.controller.choice("focus_item") == ModifierChoice(
        "focus_item", "a cracked monocle"
    )
    assert dialog.results.cost_badge.text() == "1"

    # Ctrl+Z inside the detail field undoes the whole typing run, not one letter
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL)
    assert dialog.controller.choice("focus_item") == ModifierChoice("focus_item", "")
    assert rows["focus_item"].detail.text() == ""  # type: ignore[union-attr]
    qtbot.keyClick(focused(), Qt.Key.Key_Z, CTRL_SHIFT)
    assert dialog.controller.choice("focus_item") == ModifierChoice(
        "focus_item", "a cracked monocle"
    )
    assert rows["focus_item"].detail.text() == "a cracked monocle"  # type: ignore[union-attr]

    dialog.go(Step.FLAVOR)
    dialog.flavor_page.name.setFocus()
    qtbot.keyClicks(dialog.flavor_page.name, "Glass Needle")
    assert dialog.controller.draft.name == "Glass Needle"
    answer(dialog)
    with qtbot.waitSignal(dialog.gift_saved) as saved:
        qtbot.keyClick(dialog, Qt.Key.Key_S, CTRL)
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert saved.args[0].draft.name == "Glass Needle"
    assert saved.args[0].plan.gift.cost == 1


def test_escape_cancels(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    activate(qtbot, dialog)
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    asked = answer(dialog, yes=False)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: bool(asked))
    assert asked == ["Discard this Gift?"]
    assert dialog.isVisible()  # "Go back" kept the work
    asked = answer(dialog)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: bool(asked))
    assert dialog.result() == QDialog.DialogCode.Rejected
    assert dialog.result_value is None


def test_typing_a_name_is_one_undo_step(open_builder, qtbot) -> None:
    dialog = open_builder(won(1))
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    dialog.go(Step.FLAVOR)
    qtbot.keyClicks(dialog.flavor_page.name, "Ember")
    assert dialog.controller.undo_stack.count() == 2
    dialog.undo_action.trigger()
    assert dialog.controller.draft.name == ""
    assert dialog.flavor_page.name.text() == ""
    # leaving the field ends the run: the next word is its own step
    dialog.redo_action.trigger()
    dialog.controller.end_typing()
    qtbot.keyClicks(dialog.flavor_page.name, " Lance")
    dialog.undo_action.trigger()
    assert dialog.controller.draft.name == "Ember"


def test_the_window_works_at_1024_by_700(open_builder, qtbot) -> None:
    dialog = open_builder(won(1), size=(1024, 700))
    assert (dialog.width(), dialog.height()) == (1024, 700)
    hint = dialog.minimumSizeHint()
    assert hint.width() <= 1024 and hint.height() <= 700
    steps, results = dialog.splitter.sizes()
    assert steps >= 560 and results >= 320
    dialog.controller.load(GiftDraft("power", "injure", "targeted"), "start")
    # the long Customise page scrolls instead of growing the window
    assert dialog.steps.currentIndex() == Step.START
    dialog.go(Step.CUSTOMISE)
    page = dialog.customise_page
    qtbot.waitUntil(lambda: page.scroll.verticalScrollBar().maximum() > 0)
    assert dialog.results.cost_badge.isVisible()
