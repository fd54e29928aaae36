"""Saying what an export or a print wrote, with a way to open it (issue 16 item 6).

After an export or a print the main window's status bar says where the file
went, and a notice beside it names what was written with "Open folder" (and,
for one file, "Open file") buttons. The notice sits in the status bar, so it
never blocks the window or steals focus; it stays until the next notice or
until closed.

Opening goes through ``QDesktopServices.openUrl`` with a ``file:`` URL: the
system's file manager or PDF viewer does the rest.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QToolButton, QWidget

STATUS_MS = 8000
"""How long the status bar message stays, in milliseconds."""


def open_path(path: Path) -> bool:
    """Open a file or folder with the system's own application; False if none did."""
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))


def folder_of(paths: Sequence[Path]) -> Path:
    """The folder that holds what was written (the first file's folder)."""
    first = paths[0]
    return first if first.is_dir() else first.parent


def written_text(what: str, paths: Sequence[Path]) -> str:
    """ "Saved Ines Varga's sheet: /tmp/ines.pdf" or "Saved 12 sheets in /tmp/roster"."""
    if len(paths) == 1:
        return f"Saved {what}: {paths[0]}"
    return f"Saved {len(paths)} {what} in {folder_of(paths)}"


class WrittenNotice(QWidget):
    """What was written, where, and buttons to open the folder (and the file)."""

    def __init__(self, what: str, paths: Sequence[Path], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.paths = list(paths)
        self.setObjectName("writtenNotice")
        short = self.paths[0].name if len(self.paths) == 1 else f"{len(self.paths)} files"
        self.label = QLabel(f"Wrote {short}")
        self.label.setToolTip("\n".join(str(p) for p in self.paths[:20]))
        self.open_folder = QToolButton()
        self.open_folder.setText("Open folder")
        self.open_folder.setToolTip(f"Show {folder_of(self.paths)} in the file manager")
        self.open_folder.clicked.connect(lambda: open_path(folder_of(self.paths)))
        self.open_file = QToolButton()
        self.open_file.setText("Open file")
        self.open_file.setToolTip(f"Open {self.paths[0].name}")
        self.open_file.clicked.connect(lambda: open_path(self.paths[0]))
        self.open_file.setVisible(len(self.paths) == 1)
        self.dismiss = QToolButton()
        self.dismiss.setText("×")
        self.dismiss.setToolTip("Close this notice")
        self.dismiss.setAccessibleName("Close notice")
        self.dismiss.clicked.connect(self.close)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label)
        layout.addWidget(self.open_file)
        layout.addWidget(self.open_folder)
        layout.addWidget(self.dismiss)


def announce_written(
    window: QMainWindow, what: str, paths: Sequence[Path], status: str | None = None
) -> WrittenNotice:
    """Tell the user what was written: a status bar message and a notice with open buttons.

    ``what`` names it ("Ines Varga's sheet", "sheets"); ``status`` replaces the
    status bar message (default: the notice's text). A previous notice is replaced.
    """
    bar = window.statusBar()
    old = bar.findChild(WrittenNotice, "writtenNotice")
    if old is not None:
        bar.removeWidget(old)
        old.deleteLater()
    notice = WrittenNotice(what, paths, bar)
    bar.addPermanentWidget(notice)
    notice.show()
    bar.showMessage(status or written_text(what, paths), STATUS_MS)
    return notice
