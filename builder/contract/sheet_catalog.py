"""The sheet catalog: the reference lists a character sheet picks from.

Attributes and Primary Abilities with their rating labels, Limits, Assets and
Liabilities, stock Battle Scars and Traumas, example Conditions,
Circumstances, Trophies and Loose Ends, the Threat levels, and the random
concept tables (Archetype, Paradigm, Ambition). The data lives in TOML files
under ``resources/sheet/`` (never code); this module reads them once, checks
every entry, and returns the frozen values of ``builder.contract.stock``
(re-exported here so callers can import them from either module).

A broken file raises :class:`CatalogError`, whose message names the file,
the entry and the problem, one line per problem::

    assets.toml: liabilities[3] 'One Eye': value must be a positive integer

Each entry's shape (its keys, their types and choices, the rules between its
fields) is a pydantic model; problems are collected per file, so one run
reports every mistake in the file it stopped at. Nothing read from a file is ever executed.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
)
from builder.contract.sheet_shapes import (
    SCAR_TIERS,
    THREAT_LEVELS,
    TRAUMA_TYPES,
    AbilityRank,
    AbilityShape,
    AlternativeLimitShape,
    AssetShape,
    AttributeRating,
    AttributeShape,
    ConditionShape,
    LiabilityShape,
    LimitShape,
    LooseEndShape,
    ScarShape,
    SecondaryShape,
    ThreatLevelShape,
    TierShape,
    TraumaShape,
    TraumaTemplateShape,
    TrophyShape,
)
from builder.contract.stock import (
    CATEGORY_NAMES,
    CONCEPT_TABLES,
    LIABILITY_ONLY_GRANTS,
    AssetCategory,
    AssetOption,
    Attribute,
    Grant,
    GrantKind,
    LimitOption,
    LooseEndExample,
    Polarity,
    PrimaryAbility,
    RatingLabel,
    ScarRoll,
    ScarTierInfo,
    SecondaryAbilityExample,
    SheetCatalog,
    StockBattleScar,
    StockCondition,
    StockTrauma,
    StockTrophy,
    ThreatLevelInfo,
)
from builder.core.catalog import (
    CatalogFileError,
    FileProblems,
    did_you_mean,
    read_toml,
)
from resources import resource_path

__all__ = [
    "CATEGORY_NAMES",
    "CONCEPT_TABLES",
    "LIABILITY_ONLY_GRANTS",
    "MAX_FILE_BYTES",
    "SHEET_DIR",
    "TRAUMA_TYPES",
    "AssetCategory",
    "AssetOption",
    "Attribute",
    "CatalogError",
    "Grant",
    "GrantKind",
    "LimitOption",
    "LooseEndExample",
    "Polarity",
    "PrimaryAbility",
    "RatingLabel",
    "ScarRoll",
    "ScarTierInfo",
    "SecondaryAbilityExample",
    "SheetCatalog",
    "StockBattleScar",
    "StockCondition",
    "StockTrauma",
    "StockTrophy",
    "ThreatLevelInfo",
    "load_sheet_catalog",
]

SHEET_DIR = resource_path("sheet")
"""Where the shipped sheet catalog lives."""

MAX_FILE_BYTES = 1024 * 1024  # the shipped files are a few kB; refuse anything absurd


class CatalogError(Exception):
    """A catalog file is missing or wrong; ``problems`` holds one line per mistake."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        super().__init__("\n".join(self.problems))


class _FileProblems(FileProblems):
    """The problems of one sheet catalog file, raised together as a :class:`CatalogError`."""

    def raise_if_any(self) -> None:
        if self.all.items:
            raise CatalogError(self.all.lines())


def _open(directory: Path, file: str) -> tuple[dict[str, Any], _FileProblems]:
    """Parse one TOML file of the catalog; a missing or unreadable file is fatal at once."""
    try:
        doc = read_toml(directory / file, limit=MAX_FILE_BYTES)
    except CatalogFileError as exc:
        raise CatalogError([f"{file}: {exc.reason}"]) from None
    return doc, _FileProblems(file)


def _check_unique_ids(problems: _FileProblems, groups: Mapping[str, Sequence[Any]]) -> None:
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
    problems: _FileProblems, where: str, found: Sequence[str], expected: Sequence[str]
) -> None:
    """``found`` must hold each of ``expected`` exactly once (code relies on the full set)."""
    missing = [e for e in expected if e not in found]
    repeated = sorted({f for f in found if found.count(f) > 1})
    if missing:
        problems.add(where, f"missing {', '.join(missing)}")
    if repeated:
        problems.add(where, f"listed more than once: {', '.join(repeated)}")


def _ratings(
    doc: Mapping[str, Any],
    problems: _FileProblems,
    array: str,
    shape: type[AttributeRating | AbilityRank],
    low: int,
    high: int,
) -> tuple[RatingLabel, ...]:
    labels = [
        RatingLabel(rating=r.rating, label=r.label)
        for r in problems.read_array(doc, array, shape, label_key="label")
    ]
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
    problems.check_top_level(doc, arrays)

    attributes = [
        Attribute(**a.model_dump()) for a in problems.read_array(doc, "attributes", AttributeShape)
    ]
    _check_exactly(problems, "attributes", [a.id for a in attributes], ATTRIBUTES)
    abilities = [
        PrimaryAbility(**a.model_dump())
        for a in problems.read_array(doc, "abilities", AbilityShape)
    ]
    _check_exactly(problems, "abilities", [a.id for a in abilities], PRIMARY_ABILITIES)

    # Attributes run 1–5; Abilities 0–5 plus the 6th rank of Seasoned and above ("Abilities").
    attribute_ratings = _ratings(doc, problems, "attribute_ratings", AttributeRating, 1, 5)
    ability_ranks = _ratings(doc, problems, "ability_ranks", AbilityRank, 0, 6)

    secondary = [
        SecondaryAbilityExample(**s.model_dump())
        for s in problems.read_array(doc, "secondary_examples", SecondaryShape, required=False)
    ]
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
    problems.check_top_level(doc, ("default", "alternative"))
    defaults = [x.value(True) for x in problems.read_array(doc, "default", LimitShape)]
    alternatives = [
        x.value(False)
        for x in problems.read_array(doc, "alternative", AlternativeLimitShape, required=False)
    ]
    raw_defaults = doc.get("default")
    if isinstance(raw_defaults, list) and len(raw_defaults) != 3:
        # A contractor starts with exactly three Limits ("Limits").
        problems.add("default", f"there must be exactly 3 default Limits, not {len(raw_defaults)}")
    _check_unique_ids(problems, {"default": defaults, "alternative": alternatives})
    problems.raise_if_any()
    return (*defaults, *alternatives)


def _read_scars(directory: Path) -> tuple[tuple[ScarTierInfo, ...], tuple[StockBattleScar, ...]]:
    doc, problems = _open(directory, "scars.toml")
    problems.check_top_level(doc, ("tiers", "scars"))
    tiers = [t.value() for t in problems.read_array(doc, "tiers", TierShape)]
    _check_exactly(problems, "tiers", [str(t.tier) for t in tiers], SCAR_TIERS)
    ordered = sorted(tiers, key=lambda t: SCAR_TIERS.index(t.tier))
    severities = [t.min_severity for t in ordered]
    if severities != sorted(set(severities)):
        problems.add("tiers", "min_severity must rise from minor to major to severe to extreme")

    scars = [s.value() for s in problems.read_array(doc, "scars", ScarShape)]
    _check_unique_ids(problems, {"scars": scars})
    problems.raise_if_any()
    return tuple(ordered), tuple(scars)


def _read_traumas(directory: Path) -> tuple[StockTrauma, ...]:
    doc, problems = _open(directory, "traumas.toml")
    problems.check_top_level(doc, ("templates", "traumas"))
    templates = [t.value() for t in problems.read_array(doc, "templates", TraumaTemplateShape)]
    _check_exactly(problems, "templates", [t.id for t in templates], TRAUMA_TYPES)
    traumas = [t.value() for t in problems.read_array(doc, "traumas", TraumaShape)]
    _check_unique_ids(problems, {"templates": templates, "traumas": traumas})
    problems.raise_if_any()
    return (*templates, *traumas)


def _read_conditions(
    directory: Path,
) -> tuple[tuple[StockCondition, ...], tuple[StockCondition, ...], tuple[StockTrophy, ...]]:
    doc, problems = _open(directory, "conditions.toml")
    problems.check_top_level(doc, ("conditions", "circumstances", "trophies"))
    conditions = [c.value() for c in problems.read_array(doc, "conditions", ConditionShape)]
    circumstances = [c.value() for c in problems.read_array(doc, "circumstances", ConditionShape)]
    trophies = [
        StockTrophy(**t.model_dump()) for t in problems.read_array(doc, "trophies", TrophyShape)
    ]
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
    problems.check_top_level(doc, ("threat_levels", "examples"))
    levels = [x.value() for x in problems.read_array(doc, "threat_levels", ThreatLevelShape)]
    _check_exactly(problems, "threat_levels", [str(x.level) for x in levels], THREAT_LEVELS)
    examples = [
        x.value()
        for x in problems.read_array(
            doc, "examples", LooseEndShape, label_key="title", required=False
        )
    ]
    seen: set[str] = set()
    for example in examples:
        if example.id in seen:
            problems.add(f"examples {example.title!r}", f"id {example.id!r} is used twice")
        seen.add(example.id)
    problems.raise_if_any()
    return tuple(sorted(levels, key=lambda x: THREAT_LEVELS.index(x.level))), tuple(examples)


def _read_concept(directory: Path) -> dict[str, tuple[str, ...]]:
    doc, problems = _open(directory, "concept.toml")
    problems.check_top_level(doc, CONCEPT_TABLES)
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
    problems.check_top_level(doc, ("assets", "liabilities"))
    targets: dict[GrantKind, tuple[str, dict[str, str]]] = {
        GrantKind.BATTLE_SCAR: ("scars.toml", {s.id: s.name for s in scars}),
        GrantKind.TRAUMA: ("traumas.toml", {t.id: t.name for t in traumas}),
        GrantKind.LOOSE_END: ("loose_ends.toml", {x.id: x.title for x in loose_ends}),
    }
    scar_ids = {s.id for s in scars}

    def resolve(where: str, shape: LiabilityShape, kind: AssetKind) -> AssetOption:
        """The option with its grants' names looked up; a name the catalog lacks is reported."""
        for scar in shape.suppressed_by:
            if scar not in scar_ids:
                problems.add(
                    where,
                    f"suppressed_by names Battle Scar {scar!r}, which scars.toml "
                    f"does not have{did_you_mean(scar, scar_ids)}",
                )
        grants: list[Grant] = []
        for i, g in enumerate(shape.grants):
            grant_kind = GrantKind(g.kind)
            if g.ref is None:
                grants.append(Grant(kind=grant_kind, name=g.name or ""))
                continue
            file, known = targets[grant_kind]
            if g.ref not in known:
                problems.add(
                    f"{where}: grants[{i}]",
                    f"names {grant_kind} {g.ref!r}, which {file} does not have"
                    f"{did_you_mean(g.ref, known)}",
                )
            grants.append(Grant(kind=grant_kind, name=known.get(g.ref, ""), ref=g.ref))
        return shape.option(kind, tuple(grants))

    found: dict[str, list[AssetOption]] = {}
    for array, shape, kind in (
        ("assets", AssetShape, AssetKind.ASSET),
        ("liabilities", LiabilityShape, AssetKind.LIABILITY),
    ):
        entries = problems.read_entries(doc, array, shape)
        found[array] = [resolve(where, e, kind) for where, e in entries]
    _check_unique_ids(problems, found)
    problems.raise_if_any()
    return tuple(found["assets"]), tuple(found["liabilities"])


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
