"""A Covenant character's sheet for review mode, read-only, with every row a finding can point at.

Every figure comes from ``builder.covenant.rules.evaluate_covenant``; nothing
can be edited. ``jump_to(where)`` takes a finding's pointer ("log[3]",
"creation.ties[1]", "creation.traits[0]") and selects the tab and row it
names. ``ui.systems`` names this widget for Covenant.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any

from PySide6.QtWidgets import QTabWidget, QVBoxLayout, QWidget

from ui.style import ruled_tabs
from ui.widgets.common import FigureGrid, heading, plain, title_case
from ui.widgets.readonly import SheetHeader, parse_pointer, readonly_table, select_row
from ui.widgets.scroll import scrolling


def entry_text(entry: Any) -> str:
    """A play-log entry in a line: its kind, then its own fields
    ("Use asset — asset: coil-rifle; use: aimed shot; state: tap")."""
    from builder.covenant.file import ENTRY_TYPES

    tags = {cls: tag for tag, cls in ENTRY_TYPES.items()}
    kind = tags.get(type(entry), type(entry).__name__).replace("_", " ").capitalize()
    if not is_dataclass(entry):
        return kind
    parts = []
    for f in fields(entry):
        value = getattr(entry, f.name)
        if value in ("", None, ()):
            continue
        if is_dataclass(value):
            value = getattr(value, "name", "") or getattr(value, "id", "")
        elif isinstance(value, Enum):
            value = value.value
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        parts.append(f"{f.name.replace('_', ' ')}: {value}")
    return f"{kind} — {'; '.join(parts)}" if parts else kind


class ReadOnlyCovenantSheet(QWidget):
    """A Covenant character, read-only: Ties and Goals, assets, and the play log."""

    TABS = ("Character", "Assets", "Play log")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character: Any = None
        self.report: Any = None
        self.header = SheetHeader()
        self.about = FigureGrid(text_values=True)
        self.description = plain("")
        self.ties = readonly_table("Ties", ("Tie", "Details", "State"), 1)
        self.goals = readonly_table(
            "Goals", ("Goal", "Name", "Conditions", "Stakes", "Deadline"), 2
        )
        self.discipline = FigureGrid()
        char_body = QWidget()
        char = QVBoxLayout(char_body)
        char.addWidget(self.about)
        char.addWidget(self.description)
        char.addWidget(self.ties)
        char.addWidget(self.goals)
        char.addWidget(heading("Discipline and tokens", level=2))
        char.addWidget(self.discipline)
        char.addStretch(1)
        self.assets = readonly_table(
            "Traits, Abilities and gear", ("Name", "Kind", "State", "Uses"), 3
        )
        assets_body = QWidget()
        assets = QVBoxLayout(assets_body)
        assets.addWidget(self.assets)
        assets.addStretch(1)
        self.log = readonly_table("Play log", ("#", "Entry"), 1)
        self.log.fill_height()
        log_body = QWidget()
        QVBoxLayout(log_body).addWidget(self.log)
        self.tabs = ruled_tabs(QTabWidget())
        self.tabs.setDocumentMode(True)
        self.tabs.addTab(scrolling(char_body), self.TABS[0])
        self.tabs.addTab(scrolling(assets_body), self.TABS[1])
        self.tabs.addTab(log_body, self.TABS[2])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.tabs, 1)
        self._asset_rows: dict[str, int] = {}

    def show_character(self, character: Any) -> None:
        """Show a Covenant character with builder's evaluation of it."""
        from builder.covenant.rules import evaluate_covenant

        report = evaluate_covenant(character)
        self.character, self.report = character, report
        d, t = report.discipline, report.tokens
        state = (
            "Eliminated"
            if report.eliminated
            else ("Incapacitated" if report.incapacitated else report.phase.replace("_", " "))
        )
        self.header.set_values(
            character.name,
            title_case(state),
            character.player,
            f"Discipline {d.total} (free {d.free})  ·  Tokens {t.available}  ·  "
            f"Ties held {len(report.ties_held)}",
            dead=report.eliminated,
        )
        self.about.set_rows(
            [("Player", character.player or "—"), ("Pronouns", character.pronouns or "—")]
        )
        self.description.setText(character.description or "")
        held = {t.id for t in report.ties_held}
        creation = character.creation
        self.ties.set_rows(
            [(t.name, t.details, "held" if t.id in held else "lost") for t in creation.ties]
        )
        goals = [("Major", report.major_goal), ("Minor", report.minor_goal)]
        self.goals.set_rows(
            [
                (slot, g.name, g.conditions, g.stakes, g.deadline) if g else (slot, "—", "", "", "")
                for slot, g in goals
            ]
        )
        self.discipline.set_rows(
            [
                (
                    "Discipline",
                    f"{d.total} (free {d.free}, scene {d.scene}, chapter {d.chapter}, "
                    f"long-term {d.long_term})",
                ),
                ("Tokens", f"{t.available} available of {t.earned} earned"),
            ]
        )
        self._asset_rows = {}
        rows = []
        for i, a in enumerate(report.assets):
            self._asset_rows[a.id] = i
            uses = "; ".join(f"{n} ({r})" for n, r, _e in a.uses)
            rows.append((a.name, a.source, a.status, uses))
        self.assets.set_rows(rows, ["\n".join(e for _n, _r, e in a.uses) for a in report.assets])
        self.log.set_rows([(str(i), entry_text(e)) for i, e in enumerate(character.log)])

    def current_tab(self) -> str:
        return self.TABS[self.tabs.currentIndex()]

    def jump_to(self, where: str) -> bool:  # noqa: PLR0911  (8 returns when the limits came in)
        """Select the tab and row ``where`` points at; False when it names nothing shown."""
        if self.character is None or not where:
            return False
        name, index, _rest = parse_pointer(where)
        creation = self.character.creation
        if name == "log":
            self.tabs.setCurrentIndex(2)
            return index is None or select_row(self.log, index)
        if name == "creation.ties":
            self.tabs.setCurrentIndex(0)
            return index is None or select_row(self.ties, index)
        if name in ("creation.traits", "creation.abilities", "creation.gear"):
            self.tabs.setCurrentIndex(1)
            group = getattr(creation, name.split(".")[1])
            if index is None or index >= len(group):
                return True
            return select_row(self.assets, self._asset_rows.get(group[index].id, -1))
        if name.startswith("creation.") and name.endswith("_goal"):
            self.tabs.setCurrentIndex(0)
            return select_row(self.goals, 0 if "major" in name else 1)
        if name.startswith("creation") or name == "log":
            self.tabs.setCurrentIndex(0)
            return True
        return False
