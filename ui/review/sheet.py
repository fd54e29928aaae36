"""The middle of the review window: the selected file's read-only sheet, or why there is none.

Each game system has its own compact read-only sheet (``ui.contract.review_sheet``,
``ui.covenant.review_sheet``), listed in the ``ui.systems`` table; this stack
makes the one a file's system names on first use and shows it. A sheet takes
``show_character(character)``, ``current_tab()`` and ``jump_to(where)``, where
``where`` is a finding's pointer ("ledger[11]", "log[3]"). A sheet that can
write into the file (The Contract's suggested corrections) also takes
``set_file(reviewed)`` and has a ``file_written(path)`` signal, relayed here.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QLabel, QStackedWidget, QWidget

from ui.style import set_role


class ReviewSheet(QStackedWidget):
    """The middle of the review window: the selected file's sheet, or why there is none."""

    file_written = Signal(object)
    """A sheet wrote into the file at this path (the window reads it again)."""

    EMPTY = (
        "Open a character file (Ctrl+O) or a folder of them (Ctrl+Shift+O).\n\n"
        "Files are only read: nothing is imported into your library."
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.message = QLabel(self.EMPTY)
        self.message.setWordWrap(True)
        self.message.setAlignment(Qt.AlignmentFlag.AlignCenter)
        set_role(self.message, "muted")
        self.message.setTextFormat(Qt.TextFormat.PlainText)
        self.addWidget(self.message)
        self._sheets: dict[str, QWidget] = {}

    def for_system(self, system_id: str) -> Any:
        """The read-only sheet of one game system (made from ``ui.systems`` on first use)."""
        sheet = self._sheets.get(system_id)
        if sheet is None:
            from ui.systems import system_ui

            sheet = system_ui(system_id).review_sheet(self)
            written = getattr(sheet, "file_written", None)
            if written is not None:
                written.connect(self.file_written)
            self._sheets[system_id] = sheet
            self.addWidget(sheet)
        return sheet

    def _say(self, text: str, error: bool = False) -> None:
        self.message.setText(text)
        set_role(self.message, "error" if error else "muted")
        self.setCurrentWidget(self.message)

    def show_nothing(self, text: str = "") -> None:
        self._say(text or self.EMPTY)

    def show_file(self, reviewed: Any) -> None:
        """Show a reviewed file's character, or its error message when it is unreadable."""
        if reviewed is None:
            self.show_nothing()
        elif reviewed.character is None:
            self._say(f"{reviewed.path} cannot be reviewed:\n\n{reviewed.error}", error=True)
        else:
            sheet = self.for_system(reviewed.system_id)
            if hasattr(sheet, "set_file"):
                sheet.set_file(reviewed)
            sheet.show_character(reviewed.character)
            self.setCurrentWidget(sheet)

    def jump_to(self, where: str) -> bool:
        current = self.currentWidget()
        if current in self._sheets.values():
            return bool(current.jump_to(where))
        return False
