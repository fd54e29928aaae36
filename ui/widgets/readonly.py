"""Pieces every read-only character sheet of review mode is made of, whatever the game.

A file under review is never edited, so its sheets use tables with no edit
controls, a header (name, a state chip, the player, the headline figures)
and a way to follow a finding's pointer ("ledger[11]", "log[3]") to the row
it names: :func:`parse_pointer` and :func:`select_row`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from ui.style import set_role
from ui.widgets.tables import ListTable

_INDEXED = re.compile(r"^(?P<name>[a-z_.]+?)\[(?P<index>\d+)\]")


def parse_pointer(where: str) -> tuple[str, int | None, str]:
    """A finding's pointer split up: 'gifts[2].draft.x' → ('gifts', 2, 'draft.x');
    'creation.attributes.brawn' → ('creation.attributes.brawn', None, '')."""
    match = _INDEXED.match(where)
    if match is None:
        return where, None, ""
    return match["name"], int(match["index"]), where[match.end() :].lstrip(".")


def readonly_table(title: str, columns: Sequence[str], stretch: int = -1) -> ListTable:
    table = ListTable(title, columns, editable=False, stretch=stretch)
    table.empty_text = "None."
    return table


def select_row(table: ListTable, row: int) -> bool:
    """Select ``row`` of a table, scroll to it and give it the focus; False when out of range."""
    if not 0 <= row < table.row_count():
        return False
    table.table.selectRow(row)
    table.table.scrollToItem(
        table.table.item(row, 0), QAbstractItemView.ScrollHint.PositionAtCenter
    )
    table.table.setFocus(Qt.FocusReason.OtherFocusReason)
    return True


class SheetHeader(QWidget):
    """Name, Status and player over the sheet's tabs."""

    def __init__(self) -> None:
        super().__init__()
        self.title = QLabel()
        set_role(self.title, "title")
        self.title.setTextFormat(Qt.TextFormat.PlainText)
        self.chip = QLabel()
        set_role(self.chip, "chip")
        self.player = QLabel()
        set_role(self.player, "muted")
        self.player.setTextFormat(Qt.TextFormat.PlainText)
        self.figures = QLabel()
        self.figures.setWordWrap(True)
        top = QHBoxLayout()
        top.setContentsMargins(0, 0, 0, 0)
        top.addWidget(self.title)
        top.addWidget(self.chip)
        top.addWidget(self.player)
        top.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.figures)

    def set_values(
        self, title: str, chip: str, player: str, figures: str, dead: bool = False
    ) -> None:
        self.title.setText(title or "(unnamed)")
        self.chip.setText(chip)
        self.chip.setVisible(bool(chip))
        set_role(self.chip, "chip", dead=dead)
        self.player.setText(f"played by {player}" if player else "")
        self.figures.setText(figures)
