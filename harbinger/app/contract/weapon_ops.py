"""The weapon operations, declared once for ``harbinger contractor weapon ...`` and the sheet.

A weapon comes from a row of the rules' weapon tables (``--table handgun``,
:func:`builder.contract.weapons.load_weapon_table`) or is written by hand;
every field given overrides the row. Where a row offers a choice of
Attribute or Ability, the pair that gives this contractor the biggest pool
is taken unless one is named (:func:`builder.contract.weapons.best_pair`).
Weapons are counted from 0 in the order the sheet lists them.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

from builder.contract.character import Contractor
from builder.contract.sheet import evaluate_sheet
from builder.contract.weapon_record import Weapon, WeaponClass
from builder.contract.weapons import (
    best_pair,
    load_weapon_table,
    weapon_problems,
    with_weapon,
    with_weapon_replaced,
    without_weapon,
)
from harbinger.app.common import InputError, Operation, Plan, about, operation_table
from harbinger.app.contract import operations as ops


@dataclass(frozen=True, slots=True)
class WeaponFields:
    """The weapon's own fields; any left out keeps the table's (or the held weapon's) value."""

    name: str | None = field(default=None, metadata=about("the weapon's name on the sheet"))
    attribute: str | None = field(
        default=None, metadata=about("the Attribute the attack rolls (brawn, dexterity...)")
    )
    ability: str | None = field(
        default=None, metadata=about("the Ability the attack rolls (firearms, melee...)")
    )
    difficulty: int | None = field(default=None, metadata=about("the attack's Difficulty"))
    damage: int | None = field(default=None, metadata=about("the Weapon Damage"))
    no_damage: bool = field(
        default=False, metadata=about("the weapon deals no Weapon Damage (stun gun, spray)")
    )
    range_feet: int | None = field(default=None, metadata=about("the listed range in feet"))
    armor_piercing: int | None = field(default=None, metadata=about("Armor the weapon ignores"))
    weapon_class: WeaponClass | None = field(
        default=None, metadata=about("which table it belongs to")
    )
    notes: str | None = field(default=None, metadata=about("notes"))


@dataclass(frozen=True, slots=True)
class AddWeapon(WeaponFields):
    table: str = field(
        default="",
        metadata=about("a row of the rules' weapon tables to copy (handgun, knife, bow...)"),
    )


@dataclass(frozen=True, slots=True)
class EditWeapon(WeaponFields):
    weapon: int = field(kw_only=True, metadata=about("the weapon, counting from 0 as listed"))


@dataclass(frozen=True, slots=True)
class RemoveWeapon:
    weapon: int = field(metadata=about("the weapon, counting from 0 as listed"))


_OWN = (
    "name",
    "attribute",
    "ability",
    "difficulty",
    "damage",
    "range_feet",
    "armor_piercing",
    "weapon_class",
    "notes",
)


def _apply(base: Weapon, given: WeaponFields) -> Weapon:
    """``base`` with every field ``given`` names; refused with every problem at once."""
    changed: dict[str, Any] = {
        name: getattr(given, name) for name in _OWN if getattr(given, name) is not None
    }
    for key in ("name", "attribute", "ability", "notes"):
        if key in changed:
            changed[key] = changed[key].strip()
    for key in ("attribute", "ability"):
        if key in changed:
            changed[key] = changed[key].lower()
    if given.no_damage:
        changed["deals_damage"] = False
    elif "damage" in changed:
        changed["deals_damage"] = True  # a Weapon Damage given is one the weapon deals
    weapon = dataclasses.replace(base, **changed)
    problems = weapon_problems(weapon)
    if problems:
        raise InputError("; ".join(problems))
    return weapon


def _from_table(contractor: Contractor, row_id: str, given: WeaponFields) -> Weapon:
    table = load_weapon_table()
    try:
        row = table.weapon(row_id.strip())
    except KeyError as exc:
        raise InputError(f"--table: {exc.args[0]}") from None
    ratings = evaluate_sheet(contractor).ratings
    attribute, ability = best_pair(row, ratings.attributes, ratings.abilities)
    if given.attribute is not None:
        attribute = given.attribute.strip().lower()
    if given.ability is not None:
        ability = given.ability.strip().lower()
    try:
        return row.record(attribute, ability)
    except ValueError as exc:
        raise InputError(str(exc)) from None


def plan_add(contractor: Contractor, given: AddWeapon) -> Plan[Contractor]:
    """Add a weapon from the tables (``table``) or a custom one (name, Attribute, Ability)."""
    if given.table:
        base = _from_table(contractor, given.table, given)
    else:
        missing = [k for k in ("name", "attribute", "ability") if getattr(given, k) is None]
        if missing:
            raise InputError(
                "a custom weapon needs "
                + ", ".join(f"--{k}" for k in missing)
                + " (or --table ROW to copy a row of the weapon tables)"
            )
        base = Weapon(name="", attribute="", ability="")
    weapon = _apply(base, given)
    return ops.plan_edit_weapons(
        contractor, with_weapon(contractor.weapons, weapon), f"Add weapon {weapon.name}"
    )


def _held(contractor: Contractor, index: int) -> Weapon:
    if not 0 <= index < len(contractor.weapons):
        count = len(contractor.weapons)
        raise InputError(
            f"--weapon: no weapon {index}; the sheet lists {count} (counting from 0)"
            if count
            else f"--weapon: no weapon {index}; the sheet lists none"
        )
    return contractor.weapons[index]


def plan_edit(contractor: Contractor, given: EditWeapon) -> Plan[Contractor]:
    """Change fields of a held weapon."""
    weapon = _apply(_held(contractor, given.weapon), given)
    weapons = with_weapon_replaced(contractor.weapons, given.weapon, weapon)
    return ops.plan_edit_weapons(contractor, weapons, f"Edit weapon {weapon.name}")


def plan_remove(contractor: Contractor, given: RemoveWeapon) -> Plan[Contractor]:
    """Take a weapon off the sheet."""
    gone = _held(contractor, given.weapon)
    weapons = without_weapon(contractor.weapons, given.weapon)
    return ops.plan_edit_weapons(contractor, weapons, f"Remove weapon {gone.name}")


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, Contractor, ops.store)


WEAPON_OPERATIONS: dict[str, Operation] = operation_table(
    _op(
        "add",
        "Add weapon",
        "add a weapon from the rules' tables (--table) or a custom one",
        AddWeapon,
        plan_add,
    ),
    _op("edit", "Edit weapon", "change a weapon on the sheet", EditWeapon, plan_edit),
    _op("remove", "Remove weapon", "take a weapon off the sheet", RemoveWeapon, plan_remove),
)
"""The weapon operations on a contractor, by CLI name (``harbinger contractor weapon NAME``)."""
