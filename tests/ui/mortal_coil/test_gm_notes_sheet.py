"""The GM notes box on a spacefarer's sheet (issue 31 item 6), the game-neutral box of every game.

A personal library's user is their own GM: the box shows, labelled "not shown
to the player"; saving it is one edit on the spacefarer's undo stack, and Undo
takes it back. A player of a shared library never sees the box.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from models import Library
from models.playgroup import Membership
from tests.builder.mortal_coil.examples import OKOYE
from ui.mortal_coil import SpacefarerSheet
from ui.widgets.gm_notes_box import TITLE
from ui.workspace import Workspace

NOTE = "The ship's doctor is Okoye's sister, under another name."


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    with Library.open(library_path) as opened:
        yield opened


@pytest.fixture
def sheet(qtbot: Any, library: Library) -> SpacefarerSheet:
    library.save(OKOYE)
    workspace = Workspace()
    workspace.set_library(library, "test library")
    shown = SpacefarerSheet(workspace, OKOYE.id, random.Random(1))
    qtbot.addWidget(shown)
    shown.resize(1280, 800)
    shown.show()
    return shown


def test_the_box_saves_a_note_and_undo_takes_it_back(
    sheet: SpacefarerSheet, library: Library, qtbot: Any
) -> None:
    box = sheet.gm_notes
    assert box.isVisible()
    assert box.title.text() == TITLE == "GM notes — not shown to the player"
    assert not box.save_button.isEnabled()
    box.text.setPlainText(NOTE)
    assert box.save_button.isEnabled()
    box.save_button.click()
    assert library.gm_note(OKOYE.id).text == NOTE
    qtbot.waitUntil(lambda: box.signed.text().startswith("Written on "))
    assert not box.save_button.isEnabled()
    assert sheet.undo_stack.undoText() == "Edit GM notes"
    sheet.undo_button.click()
    qtbot.waitUntil(lambda: box.text.toPlainText() == "")
    assert library.gm_note(OKOYE.id).empty
    assert box.signed.text() == "No GM notes."
    sheet.redo_button.click()
    qtbot.waitUntil(lambda: box.text.toPlainText() == NOTE)
    assert library.gm_note(OKOYE.id).text == NOTE
    assert library.load(OKOYE.id) == OKOYE  # the spacefarer itself is untouched


def test_a_player_never_sees_the_box(sheet: SpacefarerSheet, library: Library) -> None:
    library.member = Membership("ines", "Ines", "player")
    sheet.gm_notes.show_for(OKOYE.id)
    assert not sheet.gm_notes.isVisible()
    assert sheet.gm_notes.text.toPlainText() == ""
