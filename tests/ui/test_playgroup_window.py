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


def _migrated_database(server: PostgresServer, template: str, prefix: str) -> str:
    """The URL of a new database copied from the session's empty library (``pg_empty_library``).

    ``init_playgroup`` then finds the schema at the newest revision and only sets up the
    roles and policies: the migrations are not run again for each test (0.3 s of CPU).
    """
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    server.admin(f'CREATE DATABASE "{name}" TEMPLATE "{template}"')
    return str(server.url(name))


def test_status_roster_and_sheet_follow_another_members_saves(
    pg_server: PostgresServer,
    pg_empty_library: str,
    open_window: Callable[..., MainWindow],
    qtbot,
) -> None:
    tag = uuid.uuid4().hex[:6]
    owner = _migrated_database(pg_server, pg_empty_library, "gui")
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


SPOOFS = (
    "",
    "not-a-character",
    "'); DROP TABLE contractor; --",
    "☃ Wren",
    str(uuid.UUID(int=0)),
    "x" * 7999,  # the longest payload PostgreSQL sends (under 8000 bytes)
)
"""Payloads a member may send on the channel by hand: nothing of them names a real save."""


def test_a_members_forged_notifications_reload_nothing(
    pg_server: PostgresServer,
    pg_empty_library: str,
    open_window: Callable[..., MainWindow],
    qtbot,
) -> None:
    """Any member may ``NOTIFY harbinger_saved, '…'`` (``models.playgroup.listen``: a payload
    proves nothing). Ines sends the id of Dana's open contractor (Ines Varga, Dana's own),
    whose stored version Dana's window already holds, and garbage: Dana's sheet is not
    reloaded (her undo step stays), nothing crashes, and a real save that follows is still
    shown. (An id of a character the window never opened makes it read the roster again,
    as a real save would: harmless, and batched every 150 ms.)"""
    import psycopg

    tag = uuid.uuid4().hex[:6]
    owner = _migrated_database(pg_server, pg_empty_library, "spoof")
    dana = playgroup.init_playgroup(owner, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(owner, "Ines", login=f"ines_{tag}")
    window = open_window(dana.url)
    qtbot.waitUntil(window.playgroup_watch.listening.is_set, timeout=20000)
    varga = resource_path("examples") / "seasoned-ines-varga.json"
    with Library.open(dana.url) as hers, Library.open(ines.url) as other:
        hers.import_file(varga)
        other.import_file(WREN)
    qtbot.waitUntil(lambda: len(_names(window)) == 2, timeout=2000)
    varga_id = read_character_file(varga).id
    assert window.show_contract(varga_id)
    shown = window.contractor
    concept = dataclasses.replace(shown.concept, archetype="Courier")
    assert window.run_operation(lambda: window.ops.edit_concept(shown, concept)) is not None
    undo = window.workspace.stack_for(varga_id).undoText()
    assert undo

    raw_url = ines.url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(raw_url, autocommit=True) as raw:
        for payload in (varga_id, *SPOOFS, varga_id):
            raw.execute("SELECT pg_notify(%s, %s)", (playgroup.CHANNEL, payload))
    with Library.open(ines.url) as other:  # a real save after the forged ones
        wren = other.load(read_character_file(WREN).id)
        renamed = dataclasses.replace(wren.concept, name="Wren Hallow")
        other.save(dataclasses.replace(wren, concept=renamed))
    qtbot.waitUntil(lambda: "Wren Hallow  · Ines" in _names(window), timeout=2000)

    assert window.playgroup_watch.listening.is_set()
    assert window.contractor.id == varga_id
    assert window.contractor.concept.archetype == "Courier"
    assert window.workspace.stack_for(varga_id).undoText() == undo  # no reload cleared it
