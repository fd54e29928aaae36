"""Benchmark: printing one full contractor sheet and a roster of 100 (SPEC §6 budgets).

Budgets: one full contractor PDF ≤ 400 ms; 100 sheets ≤ 30 s. Reports the
median of repeated runs and its ratio to the budget (≤ 1.00 is within budget).
The first, cold sheet (fonts parsed) is reported apart and not counted.

Run from the repository root:  python bench/bench_pdf.py [--repeat N]
"""

from __future__ import annotations

import argparse
import io
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from printing.batch import render_roster  # noqa: E402
from printing.sheet import render_contractor_sheet  # noqa: E402
from tests.printing.samples import sample_snapshot  # noqa: E402

ONE_SHEET_BUDGET = 0.400
ROSTER_BUDGET = 30.0
ROSTER_SIZE = 100


def full_snapshot(i: int = 0):  # type: ignore[no-untyped-def]
    """A well-used contractor: 8 Gifts, 40 Contracts, every section filled."""
    return sample_snapshot(name=f"Contractor {i:03d}", gifts=8, contracts=40)


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call (CPU shows how much of the wall time was ours)."""
    wall, cpu = time.perf_counter(), time.process_time()
    action()
    return time.perf_counter() - wall, time.process_time() - cpu


def report(label: str, runs: list[tuple[float, float]], budget: float) -> float:
    """Print the wall-clock median against the budget; returns that median."""
    walls = [w for w, _ in runs]
    median = statistics.median(walls)
    cpu = statistics.median(c for _, c in runs)
    print(
        f"{label:<34} median {median * 1000:9.1f} ms  budget {budget * 1000:7.0f} ms  "
        f"ratio {median / budget:5.2f}  (cpu {cpu * 1000:.1f} ms, n={len(runs)}, "
        f"min {min(walls) * 1000:.1f} ms, max {max(walls) * 1000:.1f} ms)"
    )
    return median


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of the one-sheet case")
    parser.add_argument("--roster-repeat", type=int, default=3, help="runs of the 100-sheet case")
    args = parser.parse_args(argv)

    snap = full_snapshot()
    cold, _ = timed(lambda: render_contractor_sheet(snap, io.BytesIO()))
    pages = render_contractor_sheet(snap, io.BytesIO())
    print(f"one full sheet: {pages} pages; first (cold) run {cold * 1000:.1f} ms")

    one = [timed(lambda: render_contractor_sheet(snap, io.BytesIO())) for _ in range(args.repeat)]
    one_median = report("one full sheet (Letter)", one, ONE_SHEET_BUDGET)
    one_a4 = [
        timed(lambda: render_contractor_sheet(snap, io.BytesIO(), "a4")) for _ in range(args.repeat)
    ]
    report("one full sheet (A4)", one_a4, ONE_SHEET_BUDGET)

    roster = [full_snapshot(i) for i in range(ROSTER_SIZE)]
    folder_runs: list[tuple[float, float]] = []
    combined_runs: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.roster_repeat):
            folder_runs.append(timed(lambda n=n: render_roster(roster, Path(tmp) / f"run{n}")))
            combined_runs.append(
                timed(lambda n=n: render_roster(roster, Path(tmp) / f"run{n}.pdf"))
            )
    roster_median = report(f"{ROSTER_SIZE} sheets, one file each", folder_runs, ROSTER_BUDGET)
    report(f"{ROSTER_SIZE} sheets, one combined file", combined_runs, ROSTER_BUDGET)
    return 1 if one_median > ONE_SHEET_BUDGET or roster_median > ROSTER_BUDGET else 0


if __name__ == "__main__":
    raise SystemExit(main())
