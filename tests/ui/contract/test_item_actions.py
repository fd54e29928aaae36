"""Stock tab item actions: Use, state, hand-over with one Undo, Legendary Artifacts (issue 31).

Rules text: Consumables "grant an Effect once before being 'consumed'" and
"can be shared and traded around"; Legendary Artifacts "can be lost,
destroyed, or even stolen"; "you may invest multiple Gifts and Improvements
into a single Legendary Artifact".
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from builder.contract.character import (
    Concept,
    Contractor,
    CraftedItem,
    Gift,
    LegendaryArtifact,
    Stock,
)
from builder.contract.gifts import GiftDraft
from models.library import Library
from ui.contract.dialogs.form import FormDialog
from ui.contract.sheet.view import gift_bonuses
from ui.main_window import MainWindow


def _library(path: Path) -> None:
    """Ada (three Flash Bombs, a Sunsword holding her Girdle Gift) and Bo, in one library."""
    girdle = Gift(
        "girdle", GiftDraft("legendary_artifact", "alter_size", "activated", name="Girdle"), 1
    )
    ada = Contractor(
        "ada",
        Concept("Ada Brandt"),
        gifts=(girdle,),
        stock=Stock(
            consumables=(CraftedItem("Flash Bomb", "", 3, "blinds a room"),),
            legendary=(LegendaryArtifact("Sunsword", "a star-forged blade", ("girdle",)),),
        ),
    )
    with Library.open(path) as library:
        library.save(ada)
        library.save(Contractor("bo", Concept("Bo Lindqvist")))


def _fill(window: MainWindow, **values: object) -> None:
    form = window.current_dialog
    assert isinstance(form, FormDialog)
    for key, value in values.items():
        form.set_value(key, value)
    form.accept()


def _opened(open_window: Callable[..., MainWindow], library_path: Path) -> MainWindow:
    _library(library_path)
    window = open_window(library_path)
    assert window.open_character("ada")
    window.sheet.tabs.setCurrentWidget(window.sheet.stock_tab)
    return window


def test_use_and_hand_over_with_one_undo_for_both(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    """Use one of three Flash Bombs (3 → 2); hand two to Bo (2 → 0, Bo 0 → 2); one Undo."""
    window = _opened(open_window, library_path)
    stock = window.sheet.stock_tab
    bombs = stock.tables["consumables"]
    assert not stock.use_button.isEnabled()
    bombs.table.selectRow(0)
    assert stock.use_button.isEnabled()
    stock.use_button.click()
    _fill(window, note="cleared the stairwell")
    assert bombs.cell(0, 1) == "2"
    assert stock.log.cell(0, 2) == "used 1: cleared the stairwell"

    bombs.table.selectRow(0)
    stock.give_buttons["consumables"].click()
    _fill(window, to="bo", quantity=2, how="traded", note="for a map")
    assert bombs.cell(0, 1) == "0"
    assert stock.log.cell(0, 2) == "traded 2 to Bo Lindqvist: for a map"
    library = window.workspace.library
    assert library.load("bo").stock.consumables == (
        CraftedItem("Flash Bomb", "", 2, "blinds a room"),
    )
    assert window.actions["undo"].text() == "&Undo Traded 2 Flash Bomb to Bo Lindqvist"

    window.actions["undo"].trigger()
    assert bombs.cell(0, 1) == "2"
    assert library.load("bo").stock.consumables == ()
    assert library.load("ada").stock.consumables[0].quantity == 2
    window.actions["redo"].trigger()
    assert bombs.cell(0, 1) == "0"
    assert library.load("bo").stock.consumables[0].quantity == 2
    window.actions["undo"].trigger()
    assert library.load("bo").stock.consumables == ()
    window.actions["undo"].trigger()
    assert bombs.cell(0, 1) == "3"


def test_a_lost_artifact_is_greyed_and_its_gift_bonus_drops(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    window = _opened(open_window, library_path)
    stock = window.sheet.stock_tab
    assert stock.legendary.cell(0, 2) == "Girdle (1)"
    assert window.sheet.gifts_tab.table.cell(0, 0) == "Girdle · in Sunsword"
    assert [b.gift_id for b in gift_bonuses(window.workspace.library.load("ada"))] == ["girdle"]
    stock.legendary.table.selectRow(0)
    stock.state_buttons["legendary"].click()
    _fill(window, state="lost", note="in the Thames")
    assert stock.legendary.cell(0, 1) == "lost"
    assert "inactive" in stock.legendary.table.item(0, 0).toolTip()
    assert gift_bonuses(window.workspace.library.load("ada")) == ()
    assert stock.log.cell(0, 2) == "lost: in the Thames"
    assert window.sheet.gifts_tab.table.cell(0, 0) == "Girdle · inactive: Sunsword is lost"
    window.actions["undo"].trigger()
    assert stock.legendary.cell(0, 1) == "held"
