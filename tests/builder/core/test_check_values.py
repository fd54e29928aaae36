"""``check_values``' quick pass agrees with its full walk on any data (issue 13, bulk import)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core import files
from builder.core.files import UnreadableFile
from tests.hypothesis_profiles import examples

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


@settings(max_examples=examples(500), deadline=None)
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


def outcome(parse: Any, raw: bytes) -> tuple[str, Any]:
    """What a parser makes of ``raw``: its data, or the refusal's kind, text and place."""
    try:
        return "data", parse(raw)
    except UnreadableFile as exc:
        return "refused", (exc.kind, str(exc), exc.where)


def careful(raw: bytes) -> Any:
    return files._careful_parse(raw.decode("utf-8"), 5)


NUMBERS = st.one_of(st.integers(-(10**120), 10**120), st.floats(allow_nan=True))
JSON_DATA = st.recursive(
    st.one_of(st.none(), st.booleans(), NUMBERS, TEXT),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(TEXT, inner, max_size=3)),
    max_leaves=30,
)


@settings(max_examples=examples(500), deadline=None)
@given(data=JSON_DATA, ascii_only=st.booleans(), indent=st.sampled_from([None, 2]))
def test_the_quick_parse_accepts_and_refuses_what_the_careful_one_does(
    data: Any, ascii_only: bool, indent: int | None
) -> None:
    try:
        text = json.dumps(data, ensure_ascii=ascii_only, indent=indent)
    except ValueError:
        return  # a lone surrogate in a key that json.dumps cannot write as UTF-8
    try:
        raw = text.encode("utf-8")
    except UnicodeEncodeError:
        return  # a lone surrogate cannot be written raw: only as an escape
    quick = outcome(lambda r: files.parse_json(r, max_depth=5), raw)
    slow = outcome(careful, raw)
    assert repr(quick) == repr(slow)  # repr: NaN is not equal to itself


@pytest.mark.parametrize(
    "raw",
    [
        b'{"a": 1, "a": 2}',
        b'{"a": "\\u0007"}',
        b'{"a": "\\b"}',
        b'{"a": "\\f"}',
        b'{"a": "\x7f"}',
        '{"a": "\x85"}'.encode(),
        b'{"a": "\\ud800"}',
        b'{"a": 1e999}',
        b'{"a": NaN}',
        b'{"a": ' + b"9" * 101 + b"}",
        b'{"a": ' + b"9" * 5000 + b"}",
        b"[" * 7 + b"]" * 7,
        b"[" * 100_000 + b"]" * 100_000,
        b'{"a": "C:\\\\bin\\\\files"}',
        b'{"a": [1, 2.5, "x"]}',
        b'{"a": ',
    ],
)
def test_each_kind_of_problem_gets_the_careful_answer(raw: bytes) -> None:
    assert repr(outcome(lambda r: files.parse_json(r, max_depth=5), raw)) == repr(
        outcome(careful, raw)
    )
