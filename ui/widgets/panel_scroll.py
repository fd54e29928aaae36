"""A scroll area for a narrow side panel of wrapped text (the Dice dock).

Qt gives the page of a resizable scroll area the height its layout asks for
*before* it knows the width; word-wrapped labels (and :class:`WrapCheck`)
need more lines the narrower they are, so at a dock's width they got the
height of fewer lines than they wrap to and were cut short (a Battle Scar's
words, the pool). Qt's layout overview says as much: a wrapped label's height
depends on its width, and only height-for-width layouts know it. A
:class:`PanelScroll` works that height out for the width the page really
gets, ``layout().totalHeightForWidth(width)``, and holds the page to it, so
each wrapped line is shown and the panel scrolls down when the screen is
shorter. It never scrolls sideways: it asks for its page's least width.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QSize, Qt, QTimer
from PySide6.QtWidgets import QFrame, QWidget

from ui.widgets.down_scroll import DownScroll


class PanelScroll(DownScroll):
    """``panel`` scrolling down only, its wrapped lines whole, about ``ems`` "M" wide.

    Its width is ``ems`` "M" of the panel's font (so it follows a bigger font),
    or the panel's least width when that is more: a maximum never below the
    minimum, on every platform, and nothing cut at the right edge.
    """

    def __init__(self, panel: QWidget, ems: int, parent: QWidget | None = None) -> None:
        super().__init__(panel, parent)
        self._ems = ems
        self._due = False  # a fit is asked for once the events in hand are handled
        self.setFrameShape(QFrame.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self._fit()

    def wanted_width(self) -> int:
        """The width the area asks for: ``ems`` "M", or the panel's least width if more."""
        panel = self.widget()
        if panel is None:
            return super().sizeHint().width()
        ems = panel.fontMetrics().horizontalAdvance("M") * self._ems
        least = panel.minimumSizeHint().width()
        return max(ems, least) + self.verticalScrollBar().sizeHint().width()

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        return QSize(self.wanted_width(), hint.height())

    def viewportEvent(self, event: QEvent) -> bool:
        # The panel's layout changed (a longer pool line, a scar's toggle, a font) or the
        # viewport's width did (the scroll bar came or went): its height is worked out
        # again once the events of this change are handled (one pass for many events; a
        # fit from inside the resize it causes saw a width about to change).
        if event.type() in (QEvent.Type.LayoutRequest, QEvent.Type.Resize) and not self._due:
            self._due = True
            QTimer.singleShot(0, self, self._fit)
        return super().viewportEvent(event)

    def _fit(self) -> None:
        """Hold the panel to the height its wrapped lines need at the width it gets, and the
        area to the panel's least width (its widest word or line that cannot wrap)."""
        self._due = False
        panel = self.widget()
        layout = panel.layout() if panel is not None else None
        if panel is None or layout is None:
            return
        wanted = self.wanted_width()
        if self.maximumWidth() != wanted:
            self.setMaximumWidth(wanted)
        # A taller panel may bring the scroll bar, and a narrower viewport more lines:
        # measured again until the width it is measured at is the width it gets.
        for _ in range(3):
            width = max(self.viewport().width(), panel.minimumSizeHint().width())
            if layout.hasHeightForWidth():
                need = layout.totalHeightForWidth(width)
            else:
                need = layout.totalMinimumSize().height()
            if panel.minimumHeight() == need:
                return
            panel.setMinimumHeight(need)
