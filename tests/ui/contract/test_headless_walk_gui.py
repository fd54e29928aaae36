"""The library the headless walk made (``tests/app/walk.py``) opens in the desktop app with
the same numbers: the main window's sheet of the contractor shows the Exp and Gift Credits
worked by hand from the rules (issue 26, "Done when")."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.app.walk import EXPECTED, walk
from ui.main_window import MainWindow


def test_the_walked_contractor_shows_the_same_numbers_in_the_app(
    capsys: Any, tmp_path: Path, open_window: Callable[..., MainWindow]
) -> None:
    walk(capsys, tmp_path)
    window = open_window(Path(os.environ["HARBINGER_DB"]))
    assert window.open_character("mara")
    sheet = window.sheet
    exp, rewards = sheet.exp_tab.exp, sheet.exp_tab.rewards
    assert exp.value("Spent at creation") == "65"
    assert exp.value("Earned in all") == str(EXPECTED["exp_earned"])
    assert exp.value("Spent in all") == str(EXPECTED["exp_spent"])
    assert exp.value("Available") == str(EXPECTED["exp_available"])
    assert rewards.value("Gift Credits available") == str(EXPECTED["credits_available"])
    assert window.contractor is not None
    assert [g.draft.name for g in window.contractor.gifts] == ["Needle Rain"]
