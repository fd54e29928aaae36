"""What the player sees when the app hits a bug: a dialog, not a silent stderr (issue 17).

:func:`install_excepthook` replaces ``sys.excepthook`` (exceptions escaping a
Qt slot on the main thread end there). The hook writes the traceback to the log
file (:mod:`harbinger.shell.logs`) and shows :class:`CrashDialog`: what happened, the
log's path, and "Copy details" to paste the traceback into a bug report. A
second error while the dialog is open adds its traceback to the same dialog
instead of stacking windows. The dialog's module is imported when first needed,
so installing the hook at start-up costs the first frame nothing.
"""

from __future__ import annotations

import logging
import sys
import threading
import traceback
from types import TracebackType
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from ui.crash_dialog import CrashDialog

log = logging.getLogger("harbinger.crash")

_dialog: CrashDialog | None = None


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
            from ui.crash_dialog import CrashDialog

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
