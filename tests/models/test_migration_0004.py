"""Revision 0004: Covenant rows move from their own 0003 tables into the generic ones, and back.

A library is built at 0003 with the real migrations, Covenant characters are
written into it with plain SQL exactly as the 0003 release stored them, and
opening it with this Harbinger upgrades it: every character loads identical to
what was stored, the roster still knows who was eliminated, and the old tables
are gone. Downgrading puts the same rows back.
"""

from __future__ import annotations

import dataclasses
import json
import sqlite3
from pathlib import Path

import pytest

from builder.contract.serialize import canonical_json
from builder.covenant.character import CovenantCharacter
from builder.covenant.file import character_to_json, read_covenant_file
from builder.covenant.rules import evaluate_covenant, lose_tie
from models.library import Library, database_url
from models.migrate import SCHEMA_HEAD, create_library_engine, upgrade
from resources import resource_path
from tests.migration_steps import downgrade_on

EXAMPLE = resource_path("examples", "covenant-ines-okafor-vell.json")
NOW = "2025-02-03 09:30:00.000000"
GONE_ID = "covenant-gone"


def _ines() -> CovenantCharacter:
    return read_covenant_file(EXAMPLE).character


def _gone() -> CovenantCharacter:
    """Ines after losing all three Ties ("Losing All Ties"): out of the game."""
    character = dataclasses.replace(_ines(), id=GONE_ID, name="Gone Vell", player="")
    for tie in ("tie-sister", "tie-skiff", "tie-guild"):
        played = lose_tie(character, tie)
        assert played.accepted
        character = played.character
    assert evaluate_covenant(character).eliminated
    return character


def _write_at_0003(path: Path, character: CovenantCharacter, player_id: int | None) -> None:
    """One character as the 0003 release stored it: own columns, creation JSON, log rows."""
    document = character_to_json(character)
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO covenant_character (id, player_id, name, pronouns, description, notes,"
            " creation, approval_state, approvals, created_at, updated_at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, 'approved', ?, ?, ?)",
            (
                character.id,
                player_id,
                character.name,
                character.pronouns,
                character.description,
                character.notes,
                canonical_json(document["creation"]),
                canonical_json([{"scope": "all", "by": "Priya"}]),
                NOW,
                NOW,
            ),
        )
        eliminated_at = len(document["log"]) - 1 if character.id == GONE_ID else None
        for seq, entry in enumerate(document["log"]):
            body = dict(entry)
            kind = body.pop("type")
            db.execute(
                "INSERT INTO covenant_log (character_id, seq, type, eliminated, payload,"
                " recorded_at) VALUES (?, ?, ?, ?, ?, ?)",
                (
                    character.id,
                    seq,
                    kind,
                    1 if seq == eliminated_at else None,
                    canonical_json(body),
                    NOW,
                ),
            )


def _library_at_0003(path: Path) -> None:
    engine = create_library_engine(database_url(path))
    upgrade(engine, "0003_covenant_characters")
    engine.dispose()
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO player (id, name, coins_earned_elsewhere, coins_spent_elsewhere)"
            " VALUES (1, 'Example Player', 0, 0)"
        )
    _write_at_0003(path, _ines(), 1)
    _write_at_0003(path, _gone(), None)


def _covenant_rows(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """The 0003 tables' rows, without the log rows' surrogate ids and the time of the last save."""
    with sqlite3.connect(path) as db:
        return {
            "covenant_character": db.execute(
                "SELECT id, player_id, name, pronouns, description, notes, creation,"
                " approval_state, approvals, created_at FROM covenant_character ORDER BY id"
            ).fetchall(),
            "covenant_log": db.execute(
                "SELECT character_id, seq, type, eliminated, payload, recorded_at"
                " FROM covenant_log ORDER BY character_id, seq"
            ).fetchall(),
        }


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def _downgrade(path: Path, target: str) -> None:
    engine = create_library_engine(database_url(path))
    try:
        with engine.begin() as connection:
            downgrade_on(connection, target)
    finally:
        engine.dispose()


def test_covenant_characters_move_into_the_generic_tables(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    _library_at_0003(path)
    before = _covenant_rows(path)
    assert len(before["covenant_log"]) == 12 + 15  # Ines's chapter; Gone's, with three lost Ties

    with Library.open(path) as library:
        assert library.migration is not None
        assert (library.migration.from_revision, library.migration.to_revision) == (
            "0003_covenant_characters",
            SCHEMA_HEAD,
        )
        assert library.load("covenant-example-ines") == _ines()
        assert library.load(GONE_ID) == _gone()
        stored = library.load_stored("covenant-example-ines")
        assert (stored.system, stored.approval_state) == ("covenant", "approved")
        assert stored.approvals == ({"by": "Priya", "scope": "all"},)
        assert [(e.name, e.system, e.player, e.alive) for e in library.roster()] == [
            ("Gone Vell", "covenant", "", False),
            ("Ines Okafor-Vell", "covenant", "Example Player", True),
        ]
        assert library.integrity_problems() == []
        # The moved character is an ordinary one: play goes on appending.
        more = lose_tie(_ines(), "tie-sister").character
        assert library.save(more).ledger_appended == 1
        library.restore(_ines())

    tables = _tables(path)
    assert {"character_document", "character_log"} <= tables
    assert not {"covenant_character", "covenant_log"} & tables

    _downgrade(path, "0003_covenant_characters")
    assert _covenant_rows(path) == before
    assert not {"character_document", "character_log"} & _tables(path)


def test_a_downgrade_refuses_to_drop_characters_0003_cannot_hold(tmp_path: Path) -> None:
    path = tmp_path / "library.sqlite3"
    with Library.open(path):
        pass
    with sqlite3.connect(path) as db:
        db.execute(
            "INSERT INTO character_document (id, system, version, name, player, alive,"
            " approval_state, approvals, document, created_at, updated_at)"
            " VALUES ('d1', 'dummy', 1, 'Dee', '', 1, 'unreviewed', '[]', ?, ?, ?)",
            (json.dumps({"character": {"id": "d1"}}), NOW, NOW),
        )
    with pytest.raises(RuntimeError, match="1 character"):
        _downgrade(path, "0003_covenant_characters")
    assert "character_document" in _tables(path)
