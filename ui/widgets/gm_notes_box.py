"""GM notes on any game's character sheet (issue 31 item 6): the leader's, unseen by the player.

Shown only when the library lets this user read GM notes (a personal
library, or the Playgroup Leader of a shared one: ``Library.may_read_gm_notes``);
for a player the box is hidden and the note is never read. Saving runs the
named operation ``harbinger.app.gm_notes.plan_gm_note`` (the one each game's
``gm-note`` command runs), so Edit → Undo takes it back.

The box names no game: what it reads and writes through is a
:class:`GmNoteAccess` (The Contract's sheet operations, or
``ui.operations.gm_notes.WorkspaceGmNotes`` for the other games), and ``run``
is the sheet's way of running an edit and showing why it failed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from models.errors import LibraryError
from ui.widgets.common import heading

TITLE = "GM notes — not shown to the player"


class GmNoteAccess(Protocol):
    """Where a sheet reads and writes GM notes (the library the window has open)."""

    def may_read_gm_notes(self) -> bool:
        """True when this user may read and write GM notes."""

    def gm_note(self, character_id: str) -> Any:
        """The note on a character (``builder.core.gm_notes.GmNote``, empty when none)."""

    def set_gm_note(self, character_id: str, text: str) -> Any:
        """Replace the note's text as one undoable edit ("" removes it)."""


class GmNotesBox(QFrame):
    """A labelled text box for the GM-only note on the character shown, and its Save button.

    ``exports`` is the sentence saying which files carry the note (a game
    with a player copy says that copy leaves it out).
    """

    def __init__(
        self,
        access: GmNoteAccess,
        run: Callable[[Callable[[], Any]], Any],
        parent: QWidget | None = None,
        *,
        exports: str = "A full export of this character carries them.",
    ) -> None:
        super().__init__(parent)
        self.access = access
        self.run = run
        self.character_id = ""
        self.saved = ""
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("GM notes, not shown to the player")
        self.title = heading(TITLE, level=2)
        self.about = QLabel(
            "Only you (the Playgroup Leader, or this personal library's owner) can read "
            f"these. {exports}"
        )
        self.about.setWordWrap(True)
        self.signed = QLabel("")
        self.text = QPlainTextEdit()
        self.text.setTabChangesFocus(True)
        self.text.setAccessibleName("GM notes")
        self.text.setPlaceholderText("What the GM knows and the player does not…")
        self.text.setMinimumHeight(self.text.fontMetrics().height() * 4)
        self.save_button = QPushButton("Save &GM notes")
        self.save_button.setEnabled(False)
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 8, 10, 8)
        layout.addLayout(top)
        layout.addWidget(self.about)
        layout.addWidget(self.text)
        layout.addWidget(self.signed)
        self.text.textChanged.connect(self._changed)
        self.save_button.clicked.connect(self._save)
        self.hide()

    @property
    def contractor_id(self) -> str:
        """The character shown (the name The Contract's sheet has used)."""
        return self.character_id

    def show_for(self, character_id: str) -> None:
        """Show the note on this character, or hide the box when the user may not read it."""
        self.character_id = character_id
        if not self.access.may_read_gm_notes():
            self.saved = ""
            self.text.clear()
            self.hide()
            return
        try:
            note = self.access.gm_note(character_id)
        except LibraryError as exc:  # a busy shared server: say so where the note would be
            self.signed.setText(f"The GM notes could not be read: {exc}")
            self.text.setEnabled(False)
            self.show()
            return
        self.text.setEnabled(True)
        self.saved = note.text
        self.text.blockSignals(True)
        self.text.setPlainText(note.text)
        self.text.blockSignals(False)
        by = f" by {note.written_by}" if note.written_by else ""
        self.signed.setText(f"Written{by} on {note.date}." if not note.empty else "No GM notes.")
        self.save_button.setEnabled(False)
        self.show()

    def _changed(self) -> None:
        self.save_button.setEnabled(self.text.toPlainText().strip() != self.saved)

    def _save(self) -> None:
        character_id, text = self.character_id, self.text.toPlainText()
        self.run(lambda: self.access.set_gm_note(character_id, text))
