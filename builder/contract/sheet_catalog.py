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

Problems are collected per file, so one run reports every mistake in the
file it stopped at. Nothing read from a file is ever executed.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    ScarTier,
    ThreatLevel,
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
from builder.core.catalog import CatalogFileError, FileProblems, Table, did_you_mean, read_toml
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
    doc: Mapping[str, Any], problems: _FileProblems, array: str, low: int, high: int
) -> tuple[RatingLabel, ...]:
    def build(t: Table) -> RatingLabel:
        return RatingLabel(rating=t.integer("rating", minimum=low), label=t.text("label"))

    labels = problems.read_array(doc, array, build, label_key="label")
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

    attributes = problems.read_array(
        doc,
        "attributes",
        lambda t: Attribute(
            id=t.choice("id", ATTRIBUTES), name=t.text("name"), description=t.text("description")
        ),
    )
    _check_exactly(problems, "attributes", [a.id for a in attributes], ATTRIBUTES)

    abilities = problems.read_array(
        doc,
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

    secondary = problems.read_array(
        doc,
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
    problems.check_top_level(doc, ("default", "alternative"))

    def build(default: bool) -> Callable[[Table], LimitOption]:
        def limit(t: Table) -> LimitOption:
            return LimitOption(
                id=t.ident(),
                name=t.text("name"),
                trigger=t.text("trigger"),
                default=default,
                suits=t.text("suits", required=not default),
            )

        return limit

    defaults = problems.read_array(doc, "default", build(True))
    alternatives = problems.read_array(doc, "alternative", build(False), required=False)
    raw_defaults = doc.get("default")
    if isinstance(raw_defaults, list) and len(raw_defaults) != 3:
        # A contractor starts with exactly three Limits ("Limits").
        problems.add("default", f"there must be exactly 3 default Limits, not {len(raw_defaults)}")
    _check_unique_ids(problems, {"default": defaults, "alternative": alternatives})
    problems.raise_if_any()
    return (*defaults, *alternatives)


def _movement(t: Table) -> Fraction | None:
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


def _scar_roll(t: Table) -> ScarRoll:
    """One ``rolls = [{ applies, dice, dice_max, difficulty }]`` entry of a stock scar."""
    dice = t.integer("dice", minimum=0, default=0)
    roll = ScarRoll(
        applies=t.text("applies"),
        dice=dice,
        dice_max=t.integer("dice_max", minimum=dice, default=dice),
        difficulty=t.integer("difficulty", minimum=0, default=0),
    )
    if not roll.dice and not roll.difficulty:
        t.problem("a scar roll needs dice or difficulty")
    t.finish()
    return roll


def _read_scars(directory: Path) -> tuple[tuple[ScarTierInfo, ...], tuple[StockBattleScar, ...]]:
    doc, problems = _open(directory, "scars.toml")
    problems.check_top_level(doc, ("tiers", "scars"))
    tier_ids = [str(t) for t in ScarTier]

    tiers = problems.read_array(
        doc,
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

    scars = problems.read_array(
        doc,
        "scars",
        lambda t: StockBattleScar(
            id=t.ident(),
            name=t.text("name"),
            tier=ScarTier(t.choice("tier", tier_ids) or ScarTier.MINOR),
            system=t.text("system"),
            penalty_floor=t.integer("penalty_floor", minimum=0, default=0),
            movement=_movement(t),
            rolls=tuple(_scar_roll(r) for r in t.tables("rolls")),
            no_sprint=t.flag("no_sprint"),
        ),
    )
    _check_unique_ids(problems, {"scars": scars})
    problems.raise_if_any()
    return tuple(ordered), tuple(scars)


TRAUMA_TYPES = ("delusion", "compulsion", "phobia")
"""The three stock Trauma types ("Stock Traumas")."""


def _read_traumas(directory: Path) -> tuple[StockTrauma, ...]:
    doc, problems = _open(directory, "traumas.toml")
    problems.check_top_level(doc, ("templates", "traumas"))

    def template(t: Table) -> StockTrauma:
        kind = t.choice("id", TRAUMA_TYPES)
        return StockTrauma(
            id=kind,
            name=t.text("name"),
            system=t.text("system"),
            template=True,
            type=kind,
            detail_label=t.text("detail_label"),
        )

    templates = problems.read_array(doc, "templates", template)
    _check_exactly(problems, "templates", [t.id for t in templates], TRAUMA_TYPES)

    def stock(t: Table) -> StockTrauma:
        kind = t.choice("type", TRAUMA_TYPES) if "type" in t.raw else ""
        return StockTrauma(
            id=t.ident(),
            name=t.text("name"),
            system=t.text("system"),
            type=kind,
            detail_label=t.text("detail_label", required=False),
        )

    traumas = problems.read_array(doc, "traumas", stock)
    _check_unique_ids(problems, {"templates": templates, "traumas": traumas})
    problems.raise_if_any()
    return (*templates, *traumas)


def _read_conditions(
    directory: Path,
) -> tuple[tuple[StockCondition, ...], tuple[StockCondition, ...], tuple[StockTrophy, ...]]:
    doc, problems = _open(directory, "conditions.toml")
    problems.check_top_level(doc, ("conditions", "circumstances", "trophies"))
    polarities = [str(p) for p in Polarity]

    def condition(t: Table) -> StockCondition:
        return StockCondition(
            id=t.ident(),
            name=t.text("name"),
            polarity=Polarity(t.choice("polarity", polarities) or Polarity.MIXED),
            system=t.text("system"),
        )

    conditions = problems.read_array(doc, "conditions", condition)
    circumstances = problems.read_array(doc, "circumstances", condition)
    trophies = problems.read_array(
        doc,
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
    problems.check_top_level(doc, ("threat_levels", "examples"))
    level_ids = [str(level) for level in ThreatLevel]

    levels = problems.read_array(
        doc,
        "threat_levels",
        lambda t: ThreatLevelInfo(
            level=ThreatLevel(t.choice("id", level_ids) or ThreatLevel.DANGEROUS),
            name=t.text("name"),
            meaning=t.text("meaning"),
        ),
    )
    _check_exactly(problems, "threat_levels", [str(x.level) for x in levels], level_ids)

    examples = problems.read_array(
        doc,
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


def _read_assets(  # noqa: C901  (complexity 14 when the limits came in)
    directory: Path,
    scars: Sequence[StockBattleScar],
    traumas: Sequence[StockTrauma],
    loose_ends: Sequence[LooseEndExample],
) -> tuple[tuple[AssetOption, ...], tuple[AssetOption, ...]]:
    """Read assets.toml, resolving the Battle Scars, Traumas and Loose Ends it names."""
    doc, problems = _open(directory, "assets.toml")
    problems.check_top_level(doc, ("assets", "liabilities"))
    categories = [str(c) for c in AssetCategory]
    grant_kinds = [str(k) for k in GrantKind]
    targets: dict[GrantKind, tuple[str, dict[str, str]]] = {
        GrantKind.BATTLE_SCAR: ("scars.toml", {s.id: s.name for s in scars}),
        GrantKind.TRAUMA: ("traumas.toml", {t.id: t.name for t in traumas}),
        GrantKind.LOOSE_END: ("loose_ends.toml", {x.id: x.title for x in loose_ends}),
    }
    scar_ids = {s.id for s in scars}

    def grant(t: Table, kind_of_entry: AssetKind) -> Grant:
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
        if kind in LIABILITY_ONLY_GRANTS and kind_of_entry is AssetKind.ASSET:
            t.problem(f"an Asset cannot grant a {kind}; only Liabilities do")
        file, known = targets[kind]
        if ref and ref not in known:
            t.problem(f"names {kind} {ref!r}, which {file} does not have{did_you_mean(ref, known)}")
        t.finish()
        return Grant(kind=kind, name=known.get(ref, ""), ref=ref)

    def build(kind: AssetKind) -> Callable[[Table], AssetOption]:
        def option(t: Table) -> AssetOption:
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
                        f"does not have{did_you_mean(scar, scar_ids)}"
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

    assets = problems.read_array(doc, "assets", build(AssetKind.ASSET))
    liabilities = problems.read_array(doc, "liabilities", build(AssetKind.LIABILITY))
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
