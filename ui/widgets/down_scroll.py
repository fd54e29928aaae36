"""A scroll area for a tab's page that scrolls down, never sideways.

A plain scroll area asks for almost no width, so a page inside it that needs
more (the Concept tab's Assets table at 1.5× the font) scrolls sideways on its
own while the sheet around it believes it fits. :class:`DownScroll` asks for its
page's least width instead, so the sheet's own minimum, and the window's room
for it (the roster gives way, ``ui.window_tabs``), take the page into account.
"""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QFrame, QScrollArea, QWidget


class DownScroll(QScrollArea):
    """``body`` in a resizable scroll area as wide at least as ``body``'s least width."""

    def __init__(self, body: QWidget, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(True)
        self.setWidget(body)

    # No Python ``eventFilter`` here to follow the page's layout requests: overriding the
    # one QScrollArea installs on its page made Qt crash (in a label's text layout)
    # once the Dice dock closed at 1.5× the font. The least width is asked again
    # whenever the sheet's layout is, which is enough for pages built once.

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        body = self.widget()
        if body is None:
            return hint
        width = body.minimumSizeHint().width() + self.verticalScrollBar().sizeHint().width()
        if self.frameShape() != QFrame.Shape.NoFrame:
            width += 2 * self.frameWidth()
        return QSize(max(hint.width(), width), hint.height())
