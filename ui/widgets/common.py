"""Shared building blocks for pages and tabs: headings, help notes, findings, figures."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush
from PySide6.QtWidgets import (
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QSizePolicy,
    QWidget,
)

from builder.core.findings import Finding, Severity
from ui.style import set_role, themed_color

# Light/dark pairs from ui.style, re-tinted in place when the theme changes.
ERROR_COLOR = themed_color("error")
WARNING_COLOR = themed_color("warning")
INFO_COLOR = themed_color("info")

SEVERITY_MARK = {Severity.ERROR: "✖", Severity.WARNING: "⚠", Severity.INFO: "✔"}
SEVERITY_COLOR = {
    Severity.ERROR: ERROR_COLOR,
    Severity.WARNING: WARNING_COLOR,
    Severity.INFO: INFO_COLOR,
}


def heading(text: str, level: int = 1) -> QLabel:
    """A bold section title; level 1 is larger than body text, level 2 is body size.

    Sized by its role (:func:`ui.style.set_role`) from the application font as it is
    now, so a font the user enlarges while the app runs enlarges the headings with it.
    """
    label = QLabel(text)
    set_role(label, "heading" if level == 1 else "subheading")
    label.setAccessibleName(text)
    return label


def help_note(text: str) -> QLabel:
    """A framed paragraph of plain help text that wraps and can be selected."""
    label = QLabel(text)
    set_role(label, "help")
    label.setWordWrap(True)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    label.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
    label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
    return label


def plain(text: str, *, muted: bool = False, wrap: bool = True) -> QLabel:
    """A label that shows user text literally (never as rich text)."""
    label = QLabel(text)
    label.setTextFormat(Qt.TextFormat.PlainText)
    label.setWordWrap(wrap)
    label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
    if muted:
        set_role(label, "muted")
    return label


def separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line


def row_of(*widgets: QWidget) -> QWidget:
    """``widgets`` side by side in one widget with no margins (a form row of several)."""
    row = QWidget()
    layout = QHBoxLayout(row)
    layout.setContentsMargins(0, 0, 0, 0)
    for w in widgets:
        layout.addWidget(w)
    return row


def finding_text(finding: Finding) -> str:
    return f"{SEVERITY_MARK[finding.severity]} {finding.message}"


class FindingList(QListWidget):
    """Rule findings, worst first; activating one emits its ``where`` pointer."""

    jump_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAccessibleName("Findings")
        self.setSelectionMode(QListWidget.SelectionMode.SingleSelection)
        self.itemActivated.connect(lambda item: self.jump_requested.emit(item.data(Qt.UserRole)))
        self._findings: tuple[Finding, ...] = ()

    def set_findings(self, findings: Iterable[Finding], empty_text: str = "") -> None:
        order = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.INFO: 2}
        self._findings = tuple(sorted(findings, key=lambda f: order[f.severity]))
        self.clear()
        for finding in self._findings:
            item = QListWidgetItem(finding_text(finding))
            item.setForeground(QBrush(SEVERITY_COLOR[finding.severity]))
            item.setData(Qt.UserRole, finding.where)
            item.setToolTip(f"{finding.rule}  ({finding.where})" if finding.where else finding.rule)
            self.addItem(item)
        if not self._findings and empty_text:
            item = QListWidgetItem(empty_text)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setForeground(QBrush(INFO_COLOR))
            self.addItem(item)

    def findings(self) -> tuple[Finding, ...]:
        return self._findings

    def messages(self) -> list[str]:
        return [f.message for f in self._findings]


class FigureGrid(QWidget):
    """Label/value rows laid out in a grid; values are selectable and right-aligned."""

    def __init__(self, parent: QWidget | None = None, *, text_values: bool = False) -> None:
        super().__init__(parent)
        # Figures line up on the right; text values (a concept) read better from the left.
        self._value_align = (
            Qt.AlignmentFlag.AlignLeft if text_values else Qt.AlignmentFlag.AlignRight
        ) | Qt.AlignmentFlag.AlignVCenter
        self._grid = QGridLayout(self)
        self._grid.setContentsMargins(0, 0, 0, 0)
        self._grid.setHorizontalSpacing(16)
        self._grid.setVerticalSpacing(4)
        self._values: dict[str, QLabel] = {}

    def set_rows(self, rows: Sequence[tuple[str, str] | tuple[str, str, str]]) -> None:
        """Rows of (label, value) or (label, value, tooltip); rebuilt when labels change."""
        labels = [r[0] for r in rows]
        if labels != list(self._values):
            while self._grid.count():
                item = self._grid.takeAt(0)
                if item.widget() is not None:
                    item.widget().deleteLater()
            self._values.clear()
            for i, label in enumerate(labels):
                name = QLabel(label)
                value = QLabel()
                value.setWordWrap(True)  # a long concept line wraps instead of widening the tab
                value.setTextFormat(Qt.TextFormat.PlainText)
                value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                value.setAlignment(self._value_align)
                name.setBuddy(value)
                self._grid.addWidget(name, i, 0)
                self._grid.addWidget(value, i, 1)
                self._values[label] = value
            self._grid.setColumnStretch(
                0 if self._value_align & Qt.AlignmentFlag.AlignRight else 1, 1
            )
        for row in rows:
            value = self._values[row[0]]
            value.setText(row[1])
            tip = row[2] if len(row) > 2 else ""
            value.setToolTip(tip)
            value.setAccessibleName(f"{row[0]}: {row[1]}")

    def value(self, label: str) -> str:
        """The text shown for ``label`` (tests read figures through this)."""
        return self._values[label].text()

    def labels(self) -> list[str]:
        return list(self._values)


def title_case(identifier: str) -> str:
    """A catalog id as a heading ("into_the_fold" → "Into the fold")."""
    return identifier.replace("_", " ").capitalize()
