"""The Covenant sheet speaks the player's words (issue 16, item 9): the pronouns entered,
goals with their conditions, stakes and deadline, right plurals, the newest log entry
in view."""

from __future__ import annotations

import dataclasses

import pytest

from models import Library
from tests.ui.covenant.conftest import fresh_ines

INES = fresh_ines().id


def test_refusals_use_the_pronouns_the_player_entered(library: Library, open_sheet) -> None:  # type: ignore[no-untyped-def]
    library.save(dataclasses.replace(fresh_ines(), pronouns="she/her"))
    sheet = open_sheet(library, INES)
    sheet.time_buttons["begin_scene"].click()
    sheet.resist_damage.setValue(30)
    sheet.resist_spent.setValue(10)
    sheet.resist_button.click()
    tap = sheet.use_buttons[("rifles", "tap")]
    assert tap.toolTip() == "An incapacitated character cannot act until she is healed."
    assert "xi" not in sheet.message.text().split()


def test_goals_show_what_they_ask_and_when_they_are_due(library: Library, open_sheet) -> None:  # type: ignore[no-untyped-def]
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    texts = [label.text() for label in sheet.assets_box.findChildren(type(sheet.message))]
    assert "Conditions: Deliver the stalled crate of antivirals to the clinic this chapter." in (
        texts
    )
    assert "Stakes: Dana's trust in Ines." in texts
    assert "Due by: end of the chapter" in texts
    assert "Due by: end of the story" in texts
    due = "The minor goal 'Get Dana her medicine shipment' is due by end of the chapter."
    assert sheet.due_label.text() == due
    sheet.time_buttons["begin_scene"].click()
    sheet.time_buttons["end_scene"].click()
    assert due in sheet.time_buttons["end_chapter"].toolTip()

    # Resolved from its own card: the stakes are lost, and the goal leaves the sheet.
    failed = sheet.goal_buttons[("goal-dana", False)]
    assert failed.isEnabled() and failed.toolTip() == "The stakes are lost: Dana's trust in Ines."
    failed.click()
    assert library.load(INES).log[-1].fulfilled is False
    assert ("goal-dana", False) not in sheet.goal_buttons
    assert sheet.due_label.isHidden()


@pytest.mark.slow  # 2.6 s of CPU (windows)
def test_plurals_and_the_newest_log_entry_in_view(library: Library, open_sheet) -> None:  # type: ignore[no-untyped-def]
    library.save(fresh_ines())
    sheet = open_sheet(library, INES)
    assert "0 scenes ended, 0 chapters survived" in sheet.subtitle.text()
    for _ in range(12):
        sheet.time_buttons["begin_scene"].click()
        sheet.time_buttons["end_scene"].click()
    sheet.time_buttons["end_chapter"].click()
    assert "12 scenes ended, 1 chapter survived" in sheet.subtitle.text()
    sheet.time_buttons["begin_scene"].click()
    sheet.time_buttons["end_scene"].click()
    assert "13 scenes ended, 1 chapter survived" in sheet.subtitle.text()
    log = sheet.log_list
    assert log.currentRow() == log.count() - 1 == len(library.load(INES).log) - 1
    bar = log.verticalScrollBar()
    assert bar.maximum() > 0 and bar.value() == bar.maximum()


def test_the_creation_guide_uses_the_pronouns_entered(qtbot, library: Library) -> None:  # type: ignore[no-untyped-def]
    from tests.ui.covenant.test_creation_guide import open_wizard

    wizard = open_wizard(qtbot, library)
    wizard.identity_page.name.setText("Ines Okafor-Vell")
    wizard.identity_page.pronouns.setText("they/them")
    wizard.next()
    assert "something important to the character that they can lose" in (
        wizard.ties_page.subTitle()
    )
    assert "xi" not in wizard.ties_page.findings.text().split()
