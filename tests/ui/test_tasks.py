"""Background jobs (``ui.tasks.TaskRunner``): a finished job keeps nothing alive.

Each job's relay is connected to the runner's ``done`` and ``failed`` closures,
which hold the relay, the runner and the caller's callbacks. Left connected, that
cycle runs through Qt, where Python's collector cannot see it: every window that
ever ran a job (opening its library does) stayed in memory after it closed.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication

from ui.main_window import MainWindow
from ui.settings import AppSettings
from ui.tasks import TaskRunner


def _delete_and_collect() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


class _Token:
    """Something a job's callbacks hold on to."""


def test_a_finished_job_lets_go_of_its_callbacks(qtbot, app: QApplication) -> None:
    runner = TaskRunner()
    token = _Token()
    held = weakref.ref(token)
    results: list[tuple[int, bool]] = []
    runner.run("Sum", lambda: 3 + 4, lambda result, t=token: results.append((result, t is held())))
    del token
    qtbot.waitUntil(lambda: not runner.busy)
    assert results == [(7, True)]
    _delete_and_collect()
    assert held() is None


def test_a_failed_job_lets_go_of_its_callbacks(qtbot, app: QApplication) -> None:
    runner = TaskRunner()
    token = _Token()
    held = weakref.ref(token)
    messages: list[str] = []

    def fail() -> None:
        raise ValueError("no such file")

    runner.run("Read", fail, on_error=lambda message, t=token: messages.append(message))
    del token
    qtbot.waitUntil(lambda: not runner.busy)
    assert messages == ["no such file"]
    _delete_and_collect()
    assert held() is None


def _open_and_close(qtbot, app: QApplication, library_path: Path) -> weakref.ref[MainWindow]:
    """Open a window on a library (a background job), close it as the app does, and
    return a weak reference to it."""
    window = MainWindow(AppSettings(), str(library_path), offer_examples=False, open_printed=False)
    window.show()
    qtbot.waitUntil(lambda: not window.loading, timeout=20000)
    assert window.workspace.library is not None
    window.close()  # waits for the jobs still running; their results are delivered next
    app.processEvents()
    window.deleteLater()
    return weakref.ref(window)


def test_a_closed_window_that_opened_its_library_is_freed(
    qtbot, app: QApplication, library_path: Path
) -> None:
    freed = _open_and_close(qtbot, app, library_path)
    _delete_and_collect()
    assert freed() is None
