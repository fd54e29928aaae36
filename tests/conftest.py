"""Suite-wide isolation: Qt offscreen, and never the user's real library or settings."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


@pytest.fixture(autouse=True)
def _isolated_user_dirs(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """Point the library, settings and data folders at a fresh temporary folder."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / "config"))
    monkeypatch.setenv("HARBINGER_SETTINGS_DIR", str(home / "settings"))
    monkeypatch.setenv("HARBINGER_DB", str(home / "library.sqlite3"))
    monkeypatch.setenv("HARBINGER_LOG_DIR", str(home / "logs"))
    yield


@pytest.fixture
def library_path(tmp_path: Path) -> Path:
    """A path for a fresh SQLite library in this test's own folder."""
    return tmp_path / "library.sqlite3"
