"""Start the desktop app: one QApplication, the main window, the chosen library."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def run_app(db: str | None = None) -> int:
    """Open the main window on the library named by ``db`` (or the default) and run Qt."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Harbinger")
    window = QMainWindow()
    window.setWindowTitle("Harbinger")
    window.setCentralWidget(QLabel("Your roster is empty."))
    window.resize(1100, 720)
    window.show()
    return app.exec()
