"""Rolling at the table (``builder.contract.roller``), worked from "Rolling Dice".

Each die: a face at or above the Difficulty +1, a 10 +2, a 1 −1. The final
Difficulty stays 4–9; each point above 9 costs a die. No rank in the Ability:
+1 Difficulty. An Ability at 6 keeps the Outcome at 0 or more. Penalty lowers a
pool, never below two dice ("Dice Pool Modifiers").
"""

from __future__ import annotations

import random

from builder.contract.dice import Band
from builder.contract.roller import (
    LOG_SIZE,
    LoggedRoll,
    RollLog,
    faces_text,
    outcome_text,
    roll_planned,
    table_rng,
)
from builder.contract.rolls import pool_roll, trait_roll


class Loaded(random.Random):
    """A generator whose d10s land on the faces given, in order (the dice are real rules)."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 10)
        return self.faces.pop(0)


def test_dexterity_and_firearms_at_difficulty_6() -> None:
    # 3 + 2 = 5 dice: 10 (+2), 7 (+1), 6 (+1), 3 (0), 1 (−1) = 3, a partial success.
    result = roll_planned(trait_roll(3, 2, 0, 6), Loaded(10, 7, 6, 3, 1))
    assert result.faces == (10, 7, 6, 3, 1)
    assert (result.outcome, result.band) == (3, Band.PARTIAL)
    assert faces_text(result) == "10 7 6 3 1"
    assert outcome_text(result) == "Outcome 3, Partial success"


def test_no_rank_rolls_the_attribute_at_one_more_difficulty() -> None:
    # Attribute 3 alone at Difficulty 6 + 1 = 7: 7 (+1), 6 (0), 10 (+2) = 3.
    result = roll_planned(trait_roll(3, None, 0, 6), Loaded(7, 6, 10))
    assert (result.effective_difficulty, result.outcome) == (7, 3)


def test_a_rank_6_ability_keeps_the_outcome_at_zero() -> None:
    # 2 + 6 = 8 dice, all 1s: −8, floored at 0, a failure.
    result = roll_planned(trait_roll(2, 6, 0, 6), Loaded(*[1] * 8))
    assert (result.outcome, result.band) == (0, Band.FAIL)


def test_difficulty_over_9_costs_dice() -> None:
    # 5 dice at Difficulty 11: 3 dice at 9. 9 (+1), 8 (0), 10 (+2) = 3.
    result = roll_planned(trait_roll(3, 2, 0, 11), Loaded(9, 8, 10))
    assert (result.effective_pool, result.effective_difficulty, result.outcome) == (3, 9, 3)


def test_penalty_leaves_two_dice_and_a_botch_is_below_zero() -> None:
    # Body 3 with Penalty −2 keeps 2 dice: 1 (−1), 2 (0) = −1, a botch.
    result = roll_planned(pool_roll(3, 2, 6), Loaded(1, 2))
    assert (len(result.faces), result.outcome, result.band) == (2, -1, Band.BOTCH)
    assert outcome_text(result) == "Outcome -1, Botch"


def test_a_seeded_generator_repeats_and_the_table_generator_rolls_d10s() -> None:
    planned = trait_roll(4, 3, 0, 6)
    assert roll_planned(planned, random.Random(7)) == roll_planned(planned, random.Random(7))
    faces = [f for _ in range(50) for f in roll_planned(planned, table_rng()).faces]
    assert len(faces) == 350 and set(faces) <= set(range(1, 11))


def test_the_log_keeps_the_newest_twenty() -> None:
    log = RollLog()
    planned = pool_roll(2, 0, 6)
    for n in range(LOG_SIZE + 5):
        log = log.add(LoggedRoll(f"roll {n}", roll_planned(planned, Loaded(10, n % 10 + 1))))
    assert len(log.rolls) == LOG_SIZE == 20
    assert [r.label for r in log.rolls[:2]] == ["roll 24", "roll 23"]
    assert log.rolls[-1].label == "roll 5"
    assert log.rolls[0].text() == "roll 24: 10 5 → Outcome 2, Partial success"
