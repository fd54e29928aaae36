"""Player Histories: one row per player across their contractors (issue 32 item 3).

The figures are ``harbinger.app.contract.reports.histories`` (folded by
``builder.contract.players``); this dialog only shows them.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.contract.players import PlayerHistory
from ui.widgets.common import help_note

COLUMNS = (
    ("Player", "player"),
    ("Contractors", "contractors"),
    ("Living", "living"),
    ("Contracts played", "contracts_played"),
    ("Contracts GMed", "contracts_gmed"),
    ("Victories", "victories"),
    ("Deaths", "deaths"),
    ("Exp earned", "exp_earned"),
)


class PlayerHistoriesDialog(QDialog):
    """A read-only table of every player's history in the library."""

    def __init__(self, histories: tuple[PlayerHistory, ...], parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Player Histories")
        layout = QVBoxLayout(self)
        layout.addWidget(
            help_note(
                "Each player across all their contractors in this library. Exp earned does "
                "not count the 150 every contractor starts with; a Contract GMed is the "
                "Improvement for GMing on one of the player's contractors."
            )
        )
        self.table = QTableWidget(len(histories), len(COLUMNS))
        self.table.setHorizontalHeaderLabels([title for title, _key in COLUMNS])
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for row, history in enumerate(histories):
            for column, (_title, key) in enumerate(COLUMNS):
                value: Any = getattr(history, key)
                item = QTableWidgetItem(str(value))
                if isinstance(value, int):
                    item.setTextAlignment(
                        Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
                    )
                self.table.setItem(row, column, item)
        layout.addWidget(self.table, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(900, 480)

    def row(self, player: str) -> list[str]:
        """The cells of one player's row, as shown."""
        for r in range(self.table.rowCount()):
            if self.table.item(r, 0).text() == player:
                return [self.table.item(r, c).text() for c in range(self.table.columnCount())]
        raise KeyError(player)


__all__ = ["PlayerHistoriesDialog"]
