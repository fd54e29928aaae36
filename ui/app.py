"""Start the desktop app: one QApplication, the main window, the chosen library.

Issue 17 adds what a desktop app owes its user: the app icon on every window,
the theme from Preferences, a log file and a crash dialog, files given on the
command line opened in the window, and one running instance per library (a
second launch hands its files to the first, :mod:`ui.single_instance`).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

from PySide6.QtWidgets import QApplication

from harbinger.shell.paths import APP_NAME, is_url, library_url


def make_application(theme: str | None = None, *, icon: bool = True) -> QApplication:
    """The QApplication (created once), with Harbinger's name, icon, style and theme.

    ``theme`` defaults to the one saved in Preferences ("system" when none is).
    ``icon=False`` leaves the icon to :func:`set_app_icon` (the app's start sets it once
    the main window's first frame and roster are on screen).
    """
    from ui.settings import AppSettings
    from ui.style import STYLE, apply_style

    app = QApplication.instance()
    if app is None:
        # Qt's own "-style" option builds Fusion inside the constructor, so start-up never
        # asks Python for the current style (wrapping a QStyle costs a dozen big enums).
        app = QApplication([*(sys.argv[:1] or [APP_NAME]), "-style", STYLE])
        app.setProperty("harbinger_style", STYLE)
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(APP_NAME)
    app.setApplicationDisplayName(APP_NAME)
    app.setDesktopFileName("harbinger")  # Wayland: matches the installed .desktop file
    if icon:
        set_app_icon(app)
    apply_style(app, theme or AppSettings().theme())
    return app


def set_app_icon(app: QApplication) -> None:
    """Give every window without an icon of its own Harbinger's icon (once per application).

    Apart from :func:`make_application` for the app's start: Qt's icon class and the
    PNGs cost 5 ms of CPU (10-20 ms on a busy machine), which neither the first frame
    nor the roster waits for; the icon comes a few frames later (on Wayland the desktop
    shows the .desktop file's icon meanwhile).
    """
    if not app.property("harbinger_icon"):
        from ui.app_icon import app_icon

        app.setWindowIcon(app_icon())
        app.setProperty("harbinger_icon", True)


def chosen_location(db: str | None, last: str | None) -> str:
    """The library to open, as a URL: ``--db``/``HARBINGER_DB``, else the last one, else default."""
    if db is not None or os.environ.get("HARBINGER_DB"):
        location = library_url(db)
    else:
        location = last or library_url(None)
    return location if is_url(location) else library_url(location)


def _start_logging() -> None:
    """Open the log file and say which Harbinger started (a background job at start-up)."""
    from harbinger.shell.logs import start_logging

    start_logging()
    _log_start()


def _log_start() -> None:
    """One line per launch in the log: which Harbinger, Python and Qt (never the library's
    URL, which for a server database may hold a password)."""
    import logging
    import platform

    from PySide6.QtCore import qVersion

    from harbinger import __version__

    logging.getLogger("harbinger").info(
        "Harbinger %s started (Python %s, Qt %s, %s)",
        __version__,
        platform.python_version(),
        qVersion(),
        platform.platform(),
    )


def run_app(db: str | None = None, files: Sequence[str] = ()) -> int:
    """Open the main window on the library named by ``db`` (or the last/default one) and run Qt.

    ``db`` (from ``--db``) or ``HARBINGER_DB`` wins; otherwise the library
    open when the app last closed; otherwise the default library file. When an
    instance already runs on that library, ``files`` go to it and this launch ends.
    """
    app = make_application(icon=False)  # set below, once the first frame is painted
    from ui.settings import AppSettings
    from ui.single_instance import InstanceServer, send_to_running, server_name

    settings = AppSettings()
    location = chosen_location(db, settings.last_library())
    name = server_name(location)
    if send_to_running(name, list(files)):
        return 0

    from harbinger.shell.logs import start_crash_log
    from ui.crash import install_excepthook

    start_crash_log()
    install_excepthook()
    from ui.main_window import MainWindow

    window = MainWindow(settings, location)
    # The icon (5-10 ms of CPU) and the log file (15 ms of imports, on the background
    # worker) wait until the window is painted, its roster shown and its library opening:
    # neither may hold up the first frame, nor the roster's quick read (the worker's first
    # job) and its paint. crash.log already catches hard crashes meanwhile.
    window.after_start(lambda: set_app_icon(app))
    window.after_start(
        lambda: window.tasks.run(
            "Could not open the log file", _start_logging, None, lambda m: print(m, file=sys.stderr)
        )
    )
    servers: list[InstanceServer] = []

    def serve(_url: str) -> None:
        """Answer later launches once the library is open (Qt's network module, 6 ms to
        import, stays out of the first frame); one launched before then opens its own."""
        if not servers:
            server = InstanceServer(name, window)
            server.files_received.connect(window.open_files)
            server.listen()
            servers.append(server)

    window.library_opened.connect(serve)
    if files:
        window.open_files(list(files))
    window.show()
    try:
        return app.exec()
    finally:
        for server in servers:
            server.close()
