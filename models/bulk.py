"""Rows given as column values, inserted in bulk: one executemany per table, no row objects.

An import stores thousands of rows a batch (issue 13: 1,000 files in ≤ 3 ms
each); building an ORM object per row, and letting SQLAlchemy prepare each
row's parameters, cost more than the database's own work. Every store's bulk
insert goes through ``insert_values``, inside the caller's transaction.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session

from models.tables import LibraryTable

Values = tuple[type[LibraryTable], dict[str, Any]]
"""One row to insert: its table's model and its column values (every column but ``id``)."""


def insert_values(session: Session, rows: Sequence[Values]) -> None:
    """Insert rows given as column values, one executemany per table, in first-seen order.

    Core ``INSERT``s through the session's connection, inside its transaction;
    no row object is made, so nothing enters the session's identity map.
    """
    by_table: dict[type[LibraryTable], list[dict[str, Any]]] = {}
    for model, values in rows:
        by_table.setdefault(model, []).append(values)
    connection = session.connection()
    for model, table_rows in by_table.items():
        # SQLModel sets __table__ on a table class when it is made; its type does not say so.
        table = model.__table__  # type: ignore[attr-defined]
        if not _insert_positional(connection, table, table_rows):
            session.execute(sa.insert(table), table_rows)


def insert_tuples(
    session: Session, model: type[LibraryTable], columns: Sequence[str], rows: list[tuple[Any, ...]]
) -> None:
    """Insert rows given as tuples of the ``columns``' values into ``model``'s table.

    The same statement as ``insert_values``, for the many rows of one table
    (an import's ledger entries), without a dict per row where the driver
    takes positional parameters.
    """
    if not rows:
        return
    connection = session.connection()
    # SQLModel sets __table__ on a table class when it is made; its type does not say so.
    table = model.__table__  # type: ignore[attr-defined]
    if not _insert_positional_tuples(connection, table, list(columns), rows):
        session.execute(sa.insert(table), [dict(zip(columns, row, strict=True)) for row in rows])


def _insert_positional(
    connection: sa.Connection, table: sa.Table, rows: list[dict[str, Any]]
) -> bool:
    """The same ``INSERT``, handed to a positional-parameter driver (SQLite's) directly.

    SQLAlchemy prepares each row's parameters in Python, which cost about a
    third of an import's storing time at SQLite's speed; here each value
    goes through its column type's own bind processor (so a date is stored
    exactly as SQLAlchemy stores it) into a tuple, and the driver gets them
    all in one executemany. The SQL is the statement SQLAlchemy compiles for
    the dialect. False (nothing done) for a driver with named parameters
    (PostgreSQL's), which SQLAlchemy already batches well.
    """
    if connection.dialect.paramstyle != "qmark" or not rows:
        return False
    keys = list(rows[0])
    getter = operator.itemgetter(*keys)
    if len(keys) == 1:
        return _insert_positional_tuples(connection, table, keys, [(getter(row),) for row in rows])
    return _insert_positional_tuples(connection, table, keys, [getter(row) for row in rows])


def _insert_positional_tuples(
    connection: sa.Connection, table: sa.Table, keys: list[str], rows: list[tuple[Any, ...]]
) -> bool:
    """``_insert_positional`` of rows already given as tuples of the ``keys``' values."""
    dialect = connection.dialect
    if dialect.paramstyle != "qmark" or not rows:
        return False
    compiled = sa.insert(table).compile(dialect=dialect, column_keys=keys)
    order = list(compiled.positiontup or ())
    if sorted(order) != sorted(keys):
        return False  # the statement wants something the rows do not give: let SQLAlchemy do it
    by_key = list(zip(*rows, strict=True))  # column by column
    at = {key: index for index, key in enumerate(keys)}
    columns: list[Sequence[Any]] = [by_key[at[key]] for key in order]  # in the statement's order
    for position, key in enumerate(order):
        process = table.c[key].type.dialect_impl(dialect).bind_processor(dialect)
        if process is not None:
            # rows share most of these values (one time stamp, a few flags)
            columns[position] = _processed(columns[position], process)
    connection.exec_driver_sql(str(compiled), list(zip(*columns, strict=True)))
    return True


def _processed(values: Sequence[Any], process: Callable[[Any], Any]) -> list[Any]:
    """A column's values through its bind processor, each distinct value once (None stays)."""
    done: dict[Any, Any] = {None: None}
    stored = []
    for value in values:
        try:
            stored.append(done[value])
        except KeyError:
            done[value] = process(value)
            stored.append(done[value])
    return stored
