"""The leader's "Suggest a correction…" on the Exp log of a contractor file under review.

Review mode never edits a file's sheet (``ui.contract.review_sheet``). What a
leader may write is a suggestion (issue 32 item 5): the selected ledger entry
as it should stand, or its removal, with a reason and the leader's name. The
file is written by the application layer
(``harbinger.app.contract.suggestions.suggest_in_file``) only if its bytes are
still the ones reviewed; the review window then reads it again, and its
audit lists the suggestion as pending until the player answers.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

from builder.contract.correcting import current_entry
from builder.contract.wording import entry_label
from harbinger.app.contract.suggestions import (
    SuggestionRefused,
    suggest_in_file,
)
from harbinger.app.review_files import ReviewFileError
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.ledger_edit import edited_entry, entry_form, today
from ui.widgets.tables import ListTable
from ui.window_common import message_box


class SuggestCorrection(QWidget):
    """A button under the Exp log: suggest a correction of the selected entry, into the file."""

    written = Signal(object)
    """The file's path, after a suggestion was written into it."""

    def __init__(self, ledger: ListTable, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ledger = ledger
        self.reviewed: Any = None
        self.dialog: FormDialog | None = None
        # Alt+U: the approval panel beside it has "&Sign with my leader key".
        self.button = QPushButton("S&uggest a correction…")
        self.button.setToolTip(
            "Write a proposed correction of the selected entry into the file, with your "
            "reason; nothing changes until the player accepts it"
        )
        self.button.clicked.connect(self.open_dialog)
        ledger.table.itemSelectionChanged.connect(self._update)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addStretch(1)
        row.addWidget(self.button)
        self._update()

    def set_file(self, reviewed: Any) -> None:
        """The reviewed file the Exp log shows (a ``ReviewedFile``; None for none)."""
        self.reviewed = reviewed
        self._update()

    def selected_entry(self) -> int:
        """The ledger index of the selected Exp log row, or -1."""
        row = self.ledger.table.currentRow()
        if row < 0 or not self.ledger.table.selectionModel().hasSelection():
            return -1
        try:
            return int(self.ledger.cell(row, 0))
        except ValueError:
            return -1

    def _update(self) -> None:
        enabled = self.reviewed is not None and self.selected_entry() >= 0
        self.button.setEnabled(enabled)

    def make_dialog(self, index: int) -> FormDialog | None:
        """The suggestion form for ledger entry ``index``: the entry's fields, a reason, the
        leader's name, and "remove it" instead of an edit."""
        contractor = getattr(self.reviewed, "character", None)
        if contractor is None or not 0 <= index < len(contractor.ledger):
            return None
        entry = current_entry(contractor, index) or contractor.ledger[index]
        from ui.review.settings import ReviewSettings

        extra = (
            Field(
                "remove",
                "&Remove the entry instead",
                "bool",
                False,
                tooltip="Suggest that the entry no longer counts",
            ),
            Field("by", "Suggested &by", "text", ReviewSettings().approver(), required=True),
        )
        label = entry_label(contractor.ledger, index)
        dialog = entry_form(
            entry,
            f"Suggest a correction of {label}",
            self,
            extra=extra,
            help_text="The file keeps its entry; the player sees this suggestion and "
            "accepts or declines it.",
        )
        dialog.accepted.connect(lambda: self.write(index, entry, dialog.values()))
        return dialog

    def open_dialog(self) -> None:
        self.dialog = self.make_dialog(self.selected_entry())
        if self.dialog is not None:
            self.dialog.open()

    def write(self, index: int, entry: Any, values: dict[str, Any]) -> bool:
        """Write the suggestion into the file; a refusal or a changed file becomes a warning."""
        reviewed = self.reviewed
        if reviewed is None:
            return False
        replacement = None if values.get("remove") else edited_entry(entry, values)
        try:
            suggest_in_file(
                reviewed.path,
                index,
                replacement,
                by=" ".join(str(values.get("by", "")).split()),
                reason=str(values.get("reason", "")),
                date=today(),
                digest=reviewed.digest,
            )
        except (ReviewFileError, SuggestionRefused) as exc:
            box = message_box(self, "Warning", "The suggestion was not written", str(exc))
            box.open()
            return False
        from ui.review.settings import ReviewSettings

        ReviewSettings().set_approver(" ".join(str(values.get("by", "")).split()))
        self.written.emit(reviewed.path)
        return True


__all__ = ["SuggestCorrection"]
