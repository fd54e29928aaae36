"""Restrictions on Gifts ("Restrictions on Gifts", "Gift Credits and Improvements"; SPEC §3):
each shown with its reason, never silently applied."""

from __future__ import annotations

from builder.contract.gifts import (
    AvailableRewards,
    GiftDraft,
    ModifierChoice,
    default_catalog,
    evaluate_gift,
    reward_use,
    unavailable_effects,
    unavailable_styles,
)
from builder.contract.status import Status

CATALOG = default_catalog()


def _unavailable(result, mid: str) -> tuple[str, ...]:
    for item in result.unavailable:
        if item.id == mid and not item.parameter:
            return item.reasons
    return ()


def _level_unavailable(result, param: str, level: str) -> tuple[str, ...]:
    for item in result.unavailable:
        if item.parameter == param and item.id == level:
            return item.reasons
    return ()


# ---------------------------------------------------------------- Status


def test_intangibility_is_veteran_only() -> None:
    """The rules' own example: Intangibility needs 25+ victories (Veteran)."""
    draft = GiftDraft("power", "intangibility", "activated")
    pro = evaluate_gift(draft, CATALOG, status=Status.PROFESSIONAL)
    assert pro.required_status is Status.VETERAN
    assert pro.status_met is False
    assert not pro.saveable
    assert [r.message for r in pro.status_reasons] == [
        "the Intangibility Effect needs Veteran Status"
    ]
    assert any(
        w.rule == "gift.status"
        and "needs Veteran Status, and this contractor is Professional" in w.message
        for w in pro.warnings
    )
    vet = evaluate_gift(draft, CATALOG, status=Status.VETERAN)
    assert vet.status_met is True
    assert vet.saveable


def test_intangibility_is_unavailable_in_the_effect_picker_below_veteran() -> None:
    assert unavailable_effects(CATALOG, Status.SEASONED)["intangibility"] == (
        "needs Veteran Status",
    )
    assert "intangibility" not in unavailable_effects(CATALOG, Status.VETERAN)


def test_status_unknown_is_reported_but_not_judged() -> None:
    result = evaluate_gift(GiftDraft("power", "intangibility", "activated"), CATALOG)
    assert result.required_status is Status.VETERAN
    assert result.status_met is None
    assert result.saveable


def test_parameter_levels_needing_status_are_listed_with_the_reason() -> None:
    """Weapon Damage 4 needs Professional; a Novice sees it disabled, with why."""
    draft = GiftDraft("power", "injure", "targeted")
    novice = evaluate_gift(draft, CATALOG, status=Status.NOVICE)
    assert _level_unavailable(novice, "damage", "four") == ("needs Professional Status",)
    assert _level_unavailable(novice, "range", "distant") == ("needs Seasoned Status",)
    assert _level_unavailable(novice, "damage", "three") == ()
    chosen = evaluate_gift(
        GiftDraft("power", "injure", "targeted", parameters={"damage": "four"}),
        CATALOG,
        status=Status.NOVICE,
    )
    assert chosen.required_status is Status.PROFESSIONAL
    assert chosen.status_reasons[0].element == "parameter"
    assert chosen.status_reasons[0].message == "Weapon Damage at 4 needs Professional Status"


def test_modifier_needing_status() -> None:
    draft = GiftDraft("power", "injure", "targeted")
    assert _unavailable(evaluate_gift(draft, CATALOG, status=Status.NOVICE), "twin_strike") == (
        "needs Seasoned Status",
    )
    assert _unavailable(evaluate_gift(draft, CATALOG, status=Status.SEASONED), "twin_strike") == ()


# ---------------------------------------------------------------- requires / excludes


def test_requires_is_shown_until_met() -> None:
    """Virulent requires Contagious."""
    plain = evaluate_gift(GiftDraft("power", "afflict", "targeted"), CATALOG)
    assert _unavailable(plain, "virulent") == ("requires Contagious",)
    alone = evaluate_gift(
        GiftDraft("power", "afflict", "targeted", (ModifierChoice("virulent"),)), CATALOG
    )
    assert [e.message for e in alone.errors] == ["Virulent requires Contagious"]
    both = evaluate_gift(
        GiftDraft(
            "power",
            "afflict",
            "targeted",
            (ModifierChoice("contagious"), ModifierChoice("virulent")),
        ),
        CATALOG,
    )
    assert both.errors == ()


def test_excludes_works_both_ways() -> None:
    """Subtle excludes Conspicuous: whichever is chosen, the other is disabled."""
    with_subtle = evaluate_gift(
        GiftDraft("power", "injure", "targeted", (ModifierChoice("subtle"),)), CATALOG
    )
    assert _unavailable(with_subtle, "conspicuous") == ("excluded by Subtle",)
    with_conspicuous = evaluate_gift(
        GiftDraft("power", "injure", "targeted", drawbacks=(ModifierChoice("conspicuous"),)),
        CATALOG,
    )
    assert _unavailable(with_conspicuous, "subtle") == ("excludes Conspicuous",)
    both = evaluate_gift(
        GiftDraft(
            "power",
            "injure",
            "targeted",
            (ModifierChoice("subtle"),),
            (ModifierChoice("conspicuous"),),
        ),
        CATALOG,
    )
    assert [e.message for e in both.errors] == ["Subtle cannot go with Conspicuous"]


def test_two_modifiers_rewriting_the_same_part_exclude_each_other() -> None:
    """Quick and Ritual both rewrite how the Gift is activated; Bound to Truth and Restless
    Dead both rewrite how the spirit answers. Derived from the data, not declared."""
    quick = evaluate_gift(
        GiftDraft("power", "injure", "targeted", (ModifierChoice("quick"),)), CATALOG
    )
    assert _unavailable(quick, "ritual") == ("replaces the same part of the System Text as Quick",)
    assert _unavailable(quick, "effortless") == (
        "replaces the same part of the System Text as Quick",
    )
    both = evaluate_gift(
        GiftDraft(
            "power",
            "commune_with_the_dead",
            "targeted",
            (ModifierChoice("truthful"),),
            (ModifierChoice("hostile"),),
        ),
        CATALOG,
    )
    assert [e.rule for e in both.errors] == ["gift.same_part"]
    assert "Restless Dead and Bound to Truth both rewrite the same part" in both.errors[0].message


def test_group_minimum_blocks_saving_until_met() -> None:
    """A Trap needs a Trigger; Mythic Attribute needs its Attribute."""
    trap = evaluate_gift(GiftDraft("power", "injure", "trap"), CATALOG)
    assert not trap.saveable
    minimum = [w for w in trap.warnings if w.rule == "gift.group_minimum"]
    assert minimum and minimum[0].numbers == {"group": "trigger", "min": 1, "chosen": 0}
    mythic = evaluate_gift(GiftDraft("power", "mythic_attribute", "passive"), CATALOG)
    assert any(w.rule == "gift.group_minimum" for w in mythic.warnings)
    assert mythic.cost == 0  # the -1 Style is paid back by the required Attribute


def test_only_one_attribute_can_be_mythic_per_gift() -> None:
    draft = GiftDraft("power", "mythic_attribute", "passive", (ModifierChoice("brawn"),))
    result = evaluate_gift(draft, CATALOG)
    assert result.system_text.startswith("Your Brawn is mythic.")
    for other in ("dexterity", "perception", "charisma", "intellect"):
        assert _unavailable(result, other) == (
            "replaces the same part of the System Text as Mythic Brawn",
        )


def test_style_and_type_restrictions_have_reasons() -> None:
    result = evaluate_gift(GiftDraft("power", "injure", "targeted"), CATALOG)
    assert _unavailable(result, "trigger_touch") == ("only with the Trap Style",)
    assert _unavailable(result, "fragile") == (
        "only for Artifact Crafting or Legendary Artifact Gifts",
    )
    trap = evaluate_gift(
        GiftDraft("power", "injure", "trap", (ModifierChoice("trigger_touch"),)), CATALOG
    )
    # Twin Strike rewrites the targets of a Targeted attack; a Trap's sentence has none
    assert _unavailable(trap, "twin_strike") == ("does not fit Injure with the Trap Style",)
    assert _unavailable(trap, "quick") == ("only with the Activated or Targeted Style",)
    assert unavailable_styles(CATALOG, "injure")["passive"] == (
        "Injure does not allow the Passive Style",
    )
    assert unavailable_styles(CATALOG, "heal", gift_type="consumable_crafting")["passive"] == (
        "a Consumable Crafting Gift cannot use it",
    )


def test_disallowed_choices_are_errors() -> None:
    result = evaluate_gift(GiftDraft("consumable_crafting", "heal", "passive"), CATALOG)
    assert [e.rule for e in result.errors] == ["gift.type_style"]
    result = evaluate_gift(GiftDraft("power", "injure", "passive"), CATALOG)
    assert (
        result.errors[0].message
        == "Injure cannot take the Passive Style; it allows Targeted or Trap"
    )
    result = evaluate_gift(
        GiftDraft(
            "power", "injure", "targeted", (ModifierChoice("quick"), ModifierChoice("quick"))
        ),
        CATALOG,
    )
    assert [e.rule for e in result.errors] == ["gift.duplicate_modifier"]
    result = evaluate_gift(
        GiftDraft("power", "injure", "targeted", (ModifierChoice("backlash"),)), CATALOG
    )
    assert result.errors[0].message == "Backlash is a Drawback, but it is listed under enhancements"
    result = evaluate_gift(
        GiftDraft("power", "injure", "targeted", (ModifierChoice("armor_piercing", count=2),)),
        CATALOG,
    )
    assert result.errors[0].message == "Armor-Piercing is taken 2 times; it can be taken once"


def test_unknown_ids_are_errors_naming_where() -> None:
    draft = GiftDraft(
        "spell",
        "injure",
        "targeted",
        (ModifierChoice("laser_eyes"), ModifierChoice("contagious")),
        parameters={"range": "moon", "speed": "fast"},
    )
    result = evaluate_gift(draft, CATALOG)
    assert [(e.rule, e.where) for e in result.errors] == [
        ("gift.unknown_type", "type"),
        ("gift.unknown_modifier", "enhancements[0]"),
        ("gift.unknown_modifier", "enhancements[1]"),
        ("gift.unknown_level", "parameters.range"),
        ("gift.unknown_parameter", "parameters.speed"),
    ]
    assert result.errors[2].message == "'contagious' is not a modifier of Injure"
    assert not result.saveable
    missing = evaluate_gift(GiftDraft("power", "fireball", "targeted"), CATALOG)
    assert missing.errors[0].message == "unknown Effect 'fireball'"
    assert missing.system_text == ""


def test_more_than_three_drawbacks_is_warned_against() -> None:
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        (ModifierChoice("armor_piercing"), ModifierChoice("unerring"), ModifierChoice("blast")),
        tuple(ModifierChoice(d) for d in ("telegraphed", "backlash", "living_only", "painful")),
    )
    result = evaluate_gift(draft, CATALOG)
    assert result.cost == 0
    many = [w for w in result.warnings if w.rule == "gift.many_drawbacks"]
    assert many[0].numbers == {"drawbacks": 4}
    assert many[0].severity.value == "warning"


# ---------------------------------------------------------------- Gift Credits and Improvements


def test_new_gift_spends_one_gift_credit() -> None:
    draft = GiftDraft("power", "injure", "targeted")
    result = evaluate_gift(draft, CATALOG, rewards=AvailableRewards(1, 0))
    assert result.rewards.message == "spends 1 Gift Credit"
    assert (result.rewards.credits, result.rewards.improvements) == (1, 0)
    assert result.saveable


def test_new_gift_needs_a_gift_credit_even_with_improvements() -> None:
    """Improvements only raise existing Gifts; a new one needs a Gift Credit."""
    result = evaluate_gift(
        GiftDraft("power", "injure", "targeted"), CATALOG, rewards=AvailableRewards(0, 3)
    )
    assert result.rewards.enough is False
    assert not result.saveable
    assert "a new Gift needs a Gift Credit" in result.rewards.message


def test_new_gift_is_paid_with_gift_credits_only() -> None:
    """Cost 2, new: Improvements cannot unlock a new Gift, so it needs 2 Gift Credits."""
    draft = GiftDraft("power", "injure", "targeted", (ModifierChoice("armor_piercing"),))
    result = evaluate_gift(draft, CATALOG, rewards=AvailableRewards(2, 0))
    assert result.cost == 2
    assert result.rewards.message == "spends 2 Gift Credits"
    assert (result.rewards.credits, result.rewards.improvements) == (2, 0)
    short = evaluate_gift(draft, CATALOG, rewards=AvailableRewards(1, 1))
    assert short.rewards.enough is False
    assert "Improvements only raise existing Gifts" in short.rewards.message
    assert not short.saveable


def test_improving_an_existing_gift_spends_the_difference() -> None:
    use = reward_use(3, AvailableRewards(0, 1, is_new_gift=False), previous_cost=2)
    assert (use.credits, use.improvements, use.enough) == (0, 1, True)
    assert use.message == "spends 1 Improvement"
    use = reward_use(4, AvailableRewards(1, 1, is_new_gift=False), previous_cost=2)
    assert use.message == "spends 1 Gift Credit and 1 Improvement"
    use = reward_use(4, AvailableRewards(0, 1, is_new_gift=False), previous_cost=2)
    assert use.enough is False


def test_raising_a_gift_without_the_unspent_rewards_says_how_it_is_paid() -> None:
    """Rule: "Improvements are like Gift Credits, but they can only be spent to improve an
    existing Gift". Raising a Gift from 2 to 4 with no contractor spends 2, which Gift
    Credits or Improvements may pay, so the message does not say "spends 2 Improvements"."""
    use = reward_use(4, None, previous_cost=2)
    assert (use.credits, use.improvements, use.enough) == (0, 2, None)
    assert use.message == (
        "spends 2, as Improvements while any are unspent and the rest as Gift Credits"
    )


def test_lowering_a_gift_whose_payment_is_not_known_says_how_the_refund_splits() -> None:
    """Rule: "Improvements are like Gift Credits, but they can only be spent to improve an
    existing Gift, not to unlock a new one." Without the Improvements spent on the Gift (no
    contractor), lowering it from 2 to 1 cannot say whether the 1 back is an Improvement or a
    Gift Credit, so the message names the split instead of "refunds 1 Improvement"."""
    split = "refunds 1, as Improvements up to those spent on this Gift and the rest as Gift Credits"
    use = reward_use(1, AvailableRewards(0, 0, is_new_gift=False), previous_cost=2)
    assert (use.credits, use.improvements, use.enough) == (0, -1, True)
    assert use.message == split
    use = reward_use(1, None, previous_cost=2)
    assert (use.credits, use.improvements, use.enough) == (0, -1, None)
    assert use.message == split
    assert reward_use(2, None, previous_cost=2).message == "spends nothing"


def test_lowering_a_gift_raised_with_improvements_refunds_improvements() -> None:
    """A Gift raised from 1 to 2 with 1 Improvement and lowered back to 1 gives the 1
    Improvement back."""
    use = reward_use(1, AvailableRewards(0, 0, is_new_gift=False, paid_improvements=1), 2)
    assert (use.credits, use.improvements) == (0, -1)
    assert use.message == "refunds 1 Improvement"


def test_lowering_a_gift_paid_with_gift_credits_refunds_gift_credits() -> None:
    """Rule: "Improvements are like Gift Credits, but they can only be spent to improve an
    existing Gift, not to unlock a new one." A Gift of cost 3 paid with 3 Gift Credits (as a website
    archive's import records it) and lowered to cost 1 gives back what it took, 3 − 1 = 2
    Gift Credits; calling them Improvements would turn 2 Credits into rewards that cannot
    unlock a Gift."""
    paid_with_credits = AvailableRewards(0, 0, is_new_gift=False, paid_improvements=0)
    use = reward_use(1, paid_with_credits, previous_cost=3)
    assert (use.credits, use.improvements, use.enough) == (-2, 0, True)
    assert use.message == "refunds 2 Gift Credits"


def test_lowering_a_gift_refunds_its_improvements_first_then_gift_credits() -> None:
    """A Gift bought with 2 Gift Credits and raised by 1 Improvement (cost 3): lowered to 2 it
    gives back the 1 Improvement; lowered to 1 it gives back 3 − 1 = 2, the 1 Improvement and
    then 1 Gift Credit; one Gift Credit stays spent on it (a Gift costs at least 1)."""
    mixed = AvailableRewards(0, 0, is_new_gift=False, paid_improvements=1)
    use = reward_use(2, mixed, previous_cost=3)
    assert (use.credits, use.improvements, use.message) == (0, -1, "refunds 1 Improvement")
    use = reward_use(1, mixed, previous_cost=3)
    assert (use.credits, use.improvements) == (-1, -1)
    assert use.message == "refunds 1 Gift Credit and 1 Improvement"
