"""The Gift catalog reader's shared parts: typed TOML fields, ids, and the raw entries.

``Fields`` gives typed access to one TOML table and reports wrong types and
unknown keys at the entry's place (format: ``resources/gifts/FORMAT.md``);
:func:`validate` does the same for a table whose shape is a pydantic model
(:class:`~builder.core.catalog.CatalogModel`), in the same words;
``RawCatalog`` holds what every file parsed to before references are linked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, TypeVar

from pydantic import AfterValidator, BaseModel, BeforeValidator, ValidationError
from pydantic_core import ErrorDetails

from builder.contract.gifts.catalog import (
    ActivationStyle,
    Category,
    Effect,
    GiftType,
    Modifier,
    ModifierGroup,
    Origin,
)
from builder.contract.gifts.template import SLOT_NAME
from builder.contract.status import Status
from builder.core.catalog import (
    Report,
    catalog_error,
    did_you_mean,
    keys_at,
    kind_name,
    split_loc,
    type_name,
)

_Kind = type | tuple[type, ...]
_MISSING = object()


class Fields:
    """Typed access to one TOML table that reports wrong types and unknown keys."""

    def __init__(self, table: Any, report: Report, what: str, allowed: Iterable[str]) -> None:
        self.report = report
        if not isinstance(table, dict):
            report(f"{what} must be a table, not {type_name(table)}")
            table = {}
        self.table: dict[str, Any] = table
        allowed = set(allowed)
        for key in table:
            if key not in allowed:
                hint = ", ".join(sorted(allowed))
                report(f"unknown field {key!r}{did_you_mean(key, allowed)} (allowed: {hint})")

    def get(self, key: str, kind: _Kind, default: Any = _MISSING) -> Any:
        value = self.table.get(key, _MISSING)
        if value is _MISSING:
            if default is _MISSING:
                self.report(f"missing required field {key!r}")
                return None
            return default
        # bool is an int subclass in Python; a TOML true is never a number here
        if isinstance(value, bool) and kind is int:
            self.report(f"field {key!r} must be a whole number, not true/false")
            return None if default is _MISSING else default
        if not isinstance(value, kind):
            self.report(f"field {key!r} must be {kind_name(kind)}, not {type_name(value)}")
            return None if default is _MISSING else default
        return value

    def text(self, key: str, default: Any = _MISSING, *, nonblank: bool = True) -> str:
        value = self.get(key, str, default)
        if value is None:
            return ""
        if nonblank and default is _MISSING and not value.strip():
            self.report(f"field {key!r} must not be empty")
        return value

    def str_list(self, key: str) -> tuple[str, ...]:
        value = self.get(key, list, [])
        if value is None:
            return ()
        bad = [v for v in value if not isinstance(v, str)]
        if bad:
            self.report(f"field {key!r} must be a list of strings")
            return tuple(v for v in value if isinstance(v, str))
        return tuple(value)

    def status(self, key: str = "status") -> Status:
        value = self.get(key, str, "newbie")
        if value is None:
            return Status.NEWBIE
        try:
            return Status.parse(value)
        except ValueError as exc:
            self.report(f"field {key!r}: {exc}")
            return Status.NEWBIE


def check_id(value: str, report: Report, what: str) -> bool:
    if not SLOT_NAME.match(value):
        report(
            f"{what} {value!r} must be lower_case letters, digits and _ , starting with a letter"
        )
        return False
    return True


# --------------------------------------------------------------------------- pydantic shapes


def _nonblank(value: str) -> str:
    if not value.strip():
        raise catalog_error("must not be empty")
    return value


def _status(value: Any) -> Any:
    if isinstance(value, Status):  # a default
        return value
    if not isinstance(value, str):
        raise catalog_error(f"must be text, not {type_name(value)}")
    try:
        return Status.parse(value)
    except ValueError as exc:
        raise catalog_error(str(exc)) from None


GiftText = Annotated[str, AfterValidator(_nonblank)]
"""Required text that must not be blank (kept as written, like :meth:`Fields.text`)."""

StatusName = Annotated[Status, BeforeValidator(_status)]
"""A Status by name in any case ("veteran"), read as a :class:`Status`."""

_TYPE_WORDS = {
    "string_type": kind_name(str),
    "int_type": kind_name(int),
    "list_type": kind_name(list),
    "dict_type": kind_name(dict),
    "model_type": kind_name(dict),
    "bool_type": "true or false",
}

M = TypeVar("M", bound=BaseModel)


def _field_words(error: ErrorDetails, model: type[BaseModel]) -> str:
    """One pydantic error in the words :class:`Fields` uses, with its nested place first."""
    loc = error["loc"]
    table, name = split_loc(loc, model)
    kind = error["type"]
    if kind == "missing":
        message = f"missing required field {name!r}"
    elif kind == "extra_forbidden":
        allowed = keys_at(model, loc[:-1])
        hint = ", ".join(sorted(allowed))
        message = f"unknown field {name!r}{did_you_mean(name, allowed)} (allowed: {hint})"
    elif kind in _TYPE_WORDS:
        message = f"field {name!r} must be {_TYPE_WORDS[kind]}, not {type_name(error['input'])}"
    elif kind == "catalog" and not name:
        message = error["msg"]
    elif kind == "catalog" and error["msg"].startswith("must"):
        message = f"field {name!r} {error['msg']}"
    else:
        message = f"field {name!r}: {error['msg']}"
    return f"{table.replace(': ', '.')}: {message}" if table else message


def validate(model: type[M], table: Any, report: Report, what: str) -> M | None:
    """``table`` as a ``model``, or None with each problem reported in :class:`Fields`' words.

    ``what`` names the table for a value that is not a table ("a Parameter").
    """
    if not isinstance(table, dict):
        report(f"{what} must be a table, not {type_name(table)}")
        return None
    try:
        return model.model_validate(table)
    except ValidationError as exc:
        for error in exc.errors():
            report(_field_words(error, model))
        return None


# --------------------------------------------------------------------------- raw parse


@dataclass
class RawCatalog:
    """Entries parsed from every file, before cross-references are checked."""

    gift_types: dict[str, GiftType] = field(default_factory=dict)
    styles: dict[str, ActivationStyle] = field(default_factory=dict)
    categories: dict[str, Category] = field(default_factory=dict)
    effects: dict[str, Effect] = field(default_factory=dict)
    general: dict[str, Modifier] = field(default_factory=dict)
    groups: dict[str, ModifierGroup] = field(default_factory=dict)
    stock_tables: list[tuple[str, str, str, Origin, Any]] = field(default_factory=list)
    house_catalogs: list[str] = field(default_factory=list)
