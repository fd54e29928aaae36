"""The toy game Tally (tests/toy/) opens in the desktop app with no shared file naming it.

Issue 26, "Done when": a game defined only under tests/ is registered by the
test (its rules with ``builder.core.registry``, its screens with
``ui.systems.register_ui``) and the main window lists it, opens its sheet in a
tab and follows its operation, with Undo, like any shipped game's.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from builder.core.registry import GameSystem
from models import Library
from tests.toy.game import MOST, Tally, registered
from tests.toy.screens import add, registered_screens
from ui.contributions import SystemUi
from ui.main_window import MainWindow

TOBY = Tally("toby-1", "Toby", 7, "Sam")


@pytest.fixture
def tally() -> Iterator[GameSystem]:
    yield from registered()


@pytest.fixture
def tally_screens(tally: GameSystem) -> Iterator[SystemUi]:
    yield from registered_screens()


def test_a_toy_game_lists_opens_and_follows_its_operation(
    tally_screens: SystemUi, open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    with Library.open(library_path) as library:
        library.save(TOBY)
    window = open_window(library_path)
    (line,) = window.roster.lines()
    assert (line.id, line.name, line.family) == ("toby-1", "Toby", "tally")

    assert window.open_character("toby-1")
    sheet = window.tabs.page("toby-1")
    assert sheet is not None and sheet.count.text() == "Tally: 7"  # type: ignore[attr-defined]

    workspace = window.workspace
    change = window.run_operation(lambda: add(workspace, "toby-1", 5))
    assert change is not None and change.summary == "Add to the tally: tally 7 → 12"
    assert sheet.count.text() == "Tally: 12"  # type: ignore[attr-defined]
    workspace.stack_for("toby-1").undo()
    assert sheet.count.text() == "Tally: 7"  # type: ignore[attr-defined]
    assert workspace.library.load("toby-1").count == 7
    window.resize(1280, 800)


def test_a_refused_toy_operation_reaches_a_dialog_and_stores_nothing(
    tally_screens: SystemUi, open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    with Library.open(library_path) as library:
        library.save(TOBY)
    window = open_window(library_path)
    assert window.run_operation(lambda: add(window.workspace, "toby-1", MOST)) is None
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    assert (box.windowTitle(), box.text()) == (
        "Add to the tally",
        f"a tally is 0 to {MOST}, not {MOST + 7}",
    )
    box.button(QMessageBox.StandardButton.Ok).click()
    assert window.workspace.library.load("toby-1").count == 7
