"""Start the desktop app: one QApplication, the main window, the chosen library."""

from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication

from harbinger.paths import APP_NAME, library_url


def make_application() -> QApplication:
    """The QApplication (created once), with Harbinger's name and style."""
    from ui.style import apply_style

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    apply_style(app)
    return app


def run_app(db: str | None = None) -> int:
    """Open the main window on the library named by ``db`` (or the last/default one) and run Qt.

    ``db`` (from ``--db``) or ``HARBINGER_DB`` wins; otherwise the library
    open when the app last closed; otherwise the default library file.
    """
    app = make_application()
    from ui.main_window import MainWindow
    from ui.settings import AppSettings

    settings = AppSettings()
    import os

    if db is not None or os.environ.get("HARBINGER_DB"):
        location = library_url(db)
    else:
        location = settings.last_library() or library_url(None)
    window = MainWindow(settings, location)
    window.show()
    return app.exec()
