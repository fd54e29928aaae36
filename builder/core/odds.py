"""Exact probabilities for any game's randomness: dice, sums, keep-highest, card draws.

Every game Harbinger keeps shows its players odds ("how likely is a success
with 5 dice at Difficulty 7?"): they are computed exactly here, as
``fractions.Fraction`` values, never simulated, so a test can state them as
hand-worked numbers and two runs can never disagree.

A ``Distribution`` maps each possible value to its probability. Build one
from a die (``die``), a list of equally likely values (``uniform``) or a deck
(``hypergeometric``); combine them by sum (``total``, ``dice``), keep-highest
(``keep_highest``, ``highest``) or any function (``Distribution.map``,
``combine``); ask it ``at_most``, ``at_least``, ``probability_that`` or
``expected``. The Contract's own d10 pool engine (``builder.contract.dice``)
computes its counts the same way, by convolution.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True, slots=True)
class Distribution:
    """Exact probabilities of the possible values of one random result.

    ``probabilities`` holds only values that can happen (probability above 0),
    sorted by value where values can be ordered, and always sums to exactly 1.
    Values are usually ints; ``map`` and ``combine`` accept any hashable value.
    """

    # Any hashable value; Any, because values are compared and summed (ints, mostly).
    probabilities: Mapping[Any, Fraction]

    def __post_init__(self) -> None:
        kept = {v: Fraction(p) for v, p in self.probabilities.items() if p != 0}
        if any(p < 0 for p in kept.values()):
            raise ValueError("a probability cannot be negative")
        if sum(kept.values(), Fraction(0)) != 1:
            raise ValueError("the probabilities of a distribution must add up to exactly 1")
        try:
            ordered = dict(sorted(kept.items()))
        except TypeError:  # values that cannot be compared keep their given order
            ordered = kept
        object.__setattr__(self, "probabilities", MappingProxyType(ordered))

    @classmethod
    def from_counts(cls, counts: Mapping[Hashable, int]) -> Distribution:
        """The distribution of equally likely cases, given how many cases give each value."""
        whole = sum(counts.values())
        if whole <= 0:
            raise ValueError("a distribution needs at least one case")
        return cls({value: Fraction(n, whole) for value, n in counts.items()})

    @property
    def values(self) -> tuple[Hashable, ...]:
        """The possible values, smallest first."""
        return tuple(self.probabilities)

    def probability(self, value: Hashable) -> Fraction:
        """P(X = value)."""
        return self.probabilities.get(value, Fraction(0))

    def probability_that(self, predicate: Callable[[Any], bool]) -> Fraction:
        """P(predicate(X)): the total probability of the values for which it holds."""
        return sum((p for v, p in self.probabilities.items() if predicate(v)), Fraction(0))

    def at_most(self, threshold: Any) -> Fraction:
        """P(X <= threshold)."""
        return self.probability_that(lambda v: v <= threshold)

    def at_least(self, threshold: Any) -> Fraction:
        """P(X >= threshold)."""
        return self.probability_that(lambda v: v >= threshold)

    def expected(self) -> Fraction:
        """The mean value E[X] (numeric values only)."""
        return sum((v * p for v, p in self.probabilities.items()), Fraction(0))

    def map(self, function: Callable[[Any], Hashable]) -> Distribution:
        """The distribution of function(X): values that map together add their probabilities."""
        result: dict[Hashable, Fraction] = {}
        for value, p in self.probabilities.items():
            key = function(value)
            result[key] = result.get(key, Fraction(0)) + p
        return Distribution(result)

    def __add__(self, other: Distribution) -> Distribution:
        """The distribution of X + Y for independent X and Y (convolution)."""
        return combine(self, other, lambda a, b: a + b)


def constant(value: Hashable) -> Distribution:
    """A result that is always ``value``."""
    return Distribution({value: Fraction(1)})


def uniform(values: Iterable[Hashable]) -> Distribution:
    """Equally likely cases (a value listed twice is twice as likely)."""
    counts: dict[Hashable, int] = {}
    for value in values:
        counts[value] = counts.get(value, 0) + 1
    return Distribution.from_counts(counts)


def die(sides: int) -> Distribution:
    """One fair die with faces 1..sides (a dN)."""
    if sides < 1:
        raise ValueError(f"a die needs at least one face, not {sides}")
    return uniform(range(1, sides + 1))


def combine(
    first: Distribution, second: Distribution, function: Callable[[Any, Any], Hashable]
) -> Distribution:
    """The distribution of function(X, Y) for independent X and Y."""
    # Whole-number weights over a common denominator: the same exact result as
    # multiplying Fractions, without normalising one at every step.
    first_whole, first_weights = _weights(first)
    second_whole, second_weights = _weights(second)
    result: dict[Hashable, int] = {}
    for a, wa in first_weights.items():
        for b, wb in second_weights.items():
            key = function(a, b)
            result[key] = result.get(key, 0) + wa * wb
    whole = first_whole * second_whole
    return Distribution({value: Fraction(w, whole) for value, w in result.items()})


def _weights(distribution: Distribution) -> tuple[int, dict[Hashable, int]]:
    """(D, value → whole weight) with probability = weight / D for every value."""
    whole = lcm(*(p.denominator for p in distribution.probabilities.values()))
    return whole, {
        value: p.numerator * (whole // p.denominator)
        for value, p in distribution.probabilities.items()
    }


def total(distributions: Iterable[Distribution]) -> Distribution:
    """The distribution of the sum of independent results (0 when there are none)."""
    result = constant(0)
    for distribution in distributions:
        result = result + distribution
    return result


def repeat(distribution: Distribution, count: int) -> Distribution:
    """The sum of ``count`` independent copies of one result, by repeated doubling."""
    if count < 0:
        raise ValueError(f"cannot add up {count} results")
    result, power = constant(0), distribution
    while count:
        if count & 1:
            result = result + power
        count >>= 1
        if count:
            power = power + power
    return result


def dice(count: int, sides: int) -> Distribution:
    """The sum of ``count`` dN (``dice(2, 6)`` is 2d6)."""
    return repeat(die(sides), count)


def keep_highest(count: int, sides: int, keep: int = 1) -> Distribution:
    """The sum of the ``keep`` highest of ``count`` dN ("4d6, drop the lowest" keeps 3).

    Exact, by following the sorted tuple of the highest dice kept so far as
    one die is added at a time (a handful of states, not sides ** count cases).
    """
    if not 0 <= keep <= count:
        raise ValueError(f"cannot keep {keep} of {count} dice")
    states: dict[tuple[int, ...], Fraction] = {(): Fraction(1)}
    face = Fraction(1, sides)
    for _ in range(count):
        following: dict[tuple[int, ...], Fraction] = {}
        for kept, p in states.items():
            for roll in range(1, sides + 1):
                key = tuple(sorted((*kept, roll), reverse=True)[:keep])
                following[key] = following.get(key, Fraction(0)) + p * face
        states = following
    return Distribution(states).map(sum)


def highest(count: int, sides: int) -> Distribution:
    """The highest face of ``count`` dN."""
    return keep_highest(count, sides, 1)


def hypergeometric(population: int, successes: int, draws: int) -> Distribution:
    """How many successes ``draws`` cards hold, drawn without replacement.

    The deck holds ``population`` cards of which ``successes`` count (four aces
    in 52 cards); P(k) = C(successes, k) · C(population − successes, draws − k)
    / C(population, draws).
    """
    if not 0 <= successes <= population or not 0 <= draws <= population:
        raise ValueError(
            f"cannot draw {draws} from {population} cards holding {successes} successes"
        )
    failures = population - successes
    return Distribution.from_counts(
        {k: comb(successes, k) * comb(failures, draws - k) for k in range(0, draws + 1)}
    )


__all__ = [
    "Distribution",
    "combine",
    "constant",
    "dice",
    "die",
    "highest",
    "hypergeometric",
    "keep_highest",
    "repeat",
    "total",
    "uniform",
]
