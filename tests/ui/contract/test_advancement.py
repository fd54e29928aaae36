"""Advancement dialogs: Journals, Bonus Exp and its cap, Assets after creation,
buying off a Liability, Improvements, declaring and voiding a death.

Rules used ("Earning Experience", "Earning Bonus Experience", "Spending
Experience", "Improvement Limits"): a home Contract is +3 Exp; a Journal of
250+ words +1; GMing with Into the Fold +6 Bonus Exp, only while earned Exp is
at most 10 + 12 × victories; after the first Contract an Asset costs value × 3
and so does buying off a Liability; Improvements are capped at 2 × victories
less Gift Credits earned.
"""

from __future__ import annotations

import pytest

from builder.contract.character import BonusKind, ImprovementKind, JournalKind, Outcome
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.main_window import MainWindow


def open_action(window: MainWindow, key: str):
    window.actions[key].trigger()
    assert window.current_dialog is not None
    return window.current_dialog


@pytest.mark.slow  # 2.6 s of CPU (windows)
def test_journal_and_bonus_exp_up_to_the_cap(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "Salt and Static", Outcome.FAILURE)  # +3
    journal = open_action(window, "journal")
    journal.title.setText("What the lighthouse keeper said")
    journal.kind.setCurrentIndex(journal.kind.findData(JournalKind.CONTRACT))
    journal.words.setValue(300)
    assert "Exp earned 3 → 4 (+1)" in journal.preview.text()
    journal.ok_button.click()
    assert window.report.exp.available == 154

    for expected in (160, 166):  # earned 4 then 10: both within 10 + 12 × 0
        bonus = open_action(window, "bonus_exp")
        bonus.kind.setCurrentIndex(bonus.kind.findData(BonusKind.GM_INTO_THE_FOLD))
        assert bonus.kind.currentText().endswith("+6 Exp")
        bonus.ok_button.click()
        assert window.report.exp.available == expected
    # Earned is now 16, above the cap of 10: builder refuses and says why.
    bonus = open_action(window, "bonus_exp")
    assert not bonus.ok_button.isEnabled()
    assert bonus.findings.messages()
    assert any("10" in m for m in bonus.findings.messages())
    bonus.reject()
    assert window.sheet.exp_tab.exp.value("Bonus Exp cap") == "16 of 10 · closed"


def test_assets_and_liabilities_after_the_first_contract(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    wizard.concept_page.name.setText("Ada Voss")
    wizard.assets_page.liability_list.set_taken("wanted", True)
    wanted = window.catalog.liability("wanted").value
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    wizard.accept()
    assert window.report.exp.available == 150 + wanted
    record(window, "Paper Lanterns", Outcome.FAILURE)  # +3
    before = window.report.exp.available

    buy = open_action(window, "buy_asset")
    buy.asset.setCurrentIndex(buy.asset.findData("contacts"))
    buy.detail.setText("A night-shift nurse")
    contacts = window.catalog.asset("contacts").value
    assert f"Exp spent 0 → {3 * contacts} (+{3 * contacts})" in buy.preview.text()
    buy.ok_button.click()
    assert window.report.exp.available == before - 3 * contacts
    names = [p.name for p in window.report.assets]
    assert names == ["Contacts"]

    remove = open_action(window, "remove_liability")
    assert remove.liability.currentData() == "Wanted"
    remove.ok_button.click()
    assert window.report.exp.available == before - 3 * contacts - 3 * wanted
    assert window.report.liabilities == ()


def test_an_improvement_beyond_the_cap_waits_for_victories(window: MainWindow) -> None:
    create_contractor(window)
    dialog = open_action(window, "improvement")
    dialog.kind.setCurrentIndex(dialog.kind.findData(ImprovementKind.GM_CONTRACT))
    dialog.ok_button.click()
    rewards = window.sheet.exp_tab.rewards
    assert rewards.value("Improvements earned") == "1"
    assert rewards.value("Improvement cap") == "0"
    assert rewards.value("Improvements available") == "0"


def test_declare_and_void_a_death(window: MainWindow) -> None:
    create_contractor(window)
    assert not window.actions["void_death"].isEnabled()
    death = open_action(window, "declare_death")
    death.cause.setText("Fell from the bell tower")
    assert "Moved to the graveyard" in death.preview.text()
    death.ok_button.click()
    assert not window.report.alive
    void = open_action(window, "void_death")
    assert "Back among the living" in void.preview.text()
    void.ok_button.click()
    assert window.report.alive
    assert window.report.deaths_voided == 1


@pytest.mark.slow  # 2.9 s of CPU (windows)
def test_a_death_gives_the_player_a_coin_for_the_next_contractor(window: MainWindow) -> None:
    create_contractor(window, name="Ortwin Hale", player="Ines")
    record(window, "Last Light", Outcome.DEATH)
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    wizard.concept_page.name.setText("Ada Voss")
    wizard.concept_page.player.setCurrentText("Ines")
    assert wizard.start_page.coin_note.text() == (
        "Ines has 1 unspent Coin of Charon in this library."
    )
    wizard.start_page.charon.setChecked(True)
    assert wizard.start_page.credits.text() == "Gift Credits at the start: 1"
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    wizard.accept()
    assert window.report.rewards.credits_available == 1
    [ines] = window.workspace.library.players()
    assert (ines.coins_earned, ines.coins_spent) == (1, 1)
