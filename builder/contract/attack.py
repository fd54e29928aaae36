"""The attack calculator: the exact distribution of the damage one Attack deals ("Damage").

"Attacks are always treated as Contested Rolls. If your target does not
React, the Outcome of their defensive roll is simply treated as 0."
"Damage dealt = Contested Outcome + Weapon Damage - Armor. Weapon Damage can
be increased through Gifts, but multiple bonuses to Weapon Damage do not
stack; instead, the highest bonus is used. If the Contested Outcome is less
than or equal to 0, that means the attack failed, and thus no damage is dealt
(calculate this before Weapon Damage and Armor are taken into account). In a
case where you have split your Outcome to attack two targets, the Weapon
Damage is halved (rounded up)."

Both rolls come from :func:`builder.contract.dice.outcome_distribution` (the
4–9 Difficulty limits, the over-9 pool reduction, the rank-6 floor); the
pair is combined exactly with :mod:`builder.core.odds`. Nothing is simulated.

Readings of the text, each a choice where it is silent:

* **Contested Outcome.** "The defender's Outcome is subtracted from the
  initiator's, reducing it to a minimum of 0." Taken literally: a defender
  who botches (a negative Outcome) adds to the attacker's, as a botch should
  hurt; an attacker's negative Outcome still leaves a Contested Outcome of 0.
* **Damage never goes below 0.** Armor that outweighs Contested Outcome +
  Weapon Damage stops the hit; it does not heal.
* **Weapon Damage bonuses.** Only the highest Gift bonus is added; a bonus
  below 0 is no bonus.
* **Armor piercing** ("penetrates 2 Armor", the heavy sniper rifle) lowers
  the target's Armor, never below 0.
* **Two targets.** "They roll once at +2 Difficulty. The Outcome is split
  evenly between the two targets (the GM divvies any remainder at their
  discretion)." This target's share is half the attack's Outcome rounded
  down, plus the odd point when ``split_remainder`` says the GM gave it to
  this target; the defender's Outcome is then taken from that share. A
  negative Outcome has nothing to split (its share is 0). The rules put
  "Weapon Damage applies fully to each target hit" in the Attacking section
  and "the Weapon Damage is halved (rounded up)" in the Damage section; the
  Damage section, which gives the formula, is followed, as the issue asks.
  Rounding up follows the number line (−1 halves to 0).
* **Range increments** add +1 Difficulty each
  (:func:`builder.contract.weapons.range_increments` counts them for a
  distance); the two-target +2 and any GM modifier add to it before the
  Difficulty limits apply.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from builder.contract.dice import Distribution as RollDistribution
from builder.contract.dice import outcome_distribution
from builder.core import odds

SPLIT_DIFFICULTY = 2
"""Attacking two targets with one Action: "they roll once at +2 Difficulty"."""

DEFAULT_DIFFICULTY = 6


@dataclass(frozen=True, slots=True)
class AttackSetup:
    """Everything that decides one Attack's damage.

    ``attack_pool`` and ``defense_pool`` are the dice rolled, after Penalty and
    Gift dice (``builder.contract.weapons.attack_roll`` gives a contractor's);
    ``defense_pool`` None means the target does not React. The Difficulties
    are the ones asked before range, the two-target step and the limits.
    ``damage_bonuses`` are the Gift bonuses to Weapon Damage (only the
    highest counts); ``armor`` is the target's highest Armor (several sources
    do not stack).
    """

    attack_pool: int
    attack_difficulty: int = DEFAULT_DIFFICULTY
    defense_pool: int | None = None
    defense_difficulty: int = DEFAULT_DIFFICULTY
    weapon_damage: int = 0
    damage_bonuses: tuple[int, ...] = ()
    armor: int = 0
    armor_piercing: int = 0
    split: bool = False
    split_remainder: bool = False
    range_increments: int = 0
    attack_floor: bool = False
    defense_floor: bool = False

    def __post_init__(self) -> None:
        for name in ("attack_pool", "armor", "armor_piercing", "range_increments"):
            if getattr(self, name) < 0:
                raise ValueError(f"{name.replace('_', ' ')} cannot be negative")
        if self.defense_pool is not None and self.defense_pool < 0:
            raise ValueError("defense pool cannot be negative")

    @property
    def rolled_attack_difficulty(self) -> int:
        """The attack's Difficulty with range increments and the two-target step added."""
        split = SPLIT_DIFFICULTY if self.split else 0
        return self.attack_difficulty + self.range_increments + split

    @property
    def applied_weapon_damage(self) -> int:
        """Weapon Damage + the highest Gift bonus, halved rounding up on a split attack."""
        damage = self.weapon_damage + max((*self.damage_bonuses, 0))
        return math.ceil(Fraction(damage, 2)) if self.split else damage

    @property
    def applied_armor(self) -> int:
        """The target's Armor less what the weapon pierces, never below 0."""
        return max(self.armor - self.armor_piercing, 0)


def outcome_share(outcome: int, split: bool, remainder: bool) -> int:
    """The part of the attack's Outcome aimed at this target (all of it unless split)."""
    if not split:
        return outcome
    if outcome <= 0:
        return 0
    return outcome // 2 + (outcome % 2 if remainder else 0)


def contested_outcome(attack: int, defense: int) -> int:
    """The Contested Outcome: "The defender's Outcome is subtracted from the initiator's,
    reducing it to a minimum of 0."
    """
    return max(attack - defense, 0)


def damage_dealt(contested: int, weapon_damage: int, armor: int) -> int:
    """Contested Outcome + Weapon Damage − Armor; nothing when the attack failed (≤ 0)."""
    if contested <= 0:
        return 0
    return max(contested + weapon_damage - armor, 0)


@dataclass(frozen=True, slots=True)
class AttackOdds:
    """The exact result of an :class:`AttackSetup`.

    ``attack`` and ``defense`` are the two rolls' Outcome distributions
    (``defense`` None when the target does not React); ``contested`` the
    Contested Outcome against this target; ``damage`` the damage dealt (0 when
    the attack fails or Armor stops it).
    """

    setup: AttackSetup
    attack: RollDistribution
    defense: RollDistribution | None
    contested: odds.Distribution
    damage: odds.Distribution = field(repr=False)

    @property
    def hit(self) -> Fraction:
        """Probability the attack hits: a Contested Outcome of 1 or more."""
        return self.contested.at_least(1)

    @property
    def wounds(self) -> Fraction:
        """Probability the target takes an Injury: damage of 1 or more."""
        return self.damage.at_least(1)

    @property
    def expected_damage(self) -> Fraction:
        return self.damage.expected()

    def to_json(self) -> dict[str, Any]:
        """Plain JSON (``harbinger dice attack --json``): floats plus exact "p/q" strings."""
        s = self.setup
        return {
            "attack": {
                "pool": s.attack_pool,
                "difficulty": s.attack_difficulty,
                "range_increments": s.range_increments,
                "split": s.split,
                "rolled_difficulty": s.rolled_attack_difficulty,
                "effective_pool": self.attack.effective_pool,
                "effective_difficulty": self.attack.effective_difficulty,
                "floor_at_zero": s.attack_floor,
            },
            "defense": None
            if self.defense is None
            else {
                "pool": s.defense_pool,
                "difficulty": s.defense_difficulty,
                "effective_pool": self.defense.effective_pool,
                "effective_difficulty": self.defense.effective_difficulty,
                "floor_at_zero": s.defense_floor,
            },
            "weapon_damage": s.weapon_damage,
            "damage_bonus": max((*s.damage_bonuses, 0)),
            "applied_weapon_damage": s.applied_weapon_damage,
            "armor": s.armor,
            "armor_piercing": s.armor_piercing,
            "applied_armor": s.applied_armor,
            "hit": _json_p(self.hit),
            "wounds": _json_p(self.wounds),
            "contested": _json_table(self.contested, "contested_outcome"),
            "damage": _json_table(self.damage, "damage"),
            "expected_damage": float(self.expected_damage),
            "expected_damage_exact": _exact(self.expected_damage),
        }


def _exact(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _json_p(p: Fraction) -> dict[str, Any]:
    return {"probability": float(p), "exact": _exact(p)}


def _json_table(dist: odds.Distribution, key: str) -> list[dict[str, Any]]:
    return [{key: v, **_json_p(p)} for v, p in dist.probabilities.items()]


def _as_odds(roll: RollDistribution) -> odds.Distribution:
    return odds.Distribution(dict(roll.probabilities))


def attack_odds(setup: AttackSetup) -> AttackOdds:
    """The exact Contested Outcome and damage distributions of one Attack (module docstring)."""
    attack = outcome_distribution(
        setup.attack_pool, setup.rolled_attack_difficulty, floor_at_zero=setup.attack_floor
    )
    defense = (
        None
        if setup.defense_pool is None
        else outcome_distribution(
            setup.defense_pool, setup.defense_difficulty, floor_at_zero=setup.defense_floor
        )
    )
    share = _as_odds(attack).map(lambda o: outcome_share(o, setup.split, setup.split_remainder))
    against = odds.constant(0) if defense is None else _as_odds(defense)
    contested = odds.combine(share, against, contested_outcome)
    weapon, armor = setup.applied_weapon_damage, setup.applied_armor
    damage = contested.map(lambda c: damage_dealt(c, weapon, armor))
    return AttackOdds(setup, attack, defense, contested, damage)


__all__ = [
    "SPLIT_DIFFICULTY",
    "AttackOdds",
    "AttackSetup",
    "attack_odds",
    "contested_outcome",
    "damage_dealt",
    "outcome_share",
]
