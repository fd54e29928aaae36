"""Dialogs for what happens in play: Will to Survive against an Injury, a Hustle for a Loose End.

Both preview builder's plan (``builder.contract.advance.use_will_to_survive``,
``record_hustle``) and run one named operation on OK; the Severity the Injury
is recorded at and every refusal (falling damage, a second use on one
Contract) are builder's.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QSpinBox,
    QWidget,
)

from builder.contract.character import Contractor, Injury, ScarTier
from builder.contract.ledger import will_to_survive_severity
from ui.contract.dialogs.base import OperationDialog, connect_all, date_edit, iso
from ui.contract.sheet.names import entries
from ui.operations.contract import Operations, Plan
from ui.workspace import Change


def major_scars(catalog: Any) -> list[Any]:
    """The catalog's Major Battle Scars: the tier Will to Survive gives ("Will to Survive")."""
    return [s for s in entries(catalog, "battle_scars") if s.tier == ScarTier.MAJOR]


class WillToSurviveDialog(OperationDialog):
    """Take an incoming Injury with Will to Survive: lower Severity, 1 Mind, a Major scar."""

    ok_text = "&Use Will to Survive"

    def __init__(
        self,
        ops: Operations,
        contractor: Contractor,
        catalog: Any,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(
            "Will to Survive",
            "Once per Contract, a contractor about to take an Injury may lower its Severity by "
            "up to 4, never below 4. It costs a point of Mind damage and leaves a Major Battle "
            "Scar that stays after the Injury heals. It cannot be used against falling damage.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.date = date_edit()
        self.description = QLineEdit()
        self.description.setPlaceholderText("What is about to happen")
        self.severity = QSpinBox()
        self.severity.setRange(1, 20)
        self.severity.setValue(8)
        self.severity.setAccessibleName("Incoming Severity")
        self.recorded = QLabel()
        self.recorded.setAccessibleName("Recorded Severity")
        self.scar = QComboBox()
        self.scar.setAccessibleName("Major Battle Scar")
        for stock in major_scars(catalog):
            self.scar.addItem(stock.name, stock.name)
            self.scar.setItemData(self.scar.count() - 1, stock.system, 3)  # ToolTipRole
        self.falling = QCheckBox("This is &falling damage")
        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&Injury", self.description)
        form.addRow("Incoming &Severity", self.severity)
        form.addRow("Recorded at", self.recorded)
        form.addRow("Major &Battle Scar", self.scar)
        form.addRow("", self.falling)
        self.body.addLayout(form)
        connect_all(
            self.refresh_preview,
            self.description.textChanged,
            self.severity.valueChanged,
            self.scar.currentIndexChanged,
            self.falling.toggled,
            self.date.dateChanged,
        )
        self.refresh_preview()

    def injury(self) -> Injury:
        """The Injury as it would land without Will to Survive."""
        return Injury(self.description.text().strip(), self.severity.value())

    def refresh_preview(self) -> None:
        after = will_to_survive_severity(self.severity.value())
        self.recorded.setText(f"Severity {after}")
        super().refresh_preview()

    def plan(self) -> Plan | None:
        if not self.description.text().strip():
            return None
        return self.ops.plan_will_to_survive(
            self.contractor,
            self.injury(),
            iso(self.date),
            self.scar.currentData() or "",
            falling=self.falling.isChecked(),
        )

    def perform(self) -> Change:
        return self.ops.use_will_to_survive(
            self.contractor,
            self.injury(),
            iso(self.date),
            self.scar.currentData() or "",
            falling=self.falling.isChecked(),
        )


class HustleDialog(OperationDialog):
    """Record the Hustle a due Loose End's Threat required."""

    ok_text = "&Record Hustle"

    def __init__(
        self,
        ops: Operations,
        contractor: Contractor,
        index: int,
        parent: QWidget | None = None,
    ) -> None:
        title = contractor.loose_ends[index].title
        super().__init__(
            f"Record Hustle: {title}",
            f"“{title}”: its Cutoff has run out and its Threat has come. Until the Hustle it "
            "requires is recorded, the contractor may not attend another Contract.",
            parent,
        )
        self.ops = ops
        self.contractor = contractor
        self.index = index
        self.date = date_edit()
        self.gm = QLineEdit()
        self.note = QLineEdit()
        form = QFormLayout()
        form.addRow("Da&te", self.date)
        form.addRow("&GM", self.gm)
        form.addRow("&Notes", self.note)
        self.body.addLayout(form)
        connect_all(self.refresh_preview, self.date.dateChanged)
        self.refresh_preview()

    def plan(self) -> Plan | None:
        return self.ops.plan_hustle(
            self.contractor,
            self.index,
            iso(self.date),
            self.gm.text().strip(),
            self.note.text().strip(),
        )

    def perform(self) -> Change:
        return self.ops.record_hustle(
            self.contractor,
            self.index,
            iso(self.date),
            self.gm.text().strip(),
            self.note.text().strip(),
        )
