"""Gift Cost arithmetic ("Gift Cost"; SPEC §3).

Gift Cost = 1 + Gift Type adjustment + Effect×Style adjustment + Enhancements
− Drawbacks + Σ Parameters (chosen level − default level).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.contract.gifts import GiftDraft, ModifierChoice, default_catalog, evaluate_gift
from builder.contract.gifts.catalog import ModifierKind
from tests.builder.contract.gifts.helpers import (
    can_add,
    draft_of,
    random_legal_draft,
    required_base,
    views,
)
from tests.hypothesis_profiles import examples

CATALOG = default_catalog()
VIEWS = list(views(CATALOG))


def test_ember_lance_worked_example() -> None:
    """A Targeted Injure Power with Armor-Piercing and a Focus Item:
    1 base + 0 Power + 0 Targeted + 1 Armor-Piercing − 1 Focus Item = 1."""
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        enhancements=(ModifierChoice("armor_piercing"),),
        drawbacks=(ModifierChoice("focus_item", "a brass lighter"),),
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 1
    assert [(line.source, line.id, line.amount) for line in result.breakdown] == [
        ("base", "", 1),
        ("type", "power", 0),
        ("style", "targeted", 0),
        ("enhancement", "armor_piercing", 1),
        ("drawback", "focus_item", -1),
        ("parameter", "range", 0),
        ("parameter", "damage", 0),
    ]
    assert result.breakdown_text() == "1 base + 1 Armor-Piercing − 1 Focus Item = 1"


def test_parameters_count_steps_from_their_default() -> None:
    """Range 300 feet is two steps above 30 feet (+2); Weapon Damage 4 two above 2 (+2);
    three Drawbacks (−3) and Unerring (+1): 1 + 0 + 0 + 2 + 2 − 3 + 1 = 3."""
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        enhancements=(ModifierChoice("unerring"),),
        drawbacks=(
            ModifierChoice("telegraphed"),
            ModifierChoice("backlash"),
            ModifierChoice("living_only"),
        ),
        parameters={"range": "distant", "damage": "four"},
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 3
    assert {line.id: line.amount for line in result.breakdown if line.source == "parameter"} == {
        "range": 2,
        "damage": 2,
    }


def test_lowering_a_parameter_below_default_refunds_cost() -> None:
    """Touch range is one step below 30 feet: a plain Touch Injure costs 1 − 1 = 0."""
    draft = GiftDraft("power", "injure", "targeted", parameters={"range": "touch"})
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 0
    assert not result.saveable
    assert result.warnings[0].rule == "gift.cost_below_one"


def test_trap_style_pays_for_its_trigger() -> None:
    """Injure as a Trap costs −1 and needs a Trigger (+1): 1 − 1 + 1 = 1."""
    draft = GiftDraft("power", "injure", "trap", enhancements=(ModifierChoice("trigger_touch"),))
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 1
    assert result.saveable


def test_passive_style_costs_more() -> None:
    """Passive Heal costs +1: 1 + 1 = 2 with nothing else."""
    assert evaluate_gift(GiftDraft("power", "heal", "passive"), CATALOG).cost == 2


def test_modifier_taken_twice_counts_twice() -> None:
    draft = GiftDraft(
        "power", "suggestion", "targeted", (ModifierChoice("extra_listener", count=2),)
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 3
    assert [line.label for line in result.breakdown if line.source == "enhancement"] == [
        "Chorus ×2"
    ]


def test_every_plain_gift_of_the_cheapest_style_costs_one() -> None:
    """Balance: for every Effect, the plainest Gift with its cheapest Style costs 1."""
    for entry in CATALOG.index.values():
        costs = {}
        for (style, gift_type), view in entry.views.items():
            if gift_type != "power" and not entry.effect.types:
                continue
            base = required_base(entry, view)
            costs[style] = evaluate_gift(draft_of(view, base), CATALOG).cost
        assert min(costs.values()) == 1, (entry.effect.id, costs)


@pytest.mark.slow  # every modifier at every level, ~2.5 s of CPU
def test_every_modifier_and_level_moves_the_cost_by_its_amount() -> None:
    """Across the whole catalog: +1 per Enhancement, −1 per Drawback (× count), and each
    Parameter level its distance from the default."""
    for entry, view in VIEWS:
        base = required_base(entry, view)
        base_cost = evaluate_gift(draft_of(view, base), CATALOG).cost
        for mod in entry.modifiers.values():
            if mod.id in base or mod.requires or not can_add(entry, view, base, mod):
                continue
            for count in sorted({1, mod.max}):
                cost = evaluate_gift(
                    draft_of(view, {**base, mod.id: mod}, {mod.id: count}), CATALOG
                ).cost
                assert cost - base_cost == mod.kind.sign * count, (view.effect.id, mod.id)
        for param in view.effect.parameters.values():
            if param.slot not in view.slot_order:
                continue
            for level in param.levels:
                draft = draft_of(view, base, parameters={param.id: level.id})
                cost = evaluate_gift(draft, CATALOG).cost
                assert cost - base_cost == level.index - param.default_index


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    index=st.integers(min_value=0, max_value=len(VIEWS) - 1),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_cost_is_the_sum_of_its_parts(index: int, seed: int) -> None:
    """For random legal Gifts the cost equals the rules' sum, computed here independently,
    and adding one more usable Enhancement/Drawback moves it by exactly ±1."""
    entry, view = VIEWS[index]
    rnd = random.Random(seed)
    draft = random_legal_draft(entry, view, rnd)
    result = evaluate_gift(draft, CATALOG)
    expected = 1 + view.gift_type.cost + view.style.cost
    expected += sum(m.count for m in draft.enhancements) - sum(m.count for m in draft.drawbacks)
    for pid, level_id in draft.parameters.items():
        param = view.effect.parameters[pid]
        expected += param.level(level_id).index - param.default_index
    assert result.cost == expected
    assert sum(line.amount for line in result.breakdown) == result.cost

    chosen = {m.id: entry.modifiers[m.id] for m in (*draft.enhancements, *draft.drawbacks)}
    extra = [
        m for m in entry.modifiers.values() if not m.requires and can_add(entry, view, chosen, m)
    ]
    if extra:
        mod = rnd.choice(extra)
        key = "enhancements" if mod.kind is ModifierKind.ENHANCEMENT else "drawbacks"
        extra_choice = ModifierChoice(mod.id, "a detail" if mod.detail_label else "")
        more = (*getattr(draft, key), extra_choice)
        bigger = GiftDraft(
            draft.gift_type,
            draft.effect,
            draft.style,
            more if key == "enhancements" else draft.enhancements,
            more if key == "drawbacks" else draft.drawbacks,
            draft.parameters,
        )
        assert evaluate_gift(bigger, CATALOG).cost == result.cost + mod.kind.sign
