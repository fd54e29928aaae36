"""The Story tab: Contracts attended, Journals, Loose Ends, notes and the GM's own notes.

Contracts and Journals are the corrected history: each line offers Edit… and
Remove (a correction appended to the ledger), a removed one is struck out. Loose Ends are
the report's player view: until a Cutoff runs out only the threat level
shows, never the Threat itself.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import ContractAttended, Journal
from ui.contract.dialogs.advance import JournalDialog, loose_end_form
from ui.contract.dialogs.play import HustleDialog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext, title_case
from ui.contract.sheet.gm_notes_box import GmNotesBox
from ui.contract.sheet.ledger_edit import LedgerActions, strike_row
from ui.widgets.common import heading
from ui.widgets.down_scroll import DownScroll
from ui.widgets.tables import ListTable

SCENARIO_EMS = 8
"""The least width of the Contracts table's Scenario column, in "M" of its font."""


class StoryTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        # Three tables in sight: their own buttons take no Alt+letter (see ListTable); the
        # Loose Ends' two and the tab's others take letters no menu or tab takes.
        # Scenario, the one column of words, keeps SCENARIO_EMS "M" and takes the spare
        # width; Commission (a "yes") has a short title, the word in its tooltip. Titled
        # in full, Commission was the widest column at 1.5x the font beside the Dice dock
        # and squeezed Scenario to "Scenaric", its names to "Lant...".
        self.contracts = ListTable(
            "Contracts",
            ("Date", "Scenario", "Where", "Outcome", "Comm.", "GM"),
            stretch=1,
            stretch_min_ems=SCENARIO_EMS,
            mnemonics=False,
        )
        for column, tip in (
            (4, "Commission: yes when the contractor was selected for commission"),
            (5, "The GM who ran the Contract"),
        ):
            self.contracts.table.horizontalHeaderItem(column).setToolTip(tip)
        self.journals = ListTable(
            "Journals", ("Date", "Title", "About", "Words"), stretch=1, mnemonics=False
        )
        self.contract_rows: list[int] = []
        self.journal_rows: list[int] = []
        """The ledger index each Contracts / Journals row shows."""
        self.contract_actions = LedgerActions(self, self.contracts, self._contract_index)
        self.journal_actions = LedgerActions(self, self.journals, self._journal_index)
        self.loose_ends = ListTable(
            "Loose Ends", ("Loose End", "Threat level", "Threat"), mnemonics=False
        )
        self.loose_ends.add_button.setText("&Add (GM)…")
        self.loose_ends.edit_button.setText("Res&olve")
        self.loose_ends.remove_button.hide()
        self.hustle_button = QPushButton("Record H&ustle…")
        self.hustle_button.setAccessibleName("Record Hustle for the selected Loose End")
        self.loose_ends.layout().itemAt(0).layout().insertWidget(2, self.hustle_button)
        self.journal_button = QPushButton("Add &Journal…")
        self.journals.layout().itemAt(0).layout().insertWidget(2, self.journal_button)
        self.notes = QPlainTextEdit()
        self.save_notes = QPushButton("Save &notes")
        notes_row = self._notes_row()

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.contracts)
        layout.addWidget(self.journals)
        layout.addWidget(self.loose_ends)
        layout.addLayout(notes_row)
        layout.addWidget(self.notes)
        self.gm_notes = GmNotesBox(host)
        layout.addWidget(self.gm_notes)
        layout.addStretch(1)
        self.scroll = scroll = DownScroll(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.notes.textChanged.connect(self._notes_changed)
        self.save_notes.clicked.connect(self._save_notes)
        self.loose_ends.add_requested.connect(self._add_loose_end)
        self.loose_ends.edit_requested.connect(self._resolve)
        self.loose_ends.table.itemSelectionChanged.connect(self._hustle_state)
        self.hustle_button.clicked.connect(self._hustle)
        self.journal_button.clicked.connect(self._journal)

    def _notes_row(self) -> QHBoxLayout:
        """Set up the notes box and its Save button; the row of its heading and button."""
        self.notes.setTabChangesFocus(True)
        self.notes.setAccessibleName("Notes")
        self.notes.setMinimumHeight(self.notes.fontMetrics().height() * 5)
        self.save_notes.setEnabled(False)
        notes_row = QHBoxLayout()
        notes_row.addWidget(heading("Notes", level=2))
        notes_row.addStretch(1)
        notes_row.addWidget(self.save_notes)
        return notes_row

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        self._show_history(ctx)
        # Its least width follows what the page holds now: more Contracts than the table
        # shows bring its scroll bar, which Scenario's least width makes room for.
        self.scroll.updateGeometry()
        rows = []
        for view in ctx.report.loose_ends:
            if view.resolved:
                threat = "Resolved"
            elif view.threat_visible:
                threat = view.threat or "Its Threat has arrived"
            else:
                threat = "Hidden until its Cutoff runs out"
            if view.due:
                threat += " · Hustle due"
            elif view.hustled and not view.resolved:
                threat += " · Hustle recorded"
            rows.append((view.title, title_case(view.threat_level), threat))
        self.loose_ends.set_rows(rows)
        due = [v for v in ctx.report.loose_ends if v.due]
        if due and self.loose_ends.current_row() < 0:
            self.loose_ends.table.selectRow(ctx.report.loose_ends.index(due[0]))
        self._hustle_state()
        self.journal_button.setEnabled(ctx.report.alive)
        self.notes.blockSignals(True)
        self.notes.setPlainText(ctx.contractor.notes)
        self.notes.blockSignals(False)
        self.save_notes.setEnabled(False)
        self.gm_notes.show_for(ctx.contractor.id)

    def _contract_index(self, row: int) -> int:
        return self.contract_rows[row] if 0 <= row < len(self.contract_rows) else -1

    def _journal_index(self, row: int) -> int:
        return self.journal_rows[row] if 0 <= row < len(self.journal_rows) else -1

    def _show_history(self, ctx: SheetContext) -> None:
        """Contracts and Journals as the corrected history has them; removed ones struck out."""
        corrected = ctx.report.corrected.corrected
        contracts: list[tuple[int, ContractAttended, str]] = []
        journals: list[tuple[int, Journal, str]] = []
        for index, entry in enumerate(ctx.contractor.ledger):
            fix = corrected.get(index)
            note = ""
            if fix is not None:
                why = f": {fix.reason}" if fix.reason else ""
                note = f"{'Removed' if fix.voided else 'Edited'} on {fix.date}{why}"
                entry = fix.replacement or entry
            if isinstance(entry, ContractAttended):
                contracts.append((index, entry, note))
            elif isinstance(entry, Journal):
                journals.append((index, entry, note))
        self.contract_rows = [index for index, _c, _n in contracts]
        self.contracts.set_rows(
            [
                (
                    c.date,
                    c.scenario,
                    "Home" if c.home else "Away",
                    title_case(str(c.outcome)),
                    "yes" if c.commission else "",
                    c.gm,
                )
                for _i, c, _n in contracts
            ],
            ["\n".join(t for t in (n, c.notes) if t) for _i, c, n in contracts],
        )
        self.journal_rows = [index for index, _j, _n in journals]
        self.journals.set_rows(
            [(j.date, j.title, title_case(str(j.kind)), str(j.words)) for _i, j, _n in journals],
            ["\n".join(t for t in (n, j.text[:400]) if t) for _i, j, n in journals],
        )
        for table, shown in ((self.contracts, contracts), (self.journals, journals)):
            for row, (index, _entry, note) in enumerate(shown):
                fix = corrected.get(index)
                if fix is not None and fix.voided:
                    strike_row(table, row, note)
        self.contract_actions.update_buttons()
        self.journal_actions.update_buttons()

    def _selected_view(self) -> Any:
        row = self.loose_ends.current_row()
        if self.ctx is None or not 0 <= row < len(self.ctx.report.loose_ends):
            return None
        return self.ctx.report.loose_ends[row]

    def _hustle_state(self) -> None:
        """Record Hustle is offered for a Loose End the sheet report marks as due."""
        view = self._selected_view()
        due = view is not None and view.due
        self.hustle_button.setEnabled(due)
        if view is None:
            tip = "Select a Loose End whose Cutoff has run out."
        elif due:
            tip = f"{view.title}: its Threat has come; no Contract until the Hustle is recorded."
        elif view.resolved:
            tip = f"{view.title} is resolved."
        elif view.hustled:
            tip = f"The Hustle for {view.title} is recorded."
        else:
            tip = f"{view.title}: its Cutoff has not run out ({view.remaining} to go)."
        self.hustle_button.setToolTip(tip)

    def hustle_dialog(self) -> HustleDialog | None:
        """The Record Hustle dialog for the selected Loose End (None when it is not due)."""
        view = self._selected_view()
        if view is None or not view.due:
            return None
        return HustleDialog(self.host.ops, self.ctx.contractor, view.index)

    def _hustle(self) -> None:
        dialog = self.hustle_dialog()
        if dialog is not None:
            self.host.show_dialog(dialog)

    def _journal(self) -> None:
        if self.ctx is not None:
            self.host.show_dialog(JournalDialog(self.host.ops, self.ctx.contractor))

    def _notes_changed(self) -> None:
        self.save_notes.setEnabled(
            self.ctx is not None and self.notes.toPlainText() != self.ctx.contractor.notes
        )

    def _save_notes(self) -> None:
        contractor = self.ctx.contractor
        text = self.notes.toPlainText()
        self.host.run(lambda: self.host.ops.edit_notes(contractor, text))

    def _add_loose_end(self) -> None:
        contractor = self.ctx.contractor
        form = loose_end_form()
        form.accepted.connect(
            lambda: self.host.run(
                lambda: self.host.ops.add_loose_end(
                    contractor,
                    form.values()["title"],
                    form.values()["threat_level"],
                    form.values()["cutoff"],
                    form.values()["threat"],
                )
            )
        )
        self.host.show_dialog(form)

    def _resolve(self, row: int) -> None:
        contractor = self.ctx.contractor
        index = self.ctx.report.loose_ends[row].index
        self.host.run(lambda: self.host.ops.resolve_loose_end(contractor, index))
