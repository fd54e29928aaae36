"""The roster's summary of each ledger, stored on the contractor row, never drifts (issue 29).

``contractor.roster_victories``, ``roster_floor`` and ``roster_dead``
(revision 0015) are what the roster shows; every write of the contract store
works them out with builder's rule from the ledger it writes
(``models.mapping.roster_count_fields``, ``builder.contract.ledger.standing``).
These tests compare them with builder's answer for each contractor loaded back
(``ledger_standing``, the rule the sheet's fold books) after every kind of
write: a contractor created or ported, a Contract recorded, a correction, an
undo, an import (one file, a batch, a replacement), a deletion; and after an
upgrade from 0014, whose fill is SQL of its own.
"""

from __future__ import annotations

import itertools
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
import sqlalchemy as sa
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from builder.contract.character import (
    Concept,
    ContractAttended,
    Contractor,
    Correction,
    Death,
    Entry,
    Outcome,
)
from builder.contract.ledger.standing import ledger_standing
from builder.contract.port_record import Ported, PortLevel
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status
from harbinger.shell.paths import sqlite_url
from models.library import Library, database_url
from models.migrate import create_library_engine, upgrade
from models.values import OnConflict
from tests.builder.contract.ledger_text import contractor
from tests.hypothesis_profiles import examples
from tests.migration_steps import downgrade_on
from tests.models.strategies import contractors

Counts = dict[str, tuple[int, int, bool]]


def _stored(path: Path) -> Counts:
    """Each contractor's stored (victories, floor, dead)."""
    engine = sa.create_engine(sqlite_url(path))
    with engine.connect() as connection:
        rows = connection.execute(
            sa.text("SELECT id, roster_victories, roster_floor, roster_dead FROM contractor")
        ).all()
    engine.dispose()
    return {cid: (int(v), int(f), bool(d)) for cid, v, f, d in rows}


def _builders(ledger: tuple[Entry, ...]) -> tuple[int, int, bool]:
    """(victories, floor, dead) as builder's rule gives them for a ledger."""
    standing = ledger_standing(ledger)
    return standing.victories, standing.floor_victories, not standing.alive


def _from_ledger(path: Path) -> Counts:
    """The same three, from builder's rule on every contractor loaded back from the library."""
    with Library.open(path) as library:
        return {cid: _builders(library.load(cid).ledger) for cid in _stored(path)}


def _agree(path: Path) -> Counts:
    stored = _stored(path)
    assert stored == _from_ledger(path)
    return stored


def _won(day: int, outcome: Outcome = Outcome.VICTORY) -> ContractAttended:
    return ContractAttended(f"2026-05-{day:02d}", f"Job {day}", True, outcome)


def _named(base: Contractor, cid: str, name: str, ledger: tuple[Entry, ...]) -> Contractor:
    return replace(base, id=cid, concept=Concept(name), ledger=ledger)


@pytest.fixture(scope="module")
def empty_library(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A library at the newest revision with nothing in it, made once and copied per use."""
    path = tmp_path_factory.mktemp("template") / "empty.sqlite3"
    Library.open(path).close()
    return path


@pytest.fixture
def library_path(tmp_path: Path, empty_library: Path) -> Path:
    path = tmp_path / "library.sqlite3"
    shutil.copyfile(empty_library, path)
    return path


def test_every_kind_of_write_keeps_the_stored_counts(library_path: Path) -> None:
    """The rules' Status table: "Seasoned: 10–16 victories", "Veteran: 25+ victories" (a port's
    Status as a floor); a voided victory does not count, a voided death brings one back."""
    base = contractor("2026-05-01 contract home victory 'The Lantern Job'")
    ines = _named(base, "ines", "Ines Varga", (_won(1),))
    vet = _named(base, "vet", "Old Hand", (Ported("2026-04-01", PortLevel.VETERAN), _won(2)))
    archive = _named(
        base,
        "archive",
        "From the Archive",
        (Ported("2026-04-01", PortLevel.WEBSITE, victories=27, ported_at="veteran"), _won(3)),
    )
    with Library.open(library_path) as library:
        library.save(ines)  # created
        library.save(vet)  # ported as a Veteran
        library.save(archive)  # a website archive: its 27 victories count
        assert _agree(library_path) == {
            "ines": (1, 0, False),
            "vet": (1, 25, False),
            "archive": (28, 25, False),
        }
        recorded = replace(ines, ledger=(*ines.ledger, _won(4)))
        library.save(recorded)  # a Contract recorded
        assert _agree(library_path)["ines"] == (2, 0, False)
        voided = replace(recorded, ledger=(*recorded.ledger, Correction("2026-05-05", 0)))
        library.save(voided)  # a correction voids the first victory
        assert _agree(library_path)["ines"] == (1, 0, False)
        library.restore(recorded)  # its undo
        assert _agree(library_path)["ines"] == (2, 0, False)
        died = replace(recorded, ledger=(*recorded.ledger, _won(6, Outcome.DEATH)))
        library.save(died)  # died on a Contract
        assert _agree(library_path)["ines"] == (2, 0, True)
        back = replace(died, ledger=(*died.ledger, Correction("2026-05-07", 2, (_won(6),))))
        library.save(back)  # the death corrected into a victory
        assert _agree(library_path)["ines"] == (3, 0, False)
        library.save(replace(back, ledger=(*back.ledger, Death("2026-05-08", "a fall"))))
        assert _agree(library_path)["ines"] == (3, 0, True)
        roster = {entry.id: entry for entry in library.roster()}
        assert (roster["ines"].victories, roster["ines"].alive) == (3, False)
        assert (roster["archive"].victories, roster["archive"].floor_victories) == (28, 25)


def test_the_roster_agrees_with_the_sheet_where_the_old_sql_did_not(library_path: Path) -> None:
    """The sheet's Status is the fold's (``evaluate_sheet``); the roster's counts are now the
    same rule. A website archive's port voided by a correction brings neither its 27
    victories nor its Veteran floor (the SQL copy read the port row past the correction),
    and ``ported_at`` opens a Status only for a website archive ("a port the website
    made"), not for a Seasoned port that carries one."""
    base = contractor()
    archive = Ported("2026-04-01", PortLevel.WEBSITE, victories=27, ported_at="veteran")
    voided = _named(base, "voided", "Voided Port", (archive, _won(2), Correction("2026-05-03", 0)))
    odd = _named(
        base, "odd", "Odd Port", (Ported("2026-04-01", PortLevel.SEASONED, ported_at="veteran"),)
    )
    with Library.open(library_path) as library:
        library.save(voided)
        library.save(odd)
        sheets = {c.id: evaluate_sheet(library.load(c.id)) for c in (voided, odd)}
    assert _agree(library_path) == {"voided": (1, 0, False), "odd": (0, 10, False)}
    assert (sheets["voided"].status, sheets["odd"].status) == (Status.NEWBIE, Status.SEASONED)


def test_imports_and_deletions_keep_the_stored_counts(library_path: Path) -> None:
    """One file, a copy under a new id, a replacement and a batch (the bulk insert)."""
    base = contractor()
    vet = _named(base, "vet", "Old Hand", (Ported("2026-04-01", PortLevel.VETERAN), _won(2)))
    with Library.open(library_path) as library:
        library.save(vet)
        exported = library.file_bytes("vet")
        library.delete("vet")  # deleted: its row, counts and all, is gone
        assert "vet" not in _agree(library_path)
        library.import_file(exported)  # imported back, one file
        assert _agree(library_path)["vet"] == (1, 25, False)
        library.import_file(exported, OnConflict.KEEP_BOTH)  # a copy under a new id
        assert sorted(_agree(library_path).values()) == [(1, 25, False), (1, 25, False)]
        more = replace(vet, ledger=(*vet.ledger, _won(9), _won(10)))
        other = library_path.with_name("other.sqlite3")
        with Library.open(other) as elsewhere:
            elsewhere.save(more)
            changed = elsewhere.file_bytes("vet")
        library.import_file(changed, OnConflict.REPLACE)  # replaced by an import
        assert _agree(library_path)["vet"] == (3, 25, False)
        batch = [
            _named(base, f"batch-{i}", f"Batch {i}", tuple(_won(d) for d in range(1, i + 1)))
            for i in range(1, 4)
        ]
        with Library.open(other) as elsewhere:
            for character in batch:
                elsewhere.save(character)
            files = [elsewhere.file_bytes(c.id) for c in batch]
        library.import_files(files)  # a batch: one bulk insert
        counts = _agree(library_path)
        assert [counts[c.id] for c in batch] == [(1, 0, False), (2, 0, False), (3, 0, False)]


def _downgrade(path: Path, target: str) -> None:
    """Back to ``target``, foreign keys off as ``models.migrate.upgrade`` has them: dropping
    a column rebuilds the table, which would otherwise cascade into the ledger."""
    engine = create_library_engine(database_url(path))
    try:
        with engine.connect() as connection:
            connection.connection.driver_connection.execute("PRAGMA foreign_keys=OFF")
            with connection.begin():
                downgrade_on(connection, target)
    finally:
        engine.dispose()


def test_the_upgrade_fills_the_counts_from_the_stored_ledgers(library_path: Path) -> None:
    """A library of revision 0014 holds ledgers only; 0015 works the counts out of them."""
    base = contractor()
    with Library.open(library_path) as library:
        library.save(_named(base, "plain", "Plain", (_won(1), _won(2), _won(3, Outcome.FAILURE))))
        library.save(
            _named(base, "voided", "Voided", (_won(1), _won(2), Correction("2026-05-03", 0)))
        )
        library.save(
            _named(
                base,
                "revived",
                "Revived",
                (_won(1), _won(2, Outcome.DEATH), Correction("2026-05-03", 1, (_won(2),))),
            )
        )
        library.save(_named(base, "dead", "Dead", (_won(1), Death("2026-05-02", "a fall"))))
        library.save(
            _named(base, "seasoned", "Seasoned", (Ported("2026-04-01", PortLevel.SEASONED),))
        )
        library.save(
            _named(
                base,
                "archive",
                "Archive",
                (Ported("2026-04-01", PortLevel.WEBSITE, victories=12, ported_at="seasoned"),),
            )
        )
    expected = _agree(library_path)
    _downgrade(library_path, "0014_gm_notes")
    with sqlite3.connect(library_path) as db:
        assert "roster_victories" not in str(db.execute("PRAGMA table_info(contractor)").fetchall())
        assert db.execute("SELECT count(*) FROM ledger_entry").fetchone() == (13,)
    engine = create_library_engine(database_url(library_path))
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    assert (
        _agree(library_path)
        == expected
        == {
            "plain": (2, 0, False),
            "voided": (1, 0, False),
            "revived": (2, 0, False),
            "dead": (1, 0, True),
            "seasoned": (0, 10, False),
            "archive": (12, 10, False),
        }
    )


# --------------------------------------------------------------------------- property


@st.composite
def _ledgers(draw: st.DrawFn) -> list[tuple[Entry, ...]]:
    """Successive ledgers of one contractor, each the last plus one entry: Contracts of
    every outcome, deaths and voided deaths, corrections (voids and replacements), and
    sometimes a port first."""
    ledger: list[Entry] = []
    if draw(st.booleans()):
        level = draw(st.sampled_from(PortLevel))
        won = draw(st.integers(0, 30)) if level is PortLevel.WEBSITE else 0
        at = draw(st.sampled_from(["", "seasoned", "veteran"])) if won else ""
        ledger.append(Ported("2026-04-01", level, victories=won, ported_at=at))
    states = [tuple(ledger)]
    for day in range(1, draw(st.integers(1, 8)) + 1):
        targets = [i for i, e in enumerate(ledger) if isinstance(e, ContractAttended | Death)]
        kind = draw(st.sampled_from(["contract", "death", "correct"] if targets else ["contract"]))
        if kind == "contract":
            ledger.append(_won(day, draw(st.sampled_from(Outcome))))
        elif kind == "death":
            ledger.append(Death(f"2026-05-{day:02d}", "", draw(st.booleans())))
        else:
            target = draw(st.sampled_from(targets))
            old = ledger[target]
            instead: tuple[Entry, ...] = ()
            if draw(st.booleans()):
                instead = (
                    (_won(day, draw(st.sampled_from(Outcome))),)
                    if isinstance(old, ContractAttended)
                    else (Death(f"2026-05-{day:02d}", "", draw(st.booleans())),)
                )
            ledger.append(Correction(f"2026-05-{day:02d}", target, instead))
        states.append(tuple(ledger))
    return states


_WRITES = st.sampled_from(["save", "undo", "reimport", "delete"])


@pytest.mark.slow
@settings(
    max_examples=20,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(histories=st.lists(_ledgers(), min_size=1, max_size=3), writes=st.lists(_WRITES))
def test_the_stored_counts_are_the_ledgers_after_any_writes(
    tmp_path: Path,
    empty_library: Path,
    histories: list[list[tuple[Entry, ...]]],
    writes: list[str],
) -> None:
    """Whatever is written, in whatever order, the stored counts equal the slow query's."""
    path = tmp_path / "property.sqlite3"
    shutil.copyfile(empty_library, path)
    base = contractor()
    plans = [
        [_named(base, f"c{n}", f"Contractor {n}", ledger) for ledger in states]
        for n, states in enumerate(histories)
    ]
    writes_left: Iterator[str] = iter(writes)
    with Library.open(path) as library:
        for versions in plans:
            library.save(versions[0])
            _agree(path)
            for before, after in itertools.pairwise(versions):
                library.save(after)
                _agree(path)
                write = next(writes_left, "save")
                if write == "undo":
                    library.restore(before)
                    _agree(path)
                    library.save(after)
                elif write == "reimport":
                    library.import_file(library.file_bytes(after.id), OnConflict.REPLACE)
                elif write == "delete":
                    kept = library.file_bytes(after.id)
                    library.delete(after.id)
                    _agree(path)
                    library.import_file(kept)
                _agree(path)


@pytest.mark.slow
@settings(
    max_examples=examples(25),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(contractor=contractors)
def test_any_contractor_stores_the_counts_its_ledger_gives(
    library_url: str, contractor: Contractor
) -> None:
    """Any contractor the file format allows (ports, corrections, deaths and their voids
    among its entries), on SQLite and on PostgreSQL: the stored counts are builder's, for
    the contractor saved and for the one loaded back."""
    with Library.open(library_url) as library:
        library.save(contractor)
        with library._reading() as session:
            connection = session.connection()
            stored = connection.execute(
                sa.text("SELECT id, roster_victories, roster_floor, roster_dead FROM contractor")
            ).all()
        loaded = library.load(contractor.id)
        library.delete(contractor.id)
    assert [(cid, int(v), int(f), bool(d)) for cid, v, f, d in stored] == [
        (contractor.id, *_builders(contractor.ledger))
    ]
    assert _builders(loaded.ledger) == _builders(contractor.ledger)
