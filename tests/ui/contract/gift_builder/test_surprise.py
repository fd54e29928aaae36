"""The Gift Builder's "Surprise me" (issue 31, item 8): a random legal Gift, one undo step."""

from __future__ import annotations

from PySide6.QtCore import Qt

from builder.contract.gifts.surprise import MAX_SURPRISE_COST
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status
from tests.ui.contract.gift_builder.conftest import expected, won
from tests.ui.contract.gift_builder.test_saving import save
from ui.contract.gift_builder import Step
from ui.contract.gift_builder.controller import EMPTY_DRAFT


def test_surprise_me_fills_the_builder_with_a_gift_the_contractor_can_save(
    open_builder, qtbot
) -> None:
    """Twelve victories: Seasoned ("Seasoned 10–16") with 12 Gift Credits. The drawn Gift
    is saveable at cost 1 to 3; it is one undo step; named, it saves and spends its cost."""
    mara = won(12)
    report = evaluate_sheet(mara)
    assert (report.status, report.rewards.credits_available) == (Status.SEASONED, 12)
    dialog = open_builder(mara)
    steps = dialog.controller.undo_stack.count()
    qtbot.mouseClick(dialog.start_page.surprise, Qt.MouseButton.LeftButton)
    draft = dialog.controller.draft
    assert draft != EMPTY_DRAFT and draft.effect and draft.style and draft.gift_type
    assert dialog.steps.currentIndex() == Step.CUSTOMISE
    evaluation = dialog.controller.evaluation
    assert evaluation == expected(dialog)
    assert evaluation.saveable and 1 <= evaluation.cost <= MAX_SURPRISE_COST
    assert dialog.controller.undo_stack.count() == steps + 1
    assert dialog.controller.undo_stack.undoText().startswith("Surprise me (seed ")
    assert not dialog.start_page.surprise_problem.isVisible()

    dialog.controller.undo_stack.undo()
    assert dialog.controller.draft == EMPTY_DRAFT
    dialog.controller.undo_stack.redo()
    assert dialog.controller.draft == draft

    dialog.controller.set_name("Lucky Draw")
    result = save(dialog, qtbot)
    gift = result.plan.contractor.gifts[-1]
    assert (gift.draft.effect, gift.cost) == (draft.effect, evaluation.cost)
    after = evaluate_sheet(result.plan.contractor)
    assert after.rewards.credits_available == 12 - evaluation.cost


def test_without_a_gift_credit_surprise_me_says_why_and_changes_nothing(
    open_builder, qtbot
) -> None:
    """No victories, no Gift Credit: a new Gift "needs a Gift Credit"."""
    dialog = open_builder(won(0))
    steps = dialog.controller.undo_stack.count()
    qtbot.mouseClick(dialog.start_page.surprise, Qt.MouseButton.LeftButton)
    assert dialog.controller.draft == EMPTY_DRAFT
    assert dialog.controller.undo_stack.count() == steps
    problem = dialog.start_page.surprise_problem
    assert problem.isVisible()
    assert problem.text().startswith("No surprise: no unspent Gift Credit (0)")


def test_the_player_s_name_and_words_are_kept_on_the_drawn_gift(open_builder) -> None:
    dialog = open_builder(won(1))
    dialog.controller.set_name("Second Wind")
    dialog.controller.end_typing()
    dialog.controller.set_description("A breath that is not mine.")
    dialog.controller.end_typing()
    seeded = dialog.controller.surprise(seed=3)
    assert seeded.surprise.draft.name == "Second Wind"
    assert seeded.surprise.draft.description == "A breath that is not mine."
    assert dialog.controller.surprise(seed=3) == seeded


def test_surprise_me_is_off_while_revising_a_held_gift(open_builder, qtbot) -> None:
    """A surprise is a new Gift; revising a held one keeps its Effect."""
    mara = won(1)
    dialog = open_builder(mara)
    qtbot.mouseClick(dialog.start_page.surprise, Qt.MouseButton.LeftButton)
    dialog.controller.set_name("Held")
    saved = save(dialog, qtbot).plan.contractor
    again = open_builder(saved, saved.gifts[-1])
    assert not again.start_page.surprise.isEnabled()
    assert not again.controller.can_surprise
