"""The main window on a playgroup's shared library: who you are, and others' saves (issue 14).

``PlaygroupWatch`` sits beside the main window and waits for its
``library_opened`` signal. On a shared library (``Library.member`` is set):

- the status bar shows "Connected as Dana (leader)" (a personal library
  shows nothing: there is nobody else);
- a thread listens for the server's save notifications
  (``models.playgroup.listen``); within a fraction of a second of another
  member's save, the roster is read again, and an open sheet of that
  character is reloaded — only when the stored version is newer than the
  one this window last read or wrote, so the window's own saves never
  reload anything (and never clear its undo history).

A save of yours that conflicts with theirs still follows the "nothing lost"
rule of ``models.concurrency``: refused with Reload offered.
"""

from __future__ import annotations

import threading
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel, QMainWindow

REFRESH_DELAY_MS = 150
"""Saves arriving together (a batch import) are refreshed once."""


class PlaygroupWatch(QObject):
    """Status-bar identity and live refresh for one main window."""

    saved = Signal(str)
    """A character id another connection saved (emitted from the listening thread)."""
    ready = Signal()
    """The listening connection is up (emitted from the listening thread)."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.label = QLabel(window.statusBar())
        self.label.setObjectName("connectedAs")
        window.statusBar().addPermanentWidget(self.label)
        self.label.hide()
        self._stop: threading.Event | None = None
        self.listening = threading.Event()
        """Set once the server's notifications are being heard."""
        self._pending: set[str] = set()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(REFRESH_DELAY_MS)
        self._timer.timeout.connect(self._refresh)
        self.saved.connect(self._queue)
        self.ready.connect(self._listening)
        window.library_opened.connect(self._opened)  # type: ignore[attr-defined]
        window.destroyed.connect(self._stop_listening)

    # ----------------------------------------------------------------------- connecting

    def _library(self) -> Any:
        workspace = getattr(self.window, "workspace", None)
        return getattr(workspace, "library", None)

    def _opened(self, _url: str) -> None:
        self._stop_listening()
        library = self._library()
        member = getattr(library, "member", None)
        if member is None:
            self.label.hide()
            return
        self.label.setText(f"Connected as {member.shown}")
        self.label.setToolTip(
            "A playgroup's shared library: you change your own characters; "
            "others' saves appear here as they happen"
        )
        self.label.show()
        stop = threading.Event()
        self._stop = stop
        self.listening.clear()
        thread = threading.Thread(
            target=_listen, args=(library.url, stop, self.saved.emit, self.ready.emit), daemon=True
        )
        thread.start()

    def _stop_listening(self, *_args: object) -> None:
        if self._stop is not None:
            self._stop.set()
            self._stop = None

    # ----------------------------------------------------------------------- refreshing

    def _listening(self) -> None:
        """Connected (or reconnected): read the roster once, for saves made meanwhile."""
        self.listening.set()
        if self._library() is not None:
            self.window.refresh_roster()  # type: ignore[attr-defined]

    def _queue(self, character_id: str) -> None:
        self._pending.add(character_id)
        if not self._timer.isActive():
            self._timer.start()

    def _refresh(self) -> None:
        ids, self._pending = self._pending, set()
        library = self._library()
        if library is None:
            return
        others = [i for i in ids if library.stored_version(i) != library.seen_version(i)]
        if not others:
            return  # only this window's own saves
        # Only their lines are read and remade (issue 29): a 10,000 roster stays cheap.
        self.window.refresh_roster(ids=sorted(others))  # type: ignore[attr-defined]
        shown = self.open_character()
        if shown in others and library.seen_version(shown) is not None:
            self.window.reload_character(shown)  # type: ignore[attr-defined]

    def open_character(self) -> str | None:
        """The id of the character whose sheet the window shows, if any."""
        sheet = getattr(self.window, "game_sheet", None)
        if sheet is not None and getattr(sheet, "character_id", None):
            return str(sheet.character_id)
        contractor = getattr(self.window, "contractor", None)
        return str(contractor.id) if contractor is not None else None


def _listen(url: str, stop: threading.Event, emit: Any, ready: Any) -> None:
    from models.playgroup import listen

    listen(url, stop, emit, ready)
