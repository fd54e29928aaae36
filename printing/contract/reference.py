"""Rule figures printed on the blank sheet, read from ``builder``.

A pen-and-paper player needs the prices and tables on paper. Every figure
here is asked of the rules modules (``builder.contract.costs``, ``builder.contract.derived``,
``builder.contract.ledger``, ``builder.contract.creation``) rather than typed again, so the
blank sheet and the app cannot disagree. Only the wording is printing's.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby

from builder.contract import costs, derived, ledger
from builder.contract.creation import STARTING_EXP
from builder.contract.status import Status
from printing.contract.penalty import body_bands, mind_bands
from printing.contract.views import PenaltyBand

__all__ = [
    "ABILITY_MAX",
    "ABILITY_MAX_SEASONED",
    "ATTRIBUTE_MAX",
    "ATTRIBUTE_START",
    "STARTING_EXP",
    "PriceStep",
    "ability_prices",
    "attribute_prices",
    "body_by_brawn",
    "body_table",
    "earning",
    "formulas",
    "gift_cost_rule",
    "lift_by_brawn",
    "mind_table",
    "replenishment",
    "source_prices",
    "spending",
]

ATTRIBUTE_START = costs.ATTRIBUTE_MIN
ATTRIBUTE_MAX = costs.ATTRIBUTE_MAX
ABILITY_MAX = costs.ABILITY_MAX
ABILITY_MAX_SEASONED = costs.ABILITY_MAX_SEASONED
SOURCE_RANKS_SHOWN = 5
"""Source has no maximum; the blank sheet lists its first few prices."""


@dataclass(frozen=True, slots=True)
class PriceStep:
    """One rank bought: from ``rating`` to ``rating + 1`` costs ``exp``; ``note`` says who may."""

    rating: int
    exp: int
    note: str = ""


def attribute_prices() -> list[PriceStep]:
    """Attribute r→r+1 at 5 × r: 1→2 is 5, 2→3 is 10, 3→4 is 15, 4→5 is 20."""
    return [
        PriceStep(r, costs.attribute_raise_cost(r)) for r in range(ATTRIBUTE_START, ATTRIBUTE_MAX)
    ]


def ability_prices() -> list[PriceStep]:
    """Ability 0→1 at 2, then r→r+1 at 2 × r; the 6th rank is for Seasoned and up."""
    return [
        PriceStep(
            r,
            costs.ability_raise_cost(r),
            "Seasoned and up" if r + 1 > ABILITY_MAX else "",
        )
        for r in range(costs.ABILITY_MIN, ABILITY_MAX_SEASONED)
    ]


def source_prices() -> list[PriceStep]:
    """Source r→r+1 at 2 × r, from the 1 that comes with the first Gift."""
    start = costs.SOURCE_START
    return [
        PriceStep(r, costs.source_raise_cost(r)) for r in range(start, start + SOURCE_RANKS_SHOWN)
    ]


def body_by_brawn() -> list[tuple[str, int]]:
    """Body by Brawn 1–8, grouped where it stays the same ("1–2" → 6)."""
    rows = []
    for body, group in groupby(range(1, 9), key=derived.body_rating):
        brawns = list(group)
        label = str(brawns[0]) if len(brawns) == 1 else f"{brawns[0]}–{brawns[-1]}"
        rows.append((label, body))
    return rows


def lift_by_brawn() -> list[tuple[int, int]]:
    """Lifting maximum in pounds by Brawn ("Lifting and Hauling")."""
    return sorted(derived.LIFT_TABLE_LB.items())


def body_table() -> tuple[PenaltyBand, ...]:
    return body_bands()


def mind_table() -> tuple[PenaltyBand, ...]:
    return mind_bands()


def formulas() -> list[tuple[str, str]]:
    """How each derived value is found, in words for a pen-and-paper player."""
    step = derived.FEET_PER_STEP
    return [
        (
            "Body",
            f"{derived.BODY_BASE} + Brawn ÷ 2, rounded up; −1 for each Battle Scar after "
            f"the {derived.FREE_SCARS}th",
        ),
        (
            "Mind",
            f"Intellect + Charisma + 1, at most {derived.MIND_MAX}; −1 for each Trauma after "
            f"the {derived.FREE_TRAUMAS}th",
        ),
        ("Body damage", "Severity of the worst Injury + 1 for each other Injury"),
        (
            "Penalty",
            f"Body penalty + Mind penalty; no pool drops below {derived.MIN_PENALIZED_POOL} dice",
        ),
        ("Initiative pool", "Dexterity + Perception"),
        (
            "Free movement",
            f"{step} + {step} × Dexterity − {step} × Penalty feet, "
            f"at least {derived.MIN_FREE_MOVEMENT_FT}",
        ),
        ("Extra sprint steps", f"Up to Brawn steps of {step} feet, −1 die each"),
        ("Carry limit", f"{derived.CARRY_LB_PER_BRAWN} lb × Brawn"),
    ]


def spending() -> list[tuple[str, str]]:
    """Exp prices other than ratings ("Spending Experience")."""
    times = costs.AFTER_CREATION_ASSET_MULTIPLIER
    return [
        ("Starting Exp", str(STARTING_EXP)),
        ("Asset at creation", "its value"),
        ("Liability at creation", "gives back its value"),
        ("Asset after creation", f"value × {times} (leader approval)"),
        ("Remove a Liability", f"value × {times} (leader approval)"),
        ("Trauma therapy", str(costs.THERAPY_COST)),
        ("Extra Consumable", str(costs.CONSUMABLE_COST)),
        ("Extra Artifact", f"{costs.artifact_price(0)} + its Gift Cost"),
    ]


def earning() -> list[tuple[str, str]]:
    """How Exp and rewards are earned ("Earning Experience", "Gift Credits and Improvements")."""
    return [
        ("Contract in your home playgroup", f"+{ledger.HOME_CONTRACT_EXP}"),
        ("Contract away", f"+{ledger.AWAY_CONTRACT_EXP}"),
        ("Victory", f"+{ledger.VICTORY_EXP} and 1 Gift Credit"),
        ("Commission", f"+{ledger.COMMISSION_EXP}"),
        (
            f"Journal of {ledger.JOURNAL_MIN_WORDS}+ words",
            f"+{ledger.JOURNAL_EXP}, at most {ledger.JOURNAL_EXP_PER_CONTRACT} per Contract "
            "attended",
        ),
        (f"Every {ledger.IMPROVEMENT_EVERY}th Contract Journal", "an Improvement instead of Exp"),
        ("Gift Credits + Improvements", "at most 2 × victories"),
        (
            "Bonus Exp",
            f"only while Exp earned is at most {ledger.BONUS_CAP_BASE} + "
            f"{ledger.BONUS_CAP_PER_VICTORY} × victories",
        ),
    ]


def replenishment() -> list[tuple[str, str]]:
    """Source replenishment conditions by Status ("Source")."""
    rows = []
    for status in Status:
        allowed = derived.source_replenishment(status)
        if not allowed.conditions:
            rows.append((status.label, "none"))
            continue
        plural = "s" if allowed.conditions != 1 else ""
        each = " each" if allowed.conditions > 1 else ""
        rows.append(
            (
                status.label,
                f"{allowed.conditions} condition{plural}, {allowed.cooldown} cooldown{each}",
            )
        )
    return rows


def gift_cost_rule() -> str:
    """The Gift Cost sum in words (SPEC §3, "Building Custom Gifts")."""
    return (
        "Gift Cost = 1 + Gift Type adjustment + Effect-with-Style adjustment + 1 per Enhancement "
        "− 1 per Drawback + the steps each Parameter is raised above its default. "
        "A Gift costs at least 1. A new Gift needs a Gift Credit; "
        "an Improvement raises an existing one."
    )
