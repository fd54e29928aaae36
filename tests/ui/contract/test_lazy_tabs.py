"""A sheet's tabs are made when first shown or asked for, and always show the sheet as it is.

Opening a contractor builds the Concept tab only; the others wait. A change made while
a tab was never shown reaches it when it is made, undo and redo reach it after that,
and unsaved notes are asked of the Story tab only once it exists.

Exp figures from "Earning Experience": "If a Contractor attends a Contract in their home
Playgroup and claims victory, they earn 5 Exp. If they are also selected for Commission,
they receive a total of 7 Exp from that Contract." A new contractor has 150 Exp, all
unspent here, so a home victory with Commission leaves 157 available; "Victory: A
Contractor that claims Victory in a Contract gains one Gift Credit."
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

from builder.contract.character import Outcome
from tests.ui.conftest import create_contractor
from tests.ui.contract.test_sheet_flow import record
from ui.contract.sheet.exp_tab import ExpTab
from ui.contract.sheet.gifts_tab import GiftsTab
from ui.contract.sheet.view import TAB_NAMES
from ui.main_window import MainWindow


def made(window: MainWindow) -> list[str]:
    """The sheet tabs made so far, by name (a tab not made yet is a bare placeholder page)."""
    tabs = window.sheet.tabs
    return [name for i, name in enumerate(TAB_NAMES) if type(tabs.widget(i)) is not QWidget]


def test_opening_a_sheet_makes_the_concept_tab_only(window: MainWindow) -> None:
    create_contractor(window)
    assert made(window) == ["Concept"]
    assert window.sheet.unsaved_changes() == ""  # no Story tab, so no notes typed
    assert [window.sheet.tabs.tabText(i) for i in range(len(TAB_NAMES))] == [
        "Concep&t", "&Stats", "&Gifts", "Stoc&k", "Hea&lth", "Stor&y", "E&xp", "&Weapons",
    ]  # fmt: skip


def test_a_tab_made_after_a_change_shows_it_and_follows_undo(window: MainWindow) -> None:
    create_contractor(window)
    record(window, "The Drowned Bell", Outcome.VICTORY, home=True, commission=True)
    assert "Exp" not in made(window)

    sheet = window.sheet
    sheet.tabs.setCurrentIndex(TAB_NAMES.index("Exp"))  # the player clicks the Exp tab
    exp = sheet.tabs.currentWidget()
    assert isinstance(exp, ExpTab)
    assert exp is sheet.exp_tab
    assert sheet.tabs.currentIndex() == TAB_NAMES.index("Exp")
    assert exp.exp.value("Available") == "157"
    assert exp.rewards.value("Gift Credits available") == "1"

    window.actions["undo"].trigger()
    assert exp.exp.value("Available") == "150"
    assert exp.rewards.value("Gift Credits available") == "0"

    # Asked for by name (as code and tests do), the Gifts tab is made in its place,
    # with the sheet shown, while the Exp tab stays the one on screen.
    window.actions["redo"].trigger()
    gifts = sheet.gifts_tab
    assert isinstance(gifts, GiftsTab)
    assert sheet.tabs.widget(TAB_NAMES.index("Gifts")) is gifts
    assert sheet.tabs.currentWidget() is exp
    assert gifts.rewards.text().startswith("Gift Credits available: 1")
    assert made(window) == ["Concept", "Gifts", "Exp"]
