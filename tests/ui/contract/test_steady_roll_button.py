"""Steady screens (issue 33, item 7): the dice dock's Roll button does not move under
the pointer when the pool's line grows a note (a Penalty, an untrained Ability).

Rules (the-contract-rules.txt): a Penalty removes dice from the pool; with no rank
in the Ability the Difficulty is raised by 1.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint
from pytestqt.qtbot import QtBot

from ui.contract.dice_panel import DicePanel, RollSheet


def button_place(panel: DicePanel) -> tuple[QPoint, int]:
    button = panel.roller.button
    return button.mapTo(panel, QPoint(0, 0)), button.height()


def test_the_roll_button_stays_put_when_the_pool_line_grows(qtbot: QtBot) -> None:
    panel = DicePanel()
    qtbot.addWidget(panel)
    panel.resize(300, 900)  # a narrow dock: the notes wrap onto several lines
    panel.show()
    qtbot.waitExposed(panel)
    panel.set_sheet(RollSheet(attributes={"Dexterity": 3}, abilities={"Athletics": 2}))
    panel.choose("Dexterity", "Athletics", 6)
    assert panel.pool_label.text() == "Dexterity 3 + Athletics 2 = 5 dice"
    qtbot.wait(10)
    before = button_place(panel)

    panel.set_sheet(
        RollSheet(
            attributes={"Dexterity": 3},
            abilities={"Athletics": 0},
            penalty=2,
            encumbrance=1,
        )
    )
    panel.choose("Dexterity", "Athletics", 6)
    assert "−3 leaves" in panel.pool_label.text()
    assert "no rank in the Ability: Difficulty +1" in panel.pool_label.text()
    qtbot.wait(10)
    assert button_place(panel) == before
