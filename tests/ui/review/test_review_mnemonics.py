"""Alt+letters in sight in the review window: each page of every tab, for each shipped example.

Alt+letter presses a button only when one thing in sight takes that letter; with two,
Qt moves the focus between them instead. A Contract's Exp log page showed "&Suggest a
correction…" beside the approval panel's "&Sign with my leader key".
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTabWidget

from tests.ui.mnemonics import in_sight, repeated
from tests.ui.review.conftest import COVENANT_EXAMPLE, EXAMPLES, copy_in
from ui.review import ReviewWindow


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
                texts = in_sight(review)
                seen.update(texts)
                assert repeated(texts) == {}, (step, tabs.tabText(i))
    assert {"S&uggest a correction…", "&Sign with my leader key"} <= seen
