"""Saving from the builder: a new Gift spends a Gift Credit, an edit shows and records the
cost difference, crafting Gifts bring their free item ("Gift Credits and Improvements",
"Gift Cost", "Crafting")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import Qt

from builder.contract.character import (
    CraftedItem,
    GiftChange,
    GiftChangeKind,
    ImprovementGranted,
    ImprovementKind,
)
from builder.contract.gift_style_choice import choose_style
from builder.contract.gifts import evaluate_gift
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status
from builder.contract.website_archive import archive_contractor, parse_archive
from tests.ui.contract.gift_builder.conftest import DAY, answer, assert_live, click, won
from ui.contract.gift_builder import Step, plan_save


def start_from(dialog, qtbot, stock_id: str) -> None:  # type: ignore[no-untyped-def]
    dialog.start_page.select(f"stock:{stock_id}")
    qtbot.mouseClick(dialog.start_page.use, Qt.MouseButton.LeftButton)


def save(dialog, qtbot, question: str | None = None):  # type: ignore[no-untyped-def]
    """Click Save and confirm what it spends, as a player does (``question``: the one asked)."""
    asked = answer(dialog)
    with qtbot.waitSignal(dialog.gift_saved) as signal:
        qtbot.mouseClick(dialog.save, Qt.MouseButton.LeftButton)
    if question is not None:
        assert asked == [question]
    return signal.args[0]


def test_saving_a_new_gift_spends_the_gift_credit(open_builder, qtbot, catalog) -> None:
    """Mara's one victory earned one Gift Credit; Ember Lance (cost 1) spends it."""
    mara = won(1)
    assert evaluate_sheet(mara).rewards.credits_available == 1
    dialog = open_builder(mara)
    assert dialog.save.text() == "&Save to Mara Quill"
    start_from(dialog, qtbot, "ember_lance")
    assert dialog.results.rewards.text() == "Saving spends 1 Gift Credit"
    assert dialog.results.holdings.text() == (
        "Mara Quill has 1 Gift Credit and 0 Improvements unspent (Newbie)."
    )
    result = save(dialog, qtbot, "Spend 1 Gift Credit on Ember Lance?")

    plan = result.plan
    assert plan.kind is GiftChangeKind.NEW
    assert not plan.refused and plan.applied.accepted
    after = plan.contractor
    gift = after.gifts[-1]
    assert gift.id == "ember_lance"
    assert gift.draft == catalog.stock["ember_lance"].draft
    assert gift.cost == 1
    assert gift.system_text == evaluate_gift(gift.draft, catalog).system_text
    assert after.ledger[-1] == GiftChange(
        DAY, "ember_lance", GiftChangeKind.NEW, 0, 1, 1, 0, "built as Power · Injure · Targeted"
    )
    sheet = evaluate_sheet(after)
    assert sheet.rewards.credits_available == 0
    assert sheet.rewards.credits_spent == 1
    assert sheet.legal
    assert dialog.result_value is result


def test_editing_the_gift_later_shows_and_spends_the_difference(
    open_builder, qtbot, catalog
) -> None:
    """After saving Ember Lance, Mara GMs a Contract (an Improvement) and adds Unerring (+1)."""
    first = plan_save(won(1), catalog.stock["ember_lance"].draft, catalog, date=DAY)
    assert first.applied.accepted
    gm = ImprovementGranted(DAY, ImprovementKind.GM_CONTRACT)
    mara = replace(first.contractor, ledger=(*first.contractor.ledger, gm))
    report = evaluate_sheet(mara)
    # 1 victory: cap 2 × 1 − 1 Gift Credit earned = 1 Improvement
    assert (report.rewards.credits_available, report.rewards.improvements_available) == (0, 1)

    gift = mara.gifts[0]
    dialog = open_builder(mara, gift)
    assert dialog.windowTitle() == "Gift Builder — edit Ember Lance (Mara Quill)"
    assert dialog.steps.currentIndex() == Step.CUSTOMISE
    assert dialog.results.cost_delta.text() == "unchanged from 1"
    assert dialog.results.rewards.text() == "Saving spends nothing"
    assert dialog.save.text() == "&Save changes"

    click(qtbot, dialog.customise_page.rows["unerring"].check)
    assert_live(dialog)
    assert dialog.results.cost_badge.text() == "2"
    assert dialog.results.cost_delta.text() == "was 1: +1"
    assert dialog.results.rewards.text() == "Saving spends 1 Improvement"
    result = save(dialog, qtbot, "Spend 1 Improvement on Ember Lance?")

    plan = result.plan
    assert plan.kind is GiftChangeKind.IMPROVEMENT
    after = plan.contractor
    assert after.gifts[0].cost == 2
    assert after.ledger[-1] == GiftChange(
        DAY, "ember_lance", GiftChangeKind.IMPROVEMENT, 1, 2, 0, 1, "added Enhancement: Unerring"
    )
    sheet = evaluate_sheet(after)
    assert (sheet.rewards.credits_available, sheet.rewards.improvements_available) == (0, 0)
    assert sheet.legal

    # taking Unerring back off refunds the Improvement as a revision
    again = open_builder(after, after.gifts[0])
    click(qtbot, again.customise_page.rows["unerring"].check)
    assert again.results.cost_delta.text() == "was 2: −1"
    assert again.results.rewards.text() == "Saving refunds 1 Improvement"
    plan = save(again, qtbot, "Revise Ember Lance and refund 1 Improvement?").plan
    assert plan.kind is GiftChangeKind.REVISION
    assert plan.contractor.ledger[-1] == GiftChange(
        DAY, "ember_lance", GiftChangeKind.REVISION, 2, 1, 0, -1, "removed Enhancement: Unerring"
    )
    assert evaluate_sheet(plan.contractor).rewards.improvements_available == 1


def test_without_a_gift_credit_the_gift_cannot_be_saved(open_builder, qtbot) -> None:
    """No victories, no Gift Credit: the builder says so and the save stays off."""
    nobody = won(0)
    dialog = open_builder(nobody)
    start_from(dialog, qtbot, "ember_lance")
    assert dialog.results.rewards.text() == (
        "Saving a new Gift needs a Gift Credit, and none is unspent — not enough unspent rewards ✗"
    )
    assert not dialog.save.isEnabled()
    assert "none is unspent" in dialog.save.toolTip()
    assert not dialog.save_gift()
    assert "Cannot save" in dialog.results.save_problem.text()
    assert dialog.last_plan is not None and dialog.last_plan.refused
    assert dialog.last_plan.contractor is nobody


def test_a_consumable_crafting_gift_brings_its_free_consumable(open_builder, qtbot) -> None:
    """Field Poultice: one free Consumable of each such Gift per Downtime."""
    dialog = open_builder(won(1))
    start_from(dialog, qtbot, "field_poultice")
    dialog.go(Step.FLAVOR)
    page = dialog.flavor_page
    assert not page.craft_box.isHidden()
    assert page.craft_box.title() == "Free crafted Consumable"
    assert page.craft_check.isEnabled() and page.craft_check.isChecked()
    page.craft_name.setText("Green paste")
    assert page.free_item == "Green paste"
    plan = save(dialog, qtbot).plan
    after = plan.contractor
    assert after.stock.consumables == (CraftedItem("Green paste", "field_poultice"),)
    assert plan.craft is not None and plan.craft.accepted
    assert evaluate_sheet(after).exp.spent_total == evaluate_sheet(won(1)).exp.spent_total


def test_an_artifact_crafting_gift_offers_its_free_artifact_only_when_gained_or_improved(
    open_builder, qtbot, catalog
) -> None:
    """Moonsilver Edge: the free Artifact comes with the new Gift; a free re-wording does not."""
    dialog = open_builder(won(1))
    start_from(dialog, qtbot, "moonsilver_edge")
    dialog.go(Step.FLAVOR)
    assert dialog.flavor_page.craft_box.title() == "Free crafted Artifact"
    assert dialog.flavor_page.craft_check.isEnabled()
    plan = save(dialog, qtbot).plan
    after = plan.contractor
    assert after.stock.artifacts == (CraftedItem("Moonsilver Edge", "moonsilver_edge"),)

    # renaming it later spends nothing, so no free copy is owed
    edit = open_builder(after, after.gifts[0])
    edit.go(Step.FLAVOR)
    edit.flavor_page.name.setText("")
    qtbot.keyClicks(edit.flavor_page.name, "Moonsilver Sabre")
    assert not edit.flavor_page.craft_check.isEnabled()
    assert "a free Artifact comes only when the Gift is gained or improved" in (
        edit.flavor_page.craft_reason.text()
    )
    assert edit.flavor_page.free_item == ""
    plan = save(edit, qtbot).plan
    assert plan.kind is GiftChangeKind.REVISION
    assert plan.contractor.gifts[0].draft.name == "Moonsilver Sabre"
    assert plan.contractor.stock.artifacts == after.stock.artifacts


def test_status_shown_for_the_contractor(open_builder, qtbot) -> None:
    """A Seasoned contractor (10 victories) may take Twin Strike; the panel says it is met."""
    dialog = open_builder(won(10))
    assert dialog.controller.status is Status.SEASONED
    start_from(dialog, qtbot, "ember_lance")
    click(qtbot, dialog.customise_page.rows["twin_strike"].check)
    assert dialog.results.status.text() == ("Needs Seasoned Status — Mara Quill is Seasoned: met ✓")
    assert (
        dialog.results.status_reasons.text()
        == "• the Twin Strike Enhancement needs Seasoned Status"
    )


ODILE = Path(__file__).parents[3] / "data" / "website_archives" / "veteran-odile-marsh.md"


def test_revising_an_imported_gift_refunds_the_gift_credits_it_was_paid_with(
    open_builder, qtbot, catalog
) -> None:
    """Odile Marsh's archive has Needle Rain, "A 3 point Active Injure power"; the import pays
    it with 3 Gift Credits and no Improvement. Its archived Enhancement and Parameter name
    nothing in the catalog, so with its Style chosen (Targeted) the builder prices it at 1.
    "Improvements are like Gift Credits, but they can only be spent to improve an existing
    Gift, not to unlock a new one": saving at cost 1 gives back 3 − 1 = 2 of the Gift Credits
    it took (not 2 Improvements it never took), and the sheet then has 2 Gift Credits and
    still 0 Improvements unspent."""
    text = ODILE.read_text(encoding="utf-8")
    odile = archive_contractor(parse_archive(text), "w", "2026-11-20")
    odile = choose_style(odile, odile.gifts[0].id, "targeted", DAY, catalog).character
    needle = odile.gifts[0]
    assert (needle.draft.name, needle.draft.style, needle.cost) == ("Needle Rain", "targeted", 3)
    before = evaluate_sheet(odile).rewards
    assert (before.credits_available, before.improvements_available) == (0, 0)

    dialog = open_builder(odile, needle)
    assert dialog.results.cost_badge.text() == "1"
    assert dialog.results.cost_delta.text() == "was 3: −2"
    assert dialog.results.rewards.text() == "Saving refunds 2 Gift Credits"
    plan = save(dialog, qtbot, "Revise Needle Rain and refund 2 Gift Credits?").plan

    assert plan.kind is GiftChangeKind.REVISION
    assert (plan.credits, plan.improvements) == (-2, 0)
    last = plan.contractor.ledger[-1]
    assert isinstance(last, GiftChange)
    assert (last.kind, last.cost_before, last.cost_after) == (GiftChangeKind.REVISION, 3, 1)
    assert (last.credits, last.improvements) == (-2, 0)
    after = evaluate_sheet(plan.contractor)
    assert (after.rewards.credits_available, after.rewards.improvements_available) == (2, 0)
    assert "rewards.unbalanced" not in {f.rule for f in after.findings}
