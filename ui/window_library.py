"""The main window's library: opening one (in the background at start-up), the roster,
the example characters.

A mixin of :class:`ui.main_window.MainWindow`, which has the attributes used here
(``workspace``, ``roster``, ``tasks``, ``settings``, ...).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QTimer

from harbinger.shell.paths import is_url, library_url
from ui.roster_model import RosterLine
from ui.window_common import display_location, file_dialog, message_box
from ui.workspace import Change

FIRST_PAINT_FALLBACK_MS = 500
"""Start-up work waits for the first frame, but no longer than this (a window shown
minimized, or on a hidden desktop, may not paint for a long time)."""


def _open_library(url: str, rows: list[Any] | None = None) -> tuple[Any, list[Any]]:
    """Open a library and read its roster unless ``rows`` already are it (run off the main
    thread at start-up).

    The storage and rules layers are imported here, not at module level: they
    take most of a second to import, and the window should not wait for them. For the
    same reason this is where the desktop app registers the shipped games (its
    composition root for the rules layer; ``register_shipped`` is idempotent).
    """
    from builder.systems import register_shipped
    from models.library import Library

    register_shipped()

    library = Library.open(url)
    if rows is not None:
        return library, rows
    try:
        rows = library.roster()
    except BaseException:
        library.close()
        raise
    return library, rows


def _characters(window: Any, library: Any, ids: list[str]) -> bool:
    """True when every id is a character, shown in the roster or stored in the library: an
    edit names its character, but a change of several at once may name something else
    (the table Contract's own history), and then the whole roster is read again."""
    shown = {line.id for line in window.roster.lines()}
    return all(cid in shown or library.system_of(cid) is not None for cid in ids)


def _warm_sheet_catalog() -> None:
    """Load what the first sheet and the wizard need while the player looks around."""
    from ui.catalog import sheet_catalog

    sheet_catalog()


class LibraryMixin:
    """Opening libraries and showing their roster (part of the main window)."""

    _first_paint_work: list[Callable[[], None]] | None
    _start_work: list[Callable[[], None]] | None
    _picked_while_opening: tuple[str, bool] | None
    loading: bool
    playgroup_watch: Any

    def open_library(self, location: str) -> bool:
        """Open a library (file path or URL) now; on failure keep the current one and say why."""
        url = location if is_url(location) else library_url(location)
        try:
            library, rows = _open_library(url)
        except Exception as exc:
            self._open_failed(url, str(exc))
            return False
        self._library_opened(url, library, rows)
        return True

    def open_library_later(self, location: str) -> None:
        """Open a library in the background (at start-up): the window is usable meanwhile.

        The job starts once the window has painted its first frame: importing the
        storage and rules layers keeps the interpreter busy for most of a second,
        and running it alongside the first paint would hold that paint up.
        """
        url = location if is_url(location) else library_url(location)
        self.loading = True
        self._start_work = []
        self.roster.count_label.setText("Opening the library…")
        self.statusBar().showMessage(f"Opening {display_location(url)}…")

        def ignore(_message: str) -> None:
            """The quick roster and the warm-up are shortcuts; opening the library tells."""

        def open_now() -> None:
            self.tasks.run(
                "Could not open the library", lambda: _open_library(url, quick[0]), done, failed
            )
            self._run_start_work()

        def preview(rows: list[Any] | None) -> None:
            if rows is not None and self.loading:
                self.refresh_roster(rows)
                self.roster.paint_now()  # before the library's imports start on the worker
            # Only now the library: importing the storage and rules layers on the worker
            # holds the interpreter lock, and every call the roster's view makes into its
            # Python model while it lays out 10,000 rows would wait for it (issue 29).
            QTimer.singleShot(0, open_now)

        def quick_failed(_message: str) -> None:
            QTimer.singleShot(0, open_now)

        def done(result: tuple[Any, list[Any]]) -> None:
            self.loading = False
            self._library_opened(url, *result)
            self.tasks.run("Could not load the sheet catalog", _warm_sheet_catalog, None, ignore)

        def failed(message: str) -> None:
            self.loading = False
            self.refresh_roster([])
            self._open_failed(url, message)

        quick: list[list[Any] | None] = [None]  # written and read on the worker, in turn

        def read_quickly() -> list[Any] | None:
            # No SQLAlchemy (see the module), and plain tuples the roster shows as they are.
            from models.quick_roster import quick_roster_rows

            quick[0] = quick_roster_rows(url, RosterLine)  # the roster's own lines, made once
            return quick[0]

        def start() -> None:
            # The roster first, read with sqlite3 alone and shown, then the library (which
            # reads it again only when the quick read could not).
            self.tasks.run("Could not read the roster", read_quickly, preview, quick_failed)

        self.after_first_paint(start)

    def after_first_paint(self, work: Callable[[], None]) -> None:
        """Run ``work`` once the window's first frame is painted (at once if it already is).

        Waits at most :data:`FIRST_PAINT_FALLBACK_MS` after the first request, so
        a window that is not painted (shown minimized) still gets its work done.
        """
        if self._first_paint_work is None:
            work()
            return
        if not self._first_paint_work:
            QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, self._run_first_paint_work)
        self._first_paint_work.append(work)

    def after_start(self, work: Callable[[], None]) -> None:
        """Run ``work`` once start-up has put the window and the library's roster on screen
        (or found the roster unreadable without opening the library): right after the
        library starts opening in the background.

        For work the player need not wait for, which should hold up neither the first
        frame nor the roster: the window icon, the log file (whose job then queues behind
        the library's on the worker, not between the roster's quick read and its paint).
        Without a library opening at start-up this is :meth:`after_first_paint`.
        """
        pending = getattr(self, "_start_work", None)
        if pending is None:
            self.after_first_paint(work)
        else:
            pending.append(work)

    def _run_start_work(self) -> None:
        """Run what waited for the start-up's roster (once: later calls find nothing)."""
        pending, self._start_work = getattr(self, "_start_work", None), None
        for work in pending or ():
            work()

    def _run_first_paint_work(self) -> None:
        """Run what waited for the first frame (once: later calls find nothing)."""
        pending, self._first_paint_work = self._first_paint_work, None
        for work in pending or ():
            work()

    def _open_failed(self, url: str, message: str) -> None:
        self.roster.count_label.setText("")
        self.warn("Could not open the library", f"{display_location(url)}\n\n{message}")

    def _library_opened(self, url: str, library: Any, rows: list[Any]) -> None:
        self.remember_tabs()  # the library left behind keeps its tabs for next time
        self.workspace.set_library(library, url)
        self.settings.add_recent_library(url)
        self._show_nothing()
        self.refresh_roster(rows)
        self.statusBar().showMessage(f"Opened {display_location(url)}", 5000)
        first_look = not self.roster.lines() and not self.settings.examples_offered(url)
        if self.offer_examples and first_look:
            self.settings.mark_examples_offered(url)
            QTimer.singleShot(0, self.offer_example_characters)
        self._update_actions()
        picked, self._picked_while_opening = self._picked_while_opening, None
        if picked is not None and picked[0] in {line.id for line in self.roster.lines()}:
            (self.open_character if picked[1] else self.show_contractor)(picked[0])
        else:
            self.restore_tabs(url)
        self._watch_playgroup()
        self.library_opened.emit(url)

    def _watch_playgroup(self) -> None:
        """Make the window's :class:`ui.playgroup_watch.PlaygroupWatch` (once), which listens
        for ``library_opened``: not with the window, as it has nothing to do before a library
        is open, and its module, class and status-bar label cost the first frame 1 ms."""
        if getattr(self, "playgroup_watch", None) is None:
            from ui.playgroup_watch import PlaygroupWatch

            self.playgroup_watch = PlaygroupWatch(self)  # type: ignore[arg-type]

    def choose_library(self) -> None:
        path, _filter = file_dialog().getOpenFileName(
            self, "Open Library", "", "Harbinger libraries (*.sqlite3 *.sqlite *.db);;All files (*)"
        )
        if path:
            self.open_library(path)

    def choose_new_library(self) -> None:
        path, _filter = file_dialog().getSaveFileName(
            self, "New Library", "library.sqlite3", "Harbinger libraries (*.sqlite3)"
        )
        if path:
            self.open_library(path)

    def refresh_roster(
        self, rows: list[Any] | None = None, ids: list[str] | None = None
    ) -> None:
        """Show the library's roster (``rows`` when already read); with ``ids``, read and
        remake only those characters' lines (after an edit of one character)."""
        library = self.workspace.library
        if rows is None:
            from models.errors import LibraryBusy

            try:
                if ids is not None and library is not None and _characters(self, library, ids):
                    self.roster.update_rows(library.roster(ids), ids)
                else:
                    rows = library.roster() if library is not None else []
            except LibraryBusy as exc:  # a member holds a lock: say so, keep the rows shown
                self.status_label.setText("The shared library is busy")
                self._show_dialog(
                    message_box(self, "Warning", "The shared library is busy", str(exc))
                )
                return
        if rows is not None:
            self.roster.set_rows(rows)
        count = self.roster.character_count()
        self.status_label.setText(f"{count} character{'s' if count != 1 else ''}")

    def offer_example_characters(self) -> None:
        """Ask once per library whether to fill an empty roster with the example characters."""
        box = message_box(
            self,
            "Question",
            "An empty library",
            "This library has no characters yet. Load the example contractors so you can look "
            "around? One example of every other game comes too (a Covenant character, a This "
            "Mortal Coil spacefarer, a chronicle of The Coven). You can delete them later.",
            ("Yes", "No"),
        )
        box.button(box.StandardButton.Yes).setText("&Load examples")
        box.button(box.StandardButton.No).setText("&Start empty")
        box.accepted.connect(self.load_examples)
        self._show_dialog(box)

    def load_examples(self) -> None:
        library = self.workspace.library
        self.tasks.run(
            "Could not load the examples",
            library.load_examples,
            lambda _result: self._library_updated("Loaded the example characters"),
        )

    def _library_updated(self, message: str) -> None:
        self.workspace.clear_history()
        self.workspace.notify(Change(name=message))
        self.statusBar().showMessage(message, 5000)
