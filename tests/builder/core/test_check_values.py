"""``check_values``' quick pass agrees with its full walk on any data (issue 13, bulk import)."""

from __future__ import annotations

import math
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core import files
from builder.core.files import UnreadableFile

TEXT = st.text(
    alphabet=st.sampled_from(["a", "é", " ", "\t", "\n", "\x00", "\x1b", "\x7f", "\x85", "\ud800"]),
    max_size=4,
)
SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.sampled_from([0.5, math.inf, -math.inf, math.nan]),
    TEXT,
)
DATA = st.recursive(
    SCALARS,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=30,
)


def walk_verdict(data: Any, depth: int) -> bool:
    try:
        files._walk(data, depth)
    except UnreadableFile:
        return False
    return True


@settings(max_examples=500, deadline=None)
@given(data=DATA, depth=st.integers(1, 6))
def test_the_quick_pass_says_fine_exactly_when_the_full_walk_does(data: Any, depth: int) -> None:
    assert files._plainly_fine(data, depth) == walk_verdict(data, depth)


def test_a_problem_is_still_named_with_its_place() -> None:
    data = {"character": {"ledger": [{"notes": "ok"}, {"notes": "bell\x07"}]}}
    try:
        files.check_values(data)
    except UnreadableFile as exc:
        assert exc.where == "character.ledger[1].notes"
        assert str(exc.problem) == "text contains the control character U+0007"
    else:
        raise AssertionError("the BEL character was not refused")


def test_depth_is_counted_as_the_full_walk_counts_it() -> None:
    assert files._plainly_fine([[1]], 2) and not files._plainly_fine([[[1]]], 2)
    assert not walk_verdict([[[1]]], 2) and walk_verdict([[[]]], 3)
