"""Exact probability helpers, checked against hand-worked numbers."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from builder.core.odds import (
    Distribution,
    combine,
    constant,
    dice,
    die,
    highest,
    hypergeometric,
    keep_highest,
    total,
    uniform,
)


def test_a_die_is_uniform_over_its_faces() -> None:
    d6 = die(6)
    assert d6.values == (1, 2, 3, 4, 5, 6)
    assert d6.probability(4) == Fraction(1, 6)
    assert d6.probability(7) == 0
    assert d6.expected() == Fraction(7, 2)


def test_two_d6() -> None:
    two = dice(2, 6)
    assert two.values == tuple(range(2, 13))
    assert two.probability(7) == Fraction(6, 36)
    assert two.probability(2) == Fraction(1, 36)
    assert two.probability(12) == Fraction(1, 36)
    assert two.at_most(4) == Fraction(6, 36)  # 1 + 2 + 3 ways to make 2, 3, 4
    assert two.at_least(10) == Fraction(6, 36)  # 3 + 2 + 1 ways to make 10, 11, 12
    assert two.expected() == 7


def test_sums_of_mixed_dice_and_constants() -> None:
    d4_plus_d6 = die(4) + die(6)
    assert d4_plus_d6.probability(5) == Fraction(4, 24)  # 1+4, 2+3, 3+2, 4+1
    assert d4_plus_d6.probability(10) == Fraction(1, 24)
    plus_two = total([die(4), die(6), constant(2)])
    assert plus_two.probability(7) == Fraction(4, 24)
    assert total([]) == constant(0)
    three = dice(3, 6)
    assert three.probability(10) == Fraction(27, 216)
    assert three.probability(3) == Fraction(1, 216)
    assert dice(0, 6) == constant(0)


def test_highest_of_two_d8() -> None:
    top = highest(2, 8)
    assert top.probability(8) == Fraction(15, 64)  # 1 - (7/8)^2
    assert top.probability(1) == Fraction(1, 64)
    assert top.at_most(4) == Fraction(16, 64)  # (4/8)^2


def test_keep_highest_two_of_three_d6() -> None:
    best_two = keep_highest(3, 6, keep=2)
    # 12 needs at least two sixes: 3 · (1/6)² · (5/6) + (1/6)³ = 16/216
    assert best_two.probability(12) == Fraction(16, 216)
    assert best_two.probability(2) == Fraction(1, 216)  # all three dice show 1


def test_four_d6_drop_the_lowest() -> None:
    stats = keep_highest(4, 6, keep=3)
    assert stats.probability(18) == Fraction(21, 1296)  # four sixes, or three and one other
    assert stats.probability(3) == Fraction(1, 1296)
    assert stats.expected() == Fraction(15869, 1296)
    assert keep_highest(4, 6, keep=4) == dice(4, 6)


def test_two_aces_in_a_five_card_hand() -> None:
    aces = hypergeometric(population=52, successes=4, draws=5)
    assert aces.probability(2) == Fraction(6 * 17296, 2598960) == Fraction(2162, 54145)
    assert aces.probability(0) == Fraction(comb(48, 5), comb(52, 5))
    assert aces.probability(4) == Fraction(48, 2598960)
    assert aces.values == (0, 1, 2, 3, 4)
    assert aces.expected() == Fraction(5 * 4, 52)


def test_drawing_everything_is_certain() -> None:
    assert hypergeometric(10, 3, 10) == constant(3)
    assert hypergeometric(10, 0, 4) == constant(0)


def test_map_and_thresholds() -> None:
    successes = dice(2, 6).map(lambda v: v >= 8)
    assert successes.probability(True) == Fraction(15, 36)
    assert dice(2, 6).probability_that(lambda v: v % 2 == 0) == Fraction(1, 2)
    doubles = combine(die(6), die(6), lambda a, b: a == b)
    assert doubles.probability(True) == Fraction(1, 6)


def test_uniform_counts_repeated_values() -> None:
    coin = uniform(["heads", "tails", "tails"])
    assert coin.probability("tails") == Fraction(2, 3)


def test_a_distribution_must_add_up_to_one() -> None:
    with pytest.raises(ValueError, match="add up to exactly 1"):
        Distribution({1: Fraction(1, 2)})
    with pytest.raises(ValueError, match="negative"):
        Distribution({1: Fraction(3, 2), 2: Fraction(-1, 2)})
    with pytest.raises(ValueError):
        die(0)
    with pytest.raises(ValueError):
        hypergeometric(5, 6, 1)
    with pytest.raises(ValueError):
        keep_highest(2, 6, keep=3)
