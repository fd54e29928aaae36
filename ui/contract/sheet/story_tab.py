"""The Story tab: Contracts attended, Journals, Loose Ends and notes.

Contracts and Journals are read from the ledger as recorded. Loose Ends are
the report's player view: until a Cutoff runs out only the threat level
shows, never the Threat itself.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QHBoxLayout,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import ContractAttended, Journal
from ui.contract.dialogs.advance import loose_end_form
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext, title_case
from ui.widgets.common import heading
from ui.widgets.tables import ListTable


class StoryTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.contracts = ListTable(
            "Contracts",
            ("Date", "Scenario", "Where", "Outcome", "Commission", "GM"),
            editable=False,
            stretch=1,
        )
        self.journals = ListTable(
            "Journals", ("Date", "Title", "About", "Words"), editable=False, stretch=1
        )
        self.loose_ends = ListTable(
            "Loose Ends", ("Loose End", "Threat level", "Threat"), add_text="&Add (GM)…"
        )
        self.loose_ends.edit_button.setText("Re&solve")
        self.loose_ends.remove_button.hide()
        self.notes = QPlainTextEdit()
        self.notes.setTabChangesFocus(True)
        self.notes.setAccessibleName("Notes")
        self.notes.setMinimumHeight(self.notes.fontMetrics().height() * 5)
        self.save_notes = QPushButton("Save &notes")
        self.save_notes.setEnabled(False)
        notes_row = QHBoxLayout()
        notes_row.addWidget(heading("Notes", level=2))
        notes_row.addStretch(1)
        notes_row.addWidget(self.save_notes)

        body = QWidget()
        layout = QVBoxLayout(body)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.addWidget(self.contracts)
        layout.addWidget(self.journals)
        layout.addWidget(self.loose_ends)
        layout.addLayout(notes_row)
        layout.addWidget(self.notes)
        layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

        self.notes.textChanged.connect(self._notes_changed)
        self.save_notes.clicked.connect(self._save_notes)
        self.loose_ends.add_requested.connect(self._add_loose_end)
        self.loose_ends.edit_requested.connect(self._resolve)

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        ledger = ctx.contractor.ledger
        contracts = [e for e in ledger if isinstance(e, ContractAttended)]
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
                for c in contracts
            ],
            [c.notes for c in contracts],
        )
        journals = [e for e in ledger if isinstance(e, Journal)]
        self.journals.set_rows(
            [(j.date, j.title, title_case(str(j.kind)), str(j.words)) for j in journals],
            [j.text[:400] for j in journals],
        )
        rows = []
        for view in ctx.report.loose_ends:
            if view.resolved:
                threat = "Resolved"
            elif view.threat_visible:
                threat = view.threat or "Its Threat has arrived"
            else:
                threat = "Hidden until its Cutoff runs out"
            rows.append((view.title, title_case(view.threat_level), threat))
        self.loose_ends.set_rows(rows)
        self.notes.blockSignals(True)
        self.notes.setPlainText(ctx.contractor.notes)
        self.notes.blockSignals(False)
        self.save_notes.setEnabled(False)

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
