"""The Concept tab's bio lines (issue 31, item 5)."""

from __future__ import annotations

import pytest

from builder.contract.bio import Bio
from tests.ui.contract.test_weapons_tab import _form, _wren
from ui.main_window import MainWindow


@pytest.fixture
def window(examples_window: MainWindow) -> MainWindow:
    """This module's tests start on a library holding the shipped examples."""
    return examples_window


def test_edit_bio_from_the_concept_tab(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    wren = _wren(window, qtbot)
    concept = window.sheet.concept_tab
    window.sheet.tabs.setCurrentWidget(concept)
    assert concept.bio.text.text().startswith("No bio lines yet")
    concept.bio.edit_button.click()
    form = _form(window)
    form.set_value("tagline", "Patches people up, asks no questions")
    form.set_value("languages", "English, Welsh")
    form.accept()
    qtbot.waitUntil(lambda: "Tagline:" in concept.bio.text.text())
    assert concept.bio.text.text() == (
        "Tagline: Patches people up, asks no questions\nLanguages: English, Welsh"
    )
    assert window.workspace.library.load(wren).bio == Bio(
        tagline="Patches people up, asks no questions", languages="English, Welsh"
    )
    window.actions["undo"].trigger()
    qtbot.waitUntil(lambda: concept.bio.text.text().startswith("No bio lines yet"))
    assert window.workspace.library.load(wren).bio == Bio()
