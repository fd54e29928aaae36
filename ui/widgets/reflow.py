"""A row of parts that stacks them one under another when it is too narrow for them.

Two columns of figures side by side need the width of both; with a big font
(the app font at 1.5×) on a 1280-pixel screen that forced the sheet wider than
its room, and the sheet scrolled sideways. A :class:`ReflowRow` asks only for
its widest part's width and puts its parts side by side whenever they fit.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QBoxLayout, QLayout, QWidget


class ReflowRow(QWidget):
    """Parts side by side while the row is wide enough for all of them, else stacked.

    Its minimum width is its widest part's, so it never forces its page wider;
    given more than the parts need side by side, it lays them out as a row.
    """

    def __init__(
        self, spacing: int = 48, stacked_spacing: int = 12, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self._spacing = spacing
        self._stacked_spacing = stacked_spacing
        self.box = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.box.setContentsMargins(0, 0, 0, 0)
        self.box.setSpacing(spacing)

    def add_layout(self, layout: QLayout, stretch: int = 0) -> None:
        """Add a part (a layout) after the others."""
        self.box.addLayout(layout, stretch)

    def add_widget(self, widget: QWidget, stretch: int = 0) -> None:
        """Add a part (a widget) after the others."""
        self.box.addWidget(widget, stretch)

    def side_by_side(self) -> bool:
        """Whether the parts are laid out as a row now (else one under another)."""
        return self.box.direction() == QBoxLayout.Direction.LeftToRight

    def _parts_min_widths(self) -> list[int]:
        items = (self.box.itemAt(i) for i in range(self.box.count()))
        return [item.minimumSize().width() for item in items if item is not None]

    def row_width(self) -> int:
        """The least width that holds every part side by side."""
        widths = self._parts_min_widths()
        return sum(widths) + self._spacing * max(len(widths) - 1, 0)

    def minimumSizeHint(self) -> QSize:
        """The widest part's width (stacked); the height of the current arrangement."""
        width = max(self._parts_min_widths(), default=0)
        return QSize(width, self.box.minimumSize().height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        # Once the resize is over: turning the box while a layout above is measuring
        # its labels' heights made Qt crash in a label's text layout.
        QTimer.singleShot(0, self, self._arrange_now)

    def _arrange_now(self) -> None:
        self._arrange(self.width())

    def _arrange(self, width: int) -> None:
        row = width >= self.row_width()
        if row == self.side_by_side():
            return
        if row:
            self.box.setDirection(QBoxLayout.Direction.LeftToRight)
            self.box.setSpacing(self._spacing)
        else:
            self.box.setDirection(QBoxLayout.Direction.TopToBottom)
            self.box.setSpacing(self._stacked_spacing)
        self.updateGeometry()
