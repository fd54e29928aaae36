"""The roster: every character in the library, searchable, filtered, grouped by player.

The panel is a thin adapter over the library's light roster rows. Filters
only select rows; Status is read from ``builder.contract.status`` so the label matches
the sheet.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPersistentModelIndex, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from builder.contract.status import Status, status_from_victories
from ui.systems import roster_label, systems_ui

ID_ROLE = 0x0100 + 1
"""Item data role holding a contractor id: ``Qt.ItemDataRole.UserRole + 1``, written as
a number so importing the roster does not build the ``Qt`` namespace's enums."""


ANY = "any"
LIVING = "living"
GRAVEYARD = "graveyard"
NO_PLAYER = "(no player)"


@dataclass(frozen=True, slots=True)
class RosterLine:
    """One roster row as the panel shows it (read from a library roster row)."""

    id: str
    name: str
    player: str
    victories: int
    alive: bool
    approval: str
    updated: str
    family: str = "contract"  # the game system's id (``ui.systems``)
    owner: str = ""  # who stored it, in a playgroup's shared library (issue 14)
    badges: tuple[str, ...] = ()  # what is due, when the leader asked (``set_badges``)
    floor_victories: int = 0  # a port's Status as victories: never shown below it

    @property
    def status(self) -> Status:
        return status_from_victories(max(0, self.victories, self.floor_victories))

    @classmethod
    def from_row(cls, row: Any) -> RosterLine:
        values = sys.modules.get("models.values")  # loaded whenever the rows are its entries
        if values is not None and type(row) is values.RosterEntry:  # no probing for old shapes
            updated = row.updated_at.isoformat()[:16].replace("T", " ")
            return cls(
                row.id,
                row.name,
                row.player or "",
                row.victories or 0,
                row.alive,
                row.approval_state or "",
                updated,
                row.system or "contract",
                row.owner_name or row.owner or "",
                floor_victories=row.floor_victories,
            )
        approval = getattr(row, "approval", None)
        if approval is None:
            approval = getattr(row, "approval_state", "")
        approval = getattr(approval, "value", approval)
        updated = getattr(row, "updated", "") or getattr(row, "updated_at", "")
        return cls(
            id=str(row.id),
            name=str(row.name),
            player=str(getattr(row, "player", "") or ""),
            victories=int(getattr(row, "victories", 0) or 0),
            alive=bool(getattr(row, "alive", True)),
            approval=str(approval or ""),
            updated=str(updated)[:16].replace("T", " "),
            family=str(getattr(row, "family", "contract") or "contract"),
            owner=str(getattr(row, "owner_name", "") or getattr(row, "owner", "") or ""),
        )


def _status_key(line: RosterLine) -> str:
    """The Status filter's key for a line: its Status, or its game system's id when that
    game has no Status (``ui.systems.roster_label``)."""
    return line.family if roster_label(line.family) else line.status.name.lower()


@dataclass(frozen=True, slots=True)
class RosterFilter:
    """The roster's filter choices; ``ANY`` means no filter on that field."""

    text: str = ""
    status: str = ANY
    life: str = LIVING
    player: str = ANY
    approval: str = ANY

    def accepts(self, line: RosterLine) -> bool:
        needle = self.text.strip().casefold()
        if needle and needle not in f"{line.name} {line.player}".casefold():
            return False
        if self.status != ANY and self.status != _status_key(line):
            return False
        if self.life == LIVING and not line.alive:
            return False
        if self.life == GRAVEYARD and line.alive:
            return False
        if self.player != ANY and (line.player or NO_PLAYER) != self.player:
            return False
        return not (self.approval != ANY and line.approval != self.approval)


def humanize(text: str) -> str:
    """ "changes_requested" → "Changes requested"."""
    return text.replace("_", " ").capitalize() if text else "—"


class _RosterTree(QTreeView):
    """The roster's list: says when its visible area changed width (a scroll bar came or went,
    the panel was resized), so the Name column can be refitted.

    Qt lays out the header to the visible area's width in ``updateGeometries``
    whenever that area changes. Asking for the area itself (``viewport()``)
    would cost start-up about 20 ms: wrapping the plain ``QWidget`` it returns
    builds some sixty Python enums.
    """

    def __init__(self, refit: Callable[[], None], parent: QWidget) -> None:
        super().__init__(parent)
        self._refit = refit
        self._width = -1

    def updateGeometries(self) -> None:
        super().updateGeometries()
        width = self.header().width()
        if width != self._width:
            self._width = width
            self._refit()


_DISPLAY, _TOOLTIP, _FONT, _ALIGN = 0, 3, 6, 7
"""Qt.ItemDataRole values the roster answers, as numbers (see ``ID_ROLE``)."""
_ALIGN_CENTER = 0x0084  # Qt.AlignmentFlag.AlignCenter
_GROUP = 0
"""``internalId`` of a player's group row; a character's row holds its group's index + 1."""


class RosterModel(QAbstractItemModel):
    """The roster as Qt sees it: a row per player, under it a row per character.

    A model over plain ``RosterLine`` rows that makes each cell's text only when
    the view asks for it, which it does for the rows on screen: a 10,000
    character roster costs the same to show as a 50 one, instead of 40,000
    ``QStandardItem`` objects made up front.
    """

    def __init__(self, columns: Sequence[str], parent: QWidget) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self.groups: list[tuple[str, list[RosterLine]]] = []
        self.bold: Any = None
        self._flags: tuple[Any, Any] | None = None

    def set_groups(self, groups: list[tuple[str, list[RosterLine]]], bold: Any) -> None:
        """Show ``groups`` (player label, that player's lines in order) in place of the old."""
        self.beginResetModel()
        self.groups = groups
        self.bold = bold
        self.endResetModel()

    def index(self, row: int, column: int, parent: Any = QModelIndex()) -> QModelIndex:  # noqa: B008
        if column < 0 or column >= len(self.columns):
            return QModelIndex()
        if not parent.isValid():
            if 0 <= row < len(self.groups):
                return self.createIndex(row, column, _GROUP)
            return QModelIndex()
        if parent.internalId() != _GROUP or parent.column() != 0:
            return QModelIndex()
        group = parent.row()
        if 0 <= row < len(self.groups[group][1]):
            return self.createIndex(row, column, group + 1)
        return QModelIndex()

    def parent(self, index: Any = QModelIndex()) -> QModelIndex:  # noqa: B008  # type: ignore[override]
        if not index.isValid() or index.internalId() == _GROUP:
            return QModelIndex()
        return self.createIndex(index.internalId() - 1, 0, _GROUP)

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        if not parent.isValid():
            return len(self.groups)
        if parent.internalId() == _GROUP and parent.column() == 0:
            return len(self.groups[parent.row()][1])
        return 0

    def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return len(self.columns)

    def hasChildren(self, parent: Any = QModelIndex()) -> bool:  # noqa: B008
        # A character's row has none; asked once per row when the tree lays out.
        return not parent.isValid() or (parent.internalId() == _GROUP and parent.column() == 0)

    def line(self, index: QModelIndex | QPersistentModelIndex) -> RosterLine | None:
        """The character a row shows, or None for a player's row."""
        if not index.isValid() or index.internalId() == _GROUP:
            return None
        return self.groups[index.internalId() - 1][1][index.row()]

    def data(self, index: Any, role: int = _DISPLAY) -> Any:
        if not index.isValid():
            return None
        group = index.internalId()
        if group == _GROUP:
            return self._group_data(index.row(), index.column(), role)
        return _line_data(self.groups[group - 1][1][index.row()], index.column(), role)

    def _group_data(self, row: int, column: int, role: int) -> Any:
        """What a player's row shows: "Dana  (3)" in bold across the row."""
        if role == _FONT:
            return self.bold
        if role != _DISPLAY:
            return None
        player, lines = self.groups[row]
        return f"{player}  ({len(lines)})" if column == 0 else ""

    def flags(self, index: Any) -> Any:
        flags = self._flags
        if flags is None:  # Qt's enums are built on first use, not at start-up
            from PySide6.QtCore import Qt

            enabled = Qt.ItemFlag.ItemIsEnabled
            flags = self._flags = (enabled, enabled | Qt.ItemFlag.ItemIsSelectable)
        return flags[0] if index.internalId() == _GROUP else flags[1]

    def item(self, row: int, column: int = 0) -> RosterCell | None:
        """A player's row as a cell (``text()``, ``child(row, column)``, ``rowCount()``),
        the way ``QStandardItemModel.item`` reads: for tests and scripts."""
        index = self.index(row, column)
        return RosterCell(index) if index.isValid() else None


class RosterCell:
    """One cell of the roster model, read the way a ``QStandardItem`` is read."""

    def __init__(self, index: QModelIndex) -> None:
        self._index = index

    def index(self) -> QModelIndex:
        return self._index

    def text(self) -> str:
        return str(self._index.data(_DISPLAY) or "")

    def data(self, role: int) -> Any:
        return self._index.data(role)

    def rowCount(self) -> int:
        return self._index.model().rowCount(self._index)

    def child(self, row: int, column: int = 0) -> RosterCell | None:
        index = self._index.model().index(row, column, self._index)
        return RosterCell(index) if index.isValid() else None


def _line_data(line: RosterLine, column: int, role: int) -> Any:
    """What a character's row gives the view for ``role`` in ``column``."""
    value: Any = None
    if role == _DISPLAY:
        value = cell_text(line, column)
    elif role == ID_ROLE:
        value = line.id
    elif role == _ALIGN and column == 2:
        value = _ALIGN_CENTER
    elif role == _TOOLTIP and column == 0:
        owned = f"; owned by {line.owner}" if line.owner else ""
        # The game is named here too: a narrow roster scrolls its Game column out of view.
        game = roster_label(line.family)
        played = f" ({game})" if game else ""
        due = f"; due: {', '.join(line.badges)}" if line.badges else ""
        value = (
            f"{line.name}{played} — {line.player or NO_PLAYER}{owned}; "
            f"last changed {line.updated}{due}"
        )
    return value


CONTRACT_GAME = "The Contract"
"""The Game column's text for a contractor (The Contract has no roster label of its own)."""

GAME_COLUMN = 4


def cell_text(line: RosterLine, column: int) -> str:
    """What a character's row shows in ``column`` (Name, Status, Victories, Approval, Game).

    Only The Contract's characters have a Status and victories; others (other
    games' rules have none) show "—" there, and every row names its game in
    the Game column, so Status holds statuses only (issue 33, item 2).
    """
    if column == 0:
        title = line.name if line.alive else f"✝ {line.name}"
        title = f"{title}  · {line.owner}" if line.owner else title
        return f"{title}  ⚑ {' · '.join(line.badges)}" if line.badges else title
    if column == 3:
        return humanize(line.approval)
    other = roster_label(line.family)
    if column == GAME_COLUMN:
        return other or CONTRACT_GAME
    if column == 1:
        return "—" if other else line.status.label
    return "—" if other else str(line.victories)


class RosterPanel(QWidget):
    """Search box, four filters and the grouped list; emits the chosen contractor's id."""

    contractor_selected = Signal(str)
    contractor_activated = Signal(str)

    COLUMNS = ("Name", "Status", "Victories", "Approval", "Game")
    """The Game column shows only while the list holds another game's characters."""

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (53 statements when the limits came in)
        super().__init__(parent)
        self._lines: list[RosterLine] = []
        self._source: list[Any] = []  # the rows last shown, as handed over
        self._badges: dict[str, tuple[str, ...]] = {}  # by id (``set_badges``)
        self._name_width = 0  # what the names need (``_fit_name_column``)
        self._others = 0  # what the other columns take

        # Every widget is made inside the panel: under the app's stylesheet, moving a
        # finished widget into a layout later re-styles it, which start-up pays for.
        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search names and players (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search the roster")

        self.status_filter = QComboBox(self)
        self.status_filter.addItem("Any Status", ANY)
        for status in Status:
            self.status_filter.addItem(status.label, status.name.lower())
        for system in systems_ui():
            if system.roster_label:
                self.status_filter.addItem(f"{system.roster_label} characters", system.id)
        self.life_filter = QComboBox(self)
        self.life_filter.addItem("Living", LIVING)
        self.life_filter.addItem("Graveyard", GRAVEYARD)
        self.life_filter.addItem("Living and dead", ANY)
        self.player_filter = QComboBox(self)
        self.player_filter.addItem("Every player", ANY)
        self.approval_filter = QComboBox(self)
        self.approval_filter.addItem("Any approval", ANY)
        for combo, name in (
            (self.status_filter, "Filter by Status"),
            (self.life_filter, "Living or graveyard"),
            (self.player_filter, "Filter by player"),
            (self.approval_filter, "Filter by approval"),
        ):
            combo.setAccessibleName(name)
            combo.setToolTip(name)

        self.model = RosterModel(self.COLUMNS, self)
        self.tree = _RosterTree(self._fit_name_column, self)
        self.tree.setModel(self.model)
        # The column titles come from a model of their own: a Python ``headerData`` would
        # be handed a ``Qt.Orientation`` at the first paint, which builds Qt's whole
        # namespace of enums, a cost start-up does not pay today (tests/ui/test_startup.py).
        self._titles = QStandardItemModel(0, len(self.COLUMNS), self)
        self._titles.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.tree.header().setModel(self._titles)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAccessibleName("Roster")
        header = self.tree.header()
        header.setStretchLastSection(False)
        # The Name column is sized by ``_fit_name_column``: at least as wide as the
        # names (up to ``NAME_CHARS``), wider when there is room; a narrow panel
        # scrolls sideways instead of cutting names down to a letter or two.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        # The other columns are sized from the few texts they can hold (``_others_width``):
        # fitting them to their contents would read a thousand rows of every roster.
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        self.count_label = QLabel(self)
        self.count_label.setObjectName("muted")

        filters = QGridLayout()
        filters.addWidget(self.status_filter, 0, 0)
        filters.addWidget(self.life_filter, 0, 1)
        filters.addWidget(self.player_filter, 1, 0)
        filters.addWidget(self.approval_filter, 1, 1)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.count_label)

        self.search.textChanged.connect(self._rebuild)
        for combo in (
            self.status_filter,
            self.life_filter,
            self.player_filter,
            self.approval_filter,
        ):
            combo.currentIndexChanged.connect(self._rebuild)
        self.tree.selectionModel().currentChanged.connect(self._current_changed)
        self.tree.activated.connect(self._activated)

    # ------------------------------------------------------------------ data

    def set_rows(self, rows: Sequence[Any]) -> None:
        """Show the library's roster rows, keeping the selection when it is still there.

        The same rows again (the library, once open, hands over the rows the quick
        start-up read already showed) change nothing and cost one comparison.
        """
        rows = list(rows)
        if rows and rows == self._source:
            return
        self._source = rows
        keep = self.current_id()
        self._lines = self._badged([RosterLine.from_row(r) for r in rows])
        self._refill(self.player_filter, sorted({ln.player or NO_PLAYER for ln in self._lines}))
        self._refill(
            self.approval_filter,
            sorted({ln.approval for ln in self._lines if ln.approval}),
            label=humanize,
        )
        self._rebuild()
        if keep:
            self.select(keep)

    def set_badges(self, badges: Mapping[str, Sequence[str]]) -> None:
        """Show these badges (what is due, by character id) after the names; {} clears them.

        The words come from the game (The Contract's ``builder.contract.due``); the
        roster only shows them, and keeps them for the rows it is handed later.
        """
        self._badges = {cid: tuple(words) for cid, words in badges.items() if words}
        keep = self.current_id()
        self._lines = self._badged(self._lines)
        self._rebuild()
        if keep:
            self.select(keep)

    def _badged(self, lines: list[RosterLine]) -> list[RosterLine]:
        if not self._badges and not any(ln.badges for ln in lines):
            return lines
        return [replace(ln, badges=self._badges.get(ln.id, ())) for ln in lines]

    def lines(self) -> list[RosterLine]:
        return list(self._lines)

    def filter(self) -> RosterFilter:
        return RosterFilter(
            text=self.search.text(),
            status=self.status_filter.currentData(),
            life=self.life_filter.currentData(),
            player=self.player_filter.currentData(),
            approval=self.approval_filter.currentData(),
        )

    def visible_ids(self) -> list[str]:
        """Ids shown under the current filters, top to bottom."""
        return [line.id for _player, lines in self.model.groups for line in lines]

    def current_id(self) -> str:
        index = self.tree.currentIndex()
        if not index.isValid():
            return ""
        return index.siblingAtColumn(0).data(ID_ROLE) or ""

    def select(self, contractor_id: str) -> bool:
        """Select a contractor in the list; widens the life filter if they are hidden by it."""
        for g, (_player, lines) in enumerate(self.model.groups):
            for r, line in enumerate(lines):
                if line.id == contractor_id:
                    index = self.model.index(r, 0, self.model.index(g, 0))
                    self.tree.setCurrentIndex(index)
                    self.tree.scrollTo(index)
                    return True
        return False

    # ------------------------------------------------------------------ view

    @staticmethod
    def _refill(combo: QComboBox, values: list[str], label: Any = str) -> None:
        current = combo.currentData()
        combo.blockSignals(True)
        while combo.count() > 1:
            combo.removeItem(1)
        for value in values:
            combo.addItem(label(value), value)
        index = combo.findData(current)
        combo.setCurrentIndex(index if index >= 0 else 0)
        combo.blockSignals(False)

    def _rebuild(self) -> None:
        keep = self.current_id()
        wanted = self.filter()
        shown = [ln for ln in self._lines if wanted.accepts(ln)]
        groups: dict[str, list[RosterLine]] = {}
        for line in sorted(shown, key=lambda ln: (ln.player.casefold(), ln.name.casefold())):
            groups.setdefault(line.player or NO_PLAYER, []).append(line)
        self.tree.setUpdatesEnabled(False)
        # Imported here, once there are rows: each Qt class wrapped costs start-up time.
        from PySide6.QtGui import QFont

        bold = QFont(self.font())
        bold.setBold(True)
        self.model.set_groups(list(groups.items()), bold)
        self.tree.expandAll()
        # Spans after the expansion: before it, the first span lays the tree out once more
        # (60 ms of the 10,000 roster's 400); after, each only marks a laid-out row.
        for g in range(len(groups)):
            self.tree.setFirstColumnSpanned(g, QModelIndex(), True)
        self._name_width = self._names_width(shown)
        self._others = self._others_width()
        self._fit_name_column()
        self.tree.setUpdatesEnabled(True)
        total = len(self._lines)
        self.count_label.setText(
            f"{len(shown)} of {total} characters" if total else "No characters yet"
        )
        if keep:
            self.select(keep)

    NAME_CHARS = 32
    """Names up to this many characters are never shortened; longer ones end in "…"."""

    def _names_width(self, lines: Sequence[RosterLine]) -> int:
        """Pixels the Name column needs: its longest names (capped), indented under a player."""
        metrics = self.tree.fontMetrics()
        longest = sorted(lines, key=lambda line: len(line.name), reverse=True)[:20]
        cap = metrics.horizontalAdvance("M" * (self.NAME_CHARS * 2 // 3))
        widest = max(
            (metrics.horizontalAdvance(f"✝ {line.name}") for line in longest),
            default=metrics.horizontalAdvance(self.COLUMNS[0]),
        )
        return min(widest, cap) + self.tree.indentation() + 3 * metrics.averageCharWidth()

    def _others_width(self) -> int:
        """Pixels the columns after Name take: each as wide as its header or its widest text.

        The texts are the few a column can hold (the Status names, the games' labels,
        the approvals shown, the victory counts), measured once each.
        """
        metrics = self.tree.fontMetrics()
        header = self.tree.header()
        pad = 2 * self.tree.style().pixelMetric(self.tree.style().PixelMetric.PM_FocusFrameHMargin)
        pad += metrics.averageCharWidth()
        kinds = {
            (line.family, line.victories, line.approval, line.floor_victories)
            for _player, lines in self.model.groups
            for line in lines
        }
        seen: list[set[str]] = [set() for _ in self.COLUMNS]
        for family, victories, approval, floor in kinds:
            line = RosterLine(
                "", "", "", victories, True, approval, "", family, floor_victories=floor
            )
            for col in range(1, len(self.COLUMNS)):
                seen[col].add(cell_text(line, col))
        # Contractors only: no Game column to read (nor to take Approval's room).
        only_contract = seen[GAME_COLUMN] <= {CONTRACT_GAME}
        self.tree.setColumnHidden(GAME_COLUMN, only_contract)
        total = 0
        for col in range(1, len(self.COLUMNS)):
            if col == GAME_COLUMN and only_contract:
                continue
            widest = max((metrics.horizontalAdvance(t) for t in seen[col]), default=0) + pad
            width = max(widest, header.sectionSizeHint(col))
            header.resizeSection(col, width)
            total += width
        return total

    def _fit_name_column(self) -> None:
        """Give Name what the other columns leave, but never less than the names need."""
        header = self.tree.header()  # as wide as the list's visible area
        header.resizeSection(0, max(self._name_width, header.width() - self._others))

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        cid = current.siblingAtColumn(0).data(ID_ROLE) if current.isValid() else None
        if cid:
            self.contractor_selected.emit(cid)

    def _activated(self, index: QModelIndex) -> None:
        cid = index.siblingAtColumn(0).data(ID_ROLE)
        if cid:
            self.contractor_activated.emit(cid)
