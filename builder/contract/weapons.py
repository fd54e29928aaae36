"""The rules' weapon tables, and the attack roll a contractor makes with a weapon ("Weapons").

The tables (guns, melee weapons, thrown and projectile weapons, the special
weapons with a system of their own) are data in ``resources/sheet/weapons.toml``;
:func:`load_weapon_table` reads and checks them once, next to the rest of the
sheet catalog (``builder.contract.sheet_catalog``) but on its own, so the
catalog's other files and their loader are untouched.

"When attacking, the relevant Attribute, Ability, and Difficulty for the
attack roll, as well as the Damage modifier, all depend on the type of
weapon." :func:`attack_roll` builds that roll for a contractor with
:func:`builder.contract.rolls.trait_roll` (untrained step, Penalty, rank-6
floor, the 4–9 Difficulty limits) and the one Gift bonus that counts
(:func:`builder.contract.rolls.strongest_bonus`): nothing here re-states a
dice rule.

Readings of the text:

* Where a row offers a choice ("(Brawn or Dexterity) + (Melee or Brawl)"),
  a weapon taken from the table uses the pair that gives this contractor the
  biggest pool (:func:`best_pair`); the player may change it afterwards.
* Range increments ("Guns may be fired at targets beyond that range, with the
  Difficulty increasing by +1 for each increment of the listed range, up to a
  maximum of 3x the listed range") are stated for guns; the text says nothing
  of increments for thrown and projectile weapons, so for them the listed
  range is the furthest they reach (:func:`range_increments`).
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

from pydantic import AfterValidator, Field

from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES
from builder.contract.rolls import DEFAULT_DIFFICULTY, PlannedRoll, strongest_bonus, trait_roll
from builder.contract.weapon_record import Weapon, WeaponClass
from builder.core.catalog import (
    CatalogFileError,
    CatalogModel,
    FileProblems,
    Ident,
    OptionalText,
    Positive,
    Text,
    at_least,
    catalog_error,
    one_of,
    read_toml,
)
from resources import resource_path

if TYPE_CHECKING:
    from builder.contract.gifts.bonus import GiftBonus

WEAPONS_FILE = "weapons.toml"
MAX_FILE_BYTES = 256 * 1024
MAX_RANGE_INCREMENTS = 3
"""Guns reach "a maximum of 3x the listed range" ("Weapons")."""

MIN_DAMAGE = -5
"""The lowest Weapon Damage a row may give (hand-to-hand is −1)."""


class WeaponTableError(Exception):
    """weapons.toml is missing or wrong; ``problems`` holds one line per mistake."""

    def __init__(self, problems: Iterable[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


@dataclass(frozen=True, slots=True)
class TableWeapon:
    """One row of the rules' weapon tables, as ``weapons.toml`` writes it.

    ``attributes`` and ``abilities`` list every Attribute and Ability the row
    allows; ``damage`` is None for a weapon that deals no Weapon Damage;
    ``difficulty_max``, ``damage_max`` and ``range_min_feet`` are the other
    end of a range the GM picks from (0 / None when the row gives one value).
    """

    id: str
    name: str
    weapon_class: WeaponClass
    attributes: tuple[str, ...]
    abilities: tuple[str, ...]
    difficulty: int
    damage: int | None
    difficulty_max: int = 0
    damage_max: int | None = None
    range_feet: int = 0
    range_min_feet: int = 0
    reload: str = ""
    armor_piercing: int = 0
    called_shot: bool = False
    notes: str = ""

    def record(self, attribute: str = "", ability: str = "") -> Weapon:
        """The contractor's weapon record made from this row (first choices unless given)."""
        attribute = attribute or self.attributes[0]
        ability = ability or self.abilities[0]
        if attribute not in self.attributes or ability not in self.abilities:
            raise ValueError(
                f"{self.name} is rolled with {' or '.join(self.attributes)} + "
                f"{' or '.join(self.abilities)}, not {attribute} + {ability}"
            )
        notes = [self.notes] if self.notes else []
        if self.called_shot:
            notes.insert(0, "Damage only on a successful Called Shot")
        return Weapon(
            name=self.name,
            attribute=attribute,
            ability=ability,
            difficulty=self.difficulty,
            damage=self.damage or 0,
            weapon_class=self.weapon_class,
            deals_damage=self.damage is not None,
            range_feet=self.range_feet,
            armor_piercing=self.armor_piercing,
            table_id=self.id,
            notes="; ".join(notes),
        )


@dataclass(frozen=True, slots=True)
class WeaponTable:
    """Every row of weapons.toml, in file order."""

    weapons: tuple[TableWeapon, ...]

    def weapon(self, weapon_id: str) -> TableWeapon:
        """The row with this id; KeyError naming the known ids otherwise."""
        for weapon in self.weapons:
            if weapon.id == weapon_id:
                return weapon
        raise KeyError(
            f"no weapon {weapon_id!r} in the tables; known: "
            + ", ".join(w.id for w in self.weapons)
        )

    def of_class(self, weapon_class: WeaponClass) -> tuple[TableWeapon, ...]:
        """The rows of one table (guns, melee, thrown and projectile, special)."""
        return tuple(w for w in self.weapons if w.weapon_class is weapon_class)


def _choices(known: tuple[str, ...]) -> AfterValidator:
    """Field metadata: a non-empty list, each value one of ``known``."""
    listed = ", ".join(known)

    def check(values: list[str]) -> list[str]:
        if not values:
            raise catalog_error(f"must list at least one of {listed}")
        for value in values:
            if value not in known:
                raise catalog_error(f"{value!r} is not one of {listed}")
        return values

    return AfterValidator(check)


Damage = Annotated[int, at_least(MIN_DAMAGE)]


class _WeaponShape(CatalogModel):
    """One ``[[weapons]]`` row as weapons.toml writes it (see the file's header)."""

    id: Ident
    name: Text
    weapon_class: Annotated[Text, one_of(tuple(str(c) for c in WeaponClass))] = Field(alias="class")
    attributes: Annotated[list[str], _choices(ATTRIBUTES)]
    abilities: Annotated[list[str], _choices(PRIMARY_ABILITIES)]
    difficulty: Positive
    difficulty_max: Positive | None = None
    damage: Damage | None = None
    damage_max: Damage | None = None
    range_feet: Positive | None = None
    range_min_feet: Positive | None = None
    reload: OptionalText = ""
    armor_piercing: Positive | None = None
    called_shot: bool = False
    notes: OptionalText = ""

    def value(self) -> TableWeapon:
        return TableWeapon(
            id=self.id,
            name=self.name,
            weapon_class=WeaponClass(self.weapon_class),
            attributes=tuple(self.attributes),
            abilities=tuple(self.abilities),
            difficulty=self.difficulty,
            difficulty_max=self.difficulty_max or 0,
            damage=self.damage,
            damage_max=self.damage_max,
            range_feet=self.range_feet or 0,
            range_min_feet=self.range_min_feet or 0,
            reload=self.reload,
            armor_piercing=self.armor_piercing or 0,
            called_shot=self.called_shot,
            notes=self.notes,
        )


@functools.cache
def load_weapon_table(directory: Path | None = None) -> WeaponTable:
    """Read and check ``weapons.toml`` in ``directory`` (default: the shipped sheet catalog).

    Raises :class:`WeaponTableError` with one line per problem, each naming
    the file, the row and the mistake. Cached per directory.
    """
    folder = resource_path("sheet") if directory is None else Path(directory)
    try:
        doc = read_toml(folder / WEAPONS_FILE, limit=MAX_FILE_BYTES)
    except CatalogFileError as exc:
        raise WeaponTableError([f"{WEAPONS_FILE}: {exc.reason}"]) from None
    problems = FileProblems(WEAPONS_FILE)
    problems.check_top_level(doc, ("weapons",))
    rows = [shape.value() for shape in problems.read_array(doc, "weapons", _WeaponShape)]
    seen: set[str] = set()
    for row in rows:
        if row.id in seen:
            problems.add(f"weapons {row.name!r}", f"id {row.id!r} is used twice")
        seen.add(row.id)
    if problems.all.items:
        raise WeaponTableError(problems.all.lines())
    return WeaponTable(tuple(rows))


# --------------------------------------------------------------------------- the sheet's weapons

MAX_NAME = 200
MAX_DIFFICULTY_ASKED = 30
DAMAGE_LIMITS = (-20, 50)


def weapon_problems(weapon: Weapon) -> list[str]:
    """What is wrong with a weapon record (empty: it may go on the sheet), each naming the field.

    The same limits as the contractor file's schema, so a saved sheet always exports.
    """
    problems = []
    if not weapon.name.strip() or len(weapon.name) > MAX_NAME:
        problems.append(f"name: a weapon needs a name of 1 to {MAX_NAME} characters")
    if weapon.attribute not in ATTRIBUTES:
        problems.append(
            f"attribute: {weapon.attribute!r} is not an Attribute ({', '.join(ATTRIBUTES)})"
        )
    if weapon.ability not in PRIMARY_ABILITIES:
        problems.append(f"ability: {weapon.ability!r} is not a Primary Ability")
    if not 1 <= weapon.difficulty <= MAX_DIFFICULTY_ASKED:
        problems.append(f"difficulty: must be 1 to {MAX_DIFFICULTY_ASKED}, not {weapon.difficulty}")
    low, high = DAMAGE_LIMITS
    if not low <= weapon.damage <= high:
        problems.append(f"damage: must be {low} to {high}, not {weapon.damage}")
    if weapon.range_feet < 0:
        problems.append(f"range: cannot be negative ({weapon.range_feet})")
    if not 0 <= weapon.armor_piercing <= high:
        problems.append(f"armor piercing: must be 0 to {high}, not {weapon.armor_piercing}")
    return problems


def _at(weapons: tuple[Weapon, ...], index: int) -> None:
    if not 0 <= index < len(weapons):
        raise IndexError(
            f"no weapon {index}: the sheet lists {len(weapons)} (counting from 0)"
            if weapons
            else f"no weapon {index}: the sheet lists none"
        )


def with_weapon(weapons: tuple[Weapon, ...], weapon: Weapon) -> tuple[Weapon, ...]:
    """The sheet's weapons with ``weapon`` added at the end."""
    return (*weapons, weapon)


def with_weapon_replaced(
    weapons: tuple[Weapon, ...], index: int, weapon: Weapon
) -> tuple[Weapon, ...]:
    """The sheet's weapons with the one at ``index`` (from 0) replaced; IndexError if none."""
    _at(weapons, index)
    return (*weapons[:index], weapon, *weapons[index + 1 :])


def without_weapon(weapons: tuple[Weapon, ...], index: int) -> tuple[Weapon, ...]:
    """The sheet's weapons without the one at ``index`` (from 0); IndexError if none."""
    _at(weapons, index)
    return (*weapons[:index], *weapons[index + 1 :])


# --------------------------------------------------------------------------- the attack roll


def best_pair(
    row: TableWeapon, attributes: Mapping[str, int], abilities: Mapping[str, int]
) -> tuple[str, str]:
    """The Attribute and Ability of the row that give the biggest pool (first listed on a tie)."""
    pairs = [(a, b) for a in row.attributes for b in row.abilities]
    return max(pairs, key=lambda p: attributes.get(p[0], 0) + abilities.get(p[1], 0))


def attack_roll(
    weapon: Weapon,
    attributes: Mapping[str, int],
    abilities: Mapping[str, int],
    penalty: int,
    bonuses: Iterable[GiftBonus] = (),
    active: Collection[str] = (),
    extra_difficulty: int = 0,
) -> PlannedRoll:
    """The attack roll with ``weapon``: its Attribute + Ability, the Gift bonus that counts,
    less the Penalty, at the weapon's Difficulty (+ ``extra_difficulty``: range, two targets).

    An Ability at rank 0 rolls the Attribute alone at +1 Difficulty, as every roll does.
    """
    gift = strongest_bonus(bonuses, weapon.attribute, active)
    return trait_roll(
        attributes.get(weapon.attribute, 0),
        abilities.get(weapon.ability, 0),
        penalty,
        weapon.difficulty + extra_difficulty,
        gift.dice if gift is not None else 0,
    )


@dataclass(frozen=True, slots=True)
class WeaponLine:
    """One weapon as the sheet shows it: the record and the attack roll it makes now.

    ``roll`` holds the pool before and after Penalty and the Difficulty rolled
    (:class:`~builder.contract.rolls.PlannedRoll`); ``gift`` the one Gift bonus that
    counts on it (None: none).
    """

    weapon: Weapon
    roll: PlannedRoll
    gift: GiftBonus | None

    @property
    def roll_text(self) -> str:
        """ "Dexterity + Firearms", or "Dexterity alone (no Firearms)" without a rank."""
        attribute, ability = self.weapon.attribute.title(), self.weapon.ability.title()
        if self.roll.untrained:
            return f"{attribute} alone (no {ability})"
        return f"{attribute} + {ability}"

    @property
    def pool_text(self) -> str:
        """ "6 dice", "7 dice (5 after Penalty)", with the Gift bonus that counts named."""
        roll = self.roll
        text = f"{roll.base_pool} dice"
        if roll.pool != roll.base_pool:
            text += f" ({roll.pool} after Penalty)"
        if self.gift is not None:
            text += f", incl. {self.gift.gift_name} +{self.gift.dice}"
        return text

    @property
    def difficulty_text(self) -> str:
        """The Difficulty rolled: "6", or "7 (+1 untrained)"."""
        text = str(self.roll.rolled_difficulty)
        return text + " (+1 untrained)" if self.roll.untrained else text

    @property
    def range_text(self) -> str:
        """ "50 ft", or "" when the table lists no range."""
        return f"{self.weapon.range_feet} ft" if self.weapon.range_feet else ""

    def cells(self) -> tuple[str, str, str, str, str, str]:
        """Weapon, Roll, Pool, Difficulty, Damage, Range: one row of the sheet's weapons."""
        return (
            self.weapon.name,
            self.roll_text,
            self.pool_text,
            self.difficulty_text,
            self.damage_text,
            self.range_text,
        )

    @property
    def damage_text(self) -> str:
        """The Weapon Damage as the tables print it ("2", "−1", "none")."""
        if not self.weapon.deals_damage:
            return "none"
        damage = self.weapon.damage
        text = f"−{-damage}" if damage < 0 else str(damage)
        if self.weapon.armor_piercing:
            text += f", pierces {self.weapon.armor_piercing} Armor"
        return text


def weapon_lines(
    weapons: Iterable[Weapon],
    attributes: Mapping[str, int],
    abilities: Mapping[str, int],
    penalty: int,
    bonuses: Iterable[GiftBonus] = (),
) -> tuple[WeaponLine, ...]:
    """Each weapon with its attack roll for the sheet and the printed sheet.

    ``penalty`` is every dice penalty the contractor's rolls take now (the Penalty and
    encumbrance); only Gift bonuses that are always on count here (a switched Gift's
    bonus is the dice panel's toggle).
    """
    held = tuple(bonuses)
    lines = []
    for weapon in weapons:
        gift = strongest_bonus(held, weapon.attribute)
        lines.append(
            WeaponLine(weapon, attack_roll(weapon, attributes, abilities, penalty, held), gift)
        )
    return tuple(lines)


def weapon_numbers(lines: Iterable[WeaponLine]) -> list[dict[str, object]]:
    """The weapons' attack rolls as plain JSON (``harbinger sheet show --json``)."""
    return [
        {
            "name": line.weapon.name,
            "attribute": line.weapon.attribute,
            "ability": line.weapon.ability,
            "dice": line.roll.base_pool,
            "after_penalty": line.roll.pool,
            "difficulty": line.roll.rolled_difficulty,
            "untrained": line.roll.untrained,
            "gift_bonus": None
            if line.gift is None
            else {"gift": line.gift.gift_name, "dice": line.gift.dice},
            "weapon_damage": line.weapon.damage if line.weapon.deals_damage else None,
            "armor_piercing": line.weapon.armor_piercing,
            "range_feet": line.weapon.range_feet,
        }
        for line in lines
    ]


def range_increments(weapon: Weapon, distance_feet: int) -> int | None:
    """Difficulty added by shooting at ``distance_feet``; None when the target is out of reach.

    "The Difficulty increasing by +1 for each increment of the listed range, up to
    a maximum of 3x the listed range. For example, if a Contractor shoots with a
    handgun at a target 70 feet away, it is rolled at +1 Difficulty. Once the
    target gets further than 100 feet away, the Difficulty will increase to +2."
    A weapon with no listed range (melee) adds nothing; a thrown or projectile
    weapon reaches its listed range and no further (module docstring).
    """
    if distance_feet < 0:
        raise ValueError(f"a distance cannot be negative, not {distance_feet}")
    if weapon.range_feet <= 0 or distance_feet <= weapon.range_feet:
        return 0
    if weapon.weapon_class is not WeaponClass.FIREARM:
        return None
    if distance_feet > MAX_RANGE_INCREMENTS * weapon.range_feet:
        return None
    return -(-distance_feet // weapon.range_feet) - 1


__all__ = [
    "DEFAULT_DIFFICULTY",
    "MAX_RANGE_INCREMENTS",
    "TableWeapon",
    "WeaponLine",
    "WeaponTable",
    "WeaponTableError",
    "attack_roll",
    "best_pair",
    "load_weapon_table",
    "range_increments",
    "weapon_lines",
    "weapon_numbers",
    "weapon_problems",
    "with_weapon",
    "with_weapon_replaced",
    "without_weapon",
]
