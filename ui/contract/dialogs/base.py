"""Base of the dialogs that end in one named operation.

The dialog previews the outcome (the operation's plan: what would change and
builder's findings) as the player fills it in; OK runs the operation, and a
refusal keeps the dialog open with builder's reason shown in it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from PySide6.QtCore import QDate
from PySide6.QtWidgets import (
    QDateEdit,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QVBoxLayout,
    QWidget,
)

from builder.core.files import latest_date
from builder.core.findings import Severity
from ui.operations.contract import Plan, Refused
from ui.widgets.common import FindingList, heading, help_note
from ui.widgets.whole_lines import keep_lines_whole
from ui.workspace import Change


def date_edit(value: str = "") -> QDateEdit:
    """A calendar date field defaulting to today; the ledger stores ISO dates."""
    edit = QDateEdit()
    edit.setCalendarPopup(True)
    edit.setDisplayFormat("yyyy-MM-dd")
    edit.setMaximumDate(QDate.fromString(latest_date().isoformat(), "yyyy-MM-dd"))
    parsed = QDate.fromString(value, "yyyy-MM-dd") if value else QDate()
    edit.setDate(
        parsed if parsed.isValid() else QDate.fromString(date.today().isoformat(), "yyyy-MM-dd")
    )
    return edit


def iso(edit: QDateEdit) -> str:
    return edit.date().toString("yyyy-MM-dd")


class OperationDialog(QDialog):
    """A dialog whose OK runs :meth:`perform`; subclasses build their fields in ``body``."""

    ok_text = "OK"

    def __init__(self, title: str, help_text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.change: Change | None = None
        self.body = QVBoxLayout()
        self.preview_title = heading("What changes", level=2)
        self.preview = QLabel()
        self.preview.setWordWrap(True)
        self.findings = FindingList()
        self.findings.setMaximumHeight(self.findings.fontMetrics().height() * 6)
        self.buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel
        )
        self.ok_button = self.buttons.button(QDialogButtonBox.StandardButton.Ok)
        self.ok_button.setText(self.ok_text)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        if help_text:
            layout.addWidget(help_note(help_text))
        layout.addLayout(self.body)
        layout.addWidget(self.preview_title)
        layout.addWidget(self.preview)
        layout.addWidget(self.findings)
        layout.addStretch(1)
        layout.addWidget(self.buttons)
        self.resize(560, self.sizeHint().height())
        keep_lines_whole(self)

    # Subclasses implement these two.
    def plan(self) -> Plan | None:
        """The operation's plan for the current inputs (None when inputs are incomplete)."""
        return None

    def perform(self) -> Change:
        raise NotImplementedError

    def refresh_preview(self) -> None:
        """Re-plan and show what would change and why it might be refused."""
        try:
            plan = self.plan()
        except Exception as exc:  # incomplete input must not crash the dialog
            self.preview.setText(str(exc))
            self.findings.set_findings(())
            self.ok_button.setEnabled(False)
            return
        if plan is None:
            self.preview.setText("Fill in the fields above.")
            self.findings.set_findings(())
            self.ok_button.setEnabled(False)
            return
        self.preview.setText("\n".join(plan.lines) if plan.lines else "No figures change.")
        shown = plan.errors + [f for f in plan.findings if f.severity is not Severity.ERROR]
        self.findings.set_findings(shown)
        self.findings.setVisible(bool(shown))
        self.ok_button.setEnabled(plan.allowed)
        self.ok_button.setToolTip("; ".join(f.message for f in plan.errors))

    def accept(self) -> None:
        try:
            self.change = self.perform()
        except Refused as refused:
            self.findings.set_findings(refused.findings)
            self.findings.setVisible(True)
            return
        except Exception as exc:
            self.preview.setText(f"Could not save: {exc}")
            return
        super().accept()


def connect_all(callback: Callable[[], None], *signals: object) -> None:
    for signal in signals:
        signal.connect(lambda *_args: callback())
