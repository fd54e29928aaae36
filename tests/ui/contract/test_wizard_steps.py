"""The creation wizard shows where you are, a readable review and the first Gift (issue 16, 7)."""

from __future__ import annotations

from PySide6.QtCore import Qt

from tests.ui.conftest import finish, make_contractor
from ui.contract.gift_builder import GiftBuilderDialog
from ui.main_window import MainWindow


def test_the_step_list_says_where_you_are(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    steps = wizard.steps
    assert steps.list.count() == len(wizard.pages) == 7
    assert steps.where.text() == "Step 1 of 7"
    assert steps.list.item(0).font().bold()
    wizard.concept_page.name.setText("Mara Quill")
    wizard.next()
    wizard.next()
    assert steps.where.text() == "Step 3 of 7"
    assert steps.list.item(2).text() == f"3. {wizard.ratings_page.title()}"
    assert [steps.list.item(r).font().bold() for r in range(3)] == [False, False, True]
    wizard.back()
    assert steps.where.text() == "Step 2 of 7"


def test_the_review_is_a_formatted_summary(window: MainWindow) -> None:
    wizard = make_contractor(window, name="Mara <b>Quill</b>", player="Ines")
    summary = wizard.review_page.summary
    assert summary.textFormat() == Qt.TextFormat.RichText
    text = summary.text()
    assert "<h2" in text and "<table" in text and "<h3>Limits</h3>" in text
    assert "Mara &lt;b&gt;Quill&lt;/b&gt;" in text  # the player's text is shown, not obeyed
    assert "<b>Anguish</b>" in text
    assert "Exp kept for later</b></td><td>150" in text


def test_an_alternative_limit_shows_only_its_name_in_the_box(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    slot = window.current_dialog.limits_page.slots[2]
    slot.choose("humiliation")
    option = window.catalog.limits
    humiliation = next(o for o in option if o.id == "humiliation")
    assert slot.combo.currentText() == "Humiliation"
    assert slot.trigger.text() == f"{humiliation.trigger} (Suits {humiliation.suits}.)"


def test_a_gifted_contractor_is_offered_the_gift_builder(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    wizard = make_contractor(window, name="Ada Voss")
    assert not wizard.start_page.build_gift.isVisibleTo(wizard.start_page)
    wizard.start_page.gifted.setChecked(True)
    assert wizard.start_page.build_gift.isVisibleTo(wizard.start_page)
    assert wizard.build_first_gift
    finish(wizard)
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, GiftBuilderDialog))
    builder = window.current_dialog
    assert "Ada Voss" in builder.windowTitle()
    assert window.contractor.concept.name == "Ada Voss"
    assert window.sheet.tabs.currentWidget() is window.sheet.gifts_tab
    builder.reject()


def test_without_a_gift_credit_no_builder_opens(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    wizard = make_contractor(window, name="Ortwin Hale")
    assert not wizard.build_first_gift
    finish(wizard)
    qtbot.wait(50)
    assert window.current_dialog is None
