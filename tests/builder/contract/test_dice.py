"""The dice engine against the rules text ("Rolling Dice", "Difficulty", "Abilities" rank 6)."""

from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.contract.dice import (
    Band,
    Distribution,
    band_of,
    effective_roll,
    face_value,
    outcome_distribution,
    outcome_of,
    roll,
)
from tests.hypothesis_profiles import examples

F = Fraction


def _brute_force(pool: int, difficulty: int, floor_at_zero: bool) -> dict[int, Fraction]:
    """Every one of the 10**n face sequences, scored straight from the rules text.

    Written independently of builder.contract.dice: Difficulty over 9 stays 9 and costs a
    die per point; under 4 it is raised to 4; ≥ Difficulty +1, a 10 +2, a 1 −1.
    """
    if difficulty > 9:
        pool -= difficulty - 9
        difficulty = 9
    difficulty = max(difficulty, 4)
    pool = max(pool, 0)
    tally: Counter[int] = Counter()
    for faces in itertools.product(range(1, 11), repeat=pool):
        outcome = 0
        for face in faces:
            if face == 1:
                outcome -= 1
            elif face == 10:
                outcome += 2
            elif face >= difficulty:
                outcome += 1
        if floor_at_zero:
            outcome = max(outcome, 0)
        tally[outcome] += 1
    return {o: F(n, 10**pool) for o, n in sorted(tally.items())}


# --------------------------------------------------------------------------- worked by hand


def test_one_die_at_difficulty_6() -> None:
    # A 1 botches (1 face), 2–5 do nothing (4 faces), 6–9 succeed (4 faces), a 10 is a double.
    dist = outcome_distribution(1, 6)
    assert dict(dist.probabilities) == {-1: F(1, 10), 0: F(4, 10), 1: F(4, 10), 2: F(1, 10)}
    assert dist.effective_pool == 1
    assert dist.effective_difficulty == 6


def test_two_dice_at_difficulty_6() -> None:
    # Out of 100 pairs: −2 only by 1+1; −1 by a 1 with a blank (2×1×4); and so on.
    dist = outcome_distribution(2, 6)
    assert dict(dist.probabilities) == {
        -2: F(1, 100),
        -1: F(8, 100),
        0: F(24, 100),
        1: F(34, 100),
        2: F(24, 100),
        3: F(8, 100),
        4: F(1, 100),
    }
    assert dict(dist.bands) == {
        Band.BOTCH: F(9, 100),
        Band.FAIL: F(24, 100),
        Band.PARTIAL: F(66, 100),
        Band.SUCCESS: F(1, 100),
        Band.EXCEPTIONAL: F(0),
    }
    assert dist.expected == F(1)  # 2 dice × (−1 + 4 + 2)/10 each


def test_difficulty_12_with_6_dice_is_difficulty_9_with_3_dice() -> None:
    # The rules' own example in "Difficulty".
    twelve = outcome_distribution(6, 12)
    nine = outcome_distribution(3, 9)
    assert (twelve.effective_pool, twelve.effective_difficulty) == (3, 9)
    assert (twelve.pool, twelve.difficulty) == (6, 12)
    assert twelve.probabilities == nine.probabilities
    # At Difficulty 9 a die is −1 on a 1, +1 on a 9, +2 on a 10, else 0.
    assert twelve.probability(6) == F(1, 1000)  # three 10s
    assert twelve.probability(-3) == F(1, 1000)  # three 1s
    # Outcome 0: all three blank (7³), a 1 and a 9 and a blank (3! × 7), or two 1s and a 10 (3).
    assert twelve.probability(0) == F(7**3 + 6 * 7 + 3, 1000)


def test_difficulty_below_4_is_raised_to_4() -> None:
    dist = outcome_distribution(1, 2)
    assert dist.effective_difficulty == 4
    assert dist.difficulty == 2
    # Faces 2 and 3 are blanks at Difficulty 4; 4–9 succeed.
    assert dict(dist.probabilities) == {-1: F(1, 10), 0: F(2, 10), 1: F(6, 10), 2: F(1, 10)}


def test_a_1_still_botches_at_the_lowest_difficulty() -> None:
    assert face_value(1, 4) == -1
    assert face_value(10, 4) == 2  # a double is +2, never +3
    assert face_value(9, 9) == 1
    assert face_value(8, 9) == 0


def test_overage_that_eats_the_whole_pool_rolls_nothing() -> None:
    dist = outcome_distribution(6, 15)
    assert (dist.effective_pool, dist.effective_difficulty) == (0, 9)
    assert dict(dist.probabilities) == {0: F(1)}
    assert dist.bands[Band.FAIL] == 1


@pytest.mark.parametrize("pool", [0, -3])
def test_empty_pool_has_outcome_zero(pool: int) -> None:
    dist = outcome_distribution(pool, 6)
    assert dist.effective_pool == 0
    assert dict(dist.probabilities) == {0: F(1)}
    assert dist.expected == 0


def test_rank_6_ability_turns_botches_into_failures() -> None:
    dist = outcome_distribution(1, 6, floor_at_zero=True)
    assert dict(dist.probabilities) == {0: F(5, 10), 1: F(4, 10), 2: F(1, 10)}
    assert dist.bands[Band.BOTCH] == 0
    two = outcome_distribution(2, 6, floor_at_zero=True)
    assert two.probability(0) == F(1 + 8 + 24, 100)
    assert two.floor_at_zero is True


def test_bands_follow_the_outcome_table() -> None:
    assert [band_of(o) for o in (-2, -1, 0, 1, 3, 4, 5, 6, 12)] == [
        Band.BOTCH,
        Band.BOTCH,
        Band.FAIL,
        Band.PARTIAL,
        Band.PARTIAL,
        Band.SUCCESS,
        Band.SUCCESS,
        Band.EXCEPTIONAL,
        Band.EXCEPTIONAL,
    ]


def test_effective_roll_limits() -> None:
    assert effective_roll(6, 12) == (3, 9)
    assert effective_roll(5, 9) == (5, 9)
    assert effective_roll(5, 3) == (5, 4)
    assert effective_roll(2, 14) == (0, 9)


def test_at_least() -> None:
    dist = outcome_distribution(2, 6)
    assert dist.at_least(1) == F(34 + 24 + 8 + 1, 100)
    assert dist.at_least(4) == F(1, 100)
    assert dist.at_least(5) == 0


def test_to_json_has_floats_and_exact_fractions() -> None:
    doc = outcome_distribution(1, 6).to_json()
    assert doc["pool"] == 1
    assert doc["effective_difficulty"] == 6
    assert doc["outcomes"] == [
        {"outcome": -1, "probability": 0.1, "exact": "1/10"},
        {"outcome": 0, "probability": 0.4, "exact": "2/5"},
        {"outcome": 1, "probability": 0.4, "exact": "2/5"},
        {"outcome": 2, "probability": 0.1, "exact": "1/10"},
    ]
    assert doc["bands"]["botch"] == {"probability": 0.1, "exact": "1/10"}
    assert doc["bands"]["exceptional"] == {"probability": 0.0, "exact": "0/1"}
    assert doc["expected"] == 0.5
    assert doc["expected_exact"] == "1/2"


# --------------------------------------------------------------------------- against brute force


@pytest.mark.parametrize("pool", [1, 2, 3, 4])
@pytest.mark.parametrize("difficulty", [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 12])
@pytest.mark.parametrize("floor_at_zero", [False, True])
def test_matches_brute_force(pool: int, difficulty: int, floor_at_zero: bool) -> None:
    dist = outcome_distribution(pool, difficulty, floor_at_zero)
    assert dict(dist.probabilities) == _brute_force(pool, difficulty, floor_at_zero)


@pytest.mark.parametrize("floor_at_zero", [False, True])
def test_probabilities_sum_to_exactly_one(floor_at_zero: bool) -> None:
    for pool in range(1, 21):
        for difficulty in range(2, 13):
            dist = outcome_distribution(pool, difficulty, floor_at_zero)
            assert sum(dist.probabilities.values()) == 1, (pool, difficulty)
            assert sum(dist.bands.values()) == 1, (pool, difficulty)


def test_large_pool_is_exact_and_complete() -> None:
    dist = outcome_distribution(60, 6)
    assert min(dist.probabilities) == -60
    assert max(dist.probabilities) == 120
    assert dist.probability(120) == F(1, 10**60)
    assert sum(dist.probabilities.values()) == 1


# --------------------------------------------------------------------------- properties


@settings(max_examples=examples(60), deadline=None)
@given(pool=st.integers(0, 40), difficulty=st.integers(4, 9))
def test_expected_outcome_is_pool_times_one_die(pool: int, difficulty: int) -> None:
    # One die: −1 (face 1) + (10 − d faces of +1 minus the 10) + 2 (the 10) → (11 − d)/10.
    assert outcome_distribution(pool, difficulty).expected == F(pool * (11 - difficulty), 10)


@settings(max_examples=examples(60), deadline=None)
@given(pool=st.integers(0, 40), overage=st.integers(1, 20))
def test_each_point_over_9_costs_one_die(pool: int, overage: int) -> None:
    over = outcome_distribution(pool, 9 + overage)
    at_nine = outcome_distribution(max(pool - overage, 0), 9)
    assert over.probabilities == at_nine.probabilities


@settings(max_examples=examples(60), deadline=None)
@given(pool=st.integers(0, 30), difficulty=st.integers(1, 14))
def test_floor_folds_every_botch_into_zero(pool: int, difficulty: int) -> None:
    plain = outcome_distribution(pool, difficulty)
    floored = outcome_distribution(pool, difficulty, floor_at_zero=True)
    assert floored.probability(0) == plain.bands[Band.BOTCH] + plain.bands[Band.FAIL]
    assert all(outcome >= 0 for outcome in floored.probabilities)
    for outcome in range(1, 2 * pool + 1):
        assert floored.probability(outcome) == plain.probability(outcome)


# --------------------------------------------------------------------------- the roller


def test_roll_scores_its_own_faces() -> None:
    rng = random.Random(20240601)
    for _ in range(200):
        result = roll(5, 6, rng)
        assert len(result.faces) == 5
        assert all(1 <= face <= 10 for face in result.faces)
        assert result.outcome == outcome_of(result.faces, 6)
        assert result.band == band_of(result.outcome)


def test_roll_is_repeatable_with_a_seed() -> None:
    first = roll(8, 7, random.Random(42))
    again = roll(8, 7, random.Random(42))
    assert first == again


def test_roll_applies_overage_and_floor() -> None:
    rng = random.Random(7)
    for _ in range(100):
        result = roll(6, 12, rng, floor_at_zero=True)
        assert len(result.faces) == 3
        assert (result.effective_pool, result.effective_difficulty) == (3, 9)
        assert result.outcome >= 0
        assert result.outcome == max(0, outcome_of(result.faces, 9))


def test_roll_outcomes_are_possible_outcomes() -> None:
    dist: Distribution = outcome_distribution(4, 8)
    rng = random.Random(3)
    assert all(roll(4, 8, rng).outcome in dist.probabilities for _ in range(300))


def test_outcome_of_known_faces() -> None:
    # 10, 7, 1, 3 at Difficulty 6: +2 +1 −1 +0.
    assert outcome_of((10, 7, 1, 3), 6) == 2
    assert outcome_of((1, 1, 4), 6) == -2
    assert outcome_of((1, 1, 4), 6, floor_at_zero=True) == 0
