"""Benchmark: cold start to an interactive main window (SPEC §6: ≤ 1.5 × a bare PySide6 window).

Run with ``python bench/bench_startup.py`` (a display is needed only if
``QT_QPA_PLATFORM`` is unset; otherwise it uses the offscreen platform).

Each run is a fresh Python process, timed from the moment the benchmark
spawns it to the moment its window has painted its first frame and its event
loop is free again (the first moment a click on something visible would be
handled). A zero-timer started right after ``show()`` is not that moment:
Qt runs it before the window is exposed and painted, so it would leave out
the first paint, which is where a window full of widgets pays for styling,
fonts and layout; both children therefore stamp from a timer queued by their
window's first ``paintEvent``:

- **bare**: import PySide6, create a QApplication and an empty QMainWindow,
  show it;
- **harbinger**: the ``harbinger`` command itself (``harbinger.cli.main``
  with ``--db``, so argument parsing and ``ui.app.run_app`` are timed too)
  on a library created once beforehand and holding the example characters,
  so every run opens an existing library, as a player's second launch does. Only the window class is
  swapped for a subclass that carries the same first-paint stamp.

Both run as a second launch does: the OS file cache is warm, and so is
Python's bytecode cache (``PYTHONPYCACHEPREFIX`` in the scratch folder, even
when ``PYTHONDONTWRITEBYTECODE`` is set around the benchmark). Otherwise every
Harbinger run would compile its own modules from source while the bare
window, which imports only installed packages, never compiles anything; an
installed app has its bytecode.

Harbinger reads the roster (``models.quick_roster``), then opens the library
and imports the rules and storage layers, in the background once the window's
first frame is painted, so the benchmark also reports a second figure,
**roster shown**: spawn to the roster panel holding the library's characters, against
its own budget of 3 × the bare window (issue 13: "the roster of the default
library shows within 3× the time of a bare PySide6 window").

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
"""Interactive main window against a bare PySide6 window (SPEC §6)."""
ROSTER_BUDGET = 3.0
"""Roster of the default library on screen against a bare PySide6 window (issue 13)."""

# Each child prints wall-clock times (time.time()) at its milestones, then leaves
# at once with os._exit so neither teardown nor background work is timed.
# The first paintEvent of the window queues the "interactive" stamp: it runs once
# that frame is finished and the event loop takes the next event.
BARE = """
import os, sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication(sys.argv[:1])
def interactive():
    print("interactive", time.time(), flush=True)
    os._exit(0)
class Window(QMainWindow):
    painted = False
    def paintEvent(self, event):
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            QTimer.singleShot(0, interactive)
window = Window()
window.setWindowTitle("bare")
window.resize(1280, 800)
window.show()
app.exec()
"""

HARBINGER = """
import os, sys, time
from PySide6.QtCore import QTimer
import ui.main_window
def ready():
    if window.roster.lines():
        print("ready", time.time(), flush=True)
        os._exit(0)
def interactive():
    print("interactive", time.time(), flush=True)
    poll.timeout.connect(ready)
    poll.start(5)
class Window(ui.main_window.MainWindow):
    painted = False
    def __init__(self, *args, **kwargs):
        global window, poll
        super().__init__(*args, **kwargs)
        window, poll = self, QTimer()
    def paintEvent(self, event):
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            QTimer.singleShot(0, interactive)
ui.main_window.MainWindow = Window
from harbinger.cli import main
main(["--db", sys.argv[1]])
"""

FILL = """
import sys
from builder.systems import register_shipped
from models.library import Library
register_shipped()
with Library.open(sys.argv[1]) as library:
    library.load_examples()
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
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(scratch / "pycache")

    # Create the library once, outside the timings, holding the example characters
    # (a roster a player's library could have: two games, the living and the dead).
    subprocess.run([sys.executable, "-c", FILL, str(library)], cwd=ROOT, env=env, check=True)
    # Warm the OS file cache and the bytecode cache for both paths, also outside the timings.
    _run(BARE, [], env)
    _run(HARBINGER, [str(library)], env)

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
    roster_ratio = roster_ms / bare_ms
    verdict = "within" if ratio <= BUDGET else "OVER"
    roster_verdict = "within" if roster_ratio <= ROSTER_BUDGET else "OVER"
    print(f"platform: {env['QT_QPA_PLATFORM']}, runs: {args.runs} each (medians)")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (timings are of a shared machine)")
    print(f"bare PySide6 window, interactive:      {bare_ms:7.1f} ms")
    print(f"Harbinger main window, interactive:    {app_ms:7.1f} ms")
    print(f"Harbinger roster shown (background):   {roster_ms:7.1f} ms")
    print(f"ratio (interactive): {ratio:.2f} × (budget {BUDGET:.1f} ×: {verdict})")
    print(
        f"ratio (roster shown): {roster_ratio:.2f} × "
        f"(budget {ROSTER_BUDGET:.1f} ×: {roster_verdict})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
