"""No lost work (issue 33, item 1): every creation dialog asks before discarding what
was entered, keeps an unfinished one as a draft that reopens where it was, and
"Discard" removes the draft.

Driven through the real dialogs: Escape is a real key press, the question a real
QMessageBox answered by clicking its button.
"""

from __future__ import annotations

from PySide6.QtWidgets import QDialog

from harbinger.shell.paths import drafts_dir
from tests.ui.draft_answers import escape
from ui.contract.wizard.pages import CUSTOM
from ui.contract.wizard.wizard import CreationWizard
from ui.main_window import MainWindow
from ui.widgets.drafts import DraftKeeper


def new_wizard(window: MainWindow) -> CreationWizard:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    assert isinstance(wizard, CreationWizard)
    return wizard


def test_an_empty_wizard_closes_on_escape_without_a_question(qtbot, window: MainWindow) -> None:
    wizard = new_wizard(window)
    assert escape(qtbot, wizard, DraftKeeper.STAY) == []
    assert not wizard.isVisible()
    assert not (drafts_dir() / "new-contractor.json").exists()


def test_escape_on_every_wizard_step_asks_and_keep_editing_stays(qtbot, window: MainWindow) -> None:
    wizard = new_wizard(window)
    wizard.concept_page.name.setText("Mara Quill")
    for step, page in enumerate(wizard.pages):
        assert wizard.currentPage() is page, step
        asked = escape(qtbot, wizard, DraftKeeper.STAY)
        assert asked == ["Keep this unfinished contractor as a draft?"], page.title()
        assert wizard.isVisible() and wizard.currentPage() is page
        wizard.next()


def test_a_kept_draft_reopens_at_the_same_step_with_the_same_values(
    qtbot, window: MainWindow
) -> None:
    wizard = new_wizard(window)
    concept = wizard.concept_page
    concept.name.setText("Mara Quill")
    concept.player.setCurrentText("Ines")
    concept.ambition.setText("Outlive the city")
    concept.background.setPlainText("Grew up over a pawnshop.")
    wizard.next()
    wizard.limits_page.slots[2].choose(CUSTOM)
    wizard.limits_page.slots[2].custom_name.setText("Betrayal")
    wizard.limits_page.slots[2].custom_trigger.setText("Breaking a promise to a friend")
    wizard.next()
    wizard.ratings_page.set_rating("brawn", 3)
    wizard.ratings_page.set_rating("firearms", 2)
    wizard.next()
    wizard.secondary_page.add("Cooking", 2)
    wizard.next()
    assert wizard.currentPage() is wizard.assets_page
    left = wizard.state.verdict.exp_left

    assert escape(qtbot, wizard, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not wizard.isVisible())
    assert (drafts_dir() / "new-contractor.json").exists()

    again = new_wizard(window)
    assert again.currentPage() is again.assets_page
    assert again.concept_page.name.text() == "Mara Quill"
    assert again.concept_page.player.currentText() == "Ines"
    assert again.concept_page.ambition.text() == "Outlive the city"
    assert again.concept_page.background.toPlainText() == "Grew up over a pawnshop."
    assert again.state.limits[2].name == "Betrayal" and again.state.limits[2].custom
    assert again.state.attributes["brawn"] == 3 and again.state.abilities["firearms"] == 2
    assert again.state.secondary == {"Cooking": 2}
    # Brawn 1→3 is 5 + 10; Firearms 0→2 is 2 + 2; Cooking 0→2 is 2 + 2: 150 − 23 = 127.
    assert again.state.verdict.exp_left == left == 150 - 23
    assert again.steps.where.text() == "Step 5 of 7"


def test_discard_removes_the_draft_and_the_next_wizard_starts_empty(
    qtbot, window: MainWindow
) -> None:
    wizard = new_wizard(window)
    wizard.concept_page.name.setText("Mara Quill")
    wizard.next()
    escape(qtbot, wizard, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not wizard.isVisible())
    again = new_wizard(window)
    assert again.concept_page.name.text() == "Mara Quill"
    assert escape(qtbot, again, DraftKeeper.DISCARD)
    qtbot.waitUntil(lambda: not again.isVisible())
    assert not (drafts_dir() / "new-contractor.json").exists()
    fresh = new_wizard(window)
    assert fresh.concept_page.name.text() == ""
    assert fresh.currentPage() is fresh.concept_page


def test_finishing_removes_the_draft(qtbot, window: MainWindow) -> None:
    wizard = new_wizard(window)
    wizard.concept_page.name.setText("Mara Quill")
    escape(qtbot, wizard, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not wizard.isVisible())
    again = new_wizard(window)
    while again.currentPage() is not again.review_page:
        again.next()
    again.accept()
    assert not (drafts_dir() / "new-contractor.json").exists()
    assert [line.name for line in window.roster.lines()] == ["Mara Quill"]


def test_an_unreadable_draft_opens_an_empty_wizard(window: MainWindow) -> None:
    drafts_dir().mkdir(parents=True, exist_ok=True)
    (drafts_dir() / "new-contractor.json").write_text("{not json", encoding="utf-8")
    wizard = new_wizard(window)
    assert wizard.concept_page.name.text() == ""


# --------------------------------------------------------------------------- the other games


def opened(window: MainWindow, action: str) -> QDialog:
    window.actions[action].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, QDialog)
    return dialog


def test_covenant_wizard_asks_on_every_step_and_its_draft_reopens(
    qtbot, window: MainWindow
) -> None:
    from ui.covenant.wizard import CovenantCreationWizard

    wizard = opened(window, "new_covenant")
    assert isinstance(wizard, CovenantCreationWizard)
    wizard.identity_page.name.setText("Sable Wren")
    wizard.identity_page.pronouns.setText("she/her")
    pages = [wizard.page(i) for i in wizard.pageIds()]
    for page in pages:
        assert wizard.currentPage() is page
        assert escape(qtbot, wizard, DraftKeeper.STAY) == [
            "Keep this unfinished character as a draft?"
        ], page.title()
        assert wizard.isVisible()
        if page is wizard.ties_page:
            for i, name in enumerate(("Her brother", "The Lantern crew", "Home port")):
                wizard.ties_page.set_tie(i, name, "details")
        if page is wizard.assets_page:
            assert wizard.assets_page.add_trait_named("Stubborn as rust")
        if page is wizard.goals_page:
            wizard.goals_page.fill("minor", name="Pay the debt", conditions="Before the tide")
            break
        wizard.next()
    assert escape(qtbot, wizard, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not wizard.isVisible())

    again = opened(window, "new_covenant")
    assert isinstance(again, CovenantCreationWizard)
    assert again.currentPage() is again.goals_page
    assert again.draft.name == "Sable Wren" and again.draft.pronouns == "she/her"
    assert [t.name for t in again.draft.ties] == ["Her brother", "The Lantern crew", "Home port"]
    assert [t.name for t in again.draft.traits] == ["Stubborn as rust"]
    assert again.draft.minor_goal is not None and again.draft.minor_goal.name == "Pay the debt"
    assert escape(qtbot, again, DraftKeeper.DISCARD)
    assert not (drafts_dir() / "new-covenant-character.json").exists()


def test_spacefarer_dialog_keeps_its_roll_in_the_draft(qtbot, window: MainWindow) -> None:
    from ui.mortal_coil.creation import SpacefarerCreationDialog

    dialog = opened(window, "new_spacefarer")
    assert isinstance(dialog, SpacefarerCreationDialog)
    # Opened and rolled, nothing typed: Escape closes without a question.
    assert escape(qtbot, dialog, DraftKeeper.STAY) == []
    dialog = opened(window, "new_spacefarer")
    assert isinstance(dialog, SpacefarerCreationDialog)
    dialog.form.name.setText("Tamsin Roe")
    dialog.form.swap.setCurrentIndex(1)
    made = dialog.form.creation()
    dice = dialog.form.dice.text()
    assert escape(qtbot, dialog, DraftKeeper.STAY) == [
        "Keep this unfinished spacefarer as a draft?"
    ]
    assert dialog.isVisible()
    assert escape(qtbot, dialog, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not dialog.isVisible())

    again = opened(window, "new_spacefarer")
    assert isinstance(again, SpacefarerCreationDialog)
    assert again.form.name.text() == "Tamsin Roe"
    assert again.form.creation() == made  # the same dice and swap, not a new roll
    assert again.form.dice.text() == dice
    assert again.form.entered["str"].value() == made.str_max
    again.accept()
    assert not (drafts_dir() / "new-spacefarer.json").exists()


def test_coven_dialog_asks_and_its_draft_reopens_with_town_and_cards(
    qtbot, window: MainWindow
) -> None:
    from builder.coven.chronicle import Colour, Kind
    from ui.coven.create import CreateChronicleDialog

    dialog = opened(window, "new_chronicle")
    assert isinstance(dialog, CreateChronicleDialog)
    dialog.town.setText("Harrow's End")
    mill = dialog.add_element("The old mill", Kind.PLACE)
    vera = dialog.add_element("Vera", Kind.PERSON)
    dialog.add_link(mill, vera)
    page = dialog.add_practitioner()
    page.name.setText("Ada")
    page.set_card(0, Colour.WHITE, "Knows every path in the wood", mill)
    assert escape(qtbot, dialog, DraftKeeper.STAY) == ["Keep this unfinished chronicle as a draft?"]
    before = dialog.chronicle()
    assert escape(qtbot, dialog, DraftKeeper.KEEP)
    qtbot.waitUntil(lambda: not dialog.isVisible())

    again = opened(window, "new_chronicle")
    assert isinstance(again, CreateChronicleDialog)
    after = again.chronicle()
    assert (after.town, after.elements, after.links) == (before.town, before.elements, before.links)
    assert after.practitioners == before.practitioners
    assert escape(qtbot, again, DraftKeeper.DISCARD)
    assert not (drafts_dir() / "new-coven-chronicle.json").exists()


def test_a_close_the_program_makes_keeps_the_draft_without_asking(
    qtbot, window: MainWindow
) -> None:
    """The app quitting (or a test's teardown) closes the dialog: nothing to answer, and
    nothing lost."""
    wizard = new_wizard(window)
    wizard.concept_page.name.setText("Mara Quill")
    wizard.close()
    assert not wizard.isVisible()
    assert (drafts_dir() / "new-contractor.json").exists()
    assert new_wizard(window).concept_page.name.text() == "Mara Quill"
