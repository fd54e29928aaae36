"""Benchmark: cold start to an interactive main window (SPEC §6: ≤ 1.5 × a bare PySide6 window).

Run with ``python bench/bench_startup.py`` (a display is needed only if
``QT_QPA_PLATFORM`` is unset; otherwise it uses the offscreen platform).

Each run is a fresh Python process, timed from the moment the benchmark
spawns it to the moment its window is shown and its event loop has run once
(the first moment a click would be handled):

- **bare**: import PySide6, create a QApplication and an empty QMainWindow,
  show it;
- **harbinger**: the path the ``harbinger`` command takes: create the
  application and the main window on a library (created once beforehand, so
  every run opens an existing library, as a player's second launch does),
  show it.

Harbinger opens the library and imports the rules and storage layers in the
background once the window is up, so the benchmark also reports a second
figure, **roster shown**: spawn to the library's roster being on screen.

Runs alternate between the two so drift on the machine hits both alike; the
medians and their ratio are printed against the 1.5 budget. Not a test:
timings belong to the machine, so CI never fails on them.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BUDGET = 1.5

# Each child prints wall-clock times (time.time()) at its milestones, then leaves
# at once with os._exit so neither teardown nor background work is timed.
BARE = """
import os, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setWindowTitle("bare")
window.resize(1280, 800)
window.show()
def interactive():
    print("interactive", time.time(), flush=True)
    os._exit(0)
QTimer.singleShot(0, interactive)
app.exec()
"""

HARBINGER = """
import os, sys, time
from PySide6.QtCore import QTimer
from ui.app import make_application
app = make_application()
from ui.main_window import MainWindow
from ui.settings import AppSettings
window = MainWindow(AppSettings(), sys.argv[1], offer_examples=False)
window.resize(1280, 800)
window.show()
def ready():
    if window.workspace.library is not None:
        print("ready", time.time(), flush=True)
        os._exit(0)
def interactive():
    print("interactive", time.time(), flush=True)
    poll.timeout.connect(ready)
    poll.start(5)
poll = QTimer()
QTimer.singleShot(0, interactive)
app.exec()
"""


def _run(code: str, args: list[str], env: dict[str, str]) -> dict[str, float]:
    """Seconds from spawn to each milestone the child reports."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    marks: dict[str, float] = {}
    for line in out.splitlines():
        name, _, stamp = line.partition(" ")
        if name in ("interactive", "ready"):
            marks[name] = float(stamp) - start
    return marks


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9, help="runs of each (default 9)")
    args = parser.parse_args(argv)

    scratch = Path(tempfile.mkdtemp(prefix="harbinger-bench-"))
    library = scratch / "library.sqlite3"
    env = dict(os.environ)
    env.setdefault("QT_QPA_PLATFORM", "offscreen")
    env["HARBINGER_SETTINGS_DIR"] = str(scratch / "settings")
    env["HARBINGER_DB"] = str(library)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)

    # Create the library (schema and migrations) once, outside the timings.
    _run(HARBINGER, [str(library)], env)
    # Warm the OS file cache for both paths, also outside the timings.
    _run(BARE, [], env)

    bare: list[float] = []
    harbinger: list[float] = []
    roster: list[float] = []
    for _ in range(args.runs):
        bare.append(_run(BARE, [], env)["interactive"])
        marks = _run(HARBINGER, [str(library)], env)
        harbinger.append(marks["interactive"])
        roster.append(marks["ready"])

    bare_ms = statistics.median(bare) * 1000
    app_ms = statistics.median(harbinger) * 1000
    roster_ms = statistics.median(roster) * 1000
    ratio = app_ms / bare_ms
    verdict = "within" if ratio <= BUDGET else "OVER"
    print(f"platform: {env['QT_QPA_PLATFORM']}, runs: {args.runs} each (medians)")
    print(f"bare PySide6 window, interactive:      {bare_ms:7.1f} ms")
    print(f"Harbinger main window, interactive:    {app_ms:7.1f} ms")
    print(f"Harbinger roster shown (background):   {roster_ms:7.1f} ms")
    print(f"ratio (interactive): {ratio:.2f} × (budget {BUDGET:.1f} ×: {verdict})")
    print(f"ratio (roster shown): {roster_ms / bare_ms:.2f} ×")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
