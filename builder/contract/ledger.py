"""The Exp and reward ledger, folded into totals and checked entry by entry.

A contractor's history is an append-only ledger; nothing here stores a total.
``fold_ledger`` walks the entries in order through one pipeline, modelled on
beancount's loader:

1. **post** — each entry is priced by the rules at its position (what it earns,
   what it costs, which rating it sets), giving a ``Posting`` and the findings
   that only that kind of entry can raise;
2. **check** — every function in ``ENTRY_CHECKS`` looks at the entry, the
   running ``Position`` before it and its ``Posting`` (after a death, inside a
   Cycle, claimed price against the rule price, overdrawn Exp);
3. **book** — the posting is applied to the running position;
4. finally every function in ``FINAL_CHECKS`` looks at the whole fold (Gift
   Costs against the rewards spent on them).

The claimed ``exp`` of a spending entry is an assertion, like a beancount
balance: totals always use the rule price, and a different claim is an
``exp.wrong_price`` ERROR. An entry the rules cannot price charges nothing and
is an ERROR. A crashing check becomes an ERROR finding, never an exception.

Rules implemented: "Earning Experience", "Earning Bonus Experience",
"Spending Experience", "Journals", "Gift Credits and Improvements" (with
"Improvement Limits"), "Crafting", "Curing Traumas", "Contract Cycles",
"Ringers", "Death" and "Coins of Charon".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any, TypeVar

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    SPENDING_ENTRIES,
    AssetKind,
    AssetPick,
    BonusExp,
    BonusKind,
    BuyAsset,
    ContractAttended,
    Contractor,
    Craft,
    Creation,
    Death,
    Entry,
    GiftChange,
    GiftChangeKind,
    ImprovementGranted,
    ImprovementKind,
    Journal,
    JournalKind,
    Outcome,
    Raise,
    RemoveLiability,
    Therapy,
    TraitKind,
)
from builder.contract.costs import (
    ABILITY_MAX_SEASONED,
    ATTRIBUTE_MAX,
    CONSUMABLE_COST,
    THERAPY_COST,
    artifact_price,
    asset_price,
    cost_to_reach,
    max_rating,
)
from builder.contract.creation import APPROVAL, GIFTED_ASSET_ID, STARTING_EXP, creation_cost
from builder.contract.status import Status, status_from_victories
from builder.core.findings import Finding, Severity

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

CREDIT_SOURCES: tuple[str, ...] = ("victory", "charon_coin", "gifted_asset")
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
        return status_from_victories(self.victories)

    @property
    def credits_earned_total(self) -> int:
        return sum(self.credits_earned.values())

    @property
    def improvements_earned_total(self) -> int:
        return sum(self.improvements_earned.values())

    @property
    def improvement_cap(self) -> int:
        return improvement_cap(self.victories, self.credits_earned_total)

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


def _enum(kind: type[_E], value: object) -> _E | None:
    try:
        return kind(value)
    except ValueError:
        return None


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _where(index: int) -> str:
    return f"ledger[{index}]"


def _bad_enum(index: int, rule: str, what: str, value: object, kind: type[StrEnum]) -> PostResult:
    names = ", ".join(k.value for k in kind)
    return NOTHING, [
        Finding(rule, f"unknown {what} {value!r}; expected one of {names}", _where(index))
    ]


def post_contract(index: int, entry: ContractAttended, pos: Position) -> PostResult:
    """Exp for attending: +3 home or +1 away, +2 victory, +2 Commission; a victory's Gift Credit.

    A home victory earns 5, with Commission 7; an away failure earns 1.
    Attendance and Commission count whatever the outcome, death included.
    """
    outcome = _enum(Outcome, entry.outcome)
    if outcome is None:
        return _bad_enum(index, "contract.outcome", "Contract outcome", entry.outcome, Outcome)
    earned = {
        "attendance_home" if entry.home else "attendance_away": (
            HOME_CONTRACT_EXP if entry.home else AWAY_CONTRACT_EXP
        )
    }
    credits: dict[str, int] = {}
    if outcome is Outcome.VICTORY:
        earned["victory"] = VICTORY_EXP
        credits["victory"] = 1
    if entry.commission:
        earned["commission"] = COMMISSION_EXP
    return Posting(earned=earned, credits_earned=credits), []


def post_journal(index: int, entry: Journal, pos: Position) -> PostResult:
    """A Journal of 250+ words earns 1 Exp, within 2 Journal Exp per Contract attended.

    Contract Journals are counted in ledger order and every fourth gives an
    Improvement instead of Exp (it is not subject to the Exp cap). Downtime
    Journals count toward the Exp cap but never toward the fourth.
    """
    where = _where(index)
    kind = _enum(JournalKind, entry.kind)
    if kind is None:
        return _bad_enum(index, "journal.kind", "Journal kind", entry.kind, JournalKind)
    if not _is_int(entry.words):
        return NOTHING, [
            Finding(
                "journal.words",
                f"Journal {entry.title!r} gives {entry.words!r} as its word count",
                where,
                numbers={"words": str(entry.words)},
            )
        ]
    if entry.words < JOURNAL_MIN_WORDS:
        return NOTHING, [
            Finding(
                "journal.too_short",
                f"Journal {entry.title!r} has {entry.words} words; it needs at least"
                f" {JOURNAL_MIN_WORDS} to earn anything",
                where,
                Severity.WARNING,
                {"words": entry.words, "required": JOURNAL_MIN_WORDS},
            )
        ]
    counted = False
    if kind is JournalKind.CONTRACT:
        if pos.contracts == 0:
            return NOTHING, [
                Finding(
                    "journal.no_contract",
                    f"Contract Journal {entry.title!r} comes before any Contract was attended;"
                    " it earns nothing",
                    where,
                    Severity.WARNING,
                    {"contracts": 0},
                )
            ]
        counted = True
        if (pos.contract_journals + 1) % IMPROVEMENT_EVERY == 0:
            return Posting(improvements_earned={"contract_journals": 1}, contract_journal=True), []
    journal_exp = pos.earned["journal"]
    cap = JOURNAL_EXP_PER_CONTRACT * pos.contracts
    if journal_exp + JOURNAL_EXP > cap:
        return Posting(contract_journal=counted), [
            Finding(
                "journal.over_cap",
                f"Journal {entry.title!r} earns nothing: Journals earn at most"
                f" {JOURNAL_EXP_PER_CONTRACT} Exp per Contract attended, {cap} Exp after"
                f" {pos.contracts} Contracts, and {journal_exp} Exp was already earned",
                where,
                Severity.WARNING,
                {"journal_exp": journal_exp, "contracts": pos.contracts, "cap": cap},
            )
        ]
    return Posting(earned={"journal": JOURNAL_EXP}, contract_journal=counted), []


def post_bonus(index: int, entry: BonusExp, pos: Position) -> PostResult:
    """Bonus Exp at the rule amount for its kind, only to a living contractor within the cap.

    A contractor may receive Bonus Exp while alive and while their total
    earned Exp (the starting 150 not counted) is at most 10 + 12 × victories.
    """
    where = _where(index)
    kind = _enum(BonusKind, entry.kind)
    if kind is None:
        return _bad_enum(index, "exp.bonus_kind", "Bonus Exp kind", entry.kind, BonusKind)
    amount = BONUS_EXP[kind]
    findings: list[Finding] = []
    if entry.exp != amount:
        findings.append(
            Finding(
                "exp.bonus_amount",
                f"{kind.value.replace('_', ' ')} gives {amount} Bonus Exp, not {entry.exp}",
                where,
                numbers={"claimed": entry.exp, "expected": amount},
            )
        )
    cap = bonus_cap(pos.victories)
    earned = pos.earned_total
    if not pos.alive or earned > cap:
        why = (
            "Bonus Exp only goes to living contractors"
            if not pos.alive
            else f"{earned} Exp earned is more than 10 + 12 × {pos.victories} victories = {cap}"
        )
        findings.append(
            Finding(
                "exp.bonus_ineligible",
                f"this contractor cannot receive Bonus Exp: {why}",
                where,
                numbers={
                    "earned": earned,
                    "cap": cap,
                    "victories": pos.victories,
                    "alive": pos.alive,
                },
            )
        )
        return NOTHING, findings
    return Posting(earned={kind.value: amount}), findings


def post_improvement(index: int, entry: ImprovementGranted, pos: Position) -> PostResult:
    """An Improvement for GMing a Contract or for a Scenario write-up that was run."""
    kind = _enum(ImprovementKind, entry.kind)
    if kind is None:
        return _bad_enum(
            index, "rewards.improvement_kind", "Improvement kind", entry.kind, ImprovementKind
        )
    return Posting(improvements_earned={kind.value: 1}), []


_KIND_LABELS = {TraitKind.ATTRIBUTE: "Attributes", TraitKind.ABILITY: "Primary Abilities"}


def _above_max_reason(kind: TraitKind, to_rating: int, status: Status) -> str:
    if kind is TraitKind.ATTRIBUTE:
        return f"Attributes stop at {ATTRIBUTE_MAX}"
    if to_rating > ABILITY_MAX_SEASONED:
        return f"Abilities stop at {ABILITY_MAX_SEASONED}"
    return f"a 6th rank needs Seasoned status; this contractor is {status.label}"


def post_raise(index: int, entry: Raise, pos: Position) -> PostResult:
    """A one-rank raise priced by ``builder.contract.costs``, within the caps at this moment.

    Attributes stop at 5; Abilities at 5, or 6 once the contractor is
    Seasoned; Source needs a Gift and has no maximum.
    """
    where = _where(index)
    kind = _enum(TraitKind, entry.kind)
    if kind is None:
        return _bad_enum(index, "raise.unknown_kind", "trait kind", entry.kind, TraitKind)
    trait = entry.trait
    known: dict[TraitKind, dict[str, int]] = {
        TraitKind.ATTRIBUTE: pos.attributes,
        TraitKind.ABILITY: pos.abilities,
    }
    if kind in known:
        if trait not in known[kind]:
            return NOTHING, [
                Finding(
                    "raise.unknown_trait",
                    f"{trait!r} is not one of the {_KIND_LABELS[kind]} on the sheet",
                    where,
                )
            ]
        current = known[kind][trait]
    elif kind is TraitKind.SECONDARY:
        trait = pos.ratings().secondary_key(trait)
        if not trait:
            return NOTHING, [
                Finding("raise.unknown_trait", "a Secondary Ability needs a name", where)
            ]
        current = pos.secondary.get(trait, 0)
    else:
        trait = "source"
        current = pos.source
        if current < 1:
            return NOTHING, [
                Finding(
                    "raise.source_without_gift",
                    "Source comes with the first Gift; it cannot be raised before one is held",
                    where,
                )
            ]
    to = entry.to_rating
    if not _is_int(to) or to <= current:
        return NOTHING, [
            Finding(
                "raise.not_up",
                f"a raise of {trait} must go up from {current}, not to {to!r}",
                where,
                numbers={"from": current, "to": to},
            )
        ]
    findings: list[Finding] = []
    if to != current + 1:
        findings.append(
            Finding(
                "raise.not_one_step",
                f"{trait} goes from {current} to {to}; a raise buys exactly one rank",
                where,
                numbers={"from": current, "to": to},
            )
        )
    cap = max_rating(kind, pos.status)
    if cap is not None and to > cap:
        findings.append(
            Finding(
                "raise.above_max",
                f"{trait} cannot reach {to}: {_above_max_reason(kind, to, pos.status)}",
                where,
                numbers={"to": to, "max": cap, "victories": pos.victories},
            )
        )
    price = cost_to_reach(kind, current, to)
    return Posting(
        spend_kind=kind.value, price=price, claimed=entry.exp, rating=(kind, trait, to)
    ), findings


def post_buy_asset(index: int, entry: BuyAsset, pos: Position) -> PostResult:
    """An Asset costs its value before the first Contract and value × 3 after (leader approval).

    The Gifted Asset brings its Gift Credit only when taken during creation,
    and only once.
    """
    where = _where(index)
    asset = entry.asset
    findings: list[Finding] = []
    if asset.kind != AssetKind.ASSET:
        findings.append(
            Finding("asset.kind", f"{asset.name!r} is a {asset.kind}, not an Asset to buy", where)
        )
    if not _is_int(asset.value) or asset.value < 0:
        findings.append(
            Finding(
                "asset.value",
                f"Asset {asset.name!r} has value {asset.value!r}; a value is a whole number"
                " of 0 or more",
                where,
                numbers={"value": asset.value},
            )
        )
        return NOTHING, findings
    after = pos.after_creation
    price = asset_price(asset.value, after)
    if after:
        findings.append(
            Finding(
                "asset.after_creation",
                f"Asset {asset.name!r} bought after the first Contract costs value × 3 ="
                f" {price} Exp and {APPROVAL}",
                where,
                Severity.WARNING,
                {"value": asset.value, "price": price},
            )
        )
    if asset.restricted or asset.id == GIFTED_ASSET_ID:
        findings.append(
            Finding(
                "asset.restricted",
                f"Asset {asset.name!r} is Restricted and {APPROVAL}",
                where,
                Severity.WARNING,
            )
        )
    credits: dict[str, int] = {}
    if asset.id == GIFTED_ASSET_ID:
        if after:
            findings.append(
                Finding(
                    "asset.gifted_after_creation",
                    "the Gifted Asset can only be taken at creation, before the first Contract",
                    where,
                )
            )
        elif any(a.id == GIFTED_ASSET_ID for a in pos.assets):
            findings.append(
                Finding(
                    "asset.gifted_twice",
                    "the Gifted Asset gives a single Gift Credit and can be taken once",
                    where,
                )
            )
        else:
            credits["gifted_asset"] = 1
    return Posting(
        spend_kind="asset", price=price, claimed=entry.exp, credits_earned=credits
    ), findings


def post_remove_liability(index: int, entry: RemoveLiability, pos: Position) -> PostResult:
    """Buying off a Liability on the sheet: its value before the first Contract, value × 3 after."""
    where = _where(index)
    found = pos.find_liability(entry.liability)
    if found is None:
        return NOTHING, [
            Finding(
                "liability.unknown",
                f"there is no Liability {entry.liability!r} on the sheet to remove",
                where,
            )
        ]
    held = pos.liabilities[found]
    value = held.value if _is_int(held.value) and held.value >= 0 else 0
    findings: list[Finding] = []
    if entry.value != value:
        findings.append(
            Finding(
                "liability.value_mismatch",
                f"Liability {held.name!r} is worth {value} on the sheet, not {entry.value}",
                where,
                numbers={"claimed": entry.value, "sheet": value},
            )
        )
    after = pos.after_creation
    price = asset_price(value, after)
    if after:
        findings.append(
            Finding(
                "liability.after_creation",
                f"removing Liability {held.name!r} after the first Contract costs value × 3 ="
                f" {price} Exp and {APPROVAL}",
                where,
                Severity.WARNING,
                {"value": value, "price": price},
            )
        )
    return Posting(spend_kind="liability", price=price, claimed=entry.exp), findings


def post_therapy(index: int, entry: Therapy, pos: Position) -> PostResult:
    """Therapy during Downtime cures a Trauma for 3 Exp ("Curing Traumas").

    The fold only asks that a Trauma is named: once treated it is gone from
    the Health tab, so a past Trauma cannot be checked against the sheet.
    """
    if not str(entry.trauma).strip():
        return NOTHING, [
            Finding("therapy.no_trauma", "therapy must name the Trauma it treats", _where(index))
        ]
    return Posting(spend_kind="therapy", price=THERAPY_COST, claimed=entry.exp), []


def _gift_cost(pos: Position, gift_id: str) -> int | None:
    if gift_id in pos.gifts:
        return pos.gifts[gift_id]
    for gift in pos.contractor.gifts:
        if gift.id == gift_id:
            return gift.cost
    return None


def post_craft(index: int, entry: Craft, pos: Position) -> PostResult:
    """Crafting from a crafting Gift: 1 Exp for a Consumable, 1 + Gift Cost for an Artifact.

    Free copies ("Crafting"): one Consumable per Consumable Crafting Gift per
    Downtime (the time before the next Contract); one copy when an Artifact
    Crafting Gift is gained; one copy each time Gift Credits or Improvements
    improve either kind of crafting Gift.
    """
    where = _where(index)
    gift = next((g for g in pos.contractor.gifts if g.id == entry.gift_id), None)
    cost = _gift_cost(pos, entry.gift_id)
    if gift is None or cost is None:
        return NOTHING, [
            Finding(
                "craft.unknown_gift",
                f"{entry.item!r} is crafted from Gift {entry.gift_id!r}, which the contractor"
                " does not hold",
                where,
            )
        ]
    kind = crafting_kind(gift.draft.gift_type)
    if kind is None:
        return NOTHING, [
            Finding(
                "craft.not_crafting_gift",
                f"Gift {entry.gift_id!r} is a {gift.draft.gift_type!r} Gift; only Artifact and"
                " Consumable Crafting Gifts craft items",
                where,
            )
        ]
    if not entry.free:
        price = CONSUMABLE_COST if kind == "consumable" else artifact_price(cost)
        return Posting(spend_kind=kind, price=price, claimed=entry.exp), []
    if kind == "consumable" and entry.gift_id not in pos.free_consumables_used:
        return Posting(spend_kind=kind, claimed=entry.exp, free_copy="downtime"), []
    if pos.free_copies_owed.get(entry.gift_id, 0) > 0:
        return Posting(spend_kind=kind, claimed=entry.exp, free_copy="owed"), []
    why = (
        "its free Consumable of this Downtime is already crafted"
        if kind == "consumable"
        else "a free Artifact comes only when the Gift is gained or improved"
    )
    return Posting(spend_kind=kind, claimed=entry.exp), [
        Finding(
            "craft.no_free_copy",
            f"{entry.item!r} cannot be crafted free from Gift {entry.gift_id!r}: {why}",
            where,
            numbers={"owed": pos.free_copies_owed.get(entry.gift_id, 0)},
        )
    ]


def post_gift_change(index: int, entry: GiftChange, pos: Position) -> PostResult:
    """Gift Credits and Improvements spent on a Gift, checked against what was earned.

    A new Gift needs at least one Gift Credit and takes no Improvements;
    Improvements only raise a Gift already held. Improvements used may not
    exceed 2 × victories − Gift Credits earned ("Improvement Limits").
    """
    where = _where(index)
    kind = _enum(GiftChangeKind, entry.kind)
    if kind is None:
        return _bad_enum(index, "rewards.change_kind", "Gift change", entry.kind, GiftChangeKind)
    credits, improvements = entry.credits, entry.improvements
    findings: list[Finding] = []
    held = entry.gift_id in pos.gifts
    if kind is GiftChangeKind.NEW:
        if held:
            findings.append(
                Finding("rewards.gift_exists", f"Gift {entry.gift_id!r} is already held", where)
            )
        if credits < 1:
            findings.append(
                Finding(
                    "rewards.new_gift_needs_credit",
                    f"a new Gift needs at least one Gift Credit; {credits} were spent",
                    where,
                    numbers={"credits": credits},
                )
            )
        if improvements > 0:
            findings.append(
                Finding(
                    "rewards.improvement_on_new_gift",
                    "Improvements only raise a Gift already held; a new Gift is paid with Gift"
                    " Credits",
                    where,
                    numbers={"improvements": improvements},
                )
            )
    elif not held:
        findings.append(
            Finding(
                "rewards.unknown_gift",
                f"Gift {entry.gift_id!r} is not held, so it cannot be changed",
                where,
            )
        )
    before = pos.gifts.get(entry.gift_id, 0)
    if entry.cost_before != before:
        findings.append(
            Finding(
                "rewards.cost_before",
                f"Gift {entry.gift_id!r} stood at cost {before}, not {entry.cost_before}",
                where,
                numbers={"claimed": entry.cost_before, "history": before},
            )
        )
    delta = entry.cost_after - entry.cost_before
    if kind is not GiftChangeKind.ADJUSTMENT and delta != credits + improvements:
        findings.append(
            Finding(
                "rewards.change_mismatch",
                f"Gift {entry.gift_id!r} went from cost {entry.cost_before} to"
                f" {entry.cost_after} ({delta:+d}) but {credits} Gift Credits and"
                f" {improvements} Improvements were spent",
                where,
                numbers={"delta": delta, "credits": credits, "improvements": improvements},
            )
        )
    earned_credits = pos.credits_earned_total
    if credits > 0 and pos.credits_spent + credits > earned_credits:
        findings.append(
            Finding(
                "rewards.credits_overspent",
                f"{pos.credits_spent + credits} Gift Credits spent but only {earned_credits}"
                " earned",
                where,
                numbers={
                    "earned": earned_credits,
                    "spent_before": pos.credits_spent,
                    "spending": credits,
                },
            )
        )
    if improvements > 0:
        total = pos.improvements_spent + improvements
        earned = pos.improvements_earned_total
        cap = pos.improvement_cap
        if total > earned:
            findings.append(
                Finding(
                    "rewards.improvements_overspent",
                    f"{total} Improvements spent but only {earned} earned",
                    where,
                    numbers={
                        "earned": earned,
                        "spent_before": pos.improvements_spent,
                        "spending": improvements,
                    },
                )
            )
        if total > cap:
            findings.append(
                Finding(
                    "rewards.improvement_cap",
                    f"{total} Improvements is over the limit: 2 × {pos.victories} victories −"
                    f" {earned_credits} Gift Credits = {cap}",
                    where,
                    numbers={
                        "victories": pos.victories,
                        "credits_earned": earned_credits,
                        "cap": cap,
                        "spent": total,
                    },
                )
            )
    return Posting(credits_spent=credits, improvements_spent=improvements), findings


def post_death(index: int, entry: Death, pos: Position) -> PostResult:
    """A death outside a Contract's outcome, or the voiding of the recorded death."""
    if entry.voided and pos.alive:
        return NOTHING, [
            Finding(
                "death.nothing_to_void",
                "there is no recorded death to void; the contractor is alive",
                _where(index),
            )
        ]
    return NOTHING, []


POSTERS: Mapping[type, Callable[[int, Any, Position], PostResult]] = MappingProxyType(
    {
        ContractAttended: post_contract,
        Journal: post_journal,
        BonusExp: post_bonus,
        ImprovementGranted: post_improvement,
        Raise: post_raise,
        BuyAsset: post_buy_asset,
        RemoveLiability: post_remove_liability,
        Therapy: post_therapy,
        Craft: post_craft,
        GiftChange: post_gift_change,
        Death: post_death,
    }
)
"""The posting function for each kind of ledger entry."""


# --------------------------------------------------------------------------- entry checks

EntryCheck = Callable[[int, Entry, Position, Posting], Iterable[Finding]]


def check_after_death(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """Nothing happens to a dead contractor except voiding the death ("Death on the Website").

    Bonus Exp reports its own, more specific finding.
    """
    if pos.alive or (isinstance(entry, Death) and entry.voided) or isinstance(entry, BonusExp):
        return []
    return [
        Finding(
            "ledger.after_death",
            f"this {type(entry).__name__} comes after the contractor died",
            _where(index),
        )
    ]


def check_spent_in_cycle(
    index: int, entry: Entry, pos: Position, posting: Posting
) -> list[Finding]:
    """Exp cannot be spent between the Contracts of a Cycle ("Contract Cycles")."""
    if not pos.cycle_open or not isinstance(entry, SPENDING_ENTRIES):
        return []
    return [
        Finding(
            "exp.spent_in_cycle",
            f"Exp cannot be spent between the Contracts of the Cycle {pos.cycle_open!r}",
            _where(index),
            numbers={"cycle": pos.cycle_open},
        )
    ]


def check_claimed_price(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """The Exp a spending entry records must be the rule price."""
    if posting.claimed is None or posting.claimed == posting.price:
        return []
    return [
        Finding(
            "exp.wrong_price",
            f"this {type(entry).__name__} records {posting.claimed} Exp; the rules price it at"
            f" {posting.price}",
            _where(index),
            numbers={"claimed": posting.claimed, "expected": posting.price},
        )
    ]


def check_overdrawn(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """Available Exp can never go below zero."""
    available = pos.available
    if posting.price <= 0 or available - posting.price >= 0:
        return []
    shortfall = posting.price - available
    return [
        Finding(
            "exp.overspent",
            f"this costs {posting.price} Exp but only {available} is available; {shortfall} short",
            _where(index),
            numbers={"available": available, "cost": posting.price, "shortfall": shortfall},
        )
    ]


ENTRY_CHECKS: tuple[EntryCheck, ...] = (
    check_after_death,
    check_spent_in_cycle,
    check_claimed_price,
    check_overdrawn,
)
"""Checks every entry goes through after it is posted; add a rule by adding a function."""


# --------------------------------------------------------------------------- booking


def _owe_free_copy(entry: GiftChange, pos: Position) -> None:
    """Gaining an Artifact Crafting Gift, or spending rewards to improve a crafting Gift,
    grants a free copy of its item ("Crafting")."""
    gift = next((g for g in pos.contractor.gifts if g.id == entry.gift_id), None)
    kind = crafting_kind(gift.draft.gift_type) if gift is not None else None
    if kind is None:
        return
    change = _enum(GiftChangeKind, entry.kind)
    new = change is GiftChangeKind.NEW
    improved = (
        change in (GiftChangeKind.IMPROVEMENT, GiftChangeKind.REVISION)
        and entry.credits + entry.improvements > 0
    )
    if (new and kind == "artifact") or improved:
        pos.free_copies_owed[entry.gift_id] = pos.free_copies_owed.get(entry.gift_id, 0) + 1


def book(entry: Entry, posting: Posting, pos: Position) -> None:
    """Apply a posted entry to the running position (the fold's only mutation)."""
    for source, exp in posting.earned.items():
        pos.earned[source] += exp
    if posting.spend_kind:
        pos.spent[posting.spend_kind] += posting.price
    for source, n in posting.credits_earned.items():
        pos.credits_earned[source] += n
    for source, n in posting.improvements_earned.items():
        pos.improvements_earned[source] += n
    pos.credits_spent += posting.credits_spent
    pos.improvements_spent += posting.improvements_spent
    if posting.contract_journal:
        pos.contract_journals += 1
    if posting.rating is not None:
        kind, trait, to = posting.rating
        target = {
            TraitKind.ATTRIBUTE: pos.attributes,
            TraitKind.ABILITY: pos.abilities,
            TraitKind.SECONDARY: pos.secondary,
        }.get(kind)
        if target is None:
            pos.source = to
        else:
            target[trait] = to

    match entry:
        case ContractAttended():
            pos.contracts += 1
            outcome = _enum(Outcome, entry.outcome)
            if outcome is Outcome.VICTORY:
                pos.victories += 1
            elif outcome is Outcome.DEATH and pos.alive:
                pos.alive = False
                pos.deaths += 1
            pos.cycle_open = entry.cycle if entry.cycle and not entry.cycle_final else ""
            pos.free_consumables_used.clear()
        case Death(voided=True):
            if not pos.alive:
                pos.alive = True
                pos.deaths -= 1
                pos.deaths_voided += 1
        case Death():
            if pos.alive:
                pos.alive = False
                pos.deaths += 1
        case BuyAsset():
            pos.assets.append(entry.asset)
        case RemoveLiability():
            found = pos.find_liability(entry.liability)
            if found is not None:
                del pos.liabilities[found]
        case Craft():
            if posting.free_copy == "downtime":
                pos.free_consumables_used.add(entry.gift_id)
            elif posting.free_copy == "owed":
                pos.free_copies_owed[entry.gift_id] -= 1
        case GiftChange():
            _owe_free_copy(entry, pos)
            if entry.cost_after > 0:
                pos.gifts[entry.gift_id] = entry.cost_after
                if pos.source < 1:
                    pos.source = 1
            else:
                pos.gifts.pop(entry.gift_id, None)
        case _:
            pass


# --------------------------------------------------------------------------- final checks

FinalCheck = Callable[[Contractor, Position], Iterable[Finding]]


def check_gift_balance(contractor: Contractor, pos: Position) -> list[Finding]:
    """Held Gifts' Gift Costs equal the Gift Credits and Improvements spent, net of refunds."""
    held = sum(g.cost for g in contractor.gifts)
    spent = pos.credits_spent + pos.improvements_spent
    if held == spent:
        return []
    return [
        Finding(
            "rewards.unbalanced",
            f"the held Gifts cost {held} in total but {pos.credits_spent} Gift Credits and"
            f" {pos.improvements_spent} Improvements ({spent}) were spent on them",
            "gifts",
            numbers={
                "gift_costs": held,
                "credits_spent": pos.credits_spent,
                "improvements_spent": pos.improvements_spent,
            },
        )
    ]


def check_gift_history(contractor: Contractor, pos: Position) -> list[Finding]:
    """Each held Gift's cost matches the cost its last recorded change left it at."""
    if not any(isinstance(e, GiftChange) for e in contractor.ledger):
        return []
    findings: list[Finding] = []
    for i, gift in enumerate(contractor.gifts):
        recorded = pos.gifts.get(gift.id)
        if recorded is None:
            findings.append(
                Finding(
                    "rewards.gift_without_history",
                    f"Gift {gift.id!r} has no recorded Gift Credit or Improvement spent on it",
                    f"gifts[{i}]",
                )
            )
        elif recorded != gift.cost:
            findings.append(
                Finding(
                    "rewards.gift_cost_history",
                    f"Gift {gift.id!r} costs {gift.cost} but its last recorded change left it"
                    f" at {recorded}",
                    f"gifts[{i}]",
                    numbers={"cost": gift.cost, "recorded": recorded},
                )
            )
    return findings


FINAL_CHECKS: tuple[FinalCheck, ...] = (check_gift_balance, check_gift_history)
"""Checks run once on the whole fold."""


# --------------------------------------------------------------------------- the fold


@dataclass(frozen=True, slots=True)
class LedgerFold:
    """Everything folded from a contractor's creation and ledger, with the findings."""

    ratings: Ratings
    exp: ExpSummary
    rewards: RewardSummary
    contracts_attended: int
    victories: int
    alive: bool
    deaths: int
    deaths_voided: int
    cycle_open: str
    assets: tuple[AssetPick, ...]
    liabilities: tuple[AssetPick, ...]
    lines: tuple[LedgerLine, ...]
    findings: tuple[Finding, ...]

    @property
    def status(self) -> Status:
        return status_from_victories(self.victories)

    @property
    def charon_coins_earned(self) -> int:
        """A Coin of Charon for each death not voided ("Coins of Charon")."""
        return self.deaths


def crashed(rule: str, where: str, what: str, exc: BaseException) -> Finding:
    """The ERROR a check that raised becomes: the sheet is reported, never crashes."""
    return Finding(
        rule,
        f"{what} could not be checked ({type(exc).__name__}: {exc}); the data there is not valid",
        where,
        numbers={"exception": type(exc).__name__},
    )


def _exp_summary(pos: Position) -> ExpSummary:
    cap = bonus_cap(pos.victories)
    return ExpSummary(
        starting=STARTING_EXP,
        creation_cost=pos.creation_cost,
        earned_by_source=MappingProxyType(dict(pos.earned)),
        earned_total=pos.earned_total,
        spent_by_kind=MappingProxyType(dict(pos.spent)),
        spent_total=pos.spent_total,
        available=pos.available,
        bonus_cap=cap,
        bonus_eligible=pos.alive and pos.earned_total <= cap,
    )


def _reward_summary(pos: Position) -> RewardSummary:
    credits = pos.credits_earned_total
    improvements = pos.improvements_earned_total
    cap = pos.improvement_cap
    return RewardSummary(
        credits_earned_by_source=MappingProxyType(dict(pos.credits_earned)),
        credits_earned=credits,
        improvements_earned_by_source=MappingProxyType(dict(pos.improvements_earned)),
        improvements_earned=improvements,
        credits_spent=pos.credits_spent,
        improvements_spent=pos.improvements_spent,
        credits_available=credits - pos.credits_spent,
        improvements_available=min(improvements, cap) - pos.improvements_spent,
        improvement_cap=cap,
    )


def fold_ledger(contractor: Contractor) -> LedgerFold:
    """Fold creation and every ledger entry into ratings, Exp and rewards, with findings.

    Never raises on odd entries: an entry that cannot be posted becomes a
    ``ledger.entry_invalid`` ERROR and is skipped; a check that fails becomes
    a ``ledger.check_crashed`` ERROR.
    """
    pos = Position.start(contractor)
    findings: list[Finding] = []
    lines: list[LedgerLine] = []
    for index, entry in enumerate(contractor.ledger):
        where = _where(index)
        poster = POSTERS.get(type(entry))
        if poster is None:
            findings.append(
                Finding(
                    "ledger.unknown_entry",
                    f"unknown ledger entry {type(entry).__name__}",
                    where,
                )
            )
            continue
        try:
            posting, found = poster(index, entry, pos)
        except Exception as exc:  # a malformed entry must not stop the audit
            findings.append(crashed("ledger.entry_invalid", where, "this entry", exc))
            continue
        findings.extend(found)
        for check in ENTRY_CHECKS:
            try:
                findings.extend(check(index, entry, pos, posting))
            except Exception as exc:
                findings.append(crashed("ledger.check_crashed", where, check.__name__, exc))
        try:
            book(entry, posting, pos)
        except Exception as exc:
            findings.append(crashed("ledger.entry_invalid", where, "this entry", exc))
            continue
        lines.append(
            LedgerLine(
                index=index,
                entry=type(entry).__name__,
                date=str(getattr(entry, "date", "")),
                earned=sum(posting.earned.values()),
                spent=posting.price if posting.spend_kind else 0,
                available_after=pos.available,
                credits=sum(posting.credits_earned.values()) - posting.credits_spent,
                improvements=sum(posting.improvements_earned.values()) - posting.improvements_spent,
            )
        )
    for final in FINAL_CHECKS:
        try:
            findings.extend(final(contractor, pos))
        except Exception as exc:
            findings.append(crashed("ledger.check_crashed", "gifts", final.__name__, exc))
    return LedgerFold(
        ratings=pos.ratings(),
        exp=_exp_summary(pos),
        rewards=_reward_summary(pos),
        contracts_attended=pos.contracts,
        victories=pos.victories,
        alive=pos.alive,
        deaths=pos.deaths,
        deaths_voided=pos.deaths_voided,
        cycle_open=pos.cycle_open,
        assets=tuple(pos.assets),
        liabilities=tuple(pos.liabilities),
        lines=tuple(lines),
        findings=tuple(findings),
    )
