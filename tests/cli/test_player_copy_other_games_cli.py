"""``covenant|tmc|coven export ID -o FILE [--player-copy]``: the player copy of every game.

The Contract's ``contractor export --player-copy`` leaves out the GM note (and the
Threats not due yet); the other three games keep nothing else from the player, so
their player copy is the file without the GM note: byte for byte the file the game
writes for the same character with no note. The full export keeps the note. Real
SQLite library (HARBINGER_DB), the shipped examples imported through ``db import``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from models.library import Library
from tests.app.walk import harbinger, ok
from tests.cli.test_gm_notes_other_games_cli import GAMES, NOTE, _example


@pytest.fixture
def library_with_examples(capsys: Any) -> None:
    """The three shipped examples imported into the library HARBINGER_DB names."""
    ok(capsys, "db", "import", *(str(_example(g[2])) for g in GAMES))


@pytest.mark.parametrize(("command", "game", "example", "cid", "noun"), GAMES)
def test_the_player_copy_has_no_note_and_the_full_export_keeps_it(
    capsys: Any,
    tmp_path: Path,
    library_with_examples: None,
    command: str,
    game: str,
    example: str,
    cid: str,
    noun: str,
) -> None:
    plain = tmp_path / "before-the-note.json"
    ok(capsys, command, "export", cid, "-o", str(plain))
    ok(capsys, command, "gm-note", cid, "--text", NOTE, "--date", "2026-02-03")

    full = tmp_path / "full.json"
    done = ok(capsys, command, "export", cid, "-o", str(full))
    assert done["exported"] == [
        {"id": cid, "path": str(full), "player_copy": False, "gm_note_left_out": False}
    ]
    assert json.loads(full.read_text("utf-8"))["gm_notes"]["text"] == NOTE

    copy = tmp_path / "copy.json"
    done = ok(capsys, command, "export", cid, "-o", str(copy), "--player-copy")
    assert done["exported"] == [
        {"id": cid, "path": str(copy), "player_copy": True, "gm_note_left_out": True}
    ]
    assert b"gm_notes" not in copy.read_bytes()
    assert NOTE.encode() not in copy.read_bytes()
    assert copy.read_bytes() == plain.read_bytes()
    with Library.open(os.environ["HARBINGER_DB"]) as library:  # the note stays stored
        assert library.gm_note(cid).text == NOTE


@pytest.mark.parametrize(("command", "game", "example", "cid", "noun"), GAMES)
def test_another_games_character_or_an_unknown_id_exits_2_and_writes_nothing(
    capsys: Any,
    tmp_path: Path,
    library_with_examples: None,
    command: str,
    game: str,
    example: str,
    cid: str,
    noun: str,
) -> None:
    other = next(g[3] for g in GAMES if g[3] != cid)
    out = tmp_path / "out.json"
    code, _doc, err = harbinger(capsys, command, "export", other, "-o", str(out), "--player-copy")
    assert code == 2 and f"{other!r} is not a {noun}" in err
    code, _doc, err = harbinger(capsys, command, "export", "nobody", "-o", str(out))
    assert code == 2 and "no character with id 'nobody'" in err
    assert not out.exists()


def test_the_text_output_says_what_was_left_out(capsys: Any, tmp_path: Path) -> None:
    from harbinger.cli import main

    ok(capsys, "db", "import", str(_example(GAMES[2][2])))
    cid = GAMES[2][3]
    ok(capsys, "coven", "gm-note", cid, "--text", NOTE)
    copy = tmp_path / "copy.json"
    assert main(["coven", "export", cid, "-o", str(copy), "--player-copy"]) == 0
    assert capsys.readouterr().out == f"{cid} -> {copy} (player copy, without the GM note)\n"
