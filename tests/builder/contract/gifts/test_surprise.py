"""Surprise me: a random legal Gift within the Gift Credits and Status (issue 31, item 8).

Every drawn draft is judged again here, independently of how it was drawn, by
the builder's own evaluation with the contractor's Status and unspent Gift
Credits, and its cost recounted from the rules' sum.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Any

import pytest

from builder.contract.gifts import AvailableRewards, GiftDraft, default_catalog, evaluate_gift
from builder.contract.gifts.catalog import Catalog, Effect, EffectIndex
from builder.contract.gifts.choices import PlayerChoice
from builder.contract.gifts.draft import ModifierChoice
from builder.contract.gifts.surprise import MAX_SURPRISE_COST, SurpriseError, surprise_gift
from builder.contract.status import Status

CATALOG = default_catalog()

CASES = [
    (Status.NEWBIE, 1),
    (Status.NOVICE, 2),
    (Status.SEASONED, 3),
    (Status.PROFESSIONAL, 1),
    (Status.VETERAN, 12),
]
"""(Status, unspent Gift Credits): a new contractor's one Gift Credit, saved-up credits, a
ported Veteran's many."""


def _rules_cost(draft: GiftDraft) -> int:
    """The Gift Cost recounted from the catalog by the rules' sum ("Gift Cost"): 1, the Type's
    and the Effect's Style adjustments, +1 per Enhancement, −1 per Drawback, ±1 per Parameter
    level from the default."""
    effect = CATALOG.effects[draft.effect]
    mods = CATALOG.modifiers_for(draft.effect)
    cost = 1 + CATALOG.gift_types[draft.gift_type].cost + effect.styles[draft.style].cost
    cost += sum(c.count for c in draft.enhancements) - sum(c.count for c in draft.drawbacks)
    assert all(mods[c.id].kind.value == "enhancement" for c in draft.enhancements)
    assert all(mods[c.id].kind.value == "drawback" for c in draft.drawbacks)
    for pid, level_id in draft.parameters.items():
        param = effect.parameters[pid]
        level = param.level(level_id)
        assert level is not None
        cost += level.index - param.default_index
    return cost


def _assert_legal(draft: GiftDraft, status: Status, credits: int) -> int:
    """The draft is one the builder lets this contractor save as a new Gift; returns its cost."""
    result = evaluate_gift(
        draft, CATALOG, status=status, rewards=AvailableRewards(credits, 0, is_new_gift=True)
    )
    assert result.saveable, (draft, [w.message for w in result.warnings], result.errors)
    assert result.errors == ()
    assert result.status_met is True and result.required_status <= status
    assert 1 <= result.cost <= min(credits, MAX_SURPRISE_COST)
    assert result.cost == _rules_cost(draft)
    # "We recommend taking no more than three on any given Gift."
    assert sum(c.count for c in draft.drawbacks) <= 3
    assert result.house_rules == ()
    assert CATALOG.effects[draft.effect].status <= status
    return result.cost


@pytest.mark.parametrize(("status", "credits"), CASES)
def test_a_few_seeds_draw_legal_gifts(status: Status, credits: int) -> None:
    for seed in range(25):
        found = surprise_gift(CATALOG, random.Random(seed), status, credits)
        assert _assert_legal(found.draft, status, credits) == found.evaluation.cost


@pytest.mark.slow
@pytest.mark.parametrize(("status", "credits"), CASES)
def test_500_seeds_all_draw_legal_gifts_within_the_credits(status: Status, credits: int) -> None:
    """ "A Gift may only be given to a Contractor who has enough available Gift Credits and
    Improvements to match the Gift's Cost"; "Some Effects, as well as some Enhancements and
    Parameter levels, are restricted to only Contractors who have achieved a certain Status"."""
    costs: set[int] = set()
    effects: set[str] = set()
    for seed in range(500):
        found = surprise_gift(CATALOG, random.Random(seed), status, credits)
        costs.add(_assert_legal(found.draft, status, credits))
        effects.add(found.draft.effect)
    # every cost the credits allow is drawn, and the draws range over the catalog
    assert costs == set(range(1, min(credits, MAX_SURPRISE_COST) + 1))
    assert len(effects) >= 40


def _reordered(catalog: Catalog, order: Callable[[list[Any]], list[Any]]) -> Catalog:
    """The same catalog with every list of entries put in ``order`` (reversed, shuffled): its
    Gift Types, Styles, Effects and their Styles, Parameters, modifiers, groups and player
    picks, as if each catalog file listed them differently. A Parameter's levels keep their
    order: it is the rules' ladder ("each level ... from the default"), not a listing."""

    def mapping(items: Mapping[Any, Any], value: Callable[[Any], Any] = lambda v: v) -> Any:
        return MappingProxyType({k: value(v) for k, v in order(list(items.items()))})

    def choice(picked: PlayerChoice) -> PlayerChoice:
        return replace(
            picked,
            attributes=tuple(order(list(picked.attributes))),
            abilities=tuple(order(list(picked.abilities))),
            options=tuple(order(list(picked.options))),
        )

    def effect(e: Effect) -> Effect:
        return replace(
            e,
            styles=mapping(e.styles),
            parameters=mapping(e.parameters),
            modifiers=mapping(e.modifiers),
            groups=mapping(e.groups),
            choices=mapping(e.choices, choice),
        )

    def entry(i: EffectIndex) -> EffectIndex:
        return replace(
            i,
            effect=effect(i.effect),
            modifiers=mapping(i.modifiers),
            groups=mapping(i.groups),
            views=mapping(i.views),
        )

    return replace(
        catalog,
        gift_types=mapping(catalog.gift_types),
        styles=mapping(catalog.styles),
        effects=mapping(catalog.effects, effect),
        general=mapping(catalog.general),
        groups=mapping(catalog.groups),
        index=mapping(catalog.index, entry),
    )


def _shuffled(items: list[Any]) -> list[Any]:
    return random.Random(len(items)).sample(items, len(items))


def test_a_fixed_seed_draws_a_fixed_gift_whose_cost_is_the_rules_sum() -> None:
    """Seed 5 for a Novice with 2 Gift Credits: a Mend Artifact Crafting Gift, Targeted,
    Instant. "Each Enhancement you add to a Gift will increase the Gift Cost by 1": 1 base
    + 0 (Artifact Crafting) + 0 (Mend as Targeted) + 1 (Instant) + 0 (Size at its default,
    Carried) = 2, the contractor's 2 Gift Credits. The same in the catalog listed backwards
    and shuffled: the draw never follows the order of a catalog file."""
    expected = GiftDraft(
        "artifact_crafting", "mend", "targeted", (ModifierChoice("instant"),), (), {}
    )
    for catalog in (CATALOG, _reordered(CATALOG, _backwards), _reordered(CATALOG, _shuffled)):
        found = surprise_gift(catalog, random.Random(5), Status.NOVICE, 2)
        assert found.draft == expected
        assert found.evaluation.cost == 2
        assert sorted((line.label, line.amount) for line in found.evaluation.breakdown) == [
            ("Artifact Crafting", 0),
            ("Instant Mend", 1),
            ("Mend as Targeted", 0),
            ("Size: Carried", 0),
            ("base", 1),
        ]
        assert surprise_gift(catalog, random.Random(5), Status.NOVICE, 2) == found


def _backwards(items: list[Any]) -> list[Any]:
    return items[::-1]


@pytest.mark.parametrize(("status", "credits"), CASES)
def test_every_seed_draws_the_same_gift_whatever_the_catalogs_order(
    status: Status, credits: int
) -> None:
    """A seed a player noted (the undo text says "Surprise me (seed N)") draws the same Gift
    after the catalog's files list their entries in another order."""
    backwards = _reordered(CATALOG, _backwards)
    shuffled = _reordered(CATALOG, _shuffled)
    assert list(backwards.effects) == list(CATALOG.effects)[::-1]
    for seed in range(8):
        drawn = surprise_gift(CATALOG, random.Random(seed), status, credits).draft
        assert surprise_gift(backwards, random.Random(seed), status, credits).draft == drawn
        assert surprise_gift(shuffled, random.Random(seed), status, credits).draft == drawn


def test_a_newbie_with_one_credit_always_gets_cost_one() -> None:
    """ "When a Contractor completes a Contract and gets a new Gift, it must have a Gift Cost
    of 1, since Contractors only receive a single Gift Credit per Contract"."""
    for seed in range(40):
        found = surprise_gift(CATALOG, random.Random(seed), Status.NEWBIE, 1)
        assert found.evaluation.cost == 1


def test_intangibility_is_never_drawn_below_veteran() -> None:
    """ "The Intangibility Effect is restricted to only Veteran Contractors (25+ wins)"."""
    drawn = {
        surprise_gift(CATALOG, random.Random(seed), Status.PROFESSIONAL, 3).draft.effect
        for seed in range(300)
    }
    assert "intangibility" not in drawn


@pytest.mark.parametrize("credits", [0, -1])
def test_no_unspent_gift_credit_is_refused_with_why(credits: int) -> None:
    """A new Gift "needs a Gift Credit": with none there is nothing to draw."""
    with pytest.raises(SurpriseError, match=r"no unspent Gift Credit \(-?\d\): a new Gift is paid"):
        surprise_gift(CATALOG, random.Random(1), Status.VETERAN, credits)
