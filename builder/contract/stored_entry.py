"""A ledger entry as the library stores it: its tag, its columns, and the rest as JSON text.

``split_entry`` gives exactly ``entry_to_dict`` (``builder.contract.serialize``)
with ``"type"`` and the table's columns taken out, the rest as canonical JSON,
built straight from the entry's fields by a function written once per entry
class: an import stores some 60 entries per contractor (issues 13 and 29).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from enum import StrEnum
from functools import cache
from typing import Any

from builder.contract.character import Entry
from builder.contract.serialize import (
    _PLAIN,
    ENTRY_TAGS,
    _field_hints,
    _written_fields,
    canonical_json,
    entry_to_dict,
    to_data,
)
from builder.core.canonical import canonical_text


def split_entry(entry: Entry, columns: tuple[str, ...]) -> tuple[str, dict[str, Any], str]:
    """A ledger entry as the library stores it: its tag, the ``columns`` it has, the rest's text.

    Exactly ``entry_to_dict`` with ``"type"`` and the ``columns`` taken out
    (a column the entry does not write is None), the rest as canonical
    JSON, built straight from the fields by a function written once per
    entry class (``_splitter``): an import stores some 60 entries per
    contractor (issue 13). An entry holding anything but text, whole
    numbers, flags and enums (a Correction) takes the general way.
    """
    # A class is always hashable; mypy judges type[X] by the instances' __hash__ (None for
    # the entries that are eq dataclasses), so it refuses the cache's key.
    split = _splitter(type(entry), columns)  # type: ignore[arg-type]
    if split is None:
        return _split_generally(entry, columns)
    return split(entry)


def _column_value(value: Any) -> Any:
    """A field's value as its column holds it (as ``to_data`` writes it)."""
    if type(value) in _PLAIN:
        return value
    if isinstance(value, StrEnum):
        return value.value
    return to_data(value)


def _value_text(value: Any) -> str:
    """A field's value as canonical JSON text (as ``canonical_text`` writes it)."""
    kind = type(value)
    if kind is str:
        return _json_text(value)
    if kind is int:
        return int.__repr__(value)
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, StrEnum):
        return _json_text(value.value)
    return canonical_text(to_data(value))


_FAST_COLUMN = {
    str: "x if type(x) is str else _column(x)",
    int: "x if type(x) is int else _column(x)",
    bool: "x if type(x) is bool else _column(x)",
}
_FAST_TEXT = {
    str: "_json(x) if type(x) is str else _text(x)",
    int: "int.__repr__(x) if type(x) is int else _text(x)",
    bool: '("true" if x else "false") if type(x) is bool else _text(x)',
}
"""How the written splitter turns a field of each plain type into its column and its text;
a value of another type than its field's goes the general way (``_column_value``,
``_value_text``), so the result is the same whatever the entry holds."""


@cache
def _splitter(
    cls: type, columns: tuple[str, ...]
) -> Callable[[Any], tuple[str, dict[str, Any], str]] | None:
    """``split_entry`` for one entry class written out as a Python function (the loop over
    ``_split_plan`` unrolled: one attribute read and one test per field); None where the
    plan is None. Only field names (identifiers of this package's own classes) appear
    in its source; every other value is a named constant."""
    plan = _split_plan(cls, columns)
    if plan is None:
        return None
    tag, own, rest = plan
    hints = {name: hint for name, hint, _required in _field_hints(cls)}
    names: dict[str, Any] = {
        "_column": _column_value,
        "_text": _value_text,
        "_json": _json_text,
        "_tag": tag,
        "_columns": columns,
    }

    def constant(value: Any) -> str:
        name = f"_k{len(names)}"
        names[name] = value
        return name

    def way(table: dict[type, str], hint: Any, enum_way: str) -> str:
        if hint in table:
            return table[hint]
        return enum_way.format(kind=constant(hint))

    lines = ["values = dict.fromkeys(_columns)", "p = []"]
    for name, added, default in own:
        column = way(_FAST_COLUMN, hints[name], "x._value_ if type(x) is {kind} else _column(x)")
        store = f"values[{constant(name)}] = {column}"
        lines += [f"x = e.{name}", *_unless_default(added, constant(default), store)]
    for key, name, added, default in rest:
        text = way(_FAST_TEXT, hints[name], "_json(x._value_) if type(x) is {kind} else _text(x)")
        store = f"p.append({constant(key)} + ({text}))"
        lines += [f"x = e.{name}", *_unless_default(added, constant(default), store)]
    lines.append('return _tag, values, "{" + ",".join(p) + "}"')
    source = "def split(e):\n" + "\n".join("    " + line for line in lines)
    # Only this function's templates, with field names of this package's classes.
    exec(compile(source, f"<split {tag}>", "exec"), names)
    split: Callable[[Any], tuple[str, dict[str, Any], str]] = names["split"]
    return split


def _unless_default(added: bool, default: str, store: str) -> list[str]:
    """``store``, skipped while a field added later holds its default (``_written_fields``)."""
    return [f"if not x == {default}:", f"    {store}"] if added else [store]


def _split_generally(entry: Entry, columns: tuple[str, ...]) -> tuple[str, dict[str, Any], str]:
    data = entry_to_dict(entry)
    tag = data.pop("type")
    values = {name: data.pop(name, None) for name in columns}
    return tag, values, canonical_json(data)


_json_text = json.encoder.encode_basestring  # what canonical_text writes a string as
"""A string as canonical JSON writes it (non-ASCII kept): the C encoder's own function."""


@cache
def _split_plan(
    cls: type, columns: tuple[str, ...]
) -> tuple[str, tuple[tuple[str, bool, Any], ...], tuple[tuple[str, str, bool, Any], ...]] | None:
    """(tag, column fields, other fields in key order with their written ``"name":``) of an
    entry class whose fields are all text, numbers, flags or enums; None for any other."""
    tag = ENTRY_TAGS.get(cls)
    if tag is None:
        return None
    hints = _field_hints(cls)
    if any(not (hint in _PLAIN or _is_enum(hint)) for _name, hint, _required in hints):
        return None
    written = _written_fields(cls)
    own = tuple(field for field in written if field[0] in columns)
    rest = tuple(
        (f"{_json_text(name)}:", name, added, default)
        for name, added, default in sorted(field for field in written if field[0] not in columns)
        if name != "type"
    )
    if len(rest) + len(own) != len(written):
        return None  # a field named "type" would clash with the tag
    return tag, own, rest


def _is_enum(hint: Any) -> bool:
    return isinstance(hint, type) and issubclass(hint, StrEnum)
