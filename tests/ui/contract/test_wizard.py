"""The creation wizard, driven through its real widgets.

Prices are the rules' ("Attributes and Abilities"): an Attribute costs
5 × its current rating per rank, an Ability 2 for the first rank and then
2 × its current rating; a new contractor has 150 Exp.
"""

from __future__ import annotations

import random

from PySide6.QtWidgets import QWizard

from tests.ui.conftest import finish, make_contractor
from ui.contract.wizard.wizard import CreationWizard
from ui.main_window import MainWindow


def test_a_player_creates_a_contractor_from_an_empty_library(window: MainWindow) -> None:
    assert window.roster.lines() == []
    # Brawn 1→3 is 5 + 10 = 15; Dexterity 1→3 is 15; Firearms 0→3 is 2 + 2 + 4 = 8.
    wizard = make_contractor(
        window, ratings={"brawn": 3, "dexterity": 3, "firearms": 3}, player="Ines"
    )
    assert wizard.review_page.meter.exp_left() == 150 - 38
    assert "Exp left of 150: 112" in wizard.review_page.meter.text()
    assert wizard.button(QWizard.WizardButton.FinishButton).isEnabled()
    finish(wizard)

    [line] = window.roster.lines()
    assert (line.name, line.player, line.victories, line.alive) == ("Mara Quill", "Ines", 0, True)
    assert window.sheet.title.text() == "Mara Quill"
    assert window.report.exp.available == 112
    assert window.sheet.stats_tab.attribute_rows["brawn"].dots.value() == 3
    assert window.sheet.stats_tab.ability_rows["firearms"].number.text() == "3"
    assert window.sheet.exp_tab.exp.value("Available") == "112"
    assert window.sheet.exp_tab.exp.value("Spent at creation") == "38"


def test_overspending_shows_why_and_cannot_finish(window: MainWindow) -> None:
    # Every Attribute 1→5 costs 5 + 10 + 15 + 20 = 50 Exp: 250 in all, 100 too many.
    ratings = dict.fromkeys(("brawn", "dexterity", "perception", "charisma", "intellect"), 5)
    wizard = make_contractor(window, ratings=ratings)
    assert wizard.review_page.meter.exp_left() == -100
    assert "100 Exp too many" in wizard.review_page.meter.text()
    assert wizard.review_page.meter.property("overspent") is True
    assert any("100 Exp too many" in m for m in wizard.review_page.blocking_messages())
    finish_button = wizard.button(QWizard.WizardButton.FinishButton)
    assert not finish_button.isEnabled()
    wizard.accept()  # a stray Enter must not get past the disabled button either
    assert wizard.isVisible()
    assert window.roster.lines() == []

    # A Liability worth enough pays for it? Not 100 Exp; lowering one Attribute to 1 does:
    # 200 Exp spent is still 50 too many, two Attributes at 1 leave 150 spent, 0 left.
    wizard.back()
    while wizard.currentPage() is not wizard.ratings_page:
        wizard.back()
    wizard.ratings_page.set_rating("charisma", 1)
    wizard.ratings_page.set_rating("intellect", 1)
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    assert wizard.review_page.meter.exp_left() == 0
    assert finish_button.isEnabled()


def test_a_sixth_ability_rank_is_refused_for_a_newbie_with_the_reason(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    assert isinstance(wizard, CreationWizard)
    page = wizard.ratings_page
    page.set_rating("brawl", 5)
    assert wizard.state.abilities["brawl"] == 5
    page.set_rating("brawl", 6)
    assert page.editors["brawl"].spin.value() == 5
    assert wizard.state.abilities["brawl"] == 5
    assert page.refusal.isVisibleTo(page)
    assert "a 6th rank needs Seasoned status" in page.refusal.text()
    # Brawl 0→5 is 2 + 2 + 4 + 6 + 8 = 22 Exp.
    assert page.meter.exp_left() == 128


def test_help_text_beside_every_step(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    titles = [page.title() for page in wizard.pages]
    assert titles == [
        "Concept",
        "Limits",
        "Attributes and Abilities",
        "Secondary Abilities",
        "Assets and Liabilities",
        "A head start",
        "Review",
    ]
    for page in wizard.pages:
        assert len(page.help.text()) > 150, page.title()


def test_concept_needs_a_name_and_suggestions_come_from_the_tables(window: MainWindow) -> None:
    catalog = window.catalog
    wizard = CreationWizard(catalog, ["Ines", "Tomas"], window, rng=random.Random(7))
    window._show_dialog(wizard)
    page = wizard.concept_page
    assert not page.isComplete()
    page.suggest_buttons["archetypes"].click()
    page.suggest_buttons["paradigms"].click()
    page.suggest_buttons["ambitions"].click()
    expected = random.Random(7)
    assert page.archetype.text() == catalog.random_suggestion("archetypes", expected)
    assert page.paradigm.text() == catalog.random_suggestion("paradigms", expected)
    assert page.ambition.text() == catalog.random_suggestion("ambitions", expected)
    assert wizard.state.concept.archetype == page.archetype.text()
    page.name.setText("Ada Voss")
    assert page.isComplete()
    assert [page.player.itemText(i) for i in range(page.player.count())] == ["Ines", "Tomas"]


def test_limits_alternatives_and_custom(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    page = wizard.limits_page
    assert [limit.name for limit in wizard.state.limits] == ["Anguish", "Atrocities", "Murder"]
    page.slots[2].choose("humiliation")
    assert wizard.state.limits[2].name == "Humiliation"
    page.slots[1].choose("__custom__")
    # A custom Limit with no name is not a Limit yet: the step cannot be left.
    assert not page.isComplete()
    assert page.slots[1].problem.text() == "a Limit needs a name"
    page.slots[1].custom_name.setText("Broken Oaths")
    page.slots[1].custom_trigger.setText("Breaking a promise sworn on the family name.")
    assert page.isComplete()
    assert wizard.state.limits[1].custom
    review = [f.message for f in wizard.state.verdict.findings]
    assert "custom Limit 'Broken Oaths' needs Playgroup Leader approval" in review


def test_assets_liabilities_and_a_gifted_start(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    wizard.concept_page.name.setText("Ada Voss")
    catalog = window.catalog
    contacts = catalog.asset("contacts")
    wanted = catalog.liability("wanted")
    gifted = catalog.asset("gifted")
    page = wizard.assets_page
    page.asset_list.set_taken("contacts", True)
    page.asset_list.tree.setCurrentItem(page.asset_list.items["contacts"])
    assert page.detail.isVisibleTo(page)
    assert page.detail_label.text() == f"&{contacts.detail_label}"
    page.detail.setText("Rotterdam dock unions")
    page.detail.textEdited.emit("Rotterdam dock unions")
    page.liability_list.set_taken("wanted", True)
    assert wizard.state.assets["contacts"].detail == "Rotterdam dock unions"
    assert page.meter.exp_left() == 150 - contacts.value + wanted.value

    wizard.start_page.gifted.setChecked(True)
    assert wizard.state.gifted()
    assert wizard.start_page.credits.text() == "Gift Credits at the start: 1"
    assert page.asset_list.items["gifted"].checkState(0).name == "Checked"
    assert page.meter.exp_left() == 150 - contacts.value + wanted.value - gifted.value
    assert "Gifted" in page.notes.text() and "needs Playgroup Leader approval" in page.notes.text()

    wizard.restart()
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    finish(wizard)
    assert window.report.rewards.credits_available == 1
    names = [
        window.sheet.concept_tab.assets.cell(r, 0)
        for r in range(window.sheet.concept_tab.assets.row_count())
    ]
    assert names == ["Contacts", "Gifted", "Wanted"]
    assert window.sheet.concept_tab.assets.cell(1, 4) == "Restricted: leader approves"


def test_secondary_abilities_are_priced_like_abilities(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    page = wizard.secondary_page
    # Knife Fighting 0→2 is 2 + 2 = 4 Exp.
    assert page.add("Knife Fighting", 2)
    assert page.table.item(0, 0).text() == "Knife Fighting"
    assert page.meter.exp_left() == 146
    assert not page.add("Lockpicking", 6)
    assert "a 6th rank needs Seasoned status" in page.problem.text()
    assert "Lockpicking" not in wizard.state.secondary


def test_assets_and_liabilities_put_their_lines_on_the_sheet(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    wizard.concept_page.name.setText("Ada Voss")
    page = wizard.assets_page
    page.asset_list.set_taken("beautiful", True)
    page.liability_list.set_taken("phobia", True)
    page.liability_list.tree.setCurrentItem(page.liability_list.items["phobia"])
    page.detail.setText("deep water")
    page.detail.textEdited.emit("deep water")
    page.liability_list.set_taken("one_eye", True)
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    summary = wizard.review_page.summary.text()
    assert "Beautiful (Condition)" in summary
    assert "Phobia (deep water) (Trauma)" in summary
    assert summary.count("Beautiful (Condition)") == 1
    finish(wizard)
    health = window.sheet.health_tab
    traumas = [health.traumas.cell(r, 0) for r in range(health.traumas.row_count())]
    scars = [health.scars.cell(r, 0) for r in range(health.scars.row_count())]
    assert traumas == ["Phobia (deep water)"]
    assert scars == [
        window.catalog.battle_scar(window.catalog.liability("one_eye").grants[0].ref).name
    ]
    assert window.sheet.stock_tab.tables["conditions"].cell(0, 0) == "Beautiful"


def test_a_wizard_port_opens_the_ledger_at_seasoned(window: MainWindow) -> None:
    """Ported at Seasoned: "+100 Exp, +15 Gift Credits, +5 Improvements" on top of 150 − 0."""
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    wizard.concept_page.name.setText("Ada Voss")
    page = wizard.start_page
    page.ported.setCurrentIndex(page.ported.findData("seasoned"))
    assert "Ported at Seasoned: +100 Exp, +15 Gift Credits" in page.port_note.text()
    while wizard.currentPage() is not wizard.review_page:
        wizard.next()
    finish(wizard)
    assert window.report.exp.available == 250
    assert window.report.rewards.credits_available == 15
    assert window.report.rewards.improvements_available == 5
