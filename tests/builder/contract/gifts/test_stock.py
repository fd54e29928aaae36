"""Stock Gifts ("Stock Gifts can be customized or granted to a Contractor as-is"): each one
evaluates to the cost its data claims and is legal for the Status it claims."""

from __future__ import annotations

import pytest

from builder.contract.gifts import AvailableRewards, default_catalog, evaluate_gift
from builder.contract.status import Status
from tests.builder.contract.gifts.grammar import assert_reads_well

CATALOG = default_catalog()
STOCK = list(CATALOG.stock.values())


def test_there_are_at_least_ten_stock_gifts_over_several_categories() -> None:
    assert len(STOCK) >= 10
    assert len({g.category for g in STOCK}) >= 4


@pytest.mark.parametrize("gift", STOCK, ids=[g.id for g in STOCK])
def test_stock_gift_costs_what_it_claims_and_is_legal_for_its_status(gift) -> None:
    result = evaluate_gift(gift.draft, CATALOG, status=gift.status)
    assert result.errors == ()
    assert result.cost == gift.cost
    assert result.required_status <= gift.status
    assert result.status_met is True
    assert result.saveable
    assert_reads_well(result.system_text, gift.id)
    assert gift.draft.name and gift.draft.description


@pytest.mark.parametrize("gift", STOCK, ids=[g.id for g in STOCK])
def test_stock_gift_is_a_first_gift_or_says_which_status_it_needs(gift) -> None:
    """A stock Gift costs 1, so one Gift Credit buys it; below its Status it is refused."""
    assert gift.cost == 1
    ok = evaluate_gift(gift.draft, CATALOG, status=gift.status, rewards=AvailableRewards(1, 0))
    assert ok.rewards.message == "spends 1 Gift Credit"
    if gift.status > Status.NEWBIE:
        below = evaluate_gift(gift.draft, CATALOG, status=Status(gift.status - 1))
        assert not below.saveable


def test_ghost_step_is_marked_veteran() -> None:
    assert CATALOG.stock["ghost_step"].status is Status.VETERAN
    assert CATALOG.stock["rot_whisper"].status is Status.NOVICE
