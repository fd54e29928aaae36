"""The Weapons tab and the Dice dock's attack calculator (issue 31, item 3)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.contract.attack import AttackSetup, attack_odds
from ui.contract.dialogs.form import FormDialog
from ui.main_window import MainWindow


@pytest.fixture
def window(examples_window: MainWindow) -> MainWindow:
    """This module's tests start on a library holding the shipped examples."""
    return examples_window


def _wren(window: MainWindow, qtbot) -> str:  # type: ignore[no-untyped-def]
    """Wren Halloway (resources/examples/newbie-wren-halloway.json): Brawn 2, Dexterity 2,
    no Firearms, Melee or Brawl, no Injury (no Penalty). Needs a window on a library
    holding the examples (this module's ``window``)."""
    library = window.workspace.library
    wren = next(
        line.id
        for line in window.roster.lines()
        if line.name == "Wren Halloway" and library.system_of(line.id) == "contract"
    )
    assert window.open_character(wren)
    window.sheet.tabs.setCurrentWidget(window.sheet.weapons_tab)
    return wren


def _form(window: MainWindow) -> FormDialog:
    forms = [d for d in window.findChildren(FormDialog) if d.isVisible()]
    assert len(forms) == 1
    return forms[0]


def test_add_from_tables_shows_the_attack_pool_and_rolls_it(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """ "All gun attacks are rolled with Dexterity + Firearms"; a handgun is "Difficulty 6",
    Weapon Damage 2. With no rank in Firearms Wren rolls "only the relevant Attribute at
    +1 Difficulty": Dexterity 2, 2 dice at Difficulty 7 ("Difficulty").
    """
    wren = _wren(window, qtbot)
    tab = window.sheet.weapons_tab
    assert tab.table.row_count() == 0
    tab.add_from_tables()
    form = _form(window)
    form.set_value("table", "handgun")
    form.accept()
    qtbot.waitUntil(lambda: tab.table.row_count() == 1)
    assert [tab.table.cell(0, c) for c in range(6)] == [
        "Handgun",
        "Dexterity alone (no Firearms)",
        "2 dice",
        "7 (+1 untrained)",
        "2",
        "50 ft",
    ]
    assert window.workspace.library.load(wren).weapons[0].table_id == "handgun"

    tab.table.table.selectRow(0)
    tab.roll_button.click()
    panel = window.dice_panel
    assert window.dice_dock.isVisible()
    assert (panel.first.currentText(), panel.second.currentText()) == ("Dexterity", "Firearms")
    assert panel.planned is not None
    roll = panel.planned[1]
    assert (roll.pool, roll.rolled_difficulty) == (2, 7)
    box = panel.attack_box
    assert box.isChecked() and box.damage.value() == 2
    box.armor.setValue(1)
    expected = attack_odds(
        AttackSetup(attack_pool=2, attack_difficulty=7, weapon_damage=2, armor=1)
    )
    assert box.odds is not None
    assert dict(box.odds.damage.probabilities) == dict(expected.damage.probabilities)
    # At Difficulty 7 one die gives −1 (a 1, 1/10), 0 (2–6, 5/10), +1 (7–9, 3/10), +2 (a 10).
    # Two dice miss (Outcome ≤ 0) with −1−1 (1/100), −1+0 (10/100), 0+0 (25/100) or
    # −1+1 (6/100): 42/100, so the attack hits 58 %.
    assert box.odds.hit == Fraction(58, 100)
    assert "Hits 58.0 %" in box.result.text()


def test_custom_weapon_edit_and_remove(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    wren = _wren(window, qtbot)
    tab = window.sheet.weapons_tab
    tab.edit(-1)
    form = _form(window)
    form.set_value("name", "Scalpel")
    form.set_value("attribute", "dexterity")
    form.set_value("ability", "medicine")
    form.set_value("damage", 1)
    form.accept()
    qtbot.waitUntil(lambda: tab.table.row_count() == 1)
    # Dexterity 2 + Medicine 3 = 5 dice at Difficulty 6.
    assert [tab.table.cell(0, c) for c in range(5)] == [
        "Scalpel",
        "Dexterity + Medicine",
        "5 dice",
        "6",
        "1",
    ]
    tab.edit(0)
    form = _form(window)
    form.set_value("no_damage", True)
    form.accept()
    qtbot.waitUntil(lambda: tab.table.cell(0, 4) == "none")
    assert not window.workspace.library.load(wren).weapons[0].deals_damage
    tab.remove(0)
    qtbot.waitUntil(lambda: tab.table.row_count() == 0)
    assert window.workspace.library.load(wren).weapons == ()
