"""Rating dots, the way a paper sheet shows an Attribute or Ability: ●●●○○.

The widget only displays a number it is given; it never decides what a
rating may be. ``maximum`` is the number of circles drawn (5 for most traits,
6 when a 6th rank is held or possible).

Where a rating may be set freely (the creation wizard, before any Exp is
earned), ``set_editable(True)`` makes the dots a control: clicking the n-th
dot asks for rating n (clicking the last filled dot asks for one less, so a
rating can go back down to 0), and the arrow keys, Home and End do the same
from the keyboard. The widget only emits ``picked``; its owner applies the
value through builder, which may refuse it, and shows the result with
``set_value``.
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QKeyEvent, QMouseEvent, QPainter, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget


class Dots(QWidget):
    """A row of ``maximum`` circles with the first ``value`` filled."""

    picked = Signal(int)
    """An editable row asks for this rating (click or key); the owner decides."""

    def __init__(self, value: int = 0, maximum: int = 5, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._value = value
        self._maximum = maximum
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._editable = False
        self._update_text()

    def set_editable(self, editable: bool) -> None:
        """Let clicks and keys ask for a rating (``picked``), or show the rating only."""
        self._editable = editable
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus if editable else Qt.FocusPolicy.NoFocus)
        self.setCursor(
            Qt.CursorShape.PointingHandCursor if editable else Qt.CursorShape.ArrowCursor
        )

    def editable(self) -> bool:
        return self._editable

    def dot_at(self, x: float) -> int:
        """The 1-based dot under ``x`` (0 left of the first, ``maximum`` right of the last)."""
        d = self._diameter()
        step = d + d * 0.35
        return max(0, min(self._maximum, int((x - 1) // step) + 1)) if x >= 1 else 0

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if not (self._editable and self.isEnabled()) or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        dot = self.dot_at(event.position().x())
        self.picked.emit(dot - 1 if dot == self._value else dot)
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        wanted = {
            Qt.Key.Key_Right: self._value + 1,
            Qt.Key.Key_Up: self._value + 1,
            Qt.Key.Key_Left: self._value - 1,
            Qt.Key.Key_Down: self._value - 1,
            Qt.Key.Key_Home: 0,
            Qt.Key.Key_End: self._maximum,
        }.get(Qt.Key(event.key()))
        if not self._editable or wanted is None:
            super().keyPressEvent(event)
            return
        self.picked.emit(max(0, min(self._maximum, wanted)))
        event.accept()

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
        if self._editable and self.hasFocus():
            pen.setColor(palette.color(QPalette.ColorRole.Highlight))
        painter.setPen(pen)
        for i in range(self._maximum):
            rect = QRectF(1 + i * (d + gap), y, d - 1, d - 1)
            if i < self._value:
                painter.setBrush(fill)
            else:
                painter.setBrush(QColor(0, 0, 0, 0))
            painter.drawEllipse(rect)
        painter.end()
