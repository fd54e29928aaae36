"""The dice panel's roll section: a Roll button, the dice shown, the Outcome, a short log.

The panel works out the roll (``builder.contract.rolls``); this section rolls it
with the app's own random generator, seeded from the operating system
(``builder.contract.roller.table_rng``), shows each die and the Outcome with
its band ("Rolling Dice"), and keeps the last rolls of each open contractor in
memory (``RollLog``, newest first). Nothing is stored: the log is for the
session at the table.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import (
    QGroupBox,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from builder.contract.dice import BAND_RANGES, RollResult, face_value
from builder.contract.roller import LoggedRoll, RollLog, outcome_text, roll_planned, table_rng
from builder.contract.rolls import PlannedRoll
from ui.style import set_role

Plan = Callable[[], tuple[str, PlannedRoll] | None]
"""Gives the roll the panel shows now: its label and plan (None: nothing to roll)."""

LOG_ROWS = 4
"""Rows of the roll log visible without scrolling."""


def die_html(face: int, difficulty: int, mark: str, on_mark: str) -> str:
    """One die as a number; a success on the ``mark`` colour, a 10 also bold, a 1 struck out."""
    value = face_value(face, difficulty)
    text = f"&nbsp;{face}&nbsp;"
    if face == 10:
        text = f"<b>{text}</b>"
    if value > 0:
        return f'<span style="background-color: {mark}; color: {on_mark};">{text}</span>'
    if value < 0:
        return f"<s>{text}</s>"
    return text


def dice_html(result: RollResult, mark: str, on_mark: str) -> str:
    """The dice of ``result`` in the order rolled, separated by spaces."""
    if not result.faces:
        return "No dice to roll: the Outcome is 0."
    return " ".join(die_html(f, result.effective_difficulty, mark, on_mark) for f in result.faces)


def die_tooltip(result: RollResult) -> str:
    """What each face adds, for the screen reader and the curious."""
    parts = [f"{face}: {face_value(face, result.effective_difficulty):+d}" for face in result.faces]
    return (
        f"Difficulty {result.effective_difficulty}: at or above it +1, a 10 +2, a 1 −1. "
        + ", ".join(parts)
    )


class RollSection(QGroupBox):
    """Roll the panel's roll and read the dice, the Outcome and the recent rolls."""

    rolled = Signal(object)
    """Emitted with the ``LoggedRoll`` after each roll."""

    def __init__(self, plan: Plan, parent: QWidget | None = None) -> None:
        super().__init__("Roll at the table", parent)
        self._plan = plan
        self.rng: random.Random = table_rng()
        self._owner = ""
        self.logs: dict[str, RollLog] = {}

        self.button = QPushButton("Roll the &dice")
        self.button.setToolTip("Roll this pool now with the app's own dice")
        self.dice_label = QLabel()
        self.dice_label.setWordWrap(True)
        self.dice_label.setTextFormat(Qt.TextFormat.RichText)
        self.dice_label.setAccessibleName("Dice rolled")
        set_role(self.dice_label, "dice")  # roles follow a font changed while the app runs
        self.outcome_label = QLabel("Not rolled yet.")
        self.outcome_label.setWordWrap(True)
        self.outcome_label.setAccessibleName("Outcome")
        set_role(self.outcome_label, "subheading")
        self.log_list = QListWidget()
        self.log_list.setAccessibleName("Recent rolls")
        self.log_list.setWordWrap(True)
        self.log_list.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        self.log_list.setMaximumHeight(self.fontMetrics().height() * (LOG_ROWS + 1))

        layout = QVBoxLayout(self)
        layout.addWidget(self.button)
        layout.addWidget(self.dice_label)
        layout.addWidget(self.outcome_label)
        recent = QLabel("Recent rolls (newest first)")
        recent.setWordWrap(True)  # the dock is narrow: its words wrap rather than widen it
        layout.addWidget(recent)
        layout.addWidget(self.log_list)
        self.button.clicked.connect(self.roll)

    def set_owner(self, owner: str) -> None:
        """Show the log of another contractor (each keeps their own while the app runs)."""
        if owner == self._owner:
            return
        self._owner = owner
        self.dice_label.clear()
        last = self.log.rolls[0] if self.log.rolls else None
        self.outcome_label.setText(last.text() if last else "Not rolled yet.")
        self._show_log()

    @property
    def log(self) -> RollLog:
        """The shown contractor's recent rolls."""
        return self.logs.get(self._owner, RollLog())

    def roll(self) -> LoggedRoll | None:
        """Roll what the panel shows now; returns the logged roll (None: nothing to roll)."""
        current = self._plan()
        if current is None:
            return None
        label, planned = current
        result = roll_planned(planned, self.rng)
        entry = LoggedRoll(label, result)
        self.logs[self._owner] = self.log.add(entry)
        palette = self.palette()
        mark = palette.color(QPalette.ColorRole.Highlight).name()
        on_mark = palette.color(QPalette.ColorRole.HighlightedText).name()
        self.dice_label.setText(dice_html(result, mark, on_mark))
        self.dice_label.setToolTip(die_tooltip(result))
        band = BAND_RANGES[result.band]
        self.outcome_label.setText(f"{outcome_text(result)} ({band})")
        self._show_log()
        self.rolled.emit(entry)
        return entry

    def _show_log(self) -> None:
        self.log_list.clear()
        for entry in self.log.rolls:
            self.log_list.addItem(entry.text())
