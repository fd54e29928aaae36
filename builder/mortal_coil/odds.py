"""Exact odds for *This Mortal Coil*, as fractions: saves, critical damage, kept dice, fallout.

Every number is counted over the dice's faces with ``fractions.Fraction``;
nothing is simulated. The rules applied are those of
``builder.mortal_coil.rules`` (the same functions), so the odds shown beside a
sheet are the odds of what the fold will do.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from builder.mortal_coil.character import FALLOUT_TABLE_SIZE, SAVE_DIE
from builder.mortal_coil.rules import harm, save_passes

Distribution = dict[int, Fraction]
"""Each possible result and its exact chance; the chances sum to 1."""


def die(sides: int) -> Distribution:
    """One fair die of ``sides`` faces."""
    if sides < 1:
        raise ValueError(f"a die has at least 1 face, not {sides}")
    return {face: Fraction(1, sides) for face in range(1, sides + 1)}


def keep_highest(sides: Sequence[int]) -> Distribution:
    """The highest of several dice ("Dual weapons", "Multiple attackers": "keep the single
    highest result"). P(highest <= k) is the product of each die's P(<= k)."""
    if not sides:
        raise ValueError("keep the highest of at least one die")
    for s in sides:
        die(s)  # checks the size

    def at_most(k: int) -> Fraction:
        out = Fraction(1)
        for s in sides:
            out *= Fraction(min(k, s), s)
        return out

    return {
        k: at_most(k) - at_most(k - 1)
        for k in range(1, max(sides) + 1)
        if at_most(k) != at_most(k - 1)
    }


def save_pass(ability: int) -> Fraction:
    """The chance a d20 save passes at this ability ("Saves": roll equal or under; 1 always
    passes, 20 always fails): 1/20 at 1 or below, ability/20 from 1 to 19, 19/20 from 19 up."""
    return Fraction(sum(save_passes(r, ability) for r in range(1, SAVE_DIE + 1)), SAVE_DIE)


@dataclass(frozen=True, slots=True)
class HarmOdds:
    """What one attack roll does to a character, each outcome's exact chance.

    ``ability_loss`` is the chance anything goes past 0 HP onto the ability;
    ``critical`` the chance the ability survives but its save fails (critical
    damage for STR, critical stress for CTRL); ``retired`` the chance the ability
    reaches 0; ``hp_to_zero`` the chance HP ends at 0 (with or without excess);
    ``ability_after`` the distribution of the ability after the hit.
    """

    die: Distribution
    reduction: int
    hp: int
    ability: int
    ability_loss: Fraction
    critical: Fraction
    retired: Fraction
    hp_to_zero: Fraction
    ability_after: Distribution

    def to_json(self) -> dict[str, object]:
        return {
            "die": _json_dist(self.die),
            "reduction": self.reduction,
            "hp": self.hp,
            "ability": self.ability,
            "ability_loss": _json_fraction(self.ability_loss),
            "critical": _json_fraction(self.critical),
            "retired": _json_fraction(self.retired),
            "hp_to_zero": _json_fraction(self.hp_to_zero),
            "ability_after": _json_dist(self.ability_after),
        }


def harm_odds(attack: Mapping[int, Fraction], reduction: int, hp: int, ability: int) -> HarmOdds:
    """The exact outcome of one hit by a die with distribution ``attack``.

    Example from the issue: HP 3, armor 1, a d8 attack and STR 10 lose STR on
    5-8 (1/2) and take critical damage with chance 5/16.
    """
    loss = critical = retired = to_zero = Fraction(0)
    after: Distribution = {}
    for roll, p in attack.items():
        r = harm(hp, ability, roll, reduction)
        after[r.ability_after] = after.get(r.ability_after, Fraction(0)) + p
        if r.hp_after == 0:
            to_zero += p
        if r.excess:
            loss += p
        if r.retired:
            retired += p
        elif r.save_needed:
            critical += p * (1 - save_pass(r.ability_after))
    return HarmOdds(
        dict(attack),
        reduction,
        hp,
        ability,
        loss,
        critical,
        retired,
        to_zero,
        dict(sorted(after.items())),
    )


@dataclass(frozen=True, slots=True)
class FalloutOdds:
    """Fallout with ``taken`` entries already taken ("Fallout"; "Retiring your character").

    ``new_per_roll`` is the chance one d10 lands on an entry not yet taken;
    ``expected_rolls`` the mean number of d10s until it does (duplicates are
    rerolled); ``retires`` is True when all ten are taken, so the next fallout
    retires the character instead.
    """

    taken: int
    new_per_roll: Fraction
    expected_rolls: Fraction | None
    retires: bool

    def to_json(self) -> dict[str, object]:
        return {
            "taken": self.taken,
            "new_per_roll": _json_fraction(self.new_per_roll),
            "expected_rolls": None
            if self.expected_rolls is None
            else _json_fraction(self.expected_rolls),
            "retires": self.retires,
        }


def fallout_odds(taken: int) -> FalloutOdds:
    """The chance a fallout roll is new: (10 - taken)/10; rerolled until it is."""
    if not 0 <= taken <= FALLOUT_TABLE_SIZE:
        raise ValueError(f"0 to {FALLOUT_TABLE_SIZE} fallout can be taken, not {taken}")
    free = FALLOUT_TABLE_SIZE - taken
    return FalloutOdds(
        taken,
        Fraction(free, FALLOUT_TABLE_SIZE),
        Fraction(FALLOUT_TABLE_SIZE, free) if free else None,
        free == 0,
    )


def _json_fraction(p: Fraction) -> dict[str, object]:
    return {"fraction": f"{p.numerator}/{p.denominator}", "value": float(p)}


def _json_dist(d: Mapping[int, Fraction]) -> dict[str, object]:
    return {str(k): _json_fraction(v) for k, v in d.items()}


def json_fraction(p: Fraction) -> dict[str, object]:
    """A chance as JSON: the exact fraction as text and its float value."""
    return _json_fraction(p)
