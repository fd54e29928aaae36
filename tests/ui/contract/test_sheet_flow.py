"""The contractor's life through the real window: spend Exp, record a Contract,
undo and redo it, close and reopen the library.

Numbers are the rules' ("Earning Experience"): a Contract in the home
playgroup is +3 Exp, a victory +2 and a Gift Credit, commission +2, so a home
victory with commission is +7 Exp. Raising an Attribute from 1 to 2 costs 5.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.contract.character import Outcome
from tests.ui.conftest import create_contractor
from ui.contract.dialogs.advance import RecordContractDialog
from ui.contract.dialogs.spend import SpendExpDialog
from ui.main_window import MainWindow


def record(
    window: MainWindow,
    scenario: str,
    outcome: Outcome,
    *,
    home: bool = True,
    commission: bool = False,
) -> None:
    window.actions["record_contract"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, RecordContractDialog)
    dialog.scenario.setText(scenario)
    dialog.set_outcome(outcome)
    (dialog.home if home else dialog.away).setChecked(True)
    dialog.commission.setChecked(commission)
    assert dialog.ok_button.isEnabled()
    dialog.ok_button.click()
    assert window.current_dialog is None


def test_raise_record_undo_redo_and_reopen(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    window = open_window(library_path)
    # Dexterity 1→3 (15) and Firearms 0→2 (4): 19 of 150 spent.
    create_contractor(window, ratings={"dexterity": 3, "firearms": 2})
    assert window.report.exp.available == 131

    window.actions["spend_exp"].trigger()
    spend = window.current_dialog
    assert isinstance(spend, SpendExpDialog)
    brawn = spend.option("attribute", "brawn")
    assert (brawn.from_rating, brawn.to_rating, brawn.exp, brawn.allowed) == (1, 2, 5, True)
    spend.button("attribute", "brawn").click()
    assert spend.available.text() == "Exp available: 126"
    assert spend.option("attribute", "brawn").exp == 10  # 2→3 now costs 5 × 2
    spend.reject()
    assert window.sheet.stats_tab.attribute_rows["brawn"].dots.value() == 2
    assert window.sheet.exp_tab.exp.value("Available") == "126"

    record(window, "The Drowned Bell", Outcome.VICTORY, home=True, commission=True)
    log = window.sheet.exp_tab.log
    last = log.row_count() - 1
    assert log.cell(last, 1) == "Contract: The Drowned Bell (home, victory, commission)"
    assert log.cell(last, 2) == "+7"
    assert log.cell(last, 5) == "+1"
    assert window.sheet.exp_tab.exp.value("Available") == "133"
    assert window.sheet.exp_tab.rewards.value("Gift Credits available") == "1"
    assert window.sheet.gifts_tab.rewards.text().startswith("Gift Credits available: 1")
    assert window.roster.lines()[0].victories == 1

    window.actions["undo"].trigger()
    assert window.sheet.exp_tab.exp.value("Available") == "126"
    assert window.sheet.exp_tab.rewards.value("Gift Credits available") == "0"
    assert window.roster.lines()[0].victories == 0
    assert window.sheet.story_tab.contracts.row_count() == 0

    window.actions["redo"].trigger()
    assert window.sheet.exp_tab.exp.value("Available") == "133"
    assert window.sheet.exp_tab.rewards.value("Gift Credits available") == "1"
    assert window.sheet.story_tab.contracts.cell(0, 1) == "The Drowned Bell"
    assert window.sheet.story_tab.contracts.cell(0, 2) == "Home"
    contractor_id = window.contractor.id
    window.close()

    again = open_window(library_path)
    [line] = again.roster.lines()
    assert (line.id, line.victories) == (contractor_id, 1)
    again.roster.select(contractor_id)
    assert again.sheet.title.text() == "Mara Quill"
    assert again.sheet.exp_tab.exp.value("Available") == "133"
    assert again.sheet.exp_tab.rewards.value("Gift Credits available") == "1"
    assert again.sheet.stats_tab.attribute_rows["brawn"].dots.value() == 2
    assert again.sheet.stats_tab.attribute_rows["dexterity"].dots.value() == 3
    log = again.sheet.exp_tab.log
    assert log.cell(log.row_count() - 1, 2) == "+7"


def test_an_away_failure_is_one_exp_and_no_credit(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "Cold Iron", Outcome.FAILURE, home=False)
    assert window.report.exp.available == 151
    log = window.sheet.exp_tab.log
    assert log.cell(log.row_count() - 1, 2) == "+1"
    assert window.sheet.exp_tab.rewards.value("Gift Credits available") == "0"


def test_spend_exp_shows_disabled_raises_with_the_reason(window: MainWindow) -> None:
    # Intellect 1→4 is 5 + 10 + 15 = 30; every other Attribute 1→4 likewise: 150 spent.
    ratings = dict.fromkeys(("brawn", "dexterity", "perception", "charisma", "intellect"), 4)
    create_contractor(window, ratings=ratings)
    assert window.report.exp.available == 0
    window.actions["spend_exp"].trigger()
    spend = window.current_dialog
    intellect = spend.option("attribute", "intellect")
    assert (intellect.exp, intellect.allowed) == (20, False)
    button = spend.button("attribute", "intellect")
    assert not button.isEnabled()
    assert button.toolTip() == intellect.reason == "only 0 Exp available"
    row = [o.trait for o in spend.options].index("intellect")
    assert spend.table.item(row, 6).text() == "only 0 Exp available"


def test_death_sends_the_contractor_to_the_graveyard(window: MainWindow) -> None:
    create_contractor(window, name="Ortwin Hale")
    record(window, "Last Light", Outcome.DEATH)
    assert not window.report.alive
    assert window.sheet.status_chip.text().endswith("Dead")
    assert not window.actions["record_contract"].isEnabled()
    assert not window.actions["spend_exp"].isEnabled()
    assert window.actions["void_death"].isEnabled()
    # The roster shows the living by default; the graveyard filter finds him.
    assert window.roster.visible_ids() == []
    window.roster.life_filter.setCurrentIndex(window.roster.life_filter.findData("graveyard"))
    assert window.roster.visible_ids() == [window.contractor.id]


def test_undo_keeps_the_leaders_review_state(window: MainWindow) -> None:
    create_contractor(window)
    cid = window.contractor.id
    approvals = [{"by": "Leader Kim", "note": "fine"}]
    window.workspace.library.set_approval(cid, "approved", approvals)
    record(window, "Paper Lanterns", Outcome.VICTORY)
    window.actions["undo"].trigger()
    stored = window.workspace.library.load_stored(cid)
    assert stored.approval_state == "approved"
    assert [dict(a) for a in stored.approvals] == approvals
    assert stored.contractor.ledger == ()


def test_crafting_from_a_consumable_crafting_gift(window: MainWindow) -> None:
    from builder.contract.character import Gift
    from builder.contract.gifts.evaluate import evaluate_gift
    from ui.catalog import gift_catalog

    create_contractor(window)
    record(window, "Glass Harbor", Outcome.VICTORY)
    tonic = gift_catalog().stock["tiger_tonic"]
    judged = evaluate_gift(tonic.draft, gift_catalog())
    gift = Gift("tonic", tonic.draft, judged.cost, judged.system_text)
    window.run_operation(lambda: window.ops.add_gift(window.contractor, gift, "2025-05-01"))
    before = window.report.exp.available
    window.actions["craft"].trigger()
    craft = window.current_dialog
    craft.item.setText("Tiger tonic")
    # An extra Consumable costs 1 Exp ("Spending Experience").
    assert "Exp spent 0 → 1 (+1)" in craft.preview.text()
    craft.ok_button.click()
    assert window.report.exp.available == before - 1
    consumables = window.sheet.stock_tab.tables["consumables"]
    assert (consumables.cell(0, 0), consumables.cell(0, 1)) == ("Tiger tonic", "1")


def test_a_journals_word_box_follows_its_text(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    """A Journal with text is judged by the text's words ("at least 250 words"): the box
    shows 16 for a 16-word text, not the default claim of 250 (issue 33 item 2)."""
    from ui.contract.dialogs.form import FormDialog

    window = open_window(library_path)
    create_contractor(window, ratings={"dexterity": 3})
    window.actions["record_contract"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, RecordContractDialog)
    dialog.ask_journal()
    (form,) = [f for f in dialog.findChildren(FormDialog) if f.isVisible()]
    words = form.editors["words"]
    assert (words.value(), words.isEnabled()) == (250, True)
    form.set_value("text", " ".join(["word"] * 16))
    assert (words.value(), words.isEnabled()) == (16, False)
    form.set_value("text", "")
    assert words.isEnabled()
    form.reject()
    dialog.reject()
