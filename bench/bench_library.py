"""Library benchmark (SPEC §6, issue 13): 1,000 contractors × 8 Gifts, and a 10,000 roster.

    python bench/bench_library.py [--contractors 1000] [--roster 10000] [--covenant 1000]
                                  [--runs 15] [--keep DIR]

Builds a library in a temporary folder (one import of 1,000 character files,
timed: budget 3 ms per character, split into reading the files and storing
them, with the CPU time the import used beside the wall-clock time, since
other work on the machine stretches the latter), then measures, as medians of
repeated runs:

- opening the library and reading the roster: budget 300 ms;
- loading one full sheet from an open library: budget 100 ms;
- the resident memory of this process afterwards: budget 250 MB;
- importing 1,000 Covenant characters (the document store's bulk insert;
  the same 3 ms per character);
- opening a 10,000-contractor library and reading its roster: budget 300 ms
  (that library is filled through the storage layer directly, without
  reading files, so building it does not dominate the run).

Prints each median with its ratio to the budget (≤ 1.00 is within budget).
Module imports are timed separately (in a fresh interpreter), since the app
pays them once at start-up, not per roster.

Issue 29: the rosters (1,000 and 10,000) are read in fresh processes, one per
run, the modules imported before the clock starts, and each reports its own
peak memory with the library open (budget 250 MB); and ``--big-import N``
(default 50,000) writes N files with one process and imports them with
another (``Library.import_files``, as ``harbinger db import`` does), whose peak
memory must stay under 500 MB (bounded by the import's batch, not by N) and
whose CPU time under 3 ms per file. Every figure is printed with its goal and
ratio; the benchmark exits 1 when any misses (``--big-import 0`` skips that
part, which takes minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from builder.contract.character import (  # noqa: E402
    AssetKind,
    AssetPick,
    BonusExp,
    BonusKind,
    Concept,
    ContractAttended,
    Contractor,
    Creation,
    Gift,
    GiftChange,
    GiftChangeKind,
    Health,
    Injury,
    Item,
    Journal,
    JournalKind,
    Limit,
    Outcome,
    Raise,
    SourcePool,
    Stock,
    TraitKind,
)
from builder.contract.file import dumps_character_file  # noqa: E402
from builder.contract.gifts.draft import GiftDraft, ModifierChoice  # noqa: E402
from builder.core.canonical import file_text  # noqa: E402
from builder.core.registry import CharacterFile  # noqa: E402
from builder.systems import register_shipped  # noqa: E402
from models.contract_store import SYSTEM_ID  # noqa: E402
from models.library import Library, _insert_batch  # noqa: E402
from resources import resource_path  # noqa: E402

IMPORT_BUDGET_MS = 3.0
"""Per character, for an import of 1,000 contractor files (issue 13); held to Covenant's too."""
COVENANT_EXAMPLE = "covenant-ines-okafor-vell.json"
"""The shipped Covenant character the Covenant import copies."""
COVENANT_LOG = 12
"""Play-log entries of that example (checked when the files are made)."""
ROSTER_BUDGET_MS = 300.0
SHEET_BUDGET_MS = 100.0
MEMORY_BUDGET_MB = 250.0
BIG_IMPORT_FILES = 50_000
BIG_IMPORT_MEMORY_MB = 500.0
"""Peak memory of importing ``BIG_IMPORT_FILES`` files (issue 29)."""

PEAK_MB = """
def peak_mb():
    # The peak resident memory of this process since it started: VmHWM of its own memory.
    # Not ru_maxrss: Linux keeps that across exec, so a child spawned by a big parent
    # reports the parent's peak (the bench's own 227 MB for every child before).
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    import resource
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
"""
"""Defines ``peak_mb()`` in a child's code (Linux; elsewhere ru_maxrss, which may hold the
parent's peak)."""

ROSTER_CHILD = (
    PEAK_MB
    + """
import sys, time
from builder.systems import register_shipped
from models.library import Library
register_shipped()
t, c = time.perf_counter(), time.process_time()
library = Library.open(sys.argv[1])
rows = len(library.roster())
print(time.perf_counter() - t, time.process_time() - c, rows, peak_mb())
"""
)

# Generating and writing each of 50,000 contractors took a quarter of an hour on the loaded
# two-core machine; the files are 50 generated contractors, each copied under new ids
# (every file a distinct character, as large as a generated one), written in seconds.
WRITE_FILES_CHILD = """
import json, random, sys
from pathlib import Path
sys.path.insert(0, "bench")
from bench_library import make_contractor
from builder.contract.file import dumps_character_file
folder, count = Path(sys.argv[1]), int(sys.argv[2])
rng = random.Random(5)
templates = [dumps_character_file(make_contractor(rng, i)).decode() for i in range(50)]
ids = [json.loads(text)["character"]["id"] for text in templates]
for i in range(count):
    k = i % len(templates)
    (folder / f"c{i:06d}.json").write_text(templates[k].replace(ids[k], f"big-{i:06d}"))
"""

IMPORT_CHILD = (
    PEAK_MB
    + """
import sys, time
from pathlib import Path
from builder.systems import register_shipped
from models.library import Library
register_shipped()
paths = sorted(Path(sys.argv[2]).glob("*.json"))
with Library.open(sys.argv[1]) as library:
    c = time.process_time()
    results = library.import_files(paths)
    cpu = time.process_time() - c
print(len(results), cpu, peak_mb())
"""
)


def _child(code: str, *args: str) -> list[float]:
    """Run ``code`` in a fresh interpreter; the numbers of its last line."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return [float(x) for x in out.strip().splitlines()[-1].split()]


def fresh_rosters(path: Path, runs: int, expected: int) -> tuple[float, float, float]:
    """Open + roster in fresh processes: median wall ms, median CPU ms, median peak MB."""
    walls, cpus, peaks = [], [], []
    for _ in range(runs):
        wall, cpu, rows, peak = _child(ROSTER_CHILD, str(path))
        assert int(rows) == expected
        walls.append(wall * 1000)
        cpus.append(cpu * 1000)
        peaks.append(peak)
    return statistics.median(walls), statistics.median(cpus), statistics.median(peaks)


def big_import(folder: Path, count: int) -> tuple[float, float]:
    """Write ``count`` files in one process, import them in another: CPU ms per file, peak MB."""
    files = folder / "files"
    files.mkdir(exist_ok=True)
    _child(WRITE_FILES_CHILD + "\nprint(0)", str(files), str(count))
    target = folder / "big-import.sqlite3"
    target.unlink(missing_ok=True)
    imported, cpu, peak = _child(IMPORT_CHILD, str(target), str(files))
    assert int(imported) == count
    return cpu / count * 1000, peak


def sheet_loads(path: Path, ids: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Seconds to load one full sheet from an open library: the first load, then the rest."""
    rng = random.Random(2)
    first: list[float] = []
    rest: list[float] = []
    with Library.open(path) as library:
        library.roster()
        for i in range(runs):
            t = time.perf_counter()
            contractor = library.load(rng.choice(ids))
            (first if i == 0 else rest).append(time.perf_counter() - t)
            assert len(contractor.gifts) == 8
    return first, rest


def judge(label: str, value: float, goal: float, unit: str) -> bool:
    """Print one figure with its goal and ratio; True when within the goal."""
    ok = value <= goal
    print(
        f"  {label:<48} {value:9.1f} {unit}  goal ≤ {goal:7.1f} {unit}  "
        f"ratio {value / goal:5.2f}  {'ok' if ok else 'MISS'}"
    )
    return ok


def make_contractor(rng: random.Random, index: int) -> Contractor:
    """A long-lived contractor: 20–40 Contracts with Journals, raises and 8 Gifts."""
    ledger: list = []
    victories = 0
    for n in range(rng.randint(20, 40)):
        outcome = Outcome.VICTORY if rng.random() < 0.45 else Outcome.FAILURE
        victories += outcome is Outcome.VICTORY
        date = f"20{20 + n // 12:02d}-{n % 12 + 1:02d}-15"
        ledger.append(ContractAttended(date, f"Scenario {n}", rng.random() < 0.8, outcome))
        if rng.random() < 0.5:
            ledger.append(Journal(date, f"Journal {n}", JournalKind.CONTRACT, 300, "words " * 60))
        if rng.random() < 0.3:
            ledger.append(Raise(date, TraitKind.ABILITY, "occult", 2 + n % 3, 4))
        if rng.random() < 0.05:
            ledger.append(BonusExp(date, BonusKind.GM_INTO_THE_FOLD, 6))
    gifts = []
    for g in range(8):
        gift_id = f"g{g}"
        draft = GiftDraft(
            gift_type="power",
            effect=rng.choice(["injure", "afflict", "obscure", "heal"]),
            style="targeted",
            enhancements=tuple(ModifierChoice(f"enh{k}") for k in range(rng.randint(0, 3))),
            drawbacks=tuple(ModifierChoice(f"drw{k}", "detail text") for k in range(2)),
            parameters={"range": "far", "duration": "scene"},
            name=f"Gift {g}",
            tagline="A tagline of reasonable length for a gift card.",
            description="A description of how the Gift looks when it is used. " * 3,
        )
        gifts.append(Gift(gift_id, draft, 2, "System text of the gift. " * 6))
        ledger.append(GiftChange("2021-01-01", gift_id, GiftChangeKind.NEW, 0, 1, credits=1))
    return Contractor(
        id=str(uuid.UUID(int=rng.getrandbits(128))),
        concept=Concept(
            f"Contractor {index:04d}",
            player=f"Player {index % 40}",
            archetype="Archetype",
            paradigm="A paradigm sentence.",
            ambition="An ambition sentence.",
            background="Background text. " * 10,
        ),
        limits=(Limit("Anguish"), Limit("Atrocities"), Limit("Murder")),
        creation=Creation(
            attributes={"brawn": 2, "dexterity": 3, "perception": 3, "charisma": 2, "intellect": 3},
            abilities={"occult": 3, "alertness": 2, "firearms": 2, "stealth": 2},
            assets=(AssetPick("contacts", "Contacts", AssetKind.ASSET, 2, "Dock workers"),),
        ),
        ledger=tuple(ledger),
        gifts=tuple(gifts),
        source=SourcePool("Source", ("A replenishment condition",)),
        stock=Stock(equipment=(Item("Knife"), Item("Phone"), Item("Rope", "50 ft"))),
        health=Health(injuries=(Injury("Cut", 2),)),
    )


@dataclass
class ImportTiming:
    """Seconds an import spent reading and checking files, then storing them.

    Wall-clock time, which the budget is about, and the CPU time this process
    used meanwhile: on a machine shared with other work the two differ, and
    the CPU time says what the import itself costs.
    """

    reading: float = 0.0
    storing: float = 0.0
    cpu: float = 0.0
    reading_cpu: float = 0.0
    """CPU seconds of the reading half (read, parse, schema, build the characters)."""


def build(path: Path, count: int, seed: int = 1) -> tuple[list[str], ImportTiming]:
    """Fill a new library with ``count`` contractors in one import; their ids and its timing."""
    rng = random.Random(seed)
    contractors = [make_contractor(rng, i) for i in range(count)]
    files = [dumps_character_file(c) for c in contractors]
    timing = import_timing(path, files)
    return [c.id for c in contractors], timing


def covenant_files(count: int) -> list[bytes]:
    """``count`` Covenant character files: the shipped example under new ids and names."""
    example = json.loads((resource_path("examples") / COVENANT_EXAMPLE).read_text("utf-8"))
    assert len(example["character"]["log"]) == COVENANT_LOG
    files = []
    for index in range(count):
        character = dict(example["character"], id=f"covenant-{index:05d}")
        character["name"] = f"Covenant {index:05d}"
        files.append(file_text(dict(example, character=character)).encode("utf-8"))
    return files


def import_timing(path: Path, files: list[bytes]) -> ImportTiming:
    """Import ``files`` into the library at ``path`` in one go; the time spent on each half."""
    timing = ImportTiming()
    marks: dict[str, float] = {}
    cpu_marks: dict[str, float] = {}

    def progress(phase: str, done: int, total: int) -> None:
        if done == total:
            marks[phase] = time.perf_counter()
            cpu_marks[phase] = time.process_time()

    with Library.open(path) as library:
        started, cpu = time.perf_counter(), time.process_time()
        library.import_files(files, progress=progress)
        finished = time.perf_counter()
        timing.cpu = time.process_time() - cpu
    timing.reading = marks["reading"] - started
    timing.reading_cpu = cpu_marks["reading"] - cpu
    timing.storing = finished - marks["reading"]
    return timing


def print_import(label: str, timing: ImportTiming, count: int) -> None:
    """One import's milliseconds per character and their ratios to the budget."""
    per = {
        label: (timing.reading + timing.storing) / count * 1000,
        "  reading + checking files": timing.reading / count * 1000,
        "  storing": timing.storing / count * 1000,
    }
    for name, ms in per.items():
        print(f"{name + ':':28s} {ms:6.2f} ms/character  ratio {ms / IMPORT_BUDGET_MS:.2f}")
    cpu_ms = timing.cpu / count * 1000
    print(
        f"{'  (CPU time of the import:':28s} {cpu_ms:6.2f} ms/character  "
        f"ratio {cpu_ms / IMPORT_BUDGET_MS:.2f}; load average {os.getloadavg()[0]:.1f})"
    )
    reading_ms = timing.reading_cpu / count * 1000
    print(f"{'    CPU reading + checking:':28s} {reading_ms:6.2f} ms/character")
    print(f"{'    CPU storing:':28s} {cpu_ms - reading_ms:6.2f} ms/character")


def build_roster(path: Path, count: int, seed: int = 3) -> None:
    """A library of ``count`` contractors stored directly (no files to read), in batches."""
    rng = random.Random(seed)
    with Library.open(path) as library, library._writing() as session:
        for start in range(0, count, 1000):
            batch = [
                (f"c{i}", CharacterFile(SYSTEM_ID, make_contractor(rng, i), (), 1))
                for i in range(start, min(count, start + 1000))
            ]
            _insert_batch(session, batch)


def roster_median(path: Path, runs: int, expected: int) -> float:
    """Median milliseconds to open the library and read its roster."""
    return roster_medians(path, runs, expected)[0]


def roster_medians(path: Path, runs: int, expected: int) -> tuple[float, float]:
    """Median milliseconds to open the library and read its roster: wall clock, and CPU."""
    samples: list[float] = []
    cpu: list[float] = []
    for _ in range(runs):
        t, c = time.perf_counter(), time.process_time()
        library = Library.open(path)
        rows = len(library.roster())
        samples.append(time.perf_counter() - t)
        cpu.append(time.process_time() - c)
        library.close()
        assert rows == expected
    return median_ms(samples), median_ms(cpu)


def median_ms(samples: list[float]) -> float:
    return statistics.median(samples) * 1000


def import_time() -> float:
    """Seconds a fresh interpreter spends importing the library module."""
    code = (
        "import time; t = time.perf_counter(); import models.library; "
        "print(time.perf_counter() - t)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(out.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--contractors", type=int, default=1000)
    parser.add_argument("--roster", type=int, default=10000, help="contractors of the big roster")
    parser.add_argument("--covenant", type=int, default=1000, help="Covenant characters to import")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument(
        "--big-import",
        type=int,
        default=BIG_IMPORT_FILES,
        help="files of the memory-bounded import (0 skips it)",
    )
    parser.add_argument("--keep", type=Path, help="build the library in this folder and keep it")
    args = parser.parse_args(argv)
    register_shipped()  # this benchmark is its own composition root

    with tempfile.TemporaryDirectory(prefix="harbinger-bench-") as temp:
        folder = args.keep or Path(temp)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / "library.sqlite3"
        path.unlink(missing_ok=True)
        ids, timing = build(path, args.contractors)
        took = timing.reading + timing.storing
        size = path.stat().st_size / 2**20
        print(f"built {args.contractors} contractors × 8 Gifts in {took:.1f} s ({size:.1f} MB)")
        print_import("import", timing, args.contractors)

        roster_ms, roster_cpu_ms, roster_mb = fresh_rosters(path, args.runs, args.contractors)

        first_loads, sheet_runs = sheet_loads(path, ids, args.runs * 3)

        big = folder / "roster.sqlite3"
        big.unlink(missing_ok=True)
        build_roster(big, args.roster)
        big_ms, big_cpu_ms, big_mb = fresh_rosters(big, max(3, args.runs // 3), args.roster)

        # after the roster, so that run sees the same process as before this import was added
        covenant = folder / "covenant.sqlite3"
        covenant.unlink(missing_ok=True)
        covenant_timing = import_timing(covenant, covenant_files(args.covenant))

        bulk = big_import(folder, args.big_import) if args.big_import else None

    sheet_ms = median_ms(sheet_runs)
    print(f"{args.covenant} Covenant characters ({COVENANT_LOG} play-log entries each):")
    print_import("Covenant import", covenant_timing, args.covenant)
    print("judged (fresh processes for the rosters; medians):")
    ok = judge(
        f"import of {args.contractors} files, CPU per file",
        timing.cpu / args.contractors * 1000,
        IMPORT_BUDGET_MS,
        "ms",
    )
    ok &= judge(
        "Covenant import, CPU per file",
        covenant_timing.cpu / args.covenant * 1000,
        IMPORT_BUDGET_MS,
        "ms",
    )
    ok &= judge(f"open + roster() of {args.contractors}", roster_ms, ROSTER_BUDGET_MS, "ms")
    print(f"    (CPU {roster_cpu_ms:.1f} ms)")
    ok &= judge(f"peak memory, {args.contractors} open", roster_mb, MEMORY_BUDGET_MB, "MB")
    ok &= judge("load one sheet", sheet_ms, SHEET_BUDGET_MS, "ms")
    print(f"    (first load after opening: {first_loads[0] * 1000:.1f} ms)")
    ok &= judge(f"open + roster() of {args.roster}", big_ms, ROSTER_BUDGET_MS, "ms")
    print(f"    (CPU {big_cpu_ms:.1f} ms; load average {os.getloadavg()[0]:.1f})")
    ok &= judge(f"peak memory, {args.roster} open", big_mb, MEMORY_BUDGET_MB, "MB")
    if bulk is not None:
        per_file, peak = bulk
        ok &= judge(
            f"import of {args.big_import} files, CPU per file", per_file, IMPORT_BUDGET_MS, "ms"
        )
        ok &= judge(
            f"import of {args.big_import} files, peak memory", peak, BIG_IMPORT_MEMORY_MB, "MB"
        )
    print(f"import models.library in a fresh interpreter: {import_time() * 1000:.0f} ms")
    print("every figure within its goal" if ok else "MISSED: at least one figure is over its goal")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
