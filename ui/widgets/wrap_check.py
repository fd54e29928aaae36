"""A check box whose text wraps, for narrow panels (the Dice dock at 1280 pixels or 200%).

Qt's QCheckBox draws its text on one line and asks for its whole width, so in a
narrow dock a long rule ("Totally unencumbered, physical action: +1 die") is
cut off at the edge and widens the form past the dock. :class:`WrapCheck` is a
QCheckBox in every other way (text, toggled, blockSignals), but lays its text
out in as many lines as the width given needs, and asks for that height.
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QPaintEvent, QPalette
from PySide6.QtWidgets import QCheckBox, QSizePolicy, QStyle, QStyleOptionButton, QStylePainter

_FLAGS = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop | Qt.TextFlag.TextWordWrap


class WrapCheck(QCheckBox):
    """A QCheckBox whose text wraps to the width it is given."""

    def __init__(self, text: str = "", parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(text, parent)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _indicator(self) -> QRect:
        option = QStyleOptionButton()
        self.initStyleOption(option)
        return self.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, self)

    def _text_left(self) -> int:
        spacing = self.style().pixelMetric(QStyle.PixelMetric.PM_CheckBoxLabelSpacing)
        return self._indicator().right() + 1 + spacing

    def _shown_text(self) -> str:
        return self.text().replace("&&", "\0").replace("&", "").replace("\0", "&")

    def _text_height(self, width: int) -> int:
        bounds = QRect(0, 0, max(1, width - self._text_left()), 100000)
        return self.fontMetrics().boundingRect(bounds, int(_FLAGS), self._shown_text()).height()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return max(self._indicator().height(), self._text_height(width)) + 2

    def sizeHint(self) -> QSize:
        width = self._text_left() + self.fontMetrics().horizontalAdvance(self._shown_text())
        width = min(width, self._text_left() + self.fontMetrics().averageCharWidth() * 30)
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        widest = max(
            (self.fontMetrics().horizontalAdvance(w) for w in self._shown_text().split()),
            default=0,
        )
        width = self._text_left() + widest
        return QSize(width, self.heightForWidth(width))

    def hitButton(self, pos: QPoint) -> bool:
        return self.rect().contains(pos)

    def paintEvent(self, _event: QPaintEvent) -> None:
        painter = QStylePainter(self)
        option = QStyleOptionButton()
        self.initStyleOption(option)
        option.rect = self._indicator()
        painter.drawPrimitive(QStyle.PrimitiveElement.PE_IndicatorCheckBox, option)
        role = QPalette.ColorRole.WindowText
        group = QPalette.ColorGroup.Active if self.isEnabled() else QPalette.ColorGroup.Disabled
        painter.setPen(self.palette().color(group, role))
        text_rect = self.rect().adjusted(self._text_left(), 1, 0, 0)
        painter.drawText(text_rect, int(_FLAGS), self._shown_text())
        if self.hasFocus():
            focus = QStyleOptionButton()
            self.initStyleOption(focus)
            focus.rect = text_rect
            painter.drawPrimitive(QStyle.PrimitiveElement.PE_FrameFocusRect, focus)
