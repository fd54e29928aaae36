"""The roster: every character in the library, searchable, filtered, grouped by player.

The panel is a thin adapter over the library's light roster rows. Filters
only select rows; Status is read from ``builder.contract.status`` so the label matches
the sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QModelIndex, Signal
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

    @property
    def status(self) -> Status:
        return status_from_victories(max(0, self.victories))

    @classmethod
    def from_row(cls, row: Any) -> RosterLine:
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


class RosterPanel(QWidget):
    """Search box, four filters and the grouped list; emits the chosen contractor's id."""

    contractor_selected = Signal(str)
    contractor_activated = Signal(str)

    COLUMNS = ("Name", "Status", "Victories", "Approval")

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (53 statements when the limits came in)
        super().__init__(parent)
        self._lines: list[RosterLine] = []
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

        self.model = QStandardItemModel(0, len(self.COLUMNS), self)
        self.model.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.tree = _RosterTree(self._fit_name_column, self)
        self.tree.setModel(self.model)
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
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
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
        """Show the library's roster rows, keeping the selection when it is still there."""
        keep = self.current_id()
        self._lines = [RosterLine.from_row(r) for r in rows]
        self._refill(self.player_filter, sorted({ln.player or NO_PLAYER for ln in self._lines}))
        self._refill(
            self.approval_filter,
            sorted({ln.approval for ln in self._lines if ln.approval}),
            label=humanize,
        )
        self._rebuild()
        if keep:
            self.select(keep)

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
        ids: list[str] = []
        for g in range(self.model.rowCount()):
            group = self.model.item(g, 0)
            for r in range(group.rowCount()):
                ids.append(group.child(r, 0).data(ID_ROLE))
        return ids

    def current_id(self) -> str:
        index = self.tree.currentIndex()
        if not index.isValid():
            return ""
        return index.siblingAtColumn(0).data(ID_ROLE) or ""

    def select(self, contractor_id: str) -> bool:
        """Select a contractor in the list; widens the life filter if they are hidden by it."""
        for g in range(self.model.rowCount()):
            group = self.model.item(g, 0)
            for r in range(group.rowCount()):
                item = group.child(r, 0)
                if item.data(ID_ROLE) == contractor_id:
                    self.tree.setCurrentIndex(item.index())
                    self.tree.scrollTo(item.index())
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
        self.model.removeRows(0, self.model.rowCount())
        # Imported here, once there are rows: each Qt class wrapped costs start-up time.
        from PySide6.QtCore import Qt
        from PySide6.QtGui import QFont, QStandardItem

        bold = QFont(self.font())
        bold.setBold(True)
        for player, lines in groups.items():
            group = QStandardItem(f"{player}  ({len(lines)})")
            group.setFont(bold)
            group.setSelectable(False)
            filler = [QStandardItem("") for _ in range(len(self.COLUMNS) - 1)]
            for f in filler:
                f.setSelectable(False)
            for line in lines:
                title = line.name if line.alive else f"✝ {line.name}"
                name = QStandardItem(f"{title}  · {line.owner}" if line.owner else title)
                name.setData(line.id, ID_ROLE)
                owned = f"; owned by {line.owner}" if line.owner else ""
                name.setToolTip(
                    f"{line.name} — {line.player or NO_PLAYER}{owned}; last changed {line.updated}"
                )
                # Only The Contract's characters have a Status and victories; others
                # (other games' rules have none) show their game's name.
                other = roster_label(line.family)
                victories = QStandardItem("—" if other else str(line.victories))
                victories.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                row = [
                    name,
                    QStandardItem(other or line.status.label),
                    victories,
                    QStandardItem(humanize(line.approval)),
                ]
                for item in row[1:]:
                    item.setData(line.id, ID_ROLE)
                group.appendRow(row)
            self.model.appendRow([group, *filler])
            self.tree.setFirstColumnSpanned(self.model.rowCount() - 1, QModelIndex(), True)
        self.tree.expandAll()
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
        """Pixels the columns after Name take (they fit their contents)."""
        header = self.tree.header()
        return sum(
            max(self.tree.sizeHintForColumn(col), header.sectionSizeHint(col))
            for col in range(1, len(self.COLUMNS))
        )

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
