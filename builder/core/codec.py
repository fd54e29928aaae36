"""Frozen dataclasses to plain JSON values and back, for every game's files.

A game keeps its characters as frozen dataclasses of ``int``, ``bool``, ``str``,
``StrEnum`` members, tuples and nested dataclasses; its play logs are tuples of
a union of entry classes told apart by a ``"type"`` tag. ``DataclassCodec``
writes such a value with every field and reads it back, refusing anything that
does not fit the type hints with a ``FileFormatError`` that says where. The
game's JSON Schema runs first; this is the second, type-exact check that turns
a schema-valid document into values.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Iterable, Mapping
from dataclasses import MISSING, fields, is_dataclass
from enum import StrEnum
from functools import cache
from typing import Any

from builder.core.registry import FileFormatError

__all__ = ["DataclassCodec"]


class DataclassCodec:
    """One game's encoder and decoder.

    ``namespace`` resolves the string annotations of the game's modules
    (``vars(module)``, merged when classes span modules); ``tagged`` maps each
    ``"type"`` tag to its entry class; ``error`` is the game's subclass of
    ``FileFormatError`` so callers keep catching what they caught before;
    ``tagged_name`` names a tagged entry in messages ("play-log entry").
    """

    def __init__(
        self,
        namespace: Mapping[str, Any],
        tagged: Mapping[str, type] | None = None,
        *,
        error: type[FileFormatError] = FileFormatError,
        tagged_name: str = "play-log entry",
        optional: Iterable[tuple[type, str]] = (),
    ) -> None:
        self._namespace = dict(namespace)
        # Fields added to a format after files were written: absent, they take their
        # default (the schema already lets them be absent). Every other field is required.
        self._optional = frozenset(optional)
        self._tagged = dict(tagged or {})
        self._tags = {cls: tag for tag, cls in self._tagged.items()}
        self._error = error
        self._tagged_name = tagged_name
        self._hints = cache(self._type_hints)

    # ------------------------------------------------------------------ writing

    def encode(self, value: Any) -> Any:
        """``value`` as plain JSON values: every field written (an optional one only when
        it differs from its default), entries tagged."""
        if isinstance(value, StrEnum):
            return str(value)
        if is_dataclass(value) and not isinstance(value, type):
            cls = type(value)
            out = {
                f.name: self.encode(getattr(value, f.name))
                for f in fields(value)
                # An optional field at its default is left out, so a file that never used
                # it is written exactly as before the field existed.
                if (cls, f.name) not in self._optional or getattr(value, f.name) != f.default
            }
            tag = self._tags.get(type(value))
            if tag is not None:
                out["type"] = tag
            return out
        if isinstance(value, tuple):
            return [self.encode(v) for v in value]
        return value

    # ------------------------------------------------------------------ reading

    def decode(self, cls: type, value: Any, where: str) -> Any:
        """A ``cls`` built from ``value``; ``where`` names its place in the file."""
        return self._dataclass(cls, value, where)

    def _type_hints(self, cls: type) -> dict[str, Any]:
        return typing.get_type_hints(cls, self._namespace)

    def _value(self, tp: Any, value: Any, where: str) -> Any:
        origin = typing.get_origin(tp)
        if origin in (types.UnionType, typing.Union):
            return self._union(tp, value, where)
        if origin is tuple:
            return self._tuple(tp, value, where)
        if isinstance(tp, type) and issubclass(tp, StrEnum):
            try:
                return tp(value)
            except ValueError:
                choices = ", ".join(m.value for m in tp)
                raise self._error(f"{value!r} is not one of {choices}", where) from None
        if isinstance(tp, type) and is_dataclass(tp):
            return self._dataclass(tp, value, where)
        return self._scalar(tp, value, where)

    def _union(self, tp: Any, value: Any, where: str) -> Any:
        options = [o for o in typing.get_args(tp) if o is not type(None)]
        if value is None and len(options) < len(typing.get_args(tp)):
            return None
        if len(options) == 1:
            return self._value(options[0], value, where)
        return self._entry(value, where)

    def _tuple(self, tp: Any, value: Any, where: str) -> Any:
        if not isinstance(value, list):
            raise self._error("expected a list", where)
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(self._value(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(args) != len(value):
            raise self._error(f"expected a list of {len(args)}", where)
        pairs = enumerate(zip(args, value, strict=True))
        return tuple(self._value(a, v, f"{where}[{i}]") for i, (a, v) in pairs)

    def _scalar(self, tp: Any, value: Any, where: str) -> Any:
        if tp is bool:
            if not isinstance(value, bool):
                raise self._error("expected true or false", where)
            return value
        if tp is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._error("expected a whole number", where)
            return value
        if tp is float:
            if isinstance(value, bool) or not isinstance(value, int | float):
                raise self._error("expected a number", where)
            return value
        if tp is str:
            if not isinstance(value, str):
                raise self._error("expected text", where)
            return value
        raise self._error(f"cannot read a value of type {tp!r}", where)  # a bug, not input

    def _entry(self, value: Any, where: str) -> Any:
        if not isinstance(value, dict) or value.get("type") not in self._tagged:
            raise self._error(
                f"expected a {self._tagged_name} with a known 'type'",
                f"{where}.type" if where else "type",
            )
        body = {k: v for k, v in value.items() if k != "type"}
        return self._dataclass(self._tagged[value["type"]], body, where)

    def _dataclass(self, cls: type, value: Any, where: str) -> Any:
        if not isinstance(value, dict):
            raise self._error("expected an object", where)
        hints = self._hints(cls)
        extra = sorted(set(value) - {f.name for f in fields(cls)})
        if extra:
            raise self._error(f"unexpected field {extra[0]!r}", where)
        kwargs: dict[str, Any] = {}
        for f in fields(cls):
            if f.name not in value:
                if (cls, f.name) in self._optional and (
                    f.default is not MISSING or f.default_factory is not MISSING
                ):
                    continue
                raise self._error(f"missing field {f.name!r}", where)
            kwargs[f.name] = self._value(hints[f.name], value[f.name], f"{where}.{f.name}")
        return cls(**kwargs)
