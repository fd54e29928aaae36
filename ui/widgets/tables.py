"""A read-only table with add/edit/remove buttons, for the sheet's lists."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QSize, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.widgets.common import heading


class FittedTable(QTableWidget):
    """A table whose preferred height is all of its rows (up to ``max_rows``).

    Short lists then take only the room they need on a tab, and row heights
    are recomputed when columns resize so wrapped text is never cut off.
    """

    def __init__(self, rows: int, columns: int, max_rows: int = 12) -> None:
        super().__init__(rows, columns)
        self.max_rows = max_rows
        # The least width of the stretching column, in widths of "M" (0: no claim). With
        # a claim the table's minimum width holds every other column at its contents and
        # this one at that width, so a narrow page stacks the table rather than squeeze
        # the column that wraps (the Concept tab's Assets "Details" at 1.5× the font).
        self.stretch_min_ems = 0
        # A log that may scroll sideways (``ListTable.fill_height``) keeps its stretching
        # column ``scroll_keeps_ems`` "M" wide instead of squeezing it (0: it may squeeze):
        # at 1.5× the font beside the Dice dock the Exp log's Entry column was cut to "Ne…".
        self.scroll_keeps_ems = 0
        self._kept_column = -1
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.horizontalHeader().sectionResized.connect(self._refit)

    def _refit(self, *_args: object) -> None:
        self.resizeRowsToContents()
        if self.height() != self.sizeHint().height():
            # Asked from inside a resize, so the layout is told once this one is over
            # (with the table as context: a closed tab's table may be gone by then).
            QTimer.singleShot(0, self, self.updateGeometry)

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        rows = self.rowCount()
        height = self.horizontalHeader().height() + 2 * self.frameWidth()
        shown = min(rows, self.max_rows)
        height += sum(self.rowHeight(r) for r in range(shown))
        if rows == 0:
            height += self.fontMetrics().height() + 8
        return QSize(hint.width(), height)

    def minimumSizeHint(self) -> QSize:
        width = super().minimumSizeHint().width()
        if self.stretch_min_ems:
            width = max(width, self.columns_min_width())
        return QSize(width, self.sizeHint().height())

    def columns_min_width(self) -> int:
        """Every column at its contents' width but the stretching one at its claim, framed
        (with the scroll bar of rows past ``max_rows``)."""
        header = self.horizontalHeader()
        stretch = self.fontMetrics().horizontalAdvance("M") * self.stretch_min_ems
        width = 2 * self.frameWidth()
        if self.rowCount() > self.max_rows:  # its rows scroll: the bar takes its width too
            width += self.verticalScrollBar().sizeHint().width()
        for col in range(header.count()):
            if header.isSectionHidden(col):
                continue
            if header.sectionResizeMode(col) == QHeaderView.ResizeMode.Stretch:
                width += stretch
            else:
                width += max(header.sectionSizeHint(col), self.sizeHintForColumn(col))
        return width

    def resizeEvent(self, event: object) -> None:
        super().resizeEvent(event)
        self._keep_column_room()
        self._refit()

    def _keep_column_room(self) -> None:
        """With ``scroll_keeps_ems``: the stretching column stretches while the width left
        by the others holds its claim; otherwise it keeps its claim and the log scrolls."""
        if not self.scroll_keeps_ems:
            return
        header = self.horizontalHeader()
        if self._kept_column < 0:
            modes = [header.sectionResizeMode(c) for c in range(header.count())]
            if QHeaderView.ResizeMode.Stretch not in modes:
                return
            self._kept_column = modes.index(QHeaderView.ResizeMode.Stretch)
        column = self._kept_column
        claim = self.fontMetrics().horizontalAdvance("M") * self.scroll_keeps_ems
        others = sum(
            header.sectionSize(c)
            for c in range(header.count())
            if c != column and not header.isSectionHidden(c)
        )
        roomy = self.viewport().width() - others >= claim
        mode = QHeaderView.ResizeMode.Stretch if roomy else QHeaderView.ResizeMode.Interactive
        if header.sectionResizeMode(column) != mode:
            header.setSectionResizeMode(column, mode)
        if not roomy and header.sectionSize(column) != claim:
            header.resizeSection(column, claim)


class ListTable(QWidget):
    """A titled table of rows with optional "Add…", "Edit…" and "Remove" buttons.

    The table never edits data itself: the buttons emit signals with the row
    index, and the owner runs the matching operation.

    The buttons take Alt+A, Alt+I and Alt+M, letters no menu of the main
    window's menu bar or tab of a sheet takes. A page showing several tables
    at once makes them with ``mnemonics=False`` (a letter taken twice in
    sight only moves the focus between its owners) and gives letters to the
    buttons it wants reached by keyboard.
    """

    add_requested = Signal()
    edit_requested = Signal(int)
    remove_requested = Signal(int)

    def __init__(
        self,
        title: str,
        columns: Sequence[str],
        *,
        editable: bool = True,
        add_text: str = "&Add…",
        stretch: int = -1,
        stretch_min_ems: int = 0,
        mnemonics: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.title = heading(title, level=2)
        self.table = FittedTable(0, len(columns))
        self.table.stretch_min_ems = stretch_min_ems
        self.table.setHorizontalHeaderLabels(list(columns))
        self.table.setAccessibleName(title)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(True)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        # One column (the longest text, by default the last) takes the spare width and
        # wraps, so every column stays visible without horizontal scrolling.
        header.setStretchLastSection(False)
        header.setSectionResizeMode(stretch % len(columns), QHeaderView.ResizeMode.Stretch)
        self.empty_text = "None yet."

        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        self.add_button = QPushButton(add_text)
        self.edit_button = QPushButton("Ed&it…")
        self.remove_button = QPushButton("Re&move")
        if not mnemonics:
            for button in (self.add_button, self.edit_button, self.remove_button):
                button.setText(button.text().replace("&", ""))
        for button in (self.add_button, self.edit_button, self.remove_button):
            button.setVisible(editable)
            top.addWidget(button)
        self._top = top
        self.row_buttons: list[QPushButton] = []
        self.add_button.setAccessibleName(f"Add to {title}")
        self.edit_button.setAccessibleName(f"Edit in {title}")
        self.remove_button.setAccessibleName(f"Remove from {title}")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.table)

        self.add_button.clicked.connect(self.add_requested)
        self.edit_button.clicked.connect(lambda: self._emit_row(self.edit_requested))
        self.remove_button.clicked.connect(lambda: self._emit_row(self.remove_requested))
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.cellDoubleClicked.connect(lambda row, _col: self._double_clicked(row))
        self._selection_changed()

    def _double_clicked(self, row: int) -> None:
        if self.edit_button.isVisible() and self.edit_button.isEnabled():
            self.edit_requested.emit(row)

    def _emit_row(self, signal: Signal) -> None:
        row = self.current_row()
        if row >= 0:
            signal.emit(row)

    def _selection_changed(self) -> None:
        has = self.current_row() >= 0
        self.edit_button.setEnabled(has)
        self.remove_button.setEnabled(has)
        for button in getattr(self, "row_buttons", ()):
            button.setEnabled(has)

    def row_button(self, text: str, tooltip: str = "") -> QPushButton:
        """Another button that acts on the selected row, enabled only while a row is selected.

        Placed in a row under the title; the owner connects its ``clicked``
        and reads :meth:`current_row`.
        """
        button = QPushButton(text)
        button.setToolTip(tooltip)
        button.setAccessibleName(f"{text.replace('&', '').rstrip('…')} in {self.title.text()}")
        if not self.row_buttons:
            # A row of its own under the title, so a narrow column keeps its table in view.
            self._actions = QHBoxLayout()
            self._actions.addStretch(1)
            layout = self.layout()
            assert isinstance(layout, QVBoxLayout)
            layout.insertLayout(1, self._actions)
        self._actions.insertWidget(self._actions.count() - 1, button)
        self.row_buttons.append(button)
        button.setEnabled(self.current_row() >= 0)
        return button

    def current_row(self) -> int:
        rows = self.table.selectionModel().selectedRows()
        return rows[0].row() if rows else -1

    def set_rows(self, rows: Sequence[Sequence[str]], tooltips: Sequence[str] = ()) -> None:
        """Replace the table's rows with plain-text cells (``tooltips`` per row, optional)."""
        self.table.setRowCount(len(rows))
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(str(text))
                item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable)
                if r < len(tooltips) and tooltips[r]:
                    item.setToolTip(tooltips[r])
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        self.table.updateGeometry()
        # Told now, not once the table's own layout request is handled: a page that asks
        # for its least width next (ui.widgets.down_scroll) sees the new rows' width.
        self.updateGeometry()
        self._selection_changed()

    def fill_height(self) -> None:
        """Let the table grow with the space it is given (for a tab's main list)."""
        self.table.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.table.max_rows = 1
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        # One line per row: a long log reads as an even list, full text in the tooltip.
        self.table.setWordWrap(False)

    def cell(self, row: int, column: int) -> str:
        item = self.table.item(row, column)
        return item.text() if item is not None else ""

    def row_count(self) -> int:
        return self.table.rowCount()
