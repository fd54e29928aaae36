"""The Gift catalog reader's shared parts: typed TOML fields, ids, and the raw entries.

``Fields`` gives typed access to one TOML table and reports wrong types and
unknown keys at the entry's place (format: ``resources/gifts/FORMAT.md``);
``RawCatalog`` holds what every file parsed to before references are linked.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

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
from builder.core.catalog import Report, did_you_mean, kind_name, type_name

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
