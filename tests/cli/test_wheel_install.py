"""A player's install: the built wheel in a fresh environment carries every resource and runs.

Slow (it builds a wheel and installs Harbinger's dependencies into a new venv), so it
is marked ``slow``; CI runs it all the same.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

TOP_LEVEL = {"harbinger", "builder", "models", "printing", "ui", "resources"}
"""The names the wheel puts in site-packages; the README says why the five beside
``harbinger`` are safe there (an environment of Harbinger's own)."""


def _pins(lines: list[str]) -> dict[str, str]:
    """``name==version`` lines (a lock, or pip freeze) as normalized name -> version."""
    pins = {}
    for line in lines:
        if line[:1].isalnum() and "==" in line:
            name, version = line.split(";")[0].strip(" \\\n").split("==")
            pins[re.sub(r"[-_.]+", "-", name).lower()] = version
    return pins


def _run(*command: str | Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(c) for c in command], capture_output=True, text=True, cwd=cwd, check=False
    )


@pytest.mark.slow
def test_the_wheel_installs_and_runs_headless(tmp_path: Path) -> None:
    built = _run(
        sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "-w", tmp_path / "dist", ROOT
    )
    assert built.returncode == 0, built.stderr
    (wheel,) = (tmp_path / "dist").glob("harbinger-*.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = {n.split("/")[0] for n in archive.namelist() if ".dist-info/" not in n}
    assert names == TOP_LEVEL
    venv.create(tmp_path / "env", with_pip=True)
    python = tmp_path / "env/bin/python"
    installed = _run(
        python, "-m", "pip", "install", "--quiet",
        "-c", ROOT / "requirements/constraints.txt", wheel,
    )
    assert installed.returncode == 0, installed.stderr
    # The README's pipx route: -c constraints gives exactly the hashed lock's versions.
    frozen = _run(python, "-m", "pip", "freeze", "--exclude", "harbinger")
    lock = (ROOT / "requirements/app.txt").read_text("utf-8").splitlines()
    assert _pins(frozen.stdout.splitlines()) == _pins(lock)
    harbinger = tmp_path / "env/bin/harbinger"
    elsewhere = tmp_path / "elsewhere"  # not the checkout: only the installed package counts
    elsewhere.mkdir()

    version = _run(harbinger, "--version", cwd=elsewhere)
    assert version.returncode == 0 and version.stdout.startswith("harbinger ")

    listed = _run(harbinger, "catalog", "list", "--json", cwd=elsewhere)
    assert listed.returncode == 0, listed.stderr
    assert json.loads(listed.stdout)["effects"]

    example = ROOT / "resources/examples/newbie-wren-halloway.json"
    pdf = tmp_path / "wren.pdf"
    printed = _run(harbinger, "sheet", "pdf", example, "-o", pdf, cwd=elsewhere)
    assert printed.returncode == 0, printed.stderr
    assert pdf.read_bytes().startswith(b"%PDF-")
