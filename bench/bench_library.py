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
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
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

    def progress(phase: str, done: int, total: int) -> None:
        if done == total:
            marks[phase] = time.perf_counter()

    with Library.open(path) as library:
        started, cpu = time.perf_counter(), time.process_time()
        library.import_files(files, progress=progress)
        finished = time.perf_counter()
        timing.cpu = time.process_time() - cpu
    timing.reading = marks["reading"] - started
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
    parser.add_argument("--runs", type=int, default=15)
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

        roster_ms = roster_median(path, args.runs, args.contractors)

        rng = random.Random(2)
        first_loads: list[float] = []
        sheet_runs: list[float] = []
        with Library.open(path) as library:
            library.roster()
            for i in range(args.runs * 3):
                t = time.perf_counter()
                contractor = library.load(rng.choice(ids))
                (first_loads if i == 0 else sheet_runs).append(time.perf_counter() - t)
                assert len(contractor.gifts) == 8
        memory_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

        big = folder / "roster.sqlite3"
        big.unlink(missing_ok=True)
        build_roster(big, args.roster)
        big_ms, big_cpu_ms = roster_medians(big, max(3, args.runs // 3), args.roster)

        # after the roster, so that run sees the same process as before this import was added
        covenant = folder / "covenant.sqlite3"
        covenant.unlink(missing_ok=True)
        covenant_timing = import_timing(covenant, covenant_files(args.covenant))

    sheet_ms = median_ms(sheet_runs)
    print(f"{args.covenant} Covenant characters ({COVENANT_LOG} play-log entries each):")
    print_import("Covenant import", covenant_timing, args.covenant)
    print(f"open + roster():  median {roster_ms:7.1f} ms  ratio {roster_ms / ROSTER_BUDGET_MS:.2f}")
    print(f"load one sheet:   median {sheet_ms:7.1f} ms  ratio {sheet_ms / SHEET_BUDGET_MS:.2f}")
    print(f"  (first load after opening: {first_loads[0] * 1000:.1f} ms)")
    print(f"peak memory:      {memory_mb:7.1f} MB  ratio {memory_mb / MEMORY_BUDGET_MB:.2f}")
    print(
        f"open + roster() of {args.roster} contractors: median {big_ms:7.1f} ms  "
        f"ratio {big_ms / ROSTER_BUDGET_MS:.2f}"
    )
    print(
        f"  (CPU time: median {big_cpu_ms:7.1f} ms  ratio {big_cpu_ms / ROSTER_BUDGET_MS:.2f}; "
        f"load average {os.getloadavg()[0]:.1f})"
    )
    print(f"import models.library in a fresh interpreter: {import_time() * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
