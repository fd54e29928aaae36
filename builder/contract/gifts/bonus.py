"""Dice bonuses a Gift gives to an Attribute's rolls (issue 15, item 5; "Dice Pool Modifiers").

The catalog marks a bonus with ``dice_bonus = { attribute = "brawn", dice = 2 }``
on an Effect, a Parameter level or an Enhancement/Drawback
(``resources/gifts/FORMAT.md`` §2.7); the System Text still says it in
words. This module reads that field and lists what a held Gift gives. Which
bonus counts on a roll is :func:`builder.contract.rolls.strongest_bonus`:
"Bonuses to the same dice pool do not stack. Instead, the highest value is
used."

A Passive Gift's bonus is always on; any other Style's bonus holds only
while the Gift is in use (a shape taken, a size grown), so the sheet offers
a switch for it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from builder.contract.character import Contractor
    from builder.contract.gifts.catalog import Catalog
    from builder.contract.gifts.draft import GiftDraft

__all__ = [
    "MAX_BONUS_DICE",
    "DiceBonus",
    "GiftBonus",
    "contractor_bonuses",
    "draft_bonuses",
    "parse_dice_bonus",
]

MAX_BONUS_DICE = 5
"""The largest bonus a catalog may give; the rules' examples give +1 to +3 dice."""

PASSIVE = "passive"


@dataclass(frozen=True, slots=True)
class DiceBonus:
    """A catalog entry's bonus: ``dice`` extra dice on rolls that use ``attribute`` (an id)."""

    attribute: str
    dice: int

    def to_json(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "dice": self.dice}


@dataclass(frozen=True, slots=True)
class GiftBonus:
    """A bonus one held Gift gives: whose it is, to which Attribute, and whether it switches.

    ``switched`` is True when the Gift is used (not Passive), so the bonus
    counts only while the player marks it active; ``source`` names the
    catalog entry that gives it ("Great Beast").
    """

    gift_id: str
    gift_name: str
    attribute: str
    dice: int
    switched: bool
    source: str


def parse_dice_bonus(value: Any, report: Callable[[str], None]) -> DiceBonus | None:
    """Read a ``dice_bonus`` table; every problem is reported, nothing is guessed."""
    from builder.contract.character import ATTRIBUTES  # here: character imports the gifts

    if value is None:
        return None
    if not isinstance(value, dict):
        report("'dice_bonus' must be a table: { attribute = \"brawn\", dice = 2 }")
        return None
    unknown = sorted(set(value) - {"attribute", "dice"})
    if unknown:
        report(f"'dice_bonus' has unknown field(s) {', '.join(unknown)}")
    attribute = value.get("attribute")
    dice = value.get("dice")
    ok = True
    if not isinstance(attribute, str) or attribute.lower() not in ATTRIBUTES:
        report(f"'dice_bonus.attribute' must be one of {', '.join(ATTRIBUTES)}, not {attribute!r}")
        ok = False
    if isinstance(dice, bool) or not isinstance(dice, int) or not 1 <= dice <= MAX_BONUS_DICE:
        report(f"'dice_bonus.dice' must be a whole number from 1 to {MAX_BONUS_DICE}, not {dice!r}")
        ok = False
    if not ok:
        return None
    assert isinstance(attribute, str) and isinstance(dice, int)
    return DiceBonus(attribute.lower(), dice)


def draft_bonuses(
    draft: GiftDraft, catalog: Catalog, gift_id: str = "", gift_name: str = ""
) -> tuple[GiftBonus, ...]:
    """The Attribute bonuses a Gift built from ``draft`` gives, the highest per Attribute.

    From the Effect itself, the chosen Parameter levels (a Parameter left
    out sits at its default) and the chosen Enhancements and Drawbacks.
    Within one Gift, too, only the highest bonus to an Attribute counts.
    """
    from builder.contract.character import ATTRIBUTES

    effect = catalog.effects.get(draft.effect)
    if effect is None:
        return ()
    found: list[tuple[DiceBonus, str]] = []
    if effect.dice_bonus is not None:
        found.append((effect.dice_bonus, effect.name))
    for pid, parameter in effect.parameters.items():
        level = parameter.level(draft.parameters.get(pid, parameter.default))
        if level is not None and level.dice_bonus is not None:
            found.append((level.dice_bonus, f"{parameter.name}: {level.name}"))
    modifiers = catalog.modifiers_for(draft.effect)
    for choice in (*draft.enhancements, *draft.drawbacks):
        modifier = modifiers.get(choice.id)
        if modifier is not None and modifier.dice_bonus is not None:
            found.append((modifier.dice_bonus, modifier.name))
    best: dict[str, tuple[DiceBonus, str]] = {}
    for bonus, source in found:
        if bonus.attribute not in best or bonus.dice > best[bonus.attribute][0].dice:
            best[bonus.attribute] = (bonus, source)
    name = gift_name or draft.name or gift_id
    switched = draft.style != PASSIVE
    return tuple(
        GiftBonus(gift_id, name, attribute, bonus.dice, switched, source)
        for attribute in ATTRIBUTES
        if attribute in best
        for bonus, source in (best[attribute],)
    )


def contractor_bonuses(contractor: Contractor, catalog: Catalog) -> tuple[GiftBonus, ...]:
    """Every Attribute bonus the contractor's held Gifts give, in the order they are held.

    A Gift invested in a Legendary Artifact that is not in hand (lost,
    stolen, destroyed, left at home) gives none: its Effects go with the
    artifact (``builder.contract.items.inactive_gifts``).
    """
    from builder.contract.items import inactive_gifts  # here: character imports the gifts

    inactive = inactive_gifts(contractor)
    return tuple(
        bonus
        for gift in contractor.gifts
        if gift.id not in inactive
        for bonus in draft_bonuses(gift.draft, catalog, gift.id, gift.draft.name or gift.id)
    )
