"""Named operations that advance a contractor: the only way the app changes one.

Each operation builds the ledger entry (and any sheet change that goes with
it), evaluates the sheet before and after with ``builder.contract.sheet.evaluate_sheet``
and returns ``Result(character, findings)`` (``builder.core.result``, shared
with every game system):

- ``findings`` are the findings the operation introduced (a new WARNING, such
  as "needs Playgroup Leader approval", does not stop it);
- if any of them is an ERROR the operation is refused and ``character`` is
  the contractor passed in, unchanged.

Because the operations only append entries and let the fold judge them, a
rule is written once, in ``builder.contract.ledger``, and the app, the audit and these
operations can never disagree. ``spend_options`` lists every one-step raise
with its price, and the reason when it is not allowed, for the spending screen.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from builder.contract.character import (
    ATTRIBUTES,
    PRIMARY_ABILITIES,
    AssetPick,
    BattleScar,
    BonusExp,
    BonusKind,
    BuyAsset,
    ContractAttended,
    Contractor,
    Craft,
    CraftedItem,
    Death,
    Entry,
    Gift,
    GiftChange,
    GiftChangeKind,
    Hustle,
    ImprovementGranted,
    ImprovementKind,
    Injury,
    Journal,
    LooseEnd,
    Raise,
    RemoveLiability,
    ScarTier,
    Therapy,
    ThreatLevel,
    TraitKind,
    WillToSurvive,
    new_loose_end_key,
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
    raise_cost,
)
from builder.contract.ledger import (
    BONUS_EXP,
    LedgerFold,
    crafting_kind,
    fold_ledger,
    will_to_survive_severity,
)
from builder.contract.ledger.earning import count_words
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status
from builder.core.findings import Finding, errors
from builder.core.result import Result

# --------------------------------------------------------------------------- results


def _refuse(contractor: Contractor, rule: str, message: str, where: str = "") -> Result[Contractor]:
    return Result(contractor, (Finding(rule, message, where),))


def _commit(before: Contractor, after: Contractor) -> Result[Contractor]:
    """Keep ``after`` unless it brings a new ERROR; report every new finding either way."""
    seen = {(f.rule, f.where) for f in evaluate_sheet(before).findings}
    fresh = tuple(f for f in evaluate_sheet(after).findings if (f.rule, f.where) not in seen)
    if errors(fresh):
        return Result(before, fresh)
    return Result(after, fresh)


def _append(contractor: Contractor, *entries: Entry) -> Contractor:
    return replace(contractor, ledger=(*contractor.ledger, *entries))


# --------------------------------------------------------------------------- spending Exp


def raise_trait(
    contractor: Contractor,
    kind: TraitKind | str,
    trait: str,
    date: str,
    to_rating: int | None = None,
) -> Result[Contractor]:
    """Raise a trait at the rule price ("Spending Experience"): one rank, or to ``to_rating``.

    ``trait`` is an Attribute or Primary Ability id, a Secondary Ability's name
    (a new name starts it at 0 → 1) or "source". A raise of several ranks
    costs the sum of its single steps (Brawn 2 → 4: 10 + 15 = 25 Exp).
    """
    try:
        kind = TraitKind(kind)
    except ValueError:
        return _refuse(contractor, "raise.unknown_kind", f"unknown trait kind {kind!r}")
    fold = fold_ledger(contractor)
    if kind is TraitKind.SECONDARY:
        trait = fold.ratings.secondary_key(trait)
    elif kind is TraitKind.SOURCE:
        trait = "source"
    try:
        current = fold.ratings.rating(kind, trait)
    except KeyError:
        return _refuse(
            contractor, "raise.unknown_trait", f"{trait!r} is not a {kind.value} on the sheet"
        )
    target = current + 1 if to_rating is None else to_rating
    try:
        price = cost_to_reach(kind, current, target)
    except ValueError:
        price = 0  # Source before the first Gift, or a rating down: the fold explains
    return _commit(contractor, _append(contractor, Raise(date, kind, trait, target, price)))


def buy_asset(contractor: Contractor, asset: AssetPick, date: str) -> Result[Contractor]:
    """Buy an Asset: its value before the first Contract, value × 3 after (leader approval)."""
    fold = fold_ledger(contractor)
    try:
        price = asset_price(asset.value, fold.contracts_attended > 0)
    except (TypeError, ValueError):
        price = 0  # the fold reports the bad value
    return _commit(contractor, _append(contractor, BuyAsset(date, asset, price)))


def remove_liability(contractor: Contractor, liability: str, date: str) -> Result[Contractor]:
    """Buy off a Liability on the sheet: its value before the first Contract, value × 3 after."""
    fold = fold_ledger(contractor)
    wanted = liability.strip().lower()
    held = next((li for li in fold.liabilities if li.name.strip().lower() == wanted), None)
    if held is None:
        return _refuse(
            contractor,
            "liability.unknown",
            f"there is no Liability {liability!r} on the sheet to remove",
        )
    price = asset_price(held.value, fold.contracts_attended > 0)
    entry = RemoveLiability(date, held.name, held.value, price)
    return _commit(contractor, _append(contractor, entry))


def treat_trauma(contractor: Contractor, trauma: str, date: str) -> Result[Contractor]:
    """Cure a Trauma with therapy for 3 Exp; it leaves the Health tab ("Curing Traumas")."""
    wanted = trauma.strip().lower()
    traumas = contractor.health.traumas
    index = next((i for i, t in enumerate(traumas) if t.name.strip().lower() == wanted), None)
    if index is None:
        return _refuse(
            contractor,
            "therapy.unknown_trauma",
            f"the contractor has no Trauma named {trauma!r} to treat",
            "health.traumas",
        )
    health = replace(contractor.health, traumas=traumas[:index] + traumas[index + 1 :])
    after = replace(
        _append(contractor, Therapy(date, traumas[index].name, THERAPY_COST)), health=health
    )
    return _commit(contractor, after)


def craft_item(
    contractor: Contractor, gift_id: str, item: str, date: str, free: bool = False
) -> Result[Contractor]:
    """Craft a Consumable (1 Exp) or an Artifact (1 + Gift Cost) from a crafting Gift.

    ``free`` claims a free copy a rule grants; the fold checks one is owed.
    The item goes into the Stock tab.
    """
    gift = next((g for g in contractor.gifts if g.id == gift_id), None)
    if gift is None:
        return _refuse(
            contractor, "craft.unknown_gift", f"the contractor holds no Gift {gift_id!r}"
        )
    kind = crafting_kind(gift.draft.gift_type)
    if kind is None:
        return _refuse(
            contractor,
            "craft.not_crafting_gift",
            f"Gift {gift_id!r} is not an Artifact or Consumable Crafting Gift",
        )
    price = CONSUMABLE_COST if kind == "consumable" else artifact_price(gift.cost)
    if free:
        price = 0
    stock = contractor.stock
    shelf = stock.consumables if kind == "consumable" else stock.artifacts
    same = next(
        (i for i, it in enumerate(shelf) if it.name == item and it.gift_id == gift_id), None
    )
    if same is None:
        shelf = (*shelf, CraftedItem(item, gift_id))
    else:
        shelf = tuple(
            replace(it, quantity=it.quantity + 1) if i == same else it for i, it in enumerate(shelf)
        )
    stock = (
        replace(stock, consumables=shelf)
        if kind == "consumable"
        else replace(stock, artifacts=shelf)
    )
    after = replace(_append(contractor, Craft(date, gift_id, item, free, price)), stock=stock)
    return _commit(contractor, after)


# --------------------------------------------------------------------------- earning


def record_contract(
    contractor: Contractor, contract: ContractAttended, journals: Iterable[Journal] = ()
) -> Result[Contractor]:
    """Record a Contract attended and the Journals written about it, in that order."""
    kept = tuple(_counted(j) for j in journals)
    return _commit(contractor, _append(contractor, contract, *kept))


def _counted(journal: Journal) -> Journal:
    """A Journal with text carries the word count of its text ("Journals": 250+ words)."""
    if journal.text.strip():
        return replace(journal, words=count_words(journal.text))
    return journal


def add_journal(contractor: Contractor, journal: Journal) -> Result[Contractor]:
    """Add a Journal, its word count taken from its text when it has one.

    A short one or one over the Exp cap is kept but earns nothing (WARNING);
    one without text keeps its claimed count ("word count not verifiable").
    """
    return _commit(contractor, _append(contractor, _counted(journal)))


def add_bonus_exp(
    contractor: Contractor,
    kind: BonusKind | str,
    date: str,
    note: str = "",
    exp: int | None = None,
) -> Result[Contractor]:
    """Give Bonus Exp of ``kind`` at its rule amount (or a claimed ``exp``, which must match)."""
    try:
        kind = BonusKind(kind)
    except ValueError:
        return _refuse(contractor, "exp.bonus_kind", f"unknown Bonus Exp kind {kind!r}")
    amount = BONUS_EXP[kind] if exp is None else exp
    return _commit(contractor, _append(contractor, BonusExp(date, kind, amount, note)))


def grant_improvement(
    contractor: Contractor, kind: ImprovementKind | str, date: str, note: str = ""
) -> Result[Contractor]:
    """Grant an Improvement for GMing a Contract or for a Scenario write-up."""
    try:
        kind = ImprovementKind(kind)
    except ValueError:
        return _refuse(contractor, "rewards.improvement_kind", f"unknown Improvement kind {kind!r}")
    return _commit(contractor, _append(contractor, ImprovementGranted(date, kind, note)))


# --------------------------------------------------------------------------- gifts


def add_gift(
    contractor: Contractor,
    gift: Gift,
    date: str,
    credits: int = 1,
    improvements: int = 0,
    note: str = "",
) -> Result[Contractor]:
    """Give the contractor a new Gift paid with Gift Credits (at least one)."""
    if any(g.id == gift.id for g in contractor.gifts):
        return _refuse(
            contractor,
            "rewards.gift_exists",
            f"the contractor already holds a Gift with id {gift.id!r}",
            "gifts",
        )
    entry = GiftChange(date, gift.id, GiftChangeKind.NEW, 0, gift.cost, credits, improvements, note)
    after = replace(_append(contractor, entry), gifts=(*contractor.gifts, gift))
    return _commit(contractor, after)


def change_gift(
    contractor: Contractor,
    gift: Gift,
    kind: GiftChangeKind | str,
    date: str,
    credits: int = 0,
    improvements: int = 0,
    note: str = "",
) -> Result[Contractor]:
    """Save a new revision of a held Gift and the rewards it spends (negative: refunds)."""
    try:
        kind = GiftChangeKind(kind)
    except ValueError:
        return _refuse(contractor, "rewards.change_kind", f"unknown Gift change {kind!r}")
    if kind is GiftChangeKind.NEW:
        return _refuse(
            contractor, "rewards.change_kind", "a new Gift is added with add_gift, not changed"
        )
    index = next((i for i, g in enumerate(contractor.gifts) if g.id == gift.id), None)
    if index is None:
        return _refuse(
            contractor,
            "rewards.unknown_gift",
            f"the contractor holds no Gift {gift.id!r} to change",
            "gifts",
        )
    old = contractor.gifts[index]
    entry = GiftChange(date, gift.id, kind, old.cost, gift.cost, credits, improvements, note)
    gifts = tuple(gift if i == index else g for i, g in enumerate(contractor.gifts))
    return _commit(contractor, replace(_append(contractor, entry), gifts=gifts))


# --------------------------------------------------------------------------- death and loose ends


def declare_death(contractor: Contractor, date: str, cause: str = "") -> Result[Contractor]:
    """Record the contractor's death; the player earns a Coin of Charon."""
    return _commit(contractor, _append(contractor, Death(date, cause)))


def void_death(contractor: Contractor, date: str, cause: str = "") -> Result[Contractor]:
    """Void the recorded death; the sheet keeps a notice that a death was voided."""
    return _commit(contractor, _append(contractor, Death(date, cause, voided=True)))


def add_loose_end(
    contractor: Contractor,
    title: str,
    threat_level: ThreatLevel | str,
    cutoff: int,
    threat: str = "",
) -> Result[Contractor]:
    """A GM grants a Loose End; its Cutoff counts down from the next Contract attended."""
    try:
        level = ThreatLevel(threat_level)
    except ValueError:
        return _refuse(
            contractor, "loose_end.threat_level", f"unknown threat level {threat_level!r}"
        )
    if not isinstance(cutoff, int) or cutoff < 0:
        return _refuse(
            contractor, "loose_end.cutoff", f"a Cutoff is a number of Contracts, not {cutoff!r}"
        )
    granted_after = fold_ledger(contractor).contracts_attended
    loose_end = LooseEnd(title, level, cutoff, granted_after, threat, key=new_loose_end_key())
    return _commit(contractor, replace(contractor, loose_ends=(*contractor.loose_ends, loose_end)))


def record_hustle(
    contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
) -> Result[Contractor]:
    """Record the Hustle a due Loose End's Threat required ("Loose Ends").

    Until it is recorded the contractor may not attend another Contract.
    """
    if not 0 <= index < len(contractor.loose_ends):
        return _refuse(contractor, "loose_end.unknown", f"there is no Loose End {index}")
    title = contractor.loose_ends[index].title
    return _commit(contractor, _append(contractor, Hustle(date, title, gm, note)))


def use_will_to_survive(
    contractor: Contractor,
    injury: Injury,
    date: str,
    scar: str,
    *,
    falling: bool = False,
    severity: int | None = None,
) -> Result[Contractor]:
    """Take an incoming ``injury`` with Will to Survive ("Will to Survive").

    The Injury is recorded at ``severity`` (default the lowest allowed: down by
    4, not below 4, so 10 → 6 and 6 → 4); the contractor takes 1 Mind damage
    and the Major Battle Scar ``scar``, which stays after the Injury heals.
    Refused a second time on the same Contract and against falling damage.
    """
    after = will_to_survive_severity(injury.severity) if severity is None else severity
    entry = WillToSurvive(date, injury.description, injury.severity, after, scar, falling)
    health = contractor.health
    health = replace(
        health,
        injuries=(*health.injuries, replace(injury, severity=after)),
        mind_damage=health.mind_damage + 1,
        battle_scars=(*health.battle_scars, BattleScar(scar or "Will to Survive", ScarTier.MAJOR)),
    )
    return _commit(contractor, replace(_append(contractor, entry), health=health))


def resolve_loose_end(contractor: Contractor, index: int) -> Result[Contractor]:
    """Mark a Loose End as dealt with (by a Move, or after its Threat played out)."""
    if not 0 <= index < len(contractor.loose_ends):
        return _refuse(contractor, "loose_end.unknown", f"there is no Loose End {index}")
    ends = tuple(
        replace(le, resolved=True) if i == index else le
        for i, le in enumerate(contractor.loose_ends)
    )
    return _commit(contractor, replace(contractor, loose_ends=ends))


# --------------------------------------------------------------------------- spend options


@dataclass(frozen=True, slots=True)
class SpendOption:
    """One possible one-rank raise, priced, with the reason when it is not allowed."""

    kind: TraitKind
    trait: str
    label: str
    from_rating: int
    to_rating: int
    exp: int
    allowed: bool
    reason: str = ""


def _blocked(fold: LedgerFold) -> str:
    if not fold.alive:
        return "dead contractors cannot spend Exp"
    if fold.cycle_open:
        return "no spending during a Cycle"
    return ""


def _cap_reason(kind: TraitKind, current: int, status: Status) -> str:
    cap = max_rating(kind, status)
    if cap is None or current < cap:
        return ""
    if kind is TraitKind.ATTRIBUTE:
        return f"Attributes stop at {ATTRIBUTE_MAX}"
    if current >= ABILITY_MAX_SEASONED:
        return f"Abilities stop at {ABILITY_MAX_SEASONED}"
    return "needs Seasoned status for a 6th rank"


def _option(
    kind: TraitKind, trait: str, label: str, current: int, fold: LedgerFold, block: str
) -> SpendOption:
    reason = block or _cap_reason(kind, current, fold.status)
    exists = not (
        (kind is TraitKind.ATTRIBUTE and current >= ATTRIBUTE_MAX)
        or (kind in (TraitKind.ABILITY, TraitKind.SECONDARY) and current >= ABILITY_MAX_SEASONED)
    )
    if kind is TraitKind.SOURCE and current < 1:
        exp = 0
        reason = reason or "Source comes with the first Gift"
    else:
        exp = raise_cost(kind, current) if exists else 0
    available = fold.exp.available
    if not reason and exp > available:
        reason = f"only {available} Exp available"
    return SpendOption(kind, trait, label, current, current + 1, exp, not reason, reason)


def spend_options(contractor: Contractor) -> tuple[SpendOption, ...]:
    """Every one-rank raise: all Attributes, all Primary Abilities, the Secondary
    Abilities on the sheet, and Source, each with its price and, if not allowed, why.

    Reasons, first that applies: dead, "no spending during a Cycle", the rating
    cap ("Attributes stop at 5", "needs Seasoned status for a 6th rank"), then
    "only N Exp available".
    """
    fold = fold_ledger(contractor)
    block = _blocked(fold)
    ratings = fold.ratings
    options = [
        _option(TraitKind.ATTRIBUTE, a, a.capitalize(), ratings.attributes[a], fold, block)
        for a in ATTRIBUTES
    ]
    options += [
        _option(TraitKind.ABILITY, a, a.capitalize(), ratings.abilities[a], fold, block)
        for a in PRIMARY_ABILITIES
    ]
    options += [
        _option(TraitKind.SECONDARY, name, name, rating, fold, block)
        for name, rating in sorted(ratings.secondary.items(), key=lambda kv: kv[0].lower())
    ]
    options.append(
        _option(
            TraitKind.SOURCE,
            "source",
            contractor.source.name or "Source",
            ratings.source,
            fold,
            block,
        )
    )
    return tuple(options)


__all__ = [
    "SpendOption",
    "add_bonus_exp",
    "add_gift",
    "add_journal",
    "add_loose_end",
    "buy_asset",
    "change_gift",
    "craft_item",
    "declare_death",
    "grant_improvement",
    "raise_trait",
    "record_contract",
    "remove_liability",
    "resolve_loose_end",
    "spend_options",
    "treat_trauma",
    "void_death",
]
