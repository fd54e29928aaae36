"""The Exp tab: the ledger folded by builder — earned, spent, available, rewards and caps —
and the Exp log, one line per ledger entry, each with Edit… and Remove (corrections)."""

from __future__ import annotations

from PySide6.QtWidgets import QVBoxLayout, QWidget

from builder.contract.character import Correction
from builder.contract.wording import (
    CREDIT_LABELS,
    EARNED_LABELS,
    IMPROVEMENT_LABELS,
    SPENT_LABELS,
    catalog_trait_name,
    describe_entry,
    label,
)
from ui.catalog import sheet_catalog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext, signed
from ui.contract.sheet.ledger_edit import LedgerActions, strike_row
from ui.widgets.common import FigureGrid, heading
from ui.widgets.down_scroll import DownScroll
from ui.widgets.reflow import ReflowRow
from ui.widgets.tables import ListTable

LOG_LINES = 8
"""Lines of the Exp log the tab keeps in sight however big the font (it scrolls down)."""


class ExpTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.exp = FigureGrid()
        self.rewards = FigureGrid()
        self.log = ListTable(
            "Exp log",
            ("Date", "Entry", "Earned", "Spent", "Available", "Credits", "Improvements"),
            stretch=1,
        )
        self.log.fill_height()
        # At least eight lines of the log in sight: with a big font the figures above
        # stack and once left it one line; the tab scrolls down instead.
        self.log.table.max_rows = LOG_LINES
        self.log.table.scroll_keeps_ems = 12  # Entry: when short of room the log scrolls
        self.row_index: list[int] = []
        """The ledger index each Exp log row shows (-1: none)."""
        self.actions = LedgerActions(self, self.log, self._index_of)
        left = QVBoxLayout()
        left.setSpacing(6)
        left.addWidget(heading("Experience"))
        left.addWidget(self.exp)
        left.addStretch(1)
        mid = QVBoxLayout()
        mid.setSpacing(6)
        mid.addWidget(heading("Gift Credits and Improvements"))
        mid.addWidget(self.rewards)
        mid.addStretch(1)
        # Side by side while both fit; one under the other in a narrow sheet (a big font
        # at 1280 pixels), so the tab never scrolls sideways.
        self.top = ReflowRow(spacing=48)
        self.top.add_layout(left, 1)
        self.top.add_layout(mid, 1)
        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.top)
        layout.addWidget(self.log, 1)
        self.scroll = DownScroll(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.scroll)

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        exp = ctx.report.exp
        rows: list[tuple[str, str] | tuple[str, str, str]] = [
            ("Starting Exp", str(exp.starting)),
            ("Spent at creation", str(exp.creation_cost)),
        ]
        rows += [
            (f"Earned: {label(EARNED_LABELS, key)}", signed(value))
            for key, value in exp.earned_by_source.items()
            if value
        ]
        rows.append(("Earned in all", str(exp.earned_total), "Not counting the starting Exp"))
        rows += [
            (f"Spent: {label(SPENT_LABELS, key)}", str(value))
            for key, value in exp.spent_by_kind.items()
            if value
        ]
        rows.append(("Spent in all", str(exp.spent_total), "Not counting creation"))
        rows.append(("Available", str(exp.available)))
        rows.append(
            (
                "Bonus Exp cap",
                f"{exp.earned_total} of {exp.bonus_cap}"
                + ("" if exp.bonus_eligible else " · closed"),
                "Bonus Exp can only go to a living contractor whose earned Exp is within "
                "10 + 12 per victory",
            )
        )
        self.exp.set_rows(rows)

        rewards = ctx.report.rewards
        reward_rows: list[tuple[str, str] | tuple[str, str, str]] = [
            (f"Gift Credits from {label(CREDIT_LABELS, k)}", str(v))
            for k, v in rewards.credits_earned_by_source.items()
            if v
        ]
        reward_rows += [
            ("Gift Credits earned", str(rewards.credits_earned)),
            ("Gift Credits spent", str(rewards.credits_spent)),
            ("Gift Credits available", str(rewards.credits_available)),
        ]
        reward_rows += [
            (f"Improvements from {label(IMPROVEMENT_LABELS, k)}", str(v))
            for k, v in rewards.improvements_earned_by_source.items()
            if v
        ]
        reward_rows += [
            ("Improvements earned", str(rewards.improvements_earned)),
            ("Improvements spent", str(rewards.improvements_spent)),
            ("Improvements available", str(rewards.improvements_available)),
            (
                "Improvement cap",
                str(rewards.improvement_cap),
                "Gift Credits and Improvements together: at most twice the victories",
            ),
        ]
        self.exp.setToolTip("")
        self.rewards.set_rows(reward_rows)
        self._show_log(ctx)

    def _index_of(self, row: int) -> int:
        return self.row_index[row] if 0 <= row < len(self.row_index) else -1

    def _show_log(self, ctx: SheetContext) -> None:
        """The Exp log as the corrected history, with removed and replaced lines struck out."""
        ledger = ctx.contractor.ledger
        gift_names = {g.id: g.draft.name or g.id for g in ctx.contractor.gifts}
        trait_name = catalog_trait_name(sheet_catalog())
        corrected = ctx.report.corrected.corrected
        priced = {line.index: line for line in ctx.report.lines}
        rows: list[tuple[str, ...]] = []
        tips: list[str] = []
        struck: list[tuple[int, str]] = []
        self.row_index = []
        for index, entry in enumerate(ledger):
            if isinstance(entry, Correction):
                continue
            fix = corrected.get(index)
            text = describe_entry(entry, gift_names, trait_name)
            if fix is not None:
                why = f": {fix.reason}" if fix.reason else ""
                if fix.voided:
                    note = f"{text} — removed on {fix.date}{why}"
                else:
                    note = f"{text} — replaced on {fix.date} by the line below{why}"
                struck.append((len(rows), note))
                rows.append((entry.date, note, "", "", "", "", ""))
                tips.append(note)
                self.row_index.append(index)
                if fix.voided:
                    continue
                entry = fix.replacement
                text = f"{describe_entry(entry, gift_names, trait_name)} (edited {fix.date})"
            line = priced.get(index)
            if line is None:
                rows.append((str(getattr(entry, "date", "")), text, "", "", "", "", ""))
            else:
                rows.append(
                    (
                        line.date,
                        text,
                        signed(line.earned) if line.earned else "",
                        str(line.spent) if line.spent else "",
                        str(line.available_after),
                        signed(line.credits) if line.credits else "",
                        signed(line.improvements) if line.improvements else "",
                    )
                )
            tips.append(text)
            self.row_index.append(index)
        self.log.set_rows(rows, tips)
        for row, note in struck:
            strike_row(self.log, row, note)
        self.actions.update_buttons()
