"""Attribute dice bonuses from Gifts, for the dice panel and the sheet (issue 15, item 5).

Builder says which bonuses a contractor's Gifts give
(:func:`builder.contract.gifts.bonus.contractor_bonuses`) and which one counts on
a roll (:func:`builder.contract.rolls.strongest_bonus`: "bonuses to the same
dice pool do not stack; the highest value is used"). This module only shows
them: a Passive Gift's bonus is listed as always on, a Gift that is switched
on and off gets a toggle, unticked until the player marks it active.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QCheckBox, QGroupBox, QLabel, QVBoxLayout, QWidget

from builder.contract.gifts.bonus import GiftBonus

__all__ = ["GiftBonusBox", "bonus_line"]


def bonus_line(bonus: GiftBonus) -> str:
    """One bonus in words: "Tall Tale: +2 dice to Brawn (Growing: Twice your height)"."""
    noun = "die" if bonus.dice == 1 else "dice"
    return (
        f"{bonus.gift_name}: +{bonus.dice} {noun} to {bonus.attribute.capitalize()} "
        f"({bonus.source})"
    )


class GiftBonusBox(QGroupBox):
    """The held Gifts' Attribute bonuses: a toggle per switched Gift, a line per Passive one."""

    changed = Signal()
    """A toggle was switched: the roll shown must be worked out again."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__("Gift bonuses", parent)
        self.setToolTip(
            "Dice bonuses from Gifts. Bonuses to the same roll do not stack: only the "
            "highest counts (Dice Pool Modifiers). Tick a Gift while it is in use."
        )
        self._layout = QVBoxLayout(self)
        self.toggles: dict[str, QCheckBox] = {}
        self.always: list[QLabel] = []
        self.bonuses: tuple[GiftBonus, ...] = ()
        self.hide()

    def set_bonuses(self, bonuses: Sequence[GiftBonus]) -> None:
        """Show another contractor's bonuses; a Gift ticked before stays ticked."""
        ticked = self.active()
        for widget in (*self.toggles.values(), *self.always):
            widget.hide()
            self._layout.removeWidget(widget)
            widget.deleteLater()
        self.toggles, self.always = {}, []
        self.bonuses = tuple(bonuses)
        by_gift: dict[str, list[GiftBonus]] = {}
        for bonus in self.bonuses:
            by_gift.setdefault(bonus.gift_id, []).append(bonus)
        for gift_id, held in by_gift.items():
            text = "; ".join(bonus_line(b) for b in held)
            dice = ", ".join(
                f"+{b.dice} {b.attribute.capitalize()}" for b in held
            )  # short enough for a narrow dock; the full line is the tooltip
            if held[0].switched:
                box = QCheckBox(f"{held[0].gift_name}: {dice}", self)
                box.setChecked(gift_id in ticked)
                box.setToolTip(f"{text}. Tick while the Gift is in use; its bonus then counts.")
                box.setAccessibleDescription(text)
                box.toggled.connect(lambda _on: self.changed.emit())
                self._layout.addWidget(box)
                self.toggles[gift_id] = box
            else:
                line = QLabel(f"{held[0].gift_name}: {dice} (always)", self)
                line.setWordWrap(True)
                line.setToolTip(f"{text}. A Passive Gift: always on.")
                self._layout.addWidget(line)
                self.always.append(line)
        self.setVisible(bool(self.bonuses))
        self.updateGeometry()

    def active(self) -> frozenset[str]:
        """Ids of the switched Gifts the player marked active."""
        return frozenset(gid for gid, box in self.toggles.items() if box.isChecked())

    def set_active(self, gift_id: str, on: bool = True) -> None:
        """Tick or untick one Gift's toggle (keyboard users and tests)."""
        if gift_id in self.toggles:
            self.toggles[gift_id].setChecked(on)
