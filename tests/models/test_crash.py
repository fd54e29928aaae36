"""A writer killed at any moment never costs a committed save, and never corrupts the library.

A forked child saves contractors in a loop (new ones, and new ledger entries
on old ones), reporting each save on a pipe only after ``Library.save``
returned. The parent SIGKILLs it after a random short delay, again and
again; after every kill the library must open, pass SQLite's integrity and
foreign key checks, and hold every save the child reported.
"""

from __future__ import annotations

import dataclasses
import os
import random
import select
import signal
import sqlite3
import time
import uuid
from pathlib import Path

import pytest

from builder.contract.character import (
    Concept,
    ContractAttended,
    Contractor,
    Gift,
    Health,
    Injury,
    Journal,
    JournalKind,
    Outcome,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from models.library import Library

KILLS = 110
DELAY = (0.0, 0.12)  # seconds the child runs after its first save before it is killed
FIRST_SAVE_TIMEOUT = 30.0


def _new_contractor(rng: random.Random) -> Contractor:
    gifts = tuple(
        Gift(
            f"g{i}",
            GiftDraft("power", "injure", "targeted", enhancements=(ModifierChoice("unerring"),)),
            2,
        )
        for i in range(rng.randint(0, 3))
    )
    return Contractor(
        id=str(uuid.UUID(int=rng.getrandbits(128))),
        concept=Concept(f"Crash test {rng.randint(0, 10**6)}", player=rng.choice(["Sam", "Dana"])),
        ledger=(ContractAttended("2024-01-06", "Ashfall", True, Outcome.VICTORY),),
        gifts=gifts,
    )


def _grow(contractor: Contractor, rng: random.Random) -> Contractor:
    more = tuple(
        Journal(f"2024-02-{n:02d}", f"Entry {n}", JournalKind.DOWNTIME, 300)
        for n in range(1, rng.randint(2, 4))
    )
    return dataclasses.replace(
        contractor,
        ledger=contractor.ledger + more,
        health=Health(injuries=(Injury("Cut", rng.randint(1, 6)),)),
    )


def _writer(library: Library, report: int, seed: int) -> None:
    """The child: save forever, reporting ``<id> <ledger length>`` after each commit."""
    rng = random.Random(seed)
    known = [entry.id for entry in library.roster()]
    while True:
        if known and rng.random() < 0.6:
            contractor = _grow(library.load(rng.choice(known)), rng)
        else:
            contractor = _new_contractor(rng)
            known.append(contractor.id)
        library.save(contractor)
        # One write of a short line is atomic on a pipe: the parent sees all of it or none.
        os.write(report, f"{contractor.id} {len(contractor.ledger)}\n".encode())


def _run_and_kill(library: Library, rng: random.Random) -> bytes:
    # The child inherits the library's compiled statements but no open connection.
    library._engine.dispose()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - the child never returns
        os.close(read_end)
        try:
            _writer(library, write_end, rng.getrandbits(32))
        finally:
            os._exit(0)
    os.close(write_end)
    # Let the child commit at least once before the random delay, so that a loaded
    # machine (a slow fork) still gives every kill some committed work to lose.
    chunks = []
    ready, _, _ = select.select([read_end], [], [], FIRST_SAVE_TIMEOUT)
    if ready:
        chunks.append(os.read(read_end, 65536))
    time.sleep(rng.uniform(*DELAY))
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    while chunk := os.read(read_end, 65536):
        chunks.append(chunk)
    os.close(read_end)
    return b"".join(chunks)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "fork"), reason="the crash test forks writers")
def test_killed_writers_never_lose_a_committed_save(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    rng = random.Random(20250601)
    writer = Library.open(path)
    # Warm the writer's statement cache once, so each child starts saving at once.
    first = _new_contractor(rng)
    writer.save(first)
    writer.save(_grow(writer.load(first.id), rng))
    reported: dict[str, int] = {first.id: len(writer.load(first.id).ledger)}
    saves = 0
    for kill in range(KILLS):
        output = _run_and_kill(writer, rng)
        for line in output.decode().splitlines():
            contractor_id, length = line.split()
            reported[contractor_id] = max(reported.get(contractor_id, 0), int(length))
            saves += 1

        with Library.open(path) as library:
            assert library.integrity_problems() == [], f"after kill {kill + 1}"
        with sqlite3.connect(path) as db:
            stored = dict(
                db.execute(
                    "SELECT contractor_id, count(*) FROM ledger_entry GROUP BY contractor_id"
                )
            )
        missing = {cid: n for cid, n in reported.items() if stored.get(cid, 0) < n}
        assert missing == {}, f"after kill {kill + 1}, committed saves were lost: {missing}"

    writer.close()
    assert saves >= KILLS  # the children did get work done between kills
    with Library.open(path) as library:
        roster_ids = {entry.id for entry in library.roster()}
        assert set(reported) <= roster_ids
        for contractor_id, length in reported.items():
            assert len(library.load(contractor_id).ledger) >= length
