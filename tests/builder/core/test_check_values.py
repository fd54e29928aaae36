"""``check_values``' quick pass agrees with its full walk on any data (issue 13, bulk import)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core import files, quick_json
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
        b'{"a": 18446744073709551616}',  # past 64 bits: orjson reads a float, json an int
        b'{"a": -9223372036854775809}',
        b'{"a": 1e19}',  # a float that big is doubtful to the quick parse: same answer
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


KEYS = st.sampled_from(["a", "b", "a:", ":", "a:b", "é:", "ключ"])
VALUES = st.one_of(st.integers(-5, 5), st.sampled_from(["x", "x:y", ":", "::", "C:\\\\d", ""]))


def _object_text(pairs: list[tuple[str, Any]], inner: list[str]) -> str:
    """An object written member by member, so a key may repeat (json.dumps never repeats one)."""
    members = [f"{json.dumps(k)}: {json.dumps(v)}" for k, v in pairs]
    members += [f'"in{n}": {text}' for n, text in enumerate(inner)]
    return "{" + ", ".join(members) + "}"


@settings(max_examples=examples(500), deadline=None)
@given(
    outer=st.lists(st.tuples(KEYS, VALUES), max_size=5),
    inner=st.lists(st.lists(st.tuples(KEYS, VALUES), max_size=4), max_size=3),
    in_list=st.booleans(),
)
def test_a_repeated_key_anywhere_gets_the_careful_refusal(
    outer: list[tuple[str, Any]], inner: list[list[tuple[str, Any]]], in_list: bool
) -> None:
    """Issue 29: the quick parse finds a repeated key by counting colons, not by a call per
    object; keys and strings full of colons must neither hide a repeat nor invent one."""
    objects = [_object_text(pairs, []) for pairs in inner]
    if in_list:
        objects = ["[" + ", ".join(objects) + "]"]
    raw = _object_text(outer, objects).encode("utf-8")
    quick = outcome(lambda r: files.parse_json(r, max_depth=5), raw)
    assert repr(quick) == repr(outcome(careful, raw))
    repeated = any(len({k for k, _ in p}) < len(p) for p in [outer, *inner])
    assert (quick[0] == "refused") == repeated


def test_the_quick_parse_itself_doubts_a_repeated_key_and_keeps_colons() -> None:
    """The quick parse answers without the careful one for a clean text with colons, and
    leaves a repeated key (even one hidden among colons) to the careful one."""
    clean = '{"a:": "b:c", "t": [{"x": ":"}, "::"]}'
    assert quick_json.parse(clean, 5, 100) == json.loads(clean)
    for text in ('{"a:": 1, "a:": 2}', '{"a": ":", "a": ""}', '{"k": [{"z": 1, "z": ":"}]}'):
        assert quick_json.parse(text, 5, 100) is quick_json.DOUBTFUL
