"""Small helpers the main window's modules share: message boxes, file dialogs, locations.

Each imports its Qt class on first use: start-up imports as little as it can
(SPEC §6; see :mod:`ui.main_window`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QObject
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QMessageBox, QWidget


def file_dialog() -> Any:
    """QFileDialog, imported on first use (each Qt class imported costs start-up time)."""
    from PySide6.QtWidgets import QFileDialog

    return QFileDialog


def message_box(
    parent: QWidget, icon: str, title: str, text: str, buttons: tuple[str, ...] = ("Ok",)
) -> QMessageBox:
    """A message box with ``icon`` ("Warning", ...) and standard ``buttons`` by name."""
    from PySide6.QtWidgets import QMessageBox

    flags = QMessageBox.StandardButton.NoButton
    for name in buttons:
        flags |= getattr(QMessageBox.StandardButton, name)
    return QMessageBox(getattr(QMessageBox.Icon, icon), title, text, flags, parent)


def set_by_name(target: QObject, prop: str, key: str) -> None:
    """Set an enum-valued Qt property by its key name, e.g. ("alignment", "AlignCenter").

    Qt's property system resolves the name itself, so the Python enum classes are
    never built at start-up; a misspelt name fails loudly rather than silently.
    """
    if not target.setProperty(prop, key):
        raise ValueError(f"{type(target).__name__} has no {prop!r} value named {key!r}")


def set_keys(action: QAction, key: str, *more: str) -> list[QAction]:
    """Give ``action`` its shortcut ``key`` (a portable string, "Ctrl+Shift+N") and ``more``.

    Portable strings rather than ``QKeySequence.StandardKey``: Qt maps Ctrl to Cmd on
    macOS. The first key is set through the ``shortcut`` property, so Qt reads the
    string itself and no QKeySequence crosses into Python: its Python class (with the
    71-member StandardKey enum) is not built before the first frame (issue 29), and
    ``setShortcut``'s overloads, which build the whole Qt namespace, are never resolved.
    Each further key is a hidden action of the same window that triggers ``action``
    while it is enabled (it is disabled with it): ``setShortcuts`` would need a
    QKeySequence list. Menus and tooltips show only the first key, either way.
    Returns those hidden actions (none without ``more``).
    """
    if not action.setProperty("shortcut", key):
        raise ValueError(f"not a shortcut: {key!r}")
    window = action.parent()
    aliases: list[QAction] = []
    for other in more:
        from PySide6.QtGui import QAction

        alias = QAction(window)
        alias.setProperty("shortcut", other)
        alias.setEnabled(action.isEnabled())
        alias.triggered.connect(action.trigger)
        action.changed.connect(lambda a=alias: a.setEnabled(action.isEnabled()))
        window.addAction(alias)
        aliases.append(alias)
    return aliases


def display_location(location: str) -> str:
    """A library location as a person reads it: the file path, or the URL without password."""
    if location.startswith("sqlite:///"):
        return location[len("sqlite:///") :]
    if "@" in location and "://" in location:
        scheme, rest = location.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return location
