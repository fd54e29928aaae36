"""Replaying a saved Covenants game move by move (a record from the library)."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QSlider, QVBoxLayout, QWidget

from builder.tiles.record import GameRecord, replay_record
from builder.tiles.state import GameState
from ui.tiles.board import BoardView


class ReplayWidget(QWidget):
    """The board at any move of a recorded game, with first/back/forward/last and a slider."""

    def __init__(self, record: GameRecord, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.record = record
        self.states: list[GameState] = replay_record(record)
        self.board = BoardView(self)
        self.caption = QLabel(self)
        self.slider = QSlider(Qt.Orientation.Horizontal, self)
        self.slider.setRange(0, len(self.states) - 1)
        self.slider.valueChanged.connect(self.show_move)
        controls = QHBoxLayout()
        self.buttons: dict[str, QPushButton] = {}
        for name, delta in (("First", -999), ("Back", -1), ("Forward", 1), ("Last", 999)):
            b = QPushButton(name, self)
            b.clicked.connect(lambda _=False, d=delta: self.step(d))
            self.buttons[name] = b
            controls.addWidget(b)
        controls.addWidget(self.slider, 1)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{record.name} · {record.variant} · deal {record.deal}", self))
        layout.addWidget(self.board, 1)
        layout.addWidget(self.caption)
        layout.addLayout(controls)
        self.show_move(0)

    @property
    def index(self) -> int:
        return self.slider.value()

    def step(self, delta: int) -> None:
        self.slider.setValue(max(0, min(len(self.states) - 1, self.index + delta)))

    def show_move(self, i: int) -> None:
        """Show the board after ``i`` moves."""
        if self.slider.value() != i:
            self.slider.setValue(i)
            return
        state = self.states[i]
        self.board.show_state(state, set())
        a, b = state.scores()
        if i == 0:
            what = "the deal"
        else:
            event = state.log[i - 1]
            what = f"move {i}: {event.move.said_of(self.record.players[event.seat])}"
        self.caption.setText(f"{what} — score {a}–{b}")
