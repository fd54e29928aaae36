"""Every window and dialog fits a 1280×800 screen, and the same screen at 200% (issue 16).

Each size runs ``tests.ui.fit_windows`` in a process of its own: the offscreen
platform takes its screen from a configuration file, and Qt reads the scale
factor when the application starts. At 200% the screen is 2560×1600 pixels,
1280×800 device-independent ones; a window fits when its frame (title bar
included) lies within the screen's available area.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

# Every window the walk must reach: a window left out by a broken step fails the test.
EXPECTED = {
    "main-empty",
    "contract-wizard",
    "contract-wizard-7",
    "covenant-wizard",
    "spacefarer-dialog",
    "chronicle-dialog",
    "tiles-board",
    "preferences",
    "about",
    "manual",
    "main-coven",
    "main-mortal-coil",
    "main-covenant",
    "main-contract",
    "main-contract-dice",
    "main-covenant-dice",
    "dialog-record_contract",
    "dialog-spend_exp",
    "dialog-journal",
    "gift-builder",
    "delete-question",
    "review",
    "review-files",
}


def _walk(tmp_path: Path, width: int, height: int, scale: int) -> list[dict]:
    screen = tmp_path / "screen.json"
    screen.write_text(
        json.dumps(
            {
                "screens": [
                    {
                        "name": "fit",
                        "x": 0,
                        "y": 0,
                        "width": width,
                        "height": height,
                        "logicalDpi": 96,
                        "logicalBaseDpi": 96,
                        "dpr": 1,
                    }
                ]
            }
        )
    )
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = f"offscreen:configfile={screen}"
    env["QT_SCALE_FACTOR"] = str(scale)
    env["HOME"] = str(tmp_path)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.fit_windows"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


@pytest.mark.slow
@pytest.mark.parametrize(
    ("width", "height", "scale"), [(1280, 800, 1), (2560, 1600, 2)], ids=["1280x800", "200%"]
)
def test_every_window_fits_the_screen(tmp_path: Path, width: int, height: int, scale: int) -> None:
    windows = _walk(tmp_path, width, height, scale)
    names = {w["name"] for w in windows}
    assert names >= EXPECTED, sorted(EXPECTED - names)
    for window in windows:
        assert window["screen"] == [0, 0, 1280, 800], window
        assert window["scale"] == scale, window
    too_big = [w for w in windows if not w["fits"]]
    assert too_big == []
