"""The main window on a playgroup's shared library, against a real PostgreSQL server (issue 14).

Dana's window shows who she is connected as; when Ines saves from her own
connection, Dana's roster and Dana's open sheet of that character show the
change within 2 s, without Dana doing anything.
"""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from builder.contract.file import read_character_file
from models import playgroup
from models.library import Library
from resources import resource_path
from tests.pg.server import PostgresServer
from ui.main_window import MainWindow

pytestmark = pytest.mark.qt

WREN = resource_path("examples") / "newbie-wren-halloway.json"


def _names(window: MainWindow) -> list[str]:
    return sorted(
        window.roster.model.item(g).child(r).text()
        for g in range(window.roster.model.rowCount())
        for r in range(window.roster.model.item(g).rowCount())
    )


def test_status_roster_and_sheet_follow_another_members_saves(
    pg_server: PostgresServer, open_window: Callable[..., MainWindow], qtbot
) -> None:
    tag = uuid.uuid4().hex[:6]
    owner = pg_server.url(pg_server.new_database("gui"))
    dana = playgroup.init_playgroup(owner, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(owner, "Ines", login=f"ines_{tag}")
    window = open_window(dana.url)
    label = window.playgroup_watch.label
    assert (label.isVisible(), label.text()) == (True, "Connected as Dana (leader)")
    assert _names(window) == []
    qtbot.waitUntil(window.playgroup_watch.listening.is_set, timeout=20000)

    with Library.open(ines.url) as other:
        other.import_file(WREN)
        qtbot.waitUntil(lambda: _names(window) == ["Wren Halloway  · Ines"], timeout=2000)

        wren_id = read_character_file(WREN).id
        assert window.show_contract(wren_id)
        wren = other.load(wren_id)
        other.save(dataclasses.replace(wren, notes="Ines wrote this"))
        qtbot.waitUntil(lambda: window.contractor.notes == "Ines wrote this", timeout=2000)

    # Dana leads, but Wren is Ines's: an edit in Dana's window is refused in a sentence.
    shown = window.contractor
    concept = dataclasses.replace(shown.concept, archetype="Courier")
    assert window.run_operation(lambda: window.ops.edit_concept(shown, concept)) is None
    box = window.current_dialog
    assert isinstance(box, QMessageBox)
    refusal = (box.windowTitle(), box.text())
    assert refusal == ("Could not save", "only Ines can change Wren Halloway")
    with Library.open(ines.url) as other:
        assert other.load(wren_id).concept.archetype == wren.concept.archetype


def test_a_personal_library_shows_no_connection(
    open_window: Callable[..., MainWindow], library_path: Path
) -> None:
    window = open_window(library_path)
    assert window.playgroup_watch.label.isHidden()
