"""System Text reads as English for the whole catalog (SPEC §3: "must read as correct
English for every legal combination").

These tests iterate the loaded catalog, so every Effect, Style, Gift Type and
modifier a writer adds is covered automatically.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.contract.gifts import default_catalog, evaluate_gift
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from tests.builder.contract.gifts.grammar import assert_reads_well, grammar_problems
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
VIEW_IDS = [f"{v.effect.id}-{v.style.style}-{v.gift_type.id}" for _, v in VIEWS]
NAMED_VIEWS = [(entry, view, name) for (entry, view), name in zip(VIEWS, VIEW_IDS, strict=True)]
"""Each view with its test id, which names it in a failure (looking it up in VIEWS compared
frozen catalog values for half the list: some 0.3 ms of CPU a test)."""


@pytest.mark.parametrize(("entry", "view", "name"), NAMED_VIEWS, ids=VIEW_IDS)
def test_every_effect_style_and_type_renders_cleanly(entry, view, name: str) -> None:
    """The plainest legal Gift of each Effect × Style × Type has clean System Text."""
    draft = draft_of(view, required_base(entry, view))
    result = evaluate_gift(draft, CATALOG)
    assert result.errors == ()
    assert_reads_well(result.system_text, name)


@pytest.mark.parametrize(("entry", "view"), VIEWS, ids=VIEW_IDS)
def test_every_single_modifier_renders_cleanly(entry, view) -> None:
    """Each modifier usable with this Style and Type, alone (with any required group member
    and its own requirements), changes the System Text and keeps it clean."""
    plain_base = required_base(entry, view)
    plain = evaluate_gift(draft_of(view, plain_base), CATALOG).system_text
    for mod in entry.modifiers.values():
        if mod.id in view.static_reasons:
            continue
        base = required_base(entry, view, avoid=mod)
        chosen = {**base}
        for req in mod.requires:
            chosen[req] = entry.modifiers[req]
        if not can_add(entry, view, chosen, mod):
            continue
        chosen[mod.id] = mod
        for count in sorted({1, mod.max}):
            result = evaluate_gift(draft_of(view, chosen, {mod.id: count}), CATALOG)
            where = f"{view.effect.id}/{view.style.style}/{view.gift_type.id} + {mod.id}×{count}"
            assert result.errors == (), where
            assert_reads_well(result.system_text, where)
            if mod.id not in plain_base and not mod.group:
                assert result.system_text != plain, f"{where} does not change the System Text"


def test_every_parameter_level_renders_cleanly() -> None:
    for entry, view in VIEWS:
        base = required_base(entry, view)
        for param in view.effect.parameters.values():
            if param.slot not in view.slot_order:
                continue
            for level in param.levels:
                draft = draft_of(view, base, parameters={param.id: level.id})
                result = evaluate_gift(draft, CATALOG)
                where = f"{view.effect.id}/{view.style.style} {param.id}={level.id}"
                assert result.errors == (), where
                assert_reads_well(result.system_text, where)
                if level.text:
                    assert level.text in result.system_text, where


@settings(
    max_examples=examples(1500),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    index=st.integers(min_value=0, max_value=len(VIEWS) - 1),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    detail=st.sampled_from(["a silver key", "Fire", "the old {oak} tree [north]", "x"]),
)
def test_random_legal_combinations_read_as_english(index: int, seed: int, detail: str) -> None:
    """Thousands of random legal Gifts: no leftover syntax, doubled spaces, empty clauses,
    and every sentence is capitalised and ends with punctuation."""
    entry, view = VIEWS[index]
    draft = random_legal_draft(entry, view, random.Random(seed), detail=detail)
    result = evaluate_gift(draft, CATALOG)
    assert result.errors == ()
    text = result.system_text
    assert not grammar_problems(text), (draft, text, grammar_problems(text))


def test_detail_text_is_never_template_syntax_and_is_tidied() -> None:
    """Player text is never read as template syntax: braces are removed with a warning,
    stray spaces and a final period go (issue 15, item 3)."""
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        drawbacks=(ModifierChoice("focus_item", "  a {activation}   wand. "),),
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.system_text.endswith(
        "The Gift works only while you hold or wear a activation wand."
    )
    cleaned = [w for w in result.warnings if w.rule == "gift.detail_cleaned"]
    assert [w.where for w in cleaned] == ["drawbacks[0].detail"]
    assert "removed braces and brackets" in cleaned[0].message


def test_blank_detail_shows_the_stand_in_and_warns() -> None:
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        enhancements=(ModifierChoice("armor_piercing"),),
        drawbacks=(ModifierChoice("focus_item"),),
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.system_text.endswith(
        "The Gift works only while you hold or wear a particular item you name."
    )
    assert [w.rule for w in result.warnings] == ["gift.detail_missing"]
    assert result.saveable  # a leader may still accept it; the warning says what is missing


def test_appended_clauses_join_as_a_list() -> None:
    """Two "and" clauses after a slot's empty default read "A and B"; three read "A, B and C"."""
    entry = CATALOG.index["injure"]
    view = entry.views[("targeted", "power")]
    mods = entry.modifiers
    two = evaluate_gift(
        draft_of(view, {m: mods[m] for m in ("armor_piercing", "unerring")}), CATALOG
    )
    assert (
        "The attack ignores up to 2 points of Armor and can be Defended against but never Dodged."
        in two.system_text
    )
    three = evaluate_gift(
        draft_of(view, {m: mods[m] for m in ("armor_piercing", "unerring", "living_only")}), CATALOG
    )
    assert (
        "The attack ignores up to 2 points of Armor, can be Defended against but never Dodged "
        "and harms only living creatures, leaving objects, machines and the dead untouched."
    ) in three.system_text


def test_or_clauses_offer_alternatives_after_the_default() -> None:
    """Obscure ends "if you attack someone"; Stillness and Hushed add alternatives with "or"."""
    entry = CATALOG.index["obscure"]
    view = entry.views[("activated", "power")]
    mods = entry.modifiers
    result = evaluate_gift(draft_of(view, {m: mods[m] for m in ("still", "hushed")}), CATALOG)
    assert result.system_text.endswith(
        "It ends early if you attack someone, move faster than a walk or speak above a whisper."
    )


def test_trap_triggers_join_with_or() -> None:
    entry = CATALOG.index["injure"]
    view = entry.views[("trap", "power")]
    mods = entry.modifiers
    result = evaluate_gift(
        draft_of(view, {m: mods[m] for m in ("trigger_touch", "trigger_word")}), CATALOG
    )
    assert (
        "The trap stays set for a day and springs when something touches the trapped spot or "
        "object or you speak its command word within 100 feet of it."
    ) in result.system_text


def test_sentence_modifiers_follow_the_sentence_that_uses_their_slot() -> None:
    """Blast attaches to the {damage} sentence, so it comes before the traits sentence."""
    entry = CATALOG.index["injure"]
    view = entry.views[("targeted", "power")]
    mods = entry.modifiers
    text = evaluate_gift(
        draft_of(view, {m: mods[m] for m in ("blast", "unerring")}), CATALOG
    ).system_text
    assert (
        text.index("Weapon Damage 2.")
        < text.index("Everyone else within 5 feet")
        < text.index("The attack can be Defended")
    )


def test_empty_slot_drops_its_whole_sentence() -> None:
    """Injure's "The attack {traits}." disappears while no trait is chosen."""
    entry = CATALOG.index["injure"]
    view = entry.views[("targeted", "power")]
    text = evaluate_gift(draft_of(view, {}), CATALOG).system_text
    assert "The attack" not in text.replace("supernatural attack", "").replace("; the attack", "")
    assert text == (
        "Spend an Action and Exert your Mind to make a supernatural attack against one target you "
        "can see within 30 feet. Roll Intellect + Occult at Difficulty 6 against the target's "
        "Dodge or Defense; the attack has Weapon Damage 2."
    )


def test_consumables_are_worded_as_used_up() -> None:
    entry = CATALOG.index["heal"]
    view = entry.views[("targeted", "consumable_crafting")]
    text = evaluate_gift(draft_of(view, {}), CATALOG).system_text
    assert text.startswith("Spend an Action using the Consumable to heal one living creature")
    assert text.endswith("A Consumable works once and is then used up.")
    assert "Exert" not in text


def test_counts_use_singular_and_plural_wording() -> None:
    """Chorus taken once reaches "one more listener"; taken twice, "two more listeners"."""
    once = GiftDraft("power", "suggestion", "targeted", (ModifierChoice("extra_listener"),))
    twice = GiftDraft(
        "power", "suggestion", "targeted", (ModifierChoice("extra_listener", count=2),)
    )
    text_once = evaluate_gift(once, CATALOG).system_text
    text_twice = evaluate_gift(twice, CATALOG)
    assert "also reaches one more listener within range, who resists it separately." in text_once
    assert "also reaches two more listeners within range, each resisting it separately." in (
        text_twice.system_text
    )
    assert text_twice.cost == 3  # 1 base + 2 × Chorus
