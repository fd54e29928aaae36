"""Fixtures for the Covenant screens: a real library on disk and real widgets, offscreen."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from builder.covenant.character import CovenantCharacter
from builder.covenant.file import read_covenant_file
from models import Library
from resources import resource_path
from ui.covenant import CovenantSheet
from ui.workspace import Workspace


def fresh_ines() -> CovenantCharacter:
    """The shipped example as created, before any play: 3 Ties, 7 of 10 tokens spent."""
    example = read_covenant_file(resource_path("examples", "covenant-ines-okafor-vell.json"))
    return dataclasses.replace(example.character, log=())


@pytest.fixture
def library(library_path: Path) -> Iterator[Library]:
    with Library.open(library_path) as opened:
        yield opened


def workspace_on(library: Library) -> Workspace:
    """A workspace over an open library, as the main window keeps one (its history empty)."""
    workspace = Workspace()
    workspace.set_library(library, "test library")
    return workspace


@pytest.fixture
def open_sheet(qtbot) -> Callable[..., CovenantSheet]:  # type: ignore[no-untyped-def]
    def make(library: Library, character_id: str) -> CovenantSheet:
        sheet = CovenantSheet(workspace_on(library), character_id)
        qtbot.addWidget(sheet)
        sheet.resize(1280, 800)
        sheet.show()
        qtbot.waitExposed(sheet)
        return sheet

    return make
