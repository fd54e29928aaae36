"""Exp prices, checked against the worked examples of "Spending Experience"."""

from __future__ import annotations

import pytest

from builder.contract.character import TraitKind
from builder.contract.costs import (
    ability_raise_cost,
    artifact_price,
    asset_price,
    attribute_raise_cost,
    cost_to_reach,
    max_rating,
    raise_cost,
    source_raise_cost,
    starting_rating,
)
from builder.contract.status import Status


def test_raising_brawn_from_2_to_3_costs_10_exp() -> None:
    # "if your Brawn is at 2 and you want to raise it to 3, you must spend 10 Exp"
    assert attribute_raise_cost(2) == 10
    assert cost_to_reach("attribute", 2, 3) == 10


def test_second_attribute_level_costs_5_and_third_10_more_for_15() -> None:
    # "buying the second level costs 5 Exp, and buying the third costs 10 more
    # Exp for a total of 15 Exp"
    assert attribute_raise_cost(1) == 5
    assert cost_to_reach(TraitKind.ATTRIBUTE, 1, 3) == 15


@pytest.mark.parametrize(("rating", "cost"), [(1, 5), (2, 10), (3, 15), (4, 20)])
def test_attribute_rank_costs_current_rating_times_5(rating: int, cost: int) -> None:
    assert attribute_raise_cost(rating) == cost


def test_attribute_from_1_to_world_class_5_costs_50() -> None:
    assert cost_to_reach("attribute", 1, 5) == 5 + 10 + 15 + 20 == 50


@pytest.mark.parametrize(("rating", "cost"), [(0, 2), (1, 2), (2, 4), (3, 6), (4, 8), (5, 10)])
def test_ability_first_rank_costs_2_then_current_rating_times_2(rating: int, cost: int) -> None:
    assert ability_raise_cost(rating) == cost
    assert raise_cost("secondary", rating) == cost


def test_ability_from_untrained_to_5_costs_22() -> None:
    assert cost_to_reach("ability", 0, 5) == 2 + 2 + 4 + 6 + 8 == 22


def test_ability_sixth_rank_costs_10_more() -> None:
    assert cost_to_reach("ability", 5, 6) == 10
    assert cost_to_reach("ability", 0, 6) == 32


@pytest.mark.parametrize(("rating", "cost"), [(1, 2), (2, 4), (3, 6), (7, 14)])
def test_source_costs_current_rating_times_2(rating: int, cost: int) -> None:
    assert source_raise_cost(rating) == cost


def test_source_from_1_to_4_costs_12() -> None:
    assert cost_to_reach("source", 1, 4) == 2 + 4 + 6 == 12


def test_source_is_never_bought_from_zero() -> None:
    with pytest.raises(ValueError, match="first Gift"):
        source_raise_cost(0)


def test_ratings_below_their_start_cannot_be_priced() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        attribute_raise_cost(0)
    with pytest.raises(ValueError, match="at least 0"):
        ability_raise_cost(-1)


def test_reaching_the_same_rating_is_free_and_going_down_is_not_a_purchase() -> None:
    assert cost_to_reach("attribute", 3, 3) == 0
    with pytest.raises(ValueError, match="down"):
        cost_to_reach("attribute", 3, 2)


def test_unknown_trait_kind_names_the_choices() -> None:
    with pytest.raises(ValueError, match="attribute, ability, secondary, source"):
        raise_cost("talent", 1)


def test_starting_ratings() -> None:
    assert starting_rating("attribute") == 1
    assert starting_rating("ability") == 0
    assert starting_rating("secondary") == 0
    assert starting_rating("source") == 1


@pytest.mark.parametrize("status", list(Status))
def test_attributes_stop_at_5_for_every_status(status: Status) -> None:
    assert max_rating("attribute", status) == 5


@pytest.mark.parametrize(
    ("status", "cap"),
    [
        (Status.NEWBIE, 5),
        (Status.NOVICE, 5),
        (Status.SEASONED, 6),
        (Status.PROFESSIONAL, 6),
        (Status.VETERAN, 6),
    ],
)
def test_a_sixth_ability_rank_opens_at_seasoned(status: Status, cap: int) -> None:
    assert max_rating("ability", status) == cap
    assert max_rating("secondary", status) == cap


def test_source_has_no_stated_maximum() -> None:
    assert max_rating("source", Status.VETERAN) is None


def test_an_asset_costs_its_value_at_creation_and_three_times_after() -> None:
    assert asset_price(3, after_creation=False) == 3
    assert asset_price(3, after_creation=True) == 9


def test_a_negative_asset_value_is_refused() -> None:
    with pytest.raises(ValueError, match="not negative"):
        asset_price(-1, after_creation=False)


def test_an_artifact_costs_one_plus_its_gift_cost() -> None:
    assert artifact_price(1) == 2
    assert artifact_price(4) == 5
