"""The Dice dock's attack calculator: the exact damage the chosen roll deals as an Attack.

The attack is the roll the panel shows (its pool after Penalty, its Difficulty, its
rank-6 floor); the player gives the defender's dice, the Weapon Damage and Gift bonus,
the target's Armor, range increments and whether the Outcome is split between two
targets. Every figure is :func:`builder.contract.attack.attack_odds`'s; this widget
only collects the inputs and shows the answer.
"""

from __future__ import annotations

from fractions import Fraction

from PySide6.QtWidgets import QGridLayout, QGroupBox, QLabel, QSpinBox, QWidget

from builder.contract.attack import AttackOdds, AttackSetup, attack_odds
from builder.contract.rolls import PlannedRoll
from builder.contract.weapon_record import Weapon
from ui.widgets.wrap_check import WrapCheck

MAX_SHOWN = 8
"""Damage values listed one per line; the rest are summed as "N or more"."""


def _percent(p: Fraction) -> str:
    return f"{float(p) * 100:.1f} %"


def _spin(low: int, high: int, value: int, name: str, tip: str) -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setAccessibleName(name)
    box.setToolTip(tip)
    return box


def damage_lines(result: AttackOdds) -> list[str]:
    """ "No damage 57.3 %", "2 damage 19.6 %", ..., "9+ damage 0.2 %"."""
    items = list(result.damage.probabilities.items())
    lines = []
    for value, p in items[:MAX_SHOWN]:
        lines.append(f"{'No damage' if value == 0 else f'{value} damage'}: {_percent(p)}")
    rest = items[MAX_SHOWN:]
    if rest:
        lines.append(f"{rest[0][0]}+ damage: {_percent(sum((p for _v, p in rest), Fraction(0)))}")
    return lines


class AttackBox(QGroupBox):
    """Defender, weapon and Armor for the panel's roll, and the exact damage it deals."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Attack: damage dealt", parent)
        self.setCheckable(True)
        self.setChecked(False)
        self.setToolTip(
            "Damage dealt = Contested Outcome + Weapon Damage − Armor; no damage when the "
            "Contested Outcome is 0 or less."
        )
        self.reacts = WrapCheck("The target Defends or Evades")
        self.defense = _spin(0, 30, 4, "Defender's dice", "The defending roll's pool.")
        self.defense_difficulty = _spin(2, 15, 6, "Defender's Difficulty", "Usually 6.")
        self.damage = _spin(-20, 50, 0, "Weapon Damage", "The weapon's Damage modifier.")
        self.bonus = _spin(
            0,
            20,
            0,
            "Weapon Damage bonus",
            "The highest Gift bonus to Weapon Damage (they do not stack).",
        )
        self.armor = _spin(0, 50, 0, "Armor", "The target's highest Armor.")
        self.pierce = _spin(0, 50, 0, "Armor pierced", "Armor the weapon ignores.")
        self.range_steps = _spin(
            0, 10, 0, "Range increments", "+1 Difficulty per increment of a gun's listed range."
        )
        self.split = WrapCheck("Two targets (+2 Difficulty, Weapon Damage halved)")
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setAccessibleName("Attack result")
        # A grid, not a QFormLayout: in the narrow Dice dock a form laid its wrapped rows out
        # lines short of what it had measured for them (see ui.contract.dice_panel).
        form = QGridLayout(self)
        form.setColumnStretch(1, 1)
        form.addWidget(self.reacts, 0, 0, 1, 2)
        rows = (
            ("Defense dice", self.defense),
            ("Defense Difficulty", self.defense_difficulty),
            ("Weapon Damage", self.damage),
            ("Damage bonus", self.bonus),
            ("Armor", self.armor),
            ("Armor pierced", self.pierce),
            ("Range increments", self.range_steps),
        )
        for row, (text, box) in enumerate(rows, start=1):
            label = QLabel(text)
            label.setWordWrap(True)  # "Defense Difficulty" may take two lines in a narrow dock
            label.setBuddy(box)
            form.addWidget(label, row, 0)
            form.addWidget(box, row, 1)
        form.addWidget(self.split, len(rows) + 1, 0, 1, 2)
        form.addWidget(self.result, len(rows) + 2, 0, 1, 2)
        self._roll: PlannedRoll | None = None
        self.odds: AttackOdds | None = None
        for box in (
            self.defense,
            self.defense_difficulty,
            self.damage,
            self.bonus,
            self.armor,
            self.pierce,
            self.range_steps,
        ):
            box.valueChanged.connect(self.refresh)
        for check in (self.reacts, self.split):
            check.toggled.connect(self.refresh)
        self.toggled.connect(self._shown)
        self._shown(False)

    def _shown(self, on: bool) -> None:
        """Folded while unticked: only the title shows."""
        for child in self.findChildren(QWidget):
            child.setVisible(on)
        self.refresh()

    def set_weapon(self, weapon: Weapon) -> None:
        """Fill in a weapon's Damage and piercing, and open the calculator."""
        self.damage.setValue(weapon.damage if weapon.deals_damage else 0)
        self.pierce.setValue(weapon.armor_piercing)
        self.setChecked(True)

    def set_attack(self, roll: PlannedRoll) -> None:
        """The panel's roll, taken as the attack."""
        self._roll = roll
        self.refresh()

    def setup(self) -> AttackSetup | None:
        """The attack the inputs describe (None until the panel has a roll)."""
        if self._roll is None:
            return None
        return AttackSetup(
            attack_pool=self._roll.pool,
            attack_difficulty=self._roll.rolled_difficulty,
            defense_pool=self.defense.value() if self.reacts.isChecked() else None,
            defense_difficulty=self.defense_difficulty.value(),
            weapon_damage=self.damage.value(),
            damage_bonuses=(self.bonus.value(),),
            armor=self.armor.value(),
            armor_piercing=self.pierce.value(),
            split=self.split.isChecked(),
            range_increments=self.range_steps.value(),
            attack_floor=self._roll.floor_at_zero,
        )

    def refresh(self) -> None:
        self.defense.setEnabled(self.reacts.isChecked())
        self.defense_difficulty.setEnabled(self.reacts.isChecked())
        setup = self.setup() if self.isChecked() else None
        if setup is None:
            self.odds = None
            self.result.setText("")
            return
        result = attack_odds(setup)
        self.odds = result
        attack = result.attack
        lines = [
            f"Attack {attack.effective_pool} dice at Difficulty {attack.effective_difficulty}; "
            f"Weapon Damage {setup.applied_weapon_damage}, Armor {setup.applied_armor}.",
            f"Hits {_percent(result.hit)} · deals damage {_percent(result.wounds)} · "
            f"average {float(result.expected_damage):.2f}",
            *damage_lines(result),
        ]
        self.result.setText("\n".join(lines))
