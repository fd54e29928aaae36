"""The dice panel's unencumbered toggle (issue 28, item 4).

"If a Contractor is totally unencumbered (i.e. carrying nothing but maybe a small object
in their hand, plus their clothes), they receive a +1 dice bonus to all physical Actions."
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from builder.contract.rolls import unencumbered_dice
from ui.contract.dice_panel import DicePanel, RollSheet


def sheet(**extra: object) -> RollSheet:
    return RollSheet(
        attributes={"Brawn": 2, "Dexterity": 3},
        abilities={"Athletics": 2},
        body=6,
        mind=5,
        initiative=5,
        **extra,  # type: ignore[arg-type]
    )


def test_the_die_needs_a_physical_action_and_no_load_over_the_limit() -> None:
    assert unencumbered_dice(True, False) == 1
    assert unencumbered_dice(False, False) == 0
    assert unencumbered_dice(True, True) == 0


def test_ticking_adds_one_die_to_the_pool(qtbot: QtBot) -> None:
    """Dexterity 3 + Athletics 2 = 5 dice; ticked, 6."""
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_sheet(sheet())
    panel.choose("Dexterity", "Athletics", 6)
    assert not panel.unencumbered.isChecked()
    assert panel.pool_label.text().startswith("Dexterity 3 + Athletics 2 = 5 dice")
    panel.unencumbered.setChecked(True)
    assert panel.pool_label.text().startswith("Dexterity 3 + Athletics 2 + unencumbered 1 = 6 dice")
    assert panel.planned is not None and panel.planned[1].pool == 6


def test_the_sheets_unencumbered_mark_ticks_it_and_a_load_over_the_limit_disables_it(
    qtbot: QtBot,
) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.set_sheet(sheet(unencumbered=True))
    assert panel.unencumbered.isChecked() and panel.unencumbered.isEnabled()
    panel.set_sheet(sheet(over_carry_limit=True, encumbrance=1))
    assert not panel.unencumbered.isChecked() and not panel.unencumbered.isEnabled()
    panel.choose("Body")
    assert panel.pool_label.text().startswith("Body 6 = 6 dice")
