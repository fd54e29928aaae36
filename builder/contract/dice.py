"""Exact Outcome probabilities of a roll, and a seeded roller ("Rolling Dice", "Difficulty").

A roll is a pool of d10s against a Difficulty. Each die adds to the Outcome:

* a face at or above the Difficulty: +1;
* a 10 (a "double"): +2 instead of +1;
* a 1 (a "botch" die): −1.

The final Difficulty is kept between 4 and 9 ("Difficulty": it "cannot be
reduced below 4 or exceed 9"). The introduction of "Rolling Dice" speaks of a
Difficulty "between 2 and 9", but the Difficulty section is the one that sets
the limits of the *final* Difficulty, so lower values are raised to 4 and every
result reports the Difficulty actually rolled. A Difficulty above 9 stays at 9
and the pool loses one die per point of overage (Difficulty 12 with 6 dice is
rolled as Difficulty 9 with 3 dice). A pool with no dice left rolls nothing
and its Outcome is 0.

With an Ability at rank 6 ("Abilities") the Outcome cannot be lower than 0:
every botch counts as a plain failure.

Probabilities are exact :class:`fractions.Fraction` values obtained by
convolving the single-die distribution ``pool`` times (``builder.core.odds``);
nothing is simulated.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from builder.core import odds

MIN_DIFFICULTY = 4
"""The lowest final Difficulty ("Difficulty")."""

MAX_DIFFICULTY = 9
"""The highest final Difficulty; any excess removes dice from the pool ("Difficulty")."""

DIE_FACES = 10


class Band(StrEnum):
    """What an Outcome means at the table ("Rolling Dice", the Outcome/Result table)."""

    BOTCH = "botch"  # below 0: something goes horribly wrong
    FAIL = "fail"  # exactly 0
    PARTIAL = "partial"  # 1–3: partial success, or success with a complication
    SUCCESS = "success"  # 4–5: complete success
    EXCEPTIONAL = "exceptional"  # 6 or more


BANDS: tuple[Band, ...] = tuple(Band)
"""The bands from worst to best."""

BAND_RANGES: Mapping[Band, str] = MappingProxyType(
    {
        Band.BOTCH: "<0",
        Band.FAIL: "0",
        Band.PARTIAL: "1–3",
        Band.SUCCESS: "4–5",
        Band.EXCEPTIONAL: "6+",
    }
)
"""The Outcome values each band covers, as the rules print them."""


def band_of(outcome: int) -> Band:
    """The band an Outcome falls in ("Rolling Dice": <0, 0, 1–3, 4–5, 6+)."""
    if outcome < 0:
        return Band.BOTCH
    if outcome == 0:
        return Band.FAIL
    if outcome <= 3:
        return Band.PARTIAL
    if outcome <= 5:
        return Band.SUCCESS
    return Band.EXCEPTIONAL


def effective_roll(pool: int, difficulty: int) -> tuple[int, int]:
    """The (pool, Difficulty) actually rolled once the Difficulty limits apply ("Difficulty").

    Difficulty below 4 is raised to 4; above 9 it stays 9 and the pool drops by
    the overage. The pool never goes below 0 (nothing is rolled).
    """
    if difficulty > MAX_DIFFICULTY:
        pool -= difficulty - MAX_DIFFICULTY
        difficulty = MAX_DIFFICULTY
    difficulty = max(difficulty, MIN_DIFFICULTY)
    return max(pool, 0), difficulty


def face_value(face: int, difficulty: int) -> int:
    """What one die showing ``face`` adds to the Outcome at a final Difficulty of 4–9."""
    if not 1 <= face <= DIE_FACES:
        raise ValueError(f"a d10 shows 1 to 10, not {face}")
    if face == 1:
        return -1
    if face == DIE_FACES:
        return 2
    return 1 if face >= difficulty else 0


def _die(difficulty: int) -> odds.Distribution:
    """The Outcome step of one d10 at this final Difficulty: each face equally likely."""
    return odds.uniform(face_value(face, difficulty) for face in range(1, DIE_FACES + 1))


def _exact(value: Fraction) -> str:
    """A Fraction as "p/q", always with a denominator so tools can parse it uniformly."""
    return f"{value.numerator}/{value.denominator}"


@dataclass(frozen=True, slots=True)
class Distribution:
    """The exact Outcome distribution of one roll.

    ``pool`` and ``difficulty`` are what was asked; ``effective_pool`` and
    ``effective_difficulty`` are what is rolled after the Difficulty limits.
    ``probabilities`` maps every possible Outcome, in ascending order, to its
    exact probability; they sum to exactly 1.
    """

    pool: int
    difficulty: int
    effective_pool: int
    effective_difficulty: int
    floor_at_zero: bool
    probabilities: Mapping[int, Fraction] = field(default_factory=dict)

    def __post_init__(self) -> None:
        ordered = dict(sorted(self.probabilities.items()))
        object.__setattr__(self, "probabilities", MappingProxyType(ordered))

    def probability(self, outcome: int) -> Fraction:
        """Probability of exactly this Outcome (0 if it cannot happen)."""
        return self.probabilities.get(outcome, Fraction(0))

    def at_least(self, outcome: int) -> Fraction:
        """Probability of an Outcome of ``outcome`` or more."""
        return sum((p for o, p in self.probabilities.items() if o >= outcome), Fraction(0))

    @property
    def bands(self) -> Mapping[Band, Fraction]:
        """Probability of each band, in the order botch, fail, partial, success, exceptional."""
        totals = dict.fromkeys(BANDS, Fraction(0))
        for outcome, p in self.probabilities.items():
            totals[band_of(outcome)] += p
        return MappingProxyType(totals)

    @property
    def expected(self) -> Fraction:
        """The mean Outcome."""
        return sum((o * p for o, p in self.probabilities.items()), Fraction(0))

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form (SPEC §7 ``harbinger dice --json``): floats plus exact "p/q" strings."""
        return {
            "pool": self.pool,
            "difficulty": self.difficulty,
            "effective_pool": self.effective_pool,
            "effective_difficulty": self.effective_difficulty,
            "floor_at_zero": self.floor_at_zero,
            "outcomes": [
                {"outcome": o, "probability": float(p), "exact": _exact(p)}
                for o, p in self.probabilities.items()
            ],
            "bands": {
                str(band): {"probability": float(p), "exact": _exact(p)}
                for band, p in self.bands.items()
            },
            "expected": float(self.expected),
            "expected_exact": _exact(self.expected),
        }


def outcome_distribution(pool: int, difficulty: int, floor_at_zero: bool = False) -> Distribution:
    """Exact distribution of the Outcome of ``pool`` dice at ``difficulty`` ("Rolling Dice").

    ``floor_at_zero`` applies the rank-6 Ability rule ("Abilities"): every
    negative Outcome counts as 0.
    """
    dice, final_difficulty = effective_roll(pool, difficulty)
    outcomes = odds.repeat(_die(final_difficulty), dice)
    if floor_at_zero:
        outcomes = outcomes.map(lambda outcome: max(outcome, 0))
    return Distribution(
        pool=pool,
        difficulty=difficulty,
        effective_pool=dice,
        effective_difficulty=final_difficulty,
        floor_at_zero=floor_at_zero,
        probabilities=dict(outcomes.probabilities),
    )


@dataclass(frozen=True, slots=True)
class RollResult:
    """One roll at the table: the faces shown, the Outcome they make and its band."""

    faces: tuple[int, ...]
    outcome: int
    band: Band
    effective_pool: int
    effective_difficulty: int


def outcome_of(faces: tuple[int, ...], difficulty: int, floor_at_zero: bool = False) -> int:
    """The Outcome of dice that already landed, at a final Difficulty of 4–9."""
    outcome = sum(face_value(face, difficulty) for face in faces)
    return max(outcome, 0) if floor_at_zero else outcome


def roll(pool: int, difficulty: int, rng: random.Random, floor_at_zero: bool = False) -> RollResult:
    """Roll the dice with ``rng`` (pass a seeded ``random.Random`` for repeatable rolls)."""
    dice, final_difficulty = effective_roll(pool, difficulty)
    faces = tuple(rng.randint(1, DIE_FACES) for _ in range(dice))
    outcome = outcome_of(faces, final_difficulty, floor_at_zero)
    return RollResult(
        faces=faces,
        outcome=outcome,
        band=band_of(outcome),
        effective_pool=dice,
        effective_difficulty=final_difficulty,
    )
