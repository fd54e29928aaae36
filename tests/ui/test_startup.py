"""Cold start (SPEC §6): what the first frame needs is all that runs before it.

The window paints the roster and an empty sheet area first; the storage and
rules layers, the sheet, the dialogs and the Dice dock come later, and none
of that may change what the player sees or can do.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QByteArray, Qt
from PySide6.QtWidgets import QComboBox, QDockWidget, QLabel, QToolBar

from ui.main_window import MainWindow
from ui.roster import ID_ROLE
from ui.settings import AppSettings

ROOT = Path(__file__).resolve().parents[2]

# Runs the real `harbinger --db PATH` launch and reports what was loaded when the
# window painted its first frame, then again once the library is open.
LAUNCH = """
import json, os, sys
import PySide6.QtCore as QtCore
import PySide6.QtGui as QtGui
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
qt_lazy = "Qt" not in vars(QtCore)
import ui.main_window
report = {"qt_lazy": qt_lazy}
def done():
    if window.workspace.library is None:
        return
    report["roster_after_load"] = window.roster.count_label.text()
    report["modules_after_load"] = sorted(sys.modules)
    import linecache
    report["sources_kept"] = sorted(k for k in linecache.cache if k.endswith(".py"))
    app = QApplication.instance()
    report["icon_sizes"] = len(app.windowIcon().availableSizes())
    app.setStyleSheet("")  # the style under the stylesheet shows once it is lifted
    report["style"] = app.style().name()
    print(json.dumps(report), flush=True)
    os._exit(0)
class Window(ui.main_window.MainWindow):
    def __init__(self, *args, **kwargs):
        global window
        super().__init__(*args, **kwargs)
        window = self
        self.poll = QTimer()
        self.poll.timeout.connect(done)
        self.painted = False
    def paintEvent(self, event):
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            report["modules_at_first_paint"] = sorted(sys.modules)
            report["qt_built_at_first_paint"] = "Qt" in vars(QtCore)
            report["roster_at_first_paint"] = self.roster.count_label.text()
            report["tabs_at_first_paint"] = self._tabs is not None
            report["key_sequence_at_first_paint"] = "QKeySequence" in vars(QtGui)
            self.poll.start(5)
ui.main_window.MainWindow = Window
from harbinger.cli import main
main(["--db", sys.argv[1]])
"""

# Loaded on first use, never for the first frame.
LATER = (
    "models",
    "sqlmodel",
    "sqlalchemy",
    "alembic",
    "reportlab",
    "jsonschema",
    "printing",
    "builder.contract.gifts",
    "builder.contract.sheet",
    "builder.contract.advance",
    "harbinger.commands",
    "ui.contract.sheet",
    "ui.contract.wizard",
    "ui.contract.gift_builder",
    "ui.contract.dialogs",
    "ui.operations",
    "harbinger.app",
    "ui.contract.dice_panel",
    "ui.catalog",
    "ui.covenant.sheet",
    "ui.covenant.wizard",
    "ui.coven.view",
    "ui.mortal_coil.sheet",
    "ui.tiles.board",
    "ui.review",
    "ui.help",
    "ui.crash_dialog",
    "logging.handlers",
    "PySide6.QtNetwork",
    "ui.app_icon",  # the window icon comes right after the first frame (5 ms of CPU)
)


def _loaded(modules: list[str], roots: tuple[str, ...]) -> list[str]:
    return [m for m in modules if any(m == r or m.startswith(r + ".") for r in roots)]


def _launch(code: str, library: Path) -> dict[str, Any]:
    """Run a launch script (``LAUNCH`` or a variant) on ``library``; what it reported."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, "-c", code, str(library)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_the_first_frame_comes_before_the_library_and_the_rules(tmp_path: Path) -> None:
    library = tmp_path / "library.sqlite3"
    report = _launch(LAUNCH, library)

    assert _loaded(report["modules_at_first_paint"], LATER) == []
    assert report["roster_at_first_paint"] == "Opening the library…"
    # Issue 29: neither the hidden tab widget nor QKeySequence's Python class (its
    # 71-member StandardKey enum) is made for a frame that shows neither.
    assert report["tabs_at_first_paint"] is False
    assert report["key_sequence_at_first_paint"] is False
    if report["qt_lazy"]:  # this PySide6 builds the Qt namespace class only when asked
        assert report["qt_built_at_first_paint"] is False
    # Then the library opens in the background and the roster shows it.
    assert "models.library" in report["modules_after_load"]
    assert report["roster_after_load"] == "No characters yet"
    assert report["style"].lower() == "fusion"
    assert report["icon_sizes"] == 7  # every shipped PNG, 16 to 256 pixels
    # PySide6's import hook read every module imported after it through linecache, which
    # kept all their source (27 MB with the library open); ui.source_scan stops that.
    kept = [path for path in report["sources_kept"] if "sqlalchemy" in path or "/models/" in path]
    assert kept == []


def test_a_window_that_is_never_painted_still_opens_its_library(
    qtbot, app, library_path: Path
) -> None:
    # Shown minimized or not at all: the load waits for a first frame only so long.
    window = MainWindow(AppSettings(), str(library_path), offer_examples=False)
    qtbot.addWidget(window)
    assert window.loading
    qtbot.waitUntil(lambda: not window.loading, timeout=20000)
    assert window.workspace.library is not None
    assert window.roster.count_label.text() == "No characters yet"


def test_the_first_frame_looks_as_before(window: MainWindow) -> None:
    # Properties set by key name at start-up must land as the enum values would.
    labels = window.empty_page.findChildren(QLabel)
    assert len(labels) == 2 and labels[0].text() == "No contractor open"
    assert all(label.alignment() == Qt.AlignmentFlag.AlignCenter for label in labels)
    toolbar = window.findChild(QToolBar, "main_toolbar")
    assert toolbar.toolButtonStyle() == Qt.ToolButtonStyle.ToolButtonTextOnly
    assert window.splitter.orientation() == Qt.Orientation.Horizontal
    assert Qt.ItemDataRole.UserRole + 1 == ID_ROLE
    shrinks = QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
    assert window.roster.status_filter.sizeAdjustPolicy() == shrinks
    assert [a.text() for a in toolbar.actions() if a.text()] == [
        "&New Contractor…",
        "&Record Contract…",
        "&Spend Exp…",
        "Add &Journal…",
        "&Undo",
        "&Redo",
        "&Dice",
    ]


def test_the_dice_dock_is_made_on_first_use_and_remembered(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    window = open_window(library_path)
    dice = window.actions["dice"]
    assert window.findChild(QDockWidget) is None
    assert dice.isCheckable() and not dice.isChecked()

    dice.trigger()  # Ctrl+D
    dock = window.findChild(QDockWidget)
    assert dock is window.dice_dock
    assert dock.isVisible() and dice.isChecked()
    assert window.dockWidgetArea(dock) == Qt.DockWidgetArea.RightDockWidgetArea
    assert dock.widget().widget() is window.dice_panel  # in its scroll area
    dock.close()  # its own close button: the action follows
    assert not dock.isVisible() and not dice.isChecked()
    dice.trigger()
    assert dock.isVisible() and dice.isChecked()
    window.close()

    # Left open: made at once on the next start, in its place.
    again = open_window(library_path)
    assert again.findChild(QDockWidget) is not None
    assert again.dice_dock.isVisible() and again.actions["dice"].isChecked()
    again.actions["dice"].trigger()
    assert not again.dice_dock.isVisible() and not again.actions["dice"].isChecked()
    again.close()

    # Left closed: not made until asked for, then shown where it was.
    third = open_window(library_path)
    assert third.findChild(QDockWidget) is None
    third.actions["dice"].trigger()
    assert third.dice_dock.isVisible()
    assert third.dockWidgetArea(third.dice_dock) == Qt.DockWidgetArea.RightDockWidgetArea


def test_settings_remember_whether_the_dice_dock_was_open(app) -> None:
    settings = AppSettings()
    assert settings.dice_shown() is None  # never recorded (older settings files)
    blob = QByteArray(b"x")
    settings.save_window(blob, blob, blob, dice_shown=True)
    assert AppSettings().dice_shown() is True
    settings.save_window(blob, blob, blob)
    assert AppSettings().dice_shown() is False


def _example_library(path: Path) -> list[str]:
    """A library holding the example characters; their names as the roster sorts them."""
    from models.library import Library

    with Library.open(path) as library:
        library.load_examples()
        return [entry.name for entry in library.roster()]


@pytest.mark.slow  # a fresh interpreter of its own: what it imports is the point
def test_the_roster_shows_the_stored_characters_before_the_rules_are_loaded(
    tmp_path: Path,
) -> None:
    library = tmp_path / "library.sqlite3"
    names = _example_library(library)
    code = LAUNCH.replace(
        "def done():\n",
        "def done():\n"
        "    if window.roster.lines() and 'first_roster' not in report:\n"
        "        report['first_roster'] = [line.name for line in window.roster.lines()]\n",
    )
    report = _launch(code, library)
    assert _loaded(report["modules_at_first_paint"], LATER) == []
    # Whichever read filled it first (models.quick_roster or the library), the lines are right.
    assert report["first_roster"] == names
    # Every example but the dead one (filtered out): 5 of the 6 (issue 33, item 9).
    assert len(names) == 6
    assert report["roster_after_load"] == "5 of 6 characters"


def test_a_pick_made_while_the_library_opens_is_shown_once_it_is_open(
    qtbot, app, tmp_path: Path
) -> None:
    library = tmp_path / "library.sqlite3"
    _example_library(library)
    window = MainWindow(AppSettings(), str(library), offer_examples=False)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: bool(window.roster.lines()), timeout=20000)
    picked = next(line for line in window.roster.lines() if line.name == "Wren Halloway")
    window.open_character(picked.id)  # the library may well not be open yet
    qtbot.waitUntil(lambda: not window.loading, timeout=20000)
    qtbot.waitUntil(lambda: window.tabs.current_id() == picked.id, timeout=5000)
    assert window.tabs.index_of(picked.id) >= 0


def test_the_search_box_offers_its_clear_button_once_it_has_text(qtbot, window: MainWindow) -> None:
    """The clear button is made with the first text (Qt loads its icon then: 1 ms of CPU off
    the first frame); to the player it is the same button, shown only while there is text."""
    from PySide6.QtWidgets import QToolButton

    search = window.roster.search
    assert not search.isClearButtonEnabled()
    qtbot.keyClicks(search, "Wren")
    assert search.isClearButtonEnabled()
    buttons = search.findChildren(QToolButton)
    assert len(buttons) == 1
    qtbot.mouseClick(buttons[0], Qt.MouseButton.LeftButton)
    assert search.text() == ""
    qtbot.keyClicks(search, "Ines")
    assert search.isClearButtonEnabled() and len(search.findChildren(QToolButton)) == 1
