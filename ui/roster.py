"""The roster: every character in the library, searchable, filtered, grouped by player.

The panel is a thin adapter over the library's light roster rows. Filters
only select rows; Status is read from ``builder.contract.status`` so the label matches
the sheet.

The list is flat (issue 29): one table of rows, each player's name a bold row
spanning the table above that player's characters. Qt lays a table out from
its row count alone and asks the Python model only for the cells on screen,
where a tree asked it about every one of 10,000 rows (``expandAll``) before
the first of them was painted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from itertools import chain
from operator import itemgetter
from typing import Any

from PySide6.QtCore import QEvent, QModelIndex, QSize, Signal
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QGridLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from builder.contract.status import Status
from ui.roster_model import (
    ANY,
    APPROVAL_COLUMN,
    CONTRACT_GAME,
    CONTRACT_GAME_SHORT,
    DUE_COLUMN,
    DUE_FLAG,
    GAME_COLUMN,
    GRAVEYARD,
    ID_ROLE,
    LIVING,
    NO_PLAYER,
    RosterCell,
    RosterFilter,
    RosterLine,
    RosterModel,
    by_player,
    cell_text,
    full_text,
    humanize,
    lines_of,
)
from ui.style import set_role
from ui.systems import systems_ui

__all__ = [
    "ANY",
    "APPROVAL_COLUMN",
    "CONTRACT_GAME",
    "CONTRACT_GAME_SHORT",
    "DUE_COLUMN",
    "GAME_COLUMN",
    "GRAVEYARD",
    "ID_ROLE",
    "LIVING",
    "NO_PLAYER",
    "RosterCell",
    "RosterFilter",
    "RosterLine",
    "RosterModel",
    "RosterPanel",
    "cell_text",
    "fit_columns",
    "fit_widths",
    "full_text",
    "humanize",
]


def fit_columns(
    texts: Mapping[int, int], titles: Mapping[int, int], room: int, least: int
) -> dict[int, int]:
    """Column widths that fit ``room`` pixels, from what each column's ``texts`` and its
    title need: both when all fit; else a title is cut before a text ("Victo…" over
    the victories, whose numbers are short); else the texts as :func:`fit_widths` cuts them."""
    wanted = {col: max(texts[col], titles[col]) for col in texts}
    if sum(wanted.values()) <= room:
        return wanted
    if sum(texts.values()) > room:
        return fit_widths(texts, room, least)
    widths = dict(texts)
    spare = room - sum(texts.values())
    for col in widths:  # the titles back, left to right, as far as the room goes
        more = min(spare, wanted[col] - widths[col])
        widths[col] += more
        spare -= more
    return widths


def fit_widths(wanted: Mapping[int, int], room: int, least: int) -> dict[int, int]:
    """Column widths that fit ``room`` pixels: each column its ``wanted`` width when they all
    fit, else the widest cut first to the largest width they can share, none below
    ``least`` (nor below its own wanted width, when that is less); when even that is
    too wide, every column at that floor."""

    def cut_to(cap: int) -> dict[int, int]:
        return {col: max(min(width, least), min(width, cap)) for col, width in wanted.items()}

    if sum(wanted.values()) <= room:
        return dict(wanted)
    low, high = least, max(wanted.values(), default=least)  # cut_to(high) does not fit
    if sum(cut_to(low).values()) > room:
        return cut_to(low)
    while high - low > 1:  # cut_to(low) fits, cut_to(high) does not
        middle = (low + high) // 2
        if sum(cut_to(middle).values()) <= room:
            low = middle
        else:
            high = middle
    return cut_to(low)


_kind: Callable[[RosterLine], tuple[Any, ...]] = itemgetter(
    RosterLine._fields.index("family"),
    RosterLine._fields.index("victories"),
    RosterLine._fields.index("approval"),
    RosterLine._fields.index("floor_victories"),
    RosterLine._fields.index("badges"),
)
"""What decides a line's texts in the columns after Name (``_others_width``): its family,
victories, approval, floor victories and badges. An ``itemgetter`` rather than a function:
asked of every line shown, it costs 10,000 lines 1 ms of CPU instead of 7."""
_name = itemgetter(RosterLine._fields.index("name"))
_player = itemgetter(RosterLine._fields.index("player"))
_approval = itemgetter(RosterLine._fields.index("approval"))
_badges = itemgetter(RosterLine._fields.index("badges"))


class _RosterTable(QTableView):
    """The roster's list: says when its visible area changed width (a scroll bar came or went,
    the panel was resized), so the Name column can be refitted.

    Qt lays out the header to the visible area's width in ``updateGeometries``
    whenever that area changes. Asking for the area itself (``viewport()``)
    would cost start-up about 20 ms: wrapping the plain ``QWidget`` it returns
    builds some sixty Python enums.
    """

    _width = -1
    """The header's width when the columns were last fitted (a class default: Qt may ask
    for the geometry while ``__init__`` is still inside QTableView's constructor)."""

    def __init__(
        self,
        refit: Callable[[], None],
        parent: QWidget,
        restyle: Callable[[], None],
        least: Callable[[], int],
    ) -> None:
        super().__init__(parent)
        self._refit = refit
        self._restyle = restyle
        self._least = least

    def minimumSizeHint(self) -> QSize:
        """Never so narrow that the list scrolls sideways (``RosterPanel._least_width``): a
        splitter and a top-level panel alike keep at least this."""
        hint = super().minimumSizeHint()
        least = getattr(self, "_least", None)  # None while it is made or torn down
        return QSize(max(hint.width(), least() if least else 0), hint.height())

    def selectionCommand(self, index: Any, event: QEvent | None = None) -> Any:
        """A player's row is never selected: reaching it clears the selection.

        Said here rather than by the model's item flags: a Python ``flags`` builds
        Qt's whole namespace of enums at the list's first paint (its answer is a
        ``Qt.ItemFlag``), a twentieth of a bare window's start-up.
        """
        model = self.model()
        if index.isValid() and isinstance(model, RosterModel) and model.is_player_row(index.row()):
            from PySide6.QtCore import QItemSelectionModel

            return QItemSelectionModel.SelectionFlag.Clear
        return super().selectionCommand(index, event)

    def changeEvent(self, event: QEvent) -> None:
        """A new font (the application's, or the list's own) while the app runs: the rows'
        height and the columns' widths were measured with the old one."""
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.ApplicationFontChange):
            self._restyle()

    def header(self) -> QHeaderView:
        """The column titles (a table's horizontal header), named as a tree names them."""
        return self.horizontalHeader()

    def updateGeometries(self) -> None:
        super().updateGeometries()
        refit = getattr(self, "_refit", None)
        if refit is None:  # a list being torn down (the collector cleared it first)
            return
        width = self.horizontalHeader().width()
        if width != self._width:
            self._width = width
            refit()


_TEXT_MARGIN = 3
"""Pixels a cell keeps on each side of its text: the style's focus-frame margin (2) plus 1,
as Qt's common style lays out an item's text. Written here, not asked of ``style()``:
wrapping the style object builds its Python enums, a tenth of a second on a busy machine."""


class RosterPanel(QWidget):
    """Search box, four filters and the grouped list; emits the chosen contractor's id."""

    contractor_selected = Signal(str)
    contractor_activated = Signal(str)
    rows_shown = Signal(int)
    """The list is painted with this many characters (``paint_now``)."""

    COLUMNS = ("Name", "Status", "Victories", "Approval", "Game", "Due")
    """The Game column shows only while the list holds another game's characters; Due
    (shown beside Name) only while a character has something due."""

    TITLES = ("Name", "Status", "Wins", "✓", "Game", "Due")
    """The titles the header shows: short, like the cells under them, so the six columns
    fit the default width; each title's tooltip (``TITLE_TIPS``) says it in words."""

    TITLE_TIPS = (
        "Name",
        "Status",
        "Victories",
        "Approval: ✓ approved, ○ unreviewed, ✎ changes requested",
        "Game",
        "What is due (the names are in the cell's tooltip)",
    )

    COLUMNS_HINT = "Right-click the titles to choose the columns shown."
    """Said in every title's tooltip: the header's menu has no other sign."""

    SQUEEZE = (GAME_COLUMN, 2, APPROVAL_COLUMN)
    """Columns left out, in this order, while the list is too narrow for every column
    whole (a doubled font): the game is named in the name's tooltip, the Status tells
    the victories roughly, and the approval has its filter. Name, Status and Due stay."""

    def __init__(self, parent: QWidget | None = None, settings: Any = None) -> None:  # noqa: PLR0915  (53 statements when the limits came in)
        super().__init__(parent)
        # The columns the user hid (the header's menu), kept in ``settings`` (an
        # ``AppSettings``) from one run to the next; none without settings.
        self._settings = settings
        chosen = settings.roster_hidden_columns() if settings is not None else []
        self._hidden_by_user = {self.COLUMNS.index(t) for t in chosen if t in self.COLUMNS[1:]}
        self.column_menu: Any = None  # the header's menu last opened (``_column_menu``)
        self._lines: list[RosterLine] = []
        self._shown: list[RosterLine] = []  # what the filters let through, in list order
        self._source: list[Any] = []  # the rows last shown, as handed over
        self._badges: dict[str, tuple[str, ...]] = {}  # by id (``set_badges``)
        self._name_width = 0  # what the names need (``_fit_name_column``)
        self._eliding = False  # the column titles end in "…" when cut (``_fit_name_column``)
        # What each shown column after Name needs: for its texts, and for its title.
        self._others: tuple[dict[int, int], dict[int, int]] = ({}, {})
        self._kinds: set[tuple[Any, ...]] = set()  # of the shown lines (``_kind``)
        self._empty: set[int] = set()  # columns nothing shown fills (``_others_width``)

        self.search = QLineEdit(self)
        self.search.setPlaceholderText("Search names and players (Ctrl+F)")
        # Its clear button (shown only while there is text) comes with the first text:
        # Qt loads the button's icon then, 1 ms of CPU the first frame does not need.
        self.search.textChanged.connect(self._offer_clear_button)
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
            # Wide enough for "Any Status", not for its longest choice: at 1.5× the font
            # the Status filter alone asked 330 pixels, and the roster's 508 left the sheet
            # too little room beside the Dice dock at 1280 (its list still shows all).
            # (By key name, as start-up sets enums: see ui.main_window.)
            combo.setProperty("sizeAdjustPolicy", "AdjustToMinimumContentsLengthWithIcon")
            combo.setMinimumContentsLength(8)

        self.model = RosterModel(self.COLUMNS, self)
        self._ready = False  # set once every part exists (``_font_changed``)
        self.tree = _RosterTable(self._fit_name_column, self, self._font_changed, self._least_width)
        self.tree.setModel(self.model)
        # The column titles come from a model of their own: a Python ``headerData`` would
        # be handed a ``Qt.Orientation`` at the first paint, which builds Qt's whole
        # namespace of enums, a cost start-up does not pay today (tests/ui/test_startup.py).
        self._titles = QStandardItemModel(0, len(self.COLUMNS), self)
        self._titles.setHorizontalHeaderLabels(list(self.TITLES))
        for col, tip in enumerate(self.TITLE_TIPS):  # a short title says it in words here
            self._titles.horizontalHeaderItem(col).setToolTip(f"{tip}\n{self.COLUMNS_HINT}")
        self.tree.header().setModel(self._titles)
        self.tree.setAlternatingRowColors(True)
        self.tree.setShowGrid(False)
        self.tree.setWordWrap(False)
        self.tree.setTabKeyNavigation(False)  # Tab leaves the list, as it leaves a tree
        self.tree.setCornerButtonEnabled(False)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        # Every row as high as a line of text, fixed: the table then places 10,000 rows
        # by arithmetic, with no question to the model about any of them.
        rows = self.tree.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows.setMinimumSectionSize(1)
        rows.setDefaultSectionSize(self._row_height())
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setAccessibleName("Roster")
        self._set_up_header()
        self.count_label = QLabel(self)
        set_role(self.count_label, "muted")

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
        self._ready = True

    def _offer_clear_button(self, text: str) -> None:
        """Give the search box its clear button once it has text (kept from then on)."""
        if text and not self.search.isClearButtonEnabled():
            self.search.setClearButtonEnabled(True)

    def _set_up_header(self) -> None:
        """How the column titles size their sections and offer the columns menu."""
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setMinimumSectionSize(1)  # ``_fit_name_column`` keeps columns wide enough
        # The Name column is sized by ``_fit_name_column``: at least as wide as the
        # names (up to ``NAME_CHARS``), wider when there is room; a narrow panel
        # scrolls sideways instead of cutting names down to a letter or two.
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        # The other columns are sized from the few texts they can hold (``_others_width``):
        # fitting them to their contents would read a thousand rows of every roster.
        for col in range(1, len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Fixed)
        header.moveSection(DUE_COLUMN, 1)  # beside the names it is about
        # Right-click on the titles: choose the columns shown. Set by the property's key
        # name: the enum would build Qt's namespace of enums at start-up (see ``ID_ROLE``).
        header.setProperty("contextMenuPolicy", "CustomContextMenu")
        header.customContextMenuRequested.connect(self._column_menu)

    def _row_height(self) -> int:
        """Every row's height: a line of the list's font and a little room."""
        return self.tree.fontMetrics().height() + 6

    def _font_changed(self) -> None:
        """Measure again with the new font: the rows' height, the player rows' bold font,
        the names' and the other columns' widths."""
        if not self._ready:
            return
        self.tree.verticalHeader().setDefaultSectionSize(self._row_height())
        self._rebuild()

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
        self._lines = self._badged(lines_of(rows))
        self._refill_filters()
        self._rebuild()
        if keep:
            self.select(keep)

    def update_rows(self, rows: Sequence[Any], ids: Sequence[str]) -> None:
        """Show what changed for the characters ``ids``: ``rows`` are their roster rows now
        (one missing: that character left the library; a new id: it arrived).

        After an edit only the changed line is made afresh; the other lines are kept as
        they are, so a 10,000-character roster does not convert every row again.
        """
        changed = set(ids)
        fresh = {line.id: line for line in self._badged(lines_of(rows))}
        self._source = []  # what is shown is no longer any list handed to ``set_rows``
        if self._replaced_in_place(fresh, changed):
            return
        gone = changed - fresh.keys()
        lines = [fresh.pop(ln.id, ln) for ln in self._lines if ln.id not in gone]
        lines += fresh.values()  # characters new to the roster
        keep = self.current_id()
        self._lines = lines
        self._refill_filters()
        self._rebuild()
        if keep:
            self.select(keep)

    def _replaced_in_place(self, fresh: dict[str, RosterLine], changed: set[str]) -> bool:
        """Put each changed line where its old one is, when nothing else on screen moves:
        the same place in the list, the same verdict of the filters, the same choices in
        them, no column to widen. False (nothing done) when the list must be rebuilt."""
        if fresh.keys() != changed:  # a character came or went
            return False
        at = {ln.id: i for i, ln in enumerate(self._lines) if ln.id in changed}
        if at.keys() != changed:
            return False
        rule = self.filter()
        pairs = [(self._lines[at[cid]], new) for cid, new in fresh.items()]
        for old, new in pairs:
            if (
                (old.name, old.player, old.approval) != (new.name, new.player, new.approval)
                or rule.accepts(old) != rule.accepts(new)
                or (rule.accepts(new) and _kind(new) not in self._kinds)
            ):
                return False
        for old, new in pairs:
            self._lines[at[new.id]] = new
            if rule.accepts(new):
                self._shown[self._shown.index(old)] = new
                self.model.replace_line(old, new)
        return True

    def character_count(self) -> int:
        """How many characters the roster holds, whatever the filters show."""
        return len(self._lines)

    def paint_now(self) -> None:
        """Paint the list at once (not at the next turn of the event loop) and say so.

        At start-up the library opens on a worker right after the roster is shown;
        its imports hold the interpreter lock, and a paint left for later would wait
        for it at each cell the view asks the Python model for.
        """
        self.repaint()
        self.rows_shown.emit(len(self._lines))

    def set_badges(self, badges: Mapping[str, Sequence[str]]) -> None:
        """Show these badges (what is due, by character id) in the Due column; {} clears them.

        The words come from the game (The Contract's ``builder.contract.due``); the
        roster only shows them, and keeps them for the rows it is handed later. Only
        the lines whose badges change are touched: none, nothing happens; lines given
        badges whose texts are already on screen, their rows are repainted alone.
        """
        self._badges = new = {cid: tuple(words) for cid, words in badges.items() if words}
        fresh = {
            ln.id: ln._replace(badges=new.get(ln.id, ()))
            for ln in self._lines
            if ln.badges != new.get(ln.id, ())
        }
        if not fresh:
            return
        # A badge taken away may empty the Due column, which then goes: laid out again.
        if all(ln.badges for ln in fresh.values()) and self._replaced_in_place(fresh, set(fresh)):
            return
        keep = self.current_id()
        self._lines = self._badged(self._lines)
        self._rebuild()
        if keep:
            self.select(keep)

    def _badged(self, lines: list[RosterLine]) -> list[RosterLine]:
        """The lines with the badges of ``set_badges``; a line whose badges are already
        those is kept as it is (a 10,000 roster remakes only the lines that change)."""
        badges = self._badges
        if not badges and not any(map(_badges, lines)):
            return lines
        return [
            ln if ln.badges == badges.get(ln.id, ()) else ln._replace(badges=badges.get(ln.id, ()))
            for ln in lines
        ]

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
        return [line.id for line in self._shown]

    def current_id(self) -> str:
        index = self.tree.currentIndex()
        if not index.isValid():
            return ""
        return index.siblingAtColumn(0).data(ID_ROLE) or ""

    def select(self, contractor_id: str) -> bool:
        """Select a contractor among the lines shown; False when the filters hide them.

        The filters the user chose stand: a contractor who has just died leaves the
        "Living" list rather than widening it.
        """
        for row, line in enumerate(self.model.rows):
            if type(line) is RosterLine and line.id == contractor_id:
                index = self.model.index(row, 0)
                self.tree.setCurrentIndex(index)
                self.tree.scrollTo(index)
                return True
        return False

    # ------------------------------------------------------------------ view

    def _refill_filters(self) -> None:
        """The player and approval filters offer what the lines hold (keeping the choice)."""
        # Sets made by C functions over the lines (``map``), no Python step per line.
        players = set(map(_player, self._lines))
        if "" in players:
            players.discard("")
            players.add(NO_PLAYER)
        self._refill(self.player_filter, sorted(players))
        approvals = set(map(_approval, self._lines)) - {""}
        self._refill(self.approval_filter, sorted(approvals), label=humanize)

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
        shown = self.filter().select(self._lines)
        groups = by_player(shown)
        self._shown = list(chain.from_iterable(lines for _, lines in groups))
        self.tree.setUpdatesEnabled(False)
        self.model.set_groups(groups, *self._player_look())
        self.tree.clearSpans()
        columns = len(self.COLUMNS)
        for row in self.model.players:
            self.tree.setSpan(row, 0, 1, columns)
        self._name_width = self._names_width(shown)
        self._others = self._others_width()
        self.tree.updateGeometry()  # its least width (``_least_width``) follows the names
        self._fit_name_column()
        self.tree.setUpdatesEnabled(True)
        total = len(self._lines)
        self.count_label.setText(
            f"{len(shown)} of {total} characters" if total else "No characters yet"
        )
        if keep:
            self.select(keep)

    def _player_look(self) -> tuple[Any, Any]:
        """A player's row: the list's font in bold, on the palette's band of a header."""
        # Imported here, once there are rows: each Qt class wrapped costs start-up time.
        from PySide6.QtGui import QFont

        bold = QFont(self.font())
        bold.setBold(True)
        return bold, self.tree.palette().midlight()

    NAME_CHARS = 32
    """Names up to this many characters are never shortened; longer ones end in "…"."""

    def _names_width(self, lines: Sequence[RosterLine]) -> int:
        """Pixels the Name column needs: its longest names (capped), indented under a player."""
        metrics = self.tree.fontMetrics()
        # ``heapq.nlargest``'s answer (its documented equivalent), by C calls alone: its
        # own loop over 10,000 names is Python.
        longest = sorted(map(_name, lines), key=len, reverse=True)[:20]
        cap = metrics.horizontalAdvance("M" * (self.NAME_CHARS * 2 // 3))
        widest = max(
            (metrics.horizontalAdvance(f"✝ {name}") for name in longest),
            default=metrics.horizontalAdvance(self.COLUMNS[0]),
        )
        return min(widest, cap) + 3 * metrics.averageCharWidth()

    def _others_width(self) -> tuple[dict[int, int], dict[int, int]]:
        """Pixels each shown column after Name needs for its widest text, and for its title.

        The texts are the few a column can hold (the Status names, the games' labels,
        the approvals shown, the victory counts), measured once each.
        """
        metrics = self.tree.fontMetrics()
        header = self.tree.header()
        pad = 2 * _TEXT_MARGIN + metrics.averageCharWidth()
        kinds = self._kinds = set(map(_kind, self._shown))
        seen: list[set[str]] = [set() for _ in self.COLUMNS]
        for family, victories, approval, floor, due in kinds:
            line = RosterLine("", "", "", victories, True, approval, "", family, "", floor, due)
            for col in range(1, len(self.COLUMNS)):
                seen[col].add(cell_text(line, col))
        # Contractors only: no Game column to read (nor to take Approval's room).
        hidden = {
            GAME_COLUMN: seen[GAME_COLUMN] <= {CONTRACT_GAME_SHORT},
            DUE_COLUMN: seen[DUE_COLUMN] <= {""},  # nothing due, or not asked
        }
        self._empty = {col for col, hide in hidden.items() if hide}
        texts, titles = {}, {}
        for col in range(1, len(self.COLUMNS)):
            if hidden.get(col):
                continue
            texts[col] = max((metrics.horizontalAdvance(t) for t in seen[col]), default=0) + pad
            # The header may still hold the old font when the list's font changed: its
            # margins from the header, the title's text measured in the list's font.
            title = self.TITLES[col]
            margins = header.sectionSizeHint(col) - header.fontMetrics().horizontalAdvance(title)
            titles[col] = margins + metrics.horizontalAdvance(title)
        return texts, titles

    SHORTEST = 4
    """No column after Name is cut to fewer characters than this (plus "…")."""

    def _least_width(self) -> int:
        """The list's least width, so the roster can give way to a sheet beside it (its
        filters shrink) but never so far that the list scrolls sideways: the names whole,
        and every column that ``SQUEEZE`` cannot leave out whole (title and text)."""
        if not hasattr(self, "tree"):  # asked while the list itself is being made
            return 0
        texts, titles = self._others
        out = self._empty | self._hidden_by_user | set(self.SQUEEZE)
        kept = sum(max(texts[c], titles[c]) for c in texts if c not in out)
        tree = self.tree
        bar = tree.verticalScrollBar().sizeHint().width()
        return self._name_width + kept + 2 * tree.frameWidth() + bar

    def _fit_name_column(self) -> None:
        """Fit the columns to the list's width: Name gets what the others leave, but never
        less than the names need; when that is too little, the other columns give up room,
        the widest first, down to a few characters each (their text ends in "…" and shows
        whole in its tooltip); only past that does the list scroll sideways."""
        header = self.tree.header()  # as wide as the list's visible area
        room = header.width() - self._name_width
        least = self.tree.fontMetrics().horizontalAdvance("M" * self.SHORTEST + "…")
        texts, titles = self._squeezed(room)
        widths = fit_columns(texts, titles, room, least)
        over = sum(widths.values()) - room
        if over > 0 and DUE_COLUMN in widths:  # the flag is enough: its words are in its tooltip
            flag = self.tree.fontMetrics().horizontalAdvance(f"{DUE_FLAG} …") + 2 * _TEXT_MARGIN
            widths[DUE_COLUMN] -= max(0, min(over, widths[DUE_COLUMN] - flag))
        if not self._eliding and any(widths[c] < titles[c] for c in widths):
            # A title cut to fit ends in "…" like a cell's text (a header clips by default).
            # Only then: naming the mode builds Qt's namespace of enums (see ``ID_ROLE``).
            from PySide6.QtCore import Qt

            header.setTextElideMode(Qt.TextElideMode.ElideRight)
            self._eliding = True
        for col, width in widths.items():
            header.resizeSection(col, width)
        header.resizeSection(0, max(self._name_width, header.width() - sum(widths.values())))

    def _squeezed(self, room: int) -> tuple[dict[int, int], dict[int, int]]:
        """The widths of the columns shown in ``room`` pixels (``_others_width``'s, less the
        columns ``SQUEEZE`` leaves out until the rest fit whole), each column shown or
        hidden to match: a column is left out rather than its words cut to "Sta…"."""
        out = self._empty | self._hidden_by_user
        texts = {c: w for c, w in self._others[0].items() if c not in out}
        titles = {c: w for c, w in self._others[1].items() if c not in out}
        for col in self.SQUEEZE:
            if sum(max(texts[c], titles[c]) for c in texts) <= room:
                break
            if col in texts:
                out.add(col)
                del texts[col], titles[col]
        for col in range(1, len(self.COLUMNS)):
            if self.tree.isColumnHidden(col) != (col in out):
                self.tree.setColumnHidden(col, col in out)
        return texts, titles

    def column_shown(self, column: int) -> bool:
        """Whether the user lets ``column`` show (the header's menu); it may still be left
        out while nothing fills it or the list is too narrow for it."""
        return column not in self._hidden_by_user

    def set_column_shown(self, column: int, shown: bool) -> None:
        """Show or hide one column after Name, as the header's menu does, and remember it."""
        if not 0 < column < len(self.COLUMNS):
            raise ValueError(f"no roster column {column} to hide (Name always shows)")
        if shown:
            self._hidden_by_user.discard(column)
        else:
            self._hidden_by_user.add(column)
        if self._settings is not None:
            self._settings.set_roster_hidden_columns(
                [self.COLUMNS[c] for c in sorted(self._hidden_by_user)]
            )
        self._fit_name_column()

    def _column_menu(self, at: Any) -> None:
        """The header's menu: a check for each column after Name, in the order shown."""
        from PySide6.QtWidgets import QMenu

        menu = QMenu(self)
        header = self.tree.header()
        for col in sorted(range(1, len(self.COLUMNS)), key=header.visualIndex):
            action = menu.addAction(f"Show {self.COLUMNS[col]}")
            action.setCheckable(True)
            action.setChecked(self.column_shown(col))
            action.toggled.connect(lambda shown, c=col: self.set_column_shown(c, shown))
        self.column_menu = menu  # for tests and scripts: the menu last opened
        menu.popup(header.mapToGlobal(at))

    def _current_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        cid = current.siblingAtColumn(0).data(ID_ROLE) if current.isValid() else None
        if cid:
            self.contractor_selected.emit(cid)

    def _activated(self, index: QModelIndex) -> None:
        cid = index.siblingAtColumn(0).data(ID_ROLE)
        if cid:
            self.contractor_activated.emit(cid)
