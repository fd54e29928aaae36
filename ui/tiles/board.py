"""The Covenants board in the app: play against the computer or a friend at the same screen.

:class:`BoardView` paints the spiral of territories (values, stacked tiles,
control coins) and takes clicks on the territories; :class:`TilesGameWidget`
adds the hands, the UNKNOWN's declaration, the score, the betting-coins
tally, the game log, undo (practice games), hot-seat cover between turns and
the computer's moves, which run off the main thread (``ui.tasks``). A
finished game emits :attr:`TilesGameWidget.finished` with its
:class:`~builder.tiles.record.GameRecord`, for the library to keep.
All rules come from :mod:`builder.tiles`; refusals show the rules' reason.
"""

from __future__ import annotations

import math
import uuid
from datetime import UTC, datetime

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from builder.tiles.elements import ELEMENTS, Kind, beaten_by, tiles_of
from builder.tiles.players import Player
from builder.tiles.record import GameRecord, record_of
from builder.tiles.state import (
    CONCEDE,
    Action,
    Deal,
    Game,
    GameState,
    Move,
    RulesError,
    beat,
    legal_moves,
    open_,
)
from builder.tiles.variants import Variant
from ui.tasks import TaskRunner
from ui.tiles.art import art_name, paint_art, pixmap

HIGHLIGHT = QColor("#3aa657")
CURRENT = QColor("#e0b23a")


class BoardView(QWidget):
    """The spiral of territories from dawn (outside) to dusk (centre); emits clicked territories."""

    territory_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.state: GameState | None = None
        self.targets: set[int] = set()
        self.setMinimumSize(420, 380)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def show_state(self, state: GameState, targets: set[int]) -> None:
        self.state, self.targets = state, targets
        self.update()

    def radius(self) -> float:
        return min(self.width(), self.height()) / 14

    def territory_center(self, t: int) -> QPointF:
        """Where territory ``t`` is drawn (tests click here)."""
        assert self.state is not None
        n = len(self.state.variant.territories)
        f = t / max(1, n - 1)
        outer = min(self.width(), self.height()) / 2 - self.radius() * 1.25
        r = outer * (1 - 0.55 * f)
        a = math.pi / 2 - 2 * math.pi * 0.92 * f
        return QPointF(self.width() / 2 + r * math.cos(a), self.height() / 2 - r * math.sin(a))

    def territory_at(self, point: QPointF) -> int | None:
        if self.state is None:
            return None
        for t in range(len(self.state.variant.territories)):
            d = point - self.territory_center(t)
            if math.hypot(d.x(), d.y()) <= self.radius():
                return t
        return None

    def mousePressEvent(self, event: QMouseEvent) -> None:
        t = self.territory_at(event.position())
        if t is not None:
            self.territory_clicked.emit(t)

    def paintEvent(self, _event: QPaintEvent) -> None:
        if self.state is None:
            return
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        s, rad = self.state, self.radius()
        n = len(s.variant.territories)
        p.setPen(QPen(QColor("#9a8f7c"), 3))
        for t in range(n - 1):
            p.drawLine(self.territory_center(t), self.territory_center(t + 1))
        for t in range(n):
            self._territory(p, t, rad)
        p.end()

    def _territory(self, p: QPainter, t: int, rad: float) -> None:
        s = self.state
        assert s is not None
        c = self.territory_center(t)
        ring = HIGHLIGHT if t in self.targets else CURRENT if t == s.pos else QColor("#5b4a3a")
        p.setPen(QPen(ring, 5 if t in self.targets or t == s.pos else 2))
        p.setBrush(QColor("#f4efe3"))
        p.drawEllipse(c, rad, rad)
        stack = s.board[t]
        if stack:
            top = stack[-1]
            side = rad * 1.1
            paint_art(p, art_name(top.tile), QRectF(c.x() - side / 2, c.y() - side / 2, side, side))
            if top.tile is Kind.UNKNOWN:
                p.setPen(QColor("#ffffff"))
                p.drawText(QRectF(c.x() - side / 2, c.y() - side / 2, side, side * 0.3),
                           Qt.AlignmentFlag.AlignCenter, top.element.name)  # fmt: skip
            p.setPen(QColor("#222222"))
            p.drawText(QRectF(c.x() + rad * 0.35, c.y() + rad * 0.45, rad, rad * 0.5),
                       Qt.AlignmentFlag.AlignLeft, f"P{top.seat + 1}×{len(stack)}")  # fmt: skip
        marker = s.markers[t]
        if marker is not None:
            coin = rad * 0.6
            paint_art(p, f"coin-p{marker + 1}",
                      QRectF(c.x() - rad, c.y() - rad, coin, coin))  # fmt: skip
        font = QFont(p.font())
        font.setBold(True)
        p.setFont(font)
        p.setPen(self.palette().windowText().color())  # below the disc, on the window
        label = "dawn" if t == 0 else "dusk" if t == len(s.board) - 1 else f"#{t + 1}"
        text = f"{label} · {s.variant.territories[t]}"
        box = QRectF(c.x() - rad, c.y() + rad, 2 * rad, rad * 0.5)
        p.drawText(box, Qt.AlignmentFlag.AlignCenter, text)


class TilesGameWidget(QWidget):
    """One game on screen. ``computer`` plays ``computer_seat``; without one it is hot-seat."""

    finished = Signal(object)  # GameRecord

    def __init__(
        self,
        variant: Variant,
        deal: Deal,
        names: tuple[str, str] = ("Player 1", "Player 2"),
        computer: Player | None = None,
        computer_seat: int = 1,
        practice: bool = True,
        seed: int | None = None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.game = Game(variant, deal)
        self.names, self.computer, self.computer_seat = names, computer, computer_seat
        self.practice, self.seed = practice, seed
        self.selected: Kind | None = None
        self.declared: Kind | None = None
        self.covered = computer is None  # hot-seat: hands hidden until the player shows them
        self.coins = [0, 0]
        self.tasks = TaskRunner(self)
        self.thinking = False
        self._build()
        self.refresh()
        self._maybe_computer()

    # -- layout ---------------------------------------------------------------

    def _build(self) -> None:
        self.board = BoardView(self)
        self.board.territory_clicked.connect(self.territory_clicked)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.score = QLabel(self)
        self.tally = QLabel(self)
        self.hand_row = QHBoxLayout()
        self.declare_row = QHBoxLayout()
        self.declare_buttons: dict[Kind, QPushButton] = {}
        self.declare_label = QLabel("The UNKNOWN plays as:", self)
        self.declare_row.addWidget(self.declare_label)
        for e in ELEMENTS:
            b = QPushButton(e.name.title(), self)
            b.setCheckable(True)
            b.clicked.connect(lambda _=False, el=e: self.declare(el))
            self.declare_buttons[e] = b
            self.declare_row.addWidget(b)
        self.declare_row.addStretch(1)
        self.concede_button = QPushButton("Concede dusk", self)
        self.concede_button.clicked.connect(lambda: self.try_move(CONCEDE))
        self.undo_button = QPushButton("Undo", self)
        self.undo_button.clicked.connect(self.undo)
        self.show_button = QPushButton(self)
        self.show_button.clicked.connect(self.uncover)
        self.log = QListWidget(self)
        self.log.setMinimumWidth(220)
        left = QVBoxLayout()
        left.addWidget(self.status)
        left.addWidget(self.board, 1)
        left.addLayout(self.declare_row)
        left.addLayout(self.hand_row)
        buttons = QHBoxLayout()
        for w in (self.show_button, self.concede_button, self.undo_button):
            buttons.addWidget(w)
        buttons.addStretch(1)
        left.addLayout(buttons)
        right = QVBoxLayout()
        right.addWidget(self.score)
        right.addWidget(self.tally)
        right.addWidget(QLabel("Game log", self))
        right.addWidget(self.log, 1)
        outer = QHBoxLayout(self)
        outer.addLayout(left, 3)
        outer.addLayout(right, 1)

    # -- state to screen ---------------------------------------------------------

    @property
    def state(self) -> GameState:
        return self.game.state

    def human_to_move(self) -> bool:
        s = self.state
        return (
            not s.over
            and not self.thinking
            and (self.computer is None or s.to_move != self.computer_seat)
        )

    def viewer(self) -> int:
        """The seat whose hand is shown: the human's, or in hot-seat the player to move."""
        if self.computer is not None:
            return 1 - self.computer_seat
        return self.state.to_move

    def legal_for_selection(self) -> list[Move]:
        if not self.human_to_move() or self.selected is None or self.covered:
            return []
        return [m for m in legal_moves(self.state) if m.tile is self.selected]

    def targets(self) -> set[int]:
        """Territories where the selected tile may go (highlighted)."""
        out = set()
        for m in self.legal_for_selection():
            out.add(self.state.pos if m.action is Action.BEAT else self.state.pos + 1)
        return out

    def refresh(self) -> None:
        s = self.state
        self.board.show_state(s, self.targets())
        a, b = s.scores()
        self.score.setText(f"{self.names[0]} {a} – {b} {self.names[1]}")
        self.tally.setText(
            f"Betting coins won: {self.names[0]} {self.coins[0]}, {self.names[1]} {self.coins[1]}"
        )
        self._fill_hand()
        unknown = self.selected is Kind.UNKNOWN and self.human_to_move()
        self.declare_label.setVisible(unknown)
        for e, button in self.declare_buttons.items():
            button.setVisible(unknown)
            button.setChecked(e is self.declared)
        self.concede_button.setEnabled(self.human_to_move() and CONCEDE in legal_moves(s))
        self.undo_button.setVisible(self.practice)
        self.undo_button.setEnabled(self.practice and self.game.can_undo() and not self.thinking)
        self.show_button.setVisible(self.covered and not s.over)
        self.show_button.setText(f"Show {self.names[s.to_move]}'s tiles")
        self.status.setText(self._status_text())

    def _status_text(self) -> str:
        s = self.state
        if s.over:
            w = s.winner()
            return "Game over: " + ("a draw." if w is None else f"{self.names[w]} wins.")
        who = self.names[s.to_move]
        if self.thinking:
            return f"{who} is thinking…"
        if self.covered:
            return f"{who} to move: hand the screen over, then show the tiles."
        chaos = " Chaos round: play the tile you drew." if s.chaos else ""
        return f"{who} to move: pick a tile, then a highlighted territory.{chaos}"

    def _fill_hand(self) -> None:
        while self.hand_row.count():
            item = self.hand_row.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.hide()
                widget.deleteLater()
        self.hand_buttons: list[QToolButton] = []
        seat = self.viewer()
        shown = not self.covered or self.state.over
        ratio = self.devicePixelRatioF()
        for kind in tiles_of(self.state.hands[seat]):
            b = QToolButton(self)
            b.setIcon(QIcon(pixmap(art_name(kind if shown else None), 56, ratio)))
            b.setIconSize(QSize(56, 56))
            b.setCheckable(True)
            b.setChecked(shown and kind is self.selected)
            b.setToolTip(kind.name if shown else "hidden")
            b.setProperty("kind", kind.name if shown else "")
            b.setEnabled(shown and self.human_to_move())
            b.clicked.connect(lambda _=False, k=kind: self.select(k))
            self.hand_buttons.append(b)
            self.hand_row.addWidget(b)
        self.hand_row.addStretch(1)
        other = 1 - seat
        opp = self.state.hands[other]
        count = sum(opp)
        label = QLabel(f"{self.names[other]}: {count} tile{'' if count == 1 else 's'}", self)
        self.hand_row.addWidget(label)

    # -- actions ----------------------------------------------------------------

    def select(self, kind: Kind) -> None:
        self.selected = kind
        self.declared = None
        self.refresh()

    def declare(self, element: Kind) -> None:
        self.declared = element
        self.refresh()

    def uncover(self) -> None:
        self.covered = False
        self.refresh()

    def territory_clicked(self, t: int) -> None:
        """Place the selected tile there, or say why not."""
        if not self.human_to_move() or self.covered:
            return
        if self.selected is None:
            self.status.setText("Pick a tile from your hand first.")
            return
        s = self.state
        if t == s.pos and s.top is not None:
            element = beaten_by(s.top.element) if self.selected is Kind.UNKNOWN else self.selected
            move = beat(self.selected, element)
        elif t == s.pos + 1 or (s.pos < 0 and t == 0):
            if self.selected is Kind.UNKNOWN and self.declared is None:
                self.status.setText("Say first what the UNKNOWN plays as on an empty territory.")
                return
            move = open_(self.selected, self.declared or self.selected)
        else:
            self.status.setText(
                "Territories are never skipped or revisited: play on the current "
                "territory or the next one."
            )
            return
        self.try_move(move)

    def try_move(self, move: Move) -> None:
        try:
            self.game.play(move)
        except RulesError as exc:
            self.status.setText(f"Not allowed: {exc}.")
            return
        self._after_move()

    def _after_move(self) -> None:
        event = self.state.log[-1]
        self.log.addItem(event.move.said_of(self.names[event.seat]))
        self.selected = self.declared = None
        if self.state.over:
            self._finish()
        elif self.computer is None:
            self.covered = True
        self.refresh()
        self._maybe_computer()

    def undo(self) -> None:
        """Take back the last move (and the computer's reply), practice games only."""
        if not self.practice or self.thinking:
            return
        while self.game.can_undo():
            popped = self.state.log[-1]
            self.game.undo()
            self.log.takeItem(self.log.count() - 1)
            if self.computer is None or popped.seat != self.computer_seat:
                break
        self.selected = self.declared = None
        self.refresh()

    def _maybe_computer(self) -> None:
        s = self.state
        if self.computer is None or s.over or s.to_move != self.computer_seat or self.thinking:
            return
        self.thinking = True
        self.refresh()
        computer = self.computer

        def done(move: Move) -> None:
            self.thinking = False
            self.try_move(move)

        self.tasks.run("The computer's move", lambda: computer.choose(s), done)

    def _finish(self) -> None:
        s = self.state
        w = s.winner()
        if w is not None:
            self.coins[w] += sum(1 for m in s.markers if m is not None)
        self.finished.emit(self.record())

    def record(self) -> GameRecord:
        """The game as a record for the library (unfinished games too)."""
        return record_of(
            self.state,
            self.names,
            str(self.game.deal),
            str(uuid.uuid4()),
            self.seed,
            datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        )
