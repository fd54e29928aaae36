"""The start-up roster read with ``sqlite3`` alone matches ``Library.roster`` (issue 13).

The app shows its library's roster before SQLAlchemy is imported
(``models.quick_roster``). These tests hold it to the stores' own answer on
a library with every kind of line (living and dead, corrected ledgers,
Covenant and This Mortal Coil characters), check that its SQL is the stores'
queries compiled, and that anything it cannot read exactly is left to the
ordinary way of opening a library.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import NamedTuple

import pytest

from builder.contract.character import Concept, Correction
from harbinger.shell.paths import sqlite_url
from models import roster_sql
from models.library import Library
from models.quick_roster import compiled, quick_roster, quick_roster_rows, roster_sorted
from models.values import RosterRow
from tests.builder.contract.ledger_text import contractor
from tests.builder.mortal_coil.examples import OKOYE

ROOT = Path(__file__).resolve().parents[2]
OLD_LIBRARY = ROOT / "tests" / "data" / "libraries" / "0004-55877c4-first.sqlite3"


def _filled(path: Path) -> None:
    """Examples of two games, a corrected ledger, a death voided by a correction, a spacefarer."""
    won = contractor(
        """
        2026-05-01 contract home victory 'The Lantern Job'
        2026-05-02 contract away victory 'Low Tide'
        2026-05-03 contract home failure 'The Glass Orchard'
        """
    )
    back = contractor(
        """
        2026-05-01 contract home victory 'The Lantern Job'
        2026-05-02 contract home death 'The Drowning'
        """
    )
    back = replace(back, id="revived-one", concept=Concept("Revived One"))
    with Library.open(path) as library:
        library.load_examples()
        library.save(replace(won, ledger=(*won.ledger, Correction("2026-05-04", 1, (), "no"))))
        library.save(replace(back, ledger=(*back.ledger, Correction("2026-05-03", 1))))
        library.save(OKOYE)


def test_its_sql_is_the_stores_queries_compiled() -> None:
    assert compiled() == {
        "CONTRACT_ROSTER": roster_sql.CONTRACT_ROSTER,
        "DOCUMENT_ROSTER": roster_sql.DOCUMENT_ROSTER,
    }, "models/roster_sql.py is out of date: run python -m models.quick_roster"


def test_it_reads_every_line_as_the_library_does(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    _filled(path)
    with Library.open(path) as library:
        expected = [replace(e, system_name="") for e in library.roster()]
    quick = quick_roster(sqlite_url(path))
    assert quick == expected
    by_name = {e.name: e for e in expected}
    assert by_name["Revived One"].alive
    assert {e.system for e in expected} == {"contract", "covenant", "mortal-coil", "coven"}
    assert sorted(e.victories for e in expected if e.victories) == [1, 1, 3, 11]


def test_its_plain_rows_hold_what_the_library_entries_hold(tmp_path: Path) -> None:
    """The start-up's tuples (issue 29) are the library's roster, line for line, in its order."""
    path = tmp_path / "library.sqlite3"
    _filled(path)
    with Library.open(path) as library:
        entries = library.roster()
    rows = quick_roster_rows(sqlite_url(path))
    assert rows is not None and all(type(row) is RosterRow for row in rows)
    assert rows == [
        RosterRow(
            e.id,
            e.name,
            e.player,
            e.victories or 0,
            e.alive,
            e.approval_state,
            e.updated_at.strftime("%Y-%m-%d %H:%M"),
            e.system,
            e.owner,
            e.floor_victories,
        )
        for e in entries
    ]
    by_name = {row.name: row for row in rows}
    assert by_name["Revived One"].alive  # the death voided by a correction
    assert sorted(row.victories for row in rows if row.victories) == [1, 1, 3, 11]
    assert {row.family for row in rows} == {"contract", "covenant", "mortal-coil", "coven"}


def test_its_plain_rows_leave_what_they_cannot_read_to_the_library(tmp_path: Path) -> None:
    assert quick_roster_rows(sqlite_url(tmp_path / "missing.sqlite3")) is None
    assert quick_roster_rows("postgresql://dana@localhost/playgroup") is None
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD_LIBRARY, old)
    assert quick_roster_rows(sqlite_url(old)) is None
    assert old.read_bytes() == OLD_LIBRARY.read_bytes()


def test_it_changes_nothing_on_disk(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    _filled(path)
    before = path.read_bytes()
    assert quick_roster(sqlite_url(path))
    assert path.read_bytes() == before
    # A reader of a WAL library may leave SQLite's empty side files; never any data.
    extra = {p.name: p.stat().st_size for p in tmp_path.iterdir() if p != path}
    assert set(extra) <= {"library.sqlite3-wal", "library.sqlite3-shm"}
    assert extra.get("library.sqlite3-wal", 0) == 0


def test_what_it_cannot_read_exactly_is_left_to_the_library(tmp_path: Path) -> None:
    assert quick_roster(sqlite_url(tmp_path / "missing.sqlite3")) is None
    assert quick_roster("postgresql://dana@localhost/playgroup") is None
    junk = tmp_path / "junk.sqlite3"
    junk.write_bytes(b"not a database at all" * 100)
    assert quick_roster(sqlite_url(junk)) is None
    bare = tmp_path / "bare.sqlite3"
    sqlite3.connect(bare).close()
    assert quick_roster(sqlite_url(bare)) is None
    old = tmp_path / "old.sqlite3"
    shutil.copyfile(OLD_LIBRARY, old)
    assert quick_roster(sqlite_url(old)) is None  # an upgrade is due: Library.open does it
    assert old.read_bytes() == OLD_LIBRARY.read_bytes()


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_it_imports_neither_sqlalchemy_nor_the_rules(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    _filled(path)
    code = (
        "import sys\n"
        "from models.quick_roster import quick_roster\n"
        f"rows = quick_roster({sqlite_url(path)!r})\n"
        "from models.quick_roster import quick_roster_rows\n"
        f"assert len(quick_roster_rows({sqlite_url(path)!r})) == len(rows)\n"
        "heavy = ('sqlalchemy', 'sqlmodel', 'alembic', 'pydantic', 'builder.systems')\n"
        "print(len(rows), sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.split(" ", 1) == ["9", "[]\n"]  # six examples, three saved


def test_its_lines_can_be_made_by_the_callers_own_type(tmp_path: Path) -> None:
    """The desktop roster has the start-up read make its own line type (a ``RosterRow``'s
    fields and more after them), so 10,000 lines are not made a second time (issue 29)."""

    class Line(NamedTuple):
        id: str
        name: str
        player: str
        victories: int
        alive: bool
        approval: str
        updated: str
        family: str
        owner: str
        floor_victories: int = 0
        badges: tuple[str, ...] = ()

    path = tmp_path / "library.sqlite3"
    _filled(path)
    url = sqlite_url(path)
    plain = quick_roster_rows(url)
    lines = quick_roster_rows(url, Line)
    assert plain is not None and lines is not None
    assert all(type(line) is Line for line in lines)
    assert lines == [Line(*row) for row in plain]
    assert [line.badges for line in lines] == [()] * len(plain)


def test_lines_share_one_string_for_each_repeated_text(tmp_path: Path) -> None:
    """At 10,000 lines a player's name, an approval and a minute held once per line were
    a third of the roster's memory (issue 29): equal texts are one string now."""
    path = tmp_path / "library.sqlite3"
    _filled(path)
    rows = quick_roster_rows(sqlite_url(path))
    assert rows is not None
    for field in ("player", "approval", "updated", "family", "owner"):
        values = [getattr(row, field) for row in rows]
        assert len({id(value) for value in values}) == len(set(values)), field
    assert len(set(row.approval for row in rows)) < len(rows)  # there was something to share


def test_its_order_is_the_library_order_ties_and_case_included() -> None:
    """``roster_sorted`` sorts as ``roster_order``: by name ignoring case, then id."""
    rows = [
        RosterRow(cid, name, "", 0, True, "", "", "contract", "")
        for cid, name in [
            ("b", "dana"), ("a", "Dana"), ("c", "ÉLISE"), ("d", "élise"), ("e", "Abe"),
            ("f", "STRASSE"), ("g", "straße"), ("h", "dana"),
        ]
    ]  # fmt: skip
    expected = sorted(rows, key=lambda row: (row.name.casefold(), row.id))
    assert roster_sorted(list(reversed(rows))) == expected
    assert [row.id for row in expected] == ["e", "a", "b", "h", "f", "g", "c", "d"]


def test_a_maker_that_is_no_named_tuple_is_called_with_the_values(tmp_path: Path) -> None:
    """Named tuples are made by ``tuple.__new__`` (no Python frame per line); any other
    callable is called with the ten values of a ``RosterRow``, in its order, once a line."""
    path = tmp_path / "library.sqlite3"
    _filled(path)
    url = sqlite_url(path)
    plain = quick_roster_rows(url)
    calls: list[tuple[object, ...]] = []

    def make(*values: object) -> RosterRow:
        calls.append(values)
        return RosterRow(*values)  # type: ignore[arg-type]

    made = quick_roster_rows(url, make)
    assert plain is not None and made is not None
    assert made == plain
    assert sorted(calls) == sorted(tuple(row) for row in plain)
