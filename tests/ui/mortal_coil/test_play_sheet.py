"""pytest-qt drives creation and a fight on the spacefarer screens (issue 18, "Done when").

The fight, worked by hand: Okoye has HP 4, armor 1, STR 10. A d8 result of 9
is entered (an enhanced d12 could roll it): 8 through, 4 off HP, 4 off STR ->
6; the STR save is entered as 7 > 6: critical damage, disabled. A short rest
rolls a d6 from the seeded generator, HP 0 + d6, and ends the disability.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from builder.mortal_coil.character import CreationMethod, ShortRest, Spacefarer, TakeHarm
from builder.mortal_coil.creation import roll_creation
from models import Library
from tests.builder.mortal_coil.examples import OKOYE
from ui.mortal_coil import SpacefarerCreation, SpacefarerSheet
from ui.workspace import Workspace


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    with Library.open(library_path) as opened:
        yield opened


def sheet_of(qtbot, library: Library, character: Spacefarer, seed: int) -> SpacefarerSheet:
    """The sheet of a stored spacefarer, on a workspace as the main window keeps one."""
    library.save(character)
    workspace = Workspace()
    workspace.set_library(library, "test library")
    sheet = SpacefarerSheet(workspace, character.id, random.Random(seed))
    qtbot.addWidget(sheet)
    return sheet


def test_the_ability_fields_show_the_roll(qtbot):
    """The fields show what the spacefarer is saved with (issue 33 item 2): seed 18 rolls
    STR 9, DEX 9, CTRL 12, HP 4, and swapping STR and CTRL shows 12 and 9."""
    form = SpacefarerCreation(random.Random(18))
    qtbot.addWidget(form)
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    shown = {key: spin.value() for key, spin in form.entered.items()}
    assert shown == {"str": 9, "dex": 9, "ctrl": 12, "hp": 4}
    assert not any(spin.isEnabled() for spin in form.entered.values())
    form.swap.setCurrentIndex(form.swap.findData("str,ctrl"))
    assert (form.entered["str"].value(), form.entered["ctrl"].value()) == (12, 9)
    form.use_entered.setChecked(True)
    assert all(spin.isEnabled() for spin in form.entered.values())
    form.entered["dex"].setValue(14)
    assert form.creation().dex_max == 14


def test_creation_rolls_every_die_and_allows_one_swap(qtbot):
    form = SpacefarerCreation(random.Random(18))
    qtbot.addWidget(form)
    qtbot.keyClicks(form.name, "Tamsin Roe")
    qtbot.keyClicks(form.pronouns, "they/them")
    qtbot.mouseClick(form.roll_button, Qt.MouseButton.LeftButton)
    # Seed 18 rolls STR 2+1+6 = 9, DEX 4+3+2 = 9, CTRL 2+4+6 = 12, HP 4.
    assert roll_creation(random.Random(18)).str_dice == (2, 1, 6)
    assert form.dice.text() == "STR 2+1+6 = 9; DEX 4+3+2 = 9; CTRL 2+4+6 = 12; HP d6 = 4"
    form.swap.setCurrentIndex(form.swap.findData("str,ctrl"))
    assert form.dice.text().endswith("→ STR 12, DEX 9, CTRL 9")
    made = form.character()
    c = made.creation
    assert (made.name, made.pronouns) == ("Tamsin Roe", "they/them")
    assert (c.method, c.str_max, c.dex_max, c.ctrl_max, c.hp_max) == (
        CreationMethod.ROLLED,
        12,
        9,
        9,
        4,
    )
    assert (c.str_dice, c.dex_dice, c.ctrl_dice, c.swap, c.hp_die) == (
        (2, 1, 6),
        (4, 3, 2),
        (2, 4, 6),
        "str,ctrl",
        4,
    )
    assert form.problems.text() == ""


def test_creation_can_be_entered(qtbot):
    form = SpacefarerCreation(random.Random(1))
    qtbot.addWidget(form)
    form.use_entered.setChecked(True)
    form.entered["str"].setValue(19)
    c = form.character().creation
    assert (c.method, c.str_max, c.dex_max, c.hp_max) == (CreationMethod.ENTERED, 19, 10, 3)
    assert form.problems.text() == "STR 19 is outside 3d6 (3-18)"


def test_a_fight_damage_past_hp_a_failed_str_save_and_a_rest(qtbot, library):
    sheet = sheet_of(qtbot, library, OKOYE, 7)
    stack = sheet.undo_stack
    seen = []
    sheet.changed.connect(seen.append)
    assert sheet.vitals["str"].text() == "10 / 10   save 1/2"
    sheet.attack_die.setValue(8)
    sheet.harm_roll.setValue(9)
    sheet.save_roll.setValue(7)
    qtbot.mouseClick(sheet.harm_button, Qt.MouseButton.LeftButton)
    assert sheet.character.log == (TakeHarm(sheet.character.log[0].kind, 9, 1, 7),)
    assert sheet.vitals["hp"].text() == "0 / 4"
    assert sheet.vitals["str"].text() == "6 / 10   save 3/10"
    assert sheet.status.text() == "Disabled: dies within an hour without aid and rest."
    d6 = random.Random(7).randint(1, 6)
    qtbot.mouseClick(sheet.buttons["short"], Qt.MouseButton.LeftButton)
    assert sheet.character.log[-1] == ShortRest(d6)
    assert sheet.vitals["hp"].text() == f"{min(4, d6)} / 4"
    assert sheet.status.text() == "In play."
    assert (
        sheet.log.count() == 2 and sheet.log.item(1).text() == f"2. Short rest: rolled {d6} for HP"
    )
    assert len(seen) == 2
    assert library.load(OKOYE.id) == sheet.character  # every action is saved at once
    assert [stack.text(i) for i in range(stack.count())] == ["Take damage", "Short rest"]
    # Undo takes back the rest, then the hit, in the library too.
    qtbot.mouseClick(sheet.undo_button, Qt.MouseButton.LeftButton)
    assert len(sheet.character.log) == 1 and sheet.status.text().startswith("Disabled")
    assert library.load(OKOYE.id).log == sheet.character.log
    stack.undo()
    assert sheet.character == OKOYE and sheet.vitals["str"].text() == "10 / 10   save 1/2"
    assert library.load(OKOYE.id) == OKOYE
    assert not sheet.undo_button.isEnabled() and sheet.redo_button.isEnabled()
    stack.redo()
    assert len(sheet.character.log) == 1 and len(library.load(OKOYE.id).log) == 1


def test_a_refused_action_says_why_and_changes_nothing(qtbot, library):
    sheet = sheet_of(qtbot, library, OKOYE, 3)
    qtbot.mouseClick(sheet.buttons["fed"], Qt.MouseButton.LeftButton)
    assert sheet.message.text() == "Refused: the character is not deprived"
    assert sheet.character == OKOYE == library.load(OKOYE.id)
    assert sheet.undo_stack.count() == 0


def test_stress_then_rolled_fallout_fills_a_slot(qtbot, library):
    sheet = sheet_of(qtbot, library, OKOYE, 11)
    sheet.harm_kind.setCurrentIndex(1)
    sheet.harm_roll.setValue(6)  # stability 0, HP 4: 2 off CTRL 8 -> 6
    sheet.save_roll.setValue(20)  # 20 always fails: critical stress
    qtbot.mouseClick(sheet.harm_button, Qt.MouseButton.LeftButton)
    assert sheet.status.text() == "1 fallout to take."
    qtbot.mouseClick(sheet.buttons["fallout"], Qt.MouseButton.LeftButton)
    assert sheet.status.text() == "In play."
    assert sheet.slots_box.title() == "Inventory: 5 of 10 slots"
    assert sheet.slots.item(4).text().startswith(" 5. Fallout ")


def test_the_sheet_shows_movement_and_the_combat_dex_saves(qtbot, library):
    """ "you may move up to 40 feet and then take one action"; "At the start of combat,
    each crew member must make a DEX save"; "Escaping ... requires a successful DEX
    save". Okoye's DEX 12 passes on 1-12 of a d20: 3/5, 60%."""
    sheet = sheet_of(qtbot, library, OKOYE, 7)
    lines = sheet.combat.text().split("\n")
    assert lines[0] == (
        "Movement: up to 40 feet, then one action (80 feet if the action is a second move)."
    )
    assert lines[1] == (
        "Start of combat: a DEX save; passing (3/5, 60%) acts before the first round."
    )
    assert lines[2] == "Retreat: a DEX save (3/5, 60%) and a safe destination."
    sheet.attack_die.setValue(8)
    sheet.harm_roll.setValue(9)
    sheet.save_roll.setValue(7)
    qtbot.mouseClick(sheet.harm_button, Qt.MouseButton.LeftButton)
    assert sheet.combat.text().startswith("Movement: 0 feet (disabled")


def test_the_sheet_works_out_a_blast(qtbot, library):
    """ "If the size of the area is unclear, roll the attack's standard damage die to
    determine the number of targets affected": a d4 blast hits 1-4 targets, each for its
    own d4: 5/2 × 5/2 = 25/4 in all on average."""
    sheet = sheet_of(qtbot, library, OKOYE, 7)
    sheet.blast.die.setValue(4)
    assert sheet.blast.summary.text() == (
        "1-4 targets (a d4), each rolling its own d4 against armor 0: 2.50 each on average, "
        "a target harmed 1/1; 6.25 in all on average (exactly 25/4)."
    )
    sheet.blast.targets.setValue(3)
    assert sheet.blast.summary.text().endswith("7.50 in all on average (exactly 15/2).")


def test_the_sheet_shows_what_a_thrall_carries(qtbot, library):
    """A thrall's load is counted like a character's slots: a bulky crate takes 2 of 10."""
    from dataclasses import replace

    from builder.mortal_coil.character import Item, ItemSize, Thrall

    c = replace(OKOYE, thralls=(Thrall("Bones", (Item("Crate", ItemSize.BULKY),)),))
    sheet = sheet_of(qtbot, library, c, 7)
    assert sheet.combat.text().split("\n")[-1] == "Thrall Bones: 2 of 10 slots (Crate)"
