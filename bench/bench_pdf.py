"""Benchmark: printing one full contractor sheet and a roster of 100 (SPEC §6 budgets).

Budgets: one full contractor PDF ≤ 400 ms; 100 sheets ≤ 30 s. Each case runs
the whole path a print takes: the rules fold (``evaluate_sheet``), every Gift
through the Gift engine, the snapshot, and the PDF. Reports the median of
repeated runs and its ratio to the budget (≤ 1.00 is within budget), with the
CPU time beside it, since wall time on a busy 2-core machine includes waiting.
The first, cold sheet (fonts and catalogs loaded) is reported apart.

A folder of 100 sheets is printed twice: on one core (``jobs=1``, the way
every roster printed before) and on every core (``printing.pool``, what
``sheet pdf DIR -o DIR`` and the app's roster print use now). Issue 16 asks the
second to take at most half the time of the first on the 2-core machine, and
at most half of the 15.5 s the one-core path took before the change
(``BEFORE_SERIAL``, measured on main without reportlab's accelerator); both
ratios are printed. CPU time counts the worker processes too.

Run from the repository root:  python bench/bench_pdf.py [--repeat N] [--roster-repeat N]
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from builder.contract.character import (  # noqa: E402
    BattleScar,
    Concept,
    ContractAttended,
    Contractor,
    CraftedItem,
    Creation,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Injury,
    Item,
    Journal,
    JournalKind,
    LooseEnd,
    Outcome,
    Raise,
    ScarTier,
    SourcePool,
    Stock,
    ThreatLevel,
    TraitKind,
    Trauma,
)
from builder.contract.creation import DEFAULT_LIMITS  # noqa: E402
from builder.contract.gifts.loader import load_catalog  # noqa: E402
from builder.contract.sheet_catalog import load_sheet_catalog  # noqa: E402
from builder.systems import register_shipped  # noqa: E402
from printing import pool  # noqa: E402
from printing.contract.batch import render_roster  # noqa: E402
from printing.contract.sheet import render_contractor_sheet  # noqa: E402
from printing.contract.snapshot import print_snapshot  # noqa: E402
from printing.pool import cores  # noqa: E402
from printing.systems import render_roster as render_characters  # noqa: E402

ONE_SHEET_BUDGET = 0.400
ROSTER_BUDGET = 30.0
ROSTER_SIZE = 100
BEFORE_SERIAL = 15.5
"""Seconds 100 sheets took on one core before the print pool (issue 16)."""
PARALLEL_TARGET = 0.5
GIFTS = 8
CONTRACTS = 40


def full_contractor(i: int = 0) -> Contractor:
    """A well-used contractor: 8 stock Gifts, 40 Contracts with Journals, every tab filled."""
    catalog = load_catalog()
    sheet = load_sheet_catalog()
    stock = list(catalog.stock.values())[:GIFTS]
    gifts = tuple(Gift(f"g{n}", s.draft, s.cost) for n, s in enumerate(stock))
    ledger: list[object] = []
    for n in range(CONTRACTS):
        date = f"20{20 + n // 12}-{1 + n % 12:02d}-05"
        ledger.append(
            ContractAttended(
                date,
                f"Scenario {n + 1}: the night the lights went out",
                n % 3 != 0,
                Outcome.VICTORY if n % 2 == 0 else Outcome.FAILURE,
                commission=n % 5 == 0,
            )
        )
        ledger.append(Journal(date, f"Notes after scenario {n + 1}", JournalKind.CONTRACT, 400))
        if n < GIFTS:
            ledger.append(GiftChange(date, f"g{n}", GiftChangeKind.NEW, 0, gifts[n].cost, 1))
    ledger.append(Raise("2024-01-09", TraitKind.ATTRIBUTE, "brawn", 4, 15))
    ledger.append(Raise("2024-01-09", TraitKind.ABILITY, "firearms", 4, 6))
    return Contractor(
        id=f"bench-{i:03d}",
        concept=Concept(
            name=f"Contractor {i:03d}",
            player="Bench Player",
            archetype="Fixer",
            paradigm="Debt",
            ambition="Own the harbor",
            appearance="Tall, soot on the cuffs.",
            background="Grew up above a glass shop; indebted at twenty.",
        ),
        limits=DEFAULT_LIMITS,
        creation=Creation(
            attributes={"brawn": 3, "dexterity": 3, "perception": 2, "charisma": 2, "intellect": 3},
            abilities={"firearms": 3, "occult": 3, "stealth": 2, "alertness": 2},
            secondary={"Glassblowing": 2},
            assets=(sheet.asset("double_jointed").pick(),),
            liabilities=(sheet.liability("wanted").pick("by the harbor police"),),
        ),
        ledger=tuple(ledger),  # type: ignore[arg-type]
        gifts=gifts,
        source=SourcePool("Shardlight", ("Breaking a window", "Saving a stranger")),
        stock=Stock(
            equipment=tuple(Item(f"Tool {k}", "well used") for k in range(8)),
            artifacts=(CraftedItem("Glass Key", "g0", 1, "Opens one door once"),),
            consumables=(CraftedItem("Shard vial", "g1", 3, "Bursts when thrown"),),
            trophies=(Item("A warden's badge"),),
            conditions=(Item("Marked", "Watched by the Lantern"),),
            circumstances=(Item("Owes the harbor master"),),
        ),
        health=Health(
            injuries=(Injury("Cut forearm", 2), Injury("Bruised ribs", 1)),
            battle_scars=(BattleScar("Chronic Pain", ScarTier.MAJOR, "Penalty at least −1."),),
            traumas=(Trauma("Nightmares", "Sleep comes hard."),),
            mind_damage=1,
        ),
        loose_ends=(
            LooseEnd("The broken lantern", ThreatLevel.DEADLY, 3, 38, "A lantern-bearer comes"),
            LooseEnd("Vos's ledger", ThreatLevel.DANGEROUS, 1, 0, "Collectors"),
        ),
        notes="Keeps a list of every window she has broken.",
    )


def _cpu() -> float:
    """CPU seconds of this process and its finished children."""
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def pooled_run(roster: list[Contractor], folder: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a folder print on every core, the workers' CPU included.

    The workers are the forkserver's children, not ours, so ``printing.pool``
    reports their CPU time itself.
    """
    wall, cpu = timed(lambda: render_characters(roster, folder))
    return wall, cpu + pool.worker_cpu_seconds


def timed(action: Callable[[], object]) -> tuple[float, float]:
    """Wall-clock and CPU seconds of one call (CPU shows how much of the wall time was ours)."""
    wall, cpu = time.perf_counter(), _cpu()
    action()
    return time.perf_counter() - wall, _cpu() - cpu


def report(label: str, runs: list[tuple[float, float]], budget: float) -> float:
    """Print the wall-clock median against the budget; returns that median."""
    walls = [w for w, _ in runs]
    median = statistics.median(walls)
    cpu = statistics.median(c for _, c in runs)
    print(
        f"{label:<40} median {median * 1000:9.1f} ms  budget {budget * 1000:7.0f} ms  "
        f"ratio {median / budget:5.2f}  (cpu {cpu * 1000:.1f} ms, n={len(runs)}, "
        f"min {min(walls) * 1000:.1f} ms, max {max(walls) * 1000:.1f} ms)"
    )
    return median


def print_one(contractor: Contractor, paper: str = "letter") -> int:
    """Everything one printed sheet costs: evaluation, snapshot, PDF."""
    return render_contractor_sheet(print_snapshot(contractor), io.BytesIO(), paper)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=9, help="runs of the one-sheet case")
    parser.add_argument("--roster-repeat", type=int, default=3, help="runs of the 100-sheet case")
    args = parser.parse_args(argv)
    register_shipped()  # this benchmark is its own composition root

    contractor = full_contractor()
    cold, _ = timed(lambda: print_one(contractor))
    snap = print_snapshot(contractor)
    pages = render_contractor_sheet(snap, io.BytesIO())
    print(
        f"one full sheet: {len(snap.gifts)} Gifts, {len(snap.contracts)} Contracts, "
        f"{len(snap.ledger)} log lines, {pages} pages; first (cold) run {cold * 1000:.1f} ms"
    )

    one = [timed(lambda: print_one(contractor)) for _ in range(args.repeat)]
    one_median = report("one full sheet, Letter (evaluate + PDF)", one, ONE_SHEET_BUDGET)
    one_a4 = [timed(lambda: print_one(contractor, "a4")) for _ in range(args.repeat)]
    report("one full sheet, A4 (evaluate + PDF)", one_a4, ONE_SHEET_BUDGET)
    pdf_only = [
        timed(lambda: render_contractor_sheet(snap, io.BytesIO())) for _ in range(args.repeat)
    ]
    report("  of which the PDF alone", pdf_only, ONE_SHEET_BUDGET)

    roster = [full_contractor(i) for i in range(ROSTER_SIZE)]
    serial_runs: list[tuple[float, float]] = []
    pool_runs: list[tuple[float, float]] = []
    combined_runs: list[tuple[float, float]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for n in range(args.roster_repeat):
            serial_runs.append(
                timed(lambda n=n: render_characters(roster, Path(tmp) / f"serial{n}", jobs=1))
            )
            pool_runs.append(pooled_run(roster, Path(tmp) / f"pool{n}"))
            combined_runs.append(
                timed(
                    lambda n=n: render_roster(
                        (print_snapshot(c) for c in roster), Path(tmp) / f"run{n}.pdf"
                    )
                )
            )
    serial = report(f"{ROSTER_SIZE} sheets, one file each, 1 core", serial_runs, ROSTER_BUDGET)
    pooled = report(
        f"{ROSTER_SIZE} sheets, one file each, {cores()} cores", pool_runs, ROSTER_BUDGET
    )
    report(f"{ROSTER_SIZE} sheets, one combined file", combined_runs, ROSTER_BUDGET)
    against_serial = pooled / serial
    against_before = pooled / BEFORE_SERIAL
    print(
        f"every core vs one core now: ratio {against_serial:.2f}; vs {BEFORE_SERIAL:.1f} s "
        f"before the change: ratio {against_before:.2f} (target ≤ {PARALLEL_TARGET:.2f})"
    )
    serial_cpu = statistics.median(c for _, c in serial_runs)
    pool_cpu = statistics.median(c for _, c in pool_runs)
    print(
        f"CPU seconds: one core {serial_cpu:.1f}, every core {pool_cpu:.1f} in all; on an idle "
        f"{cores()}-core machine the pool needs about {pool_cpu / cores():.1f} s "
        f"(ratio {pool_cpu / cores() / serial_cpu:.2f} of one core). On a busy machine the "
        "processes of one session share one slice of CPU, so wall time cannot show the gain."
    )
    slow = one_median > ONE_SHEET_BUDGET or pooled > ROSTER_BUDGET
    return 1 if slow or against_before > PARALLEL_TARGET else 0


if __name__ == "__main__":
    raise SystemExit(main())
