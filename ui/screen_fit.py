"""Keep a top-level window inside the screen it is on (issue 16, item 1).

Every window of the app has to fit a 1280×800 screen and the same screen at
200% scaling (2560×1600 pixels, 1280×800 device-independent ones). The
windows get there by scroll areas, wrapping and modest minimum sizes; these
helpers then make sure a window's *frame* (title bar included) lies within
the screen's available area, shrinking and moving the window when a saved or
default size would reach past it.
"""

from __future__ import annotations

from PySide6.QtWidgets import QWidget

FRAME_GUESS = (16, 48)
"""Width and height a window manager's frame may add, assumed before the window is shown
(offscreen adds 4×4, a desktop's title bar about 30 pixels)."""


def available_size(widget: QWidget) -> tuple[int, int]:
    """The available width and height of the widget's screen (of the primary one if none)."""
    from PySide6.QtGui import QGuiApplication

    screen = widget.screen() or QGuiApplication.primaryScreen()
    area = screen.availableGeometry()
    return area.width(), area.height()


def initial_size(widget: QWidget, width: int, height: int) -> tuple[int, int]:
    """``width`` × ``height``, or less so that the framed window fits the screen."""
    screen_width, screen_height = available_size(widget)
    return (
        min(width, screen_width - FRAME_GUESS[0]),
        min(height, screen_height - FRAME_GUESS[1]),
    )


def fit_to_screen(widget: QWidget) -> None:
    """Shrink, then move, a shown top-level window so its frame lies within its screen.

    A window whose minimum size is larger than the screen cannot shrink below
    it; the windows of this app keep their minimums small for that reason.
    """
    from PySide6.QtGui import QGuiApplication

    screen = widget.screen() or QGuiApplication.primaryScreen()
    area = screen.availableGeometry()
    frame = widget.frameGeometry()
    inner = widget.geometry()
    extra_width = frame.width() - inner.width()
    extra_height = frame.height() - inner.height()
    width = min(inner.width(), area.width() - extra_width)
    height = min(inner.height(), area.height() - extra_height)
    if (width, height) != (inner.width(), inner.height()):
        widget.resize(width, height)
        frame = widget.frameGeometry()
    x = max(area.left(), min(frame.x(), area.left() + area.width() - frame.width()))
    y = max(area.top(), min(frame.y(), area.top() + area.height() - frame.height()))
    if (x, y) != (frame.x(), frame.y()):
        widget.move(x, y)
