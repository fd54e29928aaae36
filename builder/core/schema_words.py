"""Schema problems in a player's words: what a JSON Schema refusal says, and where.

``builder.core.files`` reads and checks character files; this module only words
what jsonschema found ("expected an integer, got 'ten'", "missing field 'name'"),
short enough for a message box or one CLI line, whatever the refused value held.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only its errors are read here; jsonschema loads when a schema is used
    from jsonschema.exceptions import ValidationError

from builder.core.names import escaped, name_problem

__all__ = ["brief", "describe", "explain"]


def describe(value: Any) -> str:  # noqa: PLR0911  (7 returns when the limits came in)
    """A short description of a JSON value for messages: 'ten', 3.5, true, null, a list."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return repr(shown)
    if isinstance(value, int | float):
        text = repr(value)
        return text if len(text) <= 40 else text[:37] + "..."
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


_TYPE_WORDS = {
    "integer": "an integer",
    "string": "text",
    "boolean": "true or false",
    "object": "an object",
    "array": "a list",
    "number": "a number",
    "null": "null",
}


def _expected_type(error: ValidationError) -> str:
    wanted = error.validator_value
    names = wanted if isinstance(wanted, list) else [wanted]
    words = " or ".join(_TYPE_WORDS.get(str(w), str(w)) for w in names)
    return f"expected {words}, got {describe(error.instance)}"


def _missing(error: ValidationError) -> str:
    missing = [name for name in error.validator_value if name not in error.instance]
    return f"missing field {missing[0]!r}" if missing else error.message


def _unexpected(error: ValidationError) -> str:
    known = set(error.schema.get("properties", {}))
    extra = sorted(k for k in error.instance if k not in known)
    return f"unexpected field {describe(extra[0])}" if extra else error.message


_EXPLAIN: dict[str, Callable[[ValidationError], str]] = {
    "type": _expected_type,
    "required": _missing,
    "additionalProperties": _unexpected,
    "enum": lambda e: (
        f"expected one of {', '.join(repr(v) for v in e.validator_value)}, "
        f"got {describe(e.instance)}"
    ),
    "const": lambda e: f"expected {describe(e.validator_value)}, got {describe(e.instance)}",
    "minimum": lambda e: f"must be at least {e.validator_value}, got {describe(e.instance)}",
    "maximum": lambda e: f"must be at most {e.validator_value}, got {describe(e.instance)}",
    "maxLength": lambda e: f"text is longer than {e.validator_value:,} characters",
    "minLength": lambda e: f"text must have at least {e.validator_value} character(s)",
    "maxItems": lambda e: (
        f"list has {len(e.instance):,} items; at most {e.validator_value:,} are allowed"
    ),
    "minItems": lambda e: f"list must have at least {e.validator_value} item(s)",
    "maxProperties": lambda e: (
        f"object has {len(e.instance):,} entries; at most {e.validator_value:,} are allowed"
    ),
    "pattern": lambda e: _pattern(e),
    "propertyNames": lambda e: "a name in this object is longer than allowed",
}


def _pattern(error: ValidationError) -> str:
    """A ``pattern`` refusal: a date, a name holding a hidden character, or an id."""
    title = error.schema.get("title")
    if title == "date":
        return f"date {describe(error.instance)} is not a calendar date written YYYY-MM-DD"
    if title == "name" and isinstance(error.instance, str):
        return name_problem(error.instance) or "text holds a character a name may not hold"
    shown = escaped(error.instance) if isinstance(error.instance, str) else error.instance
    return f"{describe(shown)} is not a valid id ({error.schema.get('description', '')})"


def explain(error: ValidationError) -> str:
    """One schema error in a player's words ("expected an integer, got 'ten'")."""
    wording = _EXPLAIN.get(str(error.validator))
    return wording(error) if wording is not None else _cut(error.message)


def brief(error: ValidationError, longest: int = 200) -> str:
    """jsonschema's own message for an error, unless it is long (it quotes the whole value:
    10,000 characters of a name, every item of a list): then ``explain``'s short wording."""
    if error.validator == "pattern" and error.schema.get("title") in ("id", "name"):
        return explain(error)  # the pattern itself would tell a player nothing
    return error.message if len(error.message) <= longest else _cut(explain(error), longest)


def _cut(message: str, longest: int = 200) -> str:
    return message if len(message) <= longest else message[: longest - 3] + "..."
