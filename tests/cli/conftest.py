"""Fixtures for the CLI tests: the default library already exists, as after a first run."""

from __future__ import annotations

import io
import os
import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _default_library(_isolated_user_dirs: None, empty_library_template: Path) -> Path:
    """The library ``HARBINGER_DB`` names, empty and at the newest schema (a copied file).

    Most CLI tests run commands without ``--db``; without this the first of them would
    run every migration (0.3 to 0.9 s of CPU). A test that sets ``HARBINGER_DB`` to a
    path of its own still gets a library created from nothing.
    """
    path = Path(os.environ["HARBINGER_DB"])
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(empty_library_template, path)
    return path


@dataclass(frozen=True)
class Ran:
    """What one in-process run of the CLI left: its exit code and what it printed."""

    returncode: int
    stdout: str
    stderr: str


@pytest.fixture
def run_cli(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Callable[..., Ran]:
    """Run the real CLI in this process, as ``python -m harbinger ARGS`` would, and return
    its exit code, stdout and stderr.

    The same ``main(argv)`` the console script calls, without the 1.5 s of CPU a process
    of its own costs; ``stdin`` is what the command reads from standard input. Tests of
    the process itself (signals, kills, the installed entry point) still start one.
    """
    from harbinger.cli import main

    def run(*argv: str, stdin: str = "") -> Ran:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        capsys.readouterr()
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's own refusals exit as the process would
            code = exc.code if isinstance(exc.code, int) else 1
        out, err = capsys.readouterr()
        return Ran(code, out, err)

    return run
