"""Which dice a contractor rolls for a named roll, and the exact chances ("Rolling Dice").

A roll pairs one Attribute with one Ability; Body, Mind and Initiative are
the three rolls that do not. Without any rank in the relevant Ability the
roll uses the Attribute alone at +1 Difficulty ("Difficulty"). The Penalty
then lowers the pool, never below two dice ("Dice Pool Modifiers"), and an
Ability rated 6 keeps the Outcome from dropping below 0 ("Abilities").

Dice bonuses from Gifts (:mod:`builder.contract.gifts.bonus`) add to the pool
before the Penalty, and "bonuses to the same dice pool do not stack.
Instead, the highest value is used" (:func:`strongest_bonus`).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from builder.contract.costs import ABILITY_MAX_SEASONED
from builder.contract.derived import UNENCUMBERED_BONUS, pool_after_penalty
from builder.contract.dice import Distribution, outcome_distribution

if TYPE_CHECKING:
    from builder.contract.gifts.bonus import GiftBonus

DEFAULT_DIFFICULTY = 6
UNTRAINED_DIFFICULTY_STEP = 1


@dataclass(frozen=True, slots=True)
class PlannedRoll:
    """A roll as the sheet would make it, with its exact Outcome distribution.

    ``base_pool`` is before Penalty and ``pool`` after it; ``difficulty`` is
    what the GM called, ``rolled_difficulty`` adds the untrained step (the
    distribution then applies the 4–9 clamp and the over-9 pool reduction).
    """

    base_pool: int
    penalty: int
    pool: int
    difficulty: int
    rolled_difficulty: int
    untrained: bool
    floor_at_zero: bool
    distribution: Distribution
    bonus: int = 0


def strongest_bonus(
    bonuses: Iterable[GiftBonus], attribute: str, active: Collection[str] = ()
) -> GiftBonus | None:
    """The one Gift bonus that counts on a roll with ``attribute`` ("Dice Pool Modifiers").

    Bonuses to the same pool never stack: the highest is used. A Passive
    Gift's bonus always applies; a switched Gift's only while its id is in
    ``active`` (the shape taken, the size grown). Ties go to the first held.
    """
    best: GiftBonus | None = None
    for bonus in bonuses:
        if bonus.attribute != attribute or (bonus.switched and bonus.gift_id not in active):
            continue
        if best is None or bonus.dice > best.dice:
            best = bonus
    return best


def unencumbered_dice(physical_action: bool, over_carry_limit: bool) -> int:
    """Dice a totally unencumbered contractor adds to a roll ("Encumbrance").

    "If a Contractor is totally unencumbered (i.e. carrying nothing but maybe a
    small object in their hand, plus their clothes), they receive a +1 dice
    bonus to all physical Actions." The player says both things the sheet
    cannot know (that nothing is carried, that this roll is a physical
    Action) by ticking the dice panel's toggle; over the carry limit the
    contractor is encumbered, so it gives nothing.
    """
    return UNENCUMBERED_BONUS if physical_action and not over_carry_limit else 0


def trait_roll(
    attribute: int,
    ability: int | None,
    penalty: int,
    difficulty: int = DEFAULT_DIFFICULTY,
    bonus: int = 0,
) -> PlannedRoll:
    """Attribute + Ability (+ the one Gift bonus that counts); no rank (None or 0) rolls the
    Attribute alone at +1 Difficulty."""
    untrained = not ability
    base = attribute + (ability or 0) + bonus
    rolled = difficulty + (UNTRAINED_DIFFICULTY_STEP if untrained else 0)
    floor = (ability or 0) >= ABILITY_MAX_SEASONED
    return _planned(base, penalty, difficulty, rolled, untrained, floor, bonus)


def pool_roll(pool: int, penalty: int, difficulty: int = DEFAULT_DIFFICULTY) -> PlannedRoll:
    """A Body, Mind or Initiative roll: the rating's dice, less Penalty."""
    return _planned(pool, penalty, difficulty, difficulty, False, False)


def _planned(
    base: int,
    penalty: int,
    difficulty: int,
    rolled: int,
    untrained: bool,
    floor: bool,
    bonus: int = 0,
) -> PlannedRoll:
    pool = pool_after_penalty(base, penalty)
    return PlannedRoll(
        base_pool=base,
        penalty=penalty,
        pool=pool,
        difficulty=difficulty,
        rolled_difficulty=rolled,
        untrained=untrained,
        floor_at_zero=floor,
        distribution=outcome_distribution(pool, rolled, floor_at_zero=floor),
        bonus=bonus,
    )
