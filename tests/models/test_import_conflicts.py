"""An import meeting a character already in the library: replace, keep both, skip (issue 16, 8)."""

from __future__ import annotations

import dataclasses
import random
import sqlite3
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import models.bulk as bulk
from builder.contract.file import dumps_character_file, read_character_file
from models import Library, mapping
from models.errors import ImportConflict
from models.library import numbered_name
from models.values import ImportConflictInfo, OnConflict
from resources import resource_path

INES = resource_path("examples") / "seasoned-ines-varga.json"
OKAFOR = resource_path("examples") / "covenant-ines-okafor-vell.json"
INES_ID = read_character_file(INES).id


def test_keep_both_gives_the_copy_a_numbered_name_and_a_fresh_id(library_path: Path) -> None:
    with Library.open(library_path) as library:
        library.import_files([INES])
        kept = library.import_files([INES], "keep-both")[0]
        again = library.import_files([INES], OnConflict.KEEP_BOTH)[0]
        assert (kept.action, kept.name) == ("kept both", "Ines Varga (2)")
        assert (again.action, again.name) == ("kept both", "Ines Varga (3)")
        assert len({INES_ID, kept.contractor_id, again.contractor_id}) == 3
        copy = library.load(kept.contractor_id)
        assert copy.concept.name == "Ines Varga (2)"
        original = library.load(INES_ID)
        assert copy.ledger == original.ledger and copy.gifts == original.gifts
        assert [e.name for e in library.roster()] == [
            "Ines Varga",
            "Ines Varga (2)",
            "Ines Varga (3)",
        ]


def test_keep_both_renames_a_character_of_another_game_too(library_path: Path) -> None:
    with Library.open(library_path) as library:
        first = library.import_files([OKAFOR])[0]
        kept = library.import_files([OKAFOR], "keep-both")[0]
        assert kept.name == f"{first.name} (2)" and kept.contractor_id != first.contractor_id
        assert library.system_of(kept.contractor_id) == "covenant"


def test_replace_keeps_one_character_and_skip_leaves_the_stored_one(library_path: Path) -> None:
    ines = read_character_file(INES)
    renamed = dataclasses.replace(ines, concept=dataclasses.replace(ines.concept, name="Ines V."))
    with Library.open(library_path) as library:
        library.import_files([INES])
        skipped = library.import_files([dumps_character_file(renamed)], "skip")[0]
        assert (skipped.action, skipped.contractor_id) == ("skipped", INES_ID)
        assert library.load(INES_ID).concept.name == "Ines Varga"
        replaced = library.import_files([dumps_character_file(renamed)], "replace")[0]
        assert replaced.action == "replaced"
        assert [(e.id, e.name) for e in library.roster()] == [(INES_ID, "Ines V.")]


def test_refuse_is_still_the_default_and_names_the_choices(library_path: Path) -> None:
    with Library.open(library_path) as library:
        library.import_files([INES])
        with pytest.raises(ImportConflict, match="choose replace, keep-both or skip"):
            library.import_files([INES])
        assert len(library.roster()) == 1


def test_reading_first_finds_conflicts_and_each_is_settled_on_its_own(library_path: Path) -> None:
    with Library.open(library_path) as library:
        library.import_files([INES])
        batch = library.read_import([OKAFOR, INES, INES])
        assert batch.conflicts == (
            ImportConflictInfo(1, str(INES), INES_ID, "Ines Varga", "Ines Varga", "contract"),
            ImportConflictInfo(2, str(INES), INES_ID, "Ines Varga", "Ines Varga", "contract"),
        )
        assert len(library.roster()) == 1  # reading wrote nothing
        results = library.import_batch(batch, {1: "skip", 2: OnConflict.KEEP_BOTH})
        assert [r.action for r in results] == ["created", "skipped", "kept both"]
        assert results[2].name == "Ines Varga (2)"
        assert len(library.roster()) == 3


def test_a_conflict_left_undecided_is_refused_and_nothing_is_written(library_path: Path) -> None:
    with Library.open(library_path) as library:
        library.import_files([INES])
        batch = library.read_import([OKAFOR, INES])
        with pytest.raises(ImportConflict):
            library.import_batch(batch, {})
        assert [e.id for e in library.roster()] == [INES_ID]


def test_a_cancel_from_the_progress_callback_leaves_the_library_unchanged(
    library_path: Path,
) -> None:
    class Cancelled(Exception):
        pass

    def progress(phase: str, _done: int, _total: int) -> None:
        if phase == "storing":
            raise Cancelled

    with Library.open(library_path) as library:
        with pytest.raises(Cancelled):
            library.import_files([INES, OKAFOR], progress=progress)
        assert library.roster() == []


@pytest.mark.parametrize(
    ("name", "taken", "numbered"),
    [
        ("Ines Varga", set(), "Ines Varga (2)"),
        ("Ines Varga", {"ines varga (2)"}, "Ines Varga (3)"),
        ("Ines Varga (2)", {"ines varga (2)"}, "Ines Varga (3)"),
        ("(2)", set(), "(2) (2)"),
        ("x" * 200, set(), "x" * 196 + " (2)"),
    ],
)
def test_numbered_names(name: str, taken: set[str], numbered: str) -> None:
    assert numbered_name(name, taken) == numbered


def test_bulk_rows_are_exactly_the_rows_sqlalchemy_would_write(
    tmp_path: Path, new_library: Callable[[str], Path]
) -> None:
    """The positional fast path for SQLite stores the same values, types and timestamps."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
    from bench_library import make_contractor

    rng = random.Random(5)
    files = [dumps_character_file(make_contractor(rng, i)) for i in range(3)]
    files += [INES.read_bytes(), OKAFOR.read_bytes()]
    with Library.open(new_library("fast.sqlite3")) as library:
        library.import_files(files)
    original = bulk._insert_positional_tuples
    bulk._insert_positional_tuples = lambda *_args: False  # type: ignore[assignment]
    try:
        with Library.open(new_library("plain.sqlite3")) as library:
            library.import_files(files)
    finally:
        bulk._insert_positional_tuples = original
    assert _rows(tmp_path / "fast.sqlite3") == _rows(tmp_path / "plain.sqlite3")


def _rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every row of every table, with each value's type; times by their stored shape only."""
    stamps = {"created_at", "updated_at", "recorded_at"}
    connection = sqlite3.connect(path)
    try:
        tables = [
            name
            for (name,) in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        ]
        found: dict[str, list[tuple[object, ...]]] = {}
        for table in tables:
            cursor = connection.execute(f'SELECT * FROM "{table}"')
            columns = [d[0] for d in cursor.description]
            found[table] = sorted(
                tuple(
                    (column, type(value).__name__, len(value) if column in stamps else value)
                    for column, value in zip(columns, row, strict=True)
                )
                for row in cursor
            )
        return found
    finally:
        connection.close()


def test_the_fast_path_stores_a_whole_second_as_sqlalchemy_does(library_path: Path) -> None:
    """Every value goes through its column type's processor: no driver default for dates."""
    from datetime import datetime

    from models.tables import CharacterVersionRow, ContractorRow

    contractor = read_character_file(INES)
    with Library.open(library_path) as library, library._writing() as session:
        values = mapping.contractor_values(contractor, None, datetime(2025, 1, 1))
        connection = session.connection()
        assert bulk._insert_positional(connection, ContractorRow.__table__, [values])
        row = connection.exec_driver_sql(
            "SELECT created_at, updated_at, charon_coin FROM contractor"
        ).one()
        coin = int(contractor.creation.charon_coin)
        assert tuple(row) == ("2025-01-01 00:00:00.000000", "2025-01-01 00:00:00.000000", coin)
        version = {"character_id": contractor.id, "version": 1}
        assert bulk._insert_positional(
            connection, CharacterVersionRow.__table__, [version]
        )
