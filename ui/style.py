"""The app's look: Fusion style with a light palette and a few named roles.

Widgets name their role with ``setObjectName`` ("help", "muted", "banner",
"error") and this one stylesheet gives each role its look, so spacing and
colors stay consistent everywhere. Sizes are in points or em-relative so
the sheet reads the same at 100 % and 200 % scaling.
"""

from __future__ import annotations

from PySide6.QtWidgets import QApplication

STYLESHEET = """
QLabel#help {
    background: #f3f1ea;
    border: 1px solid #d9d4c3;
    border-radius: 4px;
    padding: 8px;
    color: #333;
}
QLabel#muted { color: #666; }
QLabel#error { color: #b3261e; }
QLabel#warning { color: #8a5a00; }
QLabel#banner {
    background: #e8eef7;
    border: 1px solid #b8c7de;
    border-radius: 4px;
    padding: 6px 10px;
    font-weight: bold;
}
QLabel#banner[overspent="true"] {
    background: #fbe9e7;
    border-color: #e0a39b;
    color: #b3261e;
}
QLabel#title { font-size: 16pt; font-weight: bold; }
QLabel#chip {
    background: #ece7da;
    border-radius: 8px;
    padding: 2px 8px;
}
QLabel#chip[dead="true"] { background: #444; color: white; }
QTabWidget::pane { border-top: 1px solid #c8c8c8; }
QWizard QLabel#help { min-width: 15em; }
"""


def apply_style(app: QApplication) -> None:
    """Give the application Harbinger's style.

    Idempotent: re-applying a style repolishes every widget alive, so it is only
    done when something would actually change.
    """
    if app.property("harbinger_styled"):
        return
    if app.style().name().lower() != "fusion":  # Fusion is already the default on Linux
        app.setStyle("Fusion")
    app.setStyleSheet(STYLESHEET)
    app.setProperty("harbinger_styled", True)
