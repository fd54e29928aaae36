"""The one way a page scrolls: a widget inside a frameless area that scrolls only when it must."""

from __future__ import annotations

from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


def scrolling(widget: QWidget) -> QScrollArea:
    """``widget`` inside a frameless scroll area that scrolls only when it must.

    The area's own minimum size is small, so a wide or tall sheet never makes the
    window grow past the screen (issue 16, item 1): at 1280×800, or at 200% scaling,
    a part that does not fit scrolls instead. (The Dice dock's narrow panel of wrapped
    text has its own area, :class:`ui.widgets.panel_scroll.PanelScroll`.)
    """
    area = QScrollArea()
    area.setWidgetResizable(True)
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setWidget(widget)
    return area
