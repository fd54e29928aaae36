"""Slow work off the main thread: one serialized worker, results back by signal.

Imports, exports, example loading and PDF printing can take longer than a
frame. They run one at a time on a single background thread (so two jobs
never race on the library), and their result or exception comes back to the
main thread, where a failure reaches the user as a dialog unless the caller
handles it.

Python's cyclic garbage collector is paused while a job runs. Otherwise a
collection triggered by the job's allocations could run on the worker thread
and destroy Qt objects that belong to the main thread (left in reference
cycles by closed dialogs), which crashes Qt. Collection resumes, on the main
thread, as soon as the last job ends.
"""

from __future__ import annotations

import contextlib
import gc
import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot
from PySide6.QtWidgets import QWidget

_Held = tuple["TaskRunner", Callable[[Any], None] | None, Callable[[str], None] | None]
"""What a relay holds until its job's outcome is delivered: the runner and the callbacks."""


class _Relay(QObject):
    """Carries a job's outcome from the worker thread to the main thread.

    It holds the job's callbacks itself and answers its own signals with its
    own slots, so no Python callable sits in a Qt connection. That matters for
    when the callbacks are let go: a connection the worker thread is still
    emitting through when the job ends on the main thread is freed by Qt on
    the worker, a moment later (one finished job in 50 kept its callbacks
    past ``busy`` turning False). The relay drops them on the main thread
    before it calls them, so what a job's callbacks hold is freed as the job
    ends, whatever the worker is still doing.
    """

    succeeded = Signal(object)
    failed = Signal(str, str)  # message, traceback

    def __init__(
        self,
        runner: TaskRunner,
        title: str,
        on_done: Callable[[Any], None] | None,
        on_error: Callable[[str], None] | None,
    ) -> None:
        super().__init__()
        self._title = title
        self._held: _Held | None = (runner, on_done, on_error)
        self.succeeded.connect(self._deliver_result)
        self.failed.connect(self._deliver_failure)

    def _release(self) -> _Held | None:
        """Let go of the runner and the callbacks, returning them for this one call.

        None when the outcome was delivered already.
        """
        held, self._held = self._held, None
        return held

    @Slot(object)
    def _deliver_result(self, result: Any) -> None:
        held = self._release()
        if held is None:
            return
        runner, on_done, _ = held
        runner._finish(self)
        if on_done is not None:
            on_done(result)

    @Slot(str, str)
    def _deliver_failure(self, message: str, trace: str) -> None:
        held = self._release()
        if held is None:
            return
        runner, _, on_error = held
        runner._finish(self)
        if on_error is not None:
            on_error(message)
        else:
            runner._show_failure(self._title, message, trace)


class _Job(QRunnable):
    def __init__(self, work: Callable[[], Any], relay: _Relay) -> None:
        super().__init__()
        self._work = work
        self._relay = relay
        self.setAutoDelete(True)

    def run(self) -> None:
        try:
            result = self._work()
        except Exception as exc:  # a failed job must reach the user, whatever it was
            self._report(self._relay.failed, str(exc) or type(exc).__name__, traceback.format_exc())
        else:
            self._report(self._relay.succeeded, result)

    @staticmethod
    def _report(signal: Any, *args: Any) -> None:
        # The window may have gone away while the job ran (the app is quitting).
        with contextlib.suppress(RuntimeError):
            signal.emit(*args)


class TaskRunner(QObject):
    """Runs jobs one after another on a private thread pool of size one."""

    busy_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._pending = 0
        self._relays: set[_Relay] = set()
        self._gc_was_enabled = True
        self._dialog_parent = parent

    def pending(self) -> int:
        """Jobs queued or running."""
        return self._pending

    def run(
        self,
        title: str,
        work: Callable[[], Any],
        on_done: Callable[[Any], None] | None = None,
        on_error: Callable[[str], None] | None = None,
    ) -> None:
        """Run ``work()`` in the background; call ``on_done(result)`` on the main thread.

        A failure calls ``on_error(message)`` if given, else shows a warning dialog
        titled ``title``.
        """
        relay = _Relay(self, title, on_done, on_error)
        self._relays.add(relay)
        self._pending += 1
        if self._pending == 1:
            self._gc_was_enabled = gc.isenabled()
            gc.disable()
            self.busy_changed.emit(True)
        self._pool.start(_Job(work, relay))

    def _show_failure(self, title: str, message: str, trace: str) -> None:
        """A failed job nobody handles: a warning dialog with the traceback as its details."""
        from PySide6.QtWidgets import QMessageBox

        box = QMessageBox(QMessageBox.Icon.Warning, title, message, parent=self._dialog_parent)
        box.setDetailedText(trace)
        box.open()

    def _finish(self, relay: _Relay) -> None:
        self._relays.discard(relay)
        relay.deleteLater()
        self._pending -= 1
        if self._pending == 0:
            if self._gc_was_enabled:
                gc.enable()
            # A job may end after its window was closed and deleted: nobody to tell then.
            with contextlib.suppress(RuntimeError):
                self.busy_changed.emit(False)

    @property
    def busy(self) -> bool:
        """Whether a background job is still running (``busy_changed`` says when this flips)."""
        return self._pending > 0

    def wait(self, msecs: int = 30000) -> bool:
        """Block until every job finished (used when the window closes)."""
        return self._pool.waitForDone(msecs)
