"""Background jobs (``ui.tasks.TaskRunner``): a finished job keeps nothing alive.

A job's callbacks were once held by closures connected to its relay: a cycle
through Qt that Python's collector cannot see, so every window that ever ran a
job (opening its library does) stayed in memory after it closed. Cutting the
connections was not enough either: a connection the worker thread was still
emitting through was freed there a moment after the job ended, so a check made
the moment the runner was idle found the callbacks held (one job in about 50).
The relay now holds the callbacks itself and lets them go on the main thread.
"""

from __future__ import annotations

import gc
import weakref
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from ui.main_window import MainWindow
from ui.settings import AppSettings
from ui.tasks import TaskRunner


def _delete_and_collect() -> None:
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    gc.collect()


class _Token:
    """Something a job's callbacks hold on to."""


ROUNDS = 60
"""Jobs each test runs. Checked the moment the runner says it is idle, the callbacks were
still held, by a connection the worker thread freed in its last moments, after about one
job in 50."""


def _run_until_idle(qtbot, runner: TaskRunner, *job) -> None:
    """Run a job and return the moment the runner says it is idle (``busy_changed(False)``)."""
    with qtbot.waitSignal(runner.busy_changed, check_params_cb=lambda busy: not busy):
        runner.run(*job)


def test_a_finished_job_lets_go_of_its_callbacks(qtbot, app: QApplication) -> None:
    """As soon as the runner is idle, not once the worker thread gets round to it."""
    runner = TaskRunner()
    for _ in range(ROUNDS):
        token = _Token()
        held = weakref.ref(token)
        results: list[tuple[int, bool]] = []

        def done(result: int, t: _Token = token, out: list = results, h=held) -> None:
            out.append((result, t is h()))

        _run_until_idle(qtbot, runner, "Sum", lambda: 3 + 4, done)
        del token, done
        assert results == [(7, True)]
        _delete_and_collect()
        assert held() is None


def test_a_failed_job_lets_go_of_its_callbacks(qtbot, app: QApplication) -> None:
    """As soon as the runner is idle, not once the worker thread gets round to it."""
    runner = TaskRunner()

    def fail() -> None:
        raise ValueError("no such file")

    for _ in range(ROUNDS):
        token = _Token()
        held = weakref.ref(token)
        messages: list[str] = []

        def failed(message: str, t: _Token = token, out: list = messages) -> None:
            out.append(message)

        _run_until_idle(qtbot, runner, "Read", fail, None, failed)
        del token, failed
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


def test_a_failed_job_nobody_handles_shows_a_warning_with_its_traceback(
    qtbot, app: QApplication
) -> None:
    parent = QWidget()
    qtbot.addWidget(parent)
    runner = TaskRunner(parent)

    def fail() -> None:
        raise ValueError("no such file")

    _run_until_idle(qtbot, runner, "Read the archive", fail)
    box = parent.findChild(QMessageBox)
    assert box is not None
    assert (box.windowTitle(), box.text()) == ("Read the archive", "no such file")
    assert box.icon() is QMessageBox.Icon.Warning
    assert 'raise ValueError("no such file")' in box.detailedText()
    box.close()
