"""What the Alt+letter tests share: the letter a label takes, the letters taken twice, and
every label in sight of a window that takes one."""

from __future__ import annotations

import re
from collections import Counter

from PySide6.QtWidgets import QAbstractButton, QLabel, QMainWindow, QTabWidget


def letter(text: str) -> str | None:
    """The Alt+letter a label marks with "&" ("&&" is a plain ampersand), lower-cased."""
    found = re.search(r"&([^&\s])", text.replace("&&", ""))
    return found.group(1).lower() if found else None


def repeated(texts: list[str]) -> dict[str, list[str]]:
    """Each letter taken more than once, with the labels that take it."""
    keys = Counter(key for text in texts if (key := letter(text)))
    return {key: [t for t in texts if letter(t) == key] for key, n in keys.items() if n > 1}


def in_sight(window: QMainWindow) -> list[str]:
    """Every label in sight that takes an Alt+letter: the menu bar's menus, the tabs of each
    tab widget shown, and the buttons and buddied labels shown."""
    texts = [action.text() for action in window.menuBar().actions() if action.isVisible()]
    for tabs in window.findChildren(QTabWidget):
        if tabs.isVisible():
            texts += [tabs.tabText(i) for i in range(tabs.count()) if tabs.isTabVisible(i)]
    texts += [b.text() for b in window.findChildren(QAbstractButton) if b.isVisible()]
    texts += [
        label.text()
        for label in window.findChildren(QLabel)
        if label.isVisible() and label.buddy() is not None
    ]
    return [text for text in texts if letter(text)]
