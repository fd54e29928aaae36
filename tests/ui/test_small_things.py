"""Small things a user notices (issue 33, item 8): tabs kept across a restart, one
Alt+N in the wizard, singulars, "You open", a short Undo button."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QToolBar, QWizard

from builder.contract.character import Outcome
from builder.tiles.state import Kind, beat, open_
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.main_window import MainWindow


def _examples(window: MainWindow) -> dict[str, str]:
    """The first living character's id of each game in ``window``'s library of examples."""
    library = window.workspace.library
    ids: dict[str, str] = {}
    for cid in window.roster.visible_ids():
        ids.setdefault(library.system_of(cid), cid)
    return ids


def test_open_tabs_come_back_after_a_restart(
    open_window: Callable[..., MainWindow], examples_path: Path, qtbot  # type: ignore[no-untyped-def]
) -> None:
    library_path = examples_path  # the examples, loaded once per session (conftest)
    window = open_window(library_path)
    ids = _examples(window)
    window.open_character(ids["contract"])
    window.open_character(ids["covenant"])
    window.open_character(ids["mortal-coil"] if "mortal-coil" in ids else ids["contract"])
    window.tabs.setCurrentIndex(window.tabs.index_of(ids["covenant"]))
    opened = window.tabs.ids()
    window.close()

    again = open_window(library_path)
    qtbot.waitUntil(lambda: again.workspace.library is not None)
    assert again.tabs.ids() == opened
    assert again.tabs.current_id() == ids["covenant"]
    assert again.game_sheet is not None and again.game_sheet.character_id == ids["covenant"]

    # A character deleted meanwhile is simply not reopened; closing every tab is kept too.
    again.close_character(ids["covenant"])
    again.close()
    third = open_window(library_path)
    qtbot.waitUntil(lambda: third.workspace.library is not None)
    assert third.tabs.ids() == [cid for cid in opened if cid != ids["covenant"]]
    for cid in third.tabs.ids():
        third.close_character(cid)
    third.close()
    fourth = open_window(library_path)
    qtbot.waitUntil(lambda: fourth.workspace.library is not None)
    assert fourth.tabs.count() == 0


def _mnemonics(widgets: list[QLabel | QAbstractButton]) -> Counter[str]:
    """The Alt+letter keys these labels and buttons take ("&Next >" takes N)."""
    keys: Counter[str] = Counter()
    for widget in widgets:
        found = re.search(r"&([^&\s])", widget.text().replace("&&", ""))
        if found:
            keys[found.group(1).lower()] += 1
    return keys


def test_alt_n_is_bound_once_on_every_wizard_page(window: MainWindow) -> None:
    window.actions["new_contractor"].trigger()
    wizard = window.current_dialog
    assert isinstance(wizard, QWizard)
    buttons = [
        wizard.button(b)
        for b in (QWizard.WizardButton.BackButton, QWizard.WizardButton.NextButton)
    ]
    assert [b.text() for b in buttons] == ["< &Back", "&Next >"]
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        widgets = [*page.findChildren(QLabel), *page.findChildren(QAbstractButton), *buttons]
        keys = _mnemonics(widgets)
        assert keys["n"] == 1, (page.title(), keys)
        assert keys["b"] == 1, (page.title(), keys)
    wizard.reject()


def test_one_victory_in_one_contract_is_said_in_the_singular(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "The Lantern Job", Outcome.VICTORY)
    assert window.report.victories == 1
    assert window.sheet.status_chip.toolTip() == "1 victory in 1 Contract"
    record(window, "Low Tide", Outcome.VICTORY)
    assert window.sheet.status_chip.toolTip() == "2 victories in 2 Contracts"


def test_a_player_called_you_opens_in_the_second_person() -> None:
    assert open_(Kind.FIRE).said_of("You") == "You open with FIRE"
    assert beat(Kind.WIND).said_of("You") == "You beat with WIND"
    assert open_(Kind.UNKNOWN, Kind.WIND).said_of("Ada") == "Ada opens with the UNKNOWN as WIND"


def test_the_toolbar_undo_is_short_and_its_tooltip_says_the_whole(window: MainWindow) -> None:
    toolbar = window.findChild(QToolBar, "main_toolbar")
    undo_button = next(a for a in toolbar.actions() if a.text() == "&Undo")
    assert not undo_button.isEnabled()
    create_contractor(window, "Mara Quill")
    record(window, "The Lantern Job", Outcome.VICTORY)
    whole = window.actions["undo"].text()
    assert whole.startswith("&Undo ") and len(whole) > len("&Undo ")
    assert undo_button.text() == "&Undo" and undo_button.isEnabled()
    assert undo_button.toolTip() == f"{whole.replace('&', '')} (Ctrl+Z)"
    undo_button.trigger()
    assert window.report.victories == 0
