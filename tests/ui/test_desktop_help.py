"""Help, icon, logs and crashes (issue 17): F1's manual, About's facts, the window icon,
the excepthook's dialog and Help → Open Log Folder."""

from __future__ import annotations

import logging
import platform
import re
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, qVersion
from PySide6.QtWidgets import QApplication, QDialogButtonBox

from harbinger import __version__
from harbinger.shell.logs import log_dir, log_path, start_logging
from ui import crash
from ui.crash import install_excepthook, report_exception
from ui.crash_dialog import CrashDialog
from ui.help import AboutDialog, ManualDialog, manual_path
from ui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]


def test_every_window_gets_the_app_icon(window: MainWindow, app: QApplication) -> None:
    assert not app.windowIcon().isNull()
    sizes = {(s.width(), s.height()) for s in app.windowIcon().availableSizes()}
    assert sizes == {(n, n) for n in (16, 24, 32, 48, 64, 128, 256)}
    assert window.windowIcon().cacheKey() == app.windowIcon().cacheKey()
    review = window.open_review()
    assert review.windowIcon().cacheKey() == app.windowIcon().cacheKey()


def test_about_shows_versions_library_and_the_icon(window: MainWindow) -> None:
    window.actions["about"].trigger()
    about = window.current_dialog
    assert isinstance(about, AboutDialog)
    text = about.text_label.text()
    assert f"Harbinger {__version__}" in text
    assert f"Python {platform.python_version()}" in text
    assert f"Qt {qVersion()}" in text
    assert "Library: " in text
    assert "library.sqlite3" in text
    assert not about.icon_label.pixmap().isNull()
    assert about.icon_label.pixmap().width() == 96
    about.close()


def test_f1_opens_the_manual_in_the_app(qtbot, window: MainWindow) -> None:
    assert window.actions["manual"].shortcut().toString() == "F1"
    qtbot.keyClick(window, Qt.Key.Key_F1)
    manual = window.manual
    assert isinstance(manual, ManualDialog)
    qtbot.waitExposed(manual)
    assert manual.browser.source().toLocalFile() == str(manual_path())
    text = manual.browser.toPlainText()
    for section in (
        "Getting started",
        "Recording Contracts",
        "The Gift Builder",
        "Review for Playgroup Leaders",
        "Files and backups",
        "The command line",
        "Keyboard",
    ):
        assert section in text
    qtbot.keyClick(manual, Qt.Key.Key_Escape)
    assert not manual.isVisible()


def test_the_manuals_keyboard_table_matches_the_real_shortcuts(window: MainWindow) -> None:
    html = manual_path().read_text(encoding="utf-8")
    table = html[html.index('<a name="keys">') :]
    rows = re.findall(r"<tr><td><b>(.+?)</b></td><td>(.+?)</td></tr>", table)
    assert len(rows) >= 10
    shortcuts = {s.toString() for action in window.actions.values() for s in action.shortcuts()}
    listed = {key for keys, _what in rows for key in keys.split(" / ")}
    for key in listed:
        assert key in shortcuts, f"the manual lists {key}, which no action has"
    for key in shortcuts:
        assert key in listed, f"{key} is a shortcut the manual does not list"


def test_the_excepthook_logs_and_shows_a_dialog_with_details(
    qtbot, window: MainWindow, app: QApplication, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    start_logging()
    install_excepthook()
    assert sys.excepthook is report_exception
    try:
        {}["missing gift"]
    except KeyError as exc:
        error = exc
    dialog = sys.excepthook(type(error), error, error.__traceback__)  # as Python calls it
    assert isinstance(dialog, CrashDialog)
    qtbot.addWidget(dialog)
    qtbot.waitExposed(dialog)
    details = dialog.details.toPlainText()
    assert details.startswith(f"Harbinger {__version__}, Python ")
    assert "KeyError: 'missing gift'" in details
    assert dialog.log_label.text() == f"Log file: {log_path()}"

    # A second error while it is open joins the same dialog.
    again = report_exception(ValueError, ValueError("second"), None)
    assert again is dialog
    assert "ValueError: second" in dialog.details.toPlainText()

    qtbot.mouseClick(dialog.copy_button, Qt.MouseButton.LeftButton)
    copied = QApplication.clipboard().text()
    assert "KeyError: 'missing gift'" in copied
    assert copied.endswith(f"Log file: {log_path()}\n")

    for handler in logging.getLogger().handlers:
        handler.flush()
    logged = log_path().read_text(encoding="utf-8")
    assert "ERROR harbinger.crash: Unhandled error" in logged
    assert "KeyError: 'missing gift'" in logged

    close = dialog.buttons.button(QDialogButtonBox.StandardButton.Close)
    qtbot.mouseClick(close, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    crash._dialog = None


def test_open_log_folder_makes_and_opens_it(window: MainWindow) -> None:
    from PySide6.QtCore import QObject, Slot
    from PySide6.QtGui import QDesktopServices

    class Catcher(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.opened: list[str] = []

        @Slot("QUrl")
        def show(self, url) -> None:
            self.opened.append(url.toLocalFile())

    catcher = Catcher()
    QDesktopServices.setUrlHandler("file", catcher, "show")
    try:
        window.actions["log_folder"].trigger()
    finally:
        QDesktopServices.unsetUrlHandler("file")
    assert catcher.opened == [str(log_dir())]
    assert log_dir().is_dir()
