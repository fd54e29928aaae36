"""The dice panel: choose what to roll and see the exact Outcome chart by band.

The player picks an Attribute and an Ability (or a Body, Mind or Initiative
roll) and a Difficulty. The panel asks ``builder`` for everything it shows:
the pool after Penalty (:mod:`builder.contract.rolls`) and the
exact distribution (:func:`builder.contract.dice.outcome_distribution`), which already
applies the Difficulty limits and the rank-6 floor.

Battle Scars with situational penalties (``builder.contract.scars.roll_modifiers``)
are optional toggles: ticked, the scar's dice replace the Penalty when higher
(they do not stack, ``scars.with_scar``) and its Difficulty is added.
Encumbrance dice (``Derived.encumbrance_penalty``) are lost on every roll.
Attribute bonuses from Gifts are their own section (:mod:`ui.contract.gift_bonuses`);
the one that counts comes from ``rolls.strongest_bonus`` (they never stack).

The panel shows one contractor's rolls, the one in the tab shown; with no
contractor shown (another game's character, or none) it shows nothing of
anyone (:meth:`DicePanel.show_nothing`). A click on a trait's name on the
sheet chooses it here (:meth:`DicePanel.roll_trait`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from PySide6.QtCore import QSignalBlocker, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QLabel,
    QProgressBar,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract import dice
from builder.contract.gifts.bonus import GiftBonus
from builder.contract.rolls import (
    PlannedRoll,
    pool_roll,
    strongest_bonus,
    trait_roll,
    unencumbered_dice,
)
from builder.contract.scars import RollModifier, with_scar
from builder.contract.weapon_record import Weapon
from ui.contract.attack_box import AttackBox
from ui.contract.dice_roll import RollSection
from ui.contract.gift_bonuses import GiftBonusBox
from ui.contract.sheet.names import ability_name, attribute_name
from ui.style import set_role
from ui.widgets.wrap_check import WrapCheck

SPECIAL_ROLLS = ("Body", "Mind", "Initiative")
"""The three rolls not made from an Attribute and an Ability ("Rolling Body")."""

NO_ABILITY = "(no Ability)"

NOTHING_TO_ROLL = (
    "No contractor is shown. Open a contractor of The Contract to roll their dice; "
    "click an Attribute or an Ability on their Stats tab to roll it here."
)

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
    ``initiative`` are those pools before Penalty; ``penalty`` is the Penalty
    (wounds or a scar's floor), ``encumbrance`` the dice lost for the load
    carried, and ``modifiers`` the held scars' optional roll modifiers.
    """

    attributes: Mapping[str, int] = field(default_factory=dict)
    abilities: Mapping[str, int] = field(default_factory=dict)
    body: int = 0
    mind: int = 0
    initiative: int = 0
    penalty: int = 0
    encumbrance: int = 0
    modifiers: tuple[RollModifier, ...] = ()
    owner: str = ""  # whose rolls the roll log keeps (the contractor's id)
    bonuses: tuple[GiftBonus, ...] = ()
    """Attribute dice bonuses the held Gifts give (``gifts.bonus.contractor_bonuses``)."""
    unencumbered: bool = False
    """The sheet marks the contractor totally unencumbered (the toggle starts ticked)."""
    over_carry_limit: bool = False
    """Carrying more than 15 lb × Brawn: the unencumbered die is not available."""

    def dice_lost(self, scars: tuple[RollModifier, ...] = ()) -> int:
        """Dice a roll loses with ``scars`` ticked: the higher of Penalty and scar, plus load."""
        worst = max((m.dice for m in scars), default=0)
        return with_scar(worst, self.penalty) + self.encumbrance


def modifier_text(modifier: RollModifier) -> str:
    """A scar modifier's toggle text: "Tinnitus: rolls that depend on hearing, −2 dice"."""
    if modifier.difficulty and not modifier.dice:
        effect = f"Difficulty +{modifier.difficulty}"
    elif modifier.dice_max > modifier.dice:
        effect = f"−{modifier.dice} dice (up to −{modifier.dice_max})"
    else:
        effect = f"−{modifier.dice} {'die' if modifier.dice == 1 else 'dice'}"
    return f"{modifier.name}: {modifier.applies}, {effect}"


def modifier_tooltip(modifier: RollModifier) -> str:
    """Why a scar costs what it does on top of the Penalty (builder's ``extra``)."""
    if not modifier.dice:
        return f"{modifier.rule}: adds {modifier.difficulty} to the Difficulty."
    return (
        f"{modifier.rule}: does not stack with the Penalty, the higher counts; "
        f"{modifier.extra} {'die' if modifier.extra == 1 else 'dice'} beyond the Penalty now."
    )


def penalty_words(sheet: RollSheet, scars: tuple[RollModifier, ...]) -> str:
    """What the dice lost are made of, for the pool line."""
    parts = []
    worst = max((m for m in scars if m.dice), key=lambda m: m.dice, default=None)
    if worst is not None and worst.dice > sheet.penalty:
        parts.append(worst.name)
    elif sheet.penalty:
        parts.append("Penalty")
    if sheet.encumbrance:
        parts.append("encumbrance")
    return " and ".join(parts) or "Penalty"


def roll_label(first: str, second: str, difficulty: int) -> str:
    """What a roll is, for the roll log: "Dexterity + Firearms, Difficulty 6"."""
    if first in SPECIAL_ROLLS or second == NO_ABILITY:
        return f"{first}, Difficulty {difficulty}"
    return f"{first} + {second}, Difficulty {difficulty}"


def percent(p: Fraction) -> str:
    """A probability as a percentage with one decimal ("12.3 %")."""
    return f"{float(p) * 100:.1f} %"


POOL_LINES = 4
"""Lines of text the pool's line keeps room for (the longest notes take three or four)."""


class DicePanel(QWidget):
    """Pick a roll and read its pool and exact Outcome chances."""

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (59 statements when the limits came in)
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
        # The pool's line grows a note for a Penalty, a scar or an untrained Ability: its
        # room is kept from the start, so the Roll button below never moves under the
        # pointer when a note appears (issue 33, item 7).
        self.pool_label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.pool_label.setMinimumHeight(self.pool_label.fontMetrics().lineSpacing() * POOL_LINES)

        # A grid, not a QFormLayout: in a narrow dock the form gave its wrapped rows (a
        # Battle Scar's words, the pool) their height at another width than it laid them
        # out at, a line short, once the pool's text changed; a grid's height-for-width holds.
        form = QGridLayout()
        form.setColumnStretch(1, 1)
        # No Alt+letters: the dock sits beside every tab of the sheet, whose letters (and
        # the header's &Record Contract) take these; "Roll the &dice" has its own.
        for row, (text, chooser) in enumerate(
            (("Roll", self.first), ("Ability", self.second), ("Difficulty", self.difficulty))
        ):
            label = QLabel(text)
            label.setBuddy(chooser)  # as a form's row does: the label names its field
            form.addWidget(label, row, 0)
            form.addWidget(chooser, row, 1)
        self.scar_box = QGroupBox("Battle Scars on this roll")
        self.scar_box.setToolTip(
            "Tick a scar when the roll is one it concerns. A scar's penalty does not stack "
            "with the Penalty: the higher counts."
        )
        self.scar_layout = QVBoxLayout(self.scar_box)
        self.scar_checks: list[tuple[QCheckBox, RollModifier]] = []
        self.scar_box.hide()
        form.addWidget(self.scar_box, 3, 0, 1, 2)
        self.bonus_box = GiftBonusBox(self)
        self.bonus_box.changed.connect(self.refresh)
        form.addWidget(self.bonus_box, 4, 0, 1, 2)
        self.unencumbered = WrapCheck("Totally unencumbered, physical action: +1 die")
        self.unencumbered.setToolTip(
            "Encumbrance: carrying nothing but maybe a small object in hand, plus clothes, "
            "gives +1 die to all physical Actions. Tick it when that is so for this roll."
        )
        self.unencumbered.toggled.connect(self.refresh)
        form.addWidget(self.unencumbered, 5, 0, 1, 2)
        pool = QLabel("Pool")
        pool.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        form.addWidget(pool, 6, 0)
        form.addWidget(self.pool_label, 6, 1)

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

        self.planned: tuple[str, PlannedRoll] | None = None
        self.roller = RollSection(lambda: self.planned)
        self.attack_box = AttackBox(self)

        # Everything above sits in ``body``; with no contractor shown only ``nothing`` is.
        self.body = QWidget(self)
        body = QVBoxLayout(self.body)
        body.setContentsMargins(0, 0, 0, 0)
        body.addLayout(form)
        body.addWidget(chart)
        body.addWidget(self.attack_box)
        body.addWidget(self.roller)
        self.nothing = QLabel(NOTHING_TO_ROLL, self)
        self.nothing.setWordWrap(True)
        set_role(self.nothing, "muted")
        self.nothing.hide()
        layout = QVBoxLayout(self)
        layout.addWidget(self.body)
        layout.addWidget(self.nothing)
        layout.addStretch(1)

        self.first.currentIndexChanged.connect(self._first_changed)
        self.second.currentIndexChanged.connect(self.refresh)
        self.difficulty.valueChanged.connect(self.refresh)
        self.distribution: dice.Distribution | None = None

    # ------------------------------------------------------------------ data

    def set_sheet(self, sheet: RollSheet) -> None:
        """Show rolls for another contractor (or the same one after a change)."""
        self.nothing.hide()
        self.body.show()
        first = self.first.currentText()
        second = self.second.currentText()
        self._sheet = sheet
        self.first.blockSignals(True)
        self.first.clear()
        self.first.addItems(list(sheet.attributes))
        self.first.insertSeparator(self.first.count())
        self.first.addItems(list(SPECIAL_ROLLS))
        # Nothing chosen yet ("") would find the separator's empty text: start at the top.
        index = self.first.findText(first) if first else -1
        self.first.setCurrentIndex(index if index >= 0 else 0)
        self.first.blockSignals(False)
        self.second.blockSignals(True)
        self.second.clear()
        self.second.addItem(NO_ABILITY)
        self.second.addItems(list(sheet.abilities))
        index = self.second.findText(second)
        self.second.setCurrentIndex(index if index >= 0 else 0)
        self.second.blockSignals(False)
        self._show_modifiers(sheet.modifiers)
        self.roller.set_owner(sheet.owner)
        self.bonus_box.set_bonuses(sheet.bonuses)
        self.unencumbered.blockSignals(True)
        self.unencumbered.setChecked(sheet.unencumbered and not sheet.over_carry_limit)
        self.unencumbered.setEnabled(not sheet.over_carry_limit)
        self.unencumbered.blockSignals(False)
        self._first_changed()

    def show_nothing(self) -> None:
        """No contractor is shown: no one's pools, chart or rolls, only how to get them.

        The choice of roll stays for the next contractor shown; the roll log shown is
        no one's (each contractor's log waits for their tab)."""
        self.roller.set_owner("")
        self.body.hide()
        self.nothing.show()

    def showing_nothing(self) -> bool:
        """True while no contractor's rolls are shown (:meth:`show_nothing`)."""
        return self.body.isHidden()

    def roll_trait(self, kind: str, name: str) -> None:
        """Choose a trait clicked on the sheet: ``kind`` "attribute" or "ability", ``name``
        its display name. The other half of the roll stays as chosen (an Ability clicked
        while a Body, Mind or Initiative roll is chosen pairs with the first Attribute);
        the Difficulty keeps its value and takes the keyboard focus, ready to type.
        """
        if kind == "attribute":
            self.first.setCurrentText(name)
        else:
            if self.first.currentText() in SPECIAL_ROLLS:
                self.first.setCurrentIndex(0)
            self.second.setCurrentText(name)
        self.refresh()
        self.difficulty.setFocus()
        self.difficulty.selectAll()

    def _show_modifiers(self, modifiers: tuple[RollModifier, ...]) -> None:
        """One toggle per scar modifier, kept ticked across a refresh of the same scar."""
        ticked = {(m.name, m.applies) for box, m in self.scar_checks if box.isChecked()}
        for box, _m in self.scar_checks:
            box.hide()
            self.scar_layout.removeWidget(box)
            box.deleteLater()
        self.scar_checks = []
        for modifier in modifiers:
            box = WrapCheck(modifier_text(modifier), self.scar_box)
            box.setChecked((modifier.name, modifier.applies) in ticked)
            box.setToolTip(modifier_tooltip(modifier))
            box.toggled.connect(self.refresh)
            self.scar_layout.addWidget(box)
            self.scar_checks.append((box, modifier))
        self.scar_box.setVisible(bool(modifiers))

    def ticked_modifiers(self) -> tuple[RollModifier, ...]:
        """The scar modifiers the player applied to this roll."""
        return tuple(m for box, m in self.scar_checks if box.isChecked())

    def tick(self, name: str, on: bool = True) -> None:
        """Tick (or untick) every modifier of the scar ``name`` (tests, keyboard users)."""
        for box, modifier in self.scar_checks:
            if modifier.name == name:
                box.setChecked(on)

    def choose_weapon(self, weapon: Weapon) -> None:
        """A weapon's attack roll, its Weapon Damage in the attack calculator (Weapons tab)."""
        self.attack_box.set_weapon(weapon)
        self.choose(
            attribute_name(weapon.attribute), ability_name(weapon.ability), weapon.difficulty
        )

    def choose(self, first: str, second: str = NO_ABILITY, difficulty: int = 6) -> None:
        """Select a roll by names (used by the sheet's "roll this" links and by tests).

        The three fields change with their signals held, so the roll is worked out once
        for the new choice, not once for each field on the way to it.
        """
        with (
            QSignalBlocker(self.first),
            QSignalBlocker(self.second),
            QSignalBlocker(self.difficulty),
        ):
            self.first.setCurrentText(first)
            self.second.setCurrentText(second)
            self.difficulty.setValue(difficulty)
        self._first_changed()

    # ------------------------------------------------------------------ view

    def _first_changed(self) -> None:
        self.second.setEnabled(self.first.currentText() not in SPECIAL_ROLLS)
        self.refresh()

    def refresh(self) -> None:  # noqa: C901, PLR0912  (complexity 12, 13 branches when the limits came in)
        sheet = self._sheet
        first = self.first.currentText()
        if not first:
            return
        scars = self.ticked_modifiers()
        lost = sheet.dice_lost(scars)
        difficulty = self.difficulty.value() + sum(m.difficulty for m in scars)
        light = unencumbered_dice(self.unencumbered.isChecked(), sheet.over_carry_limit)
        if first in SPECIAL_ROLLS:
            base = {"Body": sheet.body, "Mind": sheet.mind, "Initiative": sheet.initiative}[first]
            roll = pool_roll(base + light, lost, difficulty)
            parts = f"{first} {base}"
        else:
            attribute = sheet.attributes.get(first, 0)
            ability_name = self.second.currentText()
            ability = None if ability_name == NO_ABILITY else sheet.abilities.get(ability_name, 0)
            gift = strongest_bonus(sheet.bonuses, first.lower(), self.bonus_box.active())
            extra = (gift.dice if gift is not None else 0) + light
            roll = trait_roll(attribute, ability, lost, difficulty, extra)
            if ability is None:
                parts = f"{first} {attribute}"
            else:
                parts = f"{first} {attribute} + {ability_name} {ability}"
            if gift is not None:
                parts += f" + {gift.gift_name} {gift.dice}"
        if light:
            parts += f" + unencumbered {light}"
        dist = roll.distribution
        self.distribution = dist
        self.planned = (roll_label(first, self.second.currentText(), difficulty), roll)
        text = f"{parts} = {roll.base_pool} dice"
        if roll.penalty:
            text += f"; {penalty_words(sheet, scars)} −{roll.penalty} leaves {roll.pool}"
        for modifier in scars:
            if modifier.difficulty:
                text += f"; {modifier.name}: Difficulty +{modifier.difficulty}"
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
        self.attack_box.set_attack(roll)
