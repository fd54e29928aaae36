"""Rule numbers printed on the blank sheet, for players who build a contractor on paper.

This is the one place printing/ holds rule figures, and only for the blank
sheet: a filled sheet takes every number from its snapshot. The figures are
read from ``builder`` (prices, derived-value tables) whenever that is
possible, so the blank sheet and the app cannot disagree.
"""

from __future__ import annotations

from dataclasses import dataclass

from printing.snapshot import PenaltyBand


@dataclass(frozen=True, slots=True)
class PriceStep:
    """One rank bought: from ``rating`` to ``rating + 1`` costs ``exp``; ``note`` says who may."""

    rating: int
    exp: int
    note: str = ""


STARTING_EXP = 150
"""Exp every new contractor has to spend ("Creating a Contractor")."""

ATTRIBUTE_START = 1
ATTRIBUTE_MAX = 5
ABILITY_MAX = 5
ABILITY_MAX_SEASONED = 6
AFTER_CREATION_MULTIPLIER = 3
THERAPY_EXP = 3
CONSUMABLE_EXP = 1


def attribute_prices() -> list[PriceStep]:
    """Attribute r→r+1 costs 5 × r: 1→2 is 5, 2→3 is 10, 3→4 is 15, 4→5 is 20."""
    return [PriceStep(r, 5 * r) for r in range(ATTRIBUTE_START, ATTRIBUTE_MAX)]


def ability_prices() -> list[PriceStep]:
    """Ability 0→1 costs 2, then r→r+1 costs 2 × r; the 6th rank is Seasoned and up."""
    steps = [PriceStep(r, 2 if r == 0 else 2 * r) for r in range(0, ABILITY_MAX_SEASONED)]
    return [
        PriceStep(s.rating, s.exp, "Seasoned and up" if s.rating + 1 > ABILITY_MAX else "")
        for s in steps
    ]


def source_prices(up_to: int = 6) -> list[PriceStep]:
    """Source r→r+1 costs 2 × r; it starts at 1 with the first Gift and has no maximum."""
    return [PriceStep(r, 2 * r) for r in range(1, up_to)]


BODY_BY_BRAWN: tuple[tuple[str, int], ...] = (("1–2", 6), ("3–4", 7), ("5–6", 8), ("7–8", 9))
"""Body = 5 + Brawn / 2 rounded up ("Body")."""

LIFT_BY_BRAWN: tuple[tuple[int, int], ...] = (
    (1, 75),
    (2, 125),
    (3, 225),
    (4, 300),
    (5, 375),
    (6, 500),
    (7, 700),
    (8, 1000),
)
"""Lifting maximum in pounds by Brawn ("Lifting and Hauling")."""

BODY_BANDS: tuple[PenaltyBand, ...] = (
    PenaltyBand("6+", "Bruised", "None"),
    PenaltyBand("5", "Hurt", "−1 die"),
    PenaltyBand("4", "Injured", "−1 die"),
    PenaltyBand("3", "Wounded", "−2 dice"),
    PenaltyBand("2", "Mauled", "−3 dice"),
    PenaltyBand("1", "Maimed", "−4 dice"),
    PenaltyBand("0", "Incapacitated", "Cannot move or act"),
    PenaltyBand("below 0", "Dead", "To the Graveyard"),
)
"""Physical Penalty by Body remaining ("Calculating Penalty")."""

MIND_BANDS: tuple[PenaltyBand, ...] = (
    PenaltyBand("6+", "Distracted", "None"),
    PenaltyBand("5", "Rattled", "−1 die"),
    PenaltyBand("4", "Worried", "−1 die"),
    PenaltyBand("3", "Alarmed", "−2 dice"),
    PenaltyBand("2", "Frantic", "−3 dice"),
    PenaltyBand("1", "Delirious", "−4 dice"),
    PenaltyBand("0", "Incapacitated", "Out of action"),
)
"""Mind Penalty by Mind remaining ("Calculating Penalty")."""

FORMULAS: tuple[tuple[str, str], ...] = (
    ("Body", "5 + Brawn ÷ 2, rounded up; −1 for each Battle Scar after the 4th"),
    ("Mind", "Intellect + Charisma + 1, at most 9; −1 for each Trauma after the 4th"),
    ("Body damage", "Severity of the worst Injury + 1 for each other Injury"),
    ("Penalty", "Body penalty + Mind penalty; no pool drops below 2 dice"),
    ("Initiative pool", "Dexterity + Perception"),
    ("Free movement", "5 + 5 × Dexterity − 5 × Penalty feet, at least 5"),
    ("Extra sprint steps", "Up to Brawn steps of 5 feet, −1 die each"),
    ("Carry limit", "15 lb × Brawn"),
)
"""How each derived value is found, in words for a pen-and-paper player."""

SPENDING: tuple[tuple[str, str], ...] = (
    ("Starting Exp", f"{STARTING_EXP}"),
    ("Asset at creation", "its value"),
    ("Liability at creation", "gives back its value"),
    ("Asset after creation", f"value × {AFTER_CREATION_MULTIPLIER} (leader approval)"),
    ("Remove a Liability", f"value × {AFTER_CREATION_MULTIPLIER} (leader approval)"),
    ("Trauma therapy", f"{THERAPY_EXP}"),
    ("Extra Consumable", f"{CONSUMABLE_EXP}"),
    ("Extra Artifact", "1 + its Gift Cost"),
)
"""Other Exp prices ("Spending Experience")."""

EARNING: tuple[tuple[str, str], ...] = (
    ("Contract in your home playgroup", "+3"),
    ("Contract away", "+1"),
    ("Victory", "+2 and 1 Gift Credit"),
    ("Commission", "+2"),
    ("Journal of 250+ words", "+1, at most 2 per Contract attended"),
    ("Every 4th Contract Journal", "an Improvement instead of the Exp"),
    ("Gift Credits + Improvements", "at most 2 × victories"),
)
"""How Exp and rewards are earned ("Earning Experience", "Rewards")."""

REPLENISHMENT: tuple[tuple[str, str], ...] = (
    ("Novice", "1 condition, 1 day cooldown"),
    ("Seasoned", "1 condition, 1 hour cooldown"),
    ("Professional", "2 conditions, 1 hour cooldown each"),
    ("Veteran", "3 conditions, 1 hour cooldown each"),
)
"""Source replenishment conditions by Status ("Source")."""

GIFT_COST = (
    "Gift Cost = 1 + Gift Type adjustment + Effect-with-Style adjustment + 1 per Enhancement "
    "− 1 per Drawback + the steps each Parameter is raised above its default. "
    "A Gift costs at least 1. A new Gift needs a Gift Credit; "
    "an Improvement raises an existing one."
)
