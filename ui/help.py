"""Help for players inside the app: the About box and the manual (issue 17).

The manual is ``resources/manual/index.html``, shipped in the wheel and shown
in a QTextBrowser, so it works offline and follows the app's theme. About says
which Harbinger, Python and Qt this is and which library is open, the facts a
bug report needs.
"""

from __future__ import annotations

import platform
from pathlib import Path

from PySide6.QtCore import QEvent, QUrl, qVersion
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from harbinger import __version__
from harbinger.shell.paths import APP_NAME
from resources import resource_path
from ui.app_icon import app_icon


def manual_path() -> Path:
    """The user manual's HTML file."""
    return resource_path("manual", "index.html")


def about_text(library: str, settings_path: str, log_file: str) -> str:
    """The About box's text: what Harbinger is, its versions and where its files are."""
    from PySide6 import __version__ as pyside_version

    return (
        f"<h3>{APP_NAME} {__version__}</h3>"
        "<p>Keeps characters for <i>The Contract</i> and its sibling games: guided "
        "creation, the Exp ledger, Gifts, review and printable sheets, all offline.</p>"
        f"<p>Python {platform.python_version()} · Qt {qVersion()} · "
        f"PySide6 {pyside_version}</p>"
        f"<p>Library: {_escape(library or '(none)')}<br>"
        f"Settings: {_escape(settings_path)}<br>"
        f"Log: {_escape(log_file)}</p>"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class AboutDialog(QDialog):
    """The About box: the app icon beside :func:`about_text`."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"About {APP_NAME}")
        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.icon_label = QLabel()
        self.icon_label.setPixmap(app_icon().pixmap(96, 96))
        row.addWidget(self.icon_label, 0)
        self.text_label = QLabel(text)
        self.text_label.setWordWrap(True)
        self.text_label.setMinimumWidth(380)
        self.text_label.setTextInteractionFlags(
            self.text_label.textInteractionFlags() | _selectable()
        )
        row.addWidget(self.text_label, 1)
        layout.addLayout(row)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok)
        buttons.accepted.connect(self.accept)
        layout.addWidget(buttons)


class ManualDialog(QDialog):
    """The user manual in a browser pane; links inside it jump, links out open externally."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(f"{APP_NAME} — User Manual")
        layout = QVBoxLayout(self)
        self.browser = QTextBrowser()
        self.browser.setOpenExternalLinks(True)
        self.browser.setSource(QUrl.fromLocalFile(str(manual_path())))
        layout.addWidget(self.browser)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(760, 640)

    def changeEvent(self, event: QEvent) -> None:
        """A theme switch re-reads the page: links keep the colour of the palette they were
        laid out with, so light-theme links would stay pale on a dark page and vice versa."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.browser.reload()


def _selectable():
    from PySide6.QtCore import Qt

    return Qt.TextInteractionFlag.TextSelectableByMouse
