"""Example Covenant content shipped in ``resources/covenant/``: Traits, Abilities, gear,
conditions and drains a player or FM can pick from instead of typing their own.

The files are TOML data, never code. They are read with the shared
``builder.core.catalog.read_toml`` (size checked, UTF-8, valid TOML) and each
entry is validated against a pydantic model of its shape (unknown keys
refused, with the closest known one). Every problem of every file is
reported at once in a ``CovenantCatalogError`` naming the file, the entry and
the field, so a leader adding house content sees at once what to fix.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Annotated, Self, TypeVar

from pydantic import Field, model_validator

from builder.core.catalog import (
    CatalogFileError,
    CatalogModel,
    OptionalText,
    Positive,
    Problems,
    Text,
    Whole,
    catalog_error,
    check_entry,
    did_you_mean,
    one_of,
    read_toml,
)
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

S = TypeVar("S", bound=CatalogModel)


class CovenantCatalogError(ValueError):
    """Catalog files or entries that cannot be used; one line per problem says which and why."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


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


# --------------------------------------------------------------------------- shapes

_RECHARGES = one_of([s.value for s in UseState])
_SEVERITIES = one_of([s.value for s in DamageSeverity])


class _UseShape(CatalogModel):
    """One ``[[gear.uses]]`` table: a named use and how it recharges."""

    name: Text
    recharge: Annotated[str, _RECHARGES]
    effect: OptionalText = ""

    def value(self) -> AssetUse:
        return AssetUse(name=self.name, recharge=UseState(self.recharge), effect=self.effect)


Uses = Annotated[list[_UseShape], Field(min_length=1)]


class _TraitShape(CatalogModel):
    """A ``[[trait]]``: a plain Trait taps once unless it lists its own uses."""

    id: Text
    name: Text
    description: OptionalText = ""
    price: Whole = 0
    uses: Uses | None = None

    @model_validator(mode="after")
    def _uses_named_once(self) -> Self:
        names = [u.name for u in self.uses or ()]
        if len(set(names)) != len(names):
            raise catalog_error("two uses share a name")
        return self

    def value(self, kind: AssetKind, gear: bool) -> Asset:
        uses = {} if self.uses is None else {"uses": tuple(u.value() for u in self.uses)}
        return Asset(
            id=self.id,
            name=self.name,
            kind=kind,
            gear=gear,
            description=self.description,
            price=self.price,
            **uses,
        )


class _GearShape(_TraitShape):
    """A ``[[gear]]`` item or an ``[[ability]]``: both must list their uses."""

    uses: Uses


class _ConditionShape(CatalogModel):
    """A ``[[condition]]``."""

    id: Text
    name: Text
    effect: Text
    cure: Text
    lingering: bool

    def value(self) -> Condition:
        return Condition(**self.model_dump())


class _DrainShape(CatalogModel):
    """A ``[[drain]]``: damage every cycle until cured."""

    id: Text
    name: Text
    cycle: Text
    magnitude: Positive
    severity: Annotated[str, _SEVERITIES]
    cure: Text
    lingering: bool

    def value(self) -> Drain:
        return Drain(**{**self.model_dump(), "severity": DamageSeverity(self.severity)})


def _entries(
    folder: Path, filename: str, table: str, shape: type[S], problems: Problems
) -> list[S]:
    """The sound ``[[table]]`` entries of ``filename``; every problem goes to ``problems``."""
    try:
        data = read_toml(folder / filename)
    except CatalogFileError as exc:
        problems.add(filename, "", exc.reason)
        return []
    for key in data:
        if key != table:
            problems.add(filename, "", f"unknown table {key!r}{did_you_mean(key, {table})}")
    raw = data.get(table, [])
    if not isinstance(raw, list):
        problems.add(filename, "", f"'{table}' must be an array of tables")
        return []
    found: list[S] = []
    for i, item in enumerate(raw):
        ident = item.get("id") if isinstance(item, dict) else None
        label = f"'{ident}'" if isinstance(ident, str) and ident else f"#{i + 1}"
        entry = check_entry(shape, item, problems, filename, f"[[{table}]] {label}")
        if entry is not None:
            found.append(entry)
    return found


def load_covenant_catalog(folder: Path | None = None) -> CovenantCatalog:
    """Read and check every example file in ``folder`` (default: the shipped one).

    Ids must be unique across Traits, Abilities and gear, and within conditions
    and within drains. Raises :class:`CovenantCatalogError` listing every problem.
    """
    root = folder or resource_path("covenant")
    problems = Problems()
    twice: list[str] = []

    def read(filename: str, table: str, shape: type[S]) -> list[S]:
        return _entries(root, filename, table, shape, problems)

    traits = tuple(
        e.value(AssetKind.TRAIT, False) for e in read("traits.toml", "trait", _TraitShape)
    )
    abilities = tuple(
        e.value(AssetKind.ABILITY, False) for e in read("abilities.toml", "ability", _GearShape)
    )
    gear = tuple(e.value(AssetKind.TRAIT, True) for e in read("gear.toml", "gear", _GearShape))
    conditions = tuple(e.value() for e in read("conditions.toml", "condition", _ConditionShape))
    drains = tuple(e.value() for e in read("drains.toml", "drain", _DrainShape))
    for label, items in (
        ("traits, abilities and gear", (*traits, *abilities, *gear)),
        ("conditions", conditions),
        ("drains", drains),
    ):
        seen: set[str] = set()
        for item in items:
            if item.id in seen:
                twice.append(f"the id '{item.id}' is used twice among the {label}")
            seen.add(item.id)
    if problems.items or twice:
        raise CovenantCatalogError(problems.lines() + twice)
    return CovenantCatalog(traits, abilities, gear, conditions, drains)


@cache
def shipped_catalog() -> CovenantCatalog:
    """The shipped example content, read once."""
    return load_covenant_catalog()
