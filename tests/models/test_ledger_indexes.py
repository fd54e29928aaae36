"""The ledger keeps only the indexes its queries use (revisions 0017 and 0019, issue 29).

Every ledger row an import inserts is written into each index of
``ledger_entry``, so an index no query needs is import time spent for
nothing. Revision 0017 drops three; these tests hold that each remaining
ledger query still finds its rows through an index (SQLite's ``EXPLAIN QUERY
PLAN`` says ``SEARCH … USING INDEX``, never ``SCAN``), that the dropped ones
are gone after an upgrade and that a downgrade makes them again.

The roster's counts are no longer a query: every write works them out with
builder's rule from the ledger it writes (``models.mapping.roster_count_fields``).
Revision 0019 drops the victories, deaths and corrections indexes the old
roster query read (revision 0015 fills an older library's counts before it).
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.dialects import sqlite
from sqlmodel import col, delete, select

from builder.contract.file import read_character_file
from harbinger.shell.paths import sqlite_url
from models.contract_store import gift_history_query
from models.library import Library
from models.migrate import create_library_engine, upgrade
from models.tables import LedgerRow
from resources import resource_path
from tests.migration_steps import downgrade_on

EXAMPLES = resource_path("examples")
INES_VARGA = EXAMPLES / "seasoned-ines-varga.json"

DROPPED = {
    "ix_ledger_entry_contractor_id",
    "ix_ledger_entry_contractor_type",
    "ix_ledger_entry_contractor_gift",
}
ROSTER_DROPPED = {
    "ix_ledger_entry_victories",
    "ix_ledger_entry_deaths",
    "ix_ledger_entry_corrects",
}
"""What revision 0019 drops: the old roster query's indexes."""
KEPT = {"sqlite_autoindex_ledger_entry_1"}  # the unique (contractor_id, seq) constraint


def ledger_queries(contractor_id: str, gift_id: str) -> dict[str, Any]:
    """Every statement the app runs against the ledger, by what it is for."""
    return {
        "a Gift's history": gift_history_query(contractor_id, gift_id),
        "reading a contractor": select(LedgerRow)
        .where(LedgerRow.contractor_id == contractor_id)
        .order_by(col(LedgerRow.seq)),
        "taking back the newest entries": delete(LedgerRow).where(
            col(LedgerRow.contractor_id) == contractor_id, col(LedgerRow.seq) >= 3
        ),
        "deleting a contractor's ledger": sa.delete(LedgerRow).where(
            col(LedgerRow.contractor_id) == contractor_id
        ),
    }


def _sql(statement: Any) -> str:
    return str(statement.compile(dialect=sqlite.dialect(), compile_kwargs={"literal_binds": True}))


def _indexes(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'ledger_entry'"
        ).fetchall()
    return {name for (name,) in rows}


@pytest.fixture
def filled(tmp_path: Path) -> Iterator[tuple[Path, str, str]]:
    """A new library holding the shipped contractors: its path, one id and one of its Gifts."""
    path = tmp_path / "library.sqlite3"
    ines = read_character_file(INES_VARGA)
    with Library.open(path) as library:
        for example in sorted(EXAMPLES.glob("*.json")):
            if not example.name.startswith("covenant"):
                library.import_file(example)
    yield path, ines.id, ines.gifts[0].id


def test_every_ledger_query_searches_an_index(filled: tuple[Path, str, str]) -> None:
    path, contractor_id, gift_id = filled
    with sqlite3.connect(path) as db:
        for what, statement in ledger_queries(contractor_id, gift_id).items():
            plan = [row[3] for row in db.execute("EXPLAIN QUERY PLAN " + _sql(statement))]
            ledger_steps = [step for step in plan if "ledger_entry" in step]
            assert ledger_steps, (what, plan)
            for step in ledger_steps:
                assert step.startswith("SEARCH ledger_entry"), (what, step)
                assert " USING INDEX " in step or " USING COVERING INDEX " in step, (what, step)
                assert not any(name in step for name in DROPPED | ROSTER_DROPPED), (what, step)


def test_a_new_library_has_only_the_kept_indexes(filled: tuple[Path, str, str]) -> None:
    path, _, _ = filled
    assert _indexes(path) == KEPT


def _downgrade(path: Path, target: str) -> None:
    engine = create_library_engine(sqlite_url(path))
    try:
        with engine.begin() as connection:
            downgrade_on(connection, target)
    finally:
        engine.dispose()


def test_upgrade_drops_the_three_and_downgrade_makes_them_again(
    filled: tuple[Path, str, str],
) -> None:
    path, contractor_id, _ = filled
    with sqlite3.connect(path) as db:
        rows_before = db.execute("SELECT count(*) FROM ledger_entry").fetchone()[0]

    _downgrade(path, "0016_loose_end_threats")
    assert _indexes(path) == KEPT | DROPPED | ROSTER_DROPPED

    engine = create_library_engine(sqlite_url(path))
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    assert _indexes(path) == KEPT
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT count(*) FROM ledger_entry").fetchone()[0] == rows_before
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    with Library.open(path) as library:  # the library reads as before
        assert library.load(contractor_id).id == contractor_id
        assert library.migration is None


def test_0019_drops_the_roster_indexes_and_its_downgrade_makes_them_again(
    filled: tuple[Path, str, str],
) -> None:
    path, contractor_id, _ = filled
    _downgrade(path, "0018_due_threats")
    assert _indexes(path) == KEPT | ROSTER_DROPPED
    engine = create_library_engine(sqlite_url(path))
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    assert _indexes(path) == KEPT
    with Library.open(path) as library:
        assert library.load(contractor_id).id == contractor_id
        assert library.migration is None


def test_deleting_a_contractor_still_takes_its_ledger(filled: tuple[Path, str, str]) -> None:
    """The foreign key's cascade (ON DELETE CASCADE) still reaches the ledger rows."""
    path, contractor_id, _ = filled
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA foreign_keys = ON")
        db.execute("DELETE FROM contractor WHERE id = ?", (contractor_id,))
        left = db.execute(
            "SELECT count(*) FROM ledger_entry WHERE contractor_id = ?", (contractor_id,)
        ).fetchone()[0]
    assert left == 0
