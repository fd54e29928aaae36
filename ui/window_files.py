"""The main window's files: importing and exporting characters, printing sheets, deleting.

A mixin of :class:`ui.main_window.MainWindow`. What depends on the game (how a
character prints or is deleted) is looked up in :mod:`ui.systems`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ui.window_common import file_dialog, message_box


def _file_stem(name: str) -> str:
    """A file name the save dialogs suggest for a character: its name with separators,
    leading dots and reserved characters made harmless (a name is never a path)."""
    from printing.common.roster import safe_stem

    return safe_stem(name)


def _gm_note_free_copy(system_id: str, noun: str) -> Any:
    """The player copy of a game that keeps only the GM note from the player: the file
    without it (``harbinger.app.gm_notes``); returns what it left out."""

    def write(library: Any, character_id: str, path: Path) -> str:
        from harbinger.app.gm_notes import export_character

        done = export_character(library, character_id, path, system_id, noun, for_player=True)
        return done.left_out_words()

    return write


class FilesMixin:
    """Import, export, print and delete (part of the main window)."""

    def choose_import(self) -> None:
        paths, _filter = file_dialog().getOpenFileNames(
            self,
            "Import Characters",
            "",
            "Character files and website archives (*.json *.md *.txt);;All files (*)",
        )
        if paths:
            self.import_files([Path(p) for p in paths])

    def import_file(self, path: Path, on_conflict: str | None = None) -> None:
        """Import one character file (see ``import_files``)."""
        self.import_files([path], on_conflict)

    def import_files(
        self, paths: list[Path], on_conflict: str | None = None, batch_size: int | None = None
    ) -> None:
        """Import character files in the background with progress (``ui.importing``).

        A character already in the library is asked about (replace, keep both,
        skip) unless ``on_conflict`` answers for all; the roster shows the
        result and selects the first character stored. Files go in a batch of
        ``batch_size`` (default ``IMPORT_BATCH_FILES``) at a time, each batch
        all or nothing.
        """
        from ui.importing import IMPORT_BATCH_FILES, import_report, start_import, summary

        def done(results: list[Any]) -> None:
            self._library_updated(summary(results))
            stored = [r for r in results if r.action != "skipped"]
            if stored:
                self.roster.select(stored[0].contractor_id)
            report = import_report(results)
            if report:
                self._show_dialog(message_box(self, "Information", "Import report", report))

        size = IMPORT_BATCH_FILES if batch_size is None else batch_size
        self.import_flow = start_import(self, paths, on_conflict, done, size)

    def shown_character(self) -> Any:
        """The character value on screen, of whichever game system, or None.

        Every game's sheet has ``character``: the value it shows (None on a tab
        whose character has left the library).
        """
        return getattr(self.shown_page(), "character", None)

    def _shown_identity(self) -> tuple[Any, Any] | None:
        """(game system, identity) of the character on screen, from the registry."""
        character = self.shown_character()
        if character is None:
            return None
        from builder.core.registry import system_for_character

        system = system_for_character(character)
        return system, system.identity(character)

    def _suggested_name(self) -> str | None:
        shown = self._shown_identity()
        if shown is None:
            return None
        system, identity = shown
        return identity.name or system.noun

    def choose_export(self) -> None:
        name = self._suggested_name()
        if name is None:
            return
        path, _filter = file_dialog().getSaveFileName(
            self, "Export Character", f"{_file_stem(name)}.json", "Character files (*.json)"
        )
        if path:
            self.export_file(Path(path))

    def export_file(self, path: Path) -> None:
        library = self.workspace.library
        character = self.shown_character()
        if library is None or character is None:
            return
        cid = character.id
        self.tasks.run(
            "Could not export",
            lambda: library.export_file(cid, path),
            lambda _r: self._exported(path),
        )

    def choose_export_player_copy(self) -> None:
        """File → Export Player Copy…: the shown character's file for its player, without
        what only the GM sees (each game's ``SystemUi.player_copy``; by default the GM
        note)."""
        shown = self._shown_identity()
        library = self.workspace.library
        if shown is None or library is None:
            return
        system, identity = shown
        suggested = f"{_file_stem(identity.name or system.noun)} (player copy).json"
        from ui import window_common  # looked up now: tests put a chooser in its place

        path, _filter = window_common.file_dialog().getSaveFileName(
            self, "Export Player Copy", suggested, "Character files (*.json)"
        )
        if not path:
            return
        from ui.systems import system_ui

        write = system_ui(system.id).player_copy or _gm_note_free_copy(system.id, system.noun)
        cid = identity.id

        def done(left_out: str) -> None:
            from ui.feedback import announce_written

            status = f"Player copy, {left_out}"  # as the CLI says it: "(player copy, ...)"
            announce_written(self, "the player copy", [Path(path)], status=status)

        self.tasks.run(
            "Could not export the player copy",
            lambda: write(library, cid, Path(path)),
            done,
        )

    def _exported(self, path: Path) -> None:
        """Say where the character file went, with Open buttons (ui.feedback)."""
        from ui.feedback import announce_written

        announce_written(self, "the character file", [path], status=f"Exported to {path}")

    def choose_print(self) -> None:
        """The Print dialog (ui.print_dialog): sheet kind, paper, preview; then the file."""
        name = self._suggested_name()
        if name is None:
            return
        from ui.print_dialog import PrintDialog

        dialog = PrintDialog(self.shown_character(), name, self)
        dialog.accepted.connect(lambda: self._save_print(dialog, name))
        self._show_dialog(dialog)

    def _save_print(self, dialog: Any, name: str) -> None:
        """The Print dialog said Save: choose the file and print to it."""
        from ui.print_dialog import file_suffix

        # Read before the file dialog: the Print dialog closes meanwhile.
        kind, label, paper = dialog.chosen(), dialog.chosen_label(), dialog.paper_name()
        suffix = file_suffix(kind, label)
        path, _chosen = file_dialog().getSaveFileName(
            self, "Print PDF", f"{_file_stem(name)}{suffix}.pdf", "PDF files (*.pdf)"
        )
        if path:
            self.print_pdf(Path(path), paper, kind=kind, label=label)

    def print_pdf(
        self,
        path: Path,
        paper: str = "letter",
        *,
        compact: bool = False,
        kind: str = "",
        label: str = "",
    ) -> None:
        """Write the open character's sheet as a PDF in the background, as its system prints.

        ``kind`` (``ui.print_dialog.KINDS``; ``compact`` stands for "compact") prints the
        game's short sheet for the table, its cards or a blank sheet instead
        (``printing.systems``); ``label`` names it in the message ("Gift cards").
        """
        shown = self._shown_identity()
        if shown is None:
            return
        from ui.print_dialog import write_sheet

        kind = kind or ("compact" if compact else "full")
        character = self.shown_character()
        owner = shown[1].name or shown[0].noun
        what = {
            "full": f"{owner}'s sheet",
            "compact": f"{owner}'s compact sheet",
            "blank": "the blank sheet",
        }.get(kind, f"{owner}'s {label or kind}")
        self.statusBar().showMessage(f"Printing {path.name}…")
        self.tasks.run(
            "Could not print",
            lambda: write_sheet(shown[0].id, character, path, paper, kind=kind),
            lambda written: self._printed(written, what),
        )

    def _printed(self, path: Path, what: str = "the sheet") -> None:
        """Say where the PDF went (with Open buttons) and open it in the system's PDF viewer."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from ui.feedback import announce_written

        announce_written(self, what, [path], status=f"Saved {path}")
        if self.open_printed:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def choose_print_roster(self) -> None:
        """Print every character of the library into a folder, with progress (ui.print_dialog)."""
        if self.workspace.library is None:
            return
        from ui.print_dialog import PrintDialog

        dialog = PrintDialog(None, "every character", self, many=True)
        dialog.accepted.connect(lambda: self._save_roster_print(dialog))
        self._show_dialog(dialog)

    def _save_roster_print(self, dialog: Any) -> None:
        """The roster Print dialog said go on: choose the folder and print into it."""
        compact, paper = dialog.compact(), dialog.paper_name()  # the dialog closes meanwhile
        library = self.workspace.library
        folder = file_dialog().getExistingDirectory(self, "Print every sheet into")
        if folder and library is not None:
            from ui.print_dialog import RosterPrint

            self.roster_print = RosterPrint(self, self.tasks)
            self.roster_print.run(
                lambda: [library.load(entry.id) for entry in library.roster()],
                Path(folder),
                paper,
                compact,
            )

    def confirm_delete(self) -> None:
        """Ask, then delete the character on screen as one undoable operation of its system."""
        shown = self._shown_identity()
        if shown is None:
            return
        from ui.systems import system_ui

        system, identity = shown
        character = self.shown_character()
        delete = system_ui(system.id).delete
        box = message_box(
            self,
            "Warning",
            f"Delete {system.noun}",
            f"Delete {identity.name or system.noun} from this library? You can undo this with "
            "Edit → Undo until you close the library.",
            ("Ok", "Cancel"),
        )
        box.button(box.StandardButton.Ok).setText("&Delete")
        box.accepted.connect(lambda: self.run_operation(lambda: delete(self.workspace, character)))
        self._show_dialog(box)
