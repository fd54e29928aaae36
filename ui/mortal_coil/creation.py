"""Creating a spacefarer: name, pronouns, background, then abilities and HP rolled or entered.

Rolling uses ``builder.mortal_coil.creation`` with the generator the caller
passes (seeded in tests): 3d6 for STR, DEX and CTRL in order, each die shown,
one swap of two results allowed, then 1d6 maximum HP. Entering takes the
numbers from a paper sheet. ``character()`` gives the new ``Spacefarer``.
"""

from __future__ import annotations

import random
import uuid

from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.mortal_coil.character import ABILITIES, Creation, Spacefarer
from builder.mortal_coil.creation import (
    CreationRoll,
    creation_findings,
    creation_from_roll,
    entered_creation,
)
from ui.widgets.drafts import DraftKeeper, Snapshot
from ui.widgets.name_edit import NameEdit

SWAPS = ("", "str,dex", "str,ctrl", "dex,ctrl")


class SpacefarerCreation(QWidget):
    """The creation form; ``character()`` builds the spacefarer from what is entered."""

    def __init__(self, rng: random.Random | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.rng = rng or random.Random()
        self.rolled: CreationRoll | None = None
        layout = QVBoxLayout(self)
        form = QFormLayout()
        self.name = NameEdit()
        self.pronouns = QLineEdit()
        self.background = QLineEdit()
        self.player = NameEdit()
        for label, edit in (
            ("Name", self.name),
            ("Pronouns", self.pronouns),
            ("Background", self.background),
            ("Player", self.player),
        ):
            form.addRow(label, edit)
        layout.addLayout(form)

        methods = QHBoxLayout()
        self.use_roll = QRadioButton("Roll 3d6 per ability, 1d6 HP")
        self.use_entered = QRadioButton("Enter from a paper sheet")
        self.use_roll.setChecked(True)
        methods.addWidget(self.use_roll)
        methods.addWidget(self.use_entered)
        layout.addLayout(methods)

        roll_row = QHBoxLayout()
        self.roll_button = QPushButton("Roll")
        self.roll_button.clicked.connect(self.roll)
        self.swap = QComboBox()
        for s in SWAPS:
            self.swap.addItem("No swap" if not s else f"Swap {s.upper().replace(',', ' and ')}", s)
        self.swap.currentIndexChanged.connect(self._show)
        roll_row.addWidget(self.roll_button)
        roll_row.addWidget(self.swap)
        layout.addLayout(roll_row)
        self.dice = QLabel("Not rolled yet.")
        self.dice.setObjectName("creationDice")
        layout.addWidget(self.dice)

        entered = QFormLayout()
        self.entered: dict[str, QSpinBox] = {}
        for key in ("str", "dex", "ctrl", "hp"):
            spin = QSpinBox()
            spin.setRange(1, 30)
            spin.setValue(10 if key != "hp" else 3)
            self.entered[key] = spin
            entered.addRow(key.upper(), spin)
        layout.addLayout(entered)
        # The fields show what the spacefarer gets: the roll (read-only) while rolling,
        # typed numbers once "Enter from a paper sheet" is chosen.
        self.use_entered.toggled.connect(self._entering)
        self._entering(False)
        self.problems = QLabel("")
        self.problems.setWordWrap(True)
        layout.addWidget(self.problems)
        layout.addStretch(1)

    def roll(self) -> None:
        """Roll every die at once and show each; the swap can still change."""
        from builder.mortal_coil.creation import roll_creation

        self.rolled = roll_creation(self.rng)
        self.use_roll.setChecked(True)
        self._show()

    def _show(self) -> None:
        if self.rolled is None:
            return
        c = self.creation()
        parts = [
            f"{a.label} {'+'.join(map(str, self.rolled.dice(a)))} = {sum(self.rolled.dice(a))}"
            for a in ABILITIES
        ]
        swapped = f" → STR {c.str_max}, DEX {c.dex_max}, CTRL {c.ctrl_max}" if c.swap else ""
        self.dice.setText("; ".join(parts) + f"; HP d6 = {self.rolled.hp_die}" + swapped)
        if self.use_roll.isChecked():
            for key, value in zip(
                ("str", "dex", "ctrl", "hp"),
                (c.str_max, c.dex_max, c.ctrl_max, c.hp_max),
                strict=True,
            ):
                self.entered[key].setValue(value)

    def _entering(self, on: bool) -> None:
        """Typed numbers only for a paper sheet; a roll's fields just show the roll."""
        for spin in self.entered.values():
            spin.setEnabled(on)
        if not on:
            self._show()

    def creation(self) -> Creation:
        """The created maxima, rolled (with the chosen swap) or entered."""
        if self.use_roll.isChecked() and self.rolled is not None:
            return creation_from_roll(self.rolled, self.swap.currentData())
        e = self.entered
        return entered_creation(
            e["str"].value(), e["dex"].value(), e["ctrl"].value(), e["hp"].value()
        )

    def snapshot(self) -> Snapshot:
        """What is entered, the roll's dice included, as plain values (for a draft)."""
        rolled = self.rolled
        return {
            "text": [e.text() for e in (self.name, self.pronouns, self.background, self.player)],
            "entering": self.use_entered.isChecked(),
            "roll": None
            if rolled is None
            else [*rolled.str_dice, *rolled.dex_dice, *rolled.ctrl_dice, rolled.hp_die],
            "swap": self.swap.currentIndex(),
            "entered": {key: spin.value() for key, spin in self.entered.items()},
        }

    def restore(self, values: Snapshot) -> None:
        """Put a :meth:`snapshot` back: the same dice, swap and typed numbers."""
        edits = (self.name, self.pronouns, self.background, self.player)
        for edit, text in zip(edits, values.get("text", []), strict=False):
            edit.setText(str(text))
        dice = values.get("roll")
        if dice is not None:
            numbers = [int(d) for d in dice]
            if len(numbers) != 10 or not all(1 <= d <= 6 for d in numbers):
                raise ValueError(f"a creation roll is ten d6 results, not {dice!r}")
            self.rolled = CreationRoll(
                (numbers[0], numbers[1], numbers[2]),
                (numbers[3], numbers[4], numbers[5]),
                (numbers[6], numbers[7], numbers[8]),
                numbers[9],
            )
        self.swap.setCurrentIndex(int(values.get("swap", 0)))
        self.use_entered.setChecked(bool(values.get("entering", False)))
        self.use_roll.setChecked(not self.use_entered.isChecked())
        if self.use_entered.isChecked():
            for key, value in dict(values.get("entered", {})).items():
                if key in self.entered:
                    self.entered[key].setValue(int(value))
        self._show()

    def character(self) -> Spacefarer:
        """The new spacefarer (no play yet); findings about its numbers are shown, not fatal."""
        creation = self.creation()
        found = creation_findings(creation)
        self.problems.setText("\n".join(f.message for f in found))
        return Spacefarer(
            id=f"tmc-{uuid.uuid4().hex[:12]}",
            name=self.name.text().strip(),
            creation=creation,
            player=self.player.text().strip(),
            pronouns=self.pronouns.text().strip(),
            background=self.background.text().strip(),
        )


class SpacefarerCreationDialog(QDialog):
    """The creation form in a dialog: OK keeps the spacefarer in ``made`` for the caller to store.

    The form is rolled once on opening (the default method), so OK always has
    numbers; the player may roll again, swap, or enter a paper sheet's.
    """

    def __init__(self, rng: random.Random | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("New Spacefarer — This Mortal Coil")
        self.made: Spacefarer | None = None
        layout = QVBoxLayout(self)
        self.form = SpacefarerCreation(rng, self)
        self.form.roll()
        layout.addWidget(self.form)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(560, 460)
        # No lost work (issue 33): ask before discarding; an unfinished one is a draft.
        self.drafts = DraftKeeper(
            self, "new-spacefarer", "spacefarer", self.form.snapshot, self.form.restore
        )
        self.drafts.resume()

    def accept(self) -> None:
        """Keep the spacefarer made from the form, then close."""
        self.made = self.form.character()
        self.drafts.finished()
        super().accept()

    def reject(self) -> None:
        """Escape, Cancel and the close button: ask before throwing away what was entered."""
        if self.drafts.may_close():
            super().reject()
