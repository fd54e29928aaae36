"""Alt+letters in sight in the review window: each page of every tab, for each shipped example.

Alt+letter presses a button only when one thing in sight takes that letter; with two,
Qt moves the focus between them instead. A Contract's Exp log page showed "&Suggest a
correction…" beside the approval panel's "&Sign with my leader key".
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QLabel, QTabWidget

from tests.ui.contract.test_mnemonics import _letter, _repeated
from tests.ui.review.conftest import COVENANT_EXAMPLE, EXAMPLES, copy_in
from ui.review import ReviewWindow


def _in_sight(window: ReviewWindow) -> list[str]:
    """Menus, tabs, buttons and buddied labels in sight that take an Alt+letter."""
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
    return [text for text in texts if _letter(text)]


def test_each_page_of_each_reviewed_file_takes_each_alt_letter_once(
    review: ReviewWindow, open_files, tmp_path: Path
) -> None:
    paths = copy_in(tmp_path / "files", *sorted(EXAMPLES.glob("*.json")), COVENANT_EXAMPLE)
    open_files(review, paths)
    seen: set[str] = set()
    for step in range(len(paths)):
        if step:
            review.actions["next"].trigger()  # Review > Next File
        for tabs in [t for t in review.findChildren(QTabWidget) if t.isVisible()]:
            for i in range(tabs.count()):
                tabs.setCurrentIndex(i)
                texts = _in_sight(review)
                seen.update(texts)
                assert _repeated(texts) == {}, (step, tabs.tabText(i))
    assert {"S&uggest a correction…", "&Sign with my leader key"} <= seen
