"""The banner over the sheet that shows the leader's pending suggested corrections.

A Playgroup Leader may write a suggested correction into a player's file
(issue 32 item 5, ``builder.contract.suggesting``). When the sheet holds one
the player has not answered, this box says what it proposes, who suggested
it and why, what accepting would change ("Exp available 95 → 93"), and
offers Accept and Decline with an optional word for the leader. Both go
through the named operations (``ui.operations.contract.Operations``), so
either is undone with Edit → Undo. The box is hidden when nothing is pending.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import Contractor
from builder.contract.suggesting import pending, suggestion_text
from ui.contract.sheet.base import SheetHost
from ui.contract.sheet.ledger_edit import today
from ui.style import set_role


class SuggestionRow(QWidget):
    """One pending suggestion: its words, what accepting changes, a note, Accept and Decline."""

    def __init__(
        self,
        host: SheetHost,
        contractor: Contractor,
        number: int,
        answer: Callable[[int, bool, str], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.number = number
        suggestion = contractor.suggestions[number]
        self.text = QLabel(suggestion_text(contractor, suggestion))
        self.text.setWordWrap(True)
        preview = host.ops.plan_accept_suggestion(contractor, number, today())
        if preview.allowed:
            effect = "; ".join(preview.lines) or "no totals change"
            self.effect = QLabel(f"If accepted: {effect}")
        else:
            reasons = "; ".join(f.message for f in preview.errors)
            self.effect = QLabel(f"Cannot be accepted as the sheet stands: {reasons}")
        set_role(self.effect, "muted")
        self.effect.setWordWrap(True)
        self.note = QLineEdit()
        self.note.setPlaceholderText("A word for the leader (optional)")
        self.note.setAccessibleName(f"Note on suggestion {number}")
        self.accept_button = QPushButton("Accept")
        self.accept_button.setEnabled(preview.allowed)
        self.accept_button.setToolTip(
            "Append the correction to the ledger (Edit → Undo takes it back)"
        )
        self.decline_button = QPushButton("Decline")
        self.decline_button.setToolTip(
            "Keep the ledger as it is; the answer is recorded with today's date"
        )
        self.accept_button.clicked.connect(lambda: answer(number, True, self.note.text()))
        self.decline_button.clicked.connect(lambda: answer(number, False, self.note.text()))
        buttons = QHBoxLayout()
        buttons.addWidget(self.note, 1)
        buttons.addWidget(self.accept_button)
        buttons.addWidget(self.decline_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 4)
        layout.addWidget(self.text)
        layout.addWidget(self.effect)
        layout.addLayout(buttons)


class SuggestionsBox(QFrame):
    """The pending suggestions of the shown contractor, or nothing (hidden)."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.host = host
        self.setObjectName("card")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setAccessibleName("The leader's suggested corrections")
        self.heading = QLabel()
        set_role(self.heading, "accent")
        self.rows: list[SuggestionRow] = []
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(10, 6, 10, 6)
        self._layout.addWidget(self.heading)
        self.contractor: Contractor | None = None
        self.hide()

    def show_contractor(self, contractor: Contractor) -> None:
        """Show one row per pending suggestion; hide the box when there is none."""
        self.contractor = contractor
        for row in self.rows:
            self._layout.removeWidget(row)
            row.deleteLater()
        waiting = pending(contractor)
        self.rows = [SuggestionRow(self.host, contractor, n, self._answer, self) for n in waiting]
        for row in self.rows:
            self._layout.addWidget(row)
        count = len(waiting)
        self.heading.setText(
            f"Your leader suggests {count} correction{'s' if count != 1 else ''} to this sheet"
        )
        self.setVisible(bool(waiting))

    def _answer(self, number: int, accepted: bool, note: str) -> None:
        contractor = self.contractor
        if contractor is None:
            return
        ops = self.host.ops
        if accepted:
            self.host.run(lambda: ops.accept_suggestion(contractor, number, today(), note))
        else:
            self.host.run(lambda: ops.decline_suggestion(contractor, number, today(), note))


__all__ = ["SuggestionRow", "SuggestionsBox"]
