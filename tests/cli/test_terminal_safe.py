"""Nothing a command prints can drive the terminal: control characters are made visible."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from harbinger.commands.base import visible

ROOT = Path(__file__).resolve().parents[2]
WREN = ROOT / "resources/examples/newbie-wren-halloway.json"
HOSTILE = "Wren\x1b[2J\x07\rEvil\x9b31m"


def test_visible_escapes_every_control_character_but_newline_and_tab() -> None:
    assert visible("a\tb\nc") == "a\tb\nc"
    assert visible(HOSTILE) == "Wren\\u001b[2J\\u0007\\u000dEvil\\u009b31m"
    # The same escapes are valid inside a JSON string, so --json output stays JSON.
    assert json.loads(f'"{visible(HOSTILE)}"') == HOSTILE


def _harbinger(db: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harbinger", "--db", str(db), *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )


@pytest.mark.slow  # 8.2 s of CPU (processes of their own)
def test_a_hostile_name_in_the_library_reaches_the_terminal_harmless(tmp_path: Path) -> None:
    db = tmp_path / "library.sqlite3"
    assert _harbinger(db, "db", "import", str(WREN)).returncode == 0
    # A library written by an older Harbinger (or by hand) may hold any text.
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE contractor SET name = ?", (HOSTILE,))
    listed = _harbinger(db, "db", "list")
    assert listed.returncode == 0, listed.stderr
    assert "Wren\\u001b[2J\\u0007\\u000dEvil\\u009b31m" in listed.stdout
    assert not any(ch in listed.stdout for ch in "\x1b\x07\r\x9b")
    as_json = _harbinger(db, "db", "list", "--json")
    names = [e["name"] for e in json.loads(as_json.stdout)["contractors"]]
    assert names == [HOSTILE]
    assert "\x9b" not in as_json.stdout
