"""Fixtures for review mode: a real review window, and real character files in tmp_path."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from ui.review import ReviewWindow

DATA = Path(__file__).resolve().parents[2] / "data" / "review"
ROOT = Path(__file__).resolve().parents[3]
EXAMPLES = ROOT / "resources" / "examples"
COVENANT_EXAMPLE = ROOT / "resources" / "covenant" / "example-character.json"


@pytest.fixture
def review(qtbot, app) -> ReviewWindow:
    """A review window on its own (no library anywhere)."""
    window = ReviewWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    return window


@pytest.fixture
def open_files(qtbot) -> Callable[[ReviewWindow, Iterable[Path | str]], None]:
    """Open paths in a review window and wait until every file has been read."""

    def open_(window: ReviewWindow, paths: Iterable[Path | str]) -> None:
        with qtbot.waitSignal(window.files_loaded, timeout=30000):
            window.open_paths(list(paths))

    return open_


def copy_in(folder: Path, *sources: Path) -> list[Path]:
    """Copy hand-made files into ``folder`` and return the copies."""
    folder.mkdir(parents=True, exist_ok=True)
    return [Path(shutil.copy(source, folder / source.name)) for source in sources]


def close_dialog(window: ReviewWindow) -> str:
    """Close the dialog the window shows and return its text (a message box's message)."""
    dialog = window.current_dialog
    assert dialog is not None, "no dialog is showing"
    text = dialog.text() if hasattr(dialog, "text") else dialog.windowTitle()
    dialog.close()
    return text
