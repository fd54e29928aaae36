"""A contractor as plain JSON-able data, and back, exactly.

This is the one mapping between the frozen values of ``builder.contract.character``
and the JSON shapes used by character files (``builder.contract.file``),
the library's JSON columns (``models``) and approval digests. It is a pure
function pair: ``contractor_from_dict(contractor_to_dict(c)) == c`` for every
contractor, and the same contractor always gives the same JSON text.

Shapes:

- a dataclass becomes an object whose keys are its field names, in the order
  the class declares them; every field is written, defaults included, so a
  document says everything explicitly — except fields added to the format
  later (marked ``ADDED``), which are written only when they differ from
  their default, so a contractor that does not use them gives the same text
  (and the same approval digests) as before they existed;
- enums become their string values, tuples become lists;
- a mapping (Creation ratings, Gift parameters) becomes an object with its
  keys sorted, so two equal mappings built in a different order give the same
  text;
- a ledger entry is an object tagged with ``"type"`` (``ENTRY_TYPES``) as its
  first key.

Reading is strict and explains itself: a wrong type, an unknown or missing
field, or an unknown enum value raises ``SerializeError`` naming the path
("ledger[4].exp: expected an integer, got 'ten'"). A missing field that has
a default takes the default, so hand-written documents may leave them out.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from enum import StrEnum
from functools import cache, partial
from typing import Any

from builder.contract.character import (
    BonusExp,
    BuyAsset,
    ContractAttended,
    Contractor,
    Correction,
    Craft,
    Death,
    Entry,
    GiftChange,
    Hustle,
    ImprovementGranted,
    Journal,
    LimitsRevised,
    Ported,
    Raise,
    RemoveLiability,
    Therapy,
    WillToSurvive,
)
from builder.core.canonical import canonical_text
from builder.core.files import child_path
from builder.core.schema_words import describe

ENTRY_TYPES: Mapping[str, type] = types.MappingProxyType(
    {
        "contract": ContractAttended,
        "journal": Journal,
        "bonus_exp": BonusExp,
        "improvement": ImprovementGranted,
        "raise": Raise,
        "buy_asset": BuyAsset,
        "remove_liability": RemoveLiability,
        "therapy": Therapy,
        "craft": Craft,
        "gift_change": GiftChange,
        "death": Death,
        "hustle": Hustle,
        "will_to_survive": WillToSurvive,
        "limits_revised": LimitsRevised,
        "ported": Ported,
        "correction": Correction,
    }
)
"""The ``"type"`` tag of each ledger entry class, as written in files and the library."""

ENTRY_TAGS: Mapping[type, str] = types.MappingProxyType({v: k for k, v in ENTRY_TYPES.items()})
"""Inverse of ``ENTRY_TYPES``: the tag of a ledger entry class."""


class SerializeError(ValueError):
    """A document does not describe a contractor; ``where`` is the path, ``problem`` the reason."""

    def __init__(self, where: str, problem: str) -> None:
        self.where = where
        self.problem = problem
        super().__init__(f"{where}: {problem}" if where else problem)


# --------------------------------------------------------------------------- writing


def to_data(value: Any) -> Any:  # noqa: C901  (complexity 11 when the limits came in)
    """Any builder value (dataclass, enum, tuple, mapping, scalar) as plain JSON data."""
    if isinstance(value, bool | int | str) and not isinstance(value, StrEnum):
        return value
    if isinstance(value, StrEnum):
        return value.value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        data: dict[str, Any] = {}
        tag = ENTRY_TAGS.get(type(value))
        if tag is not None:
            data["type"] = tag
        for name, added, default in _written_fields(type(value)):
            current = getattr(value, name)
            if added and current == default:
                continue
            if type(current) in _PLAIN:
                data[name] = current
            elif isinstance(current, StrEnum):
                data[name] = current.value
            else:
                data[name] = to_data(current)
        return data
    if isinstance(value, tuple):
        return [to_data(item) for item in value]
    if isinstance(value, Mapping):
        return {key: to_data(value[key]) for key in sorted(value)}
    raise TypeError(f"cannot serialize {type(value).__name__}: {value!r}")


_PLAIN = frozenset({bool, int, str})
"""Types written as they are (exactly these: a ``StrEnum`` member is written as its value)."""


@cache
def _written_fields(cls: type) -> tuple[tuple[str, bool, Any], ...]:
    """(name, added later, default) of each field of a dataclass, looked up once per class.

    A field added after files were first written is left out while it holds
    its default, so older Harbingers still read the file.
    """
    return tuple(
        (f.name, bool(f.metadata.get("added")), _default(f)) for f in dataclasses.fields(cls)
    )


def _default(f: dataclasses.Field[Any]) -> Any:
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return f.default


def contractor_to_dict(contractor: Contractor) -> dict[str, Any]:
    """A contractor as a JSON-able dict in canonical key order.

    A Loose End's key is left out where it is the one its place gives it when read
    (``le<place>``, ``builder.contract.character.keyed_loose_ends``): a file of Loose
    Ends from before keys reads and writes back as it was."""
    result: dict[str, Any] = to_data(contractor)
    for place, loose_end in enumerate(result.get("loose_ends", ())):
        if loose_end.get("key") == f"le{place}":
            del loose_end["key"]
    return result


def entry_to_dict(entry: Entry) -> dict[str, Any]:
    """One ledger entry as a dict tagged with its ``"type"``."""
    result: dict[str, Any] = to_data(entry)
    return result


def canonical_json(value: Any) -> str:
    """The canonical JSON text (``builder.core.canonical``) of a builder value or plain data.

    A builder value is first turned into its file data (``to_data``); the text
    is then exactly what approval digests are computed over: keys sorted, no
    whitespace, non-ASCII kept, NaN and Infinity refused (ValueError).
    """
    return canonical_text(value if isinstance(value, dict | list) else to_data(value))


# --------------------------------------------------------------------------- reading


def contractor_from_dict(data: Any, where: str = "") -> Contractor:
    """The contractor a dict describes; SerializeError names the first problem and its path."""
    try:
        result: Contractor = _reader(Contractor)(data)
    except _Mismatch:
        result = from_data(Contractor, data, where)  # says what and where
    return result


def entry_from_dict(data: Any, where: str = "") -> Entry:
    """A ledger entry from a dict tagged with ``"type"``."""
    return _entry(data, where)


def from_data(hint: Any, data: Any, where: str) -> Any:  # noqa: C901, PLR0911, PLR0912  (complexity 14, 8 returns, 13 branches when the limits came in)
    """Read ``data`` as the type ``hint`` (a dataclass, enum, scalar, tuple, mapping or Entry)."""
    if hint is bool:
        if not isinstance(data, bool):
            raise SerializeError(where, f"expected true or false, got {describe(data)}")
        return data
    if hint is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise SerializeError(where, f"expected an integer, got {describe(data)}")
        return data
    if hint is str:
        if not isinstance(data, str):
            raise SerializeError(where, f"expected text, got {describe(data)}")
        return data
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return _enum(hint, data, where)
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _dataclass(hint, data, where)
    origin = typing.get_origin(hint)
    if origin is tuple:
        item_hint = typing.get_args(hint)[0]
        if not isinstance(data, list):
            raise SerializeError(where, f"expected a list, got {describe(data)}")
        return tuple(from_data(item_hint, item, f"{where}[{i}]") for i, item in enumerate(data))
    if origin is Mapping:
        _key_hint, value_hint = typing.get_args(hint)
        if not isinstance(data, dict):
            raise SerializeError(where, f"expected an object, got {describe(data)}")
        return {
            key: from_data(value_hint, value, child_path(where, key)) for key, value in data.items()
        }
    if origin in (types.UnionType, typing.Union) and set(typing.get_args(hint)) <= set(ENTRY_TAGS):
        return _entry(data, where)
    raise TypeError(f"no reader for {hint!r}")  # a new field type: a bug here, not bad input


def _enum(enum: type[StrEnum], data: Any, where: str) -> StrEnum:
    if isinstance(data, str):
        try:
            return enum(data)
        except ValueError:
            pass
    allowed = ", ".join(repr(member.value) for member in enum)
    raise SerializeError(where, f"expected one of {allowed}, got {describe(data)}")


@cache
def _field_hints(cls: type) -> tuple[tuple[str, Any, bool], ...]:
    """(name, type hint, required) for each field of a dataclass, resolved once."""
    hints = typing.get_type_hints(cls)
    return tuple(
        (
            f.name,
            hints[f.name],
            f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
        )
        for f in dataclasses.fields(cls)
    )


def _dataclass(cls: type, data: Any, where: str, *, tagged: bool = False) -> Any:
    if not isinstance(data, dict):
        raise SerializeError(where, f"expected an object, got {describe(data)}")
    fields = _field_hints(cls)
    known = _field_names(cls)
    if not data.keys() <= (_tagged_names(cls) if tagged else known):
        for key in data:
            if key not in known and not (tagged and key == "type"):
                raise SerializeError(where, f"unexpected field {describe(key)}")
    values: dict[str, Any] = {}
    for name, hint, required in fields:
        if name in data:
            value = data[name]
            if type(value) is hint and hint in _PLAIN:
                values[name] = value  # text, a whole number or a flag, read as it is
            else:
                values[name] = from_data(hint, value, f"{where}.{name}" if where else name)
        elif required:
            raise SerializeError(where, f"missing field {name!r}")
    return cls(**values)


@cache
def _field_names(cls: type) -> frozenset[str]:
    return frozenset(name for name, _hint, _required in _field_hints(cls))


@cache
def _tagged_names(cls: type) -> frozenset[str]:
    """A ledger entry class's field names and its ``type`` tag."""
    return _field_names(cls) | {"type"}


def _entry(data: Any, where: str) -> Any:
    if not isinstance(data, dict):
        raise SerializeError(where, f"expected a ledger entry object, got {describe(data)}")
    tag = data.get("type")
    cls = ENTRY_TYPES.get(tag) if isinstance(tag, str) else None
    if cls is None:
        if "type" not in data:
            raise SerializeError(where, "missing field 'type'")
        allowed = ", ".join(repr(t) for t in ENTRY_TYPES)
        type_path = f"{where}.type" if where else "type"
        raise SerializeError(type_path, f"expected one of {allowed}, got {describe(tag)}")
    return _dataclass(cls, data, where, tagged=True)


# --------------------------------------------------------------------------- reading, quickly


class _Mismatch(Exception):
    """A quick reader met something it does not vouch for: ``from_data`` reads it again."""


_MISMATCH = _Mismatch()
_ABSENT = object()

Reader = Callable[[Any], Any]
"""A quick reader: the value of one type hint from data, or ``_Mismatch``."""


@cache
def _reader(hint: Any) -> Reader:  # noqa: PLR0911  (7 returns when the limits came in)
    """``from_data(hint, …)`` compiled once per type hint, without building paths.

    A bulk import reads thousands of files that are nearly all valid (issue
    13), so the common case should not pay for the wording of a refusal: a
    path string for every value read. Each quick reader follows
    ``from_data``'s rules in the same order and, wherever ``from_data``
    would refuse (or where it is not sure it agrees), raises ``_Mismatch``;
    ``contractor_from_dict`` then reads the data again with ``from_data``,
    which words the refusal as before. So both accept exactly the same data.
    """
    if hint is bool or hint is int or hint is str:
        return partial(_plain, hint)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        return partial(_member, dict(hint._value2member_map_))
    if isinstance(hint, type) and dataclasses.is_dataclass(hint):
        return _DataclassReader(hint, tagged=False)
    origin = typing.get_origin(hint)
    if origin is tuple:
        return partial(_items, _reader(typing.get_args(hint)[0]))
    if origin is Mapping:
        return partial(_members, _reader(typing.get_args(hint)[1]))
    if origin in (types.UnionType, typing.Union) and set(typing.get_args(hint)) <= set(ENTRY_TAGS):
        return _entry_reader()
    return _unknown


def _plain(kind: type, data: Any) -> Any:
    if type(data) is kind:
        return data
    raise _MISMATCH


def _member(members: dict[Any, Any], data: Any) -> Any:
    if type(data) is str:
        member = members.get(data)
        if member is not None:
            return member
    raise _MISMATCH


def _items(read: Reader, data: Any) -> tuple[Any, ...]:
    if type(data) is not list:
        raise _MISMATCH
    return tuple(map(read, data))


def _members(read: Reader, data: Any) -> dict[Any, Any]:
    if type(data) is not dict:
        raise _MISMATCH
    return {key: read(value) for key, value in data.items()}


def _unknown(_data: Any) -> Any:
    raise _MISMATCH  # from_data names the hint it has no reader for


class _DataclassReader:
    """The quick ``_dataclass``: each field's own reader, or none for text, numbers and flags.

    A frozen dataclass with slots is written out once as a Python function
    (``_write_slots_reader``) at first use (an entry can hold entries: a Correction);
    any other class is read by the loop below.
    """

    def __init__(self, cls: type, *, tagged: bool) -> None:
        self.cls = cls
        self.known = _tagged_names(cls) if tagged else _field_names(cls)
        self.fields: list[tuple[str, Any, Reader | None, bool]] | None = None
        self.read: Reader | None = None

    def _prepare(self) -> list[tuple[str, Any, Reader | None, bool]]:
        """The fields' readers, made at first use (an entry can hold entries: a Correction)."""
        self.fields = [
            (name, hint, None if hint in _PLAIN else _reader(hint), required)
            for name, hint, required in _field_hints(self.cls)
        ]
        self.read = _write_slots_reader(self.cls, self.known, self.fields)
        return self.fields

    def __call__(self, data: Any) -> Any:
        fields = self.fields or self._prepare()
        if self.read is not None:
            return self.read(data)
        if type(data) is not dict or not data.keys() <= self.known:
            raise _MISMATCH
        values: dict[str, Any] = {}
        for name, hint, read, required in fields:
            value = data.get(name, _ABSENT)
            if value is _ABSENT:
                if required:
                    raise _MISMATCH
            elif read is None:
                if type(value) is not hint:
                    raise _MISMATCH
                values[name] = value
            else:
                values[name] = read(value)
        return self.cls(**values)


def _write_slots_reader(
    cls: type, known: frozenset[str], fields: list[tuple[str, Any, Reader | None, bool]]
) -> Reader | None:
    """The quick reader of a dataclass with slots as one Python function (None for a class
    without slots, or whose ``__init__`` is its own): one test per field, straight, and
    each slot set as the dataclass's ``__init__`` sets it (its default when the field is
    absent, then ``__post_init__``), without the cost of a generic ``__setattr__`` per
    field, which was half of reading a ledger entry (issue 29).

    Only generated names appear in its source; the class, the field names, their
    readers, defaults and slot setters are named constants.
    """
    slots = _slot_setters(cls)
    if slots is None:
        return None
    names: dict[str, Any] = {"_cls": cls, "_known": known, "_MISMATCH": _MISMATCH}

    def constant(value: Any) -> str:
        name = f"_k{len(names)}"
        names[name] = value
        return name

    lines = [
        "if type(data) is not dict or not data.keys() <= _known:",
        "    raise _MISMATCH",
        "self = _new(_cls)",
    ]
    names["_new"] = object.__new__
    defaults = {f.name: f for f in dataclasses.fields(cls)}
    for name, hint, read, required in fields:
        setter = constant(slots[name])
        lines.append(f"x = data.get({constant(name)}, _MISMATCH)")
        if required:
            lines += ["if x is _MISMATCH:", "    raise _MISMATCH"]
        else:
            field = defaults[name]
            if field.default_factory is not dataclasses.MISSING:
                default = f"{constant(field.default_factory)}()"
            else:
                default = constant(field.default)
            lines += ["if x is _MISMATCH:", f"    {setter}(self, {default})", "else:"]
        pad = "" if required else "    "
        if read is None:
            lines += [f"{pad}if type(x) is not {constant(hint)}:", f"{pad}    raise _MISMATCH"]
            lines.append(f"{pad}{setter}(self, x)")
        else:
            lines.append(f"{pad}{setter}(self, {constant(read)}(x))")
    post = getattr(cls, "__post_init__", None)
    if post is not None:
        lines.append(f"{constant(post)}(self)")
    lines.append("return self")
    source = "def read(data):\n" + "\n".join("    " + line for line in lines)
    # Only this function's templates and generated names: see its docstring.
    exec(compile(source, f"<read {cls.__name__}>", "exec"), names)
    written: Reader = names["read"]
    return written


def _slot_setters(cls: type) -> dict[str, Callable[[Any, Any], None]] | None:
    """Each field's slot setter, for a dataclass whose ``__init__`` only sets every field
    from its argument (the dataclass's own, every field in it); None for any other."""
    init = cls.__dict__.get("__init__")
    code = getattr(init, "__code__", None)
    fields = dataclasses.fields(cls)
    if code is None or code.co_filename != "<string>" or code.co_name != "__init__":
        return None  # not the __init__ a dataclass writes
    if any(not f.init for f in fields) or code.co_argcount != len(fields) + 1:
        return None  # a field set otherwise, or an InitVar
    setters = {}
    for f in fields:
        slot = cls.__dict__.get(f.name)
        if not isinstance(slot, types.MemberDescriptorType):
            return None
        setters[f.name] = slot.__set__
    return setters


@cache
def _entry_reader() -> Reader:
    """The quick ``_entry``: a ledger entry's class by its ``type`` tag."""
    by_tag = {tag: _DataclassReader(cls, tagged=True) for tag, cls in ENTRY_TYPES.items()}

    def read(data: Any) -> Any:
        if type(data) is not dict:
            raise _MISMATCH
        tag = data.get("type")
        entry = by_tag.get(tag) if type(tag) is str else None
        if entry is None:
            raise _MISMATCH
        return entry(data)

    return read
