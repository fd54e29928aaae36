"""The Print dialog and the roster print, with a preview and progress (issue 16 items 6, 10).

``PrintDialog`` asks what to print for the open character: the full sheet or,
for a game that has them (``printing.systems``), the compact sheet for the
table (two pages), its cards (Gift cards, trait cards, as its printer names
them) or a blank sheet for pencil play; and the paper. "Preview…" writes the
PDF exactly as it will be saved and shows its real pages, zoomed and paged
(``ui.print_preview``); "Save PDF…" goes on to choose the file. The command
line prints the same four (``harbinger sheet pdf``: ``--compact``, ``--cards``,
``--blank``).

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
from ui.widgets.whole_lines import keep_lines_whole

PAPERS = (("US Letter", "letter"), ("A4", "a4"))
FULL = "Full sheet"
COMPACT = "Compact sheet (two pages for the table)"
BLANK = "Blank sheet for pencil play"

KINDS = ("full", "compact", "cards", "blank")
"""What the Print dialog can print, by key: the sheet, the short sheet, cards, a blank sheet."""


def print_kinds(character: Any, many: bool = False) -> list[tuple[str, str]]:
    """(label, key) of what can be printed for ``character``: the full sheet, and the
    compact sheet, cards and blank sheet its game prints (``many``: a whole roster,
    full or compact)."""
    if many:
        return [(FULL, "full"), (COMPACT, "compact")]
    from printing.systems import printer_for

    found = printer_for(character)
    kinds = [(FULL, "full")]
    if found.compact is not None:
        kinds.append((COMPACT, "compact"))
    if found.cards is not None:
        kinds.append((found.cards_name[:1].upper() + found.cards_name[1:], "cards"))
    if found.blank is not None:
        kinds.append((BLANK, "blank"))
    return kinds


def file_suffix(kind: str, label: str) -> str:
    """What a printed file's suggested name adds for ``kind``: " (compact)", " (Gift cards)"."""
    return {"full": "", "compact": " (compact)", "blank": " (blank sheet)"}.get(
        kind, f" ({label})"
    )


def has_compact(character: Any) -> bool:
    """Whether the character's game prints a compact sheet."""
    from printing.systems import printer_for

    return printer_for(character).compact is not None


def write_sheet(
    system_id: str, character: Any, path: Path, paper: str, compact: bool = False, kind: str = ""
) -> Path:
    """Write what was chosen to ``path`` (off the main thread) and return ``path``: the
    game's own sheet, or (``kind``, or ``compact``) its compact sheet, cards or blank sheet."""
    kind = kind or ("compact" if compact else "full")
    if kind == "full":
        from ui.systems import system_ui

        return system_ui(system_id).print_pdf(character, path, paper)
    _print_kind(kind, system_id, character, path, paper)
    return path


def _print_kind(kind: str, system_id: str, character: Any, out: Any, paper: str) -> int:
    """Print one of ``printing.systems``' prints of ``character`` to ``out``; its pages."""
    from printing import systems

    if kind == "compact":
        return systems.print_sheet(character, out, paper, compact=True)  # type: ignore[arg-type]
    if kind == "cards":
        return systems.print_cards(character, out, paper)  # type: ignore[arg-type]
    if kind == "blank":
        return systems.print_blank(system_id, out, paper)  # type: ignore[arg-type]
    if kind == "full":
        return systems.print_sheet(character, out, paper)  # type: ignore[arg-type]
    raise ValueError(f"nothing to print called {kind!r} ({', '.join(KINDS)})")


def sheet_bytes(character: Any, paper: str, compact: bool | str = False) -> bytes:
    """The PDF exactly as Save would write it, in memory (for the preview); ``compact`` is
    True for the compact sheet, or one of :data:`KINDS`."""
    from builder.core.registry import system_for_character

    kind = compact if isinstance(compact, str) else ("compact" if compact else "full")
    out = io.BytesIO()
    _print_kind(kind, system_for_character(character).id, character, out, paper)
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
        for label, key in print_kinds(character, many or character is None):
            self.kind.addItem(label, key)
        self.kind.setToolTip(
            "The compact sheet puts a contractor on two pages for the table, each Gift "
            "with its System Text where it fits (a text that does not fit is on its Gift "
            "card). The blank sheet is for pencil play."
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
        keep_lines_whole(self)

    def compact(self) -> bool:
        return self.chosen() == "compact"

    def chosen(self) -> str:
        """What to print: one of :data:`KINDS`."""
        return str(self.kind.currentData())

    def chosen_label(self) -> str:
        """What to print, as the list says it ("Gift cards")."""
        return self.kind.currentText()

    def paper_name(self) -> str:
        return str(self.paper.currentData())

    def show_preview(self) -> PreviewDialog:
        """Write the PDF in memory and show its pages; Save there saves it as chosen here."""
        data = sheet_bytes(self.character, self.paper_name(), self.chosen())
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
