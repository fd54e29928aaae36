"""The Health tab's values: Injuries, Battle Scars, Traumas and Mind damage.

Their own module so the contractor's record (``builder.contract.character``, which
re-exports every name here) stays under the rules modules' length limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ScarTier(StrEnum):
    """Battle Scar tiers by the Severity of the Injury that caused them."""

    MINOR = "minor"  # Severity 4
    MAJOR = "major"  # Severity 5
    SEVERE = "severe"  # Severity 6
    EXTREME = "extreme"  # Severity 7+


@dataclass(frozen=True, slots=True)
class Injury:
    """An Injury; Severity equals the damage taken."""

    description: str
    severity: int
    stabilized: bool = False


@dataclass(frozen=True, slots=True)
class BattleScar:
    name: str
    tier: ScarTier
    system: str = ""


@dataclass(frozen=True, slots=True)
class Trauma:
    name: str
    system: str = ""


@dataclass(frozen=True, slots=True)
class Health:
    """The Health tab: current Injuries, permanent scars and traumas, Mind damage."""

    injuries: tuple[Injury, ...] = ()
    battle_scars: tuple[BattleScar, ...] = ()
    traumas: tuple[Trauma, ...] = ()
    mind_damage: int = 0
