"""Reading a contractor asks each of its tables once, and never a table that holds none of it.

Opening a sheet, refreshing the roster after a save, exporting and printing all
read whole contractors (``ContractStore.read``). The contractor row comes with
its player's name and, for every table of its rows, whether that table holds
any (one query); only those tables are then read, each with one query, and a
Gift's modifiers and parameters with one query for all Gifts. These tests
count the statements one read sends (SQLAlchemy's ``before_cursor_execute``)
so the count cannot grow back: a query per Gift or per ledger entry, or a
table asked twice, fails them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event

from models.library import Library
from tests.builder.contract.ledger_text import contractor

EXAMPLES = Path(__file__).resolve().parents[2] / "resources" / "examples"

TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK", "SAVEPOINT", "RELEASE")


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    """A library (a real SQLite file at the newest schema), closed after the test."""
    lib = Library.open(library_path)
    try:
        yield lib
    finally:
        lib.close()


def _tables_read(lib: Library, character_id: str) -> tuple[list[str], Any]:
    """The table each statement of one ``load`` selects from (by its first column), in order,
    and the contractor loaded."""
    tables: list[str] = []

    def _seen(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        if statement.split()[0].upper() in TRANSACTION:
            return
        first = re.match(r"SELECT (\w+)\.", statement)
        tables.append(first.group(1) if first else statement.split()[0])

    engine = lib._engine  # the library's own engine: what the app's reads go through
    event.listen(engine, "before_cursor_execute", _seen)
    try:
        loaded = lib.load(character_id)
    finally:
        event.remove(engine, "before_cursor_execute", _seen)
    return tables, loaded


def test_a_full_contractor_reads_each_of_its_tables_once(library: Library) -> None:
    """Ines Varga (the seasoned example) has 5 Gifts, 70 ledger entries, Loose Ends, Traumas,
    crafted items…: 18 statements, whatever the number of Gifts or entries."""
    result = library.import_file(EXAMPLES / "seasoned-ines-varga.json")
    tables, ines = _tables_read(library, result.contractor_id)
    assert (len(ines.gifts), len(ines.ledger)) == (5, 70)
    assert tables == [
        "contractor",  # which store holds the id
        "contractor",  # the row, its player's name, which tables hold its rows
        "gift",
        "sheet_item",
        "contractor_limit",
        "creation_rating",
        "asset_pick",
        "ledger_entry",
        "source_condition",
        "crafted_item",
        "injury",
        "battle_scar",
        "trauma",
        "loose_end",
        "gift_modifier",  # of all 5 Gifts at once
        "gift_parameter",
        "loose_end_threat",  # the hidden Threats of its Loose Ends
        "character_version",
    ]


def test_a_bare_contractor_skips_every_empty_table(library: Library) -> None:
    """A new contractor with only its default Limits: its row, its Limits, its version."""
    bare = contractor()
    library.save(bare)
    tables, loaded = _tables_read(library, bare.id)
    assert loaded == bare
    assert tables == ["contractor", "contractor", "contractor_limit", "character_version"]


def test_more_gifts_and_entries_cost_no_more_statements(library: Library) -> None:
    """Orrin Vale (2 Gifts, 15 entries) and Ines Varga (5 Gifts, 70 entries) hold rows in
    different tables, but each table is read once: no statement per Gift or per entry."""
    for name in ("seasoned-ines-varga.json", "dead-orrin-vale.json", "newbie-wren-halloway.json"):
        result = library.import_file(EXAMPLES / name)
        tables, _loaded = _tables_read(library, result.contractor_id)
        assert tables.count("contractor") == 2
        assert all(tables.count(table) == 1 for table in set(tables) - {"contractor"}), tables
