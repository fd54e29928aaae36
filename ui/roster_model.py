"""The roster's rows and the Qt model that shows them (``ui.roster`` is the panel).

A roster line is a plain tuple (:class:`RosterLine`), made from the library's
rows; the model is one flat table over them, each player's row followed by
that player's characters, and makes a cell's text only when the view asks
for it, which a table does for the cells on screen alone (issue 29).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from itertools import groupby
from operator import itemgetter
from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QAbstractTableModel, QModelIndex
from PySide6.QtWidgets import QWidget

from builder.contract.status import Status, status_from_victories
from ui.systems import roster_label, roster_short

if TYPE_CHECKING:  # its Python type costs start-up 1 ms of enums; only the hints name it
    from PySide6.QtCore import QPersistentModelIndex

ID_ROLE = 0x0100 + 1
"""Item data role holding a contractor id: ``Qt.ItemDataRole.UserRole + 1``, written as
a number so importing the roster does not build the ``Qt`` namespace's enums."""


ANY = "any"
LIVING = "living"
GRAVEYARD = "graveyard"
NO_PLAYER = "(no player)"


class RosterLine(NamedTuple):
    """One roster row as the panel shows it: a plain tuple, cheap at 10,000 rows.

    Its first ten fields are a ``models.values.RosterRow``'s, in the same order,
    so the start-up read becomes lines without a conversion per field.
    """

    id: str
    name: str
    player: str
    victories: int
    alive: bool
    approval: str
    updated: str
    family: str = "contract"  # the game system's id (``ui.systems``)
    owner: str = ""  # who stored it, in a playgroup's shared library (issue 14)
    floor_victories: int = 0  # a port's Status as victories: never shown below it
    badges: tuple[str, ...] = ()  # what is due, when the leader asked (``set_badges``)

    @property
    def status(self) -> Status:
        return status_from_victories(max(0, self.victories, self.floor_victories))

    @classmethod
    def from_row(cls, row: Any) -> RosterLine:
        """The line of a library roster row (``RosterEntry``, ``RosterRow`` or alike)."""
        values = sys.modules.get("models.values")  # loaded whenever the rows are its entries
        if values is not None and type(row) is values.RosterRow:
            return cls(*row)
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
                row.floor_victories,
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


def lines_of(rows: Sequence[Any]) -> list[RosterLine]:
    """The panel's lines for the library's rows: lines already (the start-up read makes
    them, ``models.quick_roster.quick_roster_rows``) as they are; plain ``RosterRow``
    tuples the quick way, one tuple each."""
    if rows and _all_of(rows, RosterLine):  # the start-up read made them
        return list(rows)
    values = sys.modules.get("models.values")
    if values is not None and rows and _all_of(rows, values.RosterRow):
        make = RosterLine._make
        return [make((*row, ())) for row in rows]
    return [RosterLine.from_row(row) for row in rows]


def _all_of(rows: Sequence[Any], kind: type) -> bool:
    """True when every row is exactly of ``kind``: asked of 10,000 rows through C
    functions alone (``map``, ``set``), not a Python generator's step per row."""
    return set(map(type, rows)) == {kind}


def group_order(line: RosterLine) -> tuple[str, str]:
    """Where a line stands in the list: by player, then name (ignoring case)."""
    return line.player.casefold(), line.name.casefold()


_NAME = itemgetter(RosterLine._fields.index("name"))
_PLAYER = itemgetter(RosterLine._fields.index("player"))
_ALIVE = itemgetter(RosterLine._fields.index("alive"))


def _by_name(lines: Sequence[RosterLine]) -> list[RosterLine]:
    """``lines`` sorted by name ignoring case (equal names keep their order), by C calls."""
    names = list(map(str.casefold, map(_NAME, lines)))
    return list(map(lines.__getitem__, sorted(range(len(lines)), key=names.__getitem__)))


def by_player(lines: Sequence[RosterLine]) -> list[tuple[str, list[RosterLine]]]:
    """The lines grouped as the list shows them: each player's label (``NO_PLAYER`` for
    none) with their lines by name, players by name ignoring case.

    What grouping ``sorted(lines, key=group_order)`` by label gives, line for line:
    players whose names differ only in case ("Dana", "dana") keep a group each,
    in the order of their first line by name. The lines are sorted by name, then
    by exact player (both sorts stable, their keys made by C functions), and the
    few players put in order: no Python step per line.
    """
    by_name = _by_name(lines)
    firsts = dict.fromkeys(map(_PLAYER, by_name))  # each player, in the order of their first line
    runs = {player: list(run) for player, run in groupby(sorted(by_name, key=_PLAYER), _PLAYER)}
    groups: dict[str, list[RosterLine]] = {}
    for player in sorted(firsts, key=str.casefold):
        groups.setdefault(player or NO_PLAYER, []).extend(runs[player])
    return list(groups.items())


def _status_key(line: RosterLine) -> str:
    """The Status filter's key for a line: its Status, or its game system's id when that
    game has no Status (``ui.systems.roster_label``)."""
    return line.family if roster_label(line.family) else line.status.name.lower()


class RosterFilter(NamedTuple):
    """The roster's filter choices; ``ANY`` means no filter on that field.

    A named tuple (immutable, compared by value) rather than a frozen dataclass: made
    at import, before the first frame, it costs a fifth as much (1.5 ms less CPU).
    """

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

    def select(self, lines: Sequence[RosterLine]) -> list[RosterLine]:
        """The lines this filter accepts, in order: what ``accepts`` says of each, with
        the usual choices (living characters, no other filter) one pass of a comprehension."""
        if self == RosterFilter(text=self.text) and not self.text.strip():
            return list(filter(_ALIVE, lines))  # a C call per line, not a Python step
        return [line for line in lines if self.accepts(line)]


def humanize(text: str) -> str:
    """ "changes_requested" → "Changes requested"."""
    return text.replace("_", " ").capitalize() if text else "—"


_DISPLAY, _TOOLTIP, _FONT, _ALIGN, _BACKGROUND = 0, 3, 6, 7, 8
"""Qt.ItemDataRole values the roster answers, as numbers (see ``ID_ROLE``)."""
_ALIGN_CENTER = 0x0084  # Qt.AlignmentFlag.AlignCenter


class _Player(NamedTuple):
    """A player's row of the flat list: the name shown and how many characters follow."""

    label: str
    characters: int


class RosterModel(QAbstractTableModel):
    """The roster as Qt sees it: one flat list, each player's row followed by their characters.

    A model over plain ``RosterLine`` tuples that makes each cell's text only
    when the view asks for it, which a table does for the cells on screen
    alone: a 10,000-character roster costs about what a 50 one does.
    """

    def __init__(self, columns: Sequence[str], parent: QWidget) -> None:
        super().__init__(parent)
        self.columns = tuple(columns)
        self.rows: list[RosterLine | _Player] = []
        self.players: list[int] = []
        """The rows that are a player's (their characters follow each)."""
        self.bold: Any = None
        self.band: Any = None

    def set_groups(
        self, groups: Sequence[tuple[str, list[RosterLine]]], bold: Any, band: Any = None
    ) -> None:
        """Show ``groups`` (player label, that player's lines in order) in place of the old;
        a player's row is in the ``bold`` font on the ``band`` background."""
        rows: list[RosterLine | _Player] = []
        players: list[int] = []
        for label, lines in groups:
            players.append(len(rows))
            rows.append(_Player(label, len(lines)))
            rows += lines
        self.beginResetModel()
        self.rows, self.players = rows, players
        self.bold, self.band = bold, band
        self.endResetModel()

    def replace_line(self, old: RosterLine, new: RosterLine) -> None:
        """Show ``new`` in the row of ``old`` (the same character, its place unchanged)."""
        row = self.rows.index(old)
        self.rows[row] = new
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(self.columns) - 1))

    def rowCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Any = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.columns)

    def line(self, index: QModelIndex | QPersistentModelIndex) -> RosterLine | None:
        """The character a row shows, or None for a player's row."""
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        return row if type(row) is RosterLine else None

    def data(self, index: Any, role: int = _DISPLAY) -> Any:
        row = self.rows[index.row()]
        if type(row) is _Player:
            return self._player_data(row, index.column(), role)
        return _line_data(row, index.column(), role)

    def _player_data(self, row: _Player, column: int, role: int) -> Any:
        """What a player's row shows: "Dana  (3)" in bold across the row."""
        if role == _FONT:
            return self.bold
        if role == _BACKGROUND:
            return self.band
        if role != _DISPLAY:
            return None
        return f"{row.label}  ({row.characters})" if column == 0 else ""

    def is_player_row(self, row: int) -> bool:
        """True for a player's row (their name over their characters): never a pick."""
        return type(self.rows[row]) is _Player

    def item(self, row: int, column: int = 0) -> RosterCell | None:
        """A row as a cell (``text()``, ``data(role)``, and for a player's row
        ``rowCount()`` and ``child(row, column)``: their characters), read the way
        ``QStandardItemModel.item`` reads: for tests and scripts."""
        index = self.index(row, column)
        return RosterCell(index) if index.isValid() else None


class RosterCell:
    """One cell of the roster model, read the way a ``QStandardItem`` is read: a player's
    row has their characters' rows as children."""

    def __init__(self, index: QModelIndex) -> None:
        self._index = index

    def index(self) -> QModelIndex:
        return self._index

    def text(self) -> str:
        return str(self._index.data(_DISPLAY) or "")

    def data(self, role: int) -> Any:
        return self._index.data(role)

    def rowCount(self) -> int:
        model = self._index.model()
        assert isinstance(model, RosterModel)
        row = model.rows[self._index.row()]
        return row.characters if type(row) is _Player else 0

    def child(self, row: int, column: int = 0) -> RosterCell | None:
        if not 0 <= row < self.rowCount():
            return None
        index = self._index.model().index(self._index.row() + 1 + row, column)
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
    elif role == _TOOLTIP:
        value = _tooltip(line, column)
    return value


def _tooltip(line: RosterLine, column: int) -> str | None:
    """A row's tooltip: on the name, who and what it is; on another cell, its whole text
    (the cells show short forms: "⚑ 2", "✓", "Mortal Coil")."""
    if column != 0:
        return full_text(line, column)
    owned = f"; owned by {line.owner}" if line.owner else ""
    # The game is named here too: a narrow roster scrolls its Game column out of view.
    game = roster_label(line.family)
    played = f" ({game})" if game else ""
    due = f"; due: {', '.join(line.badges)}" if line.badges else ""
    return (
        f"{line.name}{played} — {line.player or NO_PLAYER}{owned}; last changed {line.updated}{due}"
    )


CONTRACT_GAME = "The Contract"
"""The Game column's tooltip for a contractor (The Contract has no roster label of its own)."""

CONTRACT_GAME_SHORT = "Contract"
"""The Game column's text for a contractor."""

APPROVAL_MARKS = {"approved": "✓", "unreviewed": "○", "changes_requested": "✎"}
"""The Approval column's mark for each approval state; the words are in the tooltip and in
the column title's (a state without a mark shows its words)."""

APPROVAL_COLUMN = 3

GAME_COLUMN = 4

DUE_COLUMN = 5
"""What is due (the leader's badges): a column of its own, shown beside the names while
a line has a badge, so a long name never pushes the badge out of sight."""

DUE_FLAG = "⚑"


def cell_text(line: RosterLine, column: int) -> str:
    """What a character's row shows in ``column`` (Name, Status, Victories, Approval, Game,
    Due): short forms, so six columns fit the roster's default width (issue 29's
    trust item 2); ``full_text`` is each cell's whole text, its tooltip.

    Only The Contract's characters have a Status and victories; others (other
    games' rules have none) show "—" there, and every row names its game in
    the Game column, so Status holds statuses only (issue 33, item 2).
    """
    if column == 0:
        title = line.name if line.alive else f"✝ {line.name}"
        return f"{title}  · {line.owner}" if line.owner else title
    if column == DUE_COLUMN:
        return f"{DUE_FLAG} {len(line.badges)}" if line.badges else ""
    if column == APPROVAL_COLUMN:
        return APPROVAL_MARKS.get(line.approval) or humanize(line.approval)
    if column == GAME_COLUMN:
        return roster_short(line.family) or CONTRACT_GAME_SHORT
    if roster_label(line.family):
        return "—"
    return line.status.label if column == 1 else str(line.victories)


def full_text(line: RosterLine, column: int) -> str:
    """A cell's whole text, in words: what its tooltip says ("Due: Loose End, Journal")."""
    if column == DUE_COLUMN:
        return f"Due: {', '.join(line.badges)}" if line.badges else ""
    if column == APPROVAL_COLUMN:
        return humanize(line.approval)
    if column == GAME_COLUMN:
        return roster_label(line.family) or CONTRACT_GAME
    return cell_text(line, column)
