"""Every rule of *This Mortal Coil* the issue lists (item 3), with hand-worked numbers."""

from __future__ import annotations

from dataclasses import replace

import pytest

from builder.core.findings import Finding, Severity
from builder.mortal_coil.character import (
    Ability,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    Item,
    NightRest,
    Retire,
    Save,
    ShortRest,
    TakeHarm,
    WeekOfCare,
)
from builder.mortal_coil.rules import (
    attack_die,
    breech,
    fatigue_for_days,
    harm,
    item_slots,
    keep_highest,
    save_passes,
)
from tests.builder.mortal_coil.examples import OKOYE, play

DMG = HarmKind.DAMAGE
STRESS = HarmKind.STRESS


# --------------------------------------------------------------------------- saves


@pytest.mark.parametrize(
    ("roll", "ability", "passes"),
    [
        (10, 10, True),  # equal passes
        (11, 10, False),
        (1, 0, True),  # 1 always passes, even at 0
        (1, 1, True),
        (20, 20, False),  # 20 always fails, even at 20
        (19, 20, True),
        (20, 25, False),
        (2, 1, False),
    ],
)
def test_a_save_passes_on_d20_at_or_under_the_ability(roll: int, ability: int, passes: bool):
    assert save_passes(roll, ability) is passes


# --------------------------------------------------------------------------- damage and stress


def test_damage_minus_armor_comes_off_hp_and_the_excess_off_str():
    # HP 3, armor 1, a d8 rolls 8: 7 through, 3 off HP, 4 off STR 10 -> 6, a STR save.
    r = harm(hp=3, ability=10, roll=8, reduction=1)
    assert (r.through, r.hp_after, r.excess, r.ability_after) == (7, 0, 4, 6)
    assert r.save_needed and not r.retired


def test_damage_landing_exactly_on_zero_costs_no_ability_and_no_save():
    r = harm(hp=3, ability=10, roll=4, reduction=1)
    assert (r.through, r.hp_after, r.excess, r.ability_after) == (3, 0, 0, 10)
    assert not r.save_needed


def test_armor_can_absorb_a_whole_hit():
    r = harm(hp=3, ability=10, roll=1, reduction=2)
    assert (r.through, r.hp_after, r.excess) == (0, 3, 0)


def test_an_ability_reduced_to_zero_retires_without_a_save():
    r = harm(hp=2, ability=3, roll=9, reduction=1)
    assert (r.through, r.excess, r.ability_after) == (8, 6, 0)
    assert r.retired and not r.save_needed


def test_stress_minus_stability_comes_off_hp_and_the_excess_off_ctrl():
    # Okoye: HP 4, stability 0, CTRL 8. Stress 6: HP 0, CTRL 6, save 7 fails -> fallout owed.
    s = play(TakeHarm(STRESS, 6, 0, 7))
    assert (s.hp, s.ctrl_now, s.str_now) == (0, 6, 10)
    assert s.fallout_owed == 1 and not s.disabled


def test_a_passed_ctrl_save_owes_no_fallout():
    s = play(TakeHarm(STRESS, 6, 0, 6))
    assert (s.hp, s.ctrl_now, s.fallout_owed) == (0, 6, 0)


def test_a_failed_str_save_is_critical_damage_and_disables():
    # HP 4, armor 1, 9 damage: 8 through, 4 off HP, 4 off STR 10 -> 6; save 7 > 6 fails.
    s = play(TakeHarm(DMG, 9, 1, 7))
    assert (s.hp, s.str_now) == (0, 6)
    assert s.disabled and not s.retired and s.refused == ()


def test_a_passed_str_save_is_no_critical_damage():
    s = play(TakeHarm(DMG, 9, 1, 6))
    assert (s.str_now, s.disabled) == (6, False)


def test_a_save_is_required_past_zero_and_refused_otherwise():
    missing = play(TakeHarm(DMG, 9, 1, 0))
    assert missing.refused == (0,) and missing.hp == 4
    assert "save is missing" in missing.findings[0].message
    extra = play(TakeHarm(DMG, 3, 1, 12))
    assert extra.refused == (0,)


def test_str_at_zero_retires_and_refuses_what_follows():
    s = play(TakeHarm(DMG, 15, 1, 0), ShortRest(3))
    assert (s.str_now, s.retired, s.retired_reason) == (0, True, "STR reduced to 0")
    assert s.refused == (1,) and s.hp == 0


def test_a_refused_entry_is_a_finding_at_its_place_and_changes_nothing():
    """"If any of your ability scores are reduced to zero, your character is immediately
    `retired` from the game": what follows is refused.

    The log replays through the shared fold (builder.core.playlog), which points
    each refusal at its own entry and goes on with the state before it.
    """
    s = play(TakeHarm(DMG, 15, 1, 0), ShortRest(3), Save(Ability.DEX, 5))
    assert s.refused == (1, 2)
    assert s.findings == (
        Finding("tmc.log.refused", "the character has retired", "log[1]", Severity.ERROR),
        Finding("tmc.log.refused", "the character has retired", "log[2]", Severity.ERROR),
    )


def test_the_player_may_retire_a_character():
    s = play(Retire("died before aid came"))
    assert s.retired and s.retired_reason == "died before aid came"


def test_a_general_save_is_logged_without_changing_the_state():
    s = play(Save(Ability.DEX, 12))
    assert (s.hp, s.dex_now, s.refused) == (4, 12, ())
    assert play(Save(Ability.DEX, 21)).refused == (0,)


# --------------------------------------------------------------------------- attack dice


def test_impaired_rolls_d4_enhanced_d12_and_both_cancel():
    assert attack_die(8) == 8
    assert attack_die(8, impaired=True) == 4
    assert attack_die(6, enhanced=True) == 12
    assert attack_die(10, impaired=True, enhanced=True) == 10


def test_several_attacks_on_one_target_keep_the_highest():
    assert keep_highest([3, 5, 2]) == 5
    # A blast rolls per target: each target keeps only its own dice.
    assert [keep_highest([r]) for r in (2, 6, 1)] == [2, 6, 1]
    with pytest.raises(ValueError):
        keep_highest([])


# --------------------------------------------------------------------------- rest


def test_a_short_rest_restores_1d6_hp_up_to_the_maximum():
    assert play(TakeHarm(DMG, 4, 1)).hp == 1
    assert play(TakeHarm(DMG, 4, 1), ShortRest(2)).hp == 3
    assert play(TakeHarm(DMG, 4, 1), ShortRest(6)).hp == 4
    assert play(ShortRest(7)).refused == (0,)


def test_a_rest_ends_being_disabled():
    s = play(TakeHarm(DMG, 9, 1, 7), ShortRest(2))
    assert (s.disabled, s.hp, s.str_now) == (False, 2, 6)


def test_a_safe_night_restores_all_hp_but_no_ability_when_hp_was_not_full():
    s = play(TakeHarm(DMG, 9, 1, 3), NightRest())
    assert (s.hp, s.str_now) == (4, 6)
    assert play(TakeHarm(DMG, 9, 1, 3), NightRest(4, "str")).refused == (1,)


def test_a_safe_night_at_full_hp_restores_1d6_to_the_ability_picked():
    # STR 10 -> 6; a night: HP 4; a second night at full HP: STR 6 + 3 = 9.
    s = play(TakeHarm(DMG, 9, 1, 3), NightRest(), NightRest(3, "str"))
    assert (s.hp, s.str_now) == (4, 9)
    # Never over the maximum: 6 + 6 = 12 is held at 10.
    assert play(TakeHarm(DMG, 9, 1, 3), NightRest(), NightRest(6, "str")).str_now == 10
    # At full HP the roll and the ability are required.
    assert play(NightRest()).refused == (0,)
    assert play(NightRest(3, "luck")).refused == (0,)


def test_a_week_of_care_heals_all_ability_loss():
    s = play(TakeHarm(DMG, 9, 1, 3), TakeHarm(STRESS, 3, 0, 0), WeekOfCare())
    assert (s.hp, s.str_now, s.ctrl_now) == (4, 10, 8)


def test_deprivation_blocks_recovery_and_adds_fatigue_after_the_first_day():
    assert (fatigue_for_days(0, 1), fatigue_for_days(0, 3), fatigue_for_days(1, 1)) == (0, 2, 1)
    s = play(TakeHarm(DMG, 4, 1), Deprived(1), ShortRest(3))
    assert (s.hp, s.fatigue) == (1, 0)
    s = play(TakeHarm(DMG, 4, 1), Deprived(1), Deprived(2), ShortRest(3), WeekOfCare())
    assert (s.hp, s.fatigue, s.slots_used) == (1, 2, 6)
    # Ending deprivation lets rest work again; the safe night ends the fatigue.
    s = play(Deprived(3), EndDeprivation(), NightRest(2, "dex"))
    assert (s.fatigue, s.deprived) == (0, False)
    assert play(EndDeprivation()).refused == (0,)
    assert play(Deprived(0)).refused == (0,)


# --------------------------------------------------------------------------- slots


def test_bulky_items_take_two_slots_and_small_ones_share():
    assert item_slots(OKOYE.items, 3) == 4
    assert item_slots(OKOYE.items, 2) == 5  # three small items need two bundles of 2
    assert item_slots(OKOYE.items, 1) == 6
    assert play().slots_used == 4


def test_with_every_slot_full_hp_is_held_at_zero():
    # 4 slots of gear + 6 more items = 10: HP is 0 and 2 damage goes straight to STR.
    full = replace(OKOYE, items=(*OKOYE.items, *(Item(f"Crate {i}") for i in range(6))))
    s = play(character=full)
    assert (s.slots_used, s.hp, s.effective_hp) == (10, 4, 0)
    s = play(TakeHarm(DMG, 3, 1, 5), character=full)
    assert (s.hp, s.str_now, s.disabled) == (4, 8, False)


# --------------------------------------------------------------------------- fallout


def test_fallout_rolled_takes_a_slot_and_pays_what_is_owed():
    s = play(TakeHarm(STRESS, 6, 0, 9), AddFallout(3, (3,)))
    assert (s.fallout, s.fallout_owed, s.slots_used) == ((3,), 0, 5)


def test_fallout_duplicates_are_rerolled():
    s = play(AddFallout(3, (3,)), AddFallout(7, (3, 3, 7)))
    assert s.fallout == (3, 7) and s.refused == ()
    # A duplicate entry, a roll that was new but not taken, a last roll that is not the entry:
    bad = play(AddFallout(3), AddFallout(3), AddFallout(5, (2, 5)), AddFallout(5, (5, 6)))
    assert bad.refused == (1, 2, 3) and bad.fallout == (3,)
    assert play(AddFallout(11)).refused == (0,)


def test_fallout_may_be_chosen():
    assert play(AddFallout(10)).fallout == (10,)


def test_with_all_ten_fallout_the_next_critical_stress_retires():
    ten = play(*(AddFallout(n) for n in range(1, 11)))
    assert (len(ten.fallout), ten.retired, ten.slots_used) == (10, False, 14)
    s = play(*(AddFallout(n) for n in range(1, 11)), TakeHarm(STRESS, 2, 0, 15))
    assert s.retired and s.retired_reason == "fallout with all ten slots fallout"
    assert play(*(AddFallout(n) for n in range(1, 11)), AddFallout(1)).refused == (10,)


# --------------------------------------------------------------------------- ships


def test_breech_damage_destroys_a_ship_only_past_zero():
    assert breech(5, 2) == (3, False)
    assert breech(3, 3) == (0, False)
    assert breech(0, 1) == (0, True)
    assert breech(2, 5) == (0, True)
    assert breech(0, 0) == (0, False)
