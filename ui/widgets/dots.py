"""Rating dots, the way a paper sheet shows an Attribute or Ability: ●●●○○.

The widget only displays a number it is given; it never decides what a
rating may be. ``maximum`` is the number of circles drawn (5 for most traits,
6 when a 6th rank is held or possible).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget


class Dots(QWidget):
    """A row of ``maximum`` circles with the first ``value`` filled."""

    def __init__(self, value: int = 0, maximum: int = 5, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._value = value
        self._maximum = maximum
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._update_text()

    def value(self) -> int:
        return self._value

    def maximum(self) -> int:
        return self._maximum

    def set_value(self, value: int, maximum: int | None = None) -> None:
        """Show ``value`` filled dots (and resize to ``maximum`` circles if given)."""
        if maximum is not None and maximum != self._maximum:
            self._maximum = maximum
            self.updateGeometry()
        self._value = value
        self._update_text()
        self.update()

    def _update_text(self) -> None:
        text = f"{self._value} of {self._maximum}"
        self.setAccessibleName(text)
        self.setAccessibleDescription(text)

    def _diameter(self) -> float:
        # Follow the font so the dots grow with the user's font and scale factor.
        return max(8.0, self.fontMetrics().height() * 0.72)

    def sizeHint(self) -> QSize:
        d = self._diameter()
        gap = d * 0.35
        width = int(self._maximum * d + (self._maximum - 1) * gap + 2)
        return QSize(width, int(self.fontMetrics().height() + 2))

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: object) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        d = self._diameter()
        gap = d * 0.35
        y = (self.height() - d) / 2
        palette = self.palette()
        ink = palette.color(QPalette.ColorRole.WindowText)
        fill = palette.color(QPalette.ColorRole.Highlight)
        if not self.isEnabled():
            fill = palette.color(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText)
        pen = QPen(ink)
        pen.setWidthF(max(1.0, d / 9))
        painter.setPen(pen)
        for i in range(self._maximum):
            rect = QRectF(1 + i * (d + gap), y, d - 1, d - 1)
            if i < self._value:
                painter.setBrush(fill)
            else:
                painter.setBrush(QColor(0, 0, 0, 0))
            painter.drawEllipse(rect)
        painter.end()
