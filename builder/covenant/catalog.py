"""Example Covenant content shipped in ``resources/covenant/``: Traits, Abilities, gear,
conditions and drains a player or FM can pick from instead of typing their own.

The files are TOML data, never code. They are read with the shared
``builder.core.catalog.read_toml`` (size checked, UTF-8, valid TOML) and checked
entry by entry; a bad entry raises ``CovenantCatalogError`` naming the file, the
entry and the field, so a leader adding house content sees at once what to fix.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from builder.core.catalog import CatalogFileError, did_you_mean, read_toml
from builder.covenant.character import (
    Asset,
    AssetKind,
    AssetUse,
    Condition,
    DamageSeverity,
    Drain,
    UseState,
)
from resources import resource_path


class CovenantCatalogError(ValueError):
    """A catalog file or entry that cannot be used; the message says which and why."""


@dataclass(frozen=True, slots=True)
class CovenantCatalog:
    """All example content, in file order."""

    traits: tuple[Asset, ...]
    abilities: tuple[Asset, ...]
    gear: tuple[Asset, ...]
    conditions: tuple[Condition, ...]
    drains: tuple[Drain, ...]

    def find_asset(self, asset_id: str) -> Asset | None:
        """The Trait, Ability or gear with this id, if the catalog has it."""
        for asset in (*self.traits, *self.abilities, *self.gear):
            if asset.id == asset_id:
                return asset
        return None


class _Entry:
    """Typed access to one TOML table, raising errors that name file, entry and field."""

    def __init__(self, file: str, table: str, index: int, data: Any) -> None:
        self.file, self.table, self.index = file, table, index
        if not isinstance(data, dict):
            raise CovenantCatalogError(f"{file}: [[{table}]] #{index + 1} is not a table")
        self.data = data
        self.label = f"[[{table}]] #{index + 1}"
        ident = data.get("id")
        if isinstance(ident, str) and ident:
            self.label = f"[[{table}]] '{ident}'"

    def fail(self, message: str) -> CovenantCatalogError:
        return CovenantCatalogError(f"{self.file}: {self.label}: {message}")

    def text(self, key: str, required: bool = True) -> str:
        value = self.data.get(key, None if required else "")
        if not isinstance(value, str) or (required and not value.strip()):
            raise self.fail(f"'{key}' must be {'non-empty ' if required else ''}text")
        return value

    def integer(self, key: str, minimum: int) -> int:
        value = self.data.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            raise self.fail(f"'{key}' must be a whole number of at least {minimum}")
        return value

    def flag(self, key: str) -> bool:
        value = self.data.get(key)
        if not isinstance(value, bool):
            raise self.fail(f"'{key}' must be true or false")
        return value

    def check_keys(self, allowed: set[str]) -> None:
        extra = sorted(set(self.data) - allowed)
        if extra:
            raise self.fail(f"unknown field '{extra[0]}'{did_you_mean(extra[0], allowed)}")


def _uses(entry: _Entry) -> tuple[AssetUse, ...]:
    raw = entry.data.get("uses")
    if not isinstance(raw, list) or not raw:
        raise entry.fail("'uses' must list at least one use")
    uses: list[AssetUse] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise entry.fail(f"uses[{i}] is not a table")
        name = item.get("name")
        recharge: Any = item.get("recharge")  # unchecked TOML: the enum refuses what is not a state
        if not isinstance(name, str) or not name.strip():
            raise entry.fail(f"uses[{i}].name must be non-empty text")
        try:
            state = UseState(recharge)
        except ValueError:
            choices = ", ".join(s.value for s in UseState)
            raise entry.fail(f"uses[{i}].recharge {recharge!r} is not one of {choices}") from None
        effect = item.get("effect", "")
        if not isinstance(effect, str):
            raise entry.fail(f"uses[{i}].effect must be text")
        allowed = {"name", "recharge", "effect"}
        extra = sorted(set(item) - allowed)
        if extra:
            hint = did_you_mean(extra[0], allowed)
            raise entry.fail(f"uses[{i}] has unknown field '{extra[0]}'{hint}")
        uses.append(AssetUse(name=name, recharge=state, effect=effect))
    names = [u.name for u in uses]
    if len(set(names)) != len(names):
        raise entry.fail("two uses share a name")
    return tuple(uses)


def _asset(entry: _Entry, kind: AssetKind, gear: bool) -> Asset:
    entry.check_keys({"id", "name", "description", "uses", "price"})
    uses = _uses(entry) if (gear or kind is AssetKind.ABILITY or "uses" in entry.data) else None
    return Asset(
        id=entry.text("id"),
        name=entry.text("name"),
        kind=kind,
        gear=gear,
        description=entry.text("description", required=False),
        price=entry.integer("price", 0) if "price" in entry.data else 0,
        **({"uses": uses} if uses is not None else {}),
    )


def _condition(entry: _Entry) -> Condition:
    entry.check_keys({"id", "name", "effect", "cure", "lingering"})
    return Condition(
        id=entry.text("id"),
        name=entry.text("name"),
        effect=entry.text("effect"),
        cure=entry.text("cure"),
        lingering=entry.flag("lingering"),
    )


def _drain(entry: _Entry) -> Drain:
    entry.check_keys({"id", "name", "cycle", "magnitude", "severity", "cure", "lingering"})
    severity: Any = entry.data.get("severity")  # unchecked TOML: the enum refuses the rest
    try:
        sev = DamageSeverity(severity)
    except ValueError:
        choices = ", ".join(s.value for s in DamageSeverity)
        raise entry.fail(f"'severity' {severity!r} is not one of {choices}") from None
    return Drain(
        id=entry.text("id"),
        name=entry.text("name"),
        cycle=entry.text("cycle"),
        magnitude=entry.integer("magnitude", 1),
        severity=sev,
        cure=entry.text("cure"),
        lingering=entry.flag("lingering"),
    )


def _entries(folder: Path, filename: str, table: str) -> list[_Entry]:
    try:
        data = read_toml(folder / filename)
    except CatalogFileError as exc:
        raise CovenantCatalogError(f"{filename}: {exc.reason}") from None
    extra = sorted(set(data) - {table})
    if extra:
        hint = did_you_mean(extra[0], {table})
        raise CovenantCatalogError(f"{filename}: unknown table '{extra[0]}'{hint}")
    raw = data.get(table, [])
    if not isinstance(raw, list):
        raise CovenantCatalogError(f"{filename}: '{table}' must be an array of tables")
    return [_Entry(filename, table, i, item) for i, item in enumerate(raw)]


def load_covenant_catalog(folder: Path | None = None) -> CovenantCatalog:
    """Read and check every example file in ``folder`` (default: the shipped one).

    Ids must be unique across Traits, Abilities and gear, and within conditions
    and within drains.
    """
    root = folder or resource_path("covenant")
    traits = tuple(
        _asset(e, AssetKind.TRAIT, False) for e in _entries(root, "traits.toml", "trait")
    )
    abilities = tuple(
        _asset(e, AssetKind.ABILITY, False) for e in _entries(root, "abilities.toml", "ability")
    )
    gear = tuple(_asset(e, AssetKind.TRAIT, True) for e in _entries(root, "gear.toml", "gear"))
    conditions = tuple(_condition(e) for e in _entries(root, "conditions.toml", "condition"))
    drains = tuple(_drain(e) for e in _entries(root, "drains.toml", "drain"))
    for label, items in (
        ("traits, abilities and gear", (*traits, *abilities, *gear)),
        ("conditions", conditions),
        ("drains", drains),
    ):
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                raise CovenantCatalogError(f"the id '{item.id}' is used twice among the {label}")
            seen.add(item.id)
    return CovenantCatalog(traits, abilities, gear, conditions, drains)


@cache
def shipped_catalog() -> CovenantCatalog:
    """The shipped example content, read once."""
    return load_covenant_catalog()
