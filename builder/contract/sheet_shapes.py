"""The shapes of the sheet catalog's entries, as pydantic models (read by ``sheet_catalog``).

Each model is one TOML table's keys, their types and choices, and the rules
between its fields; ``value()`` turns a checked entry into the frozen value
the rules receive. The file readers and the catalog itself stay in
``sheet_catalog``; these shapes live apart so that module stays readable.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Annotated, ClassVar, Self

from pydantic import AfterValidator, Field, model_validator

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetKind,
    ScarTier,
    ThreatLevel,
)
from builder.contract.stock import (
    LIABILITY_ONLY_GRANTS,
    AssetCategory,
    AssetOption,
    Grant,
    GrantKind,
    LimitOption,
    LooseEndExample,
    Polarity,
    ScarRoll,
    ScarTierInfo,
    StockBattleScar,
    StockCondition,
    StockTrauma,
    ThreatLevelInfo,
)
from builder.core.catalog import (
    CatalogModel,
    Ident,
    OptionalText,
    Positive,
    Text,
    Whole,
    catalog_error,
    one_of,
)

# --------------------------------------------------------------------------- shapes of the entries

TRAUMA_TYPES = ("delusion", "compulsion", "phobia")
"""The three stock Trauma types ("Stock Traumas")."""

SCAR_TIERS = [str(t) for t in ScarTier]
THREAT_LEVELS = [str(level) for level in ThreatLevel]


class AttributeShape(CatalogModel):
    id: Annotated[Text, one_of(ATTRIBUTES)]
    name: Text
    description: Text


class AbilityShape(CatalogModel):
    id: Annotated[Text, one_of(PRIMARY_ABILITIES)]
    name: Text
    description: Text


class AttributeRating(CatalogModel):
    """An Attribute rating's label: Attributes run 1–5."""

    rating: Positive
    label: Text


class AbilityRank(CatalogModel):
    """An Ability rank's label: 0–5 plus the 6th rank of Seasoned and above ("Abilities")."""

    rating: Whole
    label: Text


class SecondaryShape(CatalogModel):
    name: Text
    related: Annotated[Text, one_of(PRIMARY_ABILITIES)]
    description: Text


class LimitShape(CatalogModel):
    """A ``[[default]]`` Limit: the three every contractor starts with."""

    id: Ident
    name: Text
    trigger: Text
    suits: OptionalText = ""

    def value(self, default: bool) -> LimitOption:
        return LimitOption(
            id=self.id, name=self.name, trigger=self.trigger, default=default, suits=self.suits
        )


class AlternativeLimitShape(LimitShape):
    """An ``[[alternative]]`` Limit, which says whom it suits."""

    suits: Text


class TierShape(CatalogModel):
    id: Annotated[Text, one_of(SCAR_TIERS)]
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


class ScarRollShape(CatalogModel):
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


class ScarShape(CatalogModel):
    id: Ident
    name: Text
    tier: Annotated[Text, one_of(SCAR_TIERS)]
    system: Text
    penalty_floor: Whole = 0
    movement: Annotated[str, AfterValidator(_fraction_of_speed)] | None = None
    rolls: list[ScarRollShape] = Field(default=[])
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


class TraumaTemplateShape(CatalogModel):
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


class TraumaShape(CatalogModel):
    id: Ident
    name: Text
    system: Text
    type: Annotated[Text, one_of(TRAUMA_TYPES)] = ""
    detail_label: OptionalText = ""

    def value(self) -> StockTrauma:
        return StockTrauma(**self.model_dump())


class ConditionShape(CatalogModel):
    id: Ident
    name: Text
    polarity: Annotated[Text, one_of([str(p) for p in Polarity])]
    system: Text

    def value(self) -> StockCondition:
        return StockCondition(
            id=self.id, name=self.name, polarity=Polarity(self.polarity), system=self.system
        )


class TrophyShape(CatalogModel):
    id: Ident
    name: Text
    system: Text


class ThreatLevelShape(CatalogModel):
    id: Annotated[Text, one_of(THREAT_LEVELS)]
    name: Text
    meaning: Text

    def value(self) -> ThreatLevelInfo:
        return ThreatLevelInfo(level=ThreatLevel(self.id), name=self.name, meaning=self.meaning)


class LooseEndShape(CatalogModel):
    id: Ident
    title: Text
    threat_level: Annotated[Text, one_of(THREAT_LEVELS)]
    cutoff: Positive
    threat: Text

    def value(self) -> LooseEndExample:
        return LooseEndExample(
            **{**self.model_dump(), "threat_level": ThreatLevel(self.threat_level)}
        )


class GrantShape(CatalogModel):
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


class AssetGrantShape(GrantShape):
    """A grant of an Asset, which may not be one only Liabilities give."""

    @model_validator(mode="after")
    def _not_liability_only(self) -> Self:
        if GrantKind(self.kind) in LIABILITY_ONLY_GRANTS:
            raise catalog_error(f"an Asset cannot grant a {self.kind}; only Liabilities do")
        return self


class LiabilityShape(CatalogModel):
    """A ``[[liabilities]]`` entry (and, through :class:`AssetShape`, an Asset)."""

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
    grants: list[GrantShape] = Field(default=[])
    suppressed_by: list[Text] = Field(default=[])

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


class AssetShape(LiabilityShape):
    """An ``[[assets]]`` entry: its grants may not be the Liability-only kinds."""

    grants_gift_credits: ClassVar[bool] = True
    grants: list[AssetGrantShape] = Field(default=[])  # type: ignore[assignment]
