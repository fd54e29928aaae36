"""Answering the creation dialogs' "Keep this unfinished … as a draft?" question in tests,
as a player would: by clicking one of its buttons once it is on screen."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QMessageBox


def answer(button: str, asked: list[str], done: list[bool]) -> None:
    """Click ``button`` on the draft question as soon as it appears (and note it was asked);
    stop looking once ``done`` holds anything."""

    def click() -> None:
        if done:
            return
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox) or box.objectName() != "draftQuestion":
            QTimer.singleShot(10, click)
            return
        asked.append(box.text())
        [wanted] = [b for b in box.buttons() if b.text() == button]
        wanted.click()

    QTimer.singleShot(0, click)


def escape(qtbot, dialog: QDialog, button: str) -> list[str]:
    """Press Escape on ``dialog`` and answer the question with ``button``; what was asked."""
    asked: list[str] = []
    done: list[bool] = []
    answer(button, asked, done)
    qtbot.keyClick(dialog, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: bool(asked) or not dialog.isVisible(), timeout=5000)
    done.append(True)
    return asked


def reject(qtbot, dialog: QDialog, button: str) -> list[str]:  # type: ignore[no-untyped-def]
    """Call ``dialog.reject()`` (what Cancel does) and answer with ``button``; what was asked."""
    asked: list[str] = []
    done: list[bool] = []
    answer(button, asked, done)
    dialog.reject()
    done.append(True)
    return asked
