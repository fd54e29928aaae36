"""Exp prices of traits and Assets ("Spending Experience", "Attributes and Abilities").

Every Exp price the app shows or checks comes from here:

- an Attribute costs its current rating × 5 to raise by one (Brawn 2→3 is 10
  Exp, 1→3 is 5 + 10 = 15); Attributes start at 1 and stop at 5;
- an Ability (Primary or Secondary) costs 2 Exp for the first rank and then
  its current rating × 2 (0→1 is 2, 1→2 is 2, 2→3 is 4, so 0→5 is 22);
  Abilities start at 0 and stop at 5, with a 6th rank for Seasoned,
  Professional and Veteran contractors;
- Source costs its current rating × 2; it appears at 1 with the first Gift
  (no Exp) and has no stated maximum ("Source");
- an Asset costs its value during creation and value × 3 afterwards, and
  buying off a Liability costs the same ("Assets and Liabilities").

The creation rates are the same as later rates ("The costs to advance a stat
when creating a Contractor remains the same"), so there is one price list.
"""

from __future__ import annotations

from builder.contract.character import TraitKind
from builder.contract.status import Status

ATTRIBUTE_MIN = 1
"""Every Attribute starts at 1 ("Attributes are rated from 1–5")."""

ATTRIBUTE_MAX = 5
"""Attributes stop at 5, whatever the Status."""

ABILITY_MIN = 0
"""Abilities start untrained at 0 ("Abilities are rated from 0–5")."""

ABILITY_MAX = 5
"""Highest Ability rank below Seasoned status."""

ABILITY_MAX_SEASONED = 6
"""Seasoned, Professional and Veteran contractors may buy a 6th rank."""

SOURCE_START = 1
"""Source pools start with a capacity of 1 when the first Gift arrives."""

AFTER_CREATION_ASSET_MULTIPLIER = 3
"""After the first Contract an Asset (or buying off a Liability) costs value × 3."""

THERAPY_COST = 3
"""Treating a Trauma with therapy costs 3 Exp ("Curing Traumas")."""

CONSUMABLE_COST = 1
"""An extra crafted Consumable costs 1 Exp ("Crafting")."""


def _kind(kind: TraitKind | str) -> TraitKind:
    try:
        return TraitKind(kind)
    except ValueError:
        names = ", ".join(k.value for k in TraitKind)
        raise ValueError(f"unknown trait kind {kind!r}; expected one of {names}") from None


def attribute_raise_cost(rating: int) -> int:
    """Exp to raise an Attribute from ``rating`` to ``rating + 1``: current rating × 5.

    Brawn 2→3 costs 10. Ratings below 1 do not exist, so they are a bug.
    """
    if rating < ATTRIBUTE_MIN:
        raise ValueError(f"an Attribute rating is at least {ATTRIBUTE_MIN}, not {rating}")
    return 5 * rating


def ability_raise_cost(rating: int) -> int:
    """Exp to raise an Ability from ``rating`` to ``rating + 1``.

    The first rank costs 2 Exp, later ranks cost the current rating × 2
    ("Abilities cost 2 Exp for the first level, and then 2x their current rating").
    """
    if rating < ABILITY_MIN:
        raise ValueError(f"an Ability rating is at least {ABILITY_MIN}, not {rating}")
    return 2 if rating == 0 else 2 * rating


def source_raise_cost(rating: int) -> int:
    """Exp to raise Source from ``rating`` to ``rating + 1``: current rating × 2.

    Source 0→1 is never bought: the first Gift brings it at 1.
    """
    if rating < SOURCE_START:
        raise ValueError(
            f"Source cannot be bought from {rating};"
            f" it starts at {SOURCE_START} with the first Gift"
        )
    return 2 * rating


def raise_cost(kind: TraitKind | str, rating: int) -> int:
    """Exp for one rank of a trait of ``kind`` ("attribute", "ability", "secondary", "source")."""
    match _kind(kind):
        case TraitKind.ATTRIBUTE:
            return attribute_raise_cost(rating)
        case TraitKind.ABILITY | TraitKind.SECONDARY:
            return ability_raise_cost(rating)
        case TraitKind.SOURCE:
            return source_raise_cost(rating)
    raise AssertionError(kind)  # pragma: no cover - the match is exhaustive


def cost_to_reach(kind: TraitKind | str, from_rating: int, to_rating: int) -> int:
    """Total Exp to raise a trait from ``from_rating`` to ``to_rating``, one rank at a time.

    Brawn 1→3 is 5 + 10 = 15; an Ability 0→5 is 2 + 2 + 4 + 6 + 8 = 22. Reaching
    the rating one already has costs nothing; going down is not a purchase.
    """
    if to_rating < from_rating:
        raise ValueError(f"cannot buy a rating down from {from_rating} to {to_rating}")
    return sum(raise_cost(kind, r) for r in range(from_rating, to_rating))


def starting_rating(kind: TraitKind | str) -> int:
    """The rating a trait has before any Exp is spent on it (Source: once a Gift is held)."""
    match _kind(kind):
        case TraitKind.ATTRIBUTE:
            return ATTRIBUTE_MIN
        case TraitKind.ABILITY | TraitKind.SECONDARY:
            return ABILITY_MIN
        case TraitKind.SOURCE:
            return SOURCE_START
    raise AssertionError(kind)  # pragma: no cover


def max_rating(kind: TraitKind | str, status: Status) -> int | None:
    """Highest rating a trait of ``kind`` may be bought to at ``status``; None means no limit.

    Attributes stop at 5. Abilities stop at 5, or 6 from Seasoned status on
    ("Seasoned, Professional, and Veteran Contractors may purchase an
    additional 6th rank"). The rules give Source no maximum.
    """
    match _kind(kind):
        case TraitKind.ATTRIBUTE:
            return ATTRIBUTE_MAX
        case TraitKind.ABILITY | TraitKind.SECONDARY:
            return ABILITY_MAX_SEASONED if status >= Status.SEASONED else ABILITY_MAX
        case TraitKind.SOURCE:
            return None
    raise AssertionError(kind)  # pragma: no cover


def asset_price(value: int, after_creation: bool) -> int:
    """Exp for an Asset of ``value``: the value during creation, value × 3 afterwards.

    Buying off a Liability after creation is priced the same way ("Remove a
    Liability: point value x3 Exp").
    """
    if value < 0:
        raise ValueError(f"an Asset or Liability value is not negative: {value}")
    return value * AFTER_CREATION_ASSET_MULTIPLIER if after_creation else value


def artifact_price(gift_cost: int) -> int:
    """Exp for an extra crafted Artifact: 1 + the crafting Gift's Gift Cost ("Crafting")."""
    if gift_cost < 0:
        raise ValueError(f"a Gift Cost is not negative: {gift_cost}")
    return 1 + gift_cost
