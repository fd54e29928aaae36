"""What a contractor's Battle Scars do to the Penalty and to particular rolls ("Battle Scars").

- "Penalties from Battle Scars do not stack with wound Penalty. Instead, the
  highest penalty is used": a scar's penalty is compared with the Penalty
  from damage, never added to it;
- Chronic Pain: "Your Penalty is always at a minimum of −1" (``penalty_floor``
  in ``resources/sheet/scars.toml``);
- Limp and Missing Foot halve movement speed, Missing Leg quarters it and
  forbids Dash and Sprint (``movement`` and ``no_sprint`` in the catalog;
  ``movement_scar``);
- scars with situational penalties (Missing Fingers, Tinnitus, Vertigo…)
  become named optional modifiers the dice panel offers for the rolls they
  concern (``roll_modifiers``).

A held scar is matched to the stock catalog by name (or id), case and
spacing ignored; a custom scar has no mechanical effect here, its text is
for the GM to apply.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from builder.contract.character import BattleScar
from builder.contract.stock import StockBattleScar


@dataclass(frozen=True, slots=True)
class PenaltyFloor:
    """The Penalty no scar lets the contractor go below, and the scar that sets it."""

    dice: int = 0
    scar: str = ""


@dataclass(frozen=True, slots=True)
class RollModifier:
    """A named optional modifier for the dice panel: one scar's penalty on some rolls.

    ``dice`` (up to ``dice_max`` when the rules give a range) is what the scar
    takes on the rolls ``applies`` names; ``extra`` is what it costs beyond the
    Penalty already applied, because the two do not stack (a −2 scar with a
    Penalty of 1 costs 1 more die; with a Penalty of 3, none). ``difficulty``
    is added to the Difficulty instead, where the scar says so.
    """

    name: str
    applies: str
    dice: int
    dice_max: int
    extra: int
    difficulty: int
    rule: str = "Battle Scars"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "applies": self.applies,
            "dice": self.dice,
            "dice_max": self.dice_max,
            "extra": self.extra,
            "difficulty": self.difficulty,
            "rule": self.rule,
        }


def _key(text: str) -> str:
    return " ".join(str(text).replace("_", " ").split()).lower()


def stock_scars(catalog: Any = None) -> dict[str, StockBattleScar]:
    """The stock scars by name and by id (normalised), from ``catalog`` or the shipped one."""
    if catalog is None:
        from builder.contract.sheet_catalog import load_sheet_catalog

        catalog = load_sheet_catalog()
    found: dict[str, StockBattleScar] = {}
    for stock in catalog.battle_scars:
        found[_key(stock.id)] = stock
        found[_key(stock.name)] = stock
    return found


def _held(scars: Iterable[BattleScar], catalog: Any) -> list[StockBattleScar]:
    stock = stock_scars(catalog)
    return [stock[_key(s.name)] for s in scars if _key(s.name) in stock]


def penalty_floor(scars: Iterable[BattleScar], catalog: Any = None) -> PenaltyFloor:
    """The highest Penalty floor among the held scars (Chronic Pain: 1), 0 without one."""
    best = PenaltyFloor()
    for stock in _held(scars, catalog):
        if stock.penalty_floor > best.dice:
            best = PenaltyFloor(stock.penalty_floor, stock.name)
    return best


@dataclass(frozen=True, slots=True)
class MovementScar:
    """What the held scars leave of movement speed: the smallest ``fraction`` and its
    ``scar`` (1 and "" when none slows the contractor), and whether one forbids Dash and
    Sprint (``no_sprint``, with ``no_sprint_scar`` naming it)."""

    fraction: Fraction = Fraction(1)
    scar: str = ""
    no_sprint: bool = False
    no_sprint_scar: str = ""


def movement_scar(scars: Iterable[BattleScar], catalog: Any = None) -> MovementScar:
    """The slowest movement the held scars give ("Battle Scars").

    "Limp (Your movement speed is reduced by half.)", "Missing Foot (Your
    movement speed is reduced by half.)", "Missing Leg (You move at one quarter
    movement speed with a prosthesis or aid. You cannot Dash or Sprint.)".

    Reading: two slowing scars do not multiply (Limp and Missing Foot leave
    half speed, not a quarter); the slowest counts, as with every scar penalty
    ("Penalties from Battle Scars do not stack ... the highest penalty is used").
    """
    best = MovementScar()
    for stock in _held(scars, catalog):
        if stock.movement is not None and stock.movement < best.fraction:
            best = MovementScar(stock.movement, stock.name, best.no_sprint, best.no_sprint_scar)
        if stock.no_sprint and not best.no_sprint:
            best = MovementScar(best.fraction, best.scar, True, stock.name)
    return best


def roll_modifiers(
    scars: Iterable[BattleScar], penalty: int, catalog: Any = None
) -> tuple[RollModifier, ...]:
    """The optional modifiers the held scars offer, for a contractor at ``penalty``.

    Tinnitus with a Penalty of 1: "Tinnitus, rolls that depend on hearing,
    −2 dice, 1 beyond the Penalty".
    """
    current = max(0, penalty)
    return tuple(
        RollModifier(
            name=stock.name,
            applies=roll.applies,
            dice=roll.dice,
            dice_max=roll.dice_max,
            extra=max(0, roll.dice - current),
            difficulty=roll.difficulty,
        )
        for stock in _held(scars, catalog)
        for roll in stock.rolls
    )


def with_scar(dice: int, penalty: int) -> int:
    """The dice a roll loses when a scar taking ``dice`` applies on top of ``penalty``.

    They do not stack: the higher counts (Tinnitus −2 at Penalty 1 → 2; at
    Penalty 3 → 3).
    """
    return max(max(0, penalty), max(0, dice))
