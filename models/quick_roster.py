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
from collections import namedtuple
from pathlib import Path
from typing import Any
from urllib.parse import quote

from models.roster_sql import CONTRACT_ROSTER, DOCUMENT_ROSTER
from models.schema_version import SCHEMA_HEAD
from models.values import (
    RosterEntry,
    contract_roster_entry,
    document_roster_entry,
    roster_order,
)

SQLITE_PREFIX = "sqlite:///"


def quick_roster(url: str) -> list[RosterEntry] | None:
    """The roster of the SQLite library at ``url``, sorted as ``Library.roster`` sorts it,
    or None when it cannot be read without opening the library properly."""
    if not url.startswith(SQLITE_PREFIX) or "?" in url:
        return None
    path = Path(url[len(SQLITE_PREFIX) :])
    if not path.is_file():
        return None
    try:
        connection = sqlite3.connect(f"file:{quote(str(path))}?mode=ro", uri=True, timeout=0.2)
    except sqlite3.Error:
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
