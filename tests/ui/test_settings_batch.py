"""The settings file is written to disk once for a closing window's several changes (its
open tabs, its geometry, the Dice dock), not once per change: each write to disk is two
fdatasync calls, a wait a player feels on a busy disk."""

from __future__ import annotations

from pathlib import Path

from harbinger.shell.paths import settings_dir
from tests.ui.conftest import create_contractor
from ui.main_window import MainWindow
from ui.settings import AppSettings


def on_disk() -> str:
    """The settings file as a text editor would read it now ("" before it exists)."""
    path = Path(settings_dir()) / "harbinger.ini"
    return path.read_text("utf-8") if path.exists() else ""


def test_a_batch_writes_its_changes_when_it_ends() -> None:
    settings = AppSettings()
    with settings.batch():
        settings.set_theme("dark")
        settings.set_roster_hidden_columns(["Victories"])
        assert "theme=dark" not in on_disk()  # held until the batch ends
        assert AppSettings().theme() == "dark"  # yet seen at once in this process
    text = on_disk()
    assert "theme=dark" in text
    assert "hidden_columns=Victories" in text


def test_a_change_outside_a_batch_is_on_disk_at_once() -> None:
    AppSettings().set_theme("light")
    assert "theme=light" in on_disk()


def test_a_closing_window_leaves_its_tabs_place_and_dock_on_disk(window: MainWindow) -> None:
    contractor = create_contractor(window)
    window.close()
    text = on_disk()
    assert contractor.id in text  # the open tab, for next time
    assert "geometry=" in text
    assert "dice_shown=" in text
