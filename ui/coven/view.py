"""The chronicle at the table: the town map, the week's controls, the chronicle, the coven.

Everything shown comes from the folded state (``builder.coven.state``); every
button is one named operation of ``ChronicleSession`` (undoable through the
workspace's per-chronicle undo stack), and the rules refuse illegal ones with
their reason, shown in the status line. The app deals (``builder.coven.deal``)
or records a physical deal typed in.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from builder.coven.cards import DECK, marker_kind
from builder.coven.chronicle import (
    OTHERS,
    BeginWeek,
    CascadeMarker,
    Challenge,
    Colour,
    EndInfluence,
    Kind,
    PlaceMarker,
    Scene,
    SummonVote,
)
from builder.coven.deal import deal_conflict, deal_week
from builder.coven.odds import (
    conflict_precision,
    describe_conflict_chance,
    markers_in_deal,
    town_chances,
)
from builder.coven.scenes import others_cards, settle_conflict
from builder.coven.wording import card_label, describe_entry
from ui.coven.game_panel import GameBox, StakesBox
from ui.coven.session import ChronicleSession
from ui.coven.town_box import TownBox, TradeBox
from ui.coven.town_map import TownMap
from ui.operations.gm_notes import WorkspaceGmNotes
from ui.style import ruled_tabs, set_role
from ui.widgets.common import row_of
from ui.widgets.gm_notes_box import GmNotesBox
from ui.widgets.scroll import scrolling

PHASES = {
    "setup": "before the first week",
    "influence": "the Others exert their influence",
    "scenes": "the practitioners act",
    "week_done": "the week is over",
    "summoned": "the Others are summoned",
    "game": "The Game",
    "game_done": "The Game is over",
}


class ChronicleView(QWidget):
    """One chronicle being played; ``rng`` deals (``SystemRandom`` unless a test seeds one)."""

    def __init__(  # noqa: PLR0915  (59 statements when the limits came in)
        self,
        session: ChronicleSession,
        parent: QWidget | None = None,
        rng: random.Random | None = None,
    ) -> None:
        super().__init__(parent)
        self.session = session
        self.rng = rng or random.SystemRandom()
        self.setWindowTitle(f"{session.chronicle.town} — The Coven")
        layout = QVBoxLayout(self)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.message = QLabel()
        set_role(self.message, "error")
        layout.addWidget(self.status)
        layout.addWidget(self.message)
        split = QSplitter(Qt.Orientation.Horizontal)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        self.map = TownMap()
        self.elements = QTableWidget(0, 4)
        self.elements.setHorizontalHeaderLabels(["Element", "Kind", "State", "Falls"])
        self.elements.horizontalHeaderItem(3).setToolTip(
            "The chance the element is corrupted at the end of this week"
        )
        self.elements.setWordWrap(False)
        header = self.elements.horizontalHeader()
        # the name takes what the figures leave, so all four fit beside the week's controls
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column in (1, 2, 3):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.elements.verticalHeader().hide()
        self.elements.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        left_layout.addWidget(self.map, 3)
        left_layout.addWidget(self.elements, 2)
        split.addWidget(left)
        self.tabs = ruled_tabs(QTabWidget())
        week = scrolling(self._week_tab())
        self.tabs.addTab(week, "The week")
        game_tab = QWidget()
        game_layout = QVBoxLayout(game_tab)
        self.game_box = GameBox(session)
        game_layout.addWidget(self.game_box)
        self.trade_box = TradeBox(session)
        game_layout.addWidget(self.trade_box)
        self.town_box = TownBox(session)
        game_layout.addWidget(self.town_box)
        game_layout.addStretch(1)
        game = scrolling(game_tab)  # scrolls rather than squeezing the main window's roster
        self.tabs.addTab(game, "The Game and the town")
        self.log = QListWidget()
        self.tabs.addTab(self.log, "Chronicle")
        self.coven = QTableWidget(0, 4)
        self.coven.setHorizontalHeaderLabels(["Practitioner", "Card", "Colour", "Trait"])
        self.coven.horizontalHeader().setStretchLastSection(True)
        self.tabs.addTab(self.coven, "Coven")
        # The leader's GM notes (issue 31 item 6), a tab only for whoever may read them.
        self.gm_notes = GmNotesBox(
            WorkspaceGmNotes(session.workspace, "coven", "chronicle"), self._run_edit
        )
        self.gm_notes_tab = self.tabs.addTab(self.gm_notes, "GM notes")
        split.addWidget(self.tabs)
        split.setSizes([340, 560])  # the controls need the width more than the map
        layout.addWidget(split, 1)
        session.changed.connect(self.refresh)
        session.refused.connect(self.message.setText)
        self.refresh()

    # ------------------------------------------------------------------ in the main window

    @property
    def character_id(self) -> str:
        """The chronicle's id (the main window keeps a view showing the same chronicle)."""
        return self.session.chronicle_id

    @property
    def character(self) -> object:
        """The chronicle value shown (export, print and delete act on it)."""
        return self.session.chronicle

    @property
    def undo_stack(self) -> object:
        """The chronicle's own undo stack in the workspace's group."""
        return self.session.undo_stack

    def disconnect_workspace(self) -> None:
        """Stop following the workspace (the view is being closed or replaced)."""
        self.session.disconnect_workspace()

    # ------------------------------------------------------------------ building

    def _week_tab(self) -> QWidget:
        tab = QWidget()
        layout = QVBoxLayout(tab)
        deal_box = QGroupBox("The Others exert their influence")
        form = QFormLayout(deal_box)
        deal_row = QHBoxLayout()
        self.deal_button = QPushButton("Deal the week")
        self.deal_button.clicked.connect(self.deal)
        self.physical = QLineEdit()
        self.physical.setPlaceholderText("or type a physical deal: AS KD 7C …")
        record = QPushButton("Record deal")
        record.clicked.connect(self.record_deal)
        for w in (self.deal_button, self.physical, record):
            deal_row.addWidget(w)
        form.addRow(deal_row)
        self.dealt = QLabel()
        self.dealt.setWordWrap(True)
        form.addRow("Dealt", self.dealt)
        self.marker_card, self.marker_element = QComboBox(), QComboBox()
        self.place_button = QPushButton("Place marker")
        self.place_button.clicked.connect(self.place_marker)
        form.addRow(row_of(self.marker_card, self.marker_element, self.place_button))
        self.end_button = QPushButton("End the influence phase")
        self.end_button.clicked.connect(self.end_influence)
        self.cascade_person, self.cascade_target = QComboBox(), QComboBox()
        cascade = QPushButton("Cascade")
        cascade.clicked.connect(self.cascade)
        form.addRow(row_of(self.end_button, self.cascade_person, self.cascade_target, cascade))
        layout.addWidget(deal_box)
        layout.addWidget(self._scenes_box())
        self.stakes_box = StakesBox(self.session)
        layout.addWidget(self.stakes_box)
        vote_box = QGroupBox("The end of the week: summon the Others?")
        vote_layout = QHBoxLayout(vote_box)
        self.votes: dict[str, QCheckBox] = {}
        for p in self.session.chronicle.practitioners:
            self.votes[p.id] = QCheckBox(f"{p.name} votes Yes")
            vote_layout.addWidget(self.votes[p.id])
        self.vote_button = QPushButton("Vote")
        self.vote_button.clicked.connect(self.vote)
        vote_layout.addWidget(self.vote_button)
        layout.addWidget(vote_box)
        layout.addStretch(1)
        return tab

    def _scenes_box(self) -> QGroupBox:
        box = QGroupBox("The practitioners act")
        form = QFormLayout(box)
        self.framer = QComboBox()
        for p in self.session.chronicle.practitioners:
            self.framer.addItem(p.name, p.id)
        self.framer.addItem("The Others", OTHERS)
        self.framer.currentIndexChanged.connect(self._fill_traits)
        scene = QPushButton("Frame a scene")
        scene.clicked.connect(self.frame_scene)
        form.addRow(row_of(self.framer, scene))
        self.traits = QListWidget()
        self.traits.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.traits.setMaximumHeight(110)
        self.traits.itemSelectionChanged.connect(self._show_chance)
        form.addRow("Traits brought", self.traits)
        self.chance = QLabel()
        self.chance.setWordWrap(True)
        # a wrapped label spanning a form row gets one line's height unless told otherwise
        self.chance.setMinimumHeight(2 * self.chance.fontMetrics().lineSpacing() + 4)
        form.addRow(self.chance)
        self.challenge = QComboBox()
        for c in Challenge:
            self.challenge.addItem(c.value.capitalize(), c.value)
        self.challenge.currentIndexChanged.connect(self._show_chance)
        self.place = QComboBox()
        self.against = QComboBox()
        self.against.addItem("against the Others", "")
        for p in self.session.chronicle.practitioners:
            self.against.addItem(f"against {p.name}", p.id)
        self.against.currentIndexChanged.connect(self._show_chance)
        self.stakes = QLineEdit()
        self.stakes.setPlaceholderText("the stakes, made explicit")
        form.addRow(row_of(self.challenge, self.against, self.place))
        self.conflict_button = QPushButton("Deal the conflict")
        self.conflict_button.clicked.connect(self.conflict)
        form.addRow(row_of(self.stakes, self.conflict_button))
        self.result = QLabel()
        self.result.setWordWrap(True)
        self.result.setMinimumHeight(3 * self.result.fontMetrics().lineSpacing() + 4)
        form.addRow(self.result)
        return box

    # ------------------------------------------------------------------ operations

    def deal(self) -> None:
        self.session.perform("Deal the week", deal_week(self.session.state, self.rng))

    def record_deal(self) -> None:
        cards = tuple(self.physical.text().upper().split())
        if self.session.perform("Record the week's deal", BeginWeek(cards)) is None:
            self.physical.clear()

    def place_marker(self) -> None:
        card, element = self.marker_card.currentData(), self.marker_element.currentData()
        if card and element:
            self.session.perform(f"Place marker ({card})", PlaceMarker(card, element))

    def end_influence(self) -> None:
        self.session.perform("End the influence phase", EndInfluence())

    def cascade(self) -> None:
        person, target = self.cascade_person.currentData(), self.cascade_target.currentData()
        if person and target:
            self.session.perform("Cascade", CascadeMarker(person, target))

    def frame_scene(self) -> None:
        self.session.perform("Frame a scene", Scene(self.framer.currentData()))

    def _chosen_traits(self) -> dict[str, list[str]]:
        """The selected traits by holder: the framer first, then whoever else brings some."""
        framer = self.framer.currentData()
        chosen: dict[str, list[str]] = {framer: []}
        held = self.session.state.cards
        for item in self.traits.selectedItems():
            card_id = item.data(Qt.ItemDataRole.UserRole)
            chosen.setdefault(held[card_id].holder, []).append(card_id)
        return chosen

    def conflict(self) -> None:
        """Deal a conflict: everyone whose traits are selected takes part; against a practitioner,
        that practitioner defends and the Others stay out."""
        framer = self.framer.currentData()
        against = self.against.currentData() or ""
        traits = {p: tuple(cards) for p, cards in self._chosen_traits().items()}
        if against:
            traits.setdefault(against, ())
        event = deal_conflict(
            self.session.state,
            framer,
            self.stakes.text(),
            traits,
            None if against else Challenge(self.challenge.currentData()),
            self.rng,
            against=against,
            place=self.place.currentData() or "",
        )
        if self.session.perform("Conflict", event) is None:
            result = settle_conflict(event)
            names = {p.id: p.name for p in self.session.chronicle.practitioners}
            names[OTHERS] = "the Others"
            hands = "; ".join(
                f"{names[p]}: {' '.join(cards)} → {result.hands[p].describe()}"
                for p, cards in [(q.practitioner, q.cards) for q in event.parties]
                + ([(OTHERS, event.others_cards)] if event.challenge is not None else [])
            )
            self.result.setText(
                f"Shared {' '.join(event.shared)}. {hands}. "
                f"{names[result.winner]} get(s) their way"
                + (f" after {len(result.rounds)} tie-break round(s)" if result.rounds else "")
            )

    def vote(self) -> None:
        yes = tuple(p for p, box in self.votes.items() if box.isChecked())
        self.session.perform("Vote on summoning", SummonVote(yes))

    # ------------------------------------------------------------------ showing

    def _run_edit(self, action: Callable[[], object]) -> None:
        """Run an edit that is not a chronicle event (the GM note), saying why it failed."""
        try:
            action()
        except Exception as exc:
            self.message.setText(f"Could not save: {exc or type(exc).__name__}")

    def refresh(self) -> None:
        state, chronicle = self.session.state, self.session.chronicle
        self.message.clear()
        self.gm_notes.show_for(self.session.chronicle_id)
        self.tabs.setTabVisible(self.gm_notes_tab, self.gm_notes.access.may_read_gm_notes())
        outcome = {OTHERS: "The Others have won", "practitioners": "The practitioners have won"}
        marker_odds = markers_in_deal(state.deal_size)
        self.status.setText(
            f"{chronicle.town} · goal: {chronicle.goal.label} · week {state.week} "
            f"({PHASES[state.phase.value]}) · next deal {state.deal_size} cards, "
            f"{float(marker_odds.expected()):.2f} markers expected"
            + (f" · {outcome[state.winner]}: {state.win_reason}" if state.winner else "")
        )
        self.map.set_state(state)
        self._fill_elements()
        self._fill_week()
        self._fill_traits()
        self.stakes_box.refresh()
        self.game_box.refresh()
        self.trade_box.refresh()
        self.town_box.refresh()
        self._allow_buttons()
        self.log.clear()
        refused = set(state.refused)
        for i, event in enumerate(chronicle.log):
            item = QListWidgetItem(f"{i + 1}. {describe_entry(chronicle, event)}")
            if i in refused:
                item.setText(item.text() + "  — refused")
            elif i in state.conflict_winners:
                winner = state.conflict_winners[i]
                won = "the Others" if winner == OTHERS else chronicle.practitioner(winner).name
                item.setText(f"{item.text()} — won by {won}")
            self.log.addItem(item)
        self.coven.setRowCount(0)
        for p in chronicle.practitioners:
            for number, card in enumerate(state.held(p.id), 1):
                row = self.coven.rowCount()
                self.coven.insertRow(row)
                name = p.name + (" (Other)" if p.id in state.other else "")
                shown = (name, str(number), card.colour.value, card_label(card, number))
                for col, text in enumerate(shown):
                    self.coven.setItem(row, col, QTableWidgetItem(text))

    def _fill_elements(self) -> None:
        state = self.session.state
        chances = town_chances(state)
        self.elements.setRowCount(0)
        for e in state.elements.values():
            row = self.elements.rowCount()
            self.elements.insertRow(row)
            if e.id in state.destroyed:
                shown = "destroyed"
            elif e.id in state.corrupt:
                shown = "corrupt"
            else:
                n = state.markers.get(e.id, 0)
                shown = f"{n} marker{'' if n == 1 else 's'}"
            chance = chances.get(e.id)
            values = (
                e.name,
                e.kind.value,
                shown,
                "—" if chance is None else f"{float(chance):.1%}",
            )
            for col, text in enumerate(values):
                self.elements.setItem(row, col, QTableWidgetItem(text))

    @staticmethod
    def _refill(combo: QComboBox, items: list[tuple[str, str]]) -> None:
        """Replace a combo box's (label, data) items, keeping the chosen one when it stays."""
        chosen = combo.currentData()
        combo.clear()
        for label, data in items:
            combo.addItem(label, data)
        combo.setCurrentIndex(max(0, combo.findData(chosen)))

    def _fill_week(self) -> None:
        state = self.session.state
        self.dealt.setText(" ".join(state.dealt) or "—")
        cards = []
        for card in state.dealt:
            kind = marker_kind(card)
            if kind is not None and card not in state.spent:
                cards.append((f"{card} ({kind.value})", card))
        self._refill(self.marker_card, cards)
        elements = list(state.elements.values())
        self._refill(self.marker_element, [(e.name, e.id) for e in elements])
        places = [(e.name, e.id) for e in elements if e.kind is Kind.PLACE]
        self._refill(self.place, [("(no town place)", ""), *places])
        self._refill(
            self.cascade_person, [(state.elements[p].name, p) for p in state.pending_cascades]
        )
        targets = [
            (e.name, e.id)
            for person in state.pending_cascades
            for e in elements
            if e.kind is not Kind.PERSON and tuple(sorted((person, e.id))) in state.links
        ]
        self._refill(self.cascade_target, targets)

    def _fill_traits(self) -> None:
        """The framer's traits first, then every other practitioner's (who may join in)."""
        framer = self.framer.currentData()
        names = {p.id: p.name for p in self.session.chronicle.practitioners}
        holders = [framer] + [p for p in names if p != framer]
        self.traits.clear()
        for holder in holders:
            for number, card in enumerate(self.session.state.held(holder or ""), 1):
                worth = 2 if card.colour is Colour.RED else 1
                who = "" if holder == framer else f"{names[holder]} · "
                shown = card_label(card, number)
                text = f"{who}{card.colour.value}: {shown} ({worth} card)"
                item = QListWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, card.id)
                self.traits.addItem(item)

    def _show_chance(self) -> None:
        """The framer's chance against the Others with the traits selected (shipped table)."""
        framer = self.framer.currentData()
        chosen = self._chosen_traits()
        if framer == OTHERS or not framer or len(chosen) > 1 or self.against.currentData():
            self.chance.setText("" if framer == OTHERS else "(the table is for two parties)")
            return
        cards = self.session.state.cards
        mine = sum(2 if cards[c].colour is Colour.RED else 1 for c in chosen[framer])
        place = self.place.currentData() or ""
        theirs = others_cards(
            Challenge(self.challenge.currentData()), 1, place in self.session.state.corrupt
        )
        shown = describe_conflict_chance(mine, theirs)
        self.chance.setText(f"{mine} cards against the Others' {theirs}: chance of winning {shown}")
        self.chance.setToolTip(conflict_precision())

    def _allow_buttons(self) -> None:
        """Buttons the rules would refuse now are disabled, the rule's reason in the tooltip."""
        state = self.session.state
        checks = (
            (self.deal_button, BeginWeek(DECK[: state.deal_size])),
            (self.end_button, EndInfluence()),
            (self.vote_button, SummonVote(())),
        )
        for button, event in checks:
            found = self.session.refusal(event)
            button.setEnabled(found is None)
            button.setToolTip("" if found is None else found.message)
