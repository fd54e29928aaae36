"""A line of figures ("Exp available 47 · Gift Credits 3 · …") that wraps between them.

A word-wrapped label breaks at the spaces around each "·", so a narrow sheet (the
app font at 1.5×) showed one figure a line, each but the last ending in a "·" that
separated it from nothing. A :class:`FigureLine` puts as many figures on a line as
its width holds, the "·" only between figures on the same line.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

SEPARATOR = "   ·   "
"""What stands between two figures on one line."""


class FigureLine(QLabel):
    """Figures side by side with :data:`SEPARATOR` between them, a new line where one
    more would not fit; never narrower than its widest figure."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._figures: tuple[str, ...] = ()
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(False)  # the lines are broken here, between figures
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def set_figures(self, figures: Sequence[str]) -> None:
        """Show ``figures``, as many a line as the label's width holds."""
        self._figures = tuple(figures)
        self._arrange(self.width())
        self.updateGeometry()

    def lines(self, width: int) -> list[str]:
        """The figures' lines at ``width`` pixels (a figure wider than that has its own)."""
        room = width - self.contentsMargins().left() - self.contentsMargins().right()
        metrics = self.fontMetrics()
        lines: list[str] = []
        for figure in self._figures:
            joined = f"{lines[-1]}{SEPARATOR}{figure}" if lines else figure
            if lines and metrics.horizontalAdvance(joined) <= room:
                lines[-1] = joined
            else:
                lines.append(figure)
        return lines

    def _arrange(self, width: int) -> None:
        text = "\n".join(self.lines(width))
        if text != self.text():
            self.setText(text)

    def _height(self, count: int) -> int:
        margins = self.contentsMargins().top() + self.contentsMargins().bottom()
        return self.fontMetrics().lineSpacing() * max(count, 1) + margins

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._height(len(self.lines(width)))

    def sizeHint(self) -> QSize:
        """All the figures on one line."""
        margins = self.contentsMargins().left() + self.contentsMargins().right()
        line = SEPARATOR.join(self._figures)
        return QSize(self.fontMetrics().horizontalAdvance(line) + margins, self._height(1))

    def minimumSizeHint(self) -> QSize:
        """The widest figure, on the lines that width gives."""
        margins = self.contentsMargins().left() + self.contentsMargins().right()
        widest = max((self.fontMetrics().horizontalAdvance(f) for f in self._figures), default=0)
        return QSize(widest + margins, self.heightForWidth(widest + margins))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._arrange(event.size().width())
