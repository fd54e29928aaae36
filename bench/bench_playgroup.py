"""Shared-library benchmark (issue 14): a playgroup's 10,000 contractors on PostgreSQL.

    python bench/bench_playgroup.py [--contractors 10000] [--runs 15]

Starts a throwaway PostgreSQL server on loopback (``tests.pg.server``: the
programs ``initdb``/``pg_ctl`` must be installed), makes it a playgroup's
shared library (``harbinger playgroup init``), fills it with contractors
stored by the leader through the storage layer, then measures on a
player's connection, as medians of repeated runs:

- opening the library and reading its roster: budget 300 ms;
- loading one full sheet from an open library: budget 100 ms;
- one save round trip (a changed field of the player's own contractor,
  version check and row policies included): budget 20 ms.

After filling, the server is given ``VACUUM ANALYZE``, as its autovacuum
would do after a bulk fill on a real server: the planner's statistics, and
the visibility map that lets the roster count victories from the index alone.

Prints each median with its ratio to its budget (≤ 1.00 is within budget),
and exits 1 when one is over.
Filling 10,000 contractors takes minutes; ``--contractors`` makes a smaller run.
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))  # its siblings, by the names the other benches use

from bench_library import make_contractor  # noqa: E402

from builder.core.registry import CharacterFile  # noqa: E402
from builder.systems import register_shipped  # noqa: E402
from models import playgroup  # noqa: E402
from models.contract_store import SYSTEM_ID  # noqa: E402
from models.library import Library, _insert_batch  # noqa: E402
from tests.pg.server import PostgresServer, find_binaries, wait_until_accepting  # noqa: E402

ROSTER_BUDGET_MS = 300.0
SHEET_BUDGET_MS = 100.0
SAVE_BUDGET_MS = 20.0


def fill(url: str, count: int, seed: int = 3) -> list[str]:
    """``count`` contractors stored by the login of ``url``, in batches; their ids."""
    rng = random.Random(seed)
    ids: list[str] = []
    with Library.open(url) as library:
        for start in range(0, count, 500):
            batch = []
            for i in range(start, min(count, start + 500)):
                contractor = make_contractor(rng, i)
                ids.append(contractor.id)
                batch.append((f"c{i}", CharacterFile(SYSTEM_ID, contractor, (), 1)))
            with library._writing() as session:
                _insert_batch(session, batch)
    return ids


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def line(what: str, ms: float, budget: float) -> str:
    return f"{what:<44} {ms:8.1f} ms   budget {budget:5.0f} ms   ratio {ms / budget:4.2f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--contractors", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args(argv)
    register_shipped()  # this benchmark is its own composition root
    binaries = find_binaries()
    if binaries is None:
        print("no PostgreSQL server programs (initdb) found: see README, 'A shared library'")
        return 2
    server = PostgresServer(binaries).start()
    try:
        wait_until_accepting(server)
        database = server.new_database("bench")
        owner = server.url(database)
        dana = playgroup.init_playgroup(owner, "Dana", login="bench_dana")
        ines = playgroup.add_player(owner, "Ines", login="bench_ines")
        started = time.perf_counter()
        ids = fill(dana.url, args.contractors - 1)
        own = fill(ines.url, 1, seed=9)[0]
        print(f"filled {len(ids) + 1} contractors in {time.perf_counter() - started:.0f} s")
        server.admin("VACUUM ANALYZE", database)  # what autovacuum does on a real server
        server.admin("CHECKPOINT")

        roster: list[float] = []
        for _ in range(args.runs):
            t = time.perf_counter()
            with Library.open(ines.url) as library:
                rows = library.roster()
            roster.append(time.perf_counter() - t)
            assert len(rows) == args.contractors
        rng = random.Random(5)
        sheets: list[float] = []
        saves: list[float] = []
        with Library.open(ines.url) as library:
            for _ in range(args.runs):
                t = time.perf_counter()
                library.load_stored(rng.choice(ids))
                sheets.append(time.perf_counter() - t)
            mine = library.load(own)
            for n in range(args.runs):
                mine = dataclasses.replace(mine, notes=f"edit {n}")
                t = time.perf_counter()
                library.save(mine)
                saves.append(time.perf_counter() - t)
        figures = [
            (f"open + roster of {args.contractors} (player)", median_ms(roster), 300.0),
            ("load one sheet", median_ms(sheets), SHEET_BUDGET_MS),
            ("save round trip (one field)", median_ms(saves), SAVE_BUDGET_MS),
        ]
        for what, ms, budget in figures:
            print(line(what, ms, budget) + ("" if ms <= budget else "  MISS"))
    finally:
        server.stop()
    return 0 if all(ms <= budget for _what, ms, budget in figures) else 1


if __name__ == "__main__":
    raise SystemExit(main())
