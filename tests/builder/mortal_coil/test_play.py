"""The named play operations the app's buttons call."""

from __future__ import annotations

import pytest

from builder.mortal_coil.character import EndDeprivation, HarmKind, ShortRest, TakeHarm
from builder.mortal_coil.play import add_fallout, fallout_rolls, preview_harm, record, take_harm
from tests.builder.mortal_coil.examples import OKOYE


def test_an_accepted_operation_appends_one_entry():
    played = take_harm(OKOYE, HarmKind.DAMAGE, 9, 7)
    assert played.accepted and played.character.log == (TakeHarm(HarmKind.DAMAGE, 9, 1, 7),)
    assert played.state is not None and played.state.disabled
    assert record(played.character, ShortRest(3)).character.log[-1] == ShortRest(3)


def test_a_refused_operation_keeps_the_character_and_says_why():
    played = record(OKOYE, EndDeprivation())
    assert (played.accepted, played.character, played.reason) == (
        False,
        OKOYE,
        "the character is not deprived",
    )


def test_the_preview_says_when_a_save_is_needed():
    # Armor 1, HP 4: 5 damage lands exactly on 0 (no save), 6 goes 1 past (a STR save).
    assert not preview_harm(OKOYE, HarmKind.DAMAGE, 5).save_needed
    assert preview_harm(OKOYE, HarmKind.DAMAGE, 6).save_needed
    # Stability 0: 5 stress goes 1 past HP 4.
    assert preview_harm(OKOYE, HarmKind.STRESS, 5).excess == 1


def test_fallout_rolls_reroll_duplicates():
    assert fallout_rolls((), [4, 9]) == (4,)
    assert fallout_rolls((4, 9), [4, 9, 4, 2, 7]) == (4, 9, 4, 2)
    with pytest.raises(ValueError):
        fallout_rolls((1,), [1, 1])
    assert add_fallout(OKOYE, (2,)).character.log[-1].entry == 2
    assert not add_fallout(OKOYE, ()).accepted
