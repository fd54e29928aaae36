"""Importing character files from the app: progress, a question per conflict, batches.

An import goes through its files a batch at a time (``IMPORT_BATCH_FILES``,
as ``Library.import_files`` and the CLI do), each batch in two background
jobs on the window's ``TaskRunner``: ``Library.read_import`` reads and checks
the batch's files and finds the characters already in the library; the
player then answers, for each of those, Replace, Keep both (the copy gets a
new id and a numbered name, "Ines Varga (2)") or Skip, with "Do the same for
the rest" to answer once for every conflict still to come in the import, or
cancels; ``Library.import_batch`` then stores the batch in one transaction
(issue 16, item 8), and the batch's read files are let go before the next
batch is read, so memory is bounded by the batch size, not by the number of
files (issue 29).

A progress dialog follows the jobs through the library's ``progress``
callback (issue 13); its Cancel stops the import at the next file. Each
batch is all or nothing: the batches stored before a Cancel (or a bad file)
stay stored, nothing of the current one is written, and the dialog and the
closing message say so. An import of at most one batch, which is every
import of fewer than 1,000 files, therefore leaves the library exactly as it
was when cancelled.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QProgressDialog,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.core.registry import FileFormatError
from models.library import IMPORT_BATCH_FILES
from models.values import ImportBatch, ImportConflictInfo, ImportResult, OnConflict

PROGRESS_DELAY_MS = 400
"""An import shorter than this shows no progress dialog at all."""


class ImportCancelled(Exception):
    """Raised from the progress callback when the player pressed Cancel."""

    def __init__(self) -> None:
        super().__init__("the import was cancelled; nothing was imported")


class _Relay(QObject):
    """Carries progress from the worker thread to the dialog on the main thread."""

    step = Signal(str, int, int)


class ConflictDialog(QDialog):
    """Asks what to do with one file whose character is already in the library.

    ``choice`` is the answer once the dialog is accepted (None when the
    player cancels the whole import); ``for_all`` says it applies to every
    conflict still to come.
    """

    def __init__(
        self,
        conflict: ImportConflictInfo,
        remaining: int,
        parent: QWidget,
        *,
        more_later: bool = False,
    ) -> None:
        """``remaining``: conflicts still to ask about in this batch; ``more_later``: batches
        of the same import are still to be read (so more conflicts may come)."""
        super().__init__(parent)
        self.setWindowTitle("Already in the library")
        self.conflict = conflict
        self.choice: OnConflict | None = None
        source = Path(conflict.source).name
        same = conflict.held_name == conflict.name
        held = "" if same else f" (stored as “{conflict.held_name}”)"
        self.message = QLabel(
            f"“{conflict.name}” from {source} is already in the library{held}.\n\n"
            "Replace the stored character with the file's, keep both (the file's becomes "
            "a new character with a numbered name), or skip this file?",
            self,
        )
        self.message.setWordWrap(True)
        self.replace = QPushButton("&Replace", self)
        self.keep_both = QPushButton("&Keep both", self)
        self.skip = QPushButton("&Skip", self)
        buttons = QDialogButtonBox(self)
        for button in (self.replace, self.keep_both, self.skip):
            buttons.addButton(button, QDialogButtonBox.ButtonRole.AcceptRole)
        self.cancel = buttons.addButton("Cancel import", QDialogButtonBox.ButtonRole.RejectRole)
        self.keep_both.setDefault(True)
        others = f"the other {remaining} conflict{'s' if remaining != 1 else ''}"
        if more_later:
            others = "every other conflict of this import"
        self.for_all = QCheckBox(f"Do the same for {others}", self)
        self.for_all.setVisible(remaining > 0 or more_later)
        layout = QVBoxLayout(self)
        layout.addWidget(self.message)
        layout.addWidget(self.for_all)
        layout.addWidget(buttons)
        for button, choice in (
            (self.replace, OnConflict.REPLACE),
            (self.keep_both, OnConflict.KEEP_BOTH),
            (self.skip, OnConflict.SKIP),
        ):
            button.clicked.connect(lambda _checked=False, c=choice: self._choose(c))
        self.cancel.clicked.connect(self.reject)

    def _choose(self, choice: OnConflict) -> None:
        self.choice = choice
        self.accept()


class ImportFlow(QObject):
    """One import of character files into the window's library (see the module docstring).

    ``on_conflict`` answers every conflict without asking (a caller that
    already knows, such as opening a file); ``finished`` carries the results,
    or None when the import was cancelled or failed before any batch was
    stored (after one was, it carries those batches' results).
    ``batch_read`` carries each batch once read, before it is stored: the
    files it holds are all the import holds (to watch memory, issue 29).
    """

    finished = Signal(object)
    batch_read = Signal(object)

    def __init__(
        self,
        window: Any,
        paths: Sequence[Path],
        on_conflict: OnConflict | str | None = None,
        batch_size: int = IMPORT_BATCH_FILES,
    ) -> None:
        super().__init__(window)
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        self.window = window
        self.library = window.workspace.library
        self.paths = list(paths)
        self.batch_size = batch_size
        self.on_conflict = OnConflict(on_conflict) if on_conflict is not None else None
        self.cancelled = False
        self.decisions: dict[int, OnConflict] = {}
        self.batch: ImportBatch | None = None
        self.first = 0
        """Place in ``paths`` of the current batch's first file."""
        self.results: list[ImportResult] = []
        """Results of the batches stored so far."""
        self.relay = _Relay(self)
        self.relay.step.connect(self._show_step)
        total = len(self.paths)
        self.progress = QProgressDialog("Reading the files…", "Cancel", 0, 2 * total, window)
        self.progress.setWindowTitle("Importing")
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(PROGRESS_DELAY_MS)
        self.progress.setAutoReset(False)
        self.progress.setAutoClose(False)
        self.progress.canceled.connect(self._cancel)

    # ------------------------------------------------------------------ steps

    def start(self) -> None:
        """Read and check the first batch in the background."""
        self.progress.setValue(0)
        self._read_next()

    def _batch_paths(self) -> list[Path]:
        return self.paths[self.first : self.first + self.batch_size]

    def _read_next(self) -> None:
        """Read the batch starting at ``first``, or end when every batch is stored."""
        if self.first >= len(self.paths):
            self._end(self.results)
            return
        paths, first = self._batch_paths(), self.first

        def read() -> ImportBatch:
            try:
                return self.library.read_import(paths, progress=self._report, first=first)
            except FileFormatError as exc:  # name the file: the message says what and where
                name = Path(exc.source).name if exc.source else ""
                raise ValueError(f"{name}: {exc}" if name else str(exc)) from None

        self.window.tasks.run("Could not import", read, self._read, self._failed)

    def _read(self, batch: ImportBatch) -> None:
        self.batch = batch
        self.batch_read.emit(batch)
        if self.cancelled:
            self._end(None)
            return
        self.decisions = {}
        if self.on_conflict is not None:
            self.decisions = {c.index: self.on_conflict for c in batch.conflicts}
            self._store()
        else:
            self._ask(list(batch.conflicts))

    def _ask(self, conflicts: list[ImportConflictInfo]) -> None:
        """One question per conflict, until all are answered (or one answer covers the rest)."""
        if not conflicts:
            self._store()
            return
        conflict, rest = conflicts[0], conflicts[1:]
        self.progress.hide()
        more_later = self.first + self.batch_size < len(self.paths)
        dialog = ConflictDialog(conflict, len(rest), self.window, more_later=more_later)
        dialog.replace.setEnabled(conflict.system == self._held_system(conflict))

        def answered(result: int) -> None:
            if result != QDialog.DialogCode.Accepted or dialog.choice is None:
                self.cancelled = True
                self._end(None)
                return
            self.decisions[conflict.index] = dialog.choice
            if dialog.for_all.isChecked():
                self.on_conflict = dialog.choice  # the later batches' conflicts too
                for other in rest:
                    self.decisions[other.index] = self._allowed(dialog.choice, other)
                self._store()
            else:
                self._ask(rest)

        dialog.finished.connect(answered)
        self.window._show_dialog(dialog)

    def _allowed(self, choice: OnConflict, conflict: ImportConflictInfo) -> OnConflict:
        """``choice`` for ``conflict``, or Skip when it would replace another game's character."""
        if choice is OnConflict.REPLACE and conflict.system != self._held_system(conflict):
            return OnConflict.SKIP
        return choice

    def _held_system(self, conflict: ImportConflictInfo) -> str | None:
        """The game system of whatever holds the id (an earlier file of the same import: its)."""
        held = self.library.system_of(conflict.character_id)
        return held if held is not None else conflict.system

    def _store(self) -> None:
        """Store the batch in one transaction, conflicts settled as answered."""
        batch = self.batch
        assert batch is not None
        if self.on_conflict is not None:
            for conflict in batch.conflicts:
                chosen = self.decisions.get(conflict.index, self.on_conflict)
                self.decisions[conflict.index] = self._allowed(chosen, conflict)
        decisions = dict(self.decisions)
        self.progress.setLabelText(self._label("Storing the characters…"))
        self.progress.setValue(2 * self.first + len(batch.files))
        first = self.first

        def store() -> list[ImportResult]:
            def step(phase: str, done: int, _batch_total: int) -> None:
                self._report(phase, first + done, len(self.paths))

            return self.library.import_batch(batch, decisions, progress=step)

        self.window.tasks.run("Could not import", store, self._stored, self._failed)

    def _stored(self, results: list[ImportResult]) -> None:
        """One batch in: let its files go, then read the next."""
        self.results += results
        self.batch = None
        self.first += self.batch_size
        if self.cancelled:
            self._end(None)
            return
        self._read_next()

    def _failed(self, message: str) -> None:
        self.batch = None
        if self.cancelled:
            self._end(None)
            return
        self._close_progress()
        if self.results:
            message += (
                f"\n\nThe {len(self.results)} files of the batches before it were imported; "
                "nothing of the batch that failed was."
            )
            self.finished.emit(self.results)
        else:
            self.finished.emit(None)
        self.window.warn("Could not import", message)

    def _end(self, results: list[ImportResult] | None) -> None:
        self._close_progress()
        if results is None and self.results:
            # Cancelled after some batches went in: they stay, and the roster shows them.
            self.finished.emit(self.results)
            self.window.statusBar().showMessage(
                f"Import cancelled: the {len(self.results)} files of the batches already "
                "stored were imported, nothing of the rest",
                5000,
            )
            return
        if results is None:
            self.window.statusBar().showMessage("Import cancelled: nothing was imported", 5000)
        self.finished.emit(results)

    def _close_progress(self) -> None:
        self.progress.reset()
        self.progress.hide()
        self.progress.deleteLater()

    # ------------------------------------------------------------------ progress

    def _report(self, phase: str, done: int, total: int) -> None:
        """The library's progress callback, on the worker thread: relay it, or stop.

        ``done`` and ``total`` count over the whole import (``read_import``
        is given ``first``; the storing step adds it).
        """
        if self.cancelled:
            raise ImportCancelled
        self.relay.step.emit(phase, done, total)

    def _label(self, text: str) -> str:
        """The progress dialog's text, with what Cancel keeps when there are several batches."""
        if len(self.paths) <= self.batch_size:
            return text
        return (
            f"{text}\nEach batch of {self.batch_size:,} files is stored whole or not at all; "
            "Cancel keeps the batches already stored."
        )

    @Slot(str, int, int)
    def _show_step(self, phase: str, done: int, total: int) -> None:
        if self.cancelled:
            return
        # Each file counts twice on the bar, once read and once stored; batch by batch.
        batch = len(self._batch_paths())
        value = self.first + done if phase == "reading" else self.first + batch + done
        noun = "file" if phase == "reading" else "character"
        verb = "Reading" if phase == "reading" else "Storing"
        self.progress.setLabelText(self._label(f"{verb} {noun}s… {done} of {total}"))
        self.progress.setValue(value)

    def _cancel(self) -> None:
        self.cancelled = True


def summary(results: Sequence[ImportResult]) -> str:
    """The status-bar line after an import: "Imported 3 characters (1 kept both, 1 skipped)"."""
    stored = [r for r in results if r.action != "skipped"]
    counts: dict[str, int] = {}
    for result in results:
        if result.action != "created":
            counts[result.action] = counts.get(result.action, 0) + 1
    text = f"Imported {len(stored)} character{'s' if len(stored) != 1 else ''}"
    if len(stored) == 1 and len(results) == 1:
        text = f"Imported {stored[0].name}"
    details = ", ".join(f"{n} {action}" for action, n in sorted(counts.items()))
    return f"{text} ({details})" if details else text


def import_report(results: Sequence[ImportResult]) -> str:
    """What the imported files could not say in the rules' values (a website archive's
    Battle Scar tiers, Effects the catalog lacks), by character; "" when nothing."""
    parts = [
        f"{r.name}:\n" + "\n".join(f"  • {line}" for line in r.report)
        for r in results
        if r.report and r.action != "skipped"
    ]
    if not parts:
        return ""
    return (
        "Imported as written, but these need the Playgroup Leader's look (the audit lists "
        "them too):\n\n" + "\n\n".join(parts)
    )


def start_import(
    window: Any,
    paths: Sequence[Path],
    on_conflict: OnConflict | str | None = None,
    done: Callable[[list[ImportResult]], None] | None = None,
    batch_size: int = IMPORT_BATCH_FILES,
) -> ImportFlow:
    """Start importing ``paths`` into the window's library; ``done(results)`` when stored
    (after a Cancel or a failure, with the batches stored before it, if any)."""
    flow = ImportFlow(window, paths, on_conflict, batch_size)
    if done is not None:
        flow.finished.connect(lambda results: results is not None and done(results))
    flow.start()
    return flow
