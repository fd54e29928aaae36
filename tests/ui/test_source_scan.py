"""PySide6's import hook asks the same question of each module without keeping its source."""

from __future__ import annotations

import linecache
import sys
from pathlib import Path

import pytest

from ui.source_scan import scan_sources_lightly


@pytest.fixture
def modules(tmp_path: Path):
    """A folder of throwaway modules on ``sys.path``; they are forgotten afterwards."""
    sys.path.insert(0, str(tmp_path))
    names: list[str] = []
    yield tmp_path, names
    sys.path.remove(str(tmp_path))
    for name in names:
        sys.modules.pop(name, None)


def test_imported_modules_are_told_apart_without_their_source_kept(modules) -> None:
    folder, names = modules
    assert scan_sources_lightly() is True  # ui/__init__ did it already: still so
    feature = sys.modules["shibokensupport.feature"]
    (folder / "harbinger_scan_qt.py").write_text(
        "from PySide6.QtCore import QObject\nVALUE = QObject\n", encoding="utf-8"
    )
    (folder / "harbinger_scan_plain.py").write_text("VALUE = 'no Qt here'\n", encoding="utf-8")
    names += ["harbinger_scan_qt", "harbinger_scan_plain"]

    # An import statement (the hook replaces ``__import__``; importlib's functions skip it).
    import harbinger_scan_plain  # noqa: F401
    import harbinger_scan_qt  # noqa: F401

    # PySide6's own answers: 0 for a module that uses it, -1 ("ignore") for one that does not.
    assert feature.pyside_feature_dict["harbinger_scan_qt"] == 0
    assert feature.pyside_feature_dict["harbinger_scan_plain"] == -1
    assert str(folder / "harbinger_scan_qt.py") not in linecache.cache
    assert str(folder / "harbinger_scan_plain.py") not in linecache.cache
