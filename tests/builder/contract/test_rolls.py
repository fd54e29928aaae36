"""Which dice a roll uses, worked from "Rolling Dice", "Difficulty" and "Dice Pool Modifiers"."""

from __future__ import annotations

from fractions import Fraction

from builder.contract.dice import outcome_distribution
from builder.contract.rolls import pool_roll, trait_roll


def test_attribute_plus_ability_at_the_called_difficulty() -> None:
    # Dexterity 3 + Firearms 2 at Difficulty 6, no Penalty: 5 dice at 6.
    roll = trait_roll(3, 2, penalty=0)
    assert (roll.base_pool, roll.pool, roll.rolled_difficulty) == (5, 5, 6)
    assert not roll.untrained and not roll.floor_at_zero
    assert roll.distribution == outcome_distribution(5, 6)


def test_no_rank_rolls_the_attribute_alone_one_difficulty_harder() -> None:
    # The rules' transfusion example: Intellect alone, Difficulty 6 becomes 7.
    roll = trait_roll(3, 0, penalty=0)
    assert (roll.base_pool, roll.rolled_difficulty, roll.untrained) == (3, 7, True)
    assert trait_roll(3, None, penalty=0).rolled_difficulty == 7


def test_penalty_stops_at_two_dice() -> None:
    # 4 dice with a Penalty of 3 would leave 1; Penalties stop at 2 dice.
    roll = trait_roll(2, 2, penalty=3)
    assert (roll.base_pool, roll.pool) == (4, 2)


def test_a_rank_six_ability_floors_the_outcome() -> None:
    roll = trait_roll(1, 6, penalty=0)
    assert roll.floor_at_zero
    assert roll.distribution.probability(-1) == 0
    # Attribute 1 + Ability 6 = 7 dice; no Outcome below 0 remains.
    assert sum(p for o, p in roll.distribution.probabilities.items() if o < 0) == Fraction(0)


def test_body_roll_uses_the_body_rating() -> None:
    roll = pool_roll(7, penalty=1)
    assert (roll.base_pool, roll.pool, roll.rolled_difficulty) == (7, 6, 6)
