"""A contractor's sheet for review mode, read-only, with every row a finding can point at.

The library's sheet (``ui.contract.sheet``) edits through the library's
operations; a file under review must never be edited or imported, so review
mode shows this compact sheet with no edit controls at all. Every number on it
comes from builder (``builder.contract.sheet.evaluate_sheet``); the file
supplies only the player's own text and the stored Gift Cost and System Text
(shown as stored, since that is what the leader approves).

``jump_to(where)`` takes a finding's pointer ("gifts[0]", "ledger[11]",
"creation.attributes.brawn", "limits[2]", "loose_ends[0]") and selects the
tab and row it names. ``ui.systems`` names this widget for The Contract.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QHBoxLayout, QTabWidget, QVBoxLayout, QWidget

from builder.contract.character import ATTRIBUTES, PRIMARY_ABILITIES, Contractor
from builder.contract.wording import catalog_trait_name, describe_entry
from ui.catalog import sheet_catalog
from ui.contract.review_suggest import SuggestCorrection
from ui.contract.sheet.context import signed, title_case
from ui.contract.sheet.names import ability_name, attribute_name, gift_catalog_names
from ui.style import ruled_tabs
from ui.widgets.common import FigureGrid, heading, plain
from ui.widgets.readonly import SheetHeader, parse_pointer, readonly_table, select_row
from ui.widgets.scroll import scrolling


class ReadOnlyContractorSheet(QWidget):
    """A contractor's sheet, read-only: Concept, Stats, Gifts, Health, Story, Exp log."""

    TABS = ("Concept", "Stats", "Gifts", "Health", "Story", "Exp log")

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (88 statements when the limits came in)
        super().__init__(parent)
        self.contractor: Contractor | None = None
        self.report: Any = None
        self.header = SheetHeader()

        # Concept
        self.concept = FigureGrid(text_values=True)
        self.limits = readonly_table("Limits", ("Limit", "When it is crossed"))
        self.assets = readonly_table(
            "Assets and Liabilities", ("Name", "Kind", "Value", "Details", "Restricted"), 3
        )
        self.source = plain("")
        concept_body = QWidget()
        concept = QVBoxLayout(concept_body)
        concept.addWidget(heading("Concept", level=2))
        concept.addWidget(self.concept)
        concept.addWidget(self.limits)
        concept.addWidget(self.assets)
        concept.addWidget(heading("Source", level=2))
        concept.addWidget(self.source)
        concept.addStretch(1)

        # Stats
        self.attributes = readonly_table("Attributes", ("Attribute", "Rating"), 0)
        self.derived = FigureGrid()
        self.abilities = readonly_table("Abilities", ("Ability", "Rating"), 0)
        self.abilities.table.max_rows = len(PRIMARY_ABILITIES) + 8
        stats_body = QWidget()
        stats = QHBoxLayout(stats_body)
        left = QVBoxLayout()
        left.addWidget(self.attributes)
        left.addWidget(heading("Derived", level=2))
        left.addWidget(self.derived)
        left.addStretch(1)
        stats.addLayout(left, 1)
        right = QVBoxLayout()
        right.addWidget(self.abilities)
        right.addStretch(1)
        stats.addLayout(right, 1)

        # Gifts
        self.gifts = readonly_table("Gifts", ("Gift", "Type / Effect / Style", "Stored cost"), 1)
        self.gift_name = heading("", level=2)
        self.gift_tagline = plain("", muted=True)
        self.gift_system = plain("")
        self.gift_description = plain("", muted=True)
        gifts_body = QWidget()
        gifts = QVBoxLayout(gifts_body)
        gifts.addWidget(self.gifts)
        gifts.addWidget(self.gift_name)
        gifts.addWidget(self.gift_tagline)
        gifts.addWidget(heading("Stored System Text", level=2))
        gifts.addWidget(self.gift_system)
        gifts.addWidget(self.gift_description)
        gifts.addStretch(1)
        self.gifts.table.itemSelectionChanged.connect(self._show_gift)

        # Health
        self.health = FigureGrid()
        self.injuries = readonly_table("Injuries", ("Injury", "Severity", "Stabilized"), 0)
        self.scars = readonly_table("Battle Scars", ("Scar", "Tier", "Effect"))
        self.traumas = readonly_table("Traumas", ("Trauma", "Effect"))
        health_body = QWidget()
        health = QVBoxLayout(health_body)
        health.addWidget(heading("Condition", level=2))
        health.addWidget(self.health)
        health.addWidget(self.injuries)
        health.addWidget(self.scars)
        health.addWidget(self.traumas)
        health.addStretch(1)

        # Story
        self.loose_ends = readonly_table(
            "Loose Ends", ("Loose End", "Threat level", "Cutoff", "Threat")
        )
        self.contracts = readonly_table("Contracts", ("Date", "Scenario", "Where", "Outcome"), 1)
        self.notes = plain("")
        story_body = QWidget()
        story = QVBoxLayout(story_body)
        story.addWidget(self.loose_ends)
        story.addWidget(self.contracts)
        story.addWidget(heading("Notes", level=2))
        story.addWidget(self.notes)
        story.addStretch(1)

        # Exp log
        self.exp = FigureGrid()
        self.ledger = readonly_table(
            "Exp log",
            ("#", "Date", "Entry", "Earned", "Spent", "Available", "Credits", "Impr."),
            2,
        )
        self.ledger.fill_height()
        exp_body = QWidget()
        exp = QVBoxLayout(exp_body)
        exp.addWidget(self.exp)
        exp.addWidget(self.ledger, 1)
        self.suggest = SuggestCorrection(self.ledger)
        self.file_written = self.suggest.written
        exp.addWidget(self.suggest)

        self.tabs = ruled_tabs(QTabWidget())
        self.tabs.setDocumentMode(True)
        for name, body in zip(
            self.TABS,
            (concept_body, stats_body, gifts_body, health_body, story_body),
            strict=False,
        ):
            self.tabs.addTab(scrolling(body), name)
        self.tabs.addTab(exp_body, self.TABS[-1])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(8, 4, 8, 4)
        layout.addWidget(self.header)
        layout.addWidget(self.tabs, 1)
        self._ledger_rows: dict[int, int] = {}
        self._loose_end_rows: dict[int, int] = {}
        self._secondary: list[str] = []

    # ------------------------------------------------------------------ showing

    def set_file(self, reviewed: Any) -> None:
        """The reviewed file shown, so a leader can write a suggested correction into it."""
        self.suggest.set_file(reviewed)

    def show_character(self, contractor: Contractor) -> None:
        """Show ``contractor`` with builder's evaluation of it."""
        from builder.contract.sheet import evaluate_sheet

        report = evaluate_sheet(contractor)
        self.contractor = contractor
        self.report = report
        concept = contractor.concept
        exp, rewards = report.exp, report.rewards
        self.header.set_values(
            concept.name,
            report.status.label if report.alive else f"{report.status.label} · Dead",
            concept.player,
            f"Exp available {exp.available}  ·  Gift Credits {rewards.credits_available}  ·  "
            f"Improvements {rewards.improvements_available}  ·  Victories {report.victories}",
            dead=not report.alive,
        )
        self.concept.set_rows(
            [
                (label, getattr(concept, key) or "—")
                for key, label in (
                    ("player", "Player"),
                    ("archetype", "Archetype"),
                    ("paradigm", "Paradigm"),
                    ("ambition", "Ambition"),
                    ("home_playgroup", "Home playgroup"),
                )
            ]
        )
        self.limits.set_rows(
            [
                (lim.name + (" (custom)" if lim.custom else ""), lim.description)
                for lim in contractor.limits
            ]
        )
        picks = [*report.assets, *report.liabilities]
        self.assets.set_rows(
            [
                (
                    p.name,
                    "Asset" if p in report.assets else "Liability",
                    str(p.value),
                    p.detail,
                    "yes: leader approves" if p.restricted else "",
                )
                for p in picks
            ],
            [p.system for p in picks],
        )
        source = contractor.source
        self.source.setText(
            f"{source.name or 'Source'} {report.ratings.source}"
            + (f"; refills when: {'; '.join(source.replenishment)}" if source.replenishment else "")
        )
        self._show_stats(contractor, report)
        name = gift_catalog_names() if contractor.gifts else None
        self.gifts.set_rows(
            [
                (
                    g.draft.name or g.id,
                    " / ".join(
                        name(table, key)
                        for table, key in (
                            ("gift_types", g.draft.gift_type),
                            ("effects", g.draft.effect),
                            ("styles", g.draft.style),
                        )
                    ),
                    str(g.cost),
                )
                for g in contractor.gifts
                if name is not None
            ],
            [g.draft.tagline for g in contractor.gifts],
        )
        if contractor.gifts:
            self.gifts.table.selectRow(0)
        self._show_gift()
        self._show_health(contractor, report)
        self._show_story(contractor, report)
        self._show_exp(contractor, report)

    def _show_stats(self, contractor: Contractor, report: Any) -> None:
        ratings = report.ratings
        self.attributes.set_rows(
            [(attribute_name(a), str(ratings.attributes[a])) for a in ATTRIBUTES]
        )
        rows = [(ability_name(a), str(ratings.abilities[a])) for a in PRIMARY_ABILITIES]
        rows += [(f"{name} (secondary)", str(r)) for name, r in sorted(ratings.secondary.items())]
        self._secondary = sorted(ratings.secondary)
        self.abilities.set_rows(rows)
        d = report.derived
        self.derived.set_rows(
            [
                ("Body", f"{d.body_remaining} of {d.body} · {d.body_state}"),
                ("Mind", f"{d.mind_remaining} of {d.mind} · {d.mind_state}"),
                ("Penalty", f"−{d.penalty} dice" if d.penalty else "none"),
                ("Initiative", f"{d.initiative_pool} dice"),
                ("Free movement", f"{d.free_movement_ft} ft"),
                ("Carry", f"{d.carry_lb} lb"),
                ("Source", str(ratings.source)),
            ]
        )

    def _show_gift(self) -> None:
        gifts = self.contractor.gifts if self.contractor is not None else ()
        row = self.gifts.current_row()
        if not 0 <= row < len(gifts):
            self.gift_name.setText("No Gifts" if not gifts else "")
            for label in (self.gift_tagline, self.gift_system, self.gift_description):
                label.setText("")
            return
        gift = gifts[row]
        self.gift_name.setText(f"{gift.draft.name or gift.id} (stored Gift Cost {gift.cost})")
        self.gift_tagline.setText(gift.draft.tagline)
        self.gift_system.setText(gift.system_text or "— none stored —")
        self.gift_description.setText(gift.draft.description)

    def _show_health(self, contractor: Contractor, report: Any) -> None:
        from ui.contract.sheet.health_tab import severity_label

        d = report.derived
        health = contractor.health
        self.health.set_rows(
            [
                ("Body damage", str(d.body_damage)),
                ("Mind damage", str(d.mind_damage)),
                ("Penalty", f"−{d.penalty} dice" if d.penalty else "none"),
            ]
        )
        self.injuries.set_rows(
            [
                (i.description, severity_label(i.severity), "yes" if i.stabilized else "")
                for i in health.injuries
            ]
        )
        self.scars.set_rows(
            [(s.name, title_case(str(s.tier)), s.system) for s in health.battle_scars]
        )
        self.traumas.set_rows([(t.name, t.system) for t in health.traumas])

    def _show_story(self, contractor: Contractor, report: Any) -> None:
        from builder.contract.character import ContractAttended

        views = sorted(report.loose_ends, key=lambda v: v.index)
        self._loose_end_rows = {v.index: row for row, v in enumerate(views)}
        self.loose_ends.set_rows(
            [
                (
                    v.title,
                    title_case(v.threat_level),
                    "resolved" if v.resolved else f"{v.remaining} of {v.cutoff} left",
                    # The leader (the GM side) sees the Threat the player does not.
                    v.threat or "—",
                )
                for v in views
            ],
            [v.threat for v in views],
        )
        contracts = [e for e in contractor.ledger if isinstance(e, ContractAttended)]
        self.contracts.set_rows(
            [
                (c.date, c.scenario, "Home" if c.home else "Away", title_case(str(c.outcome)))
                for c in contracts
            ]
        )
        self.notes.setText(contractor.notes or "—")

    def _show_exp(self, contractor: Contractor, report: Any) -> None:
        exp = report.exp
        self.exp.set_rows(
            [
                ("Starting Exp − creation", f"{exp.starting} − {exp.creation_cost}"),
                ("Earned", str(exp.earned_total)),
                ("Spent", str(exp.spent_total)),
                ("Available", str(exp.available)),
            ]
        )
        ledger = contractor.ledger
        names = {g.id: g.draft.name or g.id for g in contractor.gifts}
        trait = catalog_trait_name(sheet_catalog(), contractor.source.name or "Source")
        rows = []
        self._ledger_rows = {}
        for row, line in enumerate(report.lines):
            self._ledger_rows[line.index] = row
            text = (
                describe_entry(ledger[line.index], names, trait)
                if 0 <= line.index < len(ledger)
                else line.entry
            )
            rows.append(
                (
                    str(line.index),
                    line.date,
                    text,
                    signed(line.earned) if line.earned else "",
                    str(line.spent) if line.spent else "",
                    str(line.available_after),
                    signed(line.credits) if line.credits else "",
                    signed(line.improvements) if line.improvements else "",
                )
            )
        self.ledger.set_rows(rows, [r[2] for r in rows])

    # ------------------------------------------------------------------ jumping

    def current_tab(self) -> str:
        return self.TABS[self.tabs.currentIndex()]

    def _tab(self, name: str) -> None:
        self.tabs.setCurrentIndex(self.TABS.index(name))

    def jump_to(self, where: str) -> bool:  # noqa: C901, PLR0911, PLR0912  (complexity 18, 17 returns, 17 branches when the limits came in)
        """Select the tab and row ``where`` points at; False when it names nothing shown."""
        if self.contractor is None or not where:
            return False
        name, index, _rest = parse_pointer(where)
        contractor = self.contractor
        if name == "gifts":
            self._tab("Gifts")
            return index is None or select_row(self.gifts, index)
        if name == "ledger":
            self._tab("Exp log")
            if index is None:
                return True
            return select_row(self.ledger, self._ledger_rows.get(index, -1))
        if name == "limits":
            self._tab("Concept")
            return index is None or select_row(self.limits, index)
        if name == "loose_ends":
            self._tab("Story")
            return index is None or select_row(self.loose_ends, self._loose_end_rows.get(index, -1))
        if name == "health.injuries":
            self._tab("Health")
            return index is None or select_row(self.injuries, index)
        if name in ("creation.assets", "creation.liabilities"):
            self._tab("Concept")
            group = (
                contractor.creation.assets
                if name.endswith("assets")
                else (contractor.creation.liabilities)
            )
            if index is None or index >= len(group):
                return True
            held = [*self.report.assets, *self.report.liabilities]
            pick = group[index]
            return select_row(self.assets, held.index(pick)) if pick in held else True
        parts = name.split(".")
        if parts[0] == "creation" and len(parts) > 1:
            parts = parts[1:]
        head = parts[0]
        if head in ("attributes", "abilities", "secondary"):
            self._tab("Stats")
            trait = parts[1] if len(parts) > 1 else ""
            if head == "attributes":
                return trait not in ATTRIBUTES or select_row(
                    self.attributes, ATTRIBUTES.index(trait)
                )
            if head == "abilities" and trait in PRIMARY_ABILITIES:
                return select_row(self.abilities, PRIMARY_ABILITIES.index(trait))
            if head == "secondary" and trait in self._secondary:
                row = len(PRIMARY_ABILITIES) + self._secondary.index(trait)
                return select_row(self.abilities, row)
            return True
        if head == "health":
            self._tab("Health")
            return True
        if head in ("source", "stock"):
            self._tab("Stats" if head == "source" else "Concept")
            return True
        if head in ("creation", "concept", "assets", "liabilities", "limits"):
            self._tab("Concept")
            return True
        return False
