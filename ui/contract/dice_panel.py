"""The dice panel: choose what to roll and see the exact Outcome chart by band.

The player picks an Attribute and an Ability (or a Body, Mind or Initiative
roll) and a Difficulty. The panel asks ``builder`` for everything it shows:
the pool after Penalty (:mod:`builder.contract.rolls`) and the
exact distribution (:func:`builder.contract.dice.outcome_distribution`), which already
applies the Difficulty limits and the rank-6 floor.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract import dice
from builder.contract.rolls import pool_roll, trait_roll

SPECIAL_ROLLS = ("Body", "Mind", "Initiative")
"""The three rolls not made from an Attribute and an Ability ("Rolling Body")."""

NO_ABILITY = "(no Ability)"

BAND_LABELS: Mapping[dice.Band, str] = {
    dice.Band.BOTCH: "Botch",
    dice.Band.FAIL: "Failure",
    dice.Band.PARTIAL: "Partial",
    dice.Band.SUCCESS: "Success",
    dice.Band.EXCEPTIONAL: "Exceptional",
}


@dataclass(frozen=True, slots=True)
class RollSheet:
    """What the dice panel needs from a sheet: ratings by display name and the pools.

    ``attributes`` and ``abilities`` map display names ("Dexterity",
    "Firearms", "Lockpicking") to ratings, in sheet order; ``body``, ``mind``,
    ``initiative`` are those pools before Penalty; ``penalty`` is the dice lost.
    """

    attributes: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)
    body: int = 0
    mind: int = 0
    initiative: int = 0
    penalty: int = 0


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal ("12.3 %")."""
    return f"{float(p) * 100:.1f} %"


class DicePanel(QWidget):
    """Pick a roll and read its pool and exact Outcome chances."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._sheet = RollSheet()

        self.first = QComboBox()
        self.first.setAccessibleName("Attribute or special roll")
        self.second = QComboBox()
        self.second.setAccessibleName("Ability")
        self.difficulty = QSpinBox()
        self.difficulty.setRange(2, 15)
        self.difficulty.setValue(6)
        self.difficulty.setToolTip(
            "Usually 6. The final Difficulty stays between 4 and 9; each point above 9 "
            "costs a die instead."
        )
        self.pool_label = QLabel()
        self.pool_label.setWordWrap(True)
        self.pool_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        form = QFormLayout()
        form.addRow("&Roll", self.first)
        form.addRow("&Ability", self.second)
        form.addRow("&Difficulty", self.difficulty)
        form.addRow("Pool", self.pool_label)

        chart = QGroupBox("Chance of each Outcome")
        grid = QGridLayout(chart)
        self.band_bars: dict[dice.Band, QProgressBar] = {}
        self.band_values: dict[dice.Band, QLabel] = {}
        for row, band in enumerate(dice.BANDS):
            name = QLabel(f"{BAND_LABELS[band]} ({dice.BAND_RANGES[band]})")
            bar = QProgressBar()
            bar.setRange(0, 1000)
            bar.setTextVisible(False)
            bar.setMaximumHeight(bar.fontMetrics().height())
            bar.setAccessibleName(BAND_LABELS[band])
            value = QLabel()
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            value.setMinimumWidth(value.fontMetrics().horizontalAdvance("100.0 %"))
            # Name and figure on one line, the bar under them: reads at any dock width.
            grid.addWidget(name, 2 * row, 0)
            grid.addWidget(value, 2 * row, 1)
            grid.addWidget(bar, 2 * row + 1, 0, 1, 2)
            self.band_bars[band] = bar
            self.band_values[band] = value
        grid.setColumnStretch(0, 1)
        self.expected_label = QLabel()
        grid.addWidget(self.expected_label, 2 * len(dice.BANDS), 0, 1, 2)

        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(chart)
        layout.addStretch(1)

        self.first.currentIndexChanged.connect(self._first_changed)
        self.second.currentIndexChanged.connect(self.refresh)
        self.difficulty.valueChanged.connect(self.refresh)
        self.distribution: dice.Distribution | None = None

    # ------------------------------------------------------------------ data

    def set_sheet(self, sheet: RollSheet) -> None:
        """Show rolls for another contractor (or the same one after a change)."""
        first = self.first.currentText()
        second = self.second.currentText()
        self._sheet = sheet
        self.first.blockSignals(True)
        self.first.clear()
        self.first.addItems(list(sheet.attributes))
        self.first.insertSeparator(self.first.count())
        self.first.addItems(list(SPECIAL_ROLLS))
        index = self.first.findText(first)
        self.first.setCurrentIndex(index if index >= 0 else 0)
        self.first.blockSignals(False)
        self.second.blockSignals(True)
        self.second.clear()
        self.second.addItem(NO_ABILITY)
        self.second.addItems(list(sheet.abilities))
        index = self.second.findText(second)
        self.second.setCurrentIndex(index if index >= 0 else 0)
        self.second.blockSignals(False)
        self._first_changed()

    def choose(self, first: str, second: str = NO_ABILITY, difficulty: int = 6) -> None:
        """Select a roll by names (used by the sheet's "roll this" links and by tests)."""
        self.first.setCurrentText(first)
        self.second.setCurrentText(second)
        self.difficulty.setValue(difficulty)
        self.refresh()

    # ------------------------------------------------------------------ view

    def _first_changed(self) -> None:
        self.second.setEnabled(self.first.currentText() not in SPECIAL_ROLLS)
        self.refresh()

    def refresh(self) -> None:
        sheet = self._sheet
        first = self.first.currentText()
        if not first:
            return
        if first in SPECIAL_ROLLS:
            base = {"Body": sheet.body, "Mind": sheet.mind, "Initiative": sheet.initiative}[first]
            roll = pool_roll(base, sheet.penalty, self.difficulty.value())
            parts = f"{first} {base}"
        else:
            attribute = sheet.attributes.get(first, 0)
            ability_name = self.second.currentText()
            ability = None if ability_name == NO_ABILITY else sheet.abilities.get(ability_name, 0)
            roll = trait_roll(attribute, ability, sheet.penalty, self.difficulty.value())
            if ability is None:
                parts = f"{first} {attribute}"
            else:
                parts = f"{first} {attribute} + {ability_name} {ability}"
        dist = roll.distribution
        self.distribution = dist
        text = f"{parts} = {roll.base_pool} dice"
        if roll.penalty:
            text += f"; Penalty −{roll.penalty} leaves {roll.pool}"
        if roll.untrained:
            text += f"; no rank in the Ability: Difficulty +1 ({roll.rolled_difficulty})"
        if dist.effective_difficulty != dist.difficulty or dist.effective_pool != roll.pool:
            text += (
                f"; rolled as {dist.effective_pool} dice at Difficulty {dist.effective_difficulty}"
            )
        if roll.floor_at_zero:
            text += "; a rank-6 Ability keeps the Outcome at 0 or more"
        self.pool_label.setText(text)
        for band, p in dist.bands.items():
            self.band_bars[band].setValue(round(float(p) * 1000))
            self.band_values[band].setText(percent(p))
            self.band_bars[band].setToolTip(f"{BAND_LABELS[band]}: exactly {p} ({percent(p)})")
        self.expected_label.setText(f"Average Outcome {float(dist.expected):.2f}")
