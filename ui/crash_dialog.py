"""The dialog that tells the player Harbinger hit a bug (shown by ``ui.crash``, issue 17)."""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from harbinger.shell.logs import log_path


class CrashDialog(QDialog):
    """Tells the player something went wrong, where the log is, and offers the details."""

    def __init__(self, details: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Harbinger hit a problem")
        layout = QVBoxLayout(self)
        intro = QLabel(
            "Something went wrong inside Harbinger. Your library is saved as you go, so "
            "what you entered before this is kept. You can go on working, or close and "
            "reopen the app.\n\nIf you report the problem, please include the details "
            "below or the log file."
        )
        intro.setWordWrap(True)
        layout.addWidget(intro)
        self.log_label = QLabel(f"Log file: {log_path()}")
        self.log_label.setWordWrap(True)
        self.log_label.setTextInteractionFlags(
            self.log_label.textInteractionFlags() | _selectable()
        )
        layout.addWidget(self.log_label)
        self.details = QPlainTextEdit(details)
        self.details.setReadOnly(True)
        self.details.setMinimumSize(560, 220)
        layout.addWidget(self.details)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        self.copy_button = QPushButton("Copy details")
        buttons.addButton(self.copy_button, QDialogButtonBox.ButtonRole.ActionRole)
        self.copy_button.clicked.connect(self.copy_details)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.buttons = buttons

    def add_details(self, details: str) -> None:
        """Append another error's traceback (the dialog was still open)."""
        self.details.appendPlainText("\n" + details)

    def copy_details(self) -> None:
        """Put the details and the log's path on the clipboard, for a bug report."""
        QApplication.clipboard().setText(
            f"{self.details.toPlainText()}\nLog file: {log_path()}\n"
        )


def _selectable():
    from PySide6.QtCore import Qt

    return Qt.TextInteractionFlag.TextSelectableByMouse
