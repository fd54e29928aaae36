"""A one-line label that never changes its height: a longer text ends in "…" and the
whole text is its tooltip. For messages that appear beside controls (a reason a
choice is unavailable) without moving the rows below under the pointer."""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget


class ElidedLabel(QLabel):
    """One line of plain text, cut with "…" to the room it has; :meth:`text` is the whole."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._full = ""
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)
        # Takes the room the row leaves it; never asks for more.
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        self.setText(text)

    def setText(self, text: str) -> None:
        """Show ``text`` on one line (line breaks read as "; "), the whole as the tooltip."""
        if text == self._full:
            return
        self._full = text
        self.setToolTip(text)
        self._elide()

    def text(self) -> str:
        """The whole text, as set (not the shortened one shown)."""
        return self._full

    def minimumSizeHint(self) -> QSize:
        return QSize(0, self.fontMetrics().height())

    def sizeHint(self) -> QSize:
        return QSize(self.fontMetrics().horizontalAdvance(self._full), self.fontMetrics().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def _elide(self) -> None:
        one_line = self._full.replace("\n", "; ")
        shown = self.fontMetrics().elidedText(one_line, Qt.TextElideMode.ElideRight, self.width())
        super().setText(shown)
