"""Importing character files from the app: progress, a question per conflict, one transaction.

An import runs in two background jobs on the window's ``TaskRunner``:
``Library.read_import`` reads and checks every file and finds the characters
already in the library; the player then answers, for each of those, Replace,
Keep both (the copy gets a new id and a numbered name, "Ines Varga (2)") or
Skip, with "Do the same for the rest" to answer once for all, or cancels the
whole import; ``Library.import_batch`` then stores everything in one
transaction (issue 16, item 8).

A progress dialog follows both jobs through the library's ``progress``
callback (issue 13); its Cancel stops the import at the next file, and
since nothing is written until the last step, which is one transaction,
a cancelled import leaves the library exactly as it was.
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

    def __init__(self, conflict: ImportConflictInfo, remaining: int, parent: QWidget) -> None:
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
        self.for_all = QCheckBox(
            f"Do the same for the other {remaining} conflict{'s' if remaining != 1 else ''}",
            self,
        )
        self.for_all.setVisible(remaining > 0)
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
    or None when the import was cancelled or failed.
    """

    finished = Signal(object)

    def __init__(
        self,
        window: Any,
        paths: Sequence[Path],
        on_conflict: OnConflict | str | None = None,
    ) -> None:
        super().__init__(window)
        self.window = window
        self.library = window.workspace.library
        self.paths = list(paths)
        self.on_conflict = OnConflict(on_conflict) if on_conflict is not None else None
        self.cancelled = False
        self.decisions: dict[int, OnConflict] = {}
        self.batch: ImportBatch | None = None
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
        """Read and check the files in the background."""
        self.progress.setValue(0)
        paths = self.paths

        def read() -> ImportBatch:
            try:
                return self.library.read_import(paths, progress=self._report)
            except FileFormatError as exc:  # name the file: the message says what and where
                name = Path(exc.source).name if exc.source else ""
                raise ValueError(f"{name}: {exc}" if name else str(exc)) from None

        self.window.tasks.run("Could not import", read, self._read, self._failed)

    def _read(self, batch: ImportBatch) -> None:
        self.batch = batch
        if self.cancelled:
            self._end(None)
            return
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
        dialog = ConflictDialog(conflict, len(rest), self.window)
        dialog.replace.setEnabled(conflict.system == self._held_system(conflict))

        def answered(result: int) -> None:
            if result != QDialog.DialogCode.Accepted or dialog.choice is None:
                self.cancelled = True
                self._end(None)
                return
            self.decisions[conflict.index] = dialog.choice
            if dialog.for_all.isChecked():
                for other in rest:
                    allowed = dialog.choice is not OnConflict.REPLACE or (
                        other.system == self._held_system(other)
                    )
                    self.decisions[other.index] = dialog.choice if allowed else OnConflict.SKIP
                self._store()
            else:
                self._ask(rest)

        dialog.finished.connect(answered)
        self.window._show_dialog(dialog)

    def _held_system(self, conflict: ImportConflictInfo) -> str | None:
        """The game system of whatever holds the id (an earlier file of the same import: its)."""
        held = self.library.system_of(conflict.character_id)
        return held if held is not None else conflict.system

    def _store(self) -> None:
        """Store every file in one transaction, conflicts settled as answered."""
        batch = self.batch
        assert batch is not None
        decisions = dict(self.decisions)
        self.progress.setLabelText("Storing the characters…")
        self.progress.setValue(len(batch.files))
        self.window.tasks.run(
            "Could not import",
            lambda: self.library.import_batch(batch, decisions, progress=self._report),
            self._stored,
            self._failed,
        )

    def _stored(self, results: list[ImportResult]) -> None:
        self._end(results)

    def _failed(self, message: str) -> None:
        if self.cancelled:
            self._end(None)
            return
        self._close_progress()
        self.window.warn("Could not import", message)
        self.finished.emit(None)

    def _end(self, results: list[ImportResult] | None) -> None:
        self._close_progress()
        if results is None:
            self.window.statusBar().showMessage("Import cancelled: nothing was imported", 5000)
        self.finished.emit(results)

    def _close_progress(self) -> None:
        self.progress.reset()
        self.progress.hide()
        self.progress.deleteLater()

    # ------------------------------------------------------------------ progress

    def _report(self, phase: str, done: int, total: int) -> None:
        """The library's progress callback, on the worker thread: relay it, or stop."""
        if self.cancelled:
            raise ImportCancelled
        self.relay.step.emit(phase, done, total)

    @Slot(str, int, int)
    def _show_step(self, phase: str, done: int, total: int) -> None:
        if self.cancelled:
            return
        offset = total if phase == "storing" else 0
        noun = "file" if phase == "reading" else "character"
        verb = "Reading" if phase == "reading" else "Storing"
        self.progress.setLabelText(f"{verb} {noun}s… {done} of {total}")
        self.progress.setValue(offset + done)

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


def start_import(
    window: Any,
    paths: Sequence[Path],
    on_conflict: OnConflict | str | None = None,
    done: Callable[[list[ImportResult]], None] | None = None,
) -> ImportFlow:
    """Start importing ``paths`` into the window's library; ``done(results)`` when stored."""
    flow = ImportFlow(window, paths, on_conflict)
    if done is not None:
        flow.finished.connect(lambda results: results is not None and done(results))
    flow.start()
    return flow
