"""The open characters of the main window, one tab each (issue 16, item 3).

Each tab holds one character's sheet, of whichever game, and is known by the
character's id. The tab shown is the character whose undo history Edit → Undo
acts on (the main window makes its stack the workspace's active one when the
tab changes), so Undo never offers another character's action.

A tab opened by merely selecting a roster line is a *preview*: selecting
another line replaces it, so walking the roster with the arrow keys does not
open a tab per line. Opening a line (double-click or Enter), creating a
character or changing it keeps its tab open.

A character deleted (or whose creation is undone) while its tab is open
leaves a :class:`GonePage` in that tab, so the deletion can still be undone
from there without Undo ever acting on a character not shown.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import QLabel, QScrollArea, QTabWidget, QVBoxLayout, QWidget

from ui.widgets.scroll import scrolling


class GonePage(QWidget):
    """What a tab shows once its character has left the library (deleted or undone)."""

    def __init__(self, character_id: str, name: str, parent: QWidget | None = None) -> None:
        from PySide6.QtCore import Qt  # not at start-up: see ui.main_window

        super().__init__(parent)
        self.character_id = character_id
        self.character = None
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        note = QLabel(
            f"{name} is no longer in this library. Edit → Undo brings them back; "
            "closing this tab forgets that history.",
            self,
        )
        note.setWordWrap(True)
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setAlignment(Qt.AlignmentFlag.AlignCenter)
        layout.addWidget(note)
        layout.addStretch(2)


class CharacterTabs(QTabWidget):
    """Tabs of open characters by id; ``close_requested(id)`` when a tab's ✕ is clicked.

    The widget only keeps the tabs; asking before closing one, and what each
    tab shows, is the main window's business. Each page sits in a scroll area
    (:func:`scrolling`); :meth:`widget`, :meth:`currentWidget`, :meth:`indexOf`
    and :meth:`setCurrentWidget` deal in the pages themselves.
    """

    close_requested = Signal(str)
    too_narrow = Signal(int)
    """The page shown scrolls sideways by this many pixels: the window may give it room."""
    room_to_spare = Signal(int)
    """The page shown has this many pixels more than its least width: room lent may go back."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("character_tabs")
        self.setTabsClosable(True)
        self.setMovable(True)
        self.setDocumentMode(True)
        self.setUsesScrollButtons(True)
        # By key name: the Qt namespace is not built before the first frame (ui.main_window).
        if not self.setProperty("elideMode", "ElideRight"):
            raise ValueError("QTabWidget has no elideMode ElideRight")
        self.tabBar().setExpanding(False)
        self._ids: dict[QWidget, str] = {}  # page -> character id
        self._holders: dict[QWidget, QScrollArea] = {}  # page -> its scroll area
        self.preview_id = ""
        self.tabCloseRequested.connect(self._close_clicked)
        self.currentChanged.connect(self._check_width_soon)

    # ------------------------------------------------------------------ pages, not holders

    def widget(self, index: int) -> QWidget | None:  # type: ignore[override]
        """The page in tab ``index`` (not the scroll area around it), or None."""
        holder = super().widget(index)
        return holder.widget() if isinstance(holder, QScrollArea) else holder

    def currentWidget(self) -> QWidget | None:  # type: ignore[override]
        """The page of the tab shown, or None."""
        return self.widget(self.currentIndex())

    def indexOf(self, page: QWidget) -> int:  # type: ignore[override]
        """The index of the tab showing ``page`` (or ``page`` as a holder), or -1."""
        return super().indexOf(self._holders.get(page, page))

    def setCurrentWidget(self, page: QWidget) -> None:  # type: ignore[override]
        """Show the tab of ``page``."""
        index = self.indexOf(page)
        if index >= 0:
            self.setCurrentIndex(index)

    # ------------------------------------------------------------------ lookup

    def ids(self) -> list[str]:
        """The open characters' ids, in tab order."""
        return [self.id_at(i) for i in range(self.count())]

    def id_at(self, index: int) -> str:
        """The id of the character in tab ``index`` ("" when there is no such tab)."""
        page = self.widget(index)
        return self._ids.get(page, "") if page is not None else ""

    def current_id(self) -> str:
        """The id of the character in the tab shown ("" with no tab open)."""
        return self.id_at(self.currentIndex())

    def page(self, character_id: str) -> QWidget | None:
        """The widget of the character's tab, or None when it is not open."""
        for page, cid in self._ids.items():
            if cid == character_id:
                return page
        return None

    def index_of(self, character_id: str) -> int:
        """The tab index of an open character, or -1."""
        page = self.page(character_id)
        return self.indexOf(page) if page is not None else -1

    # ------------------------------------------------------------------ changes

    def put(self, character_id: str, page: QWidget, title: str, tip: str = "") -> QWidget | None:
        """Show ``page`` as the character's tab: in place of its old page, or as a new tab.

        Returns the page it replaced (the caller disposes of it), or None. The
        tab becomes the current one.
        """
        old = self.page(character_id)
        holder = scrolling(page)
        holder.horizontalScrollBar().rangeChanged.connect(self._check_width_soon)
        self._ids[page] = character_id
        self._holders[page] = holder
        if old is None:
            index = self.addTab(holder, title)
        else:
            index = self.indexOf(old)
            # Insert first, then remove: the current tab never moves to a neighbour.
            self.insertTab(index, holder, title)
            self.setCurrentIndex(index)
            self._release(old)
        self.setTabToolTip(index, tip or title)
        self.setCurrentIndex(index)
        return old

    def take(self, character_id: str) -> QWidget | None:
        """Remove the character's tab and return its page (the caller disposes of it)."""
        page = self.page(character_id)
        if page is None:
            return None
        if self.preview_id == character_id:
            self.preview_id = ""
        self._release(page)
        return page

    def _release(self, page: QWidget) -> None:
        """Take ``page``'s tab away and hand the page back, out of its scroll area."""
        holder = self._holders.pop(page)
        del self._ids[page]
        self.removeTab(super().indexOf(holder))
        holder.takeWidget()
        holder.deleteLater()

    def set_title(self, character_id: str, title: str, tip: str = "") -> None:
        """Rename an open character's tab (after a change of name)."""
        index = self.index_of(character_id)
        if index >= 0:
            self.setTabText(index, title)
            self.setTabToolTip(index, tip or title)

    def name_of(self, character_id: str) -> str:
        """The character's name as its tab shows it ("" when it has no tab)."""
        index = self.index_of(character_id)
        return self.tabText(index).replace("&&", "&") if index >= 0 else ""

    def keep(self, character_id: str) -> None:
        """The character's tab stays open: it is no longer the roster's preview."""
        if self.preview_id == character_id:
            self.preview_id = ""

    def _check_width_soon(self, *_args: object) -> None:
        """Once the layout settles, say whether the page shown scrolls sideways."""
        QTimer.singleShot(0, self, self._check_width)

    def _check_width(self) -> None:
        """``too_narrow`` with the shown page's sideways scroll, or ``room_to_spare``."""
        holder = super().currentWidget()
        if not isinstance(holder, QScrollArea):
            return
        short = holder.horizontalScrollBar().maximum()
        page = holder.widget()
        if short > 0:
            self.too_narrow.emit(short)
        elif page is not None:
            spare = holder.viewport().width() - page.minimumSizeHint().width()
            if spare > 0:
                self.room_to_spare.emit(spare)

    def check_width(self) -> None:
        """Something beside the tabs went (the Dice dock closed): once the layout settles,
        say whether the page shown needs room or has some to spare."""
        self._check_width_soon()

    def resizeEvent(self, event: QResizeEvent) -> None:
        """Resized (the Dice dock closed or opened): the page may need room, or spare some."""
        super().resizeEvent(event)
        self._check_width_soon()

    def _close_clicked(self, index: int) -> None:
        character_id = self.id_at(index)
        if character_id:
            self.close_requested.emit(character_id)
