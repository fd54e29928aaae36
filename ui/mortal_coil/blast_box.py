"""The spacefarer sheet's blast calculator: a blast attack's exact odds at the table.

Only collects the die, the target count and the armor; the numbers come from
``builder.mortal_coil.combat.blast_odds`` ("Blast": damage rolled for each
target, the number of targets from the die when the area is unclear).
"""

from __future__ import annotations

from PySide6.QtWidgets import QComboBox, QGridLayout, QGroupBox, QLabel, QSpinBox, QWidget

from builder.mortal_coil.combat import MAX_BLAST_DIE, blast_odds


class BlastBox(QGroupBox):
    """A blast attack against a group: targets, each target's damage, the total."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Blast attack (exact odds)", parent)
        grid = QGridLayout(self)
        self.die = QSpinBox()
        self.die.setRange(1, MAX_BLAST_DIE)
        self.die.setValue(6)
        self.die.setPrefix("d")
        self.die.setToolTip("The weapon's standard damage die")
        self.targets = QSpinBox()
        self.targets.setRange(0, 20)
        self.targets.setSpecialValueText("roll the die")
        self.targets.setToolTip("Targets in the area; when its size is unclear, roll the die")
        self.armor = QSpinBox()
        self.armor.setRange(0, 100)
        self.armor.setToolTip("Each target's armor (or stability against stress)")
        self.mode = QComboBox()
        self.mode.addItems(["Normal", "Impaired (d4 each)", "Enhanced (d12 each)"])
        self.summary = QLabel()
        self.summary.setObjectName("tmcBlast")
        self.summary.setWordWrap(True)
        for col, (label, widget) in enumerate(
            (("Die", self.die), ("Targets", self.targets), ("Armor", self.armor))
        ):
            grid.addWidget(QLabel(label), 0, 2 * col)
            grid.addWidget(widget, 0, 2 * col + 1)
        grid.addWidget(self.mode, 1, 0, 1, 6)
        grid.addWidget(self.summary, 2, 0, 1, 6)
        for spin in (self.die, self.targets, self.armor):
            spin.valueChanged.connect(self.refresh)
        self.mode.currentIndexChanged.connect(self.refresh)
        self.refresh()

    def refresh(self, *_args: object) -> None:
        """Recompute the blast's exact odds from the inputs."""
        mode = self.mode.currentIndex()
        odds = blast_odds(
            self.die.value(),
            self.targets.value() or None,
            self.armor.value(),
            impaired=mode == 1,
            enhanced=mode == 2,
        )
        self.summary.setText(odds.explain())
