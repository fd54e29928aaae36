"""The approval panel: approve the whole character, its core, each Gift or its history, or
request changes, with a note per item; and see where every part stands.

Rows come from ``ui.review.items.approval_rows`` (which reads
``builder.core.approval.verify``); the panel keeps the notes typed per row and
asks the window to record a decision with ``decision_requested(verdict)``.
The window appends the record with ``builder.core.approval.approve`` and writes
the file; the panel never touches a file or a key itself.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QBrush, QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.core.approval import ItemState, SignatureState, Verdict
from harbinger.app.review_files import ARCHIVE_NOT_APPROVED
from ui.review.files import ReviewedFile, whole_scope
from ui.review.items import STATE_MARKS, ApprovalRow, approval_rows, record_line
from ui.style import set_role
from ui.widgets.common import ERROR_COLOR, INFO_COLOR, WARNING_COLOR
from ui.widgets.reflow import ReflowRow

STATE_COLORS = {
    ItemState.APPROVED: INFO_COLOR,
    ItemState.CHANGED: ERROR_COLOR,
    ItemState.REMOVED: ERROR_COLOR,
    ItemState.CHANGES_REQUESTED: WARNING_COLOR,
}


CANNOT_CHECK_HERE = (
    "Approvals cannot be checked: no key is trusted on this computer, so anyone could have "
    "written them. Add your leaders' keys under Trusted keys (or make your own leader key)."
)
"""The window's words for ``builder.core.approval.CANNOT_CHECK`` (its buttons, not the CLI)."""


NAME_EMS = 10
"""The approver's name field is never narrower than this many "M" of its font."""


class ApprovalPanel(QWidget):
    """Approval rows, a note for the selected row, who approves, and the file's records."""

    decision_requested = Signal(str)  # a builder.core.approval.Verdict value
    key_requested = Signal()
    trust_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (87 statements when the limits came in)
        super().__init__(parent)
        self.reviewed: ReviewedFile | None = None
        self.rows: list[ApprovalRow] = []
        self.notes: dict[str, str] = {}
        self._notes_by_file: dict[Path, dict[str, str]] = {}

        title = QLabel("Approval")
        font = QFont(title.font())
        font.setBold(True)
        font.setPointSizeF(font.pointSizeF() * 1.15)
        title.setFont(font)
        self.key_button = QPushButton("My &leader key…")
        self.key_button.clicked.connect(self.key_requested)
        self.trust_button = QPushButton("&Trusted keys…")
        self.trust_button.clicked.connect(self.trust_requested)
        top = QHBoxLayout()
        top.addWidget(title)
        top.addStretch(1)
        top.addWidget(self.key_button)
        top.addWidget(self.trust_button)

        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels(["Item", "Status", "Signature"])
        self.table.setAccessibleName("Items to approve")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._row_changed)

        self.detail = QPlainTextEdit()
        self.detail.setReadOnly(True)
        self.detail.setAccessibleName("Where the selected item stands")
        self.detail.setMaximumHeight(self.detail.fontMetrics().height() * 7)
        self.detail.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)

        self.note = QLineEdit()
        self.note.setPlaceholderText("a note for the player about this item (optional)")
        self.note.setAccessibleName("Note for the selected item")
        self.note.textEdited.connect(self._note_edited)
        self.approver = QLineEdit()
        self.approver.setPlaceholderText("your name, as the player knows you")
        self.approver.setAccessibleName("Approved by")
        self.sign = QCheckBox("&Sign with my leader key")
        self.sign.setToolTip(
            "Sign the approval so anyone with your public key can check, offline, that you "
            "made it and that nobody altered it. A key is created the first time."
        )
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        self.note_label = QLabel("&Note")
        self.note_label.setBuddy(self.note)
        form.addRow(self.note_label, self.note)
        by_label = QLabel("Approved &by")
        by_label.setBuddy(self.approver)
        # Beside the name while both fit, else under it: side by side in a narrow column
        # (the app font at 1.5x) the check left the name a few letters ("you..."). The
        # name keeps room for a name (NAME_EMS "M"), the check its whole words.
        self.by_row = ReflowRow(spacing=8, stacked_spacing=4)
        self.by_row.add_widget(self.approver, 1)
        self.by_row.add_widget(self.sign)
        self._hold_name_room()
        form.addRow(by_label, self.by_row)

        self.approve_button = QPushButton("&Approve")
        self.approve_button.setToolTip("Approve the selected item (Ctrl+Enter)")
        self.approve_button.clicked.connect(lambda: self.decision_requested.emit(Verdict.APPROVED))
        self.request_button = QPushButton("Request &changes")
        self.request_button.setToolTip(
            "Ask the player to change the selected item; say what in the note"
        )
        self.request_button.clicked.connect(
            lambda: self.decision_requested.emit(Verdict.CHANGES_REQUESTED)
        )
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.request_button)
        buttons.addWidget(self.approve_button)

        self.records_title = QLabel("Approval records in this file")
        set_role(self.records_title, "muted")
        self.records = QListWidget()
        self.records.setWordWrap(True)
        self.records.setAccessibleName("Approval records")
        self.records.setMaximumHeight(self.records.fontMetrics().height() * 6)
        self.trust_note = QLabel()
        set_role(self.trust_note, "muted")
        self.trust_note.setWordWrap(True)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table, 2)
        layout.addWidget(self.detail, 1)
        layout.addLayout(form)
        layout.addLayout(buttons)
        layout.addWidget(self.records_title)
        layout.addWidget(self.records)
        layout.addWidget(self.trust_note)
        self.show_file(None)

    def _hold_name_room(self) -> None:
        """The name field at least NAME_EMS "M" of its font wide (it follows the font)."""
        ems = self.approver.fontMetrics().horizontalAdvance("M") * NAME_EMS
        if self.approver.minimumWidth() != ems:
            self.approver.setMinimumWidth(ems)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.FontChange:
            self._hold_name_room()
        super().changeEvent(event)

    # ------------------------------------------------------------------ showing

    def show_file(self, reviewed: ReviewedFile | None, keep_scope: str = "") -> None:
        """Show where every item of ``reviewed`` stands; keep the row of ``keep_scope`` selected."""
        # Notes are kept per file, so looking at another file and back loses nothing typed.
        self.notes = self._notes_by_file.setdefault(reviewed.path, {}) if reviewed else {}
        self.reviewed = reviewed
        self.rows = approval_rows(reviewed) if reviewed is not None else []
        self.table.blockSignals(True)
        self.table.setRowCount(len(self.rows))
        for r, row in enumerate(self.rows):
            cells = (
                f"{STATE_MARKS[row.state] if not row.mixed else '◐'} {row.title}",
                row.status_text,
                row.signature_text,
            )
            whole = reviewed is not None and row.scope == whole_scope(reviewed)
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c == 0 and whole:
                    font = QFont(item.font())
                    font.setBold(True)
                    item.setFont(font)
                color = STATE_COLORS.get(row.state)
                if color is not None and c < 2:
                    item.setForeground(QBrush(color))
                if c == 2 and row.signature_text.startswith("✖"):
                    item.setForeground(QBrush(ERROR_COLOR))
                item.setToolTip(row.detail or row.status_text)
                self.table.setItem(r, c, item)
        self.table.resizeRowsToContents()
        shown = min(len(self.rows), 6)
        self.table.setMinimumHeight(
            self.table.horizontalHeader().height()
            + sum(self.table.rowHeight(r) for r in range(shown))
            + 2 * self.table.frameWidth()
        )
        self.table.blockSignals(False)
        self.table.setEnabled(reviewed is not None and reviewed.readable)
        scopes = [row.scope for row in self.rows]
        if scopes:
            self.table.selectRow(scopes.index(keep_scope) if keep_scope in scopes else 0)
        self._row_changed()
        self._show_records(reviewed)

    def _show_records(self, reviewed: ReviewedFile | None) -> None:
        self.records.clear()
        review = reviewed.review if reviewed is not None else None
        if review is None:
            self.trust_note.setText("")
            return
        for record in review.approvals.records:
            item = QListWidgetItem(record_line(record))
            if record.rejected:
                item.setForeground(QBrush(ERROR_COLOR))
                item.setText("✖ " + item.text())
            elif record.signature is SignatureState.VALID:
                item.setForeground(QBrush(INFO_COLOR))
                item.setText("✔ " + item.text())
            else:
                item.setText("○ " + item.text())
            self.records.addItem(item)
        if not review.approvals.records:
            empty = QListWidgetItem("None yet: nobody has approved this file.")
            empty.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.records.addItem(empty)
        signed = any(r.signature is not SignatureState.UNSIGNED for r in review.approvals.records)
        if reviewed.archive:
            self.trust_note.setText(ARCHIVE_NOT_APPROVED.format(name=reviewed.path.name) + ".")
        elif review.approvals.records and not review.approvals.trusts_a_key:
            note = CANNOT_CHECK_HERE
            if signed and not reviewed.checked_against_trust_list:
                note += " Signatures were only checked against the key they carry."
            self.trust_note.setText(note)
        else:
            self.trust_note.setText("")

    def _row_changed(self) -> None:
        row = self.current_row()
        self.note.blockSignals(True)
        self.note.setText(self.notes.get(row.scope, "") if row else "")
        self.note.blockSignals(False)
        self.detail.setPlainText((row.detail or row.status_text) if row is not None else "")
        can = (
            row is not None
            and row.approvable
            and self.reviewed is not None
            and self.reviewed.readable
            and not self.reviewed.archive
        )
        self.approve_button.setEnabled(can)
        self.request_button.setEnabled(can)
        self.note.setEnabled(can)
        archive = self.reviewed is not None and self.reviewed.archive
        why = ARCHIVE_NOT_APPROVED.format(name=self.reviewed.path.name) if archive else ""
        self.approve_button.setToolTip(why)
        self.request_button.setToolTip(why)

    def _note_edited(self, text: str) -> None:
        row = self.current_row()
        if row is not None:
            self.notes[row.scope] = text

    # ------------------------------------------------------------------ reading the choice

    def current_row(self) -> ApprovalRow | None:
        selected = self.table.selectionModel().selectedRows()
        index = selected[0].row() if selected else -1
        return self.rows[index] if 0 <= index < len(self.rows) else None

    def select_scope(self, scope: str) -> bool:
        """Select the row that records ``scope`` ("contractor", "core", "gift:mend")."""
        for r, row in enumerate(self.rows):
            if row.scope == scope:
                self.table.selectRow(r)
                return True
        return False

    def row(self, scope: str) -> ApprovalRow:
        """The row of ``scope``; KeyError when the file has none."""
        for row in self.rows:
            if row.scope == scope:
                return row
        raise KeyError(scope)

    def set_note(self, text: str) -> None:
        """Type a note for the selected row (as the leader would)."""
        self.note.setText(text)
        self._note_edited(text)

    def request(self) -> tuple[str, str, dict[str, str]]:
        """(scope, note, item notes) for a decision on the selected row.

        A single item's note is also its item note, so verify shows it beside
        the item. Approving the whole character carries the notes typed on
        its core and Gift rows as their item notes.
        """
        row = self.current_row()
        if row is None:
            return "", "", {}
        note = self.notes.get(row.scope, "").strip()
        if len(row.keys) == 1 and row.keys[0] == row.scope:
            return row.scope, note, ({row.scope: note} if note else {})
        item_notes: dict[str, str] = {}
        if self.reviewed is not None and row.scope == whole_scope(self.reviewed):
            extra = []
            for other in self.rows:
                text = self.notes.get(other.scope, "").strip()
                if not text or other is row:
                    continue
                if other.scope in row.keys:
                    item_notes[other.scope] = text
                else:  # the history row: its entries share one note, kept in the record's
                    extra.append(f"{other.title}: {text}")
            note = "\n".join(part for part in (note, *extra) if part)
        return row.scope, note, item_notes

    def forget_notes(self, scope: str) -> None:
        """Drop the notes a recorded decision on ``scope`` carried (all, for the whole)."""
        if self.reviewed is not None and scope == whole_scope(self.reviewed):
            self.notes.clear()
        else:
            self.notes.pop(scope, None)
        self.note.clear()
