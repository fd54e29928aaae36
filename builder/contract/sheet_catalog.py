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
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any, ClassVar, Self

from pydantic import AfterValidator, Field, model_validator

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
from builder.core.catalog import (
    CatalogFileError,
    CatalogModel,
    FileProblems,
    Ident,
    OptionalText,
    Positive,
    Text,
    Whole,
    catalog_error,
    did_you_mean,
    one_of,
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
    shape: type[_AttributeRating | _AbilityRank],
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


# --------------------------------------------------------------------------- shapes of the entries

TRAUMA_TYPES = ("delusion", "compulsion", "phobia")
"""The three stock Trauma types ("Stock Traumas")."""

_SCAR_TIERS = [str(t) for t in ScarTier]
_THREAT_LEVELS = [str(level) for level in ThreatLevel]


class _AttributeShape(CatalogModel):
    id: Annotated[Text, one_of(ATTRIBUTES)]
    name: Text
    description: Text


class _AbilityShape(CatalogModel):
    id: Annotated[Text, one_of(PRIMARY_ABILITIES)]
    name: Text
    description: Text


class _AttributeRating(CatalogModel):
    """An Attribute rating's label: Attributes run 1–5."""

    rating: Positive
    label: Text


class _AbilityRank(CatalogModel):
    """An Ability rank's label: 0–5 plus the 6th rank of Seasoned and above ("Abilities")."""

    rating: Whole
    label: Text


class _SecondaryShape(CatalogModel):
    name: Text
    related: Annotated[Text, one_of(PRIMARY_ABILITIES)]
    description: Text


class _LimitShape(CatalogModel):
    """A ``[[default]]`` Limit: the three every contractor starts with."""

    id: Ident
    name: Text
    trigger: Text
    suits: OptionalText = ""

    def value(self, default: bool) -> LimitOption:
        return LimitOption(
            id=self.id, name=self.name, trigger=self.trigger, default=default, suits=self.suits
        )


class _AlternativeLimitShape(_LimitShape):
    """An ``[[alternative]]`` Limit, which says whom it suits."""

    suits: Text


class _TierShape(CatalogModel):
    id: Annotated[Text, one_of(_SCAR_TIERS)]
    name: Text
    min_severity: Positive

    def value(self) -> ScarTierInfo:
        return ScarTierInfo(tier=ScarTier(self.id), name=self.name, min_severity=self.min_severity)


def _fraction_of_speed(value: str) -> str:
    try:
        fraction: Fraction | None = Fraction(value)
    except (ValueError, ZeroDivisionError):
        fraction = None
    if fraction is None or not 0 < fraction <= 1:
        raise catalog_error(f'must be a fraction of speed such as "1/2", not {value!r}')
    return value


class _ScarRollShape(CatalogModel):
    """One ``rolls = [{ applies, dice, dice_max, difficulty }]`` entry of a stock scar."""

    applies: Text
    dice: Whole = 0
    dice_max: Whole | None = None
    difficulty: Whole = 0

    @model_validator(mode="after")
    def _dice_or_difficulty(self) -> Self:
        if self.dice_max is not None and self.dice_max < self.dice:
            raise catalog_error(f"dice_max must be a whole number of at least {self.dice}")
        if not self.dice and not self.difficulty:
            raise catalog_error("a scar roll needs dice or difficulty")
        return self

    def value(self) -> ScarRoll:
        dice_max = self.dice if self.dice_max is None else self.dice_max
        return ScarRoll(
            applies=self.applies, dice=self.dice, dice_max=dice_max, difficulty=self.difficulty
        )


class _ScarShape(CatalogModel):
    id: Ident
    name: Text
    tier: Annotated[Text, one_of(_SCAR_TIERS)]
    system: Text
    penalty_floor: Whole = 0
    movement: Annotated[str, AfterValidator(_fraction_of_speed)] | None = None
    rolls: list[_ScarRollShape] = Field(default_factory=list)
    no_sprint: bool = False

    def value(self) -> StockBattleScar:
        return StockBattleScar(
            id=self.id,
            name=self.name,
            tier=ScarTier(self.tier),
            system=self.system,
            penalty_floor=self.penalty_floor,
            movement=None if self.movement is None else Fraction(self.movement),
            rolls=tuple(r.value() for r in self.rolls),
            no_sprint=self.no_sprint,
        )


class _TraumaTemplateShape(CatalogModel):
    """One of the three Trauma types, which the player fills in."""

    id: Annotated[Text, one_of(TRAUMA_TYPES)]
    name: Text
    system: Text
    detail_label: Text

    def value(self) -> StockTrauma:
        return StockTrauma(
            id=self.id,
            name=self.name,
            system=self.system,
            template=True,
            type=self.id,
            detail_label=self.detail_label,
        )


class _TraumaShape(CatalogModel):
    id: Ident
    name: Text
    system: Text
    type: Annotated[Text, one_of(TRAUMA_TYPES)] = ""
    detail_label: OptionalText = ""

    def value(self) -> StockTrauma:
        return StockTrauma(**self.model_dump())


class _ConditionShape(CatalogModel):
    id: Ident
    name: Text
    polarity: Annotated[Text, one_of([str(p) for p in Polarity])]
    system: Text

    def value(self) -> StockCondition:
        return StockCondition(
            id=self.id, name=self.name, polarity=Polarity(self.polarity), system=self.system
        )


class _TrophyShape(CatalogModel):
    id: Ident
    name: Text
    system: Text


class _ThreatLevelShape(CatalogModel):
    id: Annotated[Text, one_of(_THREAT_LEVELS)]
    name: Text
    meaning: Text

    def value(self) -> ThreatLevelInfo:
        return ThreatLevelInfo(level=ThreatLevel(self.id), name=self.name, meaning=self.meaning)


class _LooseEndShape(CatalogModel):
    id: Ident
    title: Text
    threat_level: Annotated[Text, one_of(_THREAT_LEVELS)]
    cutoff: Positive
    threat: Text

    def value(self) -> LooseEndExample:
        return LooseEndExample(
            **{**self.model_dump(), "threat_level": ThreatLevel(self.threat_level)}
        )


class _GrantShape(CatalogModel):
    """What taking an Asset or Liability adds to the sheet: a named Condition or
    Circumstance, or a ``ref`` to a Battle Scar, Trauma or Loose End of the catalog."""

    kind: Annotated[Text, one_of([str(k) for k in GrantKind])]
    name: Text | None = None
    ref: Ident | None = None

    @model_validator(mode="after")
    def _name_or_ref(self) -> Self:
        kind = GrantKind(self.kind)
        if kind in (GrantKind.CONDITION, GrantKind.CIRCUMSTANCE):
            if self.ref is not None:
                raise catalog_error(f"a {kind} grant takes a name, not a ref")
            if self.name is None:
                raise catalog_error("missing 'name'")
        else:
            if self.name is not None:
                raise catalog_error(f"a {kind} grant takes a ref to its catalog entry, not a name")
            if self.ref is None:
                raise catalog_error("missing 'ref'")
        return self


class _AssetGrantShape(_GrantShape):
    """A grant of an Asset, which may not be one only Liabilities give."""

    @model_validator(mode="after")
    def _not_liability_only(self) -> Self:
        if GrantKind(self.kind) in LIABILITY_ONLY_GRANTS:
            raise catalog_error(f"an Asset cannot grant a {self.kind}; only Liabilities do")
        return self


class _LiabilityShape(CatalogModel):
    """A ``[[liabilities]]`` entry (and, through :class:`_AssetShape`, an Asset)."""

    grants_gift_credits: ClassVar[bool] = False
    """Only Assets grant Gift Credits."""

    id: Ident
    name: Text
    category: Annotated[Text, one_of([str(c) for c in AssetCategory])]
    value: Positive
    system: Text
    restricted: bool = False
    takes_detail: bool = False
    detail_label: OptionalText | None = None
    gift_credits: Whole = 0
    grants: list[_GrantShape] = Field(default_factory=list)
    suppressed_by: list[Text] = Field(default_factory=list)

    @model_validator(mode="after")
    def _detail_and_credits(self) -> Self:
        if self.takes_detail and self.detail_label is None:
            raise catalog_error("missing 'detail_label'")
        if self.takes_detail and not self.detail_label:
            raise catalog_error("detail_label must be non-empty text")
        if self.detail_label and not self.takes_detail:
            raise catalog_error("detail_label is set but takes_detail is not true")
        if self.gift_credits and not self.grants_gift_credits:
            raise catalog_error("gift_credits: only Assets grant Gift Credits")
        return self

    def option(self, kind: AssetKind, grants: tuple[Grant, ...]) -> AssetOption:
        return AssetOption(
            id=self.id,
            name=self.name,
            kind=kind,
            category=AssetCategory(self.category),
            value=self.value,
            system=self.system,
            restricted=self.restricted,
            takes_detail=self.takes_detail,
            detail_label=self.detail_label or "",
            gift_credits=self.gift_credits,
            grants=grants,
            suppressed_by=tuple(self.suppressed_by),
        )


class _AssetShape(_LiabilityShape):
    """An ``[[assets]]`` entry: its grants may not be the Liability-only kinds."""

    grants_gift_credits: ClassVar[bool] = True
    grants: list[_AssetGrantShape] = Field(default_factory=list)  # type: ignore[assignment]


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
        Attribute(**a.model_dump()) for a in problems.read_array(doc, "attributes", _AttributeShape)
    ]
    _check_exactly(problems, "attributes", [a.id for a in attributes], ATTRIBUTES)
    abilities = [
        PrimaryAbility(**a.model_dump())
        for a in problems.read_array(doc, "abilities", _AbilityShape)
    ]
    _check_exactly(problems, "abilities", [a.id for a in abilities], PRIMARY_ABILITIES)

    # Attributes run 1–5; Abilities 0–5 plus the 6th rank of Seasoned and above ("Abilities").
    attribute_ratings = _ratings(doc, problems, "attribute_ratings", _AttributeRating, 1, 5)
    ability_ranks = _ratings(doc, problems, "ability_ranks", _AbilityRank, 0, 6)

    secondary = [
        SecondaryAbilityExample(**s.model_dump())
        for s in problems.read_array(doc, "secondary_examples", _SecondaryShape, required=False)
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
    defaults = [x.value(True) for x in problems.read_array(doc, "default", _LimitShape)]
    alternatives = [
        x.value(False)
        for x in problems.read_array(doc, "alternative", _AlternativeLimitShape, required=False)
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
    tiers = [t.value() for t in problems.read_array(doc, "tiers", _TierShape)]
    _check_exactly(problems, "tiers", [str(t.tier) for t in tiers], _SCAR_TIERS)
    ordered = sorted(tiers, key=lambda t: _SCAR_TIERS.index(t.tier))
    severities = [t.min_severity for t in ordered]
    if severities != sorted(set(severities)):
        problems.add("tiers", "min_severity must rise from minor to major to severe to extreme")

    scars = [s.value() for s in problems.read_array(doc, "scars", _ScarShape)]
    _check_unique_ids(problems, {"scars": scars})
    problems.raise_if_any()
    return tuple(ordered), tuple(scars)


def _read_traumas(directory: Path) -> tuple[StockTrauma, ...]:
    doc, problems = _open(directory, "traumas.toml")
    problems.check_top_level(doc, ("templates", "traumas"))
    templates = [t.value() for t in problems.read_array(doc, "templates", _TraumaTemplateShape)]
    _check_exactly(problems, "templates", [t.id for t in templates], TRAUMA_TYPES)
    traumas = [t.value() for t in problems.read_array(doc, "traumas", _TraumaShape)]
    _check_unique_ids(problems, {"templates": templates, "traumas": traumas})
    problems.raise_if_any()
    return (*templates, *traumas)


def _read_conditions(
    directory: Path,
) -> tuple[tuple[StockCondition, ...], tuple[StockCondition, ...], tuple[StockTrophy, ...]]:
    doc, problems = _open(directory, "conditions.toml")
    problems.check_top_level(doc, ("conditions", "circumstances", "trophies"))
    conditions = [c.value() for c in problems.read_array(doc, "conditions", _ConditionShape)]
    circumstances = [c.value() for c in problems.read_array(doc, "circumstances", _ConditionShape)]
    trophies = [
        StockTrophy(**t.model_dump()) for t in problems.read_array(doc, "trophies", _TrophyShape)
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
    levels = [x.value() for x in problems.read_array(doc, "threat_levels", _ThreatLevelShape)]
    _check_exactly(problems, "threat_levels", [str(x.level) for x in levels], _THREAT_LEVELS)
    examples = [
        x.value()
        for x in problems.read_array(
            doc, "examples", _LooseEndShape, label_key="title", required=False
        )
    ]
    seen: set[str] = set()
    for example in examples:
        if example.id in seen:
            problems.add(f"examples {example.title!r}", f"id {example.id!r} is used twice")
        seen.add(example.id)
    problems.raise_if_any()
    return tuple(sorted(levels, key=lambda x: _THREAT_LEVELS.index(x.level))), tuple(examples)


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

    def resolve(where: str, shape: _LiabilityShape, kind: AssetKind) -> AssetOption:
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
        ("assets", _AssetShape, AssetKind.ASSET),
        ("liabilities", _LiabilityShape, AssetKind.LIABILITY),
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
