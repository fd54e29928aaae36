"""The dice panel's Roll button (issue 16 item 5), worked from "Rolling Dice".

Dexterity 3 + Firearms 2 at Difficulty 6 is 5 dice. Faces 10, 7, 6, 3, 1 add
+2, +1, +1, 0, −1: Outcome 3, a partial success (1–3).
"""

from __future__ import annotations

import random
from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from builder.contract.roller import LOG_SIZE
from ui.contract.dice_panel import DicePanel, RollSheet

SHOTS = Path("/tmp/shots/print16")


class Loaded(random.Random):
    """d10s that land on the faces given, in order, then on 6s."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else 6


def sheet(owner: str) -> RollSheet:
    return RollSheet(
        attributes={"Brawn": 2, "Dexterity": 3},
        abilities={"Firearms": 2, "Stealth": 1},
        body=6,
        mind=5,
        initiative=5,
        owner=owner,
    )


def panel(qtbot: QtBot) -> DicePanel:
    widget = DicePanel()
    qtbot.addWidget(widget)
    widget.set_sheet(sheet("ines"))
    widget.choose("Dexterity", "Firearms", 6)
    return widget


def test_roll_shows_each_die_the_outcome_and_its_band(qtbot: QtBot) -> None:
    widget = panel(qtbot)
    widget.roller.rng = Loaded(10, 7, 6, 3, 1)
    qtbot.mouseClick(widget.roller.button, Qt.MouseButton.LeftButton)
    shown = widget.roller.dice_label.text()
    for face in ("10", "7", "6", "3", "1"):
        assert f"&nbsp;{face}&nbsp;" in shown
    assert widget.roller.outcome_label.text() == "Outcome 3, Partial success (1–3)"
    assert widget.roller.log_list.count() == 1
    assert widget.roller.log_list.item(0).text() == (
        "Dexterity + Firearms, Difficulty 6: 10 7 6 3 1 → Outcome 3, Partial success"
    )
    assert "1: -1" in widget.roller.dice_label.toolTip()
    widget.resize(320, 900)
    widget.show()
    qtbot.waitExposed(widget)
    SHOTS.mkdir(parents=True, exist_ok=True)
    widget.grab().save(str(SHOTS / "dice-panel-after-roll.png"))


def test_each_contractor_keeps_their_own_log_of_the_last_twenty(qtbot: QtBot) -> None:
    widget = panel(qtbot)
    widget.roller.rng = random.Random(11)
    for _ in range(LOG_SIZE + 3):
        widget.roller.button.click()
    assert widget.roller.log_list.count() == 20
    widget.set_sheet(sheet("wren"))
    assert widget.roller.log_list.count() == 0
    assert widget.roller.outcome_label.text() == "Not rolled yet."
    widget.choose("Body")
    widget.roller.rng = Loaded(10, 10, 1, 5, 6, 9)
    entry = widget.roller.roll()
    assert entry is not None and entry.result.outcome == 2 + 2 - 1 + 0 + 1 + 1
    assert widget.roller.log_list.item(0).text().startswith("Body, Difficulty 6: 10 10 1 5 6 9")
    widget.set_sheet(sheet("ines"))
    assert widget.roller.log_list.count() == 20


def test_the_table_generator_rolls_real_d10s(qtbot: QtBot) -> None:
    widget = panel(qtbot)
    faces = []
    for _ in range(30):
        entry = widget.roller.roll()
        assert entry is not None
        assert len(entry.result.faces) == 5
        faces += entry.result.faces
    assert set(faces) <= set(range(1, 11)) and len(set(faces)) > 3
