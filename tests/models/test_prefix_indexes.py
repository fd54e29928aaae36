"""Revision 0021 drops four indexes a unique index already answers (issue 29).

``ix_gift_contractor_id``, ``ix_gift_parameter_gift_row_id``,
``ix_creation_rating_contractor_id`` and ``ix_character_log_character_id`` each
held the first column of a unique index of its table, so every row an import
inserted was written twice over for no query. These tests hold that every
statement the app runs against those tables while reading, saving, importing,
taking back and deleting characters still finds its rows through an index
(SQLite's ``EXPLAIN QUERY PLAN`` says ``SEARCH``, never ``SCAN``, for them),
that an upgrade drops the four and that a downgrade makes them again.
"""

from __future__ import annotations

import dataclasses
import re
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from harbinger.shell.paths import sqlite_url
from models.library import Library
from models.migrate import create_library_engine, upgrade
from resources import resource_path
from tests.migration_steps import downgrade_on

EXAMPLES = resource_path("examples")
DROPPED = {
    "ix_gift_contractor_id": "gift",
    "ix_gift_parameter_gift_row_id": "gift_parameter",
    "ix_creation_rating_contractor_id": "creation_rating",
    "ix_character_log_character_id": "character_log",
}
TABLES = set(DROPPED.values())
_NAMES = re.compile(r"\b(" + "|".join(sorted(TABLES)) + r")\b")


def _indexes(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT name FROM sqlite_master WHERE type = 'index'").fetchall()
    return {name for (name,) in rows}


@pytest.fixture
def statements() -> Iterator[list[tuple[str, Any]]]:
    """Every statement any engine runs while the test runs, with its parameters."""
    seen: list[tuple[str, Any]] = []

    def record(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_rest: Any) -> None:
        seen.append((statement, parameters))

    sa.event.listen(sa.engine.Engine, "before_cursor_execute", record)
    yield seen
    sa.event.remove(sa.engine.Engine, "before_cursor_execute", record)


def _exercise(path: Path) -> None:
    """Import the examples, read, save or take back each, then delete every one."""
    with Library.open(path) as library:
        results = library.import_files(sorted(EXAMPLES.rglob("*.json")))
        assert {result.system for result in results} >= {"contract", "covenant"}
        for result in results:
            character = library.load(result.contractor_id)
            library.roster()
            if result.system == "contract":
                library.save(dataclasses.replace(character, notes="read again"))
                if character.gifts:
                    library.gift_history(result.contractor_id, character.gifts[0].id)
            elif result.system == "covenant":
                library.retract_log_tail(result.contractor_id)  # the play log's newest entry
        for result in results:
            library.delete(result.contractor_id)


def test_no_statement_scans_a_table_that_lost_its_index(
    tmp_path: Path, statements: list[tuple[str, Any]]
) -> None:
    """Each statement naming one of the four tables reaches it by an index, none of the four."""
    path = tmp_path / "library.sqlite3"
    Library.open(path).close()
    assert not _indexes(path) & set(DROPPED)
    statements.clear()
    _exercise(path)
    explained = 0
    with sqlite3.connect(path) as db:
        for statement, parameters in statements:
            verb = statement.lstrip().split(None, 1)[0].upper()
            if verb not in {"SELECT", "DELETE", "UPDATE"} or not _NAMES.search(statement):
                continue
            many = isinstance(parameters, list) and parameters and isinstance(parameters[0], tuple)
            values = parameters[0] if many else (parameters or ())
            plan = [row[-1] for row in db.execute(f"EXPLAIN QUERY PLAN {statement}", values)]
            explained += 1
            for step in plan:
                table = step.split()[1] if step.startswith("SCAN") else None
                assert table not in TABLES, (statement, plan)
    assert explained >= 4  # reading the Gifts, Parameters, ratings and a play log at least


def test_deleting_takes_the_rows_of_the_four_tables(tmp_path: Path) -> None:
    """The foreign keys' cascades still reach the rows of the four tables."""
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        results = library.import_files(sorted(EXAMPLES.rglob("*.json")))
        for result in results:
            library.delete(result.contractor_id)
    with sqlite3.connect(path) as db:
        for table in sorted(TABLES):
            assert db.execute(f"SELECT count(*) FROM {table}").fetchone()[0] == 0, table


def test_0021_drops_the_four_and_its_downgrade_makes_them_again(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library.open(path) as library:
        contractor = library.import_file(EXAMPLES / "seasoned-ines-varga.json").contractor_id
    engine = create_library_engine(sqlite_url(path))
    try:
        with engine.begin() as connection:
            downgrade_on(connection, "0020_loose_end_keys")
        assert _indexes(path) >= set(DROPPED)
        upgrade(engine)
    finally:
        engine.dispose()
    assert not _indexes(path) & set(DROPPED)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Library.open(path) as library:
        assert library.load(contractor).id == contractor
        assert library.migration is None
