"""A chronicle of The Coven for review mode, read-only: the town, the coven, the chronicle.

Every figure comes from ``builder.coven.state.fold`` (the log folded over the
town as created) and the wording from ``builder.coven.wording``; nothing can
be edited. ``jump_to(where)`` follows a finding's pointer ("log[3]",
"practitioners[1]") to the tab and row it names. ``ui.systems`` names this
widget for The Coven.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from ui.style import ruled_tabs
from ui.widgets.readonly import SheetHeader, parse_pointer, readonly_table, select_row
from ui.widgets.scroll import scrolling


class ReadOnlyChronicleSheet(QWidget):
    """One chronicle as a file holds it, with its folded state."""

    TABS = ("Town", "Coven", "Chronicle")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character: Any = None
        self.header = SheetHeader()
        self.elements = readonly_table("Elements", ("Element", "Kind", "State", "Linked to"), 3)
        town = QWidget()
        town_layout = QVBoxLayout(town)
        town_layout.addWidget(self.elements)
        town_layout.addStretch(1)
        self.practitioners = readonly_table(
            "Practitioners", ("Practitioner", "Player", "White", "Red"), 0
        )
        self.cards = readonly_table("Trait cards held", ("Holder", "Card", "Colour", "Trait"), 3)
        coven = QWidget()
        coven_layout = QVBoxLayout(coven)
        coven_layout.addWidget(self.practitioners)
        coven_layout.addWidget(self.cards)
        coven_layout.addStretch(1)
        self.log = readonly_table("Chronicle", ("#", "Event"), 1)
        self.log.fill_height()
        log_body = QWidget()
        QVBoxLayout(log_body).addWidget(self.log)
        self.tabs = ruled_tabs(QTabWidget())
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(scrolling(town), self.TABS[0])
        self.tabs.addTab(scrolling(coven), self.TABS[1])
        self.tabs.addTab(log_body, self.TABS[2])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.tabs, 1)

    def show_character(self, chronicle: Any) -> None:
        """Show a chronicle: each element's state, who holds which card, the log as worded."""
        from builder.coven.chronicle import OTHERS, Colour
        from builder.coven.state import fold
        from builder.coven.wording import describe_entry

        self.character = chronicle
        state = fold(chronicle)
        won = ""
        if state.winner:
            won = "The Others have won" if state.winner == OTHERS else "The coven has won"
        self.header.set_values(
            chronicle.town,
            won,
            chronicle.others_player,
            f"Goal: {chronicle.goal.label}  ·  week {state.week}  ·  "
            f"{len(state.corrupt)} of {len(state.elements)} elements corrupt",
        )
        names = {e.id: e.name for e in state.elements.values()}
        rows = []
        for e in state.elements.values():
            if e.id in state.destroyed:
                shown = "destroyed"
            elif e.id in state.corrupt:
                shown = "corrupt"
            else:
                shown = f"{state.markers.get(e.id, 0)} marker(s)"
            linked = sorted(names[b if a == e.id else a] for a, b in state.links if e.id in (a, b))
            rows.append((e.name, e.kind.value, shown, ", ".join(linked)))
        self.elements.set_rows(rows)
        people = []
        held = []
        for p in chronicle.practitioners:
            cards = state.held(p.id)
            white = sum(1 for c in cards if c.colour is Colour.WHITE)
            other = " (Other)" if p.id in state.other else ""
            people.append((p.name + other, p.player, str(white), str(len(cards) - white)))
            held += [(p.name, c.id, c.colour.value, c.text) for c in cards]
        self.practitioners.set_rows(people)
        self.cards.set_rows(held)
        refused = set(state.refused)
        self.log.set_rows(
            [
                (str(i + 1), describe_entry(chronicle, e) + (" — refused" if i in refused else ""))
                for i, e in enumerate(chronicle.log)
            ]
        )

    def current_tab(self) -> str:
        return self.TABS[self.tabs.currentIndex()]

    def jump_to(self, where: str) -> bool:
        """Select what a finding points at: a log event, a practitioner, or the town."""
        name, index, _rest = parse_pointer(where)
        if name == "log" and index is not None:
            self.tabs.setCurrentIndex(2)
            return select_row(self.log, index)
        if name == "practitioners" and index is not None:
            self.tabs.setCurrentIndex(1)
            return select_row(self.practitioners, index)
        self.tabs.setCurrentIndex(0)
        return bool(where)
