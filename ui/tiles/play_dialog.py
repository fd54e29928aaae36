"""Play a game of Covenants in a window: against the computer at a chosen level, or hot-seat.

When the game ends the dialog offers to keep it; a kept game goes into the
library through ``ui.operations.tiles`` and can be replayed from the roster.
"""

from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from builder.tiles.players import LEVELS, make_player
from builder.tiles.record import GameRecord
from builder.tiles.state import deal_from_seed
from builder.tiles.variants import variant, variants
from ui.screen_fit import fit_to_screen
from ui.tiles.board import TilesGameWidget
from ui.widgets.name_edit import NameEdit

HOT_SEAT = "hot-seat (two players at this screen)"


class PlayTilesDialog(QDialog):
    """First the choices (opponent, variant, names), then the board; ``kept`` a finished game."""

    kept = Signal(object)  # GameRecord

    def __init__(self, parent: QWidget | None = None, seed: int | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Play Covenants")
        self.seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        self.opponent = QComboBox(self)
        self.opponent.addItems([f"the computer ({level})" for level in LEVELS] + [HOT_SEAT])
        self.variant = QComboBox(self)
        for vid, v in variants().items():
            self.variant.addItem(v.name, vid)
        self.first_name = NameEdit("You", self)
        self.second_name = NameEdit("Computer", self)
        # The choices are a page of their own: the board replaces the whole page (a bare
        # layout's labels and boxes used to stay painted over the board; issue 33, item 6).
        self.setup = QWidget(self)
        form = QFormLayout(self.setup)
        form.addRow("Opponent", self.opponent)
        form.addRow("Variant", self.variant)
        form.addRow("Player 1 (moves first)", self.first_name)
        form.addRow("Player 2", self.second_name)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self.setup)
        self.start_button = buttons.addButton("Start", QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.rejected.connect(self.reject)
        self.start_button.clicked.connect(self.start)
        form.addRow(buttons)
        self.pages = QStackedWidget(self)
        self.pages.addWidget(self.setup)
        self.box = QVBoxLayout(self)
        self.box.addWidget(self.pages, 1)
        self.board: TilesGameWidget | None = None
        self.resize(900, 700)

    def start(self) -> None:
        """Replace the choices with the board, dealt from this dialog's seed."""
        choice = self.opponent.currentIndex()
        rules = variant(str(self.variant.currentData()))
        computer = make_player(LEVELS[choice], self.seed) if choice < len(LEVELS) else None
        names = (
            self.first_name.text().strip() or "Player 1",
            self.second_name.text().strip() or "Player 2",
        )
        self.board = TilesGameWidget(
            rules,
            deal_from_seed(rules, self.seed),
            names=names,
            computer=computer,
            computer_seat=1,
            practice=True,
            seed=self.seed,
            parent=self,
        )
        self.board.finished.connect(self._finished)
        self.pages.addWidget(self.board)
        self.pages.setCurrentWidget(self.board)
        self.setup.hide()
        # The board needs more room than the choices did; it stays on the screen (1280×800).
        fit_to_screen(self)

    def _finished(self, game: GameRecord) -> None:
        self.kept.emit(game)
