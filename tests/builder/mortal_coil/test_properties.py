"""Any play keeps HP and abilities in bounds, and the log folds back to the same state."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.mortal_coil import file as mc_file
from builder.mortal_coil.character import (
    ABILITIES,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    NightRest,
    ShortRest,
    TakeHarm,
    WeekOfCare,
)
from builder.mortal_coil.rules import apply, fold, initial_state
from tests.builder.mortal_coil.examples import OKOYE
from tests.hypothesis_profiles import examples

d = st.integers
entries = st.one_of(
    st.builds(TakeHarm, st.sampled_from(list(HarmKind)), d(0, 14), d(0, 3), d(0, 20)),
    st.builds(ShortRest, d(0, 7)),
    st.builds(NightRest, d(0, 7), st.sampled_from(["", "str", "dex", "ctrl"])),
    st.just(WeekOfCare()),
    st.builds(Deprived, d(0, 3)),
    st.just(EndDeprivation()),
    st.builds(AddFallout, d(1, 10), st.lists(d(1, 10), max_size=4).map(tuple)),
)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(entries, max_size=40))
def test_any_play_keeps_the_state_in_bounds_and_folds_back(log):
    character = replace(OKOYE, log=tuple(log))
    state = fold(character)
    assert 0 <= state.hp <= state.hp_max
    assert 0 <= state.effective_hp <= state.hp
    for a in ABILITIES:
        assert 0 <= state.current(a) <= state.maximum(a)
    assert len(set(state.fallout)) == len(state.fallout) <= 10
    assert state.fatigue >= 0 and state.fallout_owed >= 0
    # Retired only when an ability reached 0 or fallout came with all ten taken.
    if state.retired:
        assert min(state.current(a) for a in ABILITIES) == 0 or len(state.fallout) == 10
    # The file round-trips and folds to the same state.
    again = mc_file.loads(mc_file.dumps(mc_file.MortalCoilFile(character))).character
    assert again == character and fold(again) == state
    # Folding is replaying the accepted entries one by one (undo = drop the last entry).
    replayed = initial_state(character)
    for i, entry in enumerate(character.log):
        if i not in state.refused:
            replayed = apply(replayed, entry)
    assert replace(replayed, refused=state.refused, findings=state.findings) == state
