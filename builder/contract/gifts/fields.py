"""The Gift catalog reader's shared parts: table shapes and their words, ids, raw entries.

Each table's shape is a pydantic model (:class:`~builder.core.catalog.CatalogModel`);
:func:`validate` checks one table against it and reports wrong types, missing
fields and unknown keys (with the closest known one and the allowed keys) at
the entry's place (format: ``resources/gifts/FORMAT.md``); ``RawCatalog``
holds what every file parsed to before references are linked.
"""

from __future__ import annotations

from collections.abc import Mapping
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


def check_id(value: str, report: Report, what: str) -> bool:
    if not SLOT_NAME.match(value):
        report(
            f"{what} {value!r} must be lower_case letters, digits and _ , starting with a letter"
        )
        return False
    return True


def new_id(value: str, defined: Mapping[str, Any], report: Report, what: str) -> bool:
    """Whether ``value`` may name a new ``what`` (a Style, an Effect...): a well-formed id
    that ``defined`` (entries with an ``origin``) does not hold yet; else says why."""
    if not check_id(value, report, f"{what} id"):
        return False
    if value in defined:
        report(f"{what} {value!r} is already defined in {defined[value].origin.file}")
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


def _report_all(exc: ValidationError, model: type[BaseModel], report: Report) -> None:
    """Every error, unknown keys first: a misspelt key explains the missing one after it."""
    errors = sorted(exc.errors(), key=lambda e: e["type"] != "extra_forbidden")
    for error in errors:
        report(_field_words(error, model))


def validate_parts(
    model: type[M], table: Any, report: Report, what: str
) -> tuple[M | None, dict[str, Any]]:
    """``table`` as a ``model``, and its fields by name.

    When the shape is refused (each problem reported), the model is None and the
    fields are those that had no problem (the others at their defaults), so the
    tables inside it can still be read and checked in the same pass. The sound
    values handed back then are the raw ones (a :data:`StatusName` stays text):
    read from them only the fields whose validators change nothing.
    """
    if not isinstance(table, dict):
        report(f"{what} must be a table, not {type_name(table)}")
        return None, _defaults(model)
    try:
        shape = model.model_validate(table)
    except ValidationError as exc:
        _report_all(exc, model, report)
        bad = {e["loc"][0] for e in exc.errors() if e["loc"]}
        sound = {k: v for k, v in table.items() if k in model.model_fields and k not in bad}
        return None, {**_defaults(model), **sound}
    return shape, {name: getattr(shape, name) for name in model.model_fields}


def _defaults(model: type[BaseModel]) -> dict[str, Any]:
    """The default of each optional field of ``model`` (a fresh one for each call)."""
    return {
        name: info.get_default(call_default_factory=True)
        for name, info in model.model_fields.items()
        if not info.is_required()
    }


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
        _report_all(exc, model, report)
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
