"""A dialog never shorter than its wrapped lines need at the width it is given.

Qt holds a window to its layout's least size as measured with no width in mind;
a word-wrapped label (a dialog's help note, its preview) needs more lines the
narrower it is, and a window's height does not follow its layout's
height-for-width. Dragged to its least width with the app font at 1.5× or 2×,
the Therapy and Declare Death dialogs cut their help note by a line or more.
:func:`keep_lines_whole` holds the window to ``totalMinimumHeightForWidth`` of the
width it has, as :class:`ui.widgets.panel_scroll.PanelScroll` holds a panel.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget


class _WholeLines(QObject):
    """Watches a window's resizes and layout requests; fits its least height after each."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window
        self._due = False  # a fit is asked for once the events in hand are handled

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # Fitted once the events of this change are handled: a fit from inside the
        # resize it causes would see a width about to change.
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize) and not self._due:
            self._due = True
            QTimer.singleShot(0, self, self.fit)
        return False

    def fit(self) -> None:
        """The window's least height: what its layout needs at its width (and no less
        than the layout's own least height)."""
        self._due = False
        layout = self._window.layout()
        if layout is None:
            return
        need = layout.totalMinimumSize().height()
        if layout.hasHeightForWidth():
            need = max(need, layout.totalMinimumHeightForWidth(self._window.width()))
        if self._window.minimumHeight() != need:
            self._window.setMinimumHeight(need)


def keep_lines_whole(window: QWidget) -> None:
    """Hold ``window`` (a dialog with wrapped text) to the height its lines need at its width."""
    window.installEventFilter(_WholeLines(window))
