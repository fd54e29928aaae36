"""This Mortal Coil combat rules (issue 28, item 1), numbers worked by hand from the text."""

from __future__ import annotations

from fractions import Fraction

import pytest

from builder.mortal_coil.character import Item, ItemSize
from builder.mortal_coil.combat import (
    CarrierKind,
    blast_odds,
    carrier_load,
    retreat_chance,
    start_of_combat,
    turn_movement_ft,
)


def test_a_turn_moves_40_feet_or_80_with_a_second_move():
    """ "you may move up to 40 feet and then take one action. Actions include casting a
    spell, attacking, and taking a second move." """
    assert turn_movement_ft() == 40
    assert turn_movement_ft(second_move=True) == 80


def test_a_disabled_character_does_not_move():
    """ "Suffering critical damage disables you, rendering you unconscious and immobile." """
    assert turn_movement_ft(True, disabled=True) == 0


def test_start_of_combat_dex_saves_of_two_members():
    """ "At the start of combat, each crew member must make a DEX save. Those that succeed
    get an opportunity to act before the first round of combat."

    DEX 10 passes on 1-10 of a d20 (1/2), DEX 15 on 1-15 (3/4): both act first
    1/2 × 3/4 = 3/8, neither 1/2 × 1/4 = 1/8, exactly one 1 − 3/8 − 1/8 = 1/2;
    on average 1/2 + 3/4 = 5/4 members act first.
    """
    odds = start_of_combat([("Ana", 10), ("Bo", 15)])
    assert [p for _, _, p in odds.members] == [Fraction(1, 2), Fraction(3, 4)]
    assert odds.acting_first.probability(2) == Fraction(3, 8)
    assert odds.acting_first.probability(1) == Fraction(1, 2)
    assert odds.acting_first.probability(0) == Fraction(1, 8)
    assert odds.everyone == Fraction(3, 8)
    assert odds.nobody == Fraction(1, 8)
    assert odds.expected == Fraction(5, 4)


def test_start_of_combat_1_always_passes_20_always_fails():
    """ "A result of 1 is always a success and a result of 20 is always a failure": DEX 0
    still acts first on a 1 (1/20), DEX 25 misses on a 20 (19/20)."""
    odds = start_of_combat([("weak", 0), ("quick", 25)])
    assert [p for _, _, p in odds.members] == [Fraction(1, 20), Fraction(19, 20)]
    assert odds.everyone == Fraction(19, 400)


def test_retreat_needs_the_dex_save_and_a_safe_destination():
    """ "Escaping a doomed situation requires a successful DEX save and a safe destination
    in order to get away." DEX 12 passes on 1-12 of a d20: 12/20 = 3/5."""
    assert retreat_chance(12) == Fraction(3, 5)
    assert retreat_chance(12, safe_destination=False) == 0


def test_blast_with_unclear_area_rolls_the_die_for_targets():
    """ "roll the attack's standard damage die to determine the number of targets
    affected" and "roll damage separately for each affected target".

    A d4 blast: 1-4 targets, each taking its own d4. All damage 1 needs one
    target (1/4) rolling 1 (1/4): 1/16. Sixteen needs four targets (1/4) all
    rolling 4 ((1/4)^4): 1/1024. On average 5/2 targets × 5/2 each = 25/4.
    """
    odds = blast_odds(4)
    assert odds.targets.probabilities == {n: Fraction(1, 4) for n in range(1, 5)}
    assert odds.total.probability(1) == Fraction(1, 16)
    assert odds.total.probability(16) == Fraction(1, 1024)
    assert odds.expected_total == Fraction(25, 4)


def test_blast_on_two_known_targets_through_armor():
    """ "you roll damage separately for each affected target"; "the opponent subtracts
    any armor bonus".

    Two targets with armor 1 against a d6: each takes 0-5, 1/6 each. Both take
    0 with (1/6)^2 = 1/36; the total averages 2 × 15/6 = 5.
    """
    odds = blast_odds(6, targets=2, reduction=1)
    assert odds.per_target.probabilities == {k: Fraction(1, 6) for k in range(6)}
    assert odds.total.probability(0) == Fraction(1, 36)
    assert odds.total.probability(10) == Fraction(1, 36)
    assert odds.expected_total == 5


def test_an_impaired_blast_counts_targets_on_its_standard_die():
    """ "Impaired attacks always roll 1d4 for damage or stress" while the count uses "the
    attack's standard damage die": a d8 blast, impaired, hits 1-8 targets (mean 9/2),
    each for a d4 (mean 5/2): 45/4 in all."""
    odds = blast_odds(8, impaired=True)
    assert odds.damage_die == 4
    assert odds.targets.values == tuple(range(1, 9))
    assert odds.expected_total == Fraction(45, 4)


def test_blast_refuses_nonsense():
    with pytest.raises(ValueError, match="at least 1 target"):
        blast_odds(6, targets=0)
    with pytest.raises(ValueError, match="faces"):
        blast_odds(0)


def test_a_thrall_carries_ten_slots_counted_like_a_characters():
    """ "You can also utilize your undead thralls to carry items for you"; "Bulky items
    take two slots"; small items bundled (3 a slot here): a bulky item and four small
    ones take 2 + 2 = 4 of the thrall's ten slots."""
    items = [Item("crate", ItemSize.BULKY), *(Item(f"vial {i}", ItemSize.SMALL) for i in range(4))]
    load = carrier_load(CarrierKind.THRALL, items, 3)
    assert (load.slots_used, load.slots_free, load.over, load.zero_hp) == (4, 6, 0, False)


def test_an_associate_with_every_slot_full_is_held_at_0_hp():
    """ "When your inventory is full (e.g. you have filled all ten slots), you are
    temporarily reduced to 0 HP" — read as holding for an associate too; eleven
    slots of gear is one too many ("You cannot carry more items than your inventory
    allows")."""
    full = carrier_load(CarrierKind.ASSOCIATE, [Item(str(i)) for i in range(10)], 3)
    assert full.zero_hp and full.over == 0
    over = carrier_load(CarrierKind.ASSOCIATE, [Item(str(i)) for i in range(11)], 3)
    assert over.over == 1
    thrall = carrier_load(CarrierKind.THRALL, [Item(str(i)) for i in range(10)], 3)
    assert not thrall.zero_hp


def test_a_blast_explained_for_the_table():
    """Two targets with armor 1 against a d6: 0-5 each, 5/2 on average, harmed unless the
    d6 shows 1 (5/6); 5 in all."""
    assert blast_odds(6, targets=2, reduction=1).explain() == (
        "2 target(s), each rolling its own d6 against armor 1: 2.50 each on average, a target "
        "harmed 5/6; 5.00 in all on average (exactly 5/1)."
    )
