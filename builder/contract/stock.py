"""The sheet catalog's values: the frozen reference lists a character sheet picks from.

Attributes and Primary Abilities with their rating labels, Limits, Assets and
Liabilities ("Assets and Liabilities"), stock Battle Scars and Traumas, example
Conditions, Circumstances, Trophies and Loose Ends, the Threat levels, and the
random concept tables ("Character Concept"), gathered in :class:`SheetCatalog`.
``builder.contract.sheet_catalog`` reads them from TOML; nothing here reads files.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from typing import TypeVar

from builder.contract.character import (
    AssetKind,
    AssetPick,
    BattleScar,
    Item,
    Limit,
    LooseEnd,
    ScarTier,
    ThreatLevel,
    Trauma,
    new_loose_end_key,
)

T = TypeVar("T")


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


LIABILITY_ONLY_GRANTS = frozenset({GrantKind.BATTLE_SCAR, GrantKind.TRAUMA, GrantKind.LOOSE_END})


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
class ScarRoll:
    """A situational penalty a Battle Scar gives to some rolls ("Example Battle Scars").

    ``dice`` is the number of dice lost (``dice_max`` above it when the rules
    give a range, "1 to 3 dice, depending on the task"); ``difficulty`` is
    added to the Difficulty instead; ``applies`` says which rolls it concerns.
    """

    applies: str
    dice: int = 0
    dice_max: int = 0
    difficulty: int = 0


@dataclass(frozen=True, slots=True)
class StockBattleScar:
    """A ready-made Battle Scar ("Example Battle Scars").

    ``penalty_floor`` > 0 means the Penalty is never better than −penalty_floor
    (Chronic Pain); ``movement`` is the fraction of movement speed left
    (Limp: 1/2), or None when movement is unaffected; ``no_sprint`` forbids
    Dash and Sprint (Missing Leg).
    """

    id: str
    name: str
    tier: ScarTier
    system: str
    penalty_floor: int = 0
    movement: Fraction | None = None
    rolls: tuple[ScarRoll, ...] = ()
    no_sprint: bool = False

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
            key=new_loose_end_key(),
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
