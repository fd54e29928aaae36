"""A weapon the contractor keeps on the sheet (issue 31), as the contractor file stores it.

Its own module so the contractor's record (``builder.contract.character``, which
re-exports both names) stays small; the tables, the attack roll and the checks
are ``builder.contract.weapons``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class WeaponClass(StrEnum):
    """The classes of the rules' weapon tables ("Weapons")."""

    FIREARM = "firearm"
    MELEE = "melee"
    THROWN = "thrown"  # thrown and projectile weapons
    SPECIAL = "special"  # stun guns, pepper spray: a system of their own, no Weapon Damage


@dataclass(frozen=True, slots=True)
class Weapon:
    """A weapon the contractor keeps: one row of the weapon tables, or a custom one.

    ``attribute`` and ``ability`` are the pair the attack roll uses (where the
    table offers a choice, "(Brawn or Dexterity) + (Melee or Brawl)", the one
    this contractor picked). ``damage`` is the Weapon Damage; ``deals_damage``
    is False for the special weapons that deal none. ``range_feet`` is the
    listed range (0: none listed, as for melee weapons); ``armor_piercing`` the
    Armor it ignores; ``table_id`` the weapons.toml row it was copied from
    ("" for a custom weapon).
    """

    name: str
    attribute: str
    ability: str
    difficulty: int = 6
    damage: int = 0
    weapon_class: WeaponClass = WeaponClass.MELEE
    deals_damage: bool = True
    range_feet: int = 0
    armor_piercing: int = 0
    table_id: str = ""
    notes: str = ""
