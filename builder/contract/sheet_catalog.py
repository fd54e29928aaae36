"""The sheet catalog: the reference lists a character sheet picks from.

Attributes and Primary Abilities with their rating labels, Limits, Assets and
Liabilities, stock Battle Scars and Traumas, example Conditions,
Circumstances, Trophies and Loose Ends, the Threat levels, and the random
concept tables (Archetype, Paradigm, Ambition). The data lives in TOML files
under ``resources/sheet/`` (never code); this module reads them once, checks
every entry, and returns frozen values.

A broken file raises :class:`CatalogError`, whose message names the file,
the entry and the problem, one line per problem::

    assets.toml: liabilities[3] 'One Eye': value must be a positive integer

Problems are collected per file, so one run reports every mistake in the
file it stopped at. Nothing read from a file is ever executed.
"""

from __future__ import annotations

import difflib
import functools
import random
import re
import tomllib
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeVar

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    AssetPick,
    BattleScar,
    Item,
    Limit,
    LooseEnd,
    ScarTier,
    ThreatLevel,
    Trauma,
)
from resources import resource_path

SHEET_DIR = resource_path("sheet")
"""Where the shipped sheet catalog lives."""

MAX_FILE_BYTES = 1024 * 1024  # the shipped files are a few kB; refuse anything absurd

T = TypeVar("T")


class CatalogError(Exception):
    """A catalog file is missing or wrong; ``problems`` holds one line per mistake."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


# =========================================================================== values


class AssetCategory(StrEnum):
    """The three kinds of Asset and Liability ("Assets and Liabilities")."""

    PHYSICAL = "physical"
    BACKGROUND = "background"
    MENTAL = "mental"


CATEGORY_NAMES: Mapping[AssetCategory, str] = {
    AssetCategory.PHYSICAL: "Physical",
    AssetCategory.BACKGROUND: "Background",
    AssetCategory.MENTAL: "Mental and Emotional",
}
"""The category headings as the rules print them."""


class Polarity(StrEnum):
    """Whether a Condition or Circumstance helps, hurts, or both."""

    POSITIVE = "positive"
    NEGATIVE = "negative"
    MIXED = "mixed"


class GrantKind(StrEnum):
    """What an Asset or Liability puts on the sheet ("Assets and Liabilities")."""

    CONDITION = "condition"
    CIRCUMSTANCE = "circumstance"
    BATTLE_SCAR = "battle_scar"
    TRAUMA = "trauma"
    LOOSE_END = "loose_end"


_LIABILITY_ONLY_GRANTS = frozenset({GrantKind.BATTLE_SCAR, GrantKind.TRAUMA, GrantKind.LOOSE_END})


@dataclass(frozen=True, slots=True)
class Attribute:
    """One of the five Attributes ("Attributes")."""

    id: str
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class PrimaryAbility:
    """One of the 19 Primary Abilities ("Primary Abilities")."""

    id: str
    name: str
    description: str


@dataclass(frozen=True, slots=True)
class RatingLabel:
    """What a rating means: "2 — Average" for an Attribute, "3 — Baseline professional"."""

    rating: int
    label: str


@dataclass(frozen=True, slots=True)
class SecondaryAbilityExample:
    """An example Secondary Ability and the Primary Ability it narrows."""

    name: str
    related: str
    description: str


@dataclass(frozen=True, slots=True)
class LimitOption:
    """A Limit a contractor may take ("Limits"); ``trigger`` is what calls for a Trauma Roll."""

    id: str
    name: str
    trigger: str
    default: bool
    suits: str = ""

    def to_limit(self) -> Limit:
        """The sheet value for this Limit."""
        return Limit(name=self.name, description=self.trigger, custom=False)


@dataclass(frozen=True, slots=True)
class Grant:
    """Something an Asset or Liability puts on the sheet.

    For a Condition or Circumstance, ``name`` is the sheet line and the
    entry's own system is its text; for a Battle Scar, Trauma or Loose End,
    ``ref`` is the catalog id and ``name`` that entry's name.
    """

    kind: GrantKind
    name: str
    ref: str = ""


@dataclass(frozen=True, slots=True)
class AssetOption:
    """An Asset or a Liability from the catalog ("Assets and Liabilities").

    ``value`` is its Exp value (Harbinger's own numbers; the rules give none).
    ``restricted`` means Playgroup Leader approval is needed; ``takes_detail``
    means the player names specifics, prompted by ``detail_label``.
    ``gift_credits`` counts Gift Credits granted at creation (Gifted: 1).
    ``suppressed_by`` lists Battle Scar ids that switch an Asset off.
    """

    id: str
    name: str
    kind: AssetKind
    category: AssetCategory
    value: int
    system: str
    restricted: bool = False
    takes_detail: bool = False
    detail_label: str = ""
    gift_credits: int = 0
    grants: tuple[Grant, ...] = ()
    suppressed_by: tuple[str, ...] = ()

    def pick(self, detail: str = "") -> AssetPick:
        """The sheet value for taking this entry, with the player's ``detail``."""
        return AssetPick(
            id=self.id,
            name=self.name,
            kind=self.kind,
            value=self.value,
            detail=detail,
            restricted=self.restricted,
            system=self.system,
            category=str(self.category),
        )


@dataclass(frozen=True, slots=True)
class ScarTierInfo:
    """A Battle Scar tier and the lowest Injury Severity that causes it ("Battle Scars")."""

    tier: ScarTier
    name: str
    min_severity: int


@dataclass(frozen=True, slots=True)
class StockBattleScar:
    """A ready-made Battle Scar ("Example Battle Scars").

    ``penalty_floor`` > 0 means the Penalty is never better than −penalty_floor
    (Chronic Pain); ``movement`` is the fraction of movement speed left
    (Limp: 1/2), or None when movement is unaffected.
    """

    id: str
    name: str
    tier: ScarTier
    system: str
    penalty_floor: int = 0
    movement: Fraction | None = None

    def to_scar(self) -> BattleScar:
        """The sheet value for this scar."""
        return BattleScar(name=self.name, tier=self.tier, system=self.system)


@dataclass(frozen=True, slots=True)
class StockTrauma:
    """A ready-made Trauma, or one of the three templates ("Stock Traumas").

    ``template`` marks Delusion, Compulsion and Phobia, which the player
    completes with a detail (``detail_label`` says what); ``type`` tells which
    template a stock Trauma is an instance of, if any.
    """

    id: str
    name: str
    system: str
    template: bool = False
    type: str = ""
    detail_label: str = ""

    def to_trauma(self, detail: str = "") -> Trauma:
        """The sheet value, named "Phobia (spiders)" when a detail is given."""
        name = f"{self.name} ({detail.strip()})" if detail.strip() else self.name
        return Trauma(name=name, system=self.system)


@dataclass(frozen=True, slots=True)
class StockCondition:
    """An example Condition or Circumstance ("Stock Conditions and Circumstances")."""

    id: str
    name: str
    polarity: Polarity
    system: str

    def to_item(self) -> Item:
        """The sheet line, with the system as its detail."""
        return Item(name=self.name, detail=self.system)


@dataclass(frozen=True, slots=True)
class StockTrophy:
    """An example Trophy ("Trophies")."""

    id: str
    name: str
    system: str

    def to_item(self) -> Item:
        """The sheet line, with the system as its detail."""
        return Item(name=self.name, detail=self.system)


@dataclass(frozen=True, slots=True)
class ThreatLevelInfo:
    """A Loose End Threat level and what it means ("Loose Ends")."""

    level: ThreatLevel
    name: str
    meaning: str


@dataclass(frozen=True, slots=True)
class LooseEndExample:
    """An example Loose End a GM may grant ("Loose Ends")."""

    id: str
    title: str
    threat_level: ThreatLevel
    cutoff: int
    threat: str

    def to_loose_end(self, granted_after: int) -> LooseEnd:
        """The sheet value, granted after ``granted_after`` Contracts attended."""
        return LooseEnd(
            title=self.title,
            threat_level=self.threat_level,
            cutoff=self.cutoff,
            granted_after=granted_after,
            threat=self.threat,
        )


CONCEPT_TABLES = ("archetypes", "paradigms", "ambitions")
"""The random concept tables ("Character Concept")."""


def _find(items: Sequence[T], key: Callable[[T], str], wanted: str, what: str) -> T:
    for item in items:
        if key(item) == wanted:
            return item
    raise KeyError(f"no {what} with id {wanted!r}")


def _rating_label(labels: Sequence[RatingLabel], rating: int, what: str) -> str:
    for label in labels:
        if label.rating == rating:
            return label.label
    raise KeyError(f"no {what} rating {rating}")


@dataclass(frozen=True, slots=True)
class SheetCatalog:
    """Everything a sheet picks from, checked and frozen.

    Tuples keep file order, except ``attributes`` and ``abilities``, which
    follow ``builder.contract.character.ATTRIBUTES`` and ``PRIMARY_ABILITIES``, and the
    rating labels and scar tiers, which go up. ``limits`` holds the three
    defaults first, then the alternatives; ``traumas`` holds the three
    templates first, then the stock Traumas.
    """

    attributes: tuple[Attribute, ...]
    attribute_ratings: tuple[RatingLabel, ...]
    abilities: tuple[PrimaryAbility, ...]
    ability_ranks: tuple[RatingLabel, ...]
    secondary_examples: tuple[SecondaryAbilityExample, ...]
    limits: tuple[LimitOption, ...]
    assets: tuple[AssetOption, ...]
    liabilities: tuple[AssetOption, ...]
    scar_tiers: tuple[ScarTierInfo, ...]
    battle_scars: tuple[StockBattleScar, ...]
    traumas: tuple[StockTrauma, ...]
    conditions: tuple[StockCondition, ...]
    circumstances: tuple[StockCondition, ...]
    trophies: tuple[StockTrophy, ...]
    threat_levels: tuple[ThreatLevelInfo, ...]
    loose_ends: tuple[LooseEndExample, ...]
    archetypes: tuple[str, ...]
    paradigms: tuple[str, ...]
    ambitions: tuple[str, ...]

    # ------------------------------------------------------------------ views

    @property
    def default_limits(self) -> tuple[LimitOption, ...]:
        """Anguish, Atrocities and Murder: what an ordinary person starts with."""
        return tuple(limit for limit in self.limits if limit.default)

    @property
    def alternative_limits(self) -> tuple[LimitOption, ...]:
        """Limits for contractors with unusual psychologies."""
        return tuple(limit for limit in self.limits if not limit.default)

    @property
    def trauma_templates(self) -> tuple[StockTrauma, ...]:
        """Delusion, Compulsion and Phobia, to be completed with a detail."""
        return tuple(trauma for trauma in self.traumas if trauma.template)

    # ------------------------------------------------------------- lookups (KeyError when absent)

    def attribute(self, id: str) -> Attribute:
        return _find(self.attributes, lambda a: a.id, id, "Attribute")

    def ability(self, id: str) -> PrimaryAbility:
        return _find(self.abilities, lambda a: a.id, id, "Primary Ability")

    def limit(self, id: str) -> LimitOption:
        return _find(self.limits, lambda x: x.id, id, "Limit")

    def asset(self, id: str) -> AssetOption:
        """An Asset or a Liability by id (ids are unique across both lists)."""
        return _find(self.assets + self.liabilities, lambda a: a.id, id, "Asset or Liability")

    def liability(self, id: str) -> AssetOption:
        return _find(self.liabilities, lambda a: a.id, id, "Liability")

    def battle_scar(self, id: str) -> StockBattleScar:
        return _find(self.battle_scars, lambda s: s.id, id, "Battle Scar")

    def trauma(self, id: str) -> StockTrauma:
        return _find(self.traumas, lambda t: t.id, id, "Trauma")

    def condition(self, id: str) -> StockCondition:
        return _find(self.conditions, lambda c: c.id, id, "Condition")

    def circumstance(self, id: str) -> StockCondition:
        return _find(self.circumstances, lambda c: c.id, id, "Circumstance")

    def trophy(self, id: str) -> StockTrophy:
        return _find(self.trophies, lambda t: t.id, id, "Trophy")

    def threat_level(self, level: ThreatLevel | str) -> ThreatLevelInfo:
        return _find(self.threat_levels, lambda t: str(t.level), str(level), "Threat level")

    def loose_end(self, id: str) -> LooseEndExample:
        return _find(self.loose_ends, lambda x: x.id, id, "Loose End example")

    def attribute_label(self, rating: int) -> str:
        """What an Attribute rating means, "Poor" (1) to "World-class" (5)."""
        return _rating_label(self.attribute_ratings, rating, "Attribute")

    def ability_label(self, rating: int) -> str:
        """What an Ability rating means, from 0 (untrained) to 6."""
        return _rating_label(self.ability_ranks, rating, "Ability")

    def scar_tier_for_severity(self, severity: int) -> ScarTier | None:
        """The Battle Scar tier an Injury of this Severity causes; None below Severity 4."""
        tier: ScarTier | None = None
        for info in self.scar_tiers:
            if severity >= info.min_severity:
                tier = info.tier
        return tier

    def random_suggestion(self, table: str, rng: random.Random) -> str:
        """A random entry of "archetypes", "paradigms" or "ambitions" (singular works too)."""
        name = table if table.endswith("s") else table + "s"
        if name not in CONCEPT_TABLES:
            raise ValueError(f"no concept table {table!r}; use one of {', '.join(CONCEPT_TABLES)}")
        entries: tuple[str, ...] = getattr(self, name)
        return rng.choice(entries)


# =========================================================================== reading


_ID_PATTERN = re.compile(r"[a-z][a-z0-9_]*\Z")


class _Problems:
    """The problems found in one file, each prefixed with the file name."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.lines: list[str] = []

    def add(self, where: str, message: str) -> None:
        self.lines.append(
            f"{self.file}: {where}: {message}" if where else f"{self.file}: {message}"
        )

    def raise_if_any(self) -> None:
        if self.lines:
            raise CatalogError(self.lines)


def _suggest(key: str, known: Collection[str]) -> str:
    close = difflib.get_close_matches(key, sorted(known), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


class _Table:
    """One TOML table being turned into a value.

    Each accessor records a problem (and returns a harmless placeholder)
    instead of raising, so a single pass reports every mistake; ``finish``
    flags unknown keys and says whether the entry can be built.
    """

    def __init__(self, problems: _Problems, where: str, raw: Mapping[str, Any]) -> None:
        self.problems = problems
        self.where = where
        self.raw = raw
        self.used: set[str] = set()
        self.ok = True

    def problem(self, message: str) -> None:
        self.ok = False
        self.problems.add(self.where, message)

    def get(self, key: str) -> Any:
        self.used.add(key)
        return self.raw.get(key)

    def text(self, key: str, *, required: bool = True) -> str:
        value = self.get(key)
        if value is None:
            if required:
                self.problem(f"missing {key!r}")
            return ""
        if not isinstance(value, str) or (required and not value.strip()):
            self.problem(f"{key} must be non-empty text")
            return ""
        return value.strip()

    def ident(self, key: str = "id") -> str:
        value = self.text(key)
        if value and not _ID_PATTERN.match(value):
            self.problem(
                f"{key} must be lowercase letters, digits and underscores "
                f"starting with a letter, not {value!r}"
            )
            return ""
        return value

    def flag(self, key: str) -> bool:
        value = self.get(key)
        if value is None:
            return False
        if not isinstance(value, bool):
            self.problem(f"{key} must be true or false")
            return False
        return value

    def integer(self, key: str, *, minimum: int, default: int | None = None) -> int:
        value = self.get(key)
        if value is None and default is not None:
            return default
        if value is None:
            self.problem(f"missing {key!r}")
            return minimum
        # bool is an int in Python; "value = true" is a typo, not a 1
        if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
            if minimum == 1:
                self.problem(f"{key} must be a positive integer")
            else:
                self.problem(f"{key} must be a whole number of at least {minimum}")
            return minimum
        return value

    def choice(self, key: str, choices: Sequence[str]) -> str:
        value = self.text(key)
        if value and value not in choices:
            self.problem(f"{key} must be one of {', '.join(choices)}, not {value!r}")
            return ""
        return value

    def text_list(self, key: str) -> tuple[str, ...]:
        value = self.get(key)
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
            self.problem(f"{key} must be a list of non-empty text")
            return ()
        return tuple(v.strip() for v in value)

    def tables(self, key: str) -> list[_Table]:
        value = self.get(key)
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            self.problem(f"{key} must be a list of tables")
            return []
        return [_Table(self.problems, f"{self.where}: {key}[{i}]", v) for i, v in enumerate(value)]

    def finish(self) -> bool:
        for key in self.raw:
            if key not in self.used:
                self.problem(f"unknown key {key!r}{_suggest(key, self.used)}")
        return self.ok


def _open(directory: Path, file: str) -> tuple[dict[str, Any], _Problems]:
    """Parse one TOML file of the catalog; a missing or unreadable file is fatal at once."""
    path = directory / file
    problems = _Problems(file)
    try:
        size = path.stat().st_size
    except OSError:
        raise CatalogError([f"{file}: not found in {directory}"]) from None
    if size > MAX_FILE_BYTES:
        raise CatalogError([f"{file}: {size} bytes is too large; the limit is {MAX_FILE_BYTES}"])
    try:
        doc = tomllib.loads(path.read_bytes().decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise CatalogError([f"{file}: not UTF-8 text (byte {exc.start})"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise CatalogError([f"{file}: not valid TOML: {exc}"]) from None
    return doc, problems


def _check_top_level(doc: Mapping[str, Any], problems: _Problems, known: Collection[str]) -> None:
    for key in doc:
        if key not in known:
            problems.add("", f"unknown top-level key {key!r}{_suggest(key, known)}")


def _label(raw: Mapping[str, Any], label_key: str) -> str:
    value = raw.get(label_key)
    return f" {value.strip()!r}" if isinstance(value, str) and value.strip() else ""


def _read_array(
    doc: Mapping[str, Any],
    problems: _Problems,
    array: str,
    build: Callable[[_Table], T],
    *,
    label_key: str = "name",
    required: bool = True,
) -> list[T]:
    """Read ``[[array]]`` with ``build`` for each entry, keeping the entries without problems."""
    raw = doc.get(array)
    if raw is None:
        if required:
            problems.add("", f"has no [[{array}]] entries")
        return []
    if not isinstance(raw, list) or not all(isinstance(entry, dict) for entry in raw):
        problems.add("", f"{array!r} must be an array of tables, written [[{array}]]")
        return []
    values: list[T] = []
    for i, entry in enumerate(raw):
        table = _Table(problems, f"{array}[{i}]{_label(entry, label_key)}", entry)
        value = build(table)
        if table.finish():
            values.append(value)
    return values


def _check_unique_ids(problems: _Problems, groups: Mapping[str, Sequence[Any]]) -> None:
    """Ids must be unique across every list named in ``groups`` (lookups rely on it)."""
    seen: dict[str, str] = {}
    for array, values in groups.items():
        for value in values:
            if value.id in seen:
                problems.add(
                    f"{array} {value.name!r}",
                    f"id {value.id!r} is already used in {seen[value.id]}",
                )
            else:
                seen[value.id] = array


def _check_exactly(
    problems: _Problems, where: str, found: Sequence[str], expected: Sequence[str]
) -> None:
    """``found`` must hold each of ``expected`` exactly once (code relies on the full set)."""
    missing = [e for e in expected if e not in found]
    repeated = sorted({f for f in found if found.count(f) > 1})
    if missing:
        problems.add(where, f"missing {', '.join(missing)}")
    if repeated:
        problems.add(where, f"listed more than once: {', '.join(repeated)}")


def _ratings(
    doc: Mapping[str, Any], problems: _Problems, array: str, low: int, high: int
) -> tuple[RatingLabel, ...]:
    def build(t: _Table) -> RatingLabel:
        return RatingLabel(rating=t.integer("rating", minimum=low), label=t.text("label"))

    labels = _read_array(doc, problems, array, build, label_key="label")
    found = [str(label.rating) for label in labels]
    expected = [str(r) for r in range(low, high + 1)]
    _check_exactly(problems, array, found, expected)
    extra = sorted({f for f in found if f not in expected}, key=int)
    if extra:
        problems.add(array, f"ratings go from {low} to {high}; {', '.join(extra)} is out of range")
    return tuple(sorted(labels, key=lambda label: label.rating))


# --------------------------------------------------------------------------- one reader per file


def _read_abilities(
    directory: Path,
) -> tuple[
    tuple[Attribute, ...],
    tuple[RatingLabel, ...],
    tuple[PrimaryAbility, ...],
    tuple[RatingLabel, ...],
    tuple[SecondaryAbilityExample, ...],
]:
    doc, problems = _open(directory, "abilities.toml")
    arrays = ("attributes", "attribute_ratings", "abilities", "ability_ranks", "secondary_examples")
    _check_top_level(doc, problems, arrays)

    attributes = _read_array(
        doc,
        problems,
        "attributes",
        lambda t: Attribute(
            id=t.choice("id", ATTRIBUTES), name=t.text("name"), description=t.text("description")
        ),
    )
    _check_exactly(problems, "attributes", [a.id for a in attributes], ATTRIBUTES)

    abilities = _read_array(
        doc,
        problems,
        "abilities",
        lambda t: PrimaryAbility(
            id=t.choice("id", PRIMARY_ABILITIES),
            name=t.text("name"),
            description=t.text("description"),
        ),
    )
    _check_exactly(problems, "abilities", [a.id for a in abilities], PRIMARY_ABILITIES)

    # Attributes run 1–5; Abilities 0–5 plus the 6th rank of Seasoned and above ("Abilities").
    attribute_ratings = _ratings(doc, problems, "attribute_ratings", 1, 5)
    ability_ranks = _ratings(doc, problems, "ability_ranks", 0, 6)

    secondary = _read_array(
        doc,
        problems,
        "secondary_examples",
        lambda t: SecondaryAbilityExample(
            name=t.text("name"),
            related=t.choice("related", PRIMARY_ABILITIES),
            description=t.text("description"),
        ),
        required=False,
    )
    problems.raise_if_any()
    return (
        tuple(sorted(attributes, key=lambda a: ATTRIBUTES.index(a.id))),
        attribute_ratings,
        tuple(sorted(abilities, key=lambda a: PRIMARY_ABILITIES.index(a.id))),
        ability_ranks,
        tuple(secondary),
    )


def _read_limits(directory: Path) -> tuple[LimitOption, ...]:
    doc, problems = _open(directory, "limits.toml")
    _check_top_level(doc, problems, ("default", "alternative"))

    def build(default: bool) -> Callable[[_Table], LimitOption]:
        def limit(t: _Table) -> LimitOption:
            return LimitOption(
                id=t.ident(),
                name=t.text("name"),
                trigger=t.text("trigger"),
                default=default,
                suits=t.text("suits", required=not default),
            )

        return limit

    defaults = _read_array(doc, problems, "default", build(True))
    alternatives = _read_array(doc, problems, "alternative", build(False), required=False)
    raw_defaults = doc.get("default")
    if isinstance(raw_defaults, list) and len(raw_defaults) != 3:
        # A contractor starts with exactly three Limits ("Limits").
        problems.add("default", f"there must be exactly 3 default Limits, not {len(raw_defaults)}")
    _check_unique_ids(problems, {"default": defaults, "alternative": alternatives})
    problems.raise_if_any()
    return (*defaults, *alternatives)


def _movement(t: _Table) -> Fraction | None:
    value = t.get("movement")
    if value is None:
        return None
    try:
        fraction = Fraction(value) if isinstance(value, str) else None
    except (ValueError, ZeroDivisionError):
        fraction = None
    if fraction is None or not 0 < fraction <= 1:
        t.problem(f'movement must be a fraction of speed such as "1/2", not {value!r}')
        return None
    return fraction


def _read_scars(directory: Path) -> tuple[tuple[ScarTierInfo, ...], tuple[StockBattleScar, ...]]:
    doc, problems = _open(directory, "scars.toml")
    _check_top_level(doc, problems, ("tiers", "scars"))
    tier_ids = [str(t) for t in ScarTier]

    tiers = _read_array(
        doc,
        problems,
        "tiers",
        lambda t: ScarTierInfo(
            tier=ScarTier(t.choice("id", tier_ids) or ScarTier.MINOR),
            name=t.text("name"),
            min_severity=t.integer("min_severity", minimum=1),
        ),
    )
    _check_exactly(problems, "tiers", [str(t.tier) for t in tiers], tier_ids)
    ordered = sorted(tiers, key=lambda t: tier_ids.index(t.tier))
    severities = [t.min_severity for t in ordered]
    if severities != sorted(set(severities)):
        problems.add("tiers", "min_severity must rise from minor to major to severe to extreme")

    scars = _read_array(
        doc,
        problems,
        "scars",
        lambda t: StockBattleScar(
            id=t.ident(),
            name=t.text("name"),
            tier=ScarTier(t.choice("tier", tier_ids) or ScarTier.MINOR),
            system=t.text("system"),
            penalty_floor=t.integer("penalty_floor", minimum=0, default=0),
            movement=_movement(t),
        ),
    )
    _check_unique_ids(problems, {"scars": scars})
    problems.raise_if_any()
    return tuple(ordered), tuple(scars)


TRAUMA_TYPES = ("delusion", "compulsion", "phobia")
"""The three stock Trauma types ("Stock Traumas")."""


def _read_traumas(directory: Path) -> tuple[StockTrauma, ...]:
    doc, problems = _open(directory, "traumas.toml")
    _check_top_level(doc, problems, ("templates", "traumas"))

    def template(t: _Table) -> StockTrauma:
        kind = t.choice("id", TRAUMA_TYPES)
        return StockTrauma(
            id=kind,
            name=t.text("name"),
            system=t.text("system"),
            template=True,
            type=kind,
            detail_label=t.text("detail_label"),
        )

    templates = _read_array(doc, problems, "templates", template)
    _check_exactly(problems, "templates", [t.id for t in templates], TRAUMA_TYPES)

    def stock(t: _Table) -> StockTrauma:
        kind = t.choice("type", TRAUMA_TYPES) if "type" in t.raw else ""
        return StockTrauma(
            id=t.ident(),
            name=t.text("name"),
            system=t.text("system"),
            type=kind,
            detail_label=t.text("detail_label", required=False),
        )

    traumas = _read_array(doc, problems, "traumas", stock)
    _check_unique_ids(problems, {"templates": templates, "traumas": traumas})
    problems.raise_if_any()
    return (*templates, *traumas)


def _read_conditions(
    directory: Path,
) -> tuple[tuple[StockCondition, ...], tuple[StockCondition, ...], tuple[StockTrophy, ...]]:
    doc, problems = _open(directory, "conditions.toml")
    _check_top_level(doc, problems, ("conditions", "circumstances", "trophies"))
    polarities = [str(p) for p in Polarity]

    def condition(t: _Table) -> StockCondition:
        return StockCondition(
            id=t.ident(),
            name=t.text("name"),
            polarity=Polarity(t.choice("polarity", polarities) or Polarity.MIXED),
            system=t.text("system"),
        )

    conditions = _read_array(doc, problems, "conditions", condition)
    circumstances = _read_array(doc, problems, "circumstances", condition)
    trophies = _read_array(
        doc,
        problems,
        "trophies",
        lambda t: StockTrophy(id=t.ident(), name=t.text("name"), system=t.text("system")),
    )
    _check_unique_ids(
        problems,
        {"conditions": conditions, "circumstances": circumstances, "trophies": trophies},
    )
    problems.raise_if_any()
    return tuple(conditions), tuple(circumstances), tuple(trophies)


def _read_loose_ends(
    directory: Path,
) -> tuple[tuple[ThreatLevelInfo, ...], tuple[LooseEndExample, ...]]:
    doc, problems = _open(directory, "loose_ends.toml")
    _check_top_level(doc, problems, ("threat_levels", "examples"))
    level_ids = [str(level) for level in ThreatLevel]

    levels = _read_array(
        doc,
        problems,
        "threat_levels",
        lambda t: ThreatLevelInfo(
            level=ThreatLevel(t.choice("id", level_ids) or ThreatLevel.DANGEROUS),
            name=t.text("name"),
            meaning=t.text("meaning"),
        ),
    )
    _check_exactly(problems, "threat_levels", [str(x.level) for x in levels], level_ids)

    examples = _read_array(
        doc,
        problems,
        "examples",
        lambda t: LooseEndExample(
            id=t.ident(),
            title=t.text("title"),
            threat_level=ThreatLevel(t.choice("threat_level", level_ids) or ThreatLevel.DANGEROUS),
            cutoff=t.integer("cutoff", minimum=1),
            threat=t.text("threat"),
        ),
        label_key="title",
        required=False,
    )
    seen: set[str] = set()
    for example in examples:
        if example.id in seen:
            problems.add(f"examples {example.title!r}", f"id {example.id!r} is used twice")
        seen.add(example.id)
    problems.raise_if_any()
    return tuple(sorted(levels, key=lambda x: level_ids.index(x.level))), tuple(examples)


def _read_concept(directory: Path) -> dict[str, tuple[str, ...]]:
    doc, problems = _open(directory, "concept.toml")
    _check_top_level(doc, problems, CONCEPT_TABLES)
    tables: dict[str, tuple[str, ...]] = {}
    for name in CONCEPT_TABLES:
        raw = doc.get(name)
        if not isinstance(raw, list) or not raw:
            problems.add("", f"{name} must be a non-empty array of text")
            tables[name] = ()
            continue
        entries: list[str] = []
        for i, entry in enumerate(raw):
            if not isinstance(entry, str) or not entry.strip():
                problems.add(f"{name}[{i}]", "must be non-empty text")
            elif entry.strip() in entries:
                problems.add(f"{name}[{i}] {entry.strip()!r}", "is listed twice")
            else:
                entries.append(entry.strip())
        tables[name] = tuple(entries)
    problems.raise_if_any()
    return tables


def _read_assets(
    directory: Path,
    scars: Sequence[StockBattleScar],
    traumas: Sequence[StockTrauma],
    loose_ends: Sequence[LooseEndExample],
) -> tuple[tuple[AssetOption, ...], tuple[AssetOption, ...]]:
    """Read assets.toml, resolving the Battle Scars, Traumas and Loose Ends it names."""
    doc, problems = _open(directory, "assets.toml")
    _check_top_level(doc, problems, ("assets", "liabilities"))
    categories = [str(c) for c in AssetCategory]
    grant_kinds = [str(k) for k in GrantKind]
    targets: dict[GrantKind, tuple[str, dict[str, str]]] = {
        GrantKind.BATTLE_SCAR: ("scars.toml", {s.id: s.name for s in scars}),
        GrantKind.TRAUMA: ("traumas.toml", {t.id: t.name for t in traumas}),
        GrantKind.LOOSE_END: ("loose_ends.toml", {x.id: x.title for x in loose_ends}),
    }
    scar_ids = {s.id for s in scars}

    def grant(t: _Table, kind_of_entry: AssetKind) -> Grant:
        kind = GrantKind(t.choice("kind", grant_kinds) or GrantKind.CONDITION)
        if kind in (GrantKind.CONDITION, GrantKind.CIRCUMSTANCE):
            result = Grant(kind=kind, name=t.text("name"))
            if "ref" in t.raw:
                t.problem(f"a {kind} grant takes a name, not a ref")
            t.finish()
            return result
        ref = t.ident("ref")
        if "name" in t.raw:
            t.problem(f"a {kind} grant takes a ref to its catalog entry, not a name")
        if kind in _LIABILITY_ONLY_GRANTS and kind_of_entry is AssetKind.ASSET:
            t.problem(f"an Asset cannot grant a {kind}; only Liabilities do")
        file, known = targets[kind]
        if ref and ref not in known:
            t.problem(f"names {kind} {ref!r}, which {file} does not have{_suggest(ref, known)}")
        t.finish()
        return Grant(kind=kind, name=known.get(ref, ""), ref=ref)

    def build(kind: AssetKind) -> Callable[[_Table], AssetOption]:
        def option(t: _Table) -> AssetOption:
            takes_detail = t.flag("takes_detail")
            detail_label = t.text("detail_label", required=takes_detail)
            if detail_label and not takes_detail:
                t.problem("detail_label is set but takes_detail is not true")
            gift_credits = t.integer("gift_credits", minimum=0, default=0)
            if gift_credits and kind is AssetKind.LIABILITY:
                t.problem("gift_credits: only Assets grant Gift Credits")
            suppressed_by = t.text_list("suppressed_by")
            for scar in suppressed_by:
                if scar not in scar_ids:
                    t.problem(
                        f"suppressed_by names Battle Scar {scar!r}, which scars.toml "
                        f"does not have{_suggest(scar, scar_ids)}"
                    )
            grant_tables = t.tables("grants")
            grants = tuple(grant(g, kind) for g in grant_tables)
            if not all(g.ok for g in grant_tables):
                t.ok = False
            return AssetOption(
                id=t.ident(),
                name=t.text("name"),
                kind=kind,
                category=AssetCategory(t.choice("category", categories) or AssetCategory.MENTAL),
                value=t.integer("value", minimum=1),
                system=t.text("system"),
                restricted=t.flag("restricted"),
                takes_detail=takes_detail,
                detail_label=detail_label,
                gift_credits=gift_credits,
                grants=grants,
                suppressed_by=suppressed_by,
            )

        return option

    assets = _read_array(doc, problems, "assets", build(AssetKind.ASSET))
    liabilities = _read_array(doc, problems, "liabilities", build(AssetKind.LIABILITY))
    _check_unique_ids(problems, {"assets": assets, "liabilities": liabilities})
    problems.raise_if_any()
    return tuple(assets), tuple(liabilities)


# =========================================================================== entry point


@functools.cache
def load_sheet_catalog(directory: Path | None = None) -> SheetCatalog:
    """Read and check the sheet catalog in ``directory`` (default: the shipped one), once.

    Raises :class:`CatalogError` naming the file, the entry and the problem.
    The result is cached per directory; call ``load_sheet_catalog.cache_clear()``
    after editing files in place.
    """
    folder = SHEET_DIR if directory is None else Path(directory)
    attributes, attribute_ratings, abilities, ability_ranks, secondary = _read_abilities(folder)
    limits = _read_limits(folder)
    scar_tiers, scars = _read_scars(folder)
    traumas = _read_traumas(folder)
    conditions, circumstances, trophies = _read_conditions(folder)
    threat_levels, loose_ends = _read_loose_ends(folder)
    concept = _read_concept(folder)
    assets, liabilities = _read_assets(folder, scars, traumas, loose_ends)
    return SheetCatalog(
        attributes=attributes,
        attribute_ratings=attribute_ratings,
        abilities=abilities,
        ability_ranks=ability_ranks,
        secondary_examples=secondary,
        limits=limits,
        assets=assets,
        liabilities=liabilities,
        scar_tiers=scar_tiers,
        battle_scars=scars,
        traumas=traumas,
        conditions=conditions,
        circumstances=circumstances,
        trophies=trophies,
        threat_levels=threat_levels,
        loose_ends=loose_ends,
        archetypes=concept["archetypes"],
        paradigms=concept["paradigms"],
        ambitions=concept["ambitions"],
    )
