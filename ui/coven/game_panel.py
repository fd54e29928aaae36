"""The end of a week at the table: a won conflict's stakes, and The Game when the Others come.

Two boxes for ``ChronicleView``: the stakes of the last conflict a
practitioner won (corruption markers off an element, or its corruption
lifted), and The Game (the order of play, each player's wager, the rules
proposed and voted, how it ended). Each button is one operation of the
session; the rules refuse what the text does not allow.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.coven.chronicle import (
    OTHERS,
    Colour,
    GameBegins,
    GameEnds,
    ProposeRule,
    RemoveMarkers,
    Wager,
)
from ui.coven.session import ChronicleSession
from ui.widgets.common import row_of


class StakesBox(QGroupBox):
    """Stakes: "If I win, the corruption vanishes from this person" (markers off, or lifted)."""

    def __init__(self, session: ChronicleSession, parent: QWidget | None = None) -> None:
        super().__init__("Stakes of the last conflict won", parent)
        self.session = session
        layout = QHBoxLayout(self)
        self.element = QComboBox()
        self.count = QSpinBox()
        self.count.setRange(1, 3)
        self.purify = QCheckBox("lift its corruption")
        self.apply_button = QPushButton("Apply the stakes")
        self.apply_button.clicked.connect(self.apply)
        for w in (self.element, self.count, self.purify, self.apply_button):
            layout.addWidget(w)

    def refresh(self) -> None:
        state = self.session.state
        chosen = self.element.currentData()
        self.element.clear()
        for e in state.elements.values():
            self.element.addItem(e.name, e.id)
        self.element.setCurrentIndex(max(0, self.element.findData(chosen)))
        won = [i for i, w in state.conflict_winners.items() if w != OTHERS]
        self.apply_button.setEnabled(bool(won))

    def apply(self) -> None:
        state = self.session.state
        won = [i for i, w in state.conflict_winners.items() if w != OTHERS]
        if won and self.element.currentData():
            event = RemoveMarkers(
                max(won), self.element.currentData(), self.count.value(), self.purify.isChecked()
            )
            self.session.perform("Apply the stakes", event)


class GameBox(QGroupBox):
    """The Game: begin it, wager, propose rules in order, and end it."""

    def __init__(self, session: ChronicleSession, parent: QWidget | None = None) -> None:
        super().__init__("The Game", parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.begin_button = QPushButton("Begin The Game (the Others first, then the coven)")
        self.begin_button.clicked.connect(self.begin)
        layout.addWidget(self.begin_button)
        form = QFormLayout()
        self.player = QComboBox()
        self.wager_cards = QLineEdit()
        self.wager_cards.setPlaceholderText("card ids: one white or two red")
        self.wager_button = QPushButton("Wager")
        self.wager_button.clicked.connect(self.wager)
        form.addRow("Player", self.player)
        form.addRow(row_of(self.wager_cards, self.wager_button))
        self.rule = QLineEdit()
        self.rule.setPlaceholderText("a rule for The Game")
        self.permanent = QCheckBox("permanent")
        self.second = QCheckBox("second rule (wagers the cards above)")
        self.yes: dict[str, QCheckBox] = {}
        votes = QWidget()
        votes_layout = QHBoxLayout(votes)
        votes_layout.setContentsMargins(0, 0, 0, 0)
        for pid, name in self._players():
            self.yes[pid] = QCheckBox(f"{name} Yes")
            votes_layout.addWidget(self.yes[pid])
        self.propose_button = QPushButton("Propose and vote")
        self.propose_button.clicked.connect(self.propose)
        form.addRow(row_of(self.rule, self.permanent, self.second))
        form.addRow(row_of(votes, self.propose_button))
        self.winner = QComboBox()
        self.concluded_button = QPushButton("Played to the end: winner takes the pot")
        self.concluded_button.clicked.connect(self.concluded)
        self.broke_button = QPushButton("The Game broke down")
        self.broke_button.clicked.connect(
            lambda: self.session.perform("The Game broke down", GameEnds(False))
        )
        form.addRow(row_of(self.winner, self.concluded_button, self.broke_button))
        layout.addLayout(form)
        for pid, name in self._players():
            self.player.addItem(name, pid)
            self.winner.addItem(name, pid)

    def _players(self) -> list[tuple[str, str]]:
        chronicle = self.session.chronicle
        return [(p.id, p.name) for p in chronicle.practitioners] + [(OTHERS, "The Others")]

    def refresh(self) -> None:
        phase = self.session.state.phase.value
        self.begin_button.setEnabled(phase == "summoned")
        for w in (self.wager_button, self.propose_button, self.concluded_button, self.broke_button):
            w.setEnabled(phase == "game")
        pid = self.player.currentData()
        held = self.session.state.held(pid or "")
        if not self.wager_cards.text() and held:
            white = [c.id for c in held if c.colour is Colour.WHITE]
            red = [c.id for c in held if c.colour is Colour.RED]
            self.wager_cards.setPlaceholderText(
                f"e.g. {white[0]}" if white else f"e.g. {' '.join(red[:2])}"
            )

    def begin(self) -> None:
        order = (OTHERS, *(p.id for p in self.session.chronicle.practitioners))
        self.session.perform("Begin The Game", GameBegins(order))

    def wager(self) -> None:
        cards = tuple(self.wager_cards.text().split())
        if self.session.perform("Wager", Wager(self.player.currentData(), cards)) is None:
            self.wager_cards.clear()

    def propose(self) -> None:
        yes = tuple(pid for pid, box in self.yes.items() if box.isChecked())
        event = ProposeRule(
            self.player.currentData(),
            self.rule.text(),
            self.permanent.isChecked(),
            yes,
            self.second.isChecked(),
            tuple(self.wager_cards.text().split()) if self.second.isChecked() else (),
        )
        if self.session.perform("Propose a rule", event) is None:
            self.rule.clear()

    def concluded(self) -> None:
        game_pot = [c.id for c in self.session.state.held("pot")]
        winner = self.winner.currentData()
        shares = tuple((card, winner) for card in game_pot)
        self.session.perform("The Game is played to its end", GameEnds(True, shares))
