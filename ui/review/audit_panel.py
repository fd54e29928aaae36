"""The audit beside the sheet: every check line of an audit with its verdict and numbers.

Each line shows its verdict mark, title and message (the message quotes the
line's numbers: earned, spent, available, cap); the findings behind a line
sit under it with their own numbers. Activating a line or a finding
(double-click or Enter) asks the window to jump to the field it points at.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, QRect, QSize, Qt, Signal
from PySide6.QtGui import QBrush, QFont, QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.core.findings import Finding, Severity
from builder.core.report import Audit, AuditLine, Verdict
from ui.style import set_role
from ui.widgets.common import INFO_COLOR, SEVERITY_COLOR, SEVERITY_MARK

VERDICT_MARK = {Verdict.PASS: "✔", Verdict.WARN: "⚠", Verdict.FAIL: "✖"}
VERDICT_COLOR = {
    Verdict.PASS: INFO_COLOR,
    Verdict.WARN: SEVERITY_COLOR[Severity.WARNING],
    Verdict.FAIL: SEVERITY_COLOR[Severity.ERROR],
}

WHERE_ROLE = Qt.ItemDataRole.UserRole
RULE_ROLE = Qt.ItemDataRole.UserRole + 1
NUMBERS_ROLE = Qt.ItemDataRole.UserRole + 2
VERDICT_ROLE = Qt.ItemDataRole.UserRole + 3


def numbers_text(numbers: Mapping[str, Any]) -> str:
    """A finding's numbers as a leader reads them: 'available 5, cost 10, shortfall 5'."""
    shown = []
    for key, value in numbers.items():
        if isinstance(value, Mapping | list | tuple):
            continue  # breakdowns and texts are in the message already
        if isinstance(value, str) and len(value) > 40:
            continue
        shown.append(f"{key.replace('_', ' ')} {value}")
    return ", ".join(shown)


def finding_label(finding: Finding) -> str:
    """A finding's line under its check: mark, message, numbers."""
    numbers = numbers_text(finding.numbers)
    return f"{SEVERITY_MARK[finding.severity]} {finding.message}" + (
        f"  ({numbers})" if numbers else ""
    )


class _WrappingDelegate(QStyledItemDelegate):
    """Row heights that fit the wrapped text at the tree's current width.

    QTreeView paints wrapped text when ``wordWrap`` is on, but asks the
    delegate for a row's height without telling it the column's width; this
    delegate measures against that width so long audit messages are shown
    whole instead of cut off with an ellipsis.
    """

    def __init__(self, tree: QTreeWidget) -> None:
        super().__init__(tree)
        self._tree = tree

    def sizeHint(
        self, option: QStyleOptionViewItem, index: QModelIndex | QPersistentModelIndex
    ) -> QSize:
        hint = super().sizeHint(option, index)
        depth = 0
        parent = index.parent()
        while parent.isValid():
            depth += 1
            parent = parent.parent()
        indent = self._tree.indentation() * (depth + 1)
        width = max(80, self._tree.viewport().width() - indent - 12)
        text = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        font = index.data(Qt.ItemDataRole.FontRole)
        metrics = QFontMetrics(font if isinstance(font, QFont) else option.font)
        flags = int(Qt.TextFlag.TextWordWrap) | int(Qt.AlignmentFlag.AlignLeft)
        rect = metrics.boundingRect(QRect(0, 0, width, 10_000), flags, text)
        return QSize(width, max(hint.height(), rect.height() + 6))


class _AuditTree(QTreeWidget):
    """The audit's tree: rows re-measured whenever its width changes."""

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if event.oldSize().width() != event.size().width():
            self.scheduleDelayedItemsLayout()


class AuditPanel(QWidget):
    """The audit of the selected file; ``jump_requested(where)`` when a line is activated."""

    jump_requested = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.audit: Audit | None = None
        self.title = QLabel("Audit")
        font = QFont(self.title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.title.setFont(font)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        self.only_problems = QCheckBox("Only &problems")
        self.only_problems.setToolTip("Hide the checks that pass")
        self.only_problems.toggled.connect(self._filter)
        self.tree = _AuditTree()
        self.tree.setItemDelegate(_WrappingDelegate(self.tree))
        self.tree.setColumnCount(1)
        self.tree.setHeaderHidden(True)
        self.tree.setWordWrap(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setRootIsDecorated(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setAccessibleName("Audit checks")
        self.tree.header().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.tree.header().setStretchLastSection(True)
        self.tree.itemActivated.connect(self._activated)
        self.hint = QLabel("Double-click or press Enter on a check to see it on the sheet.")
        set_role(self.hint, "muted")
        self.hint.setWordWrap(True)
        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.only_problems)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.hint)

    # ------------------------------------------------------------------ showing

    def clear(self, text: str = "", error: bool = False) -> None:
        """Show no audit, with ``text`` saying why (as an error when ``error``)."""
        self.audit = None
        self.tree.clear()
        self.summary.setText(text)
        set_role(self.summary, "error" if error else "")

    def show_audit(self, audit: Audit) -> None:
        """List every line of ``audit``; lines that do not pass open with their findings."""
        self.audit = audit
        self.tree.clear()
        failed = len(audit.failed)
        warned = sum(1 for li in audit.lines if li.verdict is Verdict.WARN)
        passed = len(audit.lines) - failed - warned
        counts = ", ".join(
            f"{n} {label}"
            for n, label in ((failed, "failed"), (warned, "to look at"), (passed, "passed"))
            if n
        )
        self.summary.setText(f"{'✔ PASS' if audit.passed else '✖ FAIL'} — {counts}")
        set_role(self.summary, "" if audit.passed else "error")
        for line in audit.lines:
            item = self._line_item(line)
            self.tree.addTopLevelItem(item)
            # Only an item already in the tree can be expanded.
            item.setExpanded(line.verdict is not Verdict.PASS)
        self._filter()

    def _line_item(self, line: AuditLine) -> QTreeWidgetItem:
        verdict = line.verdict
        item = QTreeWidgetItem([f"{VERDICT_MARK[verdict]} {line.title}\n{line.message}"])
        item.setForeground(0, QBrush(VERDICT_COLOR[verdict]))
        item.setData(0, WHERE_ROLE, line.where)
        item.setData(0, RULE_ROLE, line.check)
        item.setData(0, NUMBERS_ROLE, dict(line.numbers))
        item.setData(0, VERDICT_ROLE, verdict.value)
        item.setToolTip(0, f"{line.check}" + (f" — {line.where}" if line.where else ""))
        font = QFont(self.tree.font())
        if verdict is not Verdict.PASS:
            font.setBold(True)
        item.setFont(0, font)
        for finding in line.findings:
            child = QTreeWidgetItem([finding_label(finding)])
            child.setForeground(0, QBrush(SEVERITY_COLOR[finding.severity]))
            child.setData(0, WHERE_ROLE, finding.where or line.where)
            child.setData(0, RULE_ROLE, finding.rule)
            child.setData(0, NUMBERS_ROLE, dict(finding.numbers))
            child.setToolTip(
                0, f"{finding.rule}" + (f" — {finding.where}" if finding.where else "")
            )
            item.addChild(child)
        return item

    def _filter(self) -> None:
        only = self.only_problems.isChecked()
        for i in range(self.tree.topLevelItemCount()):
            item = self.tree.topLevelItem(i)
            item.setHidden(only and item.data(0, VERDICT_ROLE) == Verdict.PASS.value)

    # ------------------------------------------------------------------ finding and jumping

    def _activated(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        where = item.data(0, WHERE_ROLE) or ""
        if where:
            self.jump_requested.emit(where)

    def items(self) -> list[QTreeWidgetItem]:
        """Every line and finding item, in order (lines first, each followed by its findings)."""
        out: list[QTreeWidgetItem] = []
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            out.append(top)
            out += [top.child(j) for j in range(top.childCount())]
        return out

    def item_for(self, rule: str) -> QTreeWidgetItem | None:
        """The first line or finding with this check id or rule ("exp", "exp.overspent")."""
        for item in self.items():
            if item.data(0, RULE_ROLE) == rule:
                return item
        return None

    def select(self, rule: str) -> bool:
        """Select the line or finding ``rule`` and give the tree the focus."""
        item = self.item_for(rule)
        if item is None:
            return False
        self.tree.setCurrentItem(item)
        self.tree.scrollToItem(item)
        self.tree.setFocus(Qt.FocusReason.OtherFocusReason)
        return True

    def jump_current(self) -> None:
        """Jump to what the selected line or finding points at."""
        item = self.tree.currentItem()
        if item is not None:
            self._activated(item)
