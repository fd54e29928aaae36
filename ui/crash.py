"""What the player sees when the app hits a bug: a dialog, not a silent stderr (issue 17).

:func:`install_excepthook` replaces ``sys.excepthook`` (exceptions escaping a
Qt slot on the main thread end there). The hook writes the traceback to the log
file (:mod:`harbinger.logs`) and shows :class:`CrashDialog`: what happened, the
log's path, and "Copy details" to paste the traceback into a bug report. A
second error while the dialog is open adds its traceback to the same dialog
instead of stacking windows.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from types import TracebackType

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from harbinger.logs import log_path

log = logging.getLogger("harbinger.crash")

_dialog: CrashDialog | None = None


class CrashDialog(QDialog):
    """Tells the player something went wrong, where the log is, and offers the details."""

    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Harbinger hit a problem")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Something went wrong inside Harbinger. Your library is saved as you go, so "
            "what you entered before this is kept. You can go on working, or close and "
            "reopen the app.\n\nIf you report the problem, please include the details "
            "below or the log file."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.log_label = QLabel(f"Log file: {log_path()}")
        self.log_label.setWordWrap(True)
        self.log_label.setTextInteractionFlags(
            self.log_label.textInteractionFlags() | _selectable()
        )
        layout.addWidget(self.log_label)
        self.details = QPlainTextEdit(details)
        self.details.setReadOnly(True)
        self.details.setMinimumSize(560, 220)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy details")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons

    def add_details(self, details: str) -> None:
        """Append another error's traceback (the dialog was still open)."""
        self.details.appendPlainText("\n" + details)

    def copy_details(self) -> None:
        """Put the details and the log's path on the clipboard, for a bug report."""
        QApplication.clipboard().setText(
            f"{self.details.toPlainText()}\nLog file: {log_path()}\n"
        )


def _selectable():
    from PySide6.QtCore import Qt

    return Qt.TextInteractionFlag.TextSelectableByMouse


def format_details(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> str:
    """The traceback text the dialog shows and the log keeps, with the app's version."""
    from harbinger import __version__

    lines = traceback.format_exception(exc_type, exc, tb)
    return f"Harbinger {__version__}, Python {sys.version.split()[0]}\n" + "".join(lines)


def report_exception(
    exc_type: type[BaseException], exc: BaseException, tb: TracebackType | None
) -> CrashDialog | None:
    """The excepthook: log the error and show (or extend) the crash dialog; returns it.

    Ctrl+C in a terminal keeps Python's own behaviour. With no QApplication
    (a headless command), only the log and stderr get the traceback.
    """
    global _dialog
    if issubclass(exc_type, KeyboardInterrupt):
        sys.__excepthook__(exc_type, exc, tb)
        return None
    details = format_details(exc_type, exc, tb)
    log.error("Unhandled error\n%s", details)
    sys.__excepthook__(exc_type, exc, tb)  # a terminal still shows it
    app = QApplication.instance()
    if app is None:
        return None
    try:
        if _dialog is not None and _dialog.isVisible():
            _dialog.add_details(details)
        else:
            _dialog = CrashDialog(details, app.activeWindow())
            _dialog.show()
        _dialog.raise_()
        return _dialog
    except Exception:  # never let the hook itself raise
        log.exception("Could not show the crash dialog")
        return None


def _thread_hook(args: threading.ExceptHookArgs) -> None:
    """Errors in worker threads: logged (widgets may only be touched on the main thread)."""
    if args.exc_type is SystemExit:
        return
    log.error(
        "Unhandled error in thread %s\n%s",
        getattr(args.thread, "name", "?"),
        "".join(traceback.format_exception(args.exc_type, args.exc_value, args.exc_traceback)),
    )


def install_excepthook() -> None:
    """Route uncaught errors to :func:`report_exception` (main thread) and the log (others)."""
    sys.excepthook = report_exception
    threading.excepthook = _thread_hook
