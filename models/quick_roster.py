"""The roster of a SQLite library read with the standard library alone, for the app's start-up.

Importing SQLAlchemy and the storage layer takes about half a second; the
desktop app shows the roster of its library before that (SPEC §6: the roster
of the default library within 3 × a bare PySide6 window). The SQL is the
stores' own roster queries (``models.contract_store.roster_query``,
``models.document_store.roster_query``), compiled for SQLite and kept in
``models.roster_sql``; a test compiles them again and fails when the copy is
out of date (``python -m models.quick_roster`` rewrites it). Rows become
roster lines through the same functions the stores use
(``models.values.contract_roster_entry``, ``document_roster_entry``).

Only a library already at this Harbinger's schema is read this way: anything
else (no file yet, an older schema to upgrade, a newer one, a server URL, a
file that is not a library) gives None, and the caller opens the library the
ordinary way, which explains what is wrong. Nothing here ever writes.
"""

from __future__ import annotations

import sqlite3
import sys
from collections import namedtuple
from collections.abc import Callable, Iterable
from functools import partial
from operator import itemgetter
from pathlib import Path
from typing import Any
from urllib.parse import quote

from models.roster_sql import CONTRACT_ROSTER, DOCUMENT_ROSTER
from models.schema_version import SCHEMA_HEAD
from models.values import (
    RosterEntry,
    RosterRow,
    contract_roster_entry,
    document_roster_entry,
    roster_order,
)

SQLITE_PREFIX = "sqlite:///"

CONTRACT_LINES = (
    "SELECT id, name, player, victories, floor_victories, dead, approval_state, updated_at, "
    f"owner FROM ({CONTRACT_ROSTER})"
)
"""The contract store's roster query with only the columns a roster line shows: SQLite
makes no Python value for the player's id nor the Charon coin of 10,000 rows."""


def quick_roster(url: str) -> list[RosterEntry] | None:
    """The roster of the SQLite library at ``url``, sorted as ``Library.roster`` sorts it,
    or None when it cannot be read without opening the library properly."""
    connection = _connect(url)
    if connection is None:
        return None
    try:
        if _revision(connection) != SCHEMA_HEAD:
            return None
        entries = [contract_roster_entry(row) for row in _rows(connection, CONTRACT_ROSTER)]
        entries += [document_roster_entry(row) for row in _rows(connection, DOCUMENT_ROSTER)]
    except (sqlite3.Error, ValueError, TypeError):
        return None
    finally:
        connection.close()
    entries.sort(key=roster_order)
    return entries


def quick_roster_rows(url: str, row: Callable[..., Any] = RosterRow) -> list[Any] | None:
    """The same roster as :func:`quick_roster`, in the same order, as plain tuples.

    For the desktop app's start-up (issue 29): each line is made straight from
    its SQL row, with no ``datetime`` parsed nor dataclass built, which at
    10,000 characters was most of the time between the query and the screen.
    The values are those ``RosterEntry`` holds, as the roster shows them (a test
    compares the two); None when the library cannot be read this way.

    ``row`` makes each line from ``RosterRow``'s fields, in its order (positional):
    the desktop roster passes its own line type, a ``RosterRow`` with more fields
    after these, so 10,000 lines are not made twice (13 ms of CPU).

    The rows are made as SQLite hands them over (never a list of the raw rows
    beside the lines), and the texts many lines share (a player's name, an
    approval, the minute of a change) are one string each: the 10,000 lines then
    hold two strings of their own apiece, the id and the name (issue 29's memory).
    """
    connection = _connect(url)
    if connection is None:
        return None
    try:
        if _revision(connection) != SCHEMA_HEAD:
            return None
        rows = _plain_rows(
            connection.execute(CONTRACT_LINES), connection.execute(DOCUMENT_ROSTER), row
        )
    except sqlite3.Error:
        return None
    except (TypeError, AttributeError, ValueError):  # a column not of the schema's type
        return None
    finally:
        connection.close()
    return roster_sorted(rows)


def _plain_rows(
    contract: Iterable[Any], documents: Iterable[Any], row: Callable[..., Any] = RosterRow
) -> list[Any]:
    """The roster's tuples (made by ``row``) from the rows of the two roster queries.

    ``sys.intern`` makes the equal texts of many rows one string (a C call, no
    dictionary of our own); a stored time is cut to its minute first, which all
    the lines changed in the same minute share.
    """
    one = sys.intern
    make, pad = _maker(row)
    # Column order: CONTRACT_LINES and the document store's query (models/roster_sql.py).
    rows = [
        make((cid, name, one(player or ""), victories or 0, not dead, one(approval or ""),
              one(updated[:16].replace("T", " ")), "contract", one(owner or ""), floor or 0,
              *pad))
        for cid, name, player, victories, floor, dead, approval, updated, owner in contract
    ]  # fmt: skip
    rows += [
        make((cid, name, one(player or ""), 0, bool(alive), one(approval or ""),
              one(updated[:16].replace("T", " ")), one(system or "contract"),
              one(owner or ""), 0, *pad))
        for cid, name, player, alive, approval, updated, system, owner in documents
    ]  # fmt: skip
    return rows


def _maker(row: Callable[..., Any]) -> tuple[Callable[[tuple[Any, ...]], Any], tuple[Any, ...]]:
    """How to make a line from a ``RosterRow``'s values, and the values to add after them.

    A named tuple (``RosterRow``, the desktop roster's line) is made by
    ``tuple.__new__`` itself, its later fields' defaults added: a C call per line
    where calling the class runs its generated Python ``__new__`` (10,000 lines:
    6 ms of CPU). Anything else is called with the values.
    """
    fields = getattr(row, "_fields", ())
    defaults = getattr(row, "_field_defaults", {})
    width = len(RosterRow._fields)
    if (
        isinstance(row, type)
        and issubclass(row, tuple)
        and tuple(fields[:width]) == RosterRow._fields
        and all(field in defaults for field in fields[width:])
    ):
        return partial(tuple.__new__, row), tuple(defaults[field] for field in fields[width:])
    return (lambda values: row(*values)), ()


def roster_sorted(rows: list[Any]) -> list[Any]:
    """``rows`` (tuples whose first fields are a ``RosterRow``'s) as ``roster_order`` sorts
    entries: by name ignoring case, then id.

    Sorted by the casefolded names (first by id, when two names are alike, so the
    stable sort leaves those in id order), each key made by C functions (``map``,
    ``itemgetter``): no Python call nor key tuple per row.
    """
    names = list(map(str.casefold, map(_NAME, rows)))
    if len(set(names)) < len(names):  # two names alike: those two go by id
        rows = sorted(rows, key=_ID)
        names = list(map(str.casefold, map(_NAME, rows)))
    return list(map(rows.__getitem__, sorted(range(len(rows)), key=names.__getitem__)))


_ID = itemgetter(0)
_NAME = itemgetter(1)


def _connect(url: str) -> sqlite3.Connection | None:
    """A read-only connection to the SQLite file of ``url``; None for anything else."""
    if not url.startswith(SQLITE_PREFIX) or "?" in url:
        return None
    path = Path(url[len(SQLITE_PREFIX) :])
    if not path.is_file():
        return None
    try:
        return sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
        return None


def _revision(connection: sqlite3.Connection) -> str | None:
    row = connection.execute("SELECT version_num FROM alembic_version").fetchone()
    return str(row[0]) if row else None


def _rows(connection: sqlite3.Connection, sql: str) -> list[Any]:
    """The rows of ``sql`` as named tuples (the stores read columns by name)."""
    cursor = connection.execute(sql)
    # The fields are the query's columns, known only when it runs: mypy wants a literal list.
    Row = namedtuple("Row", [column[0] for column in cursor.description])  # type: ignore[misc]
    return [Row(*values) for values in cursor.fetchall()]


def compiled() -> dict[str, str]:
    """The stores' roster queries compiled for SQLite, as ``models.roster_sql`` should hold them."""
    from sqlalchemy.dialects import sqlite

    from models.contract_store import roster_query as contract_query
    from models.document_store import roster_query as document_query

    def text(query: Any) -> str:
        return str(query.compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}))

    return {"CONTRACT_ROSTER": text(contract_query()), "DOCUMENT_ROSTER": text(document_query())}


def write_compiled() -> Path:
    """Rewrite ``models/roster_sql.py`` from the stores' queries (run after changing one)."""
    target = Path(__file__).with_name("roster_sql.py")
    lines = [
        "# ruff: noqa: E501",
        '"""The stores\' roster queries compiled for SQLite (written by ``python -m',
        "models.quick_roster``; never edit by hand: a test compares it with the queries).",
        '"""',
        "",
    ]
    for name, sql in compiled().items():
        lines += [f"{name} = {sql!r}", ""]
    target.write_text("\n".join(lines))
    return target


if __name__ == "__main__":
    print(f"wrote {write_compiled()}")
