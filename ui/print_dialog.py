"""The Print dialog and the roster print, with a preview and progress (issue 16 items 6, 10).

``PrintDialog`` asks what to print for the open character: the full sheet or,
for a game that has one, the compact sheet for the table (two pages), and the
paper. "Preview…" writes the PDF exactly as it will be saved and shows its
real pages (``ui.print_preview``); "Save PDF…" goes on to choose the file.

``RosterPrint`` prints every character of the library into a folder, one file
each, on every core (``printing.systems.render_roster``), with a progress
dialog fed per sheet whose Cancel stops the batch (files already written are
kept). Both end with ``ui.feedback.announce_written``.
"""

from __future__ import annotations

import io
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QObject, Qt, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMainWindow,
    QProgressDialog,
    QVBoxLayout,
    QWidget,
)

from ui.feedback import announce_written
from ui.print_preview import PreviewDialog

PAPERS = (("US Letter", "letter"), ("A4", "a4"))
FULL = "Full sheet"
COMPACT = "Compact sheet (two pages for the table)"


def has_compact(character: Any) -> bool:
    """Whether the character's game prints a compact sheet."""
    from printing.systems import printer_for

    return printer_for(character).compact is not None


def write_sheet(system_id: str, character: Any, path: Path, paper: str, compact: bool) -> Path:
    """Write the sheet to ``path`` (off the main thread): the game's own print, or its
    compact sheet; returns ``path``."""
    if compact:
        from printing.systems import print_sheet

        print_sheet(character, path, paper, compact=True)  # type: ignore[arg-type]
        return path
    from ui.systems import system_ui

    return system_ui(system_id).print_pdf(character, path, paper)


def sheet_bytes(character: Any, paper: str, compact: bool) -> bytes:
    """The PDF exactly as Save would write it, in memory (for the preview)."""
    from printing.systems import print_sheet

    out = io.BytesIO()
    print_sheet(character, out, paper, compact=compact)  # type: ignore[arg-type]
    return out.getvalue()


class PrintDialog(QDialog):
    """Choose the sheet and the paper; preview the real pages; go on to save."""

    def __init__(
        self, character: Any, name: str, parent: QWidget | None = None, *, many: bool = False
    ) -> None:
        super().__init__(parent)
        self.character = character
        self.name = name
        self.preview: PreviewDialog | None = None
        self.setWindowTitle("Print sheets" if many else f"Print {name}")
        self.kind = QComboBox()
        self.kind.addItem(FULL)
        if many or (character is not None and has_compact(character)):
            self.kind.addItem(COMPACT)
        self.kind.setToolTip(
            "The compact sheet puts a contractor on two pages for the table; the Gifts are "
            "in short form, their full System Text is on the Gift cards."
        )
        self.paper = QComboBox()
        for label, value in PAPERS:
            self.paper.addItem(label, value)
        form = QFormLayout()
        form.addRow("&Sheet", self.kind)
        form.addRow("&Paper", self.paper)
        self.buttons = QDialogButtonBox()
        self.preview_button = self.buttons.addButton(
            "Pre&view…", QDialogButtonBox.ButtonRole.ActionRole
        )
        self.preview_button.setVisible(not many)
        self.save_button = self.buttons.addButton(
            "Choose a folder…" if many else "&Save PDF…", QDialogButtonBox.ButtonRole.AcceptRole
        )
        self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.preview_button.clicked.connect(self.show_preview)
        layout = QVBoxLayout(self)
        if many:
            note = QLabel("One PDF per character, printed on every processor core.")
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addLayout(form)
        layout.addWidget(self.buttons)

    def compact(self) -> bool:
        return self.kind.currentText() == COMPACT

    def paper_name(self) -> str:
        return str(self.paper.currentData())

    def show_preview(self) -> PreviewDialog:
        """Write the PDF in memory and show its pages; Save there saves it as chosen here."""
        data = sheet_bytes(self.character, self.paper_name(), self.compact())
        self.preview = PreviewDialog(self.name, data, self)
        self.preview.accepted.connect(self.accept)
        self.preview.open()
        return self.preview


class Cancelled(Exception):
    """The user stopped a roster print; the sheets already written stay."""


class _Progress(QObject):
    """Carries progress from the print thread to the dialog on the main thread."""

    advanced = Signal(int, int)


class RosterPrint(QObject):
    """Print every character of the library into a folder, showing progress per sheet."""

    finished = Signal(list)
    """Emitted with the paths written (also after a cancel, with those kept)."""

    def __init__(self, window: QMainWindow, tasks: Any) -> None:
        super().__init__(window)
        self.window = window
        self.tasks = tasks
        self.stop = threading.Event()
        self.progress = QProgressDialog("Printing sheets…", "Cancel", 0, 0, window)
        self.progress.setWindowTitle("Printing sheets")
        self.progress.setWindowModality(Qt.WindowModality.WindowModal)
        self.progress.setMinimumDuration(0)
        self.progress.canceled.connect(self.stop.set)
        self._relay = _Progress()
        self._relay.advanced.connect(self._advance)
        self.written: list[Path] = []

    def _advance(self, done: int, total: int) -> None:
        self.progress.setMaximum(total)
        self.progress.setValue(done)
        self.progress.setLabelText(f"Printing sheets… {done} of {total}")

    def run(
        self,
        load: Callable[[], list[Any]],
        folder: Path,
        paper: str,
        compact: bool,
    ) -> None:
        """Print the characters ``load()`` gives (called off the main thread) into ``folder``."""
        from printing.systems import render_roster

        def report(done: int, total: int) -> None:
            self._relay.advanced.emit(done, total)
            if self.stop.is_set():
                raise Cancelled

        started = time.time() - 1

        def work() -> list[Path]:
            try:
                characters = load()
                return render_roster(characters, folder, paper, report, compact=compact)  # type: ignore[arg-type]
            except Cancelled:
                # The pool keeps the sheets it finished: name those written by this print.
                return sorted(p for p in folder.glob("*.pdf") if p.stat().st_mtime >= started)

        self.progress.show()
        self.tasks.run("Could not print the sheets", work, self._done, self._failed)

    def _done(self, paths: list[Path]) -> None:
        self.progress.reset()
        self.progress.hide()
        self.written = list(paths)
        if paths:
            what = "sheets" if not self.stop.is_set() else "sheets before the stop"
            announce_written(self.window, what, paths)
        else:
            self.window.statusBar().showMessage("No sheets printed.", 8000)
        self.finished.emit(self.written)

    def _failed(self, message: str) -> None:
        self.progress.reset()
        self.progress.hide()
        self.window.statusBar().showMessage(f"Could not print the sheets: {message}", 8000)
        self.finished.emit([])
