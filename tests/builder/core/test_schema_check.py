"""The compiled schema check gives jsonschema's verdict, on every shipped schema and document."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, FormatChecker

from builder.core import files
from builder.core.schema_check import compile_check, compile_schema, json_equal
from resources import resource_path
from tests.hypothesis_profiles import examples

SCHEMAS = sorted(resource_path("schemas").glob("*.schema.json"))
EXAMPLES = sorted(resource_path("examples").glob("*.json"))


def strict(schema: dict[str, Any]) -> Draft202012Validator:
    return files.strict_validator(schema)


def verdicts(schema: dict[str, Any], value: Any) -> tuple[bool, bool]:
    """(jsonschema's verdict, the compiled check's verdict) under the strict validator."""
    validator = strict(schema)
    return validator.is_valid(value), compile_check(validator)(value)


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_shipped_schema_is_a_valid_draft_2020_12_schema(path: Path) -> None:
    Draft202012Validator.check_schema(json.loads(path.read_text(encoding="utf-8")))


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_every_shipped_schema_compiles_without_falling_back(path: Path) -> None:
    validator = strict(files.load_schema(path))
    assert compile_check(validator) != validator.is_valid


def test_an_unknown_keyword_falls_back_to_jsonschema_itself() -> None:
    validator = strict({"type": "array", "uniqueItems": True})
    check = compile_check(validator)
    assert check == validator.is_valid
    assert check([1, 2]) and not check([1, 1])


def test_a_remote_reference_falls_back_to_jsonschema_itself() -> None:
    validator = strict({"$ref": "https://example.com/other.json"})
    assert compile_check(validator) == validator.is_valid


@pytest.mark.parametrize(
    ("schema", "value", "valid"),
    [
        ({"type": "integer"}, 1, True),
        ({"type": "integer"}, 1.0, False),  # strict: only whole-number literals
        ({"type": "integer"}, True, False),
        ({"type": "number"}, 1.5, True),
        ({"type": "number"}, False, False),
        ({"type": ["string", "null"]}, None, True),
        ({"type": ["string", "null"]}, 0, False),
        ({"const": 1}, True, False),
        ({"const": 1}, 1.0, True),
        ({"const": True}, 1, False),
        ({"const": [1, {"a": False}]}, [1, {"a": False}], True),
        ({"const": [1, {"a": False}]}, [1, {"a": 0}], False),
        ({"const": "x"}, ["x"], False),
        ({"enum": ["a", "b"]}, "b", True),
        ({"enum": ["a", "b"]}, ["a"], False),
        ({"enum": [0, None]}, False, False),
        ({"enum": [0, None]}, None, True),
        ({"minLength": 2, "maxLength": 3}, "abcd", False),
        ({"minLength": 2, "maxLength": 3}, 12345, True),  # not a string: not checked
        ({"maxLength": 1}, "é", True),  # code points, not bytes
        ({"pattern": "^[a-z]+$"}, "abc", True),
        ({"pattern": "[0-9]"}, "a1b", True),  # search, not match
        ({"pattern": "^[a-z]+$"}, "ab1", False),
        ({"minimum": 0, "maximum": 6}, 7, False),
        ({"minimum": 0, "maximum": 6}, "7", True),
        ({"exclusiveMinimum": 0}, 0, False),
        ({"exclusiveMaximum": 1}, 0.5, True),
        ({"required": ["a"]}, {}, False),
        ({"required": ["a"]}, [], True),
        ({"properties": {"a": {"type": "string"}}, "additionalProperties": False}, {"b": 1}, False),
        ({"properties": {"a": {"type": "string"}}}, {"a": 1}, False),
        ({"additionalProperties": {"type": "integer"}}, {"x": 1, "y": "2"}, False),
        (
            {"patternProperties": {"^x": {"type": "integer"}}, "additionalProperties": False},
            {"x1": 1, "x2": 2},
            True,
        ),
        (
            {"patternProperties": {"^x": {"type": "integer"}}, "additionalProperties": False},
            {"y": 1},
            False,
        ),
        (
            {"properties": {"xa": {"minimum": 5}}, "patternProperties": {"^x": {"maximum": 3}}},
            {"xa": 4},
            False,
        ),
        ({"propertyNames": {"maxLength": 2}}, {"abc": 1}, False),
        ({"minProperties": 1, "maxProperties": 2}, {"a": 1, "b": 2, "c": 3}, False),
        ({"items": {"type": "integer"}, "minItems": 1, "maxItems": 2}, [], False),
        ({"items": {"type": "integer"}}, [1, "2"], False),
        ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, ["a", 1, 2], True),
        ({"prefixItems": [{"type": "string"}], "items": {"type": "integer"}}, [1], False),
        ({"prefixItems": [{"type": "string"}], "items": False}, ["a", "b"], False),
        ({"anyOf": [{"type": "string"}, {"minimum": 3}]}, 2, False),
        ({"oneOf": [{"minimum": 0}, {"maximum": 10}]}, 5, False),  # both match
        ({"oneOf": [{"minimum": 0}, {"maximum": 10}]}, 50, True),
        ({"not": {"type": "string"}}, "a", False),
        ({"if": {"const": "a"}, "then": {"minLength": 2}, "else": {"maxLength": 0}}, "a", False),
        ({"if": {"const": "a"}, "then": {"minLength": 2}, "else": {"maxLength": 0}}, "bb", False),
        ({"if": {"const": "a"}, "then": {"minLength": 1}, "else": {"maxLength": 0}}, "", True),
        ({"allOf": [{"minimum": 1}, {"maximum": 2}]}, 3, False),
        ({"$defs": {"n": {"type": "integer"}}, "items": {"$ref": "#/$defs/n"}}, [1, 2.0], False),
        (
            {
                "$defs": {"tree": {"type": "array", "items": {"$ref": "#/$defs/tree"}}},
                "$ref": "#/$defs/tree",
            },
            [[[]], [[[1]]]],
            False,
        ),
        ({"$ref": "#/$defs/n", "maximum": 3, "$defs": {"n": {"minimum": 1}}}, 4, False),
        (True, {"anything": [1]}, True),
        ({"items": False}, [1], False),
        ({"format": "date"}, "not a date", True),  # format is an annotation without a checker
    ],
)
def test_each_keyword_means_what_jsonschema_means(schema: Any, value: Any, valid: bool) -> None:
    assert verdicts(schema, value) == (valid, valid)


TAGGED = {
    "allOf": [
        {"if": {"properties": {"t": {"const": "a"}}}, "then": {"required": ["x"]}},
        {"if": {"properties": {"t": {"const": "b"}}}, "then": {"required": ["y"]}},
        {"if": {"properties": {"t": {"const": "a"}}}, "then": {"maxProperties": 2}},
    ]
}
"""Rules picked by a tag (compiled as one lookup): each ``if`` also holds without the tag."""


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ({"t": "a"}, False),
        ({"t": "a", "x": 1}, True),
        ({"t": "a", "x": 1, "z": 0}, False),  # the second rule for "a" applies too
        ({"t": "b", "y": 1}, True),
        ({"t": "c"}, True),
        ({"t": 1}, True),
        ({}, False),  # no tag: every rule applies
        ({"x": 1, "y": 1}, True),
        (5, True),
    ],
)
def test_rules_picked_by_a_tag_mean_what_jsonschema_means(value: Any, valid: bool) -> None:
    assert verdicts(TAGGED, value) == (valid, valid)


def test_format_asserts_through_the_validators_format_checker() -> None:
    schema = {"type": "object", "properties": {"d": {"format": "date"}}}
    validator = files.strict_validator(schema)
    checked = type(validator)(schema, format_checker=FormatChecker())
    check = compile_check(checked)
    assert check({"d": "2025-03-01"}) is True
    assert check({"d": "2023-13-45"}) is False
    assert check({"d": 7}) is True  # a date format says nothing about a number
    assert check({"d": "2023-13-45"}) == checked.is_valid({"d": "2023-13-45"})


def test_json_equality_keeps_booleans_apart_from_numbers() -> None:
    assert json_equal(1, 1.0)
    assert not json_equal(True, 1)
    assert not json_equal([0], [False])
    assert json_equal({"a": [1, "x"]}, {"a": [1.0, "x"]})
    assert not json_equal({"a": 1}, {"b": 1})


# --------------------------------------------------------------------------- real documents


def _documents() -> list[tuple[str, Any]]:
    return [(p.name, json.loads(p.read_text(encoding="utf-8"))) for p in EXAMPLES]


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_verdicts_agree_on_every_example_file(path: Path) -> None:
    validator = strict(files.load_schema(path))
    check = compile_check(validator)
    from_schema = compile_schema(files.load_schema(path))
    assert from_schema is not None
    for name, document in _documents():
        assert check(document) == validator.is_valid(document), name
        assert from_schema(document) == validator.is_valid(document), name


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_the_readers_validators_assert_no_format(path: Path) -> None:
    """``compile_schema`` stands for the readers' validators (strict for The Contract and
    The Coven, plain for Covenant and This Mortal Coil) because neither asserts a format."""
    schema = files.load_schema(path)
    assert strict(schema).format_checker is None
    assert Draft202012Validator(schema).format_checker is None


def test_a_schema_compiled_alone_falls_back_to_none_on_an_unknown_keyword() -> None:
    assert compile_schema({"type": "array", "uniqueItems": True}) is None
    assert compile_schema({"$ref": "https://example.com/other.json"}) is None


@pytest.mark.parametrize("value", [1, 1.0, True, 2**70, -3.0, 1.5])
def test_a_schema_compiled_alone_means_strict_or_plain_integers(value: Any) -> None:
    schema = {"type": "integer", "minimum": -5}
    strict_check, plain_check = compile_schema(schema), compile_schema(schema, strict=False)
    assert strict_check is not None and plain_check is not None
    assert strict_check(value) == strict(schema).is_valid(value)
    assert plain_check(value) == Draft202012Validator(schema).is_valid(value)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a document: object members and list items, to any depth."""
    found = [prefix]
    if isinstance(node, dict):
        for key, value in node.items():
            found.extend(_paths(value, (*prefix, key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found.extend(_paths(value, (*prefix, index)))
    return found


REPLACEMENTS = [
    None,
    True,
    False,
    0,
    1,
    -1,
    7,
    99,
    2**70,
    1.0,
    1.5,
    -100001,
    "",
    "x",
    "a" * 201,
    "2023-13-45",
    "victory",
    "contract",
    [],
    [1],
    {},
    {"extra": 1},
]


@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_verdicts_agree_on_mutated_documents(data: st.DataObject) -> None:
    """Random edits of the examples (replace, drop or add a member) anywhere in the file."""
    name, document = data.draw(st.sampled_from(_documents()))
    document = copy.deepcopy(document)
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(_paths(document)[1:]))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        action = data.draw(st.sampled_from(["replace", "drop", "add"]))
        if action == "replace":
            parent[path[-1]] = copy.deepcopy(data.draw(st.sampled_from(REPLACEMENTS)))
        elif action == "drop":
            del parent[path[-1]]
        elif isinstance(parent, dict):
            parent[data.draw(st.sampled_from(["extra", "notes", "id", "type"]))] = 1
        else:
            parent.append(copy.deepcopy(parent[-1]) if parent else 0)
    for schema_path in SCHEMAS:
        for plain in (False, True):
            validator, check = _compiled(schema_path, plain)
            verdict = validator.is_valid(document)
            assert check(document) == verdict, (name, schema_path.name, plain)
            assert _from_schema(schema_path, plain)(document) == verdict, (name, schema_path.name)


@cache
def _compiled(
    path: Path, plain: bool = False
) -> tuple[Draft202012Validator, Callable[[Any], bool]]:
    """A shipped schema's validator (strict, or plain Draft 2020-12) and its compiled check."""
    schema = files.load_schema(path)
    validator = Draft202012Validator(schema) if plain else strict(schema)
    return validator, compile_check(validator)


@cache
def _from_schema(path: Path, plain: bool) -> Callable[[Any], bool]:
    """A shipped schema compiled without a validator (``compile_schema``), strict or plain."""
    check = compile_schema(files.load_schema(path), strict=not plain)
    assert check is not None
    return check


@pytest.mark.parametrize("path", SCHEMAS, ids=lambda p: p.name)
def test_a_plain_validator_compiles_too_with_its_own_integers(path: Path) -> None:
    """Covenant and This Mortal Coil use a plain validator, whose integers include 1.0."""
    validator, check = _compiled(path, plain=True)
    assert check != validator.is_valid


@pytest.mark.parametrize("value", [1, 1.0, -2.0, 1.5, True, "1", float("nan"), float("inf")])
def test_a_plain_validators_integer_is_a_whole_number(value: Any) -> None:
    for schema in ({"type": "integer"}, {"type": "integer", "minimum": 0, "maximum": 6}):
        validator = Draft202012Validator(schema)
        assert compile_check(validator)(value) == validator.is_valid(value), (schema, value)


HOSTILE_NAME = "x'] or __import__('os').getpid() or v['"
"""A member name that would be code if a schema's text were pasted into the written source."""


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ({HOSTILE_NAME: "ok", "n": 3}, True),
        ({HOSTILE_NAME: "too long", "n": 3}, False),
        ({HOSTILE_NAME: "ok", "n": 11}, False),
        ({"n": 3}, False),
        ({HOSTILE_NAME: "ok", "n": 3, "other": 1}, False),
        ({HOSTILE_NAME: "ok", "n": True}, False),
        ({HOSTILE_NAME: "ok", "n": 3.0}, False),
    ],
)
def test_the_written_check_takes_the_schemas_values_as_data_never_as_code(
    value: Any, valid: bool
) -> None:
    """Member names, bounds and patterns reach the written check (``schema_source``) as
    named constants: a name that reads as Python is only a name, and the verdict is still
    jsonschema's."""
    schema = {
        "type": "object",
        "required": [HOSTILE_NAME, "n"],
        "additionalProperties": False,
        "properties": {
            HOSTILE_NAME: {"type": "string", "maxLength": 2, "pattern": "^o"},
            "n": {"type": "integer", "minimum": 0, "maximum": 10},
        },
    }
    assert verdicts(schema, value) == (valid, valid)
    check = compile_schema(schema)
    assert check is not None and check(value) is valid
