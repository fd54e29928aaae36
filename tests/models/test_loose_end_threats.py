"""Loose End Threats in a personal (SQLite) library: kept in two places, seen as before.

"The Player can only see the general threat-level (Dangerous, Deadly, or
Fateful) until the Cutoff hits zero." ("Loose Ends"); the Cutoff values
"decrease by 1 every time a Contractor attends a Contract".

Ines Varga (the example) has attended 24 Contracts; her Loose End "The
Saltmarsh reed crown" was granted after 20 with Cutoff 4: 4 − (24 − 20) = 0,
so its Threat is due and lives in ``loose_end.threat``. A new Loose End with
Cutoff 2 granted now (after 24) has 2 left: its Threat is kept in
``loose_end_threat`` (revision 0016). The library's one user still reads both.
"""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

from builder.contract.character import ThreatLevel
from builder.contract.file import read_character_document, read_character_file
from harbinger.app.common import commit
from harbinger.app.contract.operations import plan_add_loose_end, plan_resolve_loose_end, store
from models.library import Library
from resources import resource_path

INES = resource_path("examples") / "seasoned-ines-varga.json"
DUE = "The marsh wants its crown back and sends the drowned to fetch it."
HIDDEN = "The ferryman sells her name to the Syndicate."


def _rows(path: Path) -> tuple[list[tuple[object, ...]], list[tuple[object, ...]]]:
    """``loose_end``'s (position, threat) and ``loose_end_threat``'s (position of the Loose
    End with its key, threat); None for a kept Threat whose Loose End has no row."""
    with sqlite3.connect(path) as db:
        shown = db.execute("SELECT position, threat FROM loose_end ORDER BY position").fetchall()
        kept = db.execute(
            "SELECT le.position, t.threat FROM loose_end_threat t LEFT JOIN loose_end le "
            "ON le.contractor_id = t.contractor_id AND le.key = t.loose_end_key "
            "ORDER BY le.position"
        ).fetchall()
    return shown, kept


def _with_hidden_threat(path: Path) -> str:
    with Library.open(path) as library:
        library.import_file(INES)
        ines = read_character_file(INES).id
        plan = plan_add_loose_end(
            library.load(ines), "Owes the ferryman", ThreatLevel.DEADLY, 2, HIDDEN
        )
        commit(library, plan, store)
    return ines


def test_a_threat_not_due_is_kept_apart_and_read_back_whole(library_path: Path) -> None:
    ines = _with_hidden_threat(library_path)
    assert _rows(library_path) == ([(0, DUE), (1, "")], [(1, HIDDEN)])
    with Library.open(library_path) as library:
        assert [e.threat for e in library.load(ines).loose_ends] == [DUE, HIDDEN]
        assert read_character_file(INES).loose_ends[0] == library.load(ines).loose_ends[0]


def test_the_upgrade_moves_every_threat_and_the_next_write_brings_the_due_one_back(
    library_path: Path,
) -> None:
    """A library at 0015 kept both Threats in ``loose_end``; 0016 moves both (whether a
    Cutoff hit 0 is a fold of the ledger), the user reads them as before, and the next
    save puts the due one back in ``loose_end``."""
    ines = _with_hidden_threat(library_path)
    with sqlite3.connect(library_path) as db:  # the same library as 0015 stored it
        db.execute(f"UPDATE loose_end SET threat = '{DUE}' WHERE position = 0")
        db.execute(f"UPDATE loose_end SET threat = '{HIDDEN}' WHERE position = 1")
        db.execute("DROP TABLE loose_end_threat")
        db.execute("ALTER TABLE loose_end DROP COLUMN key")  # revision 0020's
        db.execute("DROP TABLE stored_rule")  # revision 0020's
        db.execute("UPDATE alembic_version SET version_num = '0015_roster_counts'")
    with Library.open(library_path) as library:
        assert library.migration is not None
        assert _rows(library_path) == ([(0, ""), (1, "")], [(0, DUE), (1, HIDDEN)])
        contractor = library.load(ines)
        assert [e.threat for e in contractor.loose_ends] == [DUE, HIDDEN]
        assert library.save(contractor).changed  # the Threat moved: a new version
        assert _rows(library_path) == ([(0, DUE), (1, "")], [(1, HIDDEN)])
        assert [e.threat for e in library.load(ines).loose_ends] == [DUE, HIDDEN]


def test_deleting_the_contractor_deletes_its_hidden_threats(library_path: Path) -> None:
    ines = _with_hidden_threat(library_path)
    with Library.open(library_path) as library:
        library.delete(ines)
    assert _rows(library_path) == ([], [])


def _kept_keys(path: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(path) as db:
        return db.execute(
            "SELECT loose_end_key, threat FROM loose_end_threat ORDER BY loose_end_key"
        ).fetchall()


def test_a_loose_end_keeps_its_key_through_edits_export_import_and_undo(
    library_path: Path, tmp_path: Path
) -> None:
    """The Loose End granted here gets a key of its own (16 hex digits, never its place);
    Ines's Loose End from the example file, written before keys, is keyed ``le0`` by its
    place. Resolving, exporting, importing elsewhere, reordering, deleting and undoing
    keep each key, and the hidden Threat stays under its own Loose End's key."""
    ines = _with_hidden_threat(library_path)
    with Library.open(library_path) as library:
        granted = library.load(ines)
        first, ferry = (e.key for e in granted.loose_ends)
        assert first == "le0" and len(ferry) == 16 and ferry != "le1"
        assert _kept_keys(library_path) == [(ferry, HIDDEN)]
        commit(library, plan_resolve_loose_end(granted, 0), store)
        assert [e.key for e in library.load(ines).loose_ends] == [first, ferry]
        document = read_character_document(library.file_bytes(ines)).contractor
        assert [e.key for e in document.loose_ends] == [first, ferry]
        elsewhere = tmp_path / "elsewhere.sqlite3"
        with Library.open(elsewhere) as other:
            other.import_file(library.file_bytes(ines))
            assert [e.key for e in other.load(ines).loose_ends] == [first, ferry]
        assert _kept_keys(elsewhere) == [(ferry, HIDDEN)]
        before = library.load(ines)
        library.save(replace(before, loose_ends=before.loose_ends[::-1]))
        assert [(e.key, e.threat) for e in library.load(ines).loose_ends] == [
            (ferry, HIDDEN),
            (first, DUE),
        ]
        library.save(replace(before, loose_ends=before.loose_ends[1:]))
        assert [(e.key, e.threat) for e in library.load(ines).loose_ends] == [(ferry, HIDDEN)]
        assert _rows(library_path) == ([(0, "")], [(0, HIDDEN)])
        library.restore(before)  # Edit → Undo
        assert library.load(ines).loose_ends == before.loose_ends
    assert _kept_keys(library_path) == [(ferry, HIDDEN)]
