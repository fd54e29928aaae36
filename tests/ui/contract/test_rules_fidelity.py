"""Issue 20's rules on the sheet: encumbrance, the Penalty's source, Battle Scar toggles
in the dice panel, Will to Survive, Hustles, Journals counted from their text, and
raises of several ranks. Every figure is builder's; these tests check it by hand.

Rules used: carry limit 15 lb × Brawn, −1 die per full 25 lb over, +1 die to
physical actions when totally unencumbered ("Encumbrance"); a Battle Scar's
penalty does not stack with the wound Penalty, Chronic Pain keeps it at −1 at
least ("Battle Scars"); Will to Survive lowers an Injury's Severity by up to 4,
not below 4, costs 1 Mind damage and leaves a Major Battle Scar, once per
Contract and never against falling damage ("Will to Survive"); an Attribute
rank costs 5 × the current rating ("Spending Experience").
"""

from __future__ import annotations

import dataclasses

from builder.contract.character import Outcome
from builder.contract.sheet import evaluate_sheet
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from tests.ui.contract.test_tabs import fill
from ui.contract.dialogs.advance import JournalDialog
from ui.contract.dialogs.play import HustleDialog, WillToSurviveDialog
from ui.contract.dialogs.spend import SpendExpDialog
from ui.main_window import MainWindow


def show_stock(window: MainWindow, **fields: object) -> None:
    """Show the current contractor with other Stock values, as builder evaluates them."""
    contractor = window.contractor
    shown = dataclasses.replace(contractor, stock=dataclasses.replace(contractor.stock, **fields))
    window.sheet.show_contractor(shown, evaluate_sheet(shown))


def test_carried_weight_costs_dice_and_unencumbered_gives_one(window: MainWindow) -> None:
    # Brawn 2: limit 30 lb. 80 lb is 50 over: two full 25 lb steps, −2 dice.
    create_contractor(window, ratings={"brawn": 2})
    stock = window.sheet.stock_tab
    stats = window.sheet.stats_tab.derived
    assert stock.load.text() == "Limit 30 lb"
    assert stats.value("Carry") == "30 lb"
    assert stats.value("Encumbrance") == "none"

    show_stock(window, carried_lb=80)
    assert stock.carried.value() == 80
    assert stock.load.text() == "Limit 30 lb · 50 lb over: −2 dice on every roll"
    assert stats.value("Carry") == "80 of 30 lb · 50 lb over"
    assert stats.value("Encumbrance") == "−2 dice · 50 lb over"
    # No wounds, so the Penalty stays none; every roll still loses the 2 dice.
    assert stats.value("Penalty") == "none"
    assert stats.value("Every roll") == "−2 dice"
    # Body 5 + ceil(2/2) = 6 dice, 4 after the 2 dice of load.
    assert stats.value("Body roll") == "6 dice (4 after −2)"
    assert window.sheet.roll_sheet().dice_lost() == 2

    # 54 lb is 24 over: no full step, no dice lost.
    show_stock(window, carried_lb=54)
    assert stock.load.text() == "Limit 30 lb · 24 lb over"
    assert stats.value("Encumbrance") == "none"

    show_stock(window, unencumbered=True)
    assert stock.unencumbered.isChecked()
    assert stock.load.text() == "Limit 30 lb · +1 die to physical actions"
    assert stats.value("Encumbrance") == "+1 die to physical actions · unencumbered"


def test_the_load_fields_are_undoable_edits(window: MainWindow) -> None:
    create_contractor(window, ratings={"brawn": 2})
    stock = window.sheet.stock_tab
    stack = window.workspace.undo_group.activeStack()
    stock.carried.setValue(80)
    assert stack.text(stack.index() - 1) == "Edit carried weight"
    assert stack.command(stack.index() - 1).after.stock.carried_lb == 80
    window.sheet.show_contractor(window.contractor, window.report)
    stock.unencumbered.setChecked(True)
    assert stack.text(stack.index() - 1) == "Edit unencumbered"
    assert stack.command(stack.index() - 1).after.stock.unencumbered


def test_the_library_keeps_the_carried_weight(window: MainWindow) -> None:
    """Stored on the contractor row since migration 0008: the reload after the edit keeps it."""
    create_contractor(window, ratings={"brawn": 2})
    window.sheet.stock_tab.carried.setValue(80)
    assert window.contractor.stock.carried_lb == 80


def test_the_penalty_names_its_source(window: MainWindow) -> None:
    create_contractor(window)
    health = window.sheet.health_tab
    health.scars.add_button.click()
    fill(window, name="Chronic Pain")
    # Unhurt, yet Chronic Pain keeps the Penalty at −1.
    assert health.vitals.value("Penalty") == "−1 dice · Battle Scar Chronic Pain"
    assert window.sheet.stats_tab.derived.value("Penalty") == "−1 dice · Battle Scar Chronic Pain"
    # Body 6 − Severity 3 leaves 3: Wounded, −2, more than the scar's −1: wounds win.
    health.injuries.add_button.click()
    fill(window, description="Shot through the calf", severity=3)
    assert health.vitals.value("Penalty") == "−2 dice · from wounds"


def test_scar_modifiers_are_optional_toggles_in_the_dice_panel(window: MainWindow) -> None:
    # Charisma 3, Intellect 3: Mind 7 dice.
    create_contractor(window, ratings={"charisma": 3, "intellect": 3})
    health = window.sheet.health_tab
    health.scars.add_button.click()
    fill(window, name="Tinnitus")
    window.actions["dice"].trigger()
    panel = window.dice_panel
    assert panel.scar_box.isVisibleTo(panel)
    assert [box.text() for box, _m in panel.scar_checks] == [
        "Tinnitus: rolls that depend on hearing, −2 dice"
    ]
    panel.choose("Mind")
    assert panel.pool_label.text() == "Mind 7 = 7 dice"
    panel.tick("Tinnitus")
    assert panel.pool_label.text() == "Mind 7 = 7 dice; Tinnitus −2 leaves 5"
    panel.tick("Tinnitus", False)
    assert panel.pool_label.text() == "Mind 7 = 7 dice"

    # Mind damage 4 leaves 3: Alarmed, −2; Tinnitus's −2 does not stack with it.
    health.mind_damage.setValue(4)
    panel.tick("Tinnitus")
    assert panel.pool_label.text() == "Mind 7 = 7 dice; Penalty −2 leaves 5"
    box, modifier = panel.scar_checks[0]
    assert modifier.extra == 0
    assert "0 dice beyond the Penalty" in box.toolTip()


def test_will_to_survive_lowers_severity_once_per_contract(window: MainWindow) -> None:
    create_contractor(window, ratings={"brawn": 3})
    health = window.sheet.health_tab
    assert health.will_button.isEnabled()
    health.will_button.click()
    dialog = window.current_dialog
    assert isinstance(dialog, WillToSurviveDialog)
    majors = [dialog.scar.itemText(i) for i in range(dialog.scar.count())]
    assert majors == [s.name for s in window.catalog.battle_scars if s.tier.value == "major"]
    dialog.description.setText("Falls under a train")
    dialog.severity.setValue(10)
    assert dialog.recorded.text() == "Severity 6"
    dialog.falling.setChecked(True)
    assert not dialog.ok_button.isEnabled()
    assert "fall" in dialog.ok_button.toolTip().lower()
    dialog.falling.setChecked(False)
    dialog.description.setText("Hit by a train")
    dialog.scar.setCurrentText("Limp")
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    assert window.current_dialog is None

    contractor = window.contractor
    assert [(i.description, i.severity) for i in contractor.health.injuries] == [
        ("Hit by a train", 6)
    ]
    assert contractor.health.mind_damage == 1
    assert [(s.name, s.tier.value) for s in contractor.health.battle_scars] == [("Limp", "major")]
    # Brawn 3: Body 5 + 2 = 7; damage 6 leaves 1, Maimed, −4.
    assert health.vitals.value("Body") == "1 of 7 · Maimed"
    assert health.injuries.cell(0, 1) == "6 · Critical"

    # A second use before the next Contract is the same Contract: refused.
    health.will_button.click()
    again = window.current_dialog
    again.description.setText("A second blow")
    again.severity.setValue(6)
    assert again.recorded.text() == "Severity 4"
    assert not again.ok_button.isEnabled()
    assert again.ok_button.toolTip()
    again.reject()
    window.actions["undo"].trigger()
    assert window.contractor.health.injuries == ()
    assert window.contractor.health.mind_damage == 0


def test_record_hustle_for_a_due_loose_end(window: MainWindow) -> None:
    create_contractor(window)
    story = window.sheet.story_tab
    story.loose_ends.add_button.click()
    fill(window, title="Owes the Broker", threat_level="dangerous", cutoff=1, threat="Collectors")
    story.loose_ends.table.selectRow(0)
    assert not story.hustle_button.isEnabled()
    assert "1 to go" in story.hustle_button.toolTip()
    record(window, "Glass Harbor", Outcome.FAILURE)
    assert story.loose_ends.cell(0, 2) == "Collectors · Hustle due"
    assert story.hustle_button.isEnabled()
    story.hustle_button.click()
    dialog = window.current_dialog
    assert isinstance(dialog, HustleDialog)
    dialog.gm.setText("Ines")
    dialog.ok_button.click()
    assert story.loose_ends.cell(0, 2) == "Collectors · Hustle recorded"
    assert not story.hustle_button.isEnabled()
    hustles = [e for e in window.contractor.ledger if type(e).__name__ == "Hustle"]
    assert [(h.loose_end, h.gm) for h in hustles] == [("Owes the Broker", "Ines")]


def test_a_journal_counts_its_own_text(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "Salt and Static", Outcome.FAILURE)
    window.sheet.story_tab.journal_button.click()
    dialog = window.current_dialog
    assert isinstance(dialog, JournalDialog)
    dialog.title.setText("Short")
    dialog.words.setValue(250)
    assert "Exp earned 3 → 4 (+1)" in dialog.preview.text()
    # 23 words of text: the count is the text's, and 23 words earn nothing.
    dialog.text.setPlainText(" ".join(f"word{i}" for i in range(23)))
    assert dialog.counted.text() == "23 (from the text)"
    assert not dialog.words.isEnabled()
    assert "Exp earned" not in dialog.preview.text()
    dialog.ok_button.click()
    assert window.sheet.story_tab.journals.cell(0, 3) == "23"
    journals = [e for e in window.contractor.ledger if type(e).__name__ == "Journal"]
    assert [(j.words, len(j.text.split())) for j in journals] == [(23, 23)]


def test_raise_several_ranks_at_the_sum_of_the_steps(window: MainWindow) -> None:
    # Brawn 2 at creation; 2 → 4 costs 5 × 2 + 5 × 3 = 25 Exp.
    create_contractor(window, ratings={"brawn": 2})
    available = window.report.exp.available
    dialog = SpendExpDialog(window.ops, window.contractor, window)
    dialog.choose_multi("attribute", "brawn", 4)
    plan = dialog.multi_plan()
    assert plan is not None and plan.allowed
    assert dialog.multi_note.text().startswith("Raising Brawn 2 → 4 would give: ")
    assert f"Exp available {available} → {available - 25} (−25)" in dialog.multi_note.text()
    dialog.multi_button.click()
    assert window.report.ratings.attributes["brawn"] == 4
    assert window.report.exp.available == available - 25
    # Brawn 4 → 6 is over the Attribute cap: builder refuses and the button says why.
    dialog.choose_multi("attribute", "brawn", 6)
    assert not dialog.multi_button.isEnabled()
    assert dialog.multi_note.text().startswith("Brawn 4 → 6 cannot be bought now: ")
    assert dialog.multi_button.toolTip()
    dialog.close()
