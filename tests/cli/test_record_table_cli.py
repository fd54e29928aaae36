"""``harbinger contractor record-table``: one Contract for the whole table, all or none (issue 32).

The figures are those of ``tests/builder/contract/test_table.py``, worked from
"Earning Experience" (+3 home, +1 away, +2 victory, +2 Commission), "Ringers"
(4 Exp if the objective was met), "Earning Improvements" ("GMing a Contract
grants one Improvement") and "Earning Bonus Experience" (+6 for GMing, Into
The Fold). The all-or-none tests break a real write in the SQLite file (a
trigger that refuses, or one that keeps the writer busy until it is killed)
and find every ledger as it was.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from builder.contract.sheet import evaluate_sheet
from models.library import Library
from tests.app.walk import harbinger, ok
from tests.builder.contract.test_table import the_table

SEATS = (
    "--attendee ada:victory:commission --attendee bram:death --attendee cleo:loss:away "
    "--attendee dov:ringer-met --attendee fay:victory"
)
TABLE = f"contractor record-table --date 2026-11-20 --scenario Choir --home {SEATS} --gm eve"


@pytest.fixture
def db() -> Path:
    """The test's library (``HARBINGER_DB``) holding the six contractors of the table."""
    path = Path(os.environ["HARBINGER_DB"])
    with Library.open(path) as library:
        for contractor in the_table().values():
            library.save(contractor)
    return path


def ledgers(path: Path) -> dict[str, tuple[Any, ...]]:
    with Library.open(path) as library:
        return {cid: library.load(cid).ledger for cid in the_table()}


def earned(path: Path) -> dict[str, tuple[int, int, int, bool]]:
    with Library.open(path) as library:
        sheets = {cid: evaluate_sheet(library.load(cid)) for cid in the_table()}
    return {
        cid: (
            s.exp.earned_total,
            s.rewards.credits_earned,
            s.rewards.improvements_earned,
            s.alive,
        )
        for cid, s in sheets.items()
    }


def test_the_whole_table_is_recorded(capsys: Any, db: Path) -> None:
    before = earned(db)
    document = ok(capsys, TABLE + " --gm-bonus into-the-fold")
    shares = {s["id"]: (s["exp"], s["gift_credits"], s["improvements"]) for s in document["shares"]}
    assert shares == {
        "ada": (7, 1, 0),  # home 3 + victory 2 + Commission 2; a Gift Credit
        "bram": (3, 0, 0),  # home 3; dies
        "cleo": (1, 0, 0),  # a visitor: outside the home Playgroup 1
        "dov": (4, 0, 0),  # Ringer objective met: 4 Bonus Exp
        "fay": (5, 1, 0),  # home 3 + victory 2
        "eve": (6, 0, 1),  # GMing: an Improvement; Into The Fold: 6
    }
    (ada,) = [s for s in document["shares"] if s["id"] == "ada"]
    assert ada["loose_ends"] == [
        {"title": "Filmed lifting a car", "cutoff_before": 2, "cutoff_after": 1}
    ]
    after = earned(db)
    assert {cid: after[cid][0] - before[cid][0] for cid in after} == {
        cid: s[0] for cid, s in shares.items()
    }
    assert after["bram"][3] is False and after["ada"][3] is True


def test_a_refused_share_stores_nothing(capsys: Any, db: Path) -> None:
    """An unknown id, and a second Commission ("the Contractor selected by the GM" is one)."""
    before = ledgers(db)
    code, document, err = harbinger(capsys, TABLE + " --attendee nobody:loss:commission")
    assert code == 1
    assert {f["rule"] for f in document["refused"]} == {"table.unknown", "table.commission_twice"}
    assert "no contractor 'nobody'" in err
    assert ledgers(db) == before


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ("ada:win", "outcome 'win' is not one of victory, loss, death"),
        ("ada", "expected ID:OUTCOME"),
        ("ada:victory:twice", "'twice' is neither 'commission' nor 'away'"),
        ("ada:victory --date 2026-02-30", "--date: date '2026-02-30' is not a calendar date"),
    ],
)
def test_a_bad_attendee_is_bad_input(capsys: Any, db: Path, seat: str, message: str) -> None:
    before = ledgers(db)
    code, document, err = harbinger(
        capsys, f"contractor record-table --scenario S --home --attendee {seat}"
    )
    assert (code, document) == (2, None)
    assert message in err
    assert ledgers(db) == before


def _break_writes_of(path: Path, contractor_id: str, body: str) -> None:
    """A trigger in the library file itself: ``body`` runs when ``contractor_id``'s ledger grows."""
    with sqlite3.connect(path) as connection:
        connection.execute(
            f"CREATE TRIGGER broken BEFORE INSERT ON ledger_entry"
            f" WHEN NEW.contractor_id = '{contractor_id}' BEGIN {body}; END"
        )


def test_a_write_failing_half_way_leaves_every_ledger_as_it_was(capsys: Any, db: Path) -> None:
    """Ada, Bram, Cleo, Dov are written before Fay's entry fails: all of it is rolled back."""
    before = ledgers(db)
    _break_writes_of(db, "fay", "SELECT RAISE(ABORT, 'the disk refused')")
    code, _document, err = harbinger(capsys, TABLE)
    assert code == 1
    assert "Fay Marr could not be stored: the disk refused" in err
    assert ledgers(db) == before


def _locked(path: Path) -> bool:
    """True while another process holds the library's write lock (its transaction is open)."""
    probe = sqlite3.connect(path, timeout=0, isolation_level=None)
    try:
        probe.execute("BEGIN IMMEDIATE")
        probe.execute("ROLLBACK")
        return False
    except sqlite3.OperationalError:
        return True
    finally:
        probe.close()


@pytest.mark.slow
def test_a_recording_killed_half_way_leaves_every_ledger_as_it_was(db: Path) -> None:
    """The writer is killed while Fay's entry is being written, after the others were."""
    before = ledgers(db)
    with sqlite3.connect(db) as connection:
        connection.execute("CREATE TABLE burn (n INTEGER)")
        connection.executemany("INSERT INTO burn VALUES (?)", [(i,) for i in range(2000)])
    # Counting 2000³ rows keeps the writer inside Fay's write far longer than the test waits.
    _break_writes_of(db, "fay", "SELECT count(*) FROM burn a, burn b, burn c")
    argv = [sys.executable, "-m", "harbinger", "--db", str(db), *TABLE.split()]
    writer = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        held_since = None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and writer.poll() is None:
            if not _locked(db):
                held_since = None
            elif held_since is None:
                held_since = time.monotonic()
            elif time.monotonic() - held_since > 1.5:
                break  # the table's transaction has been open for a while: inside Fay's write
            time.sleep(0.05)
        assert writer.poll() is None, "the writer finished before it could be killed"
        assert held_since is not None
        writer.send_signal(signal.SIGKILL)
    finally:
        if writer.poll() is None:
            writer.kill()
        writer.wait()
    assert ledgers(db) == before
    with Library.open(db) as library:
        assert library.integrity_problems() == []


def test_player_histories_after_the_table(capsys: Any, db: Path) -> None:
    """``db players``: Eve had one home victory (3 + 2 = 5 Exp) and GMed this one (an
    Improvement, +6 Into The Fold): played 1, GMed 1, 11 Exp. Bram died at it."""
    ok(capsys, TABLE + " --gm-bonus into-the-fold")
    rows = {
        p["player"]: (
            p["contractors"],
            p["contracts_played"],
            p["contracts_gmed"],
            p["victories"],
            p["deaths"],
            p["exp_earned"],
        )
        for p in ok(capsys, "db players")["players"]
    }
    assert list(rows) == ["Ada", "Bram", "Cleo", "Dov", "Eve", "Fay"]
    assert rows == {
        "Ada": (1, 1, 0, 1, 0, 7),
        "Bram": (1, 1, 0, 0, 1, 3),
        "Cleo": (1, 1, 0, 0, 0, 1),
        "Dov": (1, 0, 0, 0, 0, 4),  # a Ringer plays no Contract of their own
        "Eve": (1, 1, 1, 1, 0, 11),
        "Fay": (1, 1, 0, 1, 0, 5),
    }


def test_what_is_due_lists_each_case(capsys: Any) -> None:
    from tests.builder.contract.due_library import DUE, fill_due_library

    fill_due_library(Path(os.environ["HARBINGER_DB"]))
    found = {one["id"]: tuple(one["badges"]) for one in ok(capsys, "db due")["due"]}
    assert found == DUE
    code = __import__("harbinger.cli", fromlist=["main"]).main(["db", "due"])
    out, _err = capsys.readouterr()
    assert code == 0
    assert "Valerie (Ines) [val]: Approval" in out
    assert (
        "  - core (concept, creation, Limits, Source) was approved by Dana and has changed" in out
    )
