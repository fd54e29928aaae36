"""Benchmark: ``sheet pdf`` of the largest character files the schema accepts (issues 13, 27).

Budget: each file prints in under 10 s. A hostile file may be as large as the
reader allows (4 MB) with every field at its schema maximum (notes 100,000
characters, ledgers 20,000 entries); printing it must still end quickly, so a
leader handed such a file is never left waiting (SPEC §5: files are hostile).
The "widest-…-identity" cases give a contractor, a Covenant character and a
spacefarer the longest id the safe id shape allows and a 200-character name
in mixed scripts (issue 27: ids and names are checked on read; the widest
legal ones must still print). Each case writes its file, checks that the
reader accepts it, and times the
whole ``harbinger sheet pdf`` command in-process. Reports the wall time, the
CPU time and the ratio to the budget (≤ 1.00 is within budget); the verdict is
on wall time, and the CPU ratio says what an idle machine would see when other
work shares the processor.

Run from the repository root:  python bench/bench_hostile.py [--case NAME]
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from builder.core.files import MAX_FILE_BYTES  # noqa: E402
from builder.core.registry import read_document  # noqa: E402
from builder.systems import register_shipped  # noqa: E402
from harbinger.cli import main  # noqa: E402

BUDGET = 10.0
WREN = ROOT / "resources/examples/newbie-wren-halloway.json"
NOTE = 100_000
"""The schema's maximum for a free-text field."""
NAME = 200
"""The schema's maximum for a short field (a name, a title, a date)."""


def _text(length: int, seed: str) -> str:
    """Printable text of ``length`` characters, words and line breaks like a real note."""
    words = f"{seed} lorem ipsum dolor sit amet, consectetur adipiscing elit ".split()
    out: list[str] = []
    size = 0
    n = 0
    while size < length:
        word = words[n % len(words)]
        n += 1
        sep = "\n" if n % 97 == 0 else " "
        out.append(word + sep)
        size += len(word) + 1
    return "".join(out)[:length]


def _fill(document: dict[str, Any], add: Callable[[int], Any]) -> dict[str, Any]:
    """Call ``add(n)`` (it returns the item added, or None to stop) up to the reader's limit.

    The size is counted item by item (dumping the whole file each time would
    take minutes); a final check undoes items until the file fits.
    """
    size = len(json.dumps(document, ensure_ascii=False).encode())
    n = 0
    while (item := add(n)) is not None:
        size += len(json.dumps(item, ensure_ascii=False).encode()) + 2
        n += 1
        if size > MAX_FILE_BYTES:
            break
    while len(json.dumps(document, ensure_ascii=False).encode()) > MAX_FILE_BYTES:
        add(-1)
    return document


def _fill_list(
    document: dict[str, Any], items: list[Any], cap: int, make: Callable[[int], Any]
) -> dict[str, Any]:
    """:func:`_fill` for one list of ``document``: ``make(n)`` is its n-th item, at most ``cap``."""

    def add(n: int) -> Any:
        if n < 0:
            return items.pop()
        if len(items) >= cap:
            return None
        items.append(make(n))
        return items[-1]

    return _fill(document, add)


def long_notes() -> dict[str, Any]:
    """Every concept text, the notes and many Limits, each at 100,000 characters."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    char = doc["character"]
    for key in ("archetype", "paradigm", "ambition", "appearance", "background"):
        char["concept"][key] = _text(NOTE, key)
    char["concept"]["name"] = _text(NAME, "Name").strip() or "N"
    char["notes"] = _text(NOTE, "notes")
    limits = char.setdefault("limits", [])

    return _fill_list(
        doc, limits, 500, lambda n: {"name": f"Limit {n}", "description": _text(NOTE, f"limit{n}")}
    )


def long_ledger() -> dict[str, Any]:
    """As many Journal entries as fit (at most 20,000), each with a long title."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    ledger = doc["character"].setdefault("ledger", [])

    def entry(n: int) -> dict[str, Any]:
        return {
            "type": "journal",
            "date": "2024-01-05",
            "title": _text(120, f"Entry {n}"),
            "kind": "contract",
            "words": 100,
            "text": "",
        }

    return _fill_list(doc, ledger, 20_000, entry)


def many_items() -> dict[str, Any]:
    """Every stock list at 500 items, each with a long detail, as many as fit."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    stock = doc["character"].setdefault("stock", {})
    lists = ("equipment", "trophies", "conditions", "circumstances")

    added: list[list[Any]] = []

    def add(n: int) -> Any:
        if n < 0:
            return added.pop().pop()
        if n >= 500 * len(lists):
            return None
        target = stock.setdefault(lists[n % len(lists)], [])
        target.append({"name": _text(NAME, f"Item {n}"), "detail": _text(2_000, f"d{n}")})
        added.append(target)
        return target[-1]

    return _fill(doc, add)


def many_ratings() -> dict[str, Any]:
    """Attributes, Abilities and Secondary Abilities at 200 each (the schema's most), names
    200 characters long, every rating 6."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    creation = doc["character"].setdefault("creation", {})
    for key in ("attributes", "abilities", "secondary"):
        creation[key] = {_text(NAME - 4, f"{key} {n}").strip() + f" {n:03d}": 6 for n in range(200)}
    return doc


def many_contracts() -> dict[str, Any]:
    """As many Contracts as fit (at most 20,000), each with a long scenario name and notes."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    ledger = doc["character"].setdefault("ledger", [])

    def entry(n: int) -> dict[str, Any]:
        return {
            "type": "contract",
            "date": "2024-01-05",
            "scenario": _text(NAME, f"Scenario {n}"),
            "home": n % 2 == 0,
            "outcome": "victory" if n % 5 else "failure",
            "notes": _text(60, f"n{n}"),
        }

    return _fill_list(doc, ledger, 20_000, entry)


def _empty(parent: dict[str, Any], key: str) -> list[Any]:
    """A new empty list at ``parent[key]`` (the example's own entries removed)."""
    parent[key] = []
    return parent[key]


def everything() -> dict[str, Any]:
    """Every list of the sheet at 500 entries (the schema's most) in turn, each entry with
    text as long as the 4 MB file allows, so every section of the sheet is at its largest."""
    doc = json.loads(WREN.read_text(encoding="utf-8"))
    char = doc["character"]
    stock = char.setdefault("stock", {})
    health = char.setdefault("health", {})
    creation = char.setdefault("creation", {})
    detail = 700

    def item(n: int) -> dict[str, Any]:
        return {"name": _text(NAME, f"Item {n}"), "detail": _text(detail, f"d{n}")}

    def pick(n: int, kind: str) -> dict[str, Any]:
        name = _text(NAME, f"{kind} {n}")
        text = _text(detail, f"s{n}")
        return {"id": f"x{n}", "name": name, "kind": kind, "value": 1, "system": text}

    makers: list[tuple[list[Any], Callable[[int], Any]]] = [
        (
            _empty(char, "limits"),
            lambda n: {"name": f"L{n}", "description": _text(detail, "l")},
        ),
        (_empty(creation, "assets"), lambda n: pick(n, "asset")),
        (_empty(creation, "liabilities"), lambda n: pick(n, "liability")),
        (
            _empty(health, "injuries"),
            lambda n: {"description": _text(detail, "i"), "severity": 1},
        ),
        (
            _empty(health, "traumas"),
            lambda n: {"name": f"T{n}", "system": _text(detail, "t")},
        ),
        (
            _empty(char, "loose_ends"),
            lambda n: {
                "title": _text(NAME, f"Loose end {n}"),
                "threat_level": "deadly",
                "cutoff": 0,
                "granted_after": 0,
                "threat": _text(detail, "th"),
            },
        ),
    ]
    makers += [(_empty(stock, k), item) for k in ("equipment", "trophies", "conditions")]
    added: list[list[Any]] = []

    def add(n: int) -> Any:
        if n < 0:
            return added.pop().pop()
        target, make = makers[(n // 500) % len(makers)]
        if n >= 500 * len(makers):
            return None
        target.append(make(n % 500))
        added.append(target)
        return target[-1]

    return _fill(doc, add)


WIDEST_ID = "a" + "b.c-d_e:f" * 7
"""The longest id the one safe id shape allows (64 characters; issue 27)."""

WIDEST_NAME = ("\u05e9\u05dc\u05d5\u05dd Zo\u00eb \U0001f480 " * 20)[:NAME]
"""A 200-character name mixing a right-to-left script, Latin and emoji: legal (no bidi
override, no zero-width or control character), and the hardest a printer shapes."""


def _widest_identity(path: Path, name_at: tuple[str, ...]) -> Callable[[], dict[str, Any]]:
    """A shipped file of one game with the longest id and the widest name allowed."""

    def make() -> dict[str, Any]:
        doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
        doc["character"]["id"] = WIDEST_ID
        node = doc["character"]
        for key in name_at[:-1]:
            node = node[key]
        node[name_at[-1]] = WIDEST_NAME
        return doc

    return make


CASES: dict[str, Callable[[], dict[str, Any]]] = {
    "widest-contractor-identity": _widest_identity(WREN, ("concept", "name")),
    "widest-covenant-identity": _widest_identity(
        ROOT / "resources/examples/covenant-ines-okafor-vell.json", ("name",)
    ),
    "widest-mortal-coil-identity": _widest_identity(
        ROOT / "resources/mortal_coil/okoye-vale.json", ("name",)
    ),
    "long-notes": long_notes,
    "long-ledger": long_ledger,
    "many-contracts": many_contracts,
    "many-items": many_items,
    "many-ratings": many_ratings,
    "everything": everything,
}


def run_case(name: str, folder: Path) -> tuple[float, float, int]:
    """Write the case's file, check the reader takes it, time ``sheet pdf``: (wall, cpu, bytes)."""
    path = folder / f"{name}.json"
    document = CASES[name]()
    data = json.dumps(document, ensure_ascii=False).encode("utf-8")
    path.write_bytes(data)
    read_document(document)  # the file must be one the schema accepts
    out = folder / f"{name}.pdf"
    wall, cpu = time.perf_counter(), time.process_time()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        code = main(["sheet", "pdf", str(path), "-o", str(out)])
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    if code != 0 or not out.exists():
        raise SystemExit(f"{name}: sheet pdf failed with exit {code}")
    return wall, cpu, len(data)


def main_bench(argv: list[str] | None = None) -> int:
    """Run every case (or one) and print its time and ratio to the 10 s budget."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--case", choices=sorted(CASES), action="append")
    args = parser.parse_args(argv)
    register_shipped()  # this benchmark is its own composition root
    worst = 0.0
    with tempfile.TemporaryDirectory() as tmp:
        for name in args.case or list(CASES):
            wall, cpu, size = run_case(name, Path(tmp))
            ratio = wall / BUDGET
            worst = max(worst, ratio)
            print(
                f"sheet pdf {name:<14} {size / 1e6:5.2f} MB  {wall:7.2f} s wall"
                f"  {cpu:7.2f} s cpu  ratio {ratio:5.2f} (cpu {cpu / BUDGET:4.2f};"
                f" budget {BUDGET:.0f} s)"
            )
    print(f"worst ratio {worst:.2f}: {'within' if worst <= 1 else 'OVER'} budget")
    return 0 if worst <= 1 else 1


if __name__ == "__main__":
    raise SystemExit(main_bench())
