"""Spend Exp: every possible one-rank raise with its price, or the reason it is not allowed.

The list is ``builder.contract.advance.spend_options``: the dialog shows each option's
label, ratings, price and reason as given, and a raise runs the named
operation. The dialog stays open so several raises can be bought in a row;
each is its own undoable step.
"""

from __future__ import annotations

from datetime import date

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.contract.advance import SpendOption, spend_options
from builder.contract.character import Contractor, TraitKind
from builder.contract.sheet import evaluate_sheet
from ui.operations.contract import Operations, Refused
from ui.widgets.common import help_note

KIND_HEADINGS = {
    TraitKind.ATTRIBUTE: "Attribute",
    TraitKind.ABILITY: "Ability",
    TraitKind.SECONDARY: "Secondary Ability",
    TraitKind.SOURCE: "Source",
}


class SpendExpDialog(QDialog):
    """Raise traits one rank at a time with the contractor's available Exp."""

    COLUMNS = ("Trait", "Kind", "Now", "Raise to", "Exp", "", "Why not")

    def __init__(self, ops: Operations, contractor: Contractor, parent: QWidget | None = None):
        super().__init__(parent)
        self.setWindowTitle("Spend Exp")
        self.ops = ops
        self.contractor = contractor
        self.options: tuple[SpendOption, ...] = ()
        self.buttons_by_trait: dict[tuple[str, str], QPushButton] = {}

        self.available = QLabel()
        self.available.setObjectName("banner")
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(list(self.COLUMNS))
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setAccessibleName("Possible raises")

        self.secondary_name = QLineEdit()
        self.secondary_name.setPlaceholderText("New Secondary Ability, e.g. Lockpicking")
        self.secondary_button = QPushButton("&Learn it")
        self.secondary_note = QLabel()
        self.secondary_note.setWordWrap(True)
        row = QHBoxLayout()
        row.addWidget(self.secondary_name, 1)
        row.addWidget(self.secondary_button)

        self.message = QLabel()
        self.message.setWordWrap(True)
        close = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        close.rejected.connect(self.reject)
        close.accepted.connect(self.accept)

        layout = QVBoxLayout(self)
        layout.addWidget(
            help_note(
                "Exp raises a trait one rank at a time. Attributes cost five times the current "
                "rating; Abilities cost 2 for the first rank and then twice the current rating; "
                "Source costs twice its rating. Greyed-out raises say why in the last column. "
                "Each raise can be undone with Edit → Undo."
            )
        )
        layout.addWidget(self.available)
        layout.addWidget(self.table, 1)
        layout.addLayout(row)
        layout.addWidget(self.secondary_note)
        layout.addWidget(self.message)
        layout.addWidget(close)

        self.secondary_name.textChanged.connect(self._secondary_preview)
        self.secondary_button.clicked.connect(self._learn_secondary)
        self.resize(780, 720)
        self.refresh()

    def refresh(self) -> None:
        report = evaluate_sheet(self.contractor)
        self.available.setText(f"Exp available: {report.exp.available}")
        self.options = spend_options(self.contractor)
        self.table.setRowCount(len(self.options))
        self.buttons_by_trait.clear()
        for r, option in enumerate(self.options):
            cells = [
                option.label,
                KIND_HEADINGS.get(option.kind, str(option.kind)),
                str(option.from_rating),
                str(option.to_rating),
                str(option.exp) if option.exp else "—",
            ]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if not option.allowed:
                    item.setForeground(self.palette().placeholderText())
                    item.setToolTip(option.reason)
                self.table.setItem(r, c, item)
            button = QPushButton(f"Raise {option.label}")
            button.setEnabled(option.allowed)
            button.setToolTip(option.reason or f"Spend {option.exp} Exp")
            button.setAccessibleName(f"Raise {option.label}")
            button.clicked.connect(lambda _c=False, o=option: self.buy(o))
            self.table.setCellWidget(r, 5, button)
            reason = QTableWidgetItem(option.reason)
            reason.setToolTip(option.reason)
            self.table.setItem(r, 6, reason)
            self.buttons_by_trait[(str(option.kind), option.trait)] = button
        self._secondary_preview()

    def option(self, kind: TraitKind | str, trait: str) -> SpendOption:
        """The option for one trait (tests and keyboard users look options up by name)."""
        return next(o for o in self.options if o.kind == TraitKind(kind) and o.trait == trait)

    def button(self, kind: TraitKind | str, trait: str) -> QPushButton:
        return self.buttons_by_trait[(str(TraitKind(kind)), trait)]

    def buy(self, option: SpendOption) -> None:
        self._raise(option.kind, option.trait)

    def _raise(self, kind: TraitKind, trait: str) -> None:
        try:
            change = self.ops.raise_trait(self.contractor, kind, trait, date.today().isoformat())
        except Refused as refused:
            self.message.setObjectName("error")
            self.message.setText("\n".join(f.message for f in refused.findings))
            self.message.setStyleSheet("")
            return
        except Exception as exc:
            self.message.setText(f"Could not save: {exc}")
            return
        self.message.setObjectName("")
        self.message.setText("; ".join(change.lines))
        self.contractor = self.ops.load(self.contractor.id)
        self.refresh()

    def _secondary_preview(self) -> None:
        name = self.secondary_name.text().strip()
        if not name:
            self.secondary_button.setEnabled(False)
            self.secondary_note.setText("")
            return
        plan = self.ops.plan_raise(
            self.contractor, TraitKind.SECONDARY, name, date.today().isoformat()
        )
        self.secondary_button.setEnabled(plan.allowed)
        if plan.allowed:
            self.secondary_note.setText("; ".join(plan.lines))
        else:
            self.secondary_note.setText("; ".join(f.message for f in plan.errors))
        self.secondary_button.setToolTip(self.secondary_note.text())

    def _learn_secondary(self) -> None:
        name = self.secondary_name.text().strip()
        if name:
            self._raise(TraitKind.SECONDARY, name)
            self.secondary_name.clear()
