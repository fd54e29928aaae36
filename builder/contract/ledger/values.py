"""The ledger's values: rule numbers, running position, and what one entry posts.

``Position`` is the running state ``fold_ledger`` carries from entry to entry;
``Posting`` is what one entry does to it, priced by the rules. The rule numbers
come from "Earning Experience", "Earning Bonus Experience", "Journals" and
"Gift Credits and Improvements" (with "Improvement Limits").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypeVar

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetPick,
    BonusKind,
    Contractor,
    Creation,
    GiftChange,
    ImprovementKind,
    TraitKind,
)
from builder.contract.creation import GIFTED_ASSET_ID, STARTING_EXP, creation_cost
from builder.contract.status import Status, status_from_victories
from builder.core.findings import Finding

# --------------------------------------------------------------------------- rule numbers

HOME_CONTRACT_EXP = 3
AWAY_CONTRACT_EXP = 1
VICTORY_EXP = 2
COMMISSION_EXP = 2
JOURNAL_EXP = 1
JOURNAL_MIN_WORDS = 250
JOURNAL_EXP_PER_CONTRACT = 2
"""Journals award at most 2 Exp per Contract attended."""
IMPROVEMENT_EVERY = 4
"""Every fourth Contract Journal gives an Improvement instead of Exp."""

BONUS_EXP: Mapping[BonusKind, int] = MappingProxyType(
    {
        BonusKind.GM_INTO_THE_FOLD: 6,
        BonusKind.GM_GOLDEN_RATIO: 6,
        BonusKind.RINGER_OBJECTIVE_MET: 4,
        BonusKind.RINGER_OBJECTIVE_MISSED: 2,
        BonusKind.GM_MOVE_WRITEUP: 2,
    }
)
"""Bonus Exp by way of earning it ("Earning Bonus Experience", "Ringers")."""

PORT_EXP: Mapping[str, int] = MappingProxyType({"seasoned": 100, "veteran": 200})
"""Exp a ported contractor starts with beyond creation (the website's port adjustments)."""
PORT_GIFT_CREDITS: Mapping[str, int] = MappingProxyType({"seasoned": 15, "veteran": 30})
"""The port's Gift adjustment, counted as Gift Credits outside the Improvement limit."""
PORT_IMPROVEMENTS: Mapping[str, int] = MappingProxyType({"seasoned": 5, "veteran": 10})
"""Improvements a port brings, usable on top of the Improvement limit."""
PORT_SOURCE = "ported"
"""The source key a port's Exp, Gift Credits and Improvements are booked under."""

BONUS_CAP_BASE = 10
BONUS_CAP_PER_VICTORY = 12

EARNED_SOURCES: tuple[str, ...] = (
    "attendance_home",
    "attendance_away",
    "victory",
    "commission",
    "journal",
    *(k.value for k in BonusKind),
)
"""Keys of ``ExpSummary.earned_by_source``, always all present."""

SPENT_KINDS: tuple[str, ...] = (
    "attribute",
    "ability",
    "secondary",
    "source",
    "asset",
    "liability",
    "therapy",
    "consumable",
    "artifact",
)
"""Keys of ``ExpSummary.spent_by_kind``, always all present."""

IMPROVEMENT_SOURCES: tuple[str, ...] = ("contract_journals", *(k.value for k in ImprovementKind))


def bonus_cap(victories: int) -> int:
    """Most earned Exp a contractor may have and still get Bonus Exp: 10 + 12 × victories."""
    return BONUS_CAP_BASE + BONUS_CAP_PER_VICTORY * victories


def improvement_cap(victories: int, credits_earned: int) -> int:
    """Improvements a contractor may use: 2 × victories less the Gift Credits earned, at least 0.

    Gift Credits and Improvements together are limited to twice the
    victories, and Gifted and Coins of Charon count as Gift Credits: 7
    victories and a Coin of Charon leave room for 6 Improvements.
    """
    return max(0, 2 * victories - credits_earned)


def crafting_kind(gift_type: str) -> str | None:
    """ "artifact" or "consumable" for a crafting Gift Type id, None for any other type.

    Accepts the catalog's ids in any spelling ("artifact_crafting",
    "Consumable Crafting"); a Legendary Artifact is not a crafting Gift.
    """
    key = str(gift_type).strip().lower().replace("-", "_").replace(" ", "_")
    if "crafting" not in key:
        return None
    if "artifact" in key:
        return "artifact"
    if "consumable" in key:
        return "consumable"
    return None


# --------------------------------------------------------------------------- ratings


def _frozen(mapping: Mapping[str, int] | None) -> Mapping[str, int]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True, slots=True)
class Ratings:
    """Folded trait ratings: creation values plus every Raise in the ledger.

    ``attributes`` and ``abilities`` list all five Attributes and all 19
    Primary Abilities; ``secondary`` maps each Secondary Ability's name to its
    rating; ``source`` is 0 until the contractor holds a Gift.
    """

    attributes: Mapping[str, int]
    abilities: Mapping[str, int]
    secondary: Mapping[str, int] = field(default_factory=dict)
    source: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "attributes", _frozen(self.attributes))
        object.__setattr__(self, "abilities", _frozen(self.abilities))
        object.__setattr__(self, "secondary", _frozen(self.secondary))

    @classmethod
    def starting(cls) -> Ratings:
        """A contractor before any Exp is spent: Attributes 1, Abilities 0, no Source."""
        return cls({a: 1 for a in ATTRIBUTES}, {a: 0 for a in PRIMARY_ABILITIES})

    @classmethod
    def from_creation(cls, creation: Creation) -> Ratings:
        """The ratings bought at creation, unlisted ones at their starting values."""
        return cls(
            {a: creation.attributes.get(a, 1) for a in ATTRIBUTES},
            {a: creation.abilities.get(a, 0) for a in PRIMARY_ABILITIES},
            dict(creation.secondary),
        )

    def secondary_key(self, name: str) -> str:
        """The sheet's spelling of a Secondary Ability, matched case-insensitively."""
        wanted = str(name).strip()
        for key in self.secondary:
            if key.strip().lower() == wanted.lower():
                return key
        return wanted

    def rating(self, kind: TraitKind | str, trait: str) -> int:
        """Current rating of one trait; an unnamed Secondary Ability is 0.

        KeyError for a name that is not an Attribute or Primary Ability.
        """
        match TraitKind(kind):
            case TraitKind.ATTRIBUTE:
                return self.attributes[trait]
            case TraitKind.ABILITY:
                return self.abilities[trait]
            case TraitKind.SECONDARY:
                return self.secondary.get(self.secondary_key(trait), 0)
            case TraitKind.SOURCE:
                return self.source
        raise AssertionError(kind)  # pragma: no cover

    def to_json(self) -> dict[str, Any]:
        return {
            "attributes": dict(self.attributes),
            "abilities": dict(self.abilities),
            "secondary": dict(self.secondary),
            "source": self.source,
        }


# --------------------------------------------------------------------------- summaries


@dataclass(frozen=True, slots=True)
class ExpSummary:
    """Exp folded from creation and the ledger.

    ``available`` = ``starting`` − ``creation_cost`` + ``earned_total`` −
    ``spent_total``; ``earned_total`` does not count the starting 150.
    ``bonus_cap`` is 10 + 12 × victories; ``bonus_eligible`` says whether
    Bonus Exp may be given now (alive and earned total within the cap).
    """

    starting: int
    creation_cost: int
    earned_by_source: Mapping[str, int]
    earned_total: int
    spent_by_kind: Mapping[str, int]
    spent_total: int
    available: int
    bonus_cap: int
    bonus_eligible: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "starting": self.starting,
            "creation_cost": self.creation_cost,
            "earned_by_source": dict(self.earned_by_source),
            "earned_total": self.earned_total,
            "spent_by_kind": dict(self.spent_by_kind),
            "spent_total": self.spent_total,
            "available": self.available,
            "bonus_cap": self.bonus_cap,
            "bonus_eligible": self.bonus_eligible,
        }


@dataclass(frozen=True, slots=True)
class RewardSummary:
    """Gift Credits and Improvements folded from creation and the ledger.

    ``improvement_cap`` = max(0, 2 × victories − ``credits_earned``);
    ``improvements_available`` = min(earned, cap) − spent. Spent values are
    net of refunds.
    """

    credits_earned_by_source: Mapping[str, int]
    credits_earned: int
    improvements_earned_by_source: Mapping[str, int]
    improvements_earned: int
    credits_spent: int
    improvements_spent: int
    credits_available: int
    improvements_available: int
    improvement_cap: int

    def to_json(self) -> dict[str, Any]:
        return {
            "credits_earned_by_source": dict(self.credits_earned_by_source),
            "credits_earned": self.credits_earned,
            "improvements_earned_by_source": dict(self.improvements_earned_by_source),
            "improvements_earned": self.improvements_earned,
            "credits_spent": self.credits_spent,
            "improvements_spent": self.improvements_spent,
            "credits_available": self.credits_available,
            "improvements_available": self.improvements_available,
            "improvement_cap": self.improvement_cap,
        }


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One ledger entry as the Exp log prints it: what it earned and cost, and the balance."""

    index: int
    entry: str
    date: str
    earned: int
    spent: int
    available_after: int
    credits: int
    improvements: int

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "entry": self.entry,
            "date": self.date,
            "earned": self.earned,
            "spent": self.spent,
            "available_after": self.available_after,
            "credits": self.credits,
            "improvements": self.improvements,
        }


# --------------------------------------------------------------------------- the running position


@dataclass(slots=True)
class Position:
    """The fold's running state just before an entry.

    Only ``fold_ledger`` changes it (in the book stage); checks and posting
    functions read it.
    """

    contractor: Contractor
    creation_cost: int
    attributes: dict[str, int]
    abilities: dict[str, int]
    secondary: dict[str, int]
    source: int
    assets: list[AssetPick]
    liabilities: list[AssetPick]
    gifts: dict[str, int]
    credits_earned: dict[str, int]
    improvements_earned: dict[str, int] = field(
        default_factory=lambda: dict.fromkeys(IMPROVEMENT_SOURCES, 0)
    )
    earned: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EARNED_SOURCES, 0))
    spent: dict[str, int] = field(default_factory=lambda: dict.fromkeys(SPENT_KINDS, 0))
    contracts: int = 0
    victories: int = 0
    alive: bool = True
    deaths: int = 0
    deaths_voided: int = 0
    cycle_open: str = ""
    contract_journals: int = 0
    credits_spent: int = 0
    improvements_spent: int = 0
    free_consumables_used: set[str] = field(default_factory=set)
    """Consumable Crafting Gifts whose free Consumable of this Downtime is taken."""
    free_copies_owed: dict[str, int] = field(default_factory=dict)
    """Free copies granted by gaining or improving a crafting Gift, not yet crafted."""
    hustled: set[str] = field(default_factory=set)
    """Loose Ends (by normalised title) whose Hustle is recorded ("Loose Ends")."""
    wills_this_contract: int = 0
    """Will to Survive entries since the last Contract entry: they belong to the next one."""
    ported: Status | None = None
    """The Status a port opened the ledger at (None when not ported)."""

    @classmethod
    def start(cls, contractor: Contractor) -> Position:
        """The position after creation, before the first ledger entry."""
        creation = contractor.creation
        ratings = Ratings.from_creation(creation)
        has_history = any(isinstance(e, GiftChange) for e in contractor.ledger)
        # A file without Gift history still shows its Gifts' Source; the balance
        # check reports the missing history.
        seeded = {} if has_history else {g.id: g.cost for g in contractor.gifts}
        gifted = any(a.id == GIFTED_ASSET_ID for a in creation.assets)
        return cls(
            contractor=contractor,
            creation_cost=creation_cost(creation).total,
            attributes=dict(ratings.attributes),
            abilities=dict(ratings.abilities),
            secondary=dict(ratings.secondary),
            source=1 if seeded else 0,
            assets=list(creation.assets),
            liabilities=list(creation.liabilities),
            gifts=seeded,
            credits_earned={
                "victory": 0,
                "charon_coin": int(bool(creation.charon_coin)),
                "gifted_asset": int(gifted),
            },
        )

    @property
    def earned_total(self) -> int:
        return sum(self.earned.values())

    @property
    def spent_total(self) -> int:
        return sum(self.spent.values())

    @property
    def available(self) -> int:
        return STARTING_EXP - self.creation_cost + self.earned_total - self.spent_total

    @property
    def status(self) -> Status:
        earned = status_from_victories(self.victories)
        return max(earned, self.ported) if self.ported is not None else earned

    @property
    def credits_earned_total(self) -> int:
        return sum(self.credits_earned.values())

    @property
    def improvements_earned_total(self) -> int:
        return sum(self.improvements_earned.values())

    @property
    def improvement_cap(self) -> int:
        """The rules' limit on victories' rewards, plus a port's Improvements (outside it)."""
        ported_credits = self.credits_earned.get(PORT_SOURCE, 0)
        ported_improvements = self.improvements_earned.get(PORT_SOURCE, 0)
        capped = improvement_cap(self.victories, self.credits_earned_total - ported_credits)
        return capped + ported_improvements

    @property
    def after_creation(self) -> bool:
        """Creation lasts until the first Contract is attended."""
        return self.contracts > 0

    def ratings(self) -> Ratings:
        return Ratings(self.attributes, self.abilities, self.secondary, self.source)

    def find_liability(self, name: str) -> int | None:
        wanted = str(name).strip().lower()
        for i, pick in enumerate(self.liabilities):
            if pick.name.strip().lower() == wanted:
                return i
        return None


# --------------------------------------------------------------------------- posting


@dataclass(frozen=True, slots=True)
class Posting:
    """What one entry does to the totals, priced by the rules at its position.

    ``price`` is the rule price charged to ``spend_kind``; ``claimed`` is the
    ``exp`` the entry says was paid (None when there is nothing to compare).
    ``rating`` is the (kind, trait, new rating) a Raise sets.
    """

    earned: Mapping[str, int] = field(default_factory=dict)
    spend_kind: str = ""
    price: int = 0
    claimed: int | None = None
    credits_earned: Mapping[str, int] = field(default_factory=dict)
    improvements_earned: Mapping[str, int] = field(default_factory=dict)
    credits_spent: int = 0
    improvements_spent: int = 0
    rating: tuple[TraitKind, str, int] | None = None
    contract_journal: bool = False
    free_copy: str = ""
    """Which free copy a free Craft uses: "downtime" or "owed" ("" when paid)."""


NOTHING = Posting()

PostResult = tuple[Posting, list[Finding]]

_E = TypeVar("_E", bound=StrEnum)


def enum_of(kind: type[_E], value: object) -> _E | None:
    """``value`` as a member of ``kind``, or None when it is not one (the poster reports it)."""
    if not isinstance(value, str):  # a StrEnum's values are all text
        return None
    try:
        return kind(value)
    except ValueError:
        return None


def is_int(value: object) -> bool:
    """True for a real int (a bool is not a count)."""
    return isinstance(value, int) and not isinstance(value, bool)


def entry_place(index: int) -> str:
    """Where a finding about ledger entry ``index`` points."""
    return f"ledger[{index}]"


def bad_enum(index: int, rule: str, what: str, value: object, kind: type[StrEnum]) -> PostResult:
    """No posting, and a finding naming the allowed values, for an unknown enum value."""
    names = ", ".join(k.value for k in kind)
    return NOTHING, [
        Finding(rule, f"unknown {what} {value!r}; expected one of {names}", entry_place(index))
    ]
