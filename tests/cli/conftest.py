"""Fixtures for the CLI tests: the default library already exists, as after a first run."""

from __future__ import annotations

import os
import shutil
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
