"""Changing the town in play, and trading cards after The Game.

``TownBox`` adds an element (the beachhead among them: "add a new element
connected to each of them that represents the beachhead") or a link;
``TradeBox`` records a card changing hands once a Game has been played to
its end. Each button is one operation of the session; the rules refuse what
the text does not allow, with the reason shown by the view.
"""

from __future__ import annotations

import re

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.coven.chronicle import OTHERS, AddElement, AddLink, Element, Kind, Trade
from builder.coven.wording import card_label
from ui.coven.session import ChronicleSession
from ui.widgets.common import row_of
from ui.widgets.name_edit import NameEdit


class TownBox(QGroupBox):
    """A new element with its links (or the beachhead), and new links between elements."""

    def __init__(self, session: ChronicleSession, parent: QWidget | None = None) -> None:
        super().__init__("The town in play", parent)
        self.session = session
        layout = QVBoxLayout(self)
        self.name = NameEdit()
        self.name.setPlaceholderText("a new person, place or organisation")
        self.kind = QComboBox()
        self.kind.addItems([k.value for k in Kind])
        self.beachhead = QCheckBox("the beachhead")
        self.add_button = QPushButton("Add to the town")
        self.add_button.clicked.connect(self.add)
        layout.addWidget(row_of(self.name, self.kind, self.beachhead, self.add_button))
        self.links = QListWidget()
        self.links.setSelectionMode(QAbstractItemView.SelectionMode.MultiSelection)
        self.links.setMaximumHeight(90)
        layout.addWidget(self.links)
        self.link_a, self.link_b = QComboBox(), QComboBox()
        self.link_button = QPushButton("Link")
        self.link_button.clicked.connect(self.link)
        layout.addWidget(row_of(self.link_a, self.link_b, self.link_button))

    def refresh(self) -> None:
        elements = list(self.session.state.elements.values())
        self.links.clear()
        for e in elements:
            item = QListWidgetItem(f"linked to {e.name}")
            item.setData(Qt.ItemDataRole.UserRole, e.id)
            self.links.addItem(item)
        for box in (self.link_a, self.link_b):
            chosen = box.currentData()
            box.clear()
            for e in elements:
                box.addItem(e.name, e.id)
            box.setCurrentIndex(max(0, box.findData(chosen)))

    def select_links(self, *element_ids: str) -> None:
        for i in range(self.links.count()):
            item = self.links.item(i)
            item.setSelected(item.data(Qt.ItemDataRole.UserRole) in element_ids)

    def add(self) -> None:
        name = self.name.text().strip()
        if not name:
            return
        taken = set(self.session.state.elements)
        base = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "element"
        element_id, n = base, 2
        while element_id in taken:
            element_id, n = f"{base}-{n}", n + 1
        beachhead = self.beachhead.isChecked()
        kind = Kind.PLACE if beachhead else Kind(self.kind.currentText())
        links = tuple(i.data(Qt.ItemDataRole.UserRole) for i in self.links.selectedItems())
        event = AddElement(Element(element_id, name, kind, beachhead=beachhead), links)
        if self.session.perform(f"Add {name}", event) is None:
            self.name.clear()
            self.beachhead.setChecked(False)

    def link(self) -> None:
        a, b = self.link_a.currentData(), self.link_b.currentData()
        if a and b:
            self.session.perform("Link", AddLink(a, b))


class TradeBox(QGroupBox):
    """ "Once the Game has been played to conclusion, the Practitioners can trade cards"."""

    def __init__(self, session: ChronicleSession, parent: QWidget | None = None) -> None:
        super().__init__("Trades after The Game", parent)
        self.session = session
        self.card = QComboBox()
        self.taker = QComboBox()
        for p in session.chronicle.practitioners:
            self.taker.addItem(f"to {p.name}", p.id)
        self.taker.addItem("to the Others", OTHERS)
        self.trade_button = QPushButton("Trade")
        self.trade_button.clicked.connect(self.trade)
        layout = QHBoxLayout(self)
        for w in (self.card, self.taker, self.trade_button):
            layout.addWidget(w)

    def refresh(self) -> None:
        state = self.session.state
        names = {p.id: p.name for p in self.session.chronicle.practitioners}
        names[OTHERS] = "the Others"
        chosen = self.card.currentData()
        self.card.clear()
        numbers: dict[str, int] = {}
        for card in state.cards.values():
            if card.holder in names:
                numbers[card.holder] = numbers.get(card.holder, 0) + 1
                shown = card_label(card, numbers[card.holder])
                label = f"{names[card.holder]}: {card.colour.value} {shown}"
                self.card.addItem(label, card.id)
        self.card.setCurrentIndex(max(0, self.card.findData(chosen)))
        self.trade_button.setEnabled(state.phase.value == "game_done")

    def trade(self) -> None:
        card_id = self.card.currentData()
        if card_id:
            giver = self.session.state.cards[card_id].holder
            self.session.perform("Trade", Trade(card_id, giver, self.taker.currentData()))
