"""Sheet tabs that edit: Health (Penalty follows live), Stock, Story's Loose Ends, and
the dice panel's exact chart.

A contractor with Brawn 1 has Body 5 + ceil(1/2) = 6; with Charisma 3 and
Intellect 3, Mind is 3 + 3 + 1 = 7 ("Body", "Mind"). Penalty rows from
"Penalty": Body 4 left is −1 (Injured), 3 left is −2 (Wounded); Mind 5 left
is −1 (Rattled).
"""

from __future__ import annotations

from builder.contract.character import Outcome
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.contract.dialogs.form import FormDialog
from ui.main_window import MainWindow


def sturdy_mind(window: MainWindow) -> None:
    # Charisma 1→3 and Intellect 1→3 cost 15 each; Firearms 0→1 costs 2.
    create_contractor(window, ratings={"charisma": 3, "intellect": 3, "firearms": 1})


def fill(window: MainWindow, **values: object) -> None:
    form = window.current_dialog
    assert isinstance(form, FormDialog)
    for key, value in values.items():
        form.set_value(key, value)
    form.accept()


def test_health_edits_update_the_penalty(window: MainWindow) -> None:
    sturdy_mind(window)
    health = window.sheet.health_tab
    assert health.vitals.value("Body") == "6 of 6 · Bruised"
    assert health.vitals.value("Mind") == "7 of 7 · Distracted"
    assert health.vitals.value("Penalty") == "none"

    health.injuries.add_button.click()
    fill(window, description="Knife across the forearm", severity=2)
    assert health.injuries.cell(0, 1) == "2 · Moderate"
    assert health.vitals.value("Body") == "4 of 6 · Injured"
    assert health.vitals.value("Penalty") == "−1 dice · from wounds"
    assert window.sheet.stats_tab.derived.value("Penalty") == "−1 dice · from wounds"

    # Worst Severity 2 plus one other Injury: 3 damage, 3 left, Wounded (−2).
    health.injuries.add_button.click()
    fill(window, description="Cracked rib", severity=1)
    assert health.vitals.value("Body") == "3 of 6 · Wounded"
    assert health.vitals.value("Penalty") == "−2 dice · from wounds"

    health.mind_damage.setValue(2)
    assert health.vitals.value("Mind") == "5 of 7 · Rattled"
    assert health.vitals.value("Penalty") == "−3 dice · from wounds"
    assert window.actions["undo"].text() == "&Undo Edit Mind damage"
    window.actions["undo"].trigger()
    assert health.mind_damage.value() == 0
    assert health.vitals.value("Penalty") == "−2 dice · from wounds"

    health.injuries.table.selectRow(1)
    health.injuries.remove_button.click()
    assert health.injuries.row_count() == 1
    assert health.vitals.value("Penalty") == "−1 dice · from wounds"


def test_traumas_scars_and_therapy(window: MainWindow) -> None:
    sturdy_mind(window)
    health = window.sheet.health_tab
    assert not health.therapy_button.isEnabled()
    health.traumas.add_button.click()
    stock = window.catalog.traumas[3]
    fill(window, name=stock.name)
    assert health.traumas.cell(0, 0) == stock.name
    assert health.traumas.cell(0, 1) == stock.system

    health.scars.add_button.click()
    scar = window.catalog.battle_scars[0]
    fill(window, name=scar.name)
    assert health.scars.cell(0, 0) == scar.name
    assert health.scars.cell(0, 1) == scar.tier.value.capitalize()

    available = window.report.exp.available
    assert health.therapy_button.isEnabled()
    health.therapy_button.click()
    dialog = window.current_dialog
    assert dialog.trauma.currentText() == stock.name
    assert "Exp spent 0 → 3 (+3)" in dialog.preview.text()
    dialog.ok_button.click()
    assert health.traumas.row_count() == 0
    assert window.report.exp.available == available - 3


def test_stock_lines_are_undoable(window: MainWindow) -> None:
    create_contractor(window)
    stock = window.sheet.stock_tab
    stock.tables["equipment"].add_button.click()
    fill(window, name="Crowbar", detail="Rusty, reliable")
    assert (stock.tables["equipment"].cell(0, 0), stock.tables["equipment"].cell(0, 1)) == (
        "Crowbar",
        "Rusty, reliable",
    )
    condition = window.catalog.conditions[0]
    stock.tables["conditions"].add_button.click()
    fill(window, name=condition.name)
    assert stock.tables["conditions"].cell(0, 1) == condition.system
    window.actions["undo"].trigger()
    window.actions["undo"].trigger()
    assert stock.tables["equipment"].row_count() == 0
    assert stock.tables["conditions"].row_count() == 0


def test_a_loose_end_shows_only_its_level_until_the_cutoff_runs_out(window: MainWindow) -> None:
    create_contractor(window)
    story = window.sheet.story_tab
    story.loose_ends.add_button.click()
    fill(
        window,
        title="Filmed on a rooftop",
        threat_level="deadly",
        cutoff=1,
        threat="Internet sleuths track you to your door",
    )
    assert story.loose_ends.cell(0, 1) == "Deadly"
    assert story.loose_ends.cell(0, 2) == "Hidden until its Cutoff runs out"
    record(window, "Glass Harbor", Outcome.FAILURE)
    assert story.loose_ends.cell(0, 2) == "Internet sleuths track you to your door · Hustle due"
    assert any("Filmed on a rooftop" in m for m in window.sheet.concept_tab.checks.messages())


def test_notes_save_as_one_edit(window: MainWindow) -> None:
    create_contractor(window)
    story = window.sheet.story_tab
    story.notes.setPlainText("Owes the ferryman a favor.")
    assert story.save_notes.isEnabled()
    story.save_notes.click()
    assert window.contractor.notes == "Owes the ferryman a favor."
    assert not story.save_notes.isEnabled()


def test_dice_panel_shows_the_exact_chart(window: MainWindow) -> None:
    sturdy_mind(window)
    window.actions["dice"].trigger()
    panel = window.dice_panel
    # Two dice at Difficulty 6: a die is −1 on a 1, 0 on 2–5, +1 on 6–9, +2 on a 10.
    # Of 100 pairs: Outcome −2 once, −1 eight times, 0 24 times, 1–3 66, 4 once.
    panel.choose("Dexterity", "Firearms", 6)
    assert panel.pool_label.text() == "Dexterity 1 + Firearms 1 = 2 dice"
    shown = {band.value: label.text() for band, label in panel.band_values.items()}
    assert shown == {
        "botch": "9.0 %",
        "fail": "24.0 %",
        "partial": "66.0 %",
        "success": "1.0 %",
        "exceptional": "0.0 %",
    }
    panel.choose("Mind")
    assert panel.pool_label.text() == "Mind 7 = 7 dice"
    assert not panel.second.isEnabled()
    # Difficulty 11 is rolled at 9 with two dice fewer ("Difficulty").
    panel.choose("Mind", difficulty=11)
    assert "rolled as 5 dice at Difficulty 9" in panel.pool_label.text()


def test_stats_tooltips_show_pools(window: MainWindow) -> None:
    sturdy_mind(window)
    row = window.sheet.stats_tab.ability_rows["firearms"]
    tip = row.name.toolTip()
    assert "Dexterity + Firearms: 2 dice" in tip
    assert "Intellect + Firearms: 4 dice" in tip
