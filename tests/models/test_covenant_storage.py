"""Covenant characters in the library's generic document store: round trips, the
append-only play log, files, ids shared with contractors, migration.

The character is the shipped example, Ines Okafor-Vell (three Ties, 5 Traits and
2 Abilities bought with 7 of xir 10 tokens, and a short chapter of play). Her
numbers, worked by hand from the summary: 3 Ties × 100 = 300 Discipline; the
Resistance bid spent 15 as chapter damage; the two scenes' bids (25 and 10) came
back at the ends of their scenes, so she stands at 285 free and 15 chapter damage,
with 10 − 7 = 3 tokens.
"""

from __future__ import annotations

import dataclasses
import json
import shutil
import sqlite3
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.core.approval import approve
from builder.core.files import CharacterFileError
from builder.covenant.character import CovenantCharacter, EndChapter, Tie
from builder.covenant.file import CovenantFile, loads_covenant, read_covenant_file, to_document
from builder.covenant.rules import (
    begin_scene,
    bid,
    end_chapter,
    end_scene,
    end_turn,
    evaluate_covenant,
    lose_tie,
    undo,
)
from models import (
    CharacterNotFound,
    ImportConflict,
    LedgerRewriteError,
    Library,
    LibraryError,
    OnConflict,
    UnstorableCharacter,
)
from models.library import database_url
from models.migrate import SCHEMA_HEAD, create_library_engine, upgrade
from resources import resource_path
from tests.hypothesis_profiles import examples

EXAMPLE = resource_path("examples", "covenant-ines-okafor-vell.json")
INES_ID = "covenant-example-ines"
WREN = resource_path("examples", "newbie-wren-halloway.json")
WREN_ID = "c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1"


@pytest.fixture
def library(library_url: str) -> Library:
    """A fresh library: a SQLite file, and a database on a real PostgreSQL server."""
    with Library.open(library_url) as opened:
        yield opened


def _ines() -> CovenantCharacter:
    return read_covenant_file(EXAMPLE).character


def _ok(played):  # type: ignore[no-untyped-def]
    assert played.accepted, played.findings
    return played.character


def _rows(library: Library) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows, on whichever database the library is."""
    with library._engine.connect() as db:
        tables = sa.inspect(db).get_table_names()
        return {
            t: sorted((tuple(r) for r in db.exec_driver_sql(f'SELECT * FROM "{t}"')), key=repr)
            for t in tables
        }


def _dump(
    path: Path, columns: dict[str, str] | None = None
) -> dict[str, list[tuple[object, ...]]]:
    """Every table's rows (or, given ``columns``, those tables' rows in those columns)."""
    with sqlite3.connect(path) as db:
        if columns is None:
            names = db.execute("SELECT name FROM sqlite_master WHERE type='table'")
            columns = {r[0]: "*" for r in names}
        return {
            t: sorted(db.execute(f'SELECT {c} FROM "{t}"').fetchall(), key=repr)
            for t, c in columns.items()
        }


# --------------------------------------------------------------------------- round trips


def test_the_example_file_is_the_rules_example() -> None:
    # resources/examples holds the export of the character the rules ship, byte for byte.
    assert EXAMPLE.read_bytes() == resource_path("covenant", "example-character.json").read_bytes()


def test_a_character_saves_and_loads_exactly(library: Library) -> None:
    ines = _ines()
    summary = library.save(ines)
    assert (summary.created, summary.ledger_appended) == (True, 12)
    loaded = library.load(INES_ID)
    assert loaded == ines
    report = evaluate_covenant(loaded)
    assert report.discipline.to_json() == {
        "free": 285,
        "scene": 0,
        "chapter": 15,
        "long_term": 0,
        "total": 300,
    }
    assert report.tokens.available == 3
    assert library.system_of(INES_ID) == "covenant"
    assert library.exists(INES_ID) and not library.exists("nobody")


def test_export_then_import_into_another_library_round_trips(
    library: Library, tmp_path: Path, new_library: Callable[[str], Path]
) -> None:
    library.save(_ines())
    document = approve(
        to_document(CovenantFile(_ines())), "all", "Priya", "fine", at="2025-02-01T10:00:00Z"
    )
    (approval,) = document["approvals"]
    library.set_approval(INES_ID, "approved", [approval])
    out = library.export_file(INES_ID, tmp_path / "ines.json")
    written = loads_covenant(out.read_bytes())
    assert written.character == _ines()
    assert written.approvals == (approval,)

    with Library.open(new_library("other.sqlite3")) as other:
        (result,) = other.import_files([out])
        assert (result.contractor_id, result.name, result.action, result.family) == (
            INES_ID,
            "Ines Okafor-Vell",
            "created",
            "covenant",
        )
        stored = other.load_stored(INES_ID)
        assert stored.character == _ines()
        assert stored.approvals == (approval,)
        assert other.export_file(INES_ID, tmp_path / "again.json").read_bytes() == out.read_bytes()


def test_the_roster_lists_every_system(library: Library) -> None:
    library.import_files([WREN, EXAMPLE])
    assert [(e.name, e.family, e.player, e.alive, e.victories) for e in library.roster()] == [
        ("Ines Okafor-Vell", "covenant", "Example Player", True, None),
        ("Wren Halloway", "contract", "Sam", True, 0),
    ]
    assert [(e.system, e.system_name) for e in library.roster()] == [
        ("covenant", "Covenant"),
        ("contract", "The Contract"),
    ]


# --------------------------------------------------------------------------- the play log


def test_play_appends_only_the_new_entries(library: Library) -> None:
    ines = _ines()
    library.save(ines)
    nxt = _ok(bid(_ok(begin_scene(ines, "Customs check")), 40))
    summary = library.save(nxt)
    assert (summary.created, summary.ledger_appended, summary.parts) == (False, 2, ())
    assert library.load(INES_ID) == nxt
    assert evaluate_covenant(library.load(INES_ID)).discipline.free == 285 - 40


def test_a_save_that_rewrites_history_is_refused_and_changes_nothing(
    library: Library
) -> None:
    ines = _ines()
    library.save(ines)
    before = _rows(library)
    changed = dataclasses.replace(ines, log=(EndChapter(), *ines.log[1:]))
    refused = "cannot save 'Ines Okafor-Vell': log entry 1 differs"
    with pytest.raises(LedgerRewriteError, match=refused):
        library.save(changed)
    shorter = _ok(undo(ines))
    with pytest.raises(LedgerRewriteError, match=r"log entry 12 is missing"):
        library.save(shorter)
    assert _rows(library) == before


def test_undo_is_stored_by_retracting_the_newest_entries(library: Library) -> None:
    ines = _ines()
    library.save(ines)
    after_chapter = _ok(end_chapter(ines))
    library.save(after_chapter)
    assert evaluate_covenant(library.load(INES_ID)).tokens.available == 4

    assert library.retract_log_tail(INES_ID) == (EndChapter(),)
    assert library.load(INES_ID) == _ok(undo(after_chapter)) == ines
    assert evaluate_covenant(library.load(INES_ID)).tokens.available == 3

    assert library.retract_log_tail(INES_ID, 2) == ines.log[-2:]
    assert library.load(INES_ID).log == ines.log[:-2]
    # Redo is an ordinary append again.
    library.save(ines)
    assert library.load(INES_ID) == ines
    with pytest.raises(ValueError, match="has 12 log entries; cannot retract 13"):
        library.retract_log_tail(INES_ID, 13)
    with pytest.raises(ValueError, match="cannot retract 0"):
        library.retract_log_tail(INES_ID, 0)


def test_stored_log_rows_are_never_updated(library: Library) -> None:
    from sqlmodel import Session, select

    from models.tables import CharacterLogRow

    library.save(_ines())
    with Session(library._engine) as session:
        row = session.exec(select(CharacterLogRow).where(CharacterLogRow.seq == 0)).one()
        row.entry = '{"note":"rewritten"}'
        session.add(row)
        with pytest.raises(RuntimeError, match="character log rows are never updated"):
            session.commit()


def test_an_eliminated_character_is_marked_in_the_roster(library: Library) -> None:
    ines = _ines()
    gone = ines
    for tie in ("tie-sister", "tie-skiff", "tie-guild"):
        gone = _ok(lose_tie(gone, tie))
    assert evaluate_covenant(gone).eliminated
    library.save(gone)
    (entry,) = library.roster()
    assert entry.alive is False
    library.retract_log_tail(INES_ID)  # the third Tie was not lost after all
    (entry,) = library.roster()
    assert entry.alive is True


def test_own_fields_and_creation_are_rewritten_on_change(library: Library) -> None:
    ines = _ines()
    library.save(ines)
    renamed = dataclasses.replace(ines, name="Ines Vell", player="Dana", notes="new notes")
    assert library.save(renamed).parts == ("name", "player", "notes")
    ties = (*ines.creation.ties[:2], Tie("tie-crew", "The night crew", "Four riggers."))
    new_creation = dataclasses.replace(renamed.creation, ties=ties)
    recreated = dataclasses.replace(renamed, creation=new_creation)
    assert library.save(recreated).parts == ("creation",)
    assert library.load(INES_ID) == recreated
    assert [e.player for e in library.roster()] == ["Dana"]
    assert library.save(recreated).changed is False


def test_delete_returns_the_character(library: Library) -> None:
    library.save(_ines())
    assert library.delete(INES_ID) == _ines()
    assert library.roster() == []
    with pytest.raises(CharacterNotFound, match="no character with id 'covenant-example-ines'"):
        library.load(INES_ID)


def test_unstorable_characters_are_refused(library: Library) -> None:
    before = _rows(library)
    with pytest.raises(UnstorableCharacter, match="NUL"):
        library.save(dataclasses.replace(_ines(), notes="a\x00b"))
    with pytest.raises(UnstorableCharacter, match=r"character\.id"):
        library.save(dataclasses.replace(_ines(), id="x" * 201))
    assert _rows(library) == before


# --------------------------------------------------------------------------- files and ids


def test_a_bad_file_is_refused_and_the_library_is_unchanged(
    library: Library, tmp_path: Path
) -> None:
    library.import_file(WREN)
    before = _rows(library)
    document = json.loads(EXAMPLE.read_bytes())
    document["character"]["log"][2]["spent"] = "ten"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(CharacterFileError) as refusal:
        library.import_files([EXAMPLE, bad])
    assert refusal.value.source == str(bad)
    assert str(refusal.value) == "character.log[2].spent: 'ten' is not of type 'integer'"
    assert _rows(library) == before


def test_id_conflicts_follow_the_choice(library: Library) -> None:
    library.import_file(EXAMPLE)
    before = _rows(library)
    with pytest.raises(ImportConflict, match="already in the library as a Covenant character"):
        library.import_file(EXAMPLE)
    assert _rows(library) == before
    copied = library.import_file(EXAMPLE, OnConflict.COPY)
    assert copied.action == "copied" and copied.contractor_id != INES_ID
    replaced = library.import_file(EXAMPLE, OnConflict.REPLACE)
    assert (replaced.action, replaced.contractor_id) == ("replaced", INES_ID)
    assert len(library.roster()) == 2


def test_ids_are_unique_across_all_systems(library: Library) -> None:
    library.import_file(WREN)
    clash = dataclasses.replace(_ines(), id=WREN_ID)
    with pytest.raises(LibraryError, match="already belongs to a contractor"):
        library.save(clash)
    document = json.loads(EXAMPLE.read_bytes())
    document["character"]["id"] = WREN_ID
    raw = json.dumps(document).encode()
    before = _rows(library)
    for choice in (OnConflict.REFUSE, OnConflict.REPLACE):
        with pytest.raises(ImportConflict, match="as a contractor; import it as a copy"):
            library.import_file(raw, choice)
    assert _rows(library) == before
    copied = library.import_file(raw, OnConflict.COPY)
    assert copied.family == "covenant" and copied.contractor_id != WREN_ID
    assert library.system_of(WREN_ID) == "contract"


def test_load_examples_brings_in_the_covenant_example(library: Library) -> None:
    results = {r.name: r for r in library.load_examples()}
    assert results["Ines Okafor-Vell"].family == "covenant"
    assert library.load(INES_ID) == _ines()
    again = {r.name: r.action for r in library.load_examples()}
    assert again["Ines Okafor-Vell"] == "skipped"


# --------------------------------------------------------------------------- migration


def test_a_library_at_0002_upgrades_and_keeps_its_contractors(
    tmp_path: Path, new_library: Callable[[str], Path]
) -> None:
    path = tmp_path / "library.sqlite3"
    engine = create_library_engine(database_url(path))
    upgrade(engine, "0002_ledger_death_marker")
    engine.dispose()
    # Contractors written by the release before Covenant characters existed.
    with Library.open(new_library("source.sqlite3")) as source:
        source.load_examples()
    with sqlite3.connect(tmp_path / "source.sqlite3") as src, sqlite3.connect(path) as dst:
        old_columns = {}
        for table in ("player", "contractor", "ledger_entry", "gift", "gift_modifier"):
            # Only the columns the 0002 schema had: later migrations added some.
            names = [r[1] for r in dst.execute(f"PRAGMA table_info({table})")]
            old_columns[table] = ", ".join(f'"{n}"' for n in names)
            rows = src.execute(f"SELECT {old_columns[table]} FROM {table}").fetchall()
            marks = ",".join("?" * len(names))
            dst.executemany(f"INSERT INTO {table} ({old_columns[table]}) VALUES ({marks})", rows)
    old_tables = tuple(old_columns)
    before = _dump(path, old_columns)

    with Library.open(path) as library:
        assert library.migration is not None
        assert (library.migration.from_revision, library.migration.to_revision) == (
            "0002_ledger_death_marker",
            SCHEMA_HEAD,
        )
        assert library.migration.backup is not None
        assert library.migration.backup.name.startswith(
            "library.sqlite3.bak-0002_ledger_death_marker-"
        )
        assert {e.family for e in library.roster()} == {"contract"}
        library.save(_ines())
        assert library.load(INES_ID) == _ines()
        assert library.integrity_problems() == []

    after = _dump(path)
    assert _dump(path, old_columns) == before
    assert set(old_tables) <= set(after)
    assert len(after["character_log"]) == 12
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version_num FROM alembic_version").fetchall() == [(SCHEMA_HEAD,)]


def test_restore_takes_back_the_newest_entries_in_one_step(library: Library) -> None:
    ines = _ines()
    library.save(ines)
    played = _ok(end_chapter(_ok(begin_scene(_ok(end_chapter(ines)), "Next chapter"))))
    library.save(played)
    summary = library.restore(dataclasses.replace(ines, notes="restored"))
    assert summary.parts == ("notes", "log")
    assert library.load(INES_ID) == dataclasses.replace(ines, notes="restored")
    # Not an earlier state: the stored log does not start with this one.
    other = dataclasses.replace(ines, log=(EndChapter(),))
    with pytest.raises(LedgerRewriteError, match="not an earlier state of the stored one"):
        library.restore(other)
    assert library.load(INES_ID).log == ines.log


# --------------------------------------------------------------------------- property


_MOVES = st.sampled_from(
    [
        *("begin", "turn", "scene", "chapter", "bid", "tap", "expend", "undo", "undo"),
        *("lose", "tie-sister", "tie-guild"),
    ]
)


@settings(max_examples=examples(20), deadline=None)
@given(moves=st.lists(_MOVES, max_size=25))
def test_any_play_with_undos_is_stored_exactly(
    moves: list[str], empty_library_template: Path
) -> None:
    """(Each example's library is a copy of the session's empty one: making one in memory
    ran every migration for each example.)"""
    from builder.covenant.rules import use_asset

    start = dataclasses.replace(_ines(), log=())
    with (
        tempfile.TemporaryDirectory() as folder,
        Library.open(
            shutil.copyfile(empty_library_template, Path(folder) / "library.sqlite3")
        ) as library,
    ):
        library.save(start)
        character = start
        for move in moves:
            if move == "undo":
                if not character.log:
                    continue
                character = _ok(undo(character))
                library.restore(character)
                continue
            if move.startswith("tie-"):
                played = lose_tie(character, move)
                if played.accepted:
                    character = played.character
                    library.save(character)
                continue
            played = {
                "begin": lambda c: begin_scene(c),
                "turn": lambda c: end_turn(c),
                "scene": lambda c: end_scene(c),
                "chapter": lambda c: end_chapter(c),
                "bid": lambda c: bid(c, 7),
                "tap": lambda c: use_asset(c, "rifles", "tap"),
                "expend": lambda c: use_asset(c, "sweep", "trip"),
                "lose": lambda c: lose_tie(c, "tie-skiff"),
            }[move](character)
            if played.accepted:
                character = played.character
                library.save(character)
        assert library.load(INES_ID) == character
        (entry,) = library.roster()
        assert entry.alive is not evaluate_covenant(character).eliminated
