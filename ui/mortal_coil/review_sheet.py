"""A spacefarer for review mode, read-only: vitals, inventory slots and the play log.

Every figure comes from ``builder.mortal_coil.rules.fold`` (the play log folded
over the creation) and the wording from ``builder.mortal_coil.wording``;
nothing can be edited. ``jump_to(where)`` follows a finding's pointer
("log[3]", "creation.str_max") to the tab and row it names. ``ui.systems``
names this widget for This Mortal Coil.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from ui.style import ruled_tabs
from ui.widgets.common import FigureGrid
from ui.widgets.readonly import SheetHeader, parse_pointer, readonly_table, select_row
from ui.widgets.scroll import scrolling


class ReadOnlySpacefarerSheet(QWidget):
    """One spacefarer as a file holds it, with its folded play state."""

    TABS = ("Character", "Play log")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character: Any = None
        self.header = SheetHeader()
        self.vitals = FigureGrid(text_values=True)
        self.slots = readonly_table("Inventory slots", ("#", "Slot"), 1)
        body = QWidget()
        column = QVBoxLayout(body)
        column.addWidget(self.vitals)
        column.addWidget(self.slots)
        column.addStretch(1)
        self.log = readonly_table("Play log", ("#", "Entry"), 1)
        self.log.fill_height()
        log_body = QWidget()
        QVBoxLayout(log_body).addWidget(self.log)
        self.tabs = ruled_tabs(QTabWidget())
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(scrolling(body), self.TABS[0])
        self.tabs.addTab(log_body, self.TABS[1])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.tabs, 1)

    def show_character(self, character: Any) -> None:
        """Show a spacefarer: HP and abilities with save odds, slots, the log as worded."""
        from builder.mortal_coil.character import ABILITIES, INVENTORY_SLOTS
        from builder.mortal_coil.odds import save_pass
        from builder.mortal_coil.rules import fold
        from builder.mortal_coil.wording import describe, slot_lines

        self.character = character
        state = fold(character)
        chip = "Retired" if state.retired else ("Disabled" if state.disabled else "")
        self.header.set_values(
            character.name,
            chip,
            character.player,
            f"HP {state.effective_hp}/{state.hp_max}  ·  "
            + "  ·  ".join(f"{a.label} {state.current(a)}/{state.maximum(a)}" for a in ABILITIES)
            + f"  ·  slots {state.slots_used}/{INVENTORY_SLOTS}",
            dead=state.retired,
        )
        rows: list[tuple[str, str]] = [
            ("Pronouns", character.pronouns or "—"),
            ("Background", character.background or "—"),
            ("HP", f"{state.effective_hp} / {state.hp_max}"),
        ]
        for a in ABILITIES:
            p = save_pass(state.current(a))
            rows.append(
                (
                    a.label,
                    f"{state.current(a)} / {state.maximum(a)} (save {p.numerator}/{p.denominator})",
                )
            )
        rows += [
            ("Armor / stability", f"{character.armor} / {character.stability}"),
            ("Credits", str(character.credits)),
        ]
        if state.retired:
            rows.append(("Retired", state.retired_reason or "yes"))
        self.vitals.set_rows(rows)
        lines = slot_lines(character, state.fatigue, state.fallout)
        self.slots.set_rows([(str(i), line) for i, line in enumerate(lines, start=1)])
        refused = set(state.refused)
        self.log.set_rows(
            [
                (str(i + 1), describe(entry) + (" (refused)" if i in refused else ""))
                for i, entry in enumerate(character.log)
            ]
        )

    def current_tab(self) -> str:
        return self.TABS[self.tabs.currentIndex()]

    def jump_to(self, where: str) -> bool:
        """Select what a finding points at: a log entry, or the character tab for the rest."""
        name, index, _rest = parse_pointer(where)
        if name == "log" and index is not None:
            self.tabs.setCurrentIndex(1)
            return select_row(self.log, index)
        self.tabs.setCurrentIndex(0)
        return bool(where)
