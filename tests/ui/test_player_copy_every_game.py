"""File → Export Player Copy… for every game's character (a contractor's is in
tests/ui/contract/test_gm_notes_box.py).

The action is the main window's own, enabled whenever a character is shown. A
Covenant character, a spacefarer and a chronicle keep only the GM note from their
player: the copy is written without it, and the status bar says so; the normal
File → Export Character… keeps it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.core.gm_notes import GmNote
from ui.main_window import MainWindow

NOTE = "The patron is the one who sold the Tie."

SHOWN = [
    ("covenant-example-ines", "Ines Okafor-Vell"),
    ("tmc-example-tamsin-roe", "Tamsin Roe"),
    ("coven-example-harrows-end", "Harrow's End"),
]


@pytest.mark.parametrize(("cid", "name"), SHOWN)
def test_the_player_copy_leaves_out_the_note_and_the_export_keeps_it(
    examples_window: MainWindow,
    qtbot: Any,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    cid: str,
    name: str,
) -> None:
    window = examples_window  # a library holding the examples (loaded once per session)
    window.workspace.library.put_gm_note(GmNote(cid, NOTE))
    window.show_contractor(cid)
    asked: list[str] = []
    target = tmp_path / "chosen.json"

    class Chooser:
        @staticmethod
        def getSaveFileName(_parent: Any, _title: str, suggested: str, _filter: str) -> Any:
            asked.append(suggested)
            return str(target), ""

    monkeypatch.setattr("ui.window_common.file_dialog", lambda: Chooser)
    action = window.actions["export_player_copy"]
    assert action in window.menuBar().actions()[0].menu().actions()
    assert action.isEnabled()
    action.trigger()
    qtbot.waitUntil(lambda: target.exists() and window.tasks.pending() == 0)
    assert asked == [f"{name} (player copy).json"]
    assert "gm_notes" not in json.loads(target.read_text("utf-8"))
    assert NOTE not in target.read_text("utf-8")
    # The CLI's words for the same copy ("(player copy, without the GM note)"), from one place.
    assert window.statusBar().currentMessage() == "Player copy, without the GM note"

    full = tmp_path / "full.json"
    window.export_file(full)
    qtbot.waitUntil(lambda: full.exists() and window.tasks.pending() == 0)
    assert json.loads(full.read_text("utf-8"))["gm_notes"]["text"] == NOTE


def test_the_action_waits_for_a_character(window: MainWindow) -> None:
    assert not window.actions["export_player_copy"].isEnabled()
