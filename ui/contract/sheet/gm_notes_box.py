"""The Story tab's GM notes (issue 31 item 6): the leader's own text, never the player's to see.

Shown only when the library lets this user read GM notes (a personal
library, or the Playgroup Leader of a shared one: ``Library.may_read_gm_notes``);
for a player the box is hidden and the note is never read. Saving runs the
named operation ``harbinger.app.contract.gm_notes.plan_gm_note`` (the one
``harbinger contractor gm-note`` runs), so Edit → Undo takes it back.
"""

from __future__ import annotations

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
from ui.contract.sheet.base import SheetHost
from ui.widgets.common import heading

TITLE = "GM notes — not shown to the player"


class GmNotesBox(QFrame):
    """A labelled text box for the GM-only note on the contractor shown, and its Save button."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.contractor_id = ""
        self.saved = ""
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("GM notes, not shown to the player")
        self.title = heading(TITLE, level=2)
        self.about = QLabel(
            "Only you (the Playgroup Leader, or this personal library's owner) can read "
            "these. A player copy export leaves them out."
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

    def show_for(self, contractor_id: str) -> None:
        """Show the note on this contractor, or hide the box when the user may not read it."""
        self.contractor_id = contractor_id
        if not self.host.ops.may_read_gm_notes():
            self.saved = ""
            self.text.clear()
            self.hide()
            return
        try:
            note = self.host.ops.gm_note(contractor_id)
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
        contractor_id, text = self.contractor_id, self.text.toPlainText()
        self.host.run(lambda: self.host.ops.set_gm_note(contractor_id, text))
