"""``harbinger`` with only global options opens the app on the library they name (SPEC §7).

The pre-parse (``harbinger.cli.read_launch``) answers the usual launches without a parser;
a ``--db`` value only argparse can judge (one starting with "-") goes through the full
parser, and a line that names no command after it still opens the app.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# The real `harbinger ARGS` launch, left once the window's library is open: which one.
LAUNCH = """
import json, os, sys
from PySide6.QtCore import QTimer
import ui.main_window
def done():
    library = window.workspace.library
    if library is None:
        return
    print(json.dumps({"url": str(library.url)}), flush=True)
    os._exit(0)
class Window(ui.main_window.MainWindow):
    def __init__(self, *args, **kwargs):
        global window
        super().__init__(*args, **kwargs)
        window = self
        self.poll = QTimer()
        self.poll.timeout.connect(done)
        self.poll.start(5)
ui.main_window.MainWindow = Window
from harbinger.cli import main
main(json.loads(sys.argv[1]))
"""


def _opened(argv: list[str], cwd: Path) -> str:
    """The URL of the library the app opened for ``harbinger ARGV`` run in ``cwd``."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-c", LAUNCH, json.dumps(argv)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return str(json.loads(out.stdout.strip().splitlines()[-1])["url"])


@pytest.mark.parametrize(
    ("argv", "name"),
    [
        (["--d=mine.sqlite3"], "mine.sqlite3"),  # the pre-parse reads argparse's prefix too
        (["--db", "-1"], "-1"),  # argparse takes a negative number as the value
    ],
)
def test_only_global_options_open_the_app_on_their_library(
    tmp_path: Path, argv: list[str], name: str
) -> None:
    url = _opened(argv, tmp_path)
    assert url.endswith("/" + name)
    assert (tmp_path / name).exists()
