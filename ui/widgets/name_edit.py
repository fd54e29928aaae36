"""A one-line field for a name or title that can only hold what a name may show (issue 27).

A name with a right-to-left override reads reversed in the roster and the
CLI; a zero-width character or a pasted line break hides what it says. Files
holding such names are refused on read (``builder.core.names``); this field
makes sure the app itself never creates one: whatever is typed or pasted is
kept showable as it arrives (``builder.core.names.showable``), the cursor
staying where it was.
"""

from __future__ import annotations

from PySide6.QtWidgets import QLineEdit, QWidget

from builder.core.names import showable


class NameEdit(QLineEdit):
    """A ``QLineEdit`` whose text never holds a control, bidi or zero-width character."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(showable(text), parent)
        self.textChanged.connect(self._keep_showable)

    def _keep_showable(self, text: str) -> None:
        shown = showable(text)
        if shown == text:
            return
        cursor = self.cursorPosition()
        removed = len(text) - len(shown)
        self.blockSignals(True)
        self.setText(shown)
        self.blockSignals(False)
        self.setCursorPosition(max(0, cursor - removed))
        self.textChanged.emit(shown)
