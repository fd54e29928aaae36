"""Stored roster counts written by revision 0015's SQL are refreshed once, on open.

The rules' Status table: "Seasoned: 10–16 victories", "Veteran: 25+ victories";
a port opens at the Status it names, a floor under the victories earned
(``builder.contract.ledger.standing``). Revision 0015 filled the roster's
counts with SQL of its own, which reads the port row past a correction that
voids it, and reads ``ported_at`` on any port (builder reads it only on a
website archive's). Those rows kept that answer until their contractor was
next written; the library's first opening after revision 0020 works them out
again with builder's rule (``models.roster_refresh``), and later openings
write nothing.
"""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path

import pytest

from builder.contract.character import Correction
from builder.contract.ledger.standing import STANDING_RULE_VERSION
from builder.contract.port_record import Ported, PortLevel
from models.library import Library, database_url
from models.migrate import create_library_engine, upgrade
from tests.builder.contract.ledger_text import contractor
from tests.models.test_roster_counts import _downgrade, _named, _stored, _won

ARCHIVE = Ported("2026-04-01", PortLevel.WEBSITE, victories=27, ported_at="veteran")
"""A website archive "Ported as Veteran Contractor" with 27 victories."""
ODD = Ported("2026-04-01", PortLevel.SEASONED, ported_at="veteran")
"""A Seasoned port that names ``ported_at`` (only a website archive's counts)."""


@pytest.fixture
def library_path(tmp_path: Path, empty_library_template: Path) -> Path:
    path = tmp_path / "library.sqlite3"
    shutil.copyfile(empty_library_template, path)
    return path


def _as_0015_filled_them(path: Path) -> None:
    """Three contractors stored, then the library taken back to 0014 and upgraded again by
    the migrations alone: 0015's SQL fills the counts, 0020 leaves them."""
    base = contractor()
    with Library.open(path) as library:
        library.save(
            _named(base, "voided", "Voided Port", (ARCHIVE, _won(2), Correction("2026-05-03", 0)))
        )
        library.save(_named(base, "odd", "Odd Port", (ODD,)))
        library.save(_named(base, "plain", "Plain", (_won(1), _won(2))))
    _downgrade(path, "0014_gm_notes")
    engine = create_library_engine(database_url(path))
    try:
        upgrade(engine)
    finally:
        engine.dispose()


def _log_writes(path: Path) -> None:
    """Triggers that note every write of a contractor row or of ``stored_rule``."""
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE write_log (what TEXT)")
        db.execute(
            "CREATE TRIGGER log_contractor AFTER UPDATE ON contractor "
            "BEGIN INSERT INTO write_log VALUES ('contractor ' || NEW.id); END"
        )
        for event in ("INSERT", "UPDATE", "DELETE"):
            db.execute(
                f"CREATE TRIGGER log_rule_{event.lower()} AFTER {event} ON stored_rule "
                f"BEGIN INSERT INTO write_log VALUES ('stored_rule {event}'); END"
            )


def _written(path: Path) -> list[str]:
    with sqlite3.connect(path) as db:
        return [what for (what,) in db.execute("SELECT what FROM write_log")]


def test_counts_0015_filled_are_the_rules_after_the_first_open(library_path: Path) -> None:
    """0015's SQL: the voided archive port still brings 27 victories and the Veteran floor
    (25 + the 1 Contract won = 28), and the Seasoned port's ``ported_at`` makes it a
    Veteran (floor 25). Builder's rule: the voided port brings nothing (1 victory, floor
    0), a Seasoned port opens at Seasoned (floor 10). "Plain" won 2, both ways."""
    _as_0015_filled_them(library_path)
    assert _stored(library_path) == {
        "voided": (28, 25, False),
        "odd": (0, 25, False),
        "plain": (2, 0, False),
    }
    with Library.open(library_path) as library:
        assert library.roster_counts_refreshed == 2
        roster = {entry.id: entry for entry in library.roster()}
    assert _stored(library_path) == {
        "voided": (1, 0, False),
        "odd": (0, 10, False),
        "plain": (2, 0, False),
    }
    assert (roster["voided"].victories, roster["odd"].floor_victories) == (1, 10)
    with sqlite3.connect(library_path) as db:
        assert db.execute("SELECT name, version FROM stored_rule").fetchall() == [
            ("roster_counts", STANDING_RULE_VERSION)
        ]


def test_a_second_open_writes_nothing(library_path: Path) -> None:
    _as_0015_filled_them(library_path)
    Library.open(library_path).close()
    _log_writes(library_path)
    with Library.open(library_path) as library:
        assert library.roster_counts_refreshed is None
    assert _written(library_path) == []


def test_a_rule_edition_newer_than_the_stored_one_refreshes_again(library_path: Path) -> None:
    """The edition is what decides: a library whose record is older (here 0) is refreshed
    and its record raised, even when no count differs (nothing but the record written)."""
    with Library.open(library_path) as library:
        library.save(_named(contractor(), "plain", "Plain", (_won(1),)))
    with sqlite3.connect(library_path) as db:
        db.execute("UPDATE stored_rule SET version = 0")
    _log_writes(library_path)
    with Library.open(library_path) as library:
        assert library.roster_counts_refreshed == 0
    assert _written(library_path) == ["stored_rule UPDATE"]
    assert _stored(library_path) == {"plain": (1, 0, False)}


def test_a_tampered_ledger_leaves_its_counts_and_the_library_opens(library_path: Path) -> None:
    """A ledger row whose payload is not JSON (edited outside Harbinger) cannot be folded:
    that contractor's counts stay as stored, the others are refreshed, opening succeeds."""
    base = contractor()
    with Library.open(library_path) as library:
        library.save(_named(base, "tampered", "Tampered", (_won(1),)))
        library.save(_named(base, "plain", "Plain", (_won(1), _won(2))))
    with sqlite3.connect(library_path) as db:
        db.execute("UPDATE ledger_entry SET payload = '{' WHERE contractor_id = 'tampered'")
        db.execute("UPDATE contractor SET roster_victories = 9")
        db.execute("DELETE FROM stored_rule")
    with Library.open(library_path) as library:
        assert library.roster_counts_refreshed == 1
    assert _stored(library_path) == {"tampered": (9, 0, False), "plain": (2, 0, False)}
