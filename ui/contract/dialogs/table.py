"""Record Contract for the Table: one Contract, every contractor at it, one step (issue 32 item 1).

The leader fills in the Contract once (date, scenario, home or away, the GM's
contractor and the +6 for GMing when it applies) and, in the seats table,
how it ended for each contractor who sat at it. The preview table shows what
each one gets — read from the app layer's plan, never worked out here — and
Record stores every share in one transaction, undone by one Undo.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QRadioButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.contract.table import (
    Attendee,
    GmBonus,
    TableContract,
    TableOutcome,
    TablePlan,
)
from ui.contract.dialogs.base import OperationDialog, connect_all, date_edit, iso
from ui.operations.contract import Plan, TableOperations
from ui.widgets.common import heading
from ui.workspace import Change

ABSENT = ""
SEAT_LABELS = {
    ABSENT: "—",
    TableOutcome.VICTORY: "Victory",
    TableOutcome.LOSS: "Loss",
    TableOutcome.DEATH: "Death",
    TableOutcome.RINGER_MET: "Ringer, objective met",
    TableOutcome.RINGER_MISSED: "Ringer, objective missed",
}
GM_BONUS_LABELS = {
    GmBonus.NONE: "No Bonus Exp for GMing",
    GmBonus.INTO_THE_FOLD: "Into The Fold (+6)",
    GmBonus.GOLDEN_RATIO: "The Golden Ratio (+6)",
}
PREVIEW_COLUMNS = (
    "Contractor",
    "Seat",
    "Exp",
    "Gift Credits",
    "Improvements",
    "Loose End Cutoffs",
    "Death",
)


class RecordTableDialog(OperationDialog):
    """Record one Contract for every contractor at the table, previewed per contractor."""

    ok_text = "&Record"

    def __init__(self, ops: TableOperations, parent: QWidget | None = None) -> None:
        super().__init__(
            "Record Contract for the Table",
            "Enter the Contract once and how it ended for each contractor at the table. "
            "A Ringer's seat names the contractor that takes the Ringer's Bonus Exp. "
            "The GM's contractor takes the Improvement for GMing. Everything is recorded "
            "together, and one Undo takes all of it back.",
            parent,
        )
        self.ops = ops
        self.contractors = [
            e for e in ops.workspace.library.roster() if e.system == "contract" and e.alive
        ]
        self._build_form()
        self._build_seats()
        self.preview.hide()
        self.preview_table = QTableWidget(0, len(PREVIEW_COLUMNS))
        self.preview_table.setHorizontalHeaderLabels(PREVIEW_COLUMNS)
        self.preview_table.verticalHeader().hide()
        self.preview_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.preview_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(5, QHeaderView.ResizeMode.Stretch)
        layout = self.layout()
        assert isinstance(layout, QVBoxLayout)  # OperationDialog's own
        layout.insertWidget(layout.indexOf(self.preview) + 1, self.preview_table, 4)
        self.resize(980, 720)
        self.refresh_preview()

    # ------------------------------------------------------------------ building

    def _build_form(self) -> None:
        self.date = date_edit()
        self.scenario = QLineEdit()
        self.scenario.setPlaceholderText("Scenario name")
        self.home = QRadioButton("&Home playgroup")
        self.away = QRadioButton("&Away (visiting another playgroup)")
        self.home.setChecked(True)
        place = QHBoxLayout()
        place.addWidget(self.home)
        place.addWidget(self.away)
        place.addStretch(1)
        self.gm = QComboBox()
        self.gm.addItem("No GM contractor in this library", "")
        for entry in self.contractors:
            self.gm.addItem(_label(entry), entry.id)
        self.gm_bonus = QComboBox()
        for bonus, text in GM_BONUS_LABELS.items():
            self.gm_bonus.addItem(text, bonus.value)
        self.notes = QLineEdit()
        self.cycle = QLineEdit()
        self.cycle.setPlaceholderText("Leave empty unless this Contract is part of a Cycle")
        self.cycle_more = QCheckBox("More Contracts of this Cycle &follow")
        self.cycle_more.setToolTip("Exp cannot be spent until the Cycle's last Contract.")
        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&Scenario", self.scenario)
        form.addRow("Where", place)
        form.addRow("&GM's contractor", self.gm)
        form.addRow("GM &bonus", self.gm_bonus)
        form.addRow("C&ycle", self.cycle)
        form.addRow("", self.cycle_more)
        form.addRow("&Notes", self.notes)
        self.body.addLayout(form)
        connect_all(
            self.refresh_preview,
            self.date.dateChanged,
            self.scenario.textChanged,
            self.home.toggled,
            self.gm.currentIndexChanged,
            self.gm_bonus.currentIndexChanged,
            self.notes.textChanged,
            self.cycle.textChanged,
            self.cycle_more.toggled,
        )

    def _build_seats(self) -> None:
        self.body.addWidget(heading("At the table", level=2))
        self.seats = QTableWidget(len(self.contractors), 4)
        self.seats.setHorizontalHeaderLabels(["Contractor", "Outcome", "Commission", "Visitor"])
        self.seats.verticalHeader().hide()
        header = self.seats.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.outcomes: list[QComboBox] = []
        self.commissions: list[QCheckBox] = []
        self.visitors: list[QCheckBox] = []
        for row, entry in enumerate(self.contractors):
            name = QTableWidgetItem(_label(entry))
            name.setFlags(name.flags() & ~Qt.ItemFlag.ItemIsEditable)
            self.seats.setItem(row, 0, name)
            outcome = QComboBox()
            for value, text in SEAT_LABELS.items():
                outcome.addItem(text, str(value))
            commission = QCheckBox()
            commission.setToolTip("The contractor the GM selects for the Commission (+2 Exp)")
            visitor = QCheckBox()
            visitor.setToolTip("From another playgroup: earns +1 Exp for attending, not +3")
            self.seats.setCellWidget(row, 1, outcome)
            self.seats.setCellWidget(row, 2, commission)
            self.seats.setCellWidget(row, 3, visitor)
            self.outcomes.append(outcome)
            self.commissions.append(commission)
            self.visitors.append(visitor)
            connect_all(
                self.refresh_preview,
                outcome.currentIndexChanged,
                commission.toggled,
                visitor.toggled,
            )
        rows = min(len(self.contractors), 4)
        self.seats.setMinimumHeight(self.seats.verticalHeader().defaultSectionSize() * (rows + 1))
        self.body.addWidget(self.seats)

    # ------------------------------------------------------------------ the operation

    def set_seat(
        self, contractor_id: str, outcome: str, *, commission: bool = False, visitor: bool = False
    ) -> None:
        """Seat a contractor as the user would (tests and scripted demos)."""
        row = next(i for i, e in enumerate(self.contractors) if e.id == contractor_id)
        self.outcomes[row].setCurrentIndex(self.outcomes[row].findData(outcome))
        self.commissions[row].setChecked(commission)
        self.visitors[row].setChecked(visitor)

    def contract(self) -> TableContract:
        """The Contract as filled in."""
        seats = tuple(
            Attendee(
                entry.id,
                TableOutcome(self.outcomes[row].currentData()),
                self.commissions[row].isChecked(),
                self.visitors[row].isChecked(),
            )
            for row, entry in enumerate(self.contractors)
            if self.outcomes[row].currentData() != ABSENT
        )
        gm_id = str(self.gm.currentData() or "")
        gm = next((e for e in self.contractors if e.id == gm_id), None)
        return TableContract(
            date=iso(self.date),
            scenario=self.scenario.text().strip(),
            home=self.home.isChecked(),
            attendees=seats,
            gm_id=gm_id,
            gm_name=gm.player if gm is not None else "",
            gm_bonus=GmBonus(self.gm_bonus.currentData()),
            notes=self.notes.text().strip(),
            cycle=self.cycle.text().strip(),
            cycle_continues=self.cycle_more.isChecked(),
        )

    def plan(self) -> Plan[Any] | None:
        contract = self.contract()
        if not contract.scenario or not contract.attendees:
            self._show_shares(None)
            return None
        table, plan = self.ops.plan(contract)
        self._show_shares(table)
        return plan

    def perform(self) -> Change:
        return self.ops.record(self.contract())

    def _show_shares(self, table: TablePlan | None) -> None:
        shares = table.shares if table is not None else ()
        self.preview_table.setRowCount(len(shares))
        row_height = self.preview_table.verticalHeader().defaultSectionSize()
        shown = min(max(len(shares), 1), 7)  # a usual table without scrolling
        self.preview_table.setMinimumHeight(row_height * (shown + 1) + 6)
        for row, share in enumerate(shares):
            cutoffs = ", ".join(f"{le.title}: {le.before} → {le.after}" for le in share.loose_ends)
            cells = (
                share.name,
                SEAT_LABELS.get(share.outcome, "GM"),
                f"+{share.exp}",
                f"+{share.gift_credits}" if share.gift_credits else "",
                f"+{share.improvements}" if share.improvements else "",
                cutoffs,
                "to the graveyard" if share.dies else "",
            )
            for column, text in enumerate(cells):
                self.preview_table.setItem(row, column, QTableWidgetItem(text))


def _label(entry: Any) -> str:
    """A roster row as the dialog names it: "Ada Quill (Ines)"."""
    return f"{entry.name} ({entry.player})" if entry.player else entry.name


__all__ = ["RecordTableDialog"]
