"""Benchmark: reading the catalogs, against an older commit (issue 30: pydantic must not slow it).

Run with ``python bench/bench_catalog.py --against REV`` (``REV`` is the commit to
compare with, such as ``5bd4e55^``, the last one before the catalogs were read
through pydantic). It checks ``REV`` out into a temporary git worktree and times
both checkouts in turn, each measurement in a fresh Python process, in CPU time:

* **import**: importing the catalog's reader module;
* **first**: the first load of the catalog in the process;
* **again**: a second load with every cache of parsed files emptied (what a
  check of an edited house-rule folder pays).

Each is taken for the Gift catalog, the sheet catalog and the Covenant
catalog, in two settings:

* **in the app**: the desktop app imports SQLAlchemy and sqlmodel (and so
  pydantic) and builds its table classes whatever catalog it reads, so
  pydantic's one-time costs are not the catalog's: they are paid first here;
* **alone**: nothing imported first, like a command on a file that opens no
  library; pydantic's own import and first use are then counted in the
  catalog's, and printed on their own line too.

Then all three are read in one process, as the app reads them. The goal is
ratio ≤ 1.00 (this checkout's median over ``REV``'s) for every second load, in
both settings, and for the three catalogs' first load in the app. Imports
(which hold every rules module a reader needs, grown with the features since
``REV``) and each catalog's first load are printed with their ratios, not
judged. Without ``--against`` it prints this checkout's figures only. Exits 1
when a judged figure grew.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CATALOGS = ("gift", "sheet", "covenant", "all")
"""The three catalogs one by one, then all three read in one process."""
SETTINGS = ("in the app", "alone")
PARTS = ("import", "first", "again")
GOAL = 1.00
"""This checkout over the older one: the catalog load must not grow (issue 30, item 1)."""

_CHILD = r"""
import json, sys, time
which, setting = sys.argv[1], sys.argv[2]
cpu = time.process_time
if setting == "in the app":
    import sqlalchemy, sqlmodel

    class _Row(sqlmodel.SQLModel, table=True):
        id: int | None = sqlmodel.Field(default=None, primary_key=True)
        name: str = ""

    sqlalchemy.create_engine("sqlite://").connect().close()
    _Row.model_validate({"name": "x"})
t0 = cpu()
if which == "pydantic":
    from pydantic import BaseModel, ConfigDict
    t1 = cpu()

    class _Shape(BaseModel):
        model_config = ConfigDict(extra="forbid", strict=True)
        x: int = 0

    _Shape.model_validate({"x": 1})
    t2 = cpu()
    print(json.dumps({"import": (t1 - t0) * 1e3, "first": (t2 - t1) * 1e3, "again": 0.0}))
    raise SystemExit
loads = []
if which in ("gift", "all"):
    from builder.contract.gifts import loader
    loads.append(loader.load_catalog)
if which in ("sheet", "all"):
    from builder.contract import sheet_catalog
    loads.append(sheet_catalog.load_sheet_catalog)
if which in ("covenant", "all"):
    from builder.covenant import catalog
    loads.append(catalog.load_covenant_catalog)
t1 = cpu()
for load in loads:
    load()
t2 = cpu()
for cached in (*loads, getattr(sys.modules.get("builder.core.catalog"), "_parsed", None)):
    if hasattr(cached, "cache_clear"):
        cached.cache_clear()
t3 = cpu()
for load in loads:
    load()
t4 = cpu()
print(json.dumps({"import": (t1 - t0) * 1e3, "first": (t2 - t1) * 1e3, "again": (t4 - t3) * 1e3}))
"""


def _measure(tree: Path, which: str, setting: str) -> dict[str, float]:
    """CPU milliseconds of ``which`` in ``setting``: one fresh process running ``tree``'s code."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # compiled once, as an installed app is
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, which, setting],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    figures: dict[str, float] = json.loads(done.stdout)
    return figures


def _medians(
    trees: Mapping[str, Path], which: str, setting: str, runs: int
) -> dict[str, dict[str, float]]:
    """Median CPU ms of each part per checkout, the checkouts measured in turn."""
    for tree in trees.values():
        _measure(tree, which, setting)  # writes the bytecode, warms the file cache
    taken: dict[str, list[dict[str, float]]] = {name: [] for name in trees}
    for _ in range(runs):
        for name, tree in trees.items():
            taken[name].append(_measure(tree, which, setting))
    return {
        name: {part: statistics.median(run[part] for run in runs_) for part in PARTS}
        for name, runs_ in taken.items()
    }


def _line(label: str, this: float, older: float | None, judged: bool) -> bool:
    """Print one figure (with its ratio to the older checkout's); False when a judged one grew."""
    if older is None:
        print(f"  {label:30s} {this:7.1f} ms")
        return True
    ratio = this / older if older else float("inf")
    verdict = ("ok" if ratio <= GOAL else "MISS") if judged else "(reported)"
    print(f"  {label:30s} {older:7.1f} → {this:7.1f} ms  ratio {ratio:4.2f}  {verdict}")
    return ratio <= GOAL or not judged


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--against", metavar="REV", help="commit to compare with")
    parser.add_argument("--runs", type=int, default=11, help="processes per figure (default 11)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-catalog-") as scratch:
        trees = {"this": ROOT}
        if args.against:
            older = Path(scratch) / "older"
            add = ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach"]
            subprocess.run([*add, str(older), args.against], check=True)
            trees["older"] = older
        try:
            ok = _report(trees, args.runs)
        finally:
            if args.against:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(older)],
                    check=False,
                )
    print("every judged figure within its goal" if ok else "MISSED: a judged figure grew")
    return 0 if ok else 1


def _report(trees: Mapping[str, Path], runs: int) -> bool:
    """Measure and print every figure; False when a judged one grew."""
    ok = True
    for setting in SETTINGS:
        print(f"{setting} (median CPU of {runs} processes each)")
        base = _medians({"this": trees["this"]}, "pydantic", setting, runs)["this"]
        print(
            f"  pydantic itself: import {base['import']:.1f} ms, first model {base['first']:.1f} ms"
            " (inside the figures below where not paid before)"
        )
        for which in CATALOGS:
            medians = _medians(trees, which, setting, runs)
            for part in PARTS:
                older = medians["older"][part] if "older" in medians else None
                judged = part == "again" or (
                    which == "all" and part == "first" and setting == "in the app"
                )
                label = f"{'all three' if which == 'all' else which}: {part}"
                ok &= _line(label, medians["this"][part], older, judged)
    return ok


if __name__ == "__main__":
    sys.exit(main())
