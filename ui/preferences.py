"""The Preferences dialog: the app's look (issue 17, "Themes").

Light, Dark, or System (the default: follow the desktop's palette). The choice
takes effect at once (:func:`ui.style.apply_theme`) and is kept in
:class:`ui.settings.AppSettings`.
"""

from __future__ import annotations

from PySide6.QtWidgets import (
    QApplication,
    QButtonGroup,
    QDialog,
    QDialogButtonBox,
    QGroupBox,
    QLabel,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from ui.settings import AppSettings
from ui.style import apply_theme, set_role

THEME_LABELS = {"system": "&System (follow the desktop)", "light": "&Light", "dark": "&Dark"}


class PreferencesDialog(QDialog):
    """Pick a theme; a click applies it to every window and remembers it."""

    def __init__(self, settings: AppSettings, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self.setWindowTitle("Preferences")
        layout = QVBoxLayout(self)
        box = QGroupBox("Theme")
        inner = QVBoxLayout(box)
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        current = settings.theme()
        for theme, text in THEME_LABELS.items():
            button = QRadioButton(text)
            button.setChecked(theme == current)
            button.toggled.connect(lambda on, t=theme: on and self.choose(t))
            self.group.addButton(button)
            inner.addWidget(button)
            self.buttons[theme] = button
        note = QLabel("Dialogs already open take the new colours when opened again.")
        set_role(note, "muted")
        note.setWordWrap(True)
        inner.addWidget(note)
        layout.addWidget(box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)

    def choose(self, theme: str) -> None:
        """Apply ``theme`` now and remember it."""
        self.settings.set_theme(theme)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            apply_theme(app, theme)
