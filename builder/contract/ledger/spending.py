"""Posters for the entries that spend: raises, Assets, Liabilities, Therapy, Crafting, Gifts.

Each poster prices one entry by the rules at its position ("Spending
Experience", "Curing Traumas", "Crafting", "Gift Credits and Improvements") and
returns its ``Posting`` with the findings only that kind of entry can raise.
"""

from __future__ import annotations

from builder.contract.character import (
    AssetKind,
    BuyAsset,
    Craft,
    GiftChange,
    GiftChangeKind,
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
from builder.contract.creation import APPROVAL, GIFTED_ASSET_ID
from builder.contract.ledger.values import (
    NOTHING,
    Position,
    Posting,
    PostResult,
    bad_enum,
    crafting_kind,
    entry_place,
    enum_of,
    is_int,
)
from builder.contract.status import Status
from builder.core.findings import Finding, Severity

_KIND_LABELS = {TraitKind.ATTRIBUTE: "Attributes", TraitKind.ABILITY: "Primary Abilities"}


def _trait_words(kind: TraitKind, trait: str) -> str:
    """A raised trait as the sheet names it: "Dexterity", "Source", "Knife Fighting"."""
    if kind is TraitKind.SECONDARY:
        return str(trait)
    return str(trait).replace("_", " ").title()


def _above_max_reason(kind: TraitKind, to_rating: int, status: Status) -> str:
    if kind is TraitKind.ATTRIBUTE:
        return f"Attributes stop at {ATTRIBUTE_MAX}"
    if to_rating > ABILITY_MAX_SEASONED:
        return f"Abilities stop at {ABILITY_MAX_SEASONED}"
    return f"a 6th rank needs Seasoned status; this contractor is {status.label}"


def post_raise(index: int, entry: Raise, pos: Position) -> PostResult:
    """A raise priced by ``builder.contract.costs``, within the caps at this moment.

    A raise of several ranks at once is priced as the sum of its single steps
    (Brawn 1→3 is 5 + 10 = 15 Exp, 2→4 is 10 + 15 = 25), so it is legal at
    that price and an ``exp.wrong_price`` ERROR at any other. Attributes stop
    at 5; Abilities at 5, or 6 once the contractor is Seasoned; Source needs a
    Gift and has no maximum.
    """
    where = entry_place(index)
    kind = enum_of(TraitKind, entry.kind)
    if kind is None:
        return bad_enum(index, "raise.unknown_kind", "trait kind", entry.kind, TraitKind)
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
                    f"{trait!r} is not one of the {_KIND_LABELS[kind]} on the sheet; edit this "
                    "Raise to name one, or remove it",
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
    if not is_int(to) or to <= current:
        return NOTHING, [
            Finding(
                "raise.not_up",
                f"raises {_trait_words(kind, trait)} to {to!r}, but it is already {current}; "
                f"a raise goes up from {current}. Edit this Raise to a higher rating or "
                "remove it",
                where,
                numbers={"from": current, "to": to},
            )
        ]
    findings: list[Finding] = []
    cap = max_rating(kind, pos.status)
    if cap is not None and to > cap:
        findings.append(
            Finding(
                "raise.above_max",
                f"{_trait_words(kind, trait)} cannot reach {to}: "
                f"{_above_max_reason(kind, to, pos.status)}",
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
    where = entry_place(index)
    asset = entry.asset
    findings: list[Finding] = []
    if asset.kind != AssetKind.ASSET:
        findings.append(
            Finding("asset.kind", f"{asset.name!r} is a {asset.kind}, not an Asset to buy", where)
        )
    if not is_int(asset.value) or asset.value < 0:
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
    where = entry_place(index)
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
    value = held.value if is_int(held.value) and held.value >= 0 else 0
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
            Finding(
                "therapy.no_trauma", "therapy must name the Trauma it treats", entry_place(index)
            )
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
    where = entry_place(index)
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


def _removal_findings(kind: GiftChangeKind, entry: GiftChange, where: str) -> list[Finding]:
    """A removal leaves the Gift at cost 0 and can only give rewards back, never spend them."""
    refund_only = entry.cost_after == 0 and entry.credits <= 0 and entry.improvements <= 0
    if kind is not GiftChangeKind.REMOVED or refund_only:
        return []
    return [
        Finding(
            "rewards.removal",
            f"removing Gift {entry.gift_id!r} must leave it at cost 0 and only refund; this entry"
            f" leaves cost {entry.cost_after} and spends {entry.credits} Gift Credits and"
            f" {entry.improvements} Improvements",
            where,
            numbers={
                "cost_after": entry.cost_after,
                "credits": entry.credits,
                "improvements": entry.improvements,
            },
        )
    ]


def post_gift_change(index: int, entry: GiftChange, pos: Position) -> PostResult:  # noqa: C901  (complexity 13 when the limits came in)
    """Gift Credits and Improvements spent on a Gift, checked against what was earned.

    A new Gift needs at least one Gift Credit and takes no Improvements;
    Improvements only raise a Gift already held. Improvements used may not
    exceed 2 × victories − Gift Credits earned ("Improvement Limits").
    """
    where = entry_place(index)
    kind = enum_of(GiftChangeKind, entry.kind)
    if kind is None:
        return bad_enum(index, "rewards.change_kind", "Gift change", entry.kind, GiftChangeKind)
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
    findings += _removal_findings(kind, entry, where)
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
