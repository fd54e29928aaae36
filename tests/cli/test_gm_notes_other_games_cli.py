"""GM-only notes on a Covenant character, a spacefarer and a Coven chronicle (issue 31 item 6).

The one game-neutral ``gm-note`` operation (``harbinger.app.gm_notes``) behind
``harbinger covenant gm-note``, ``harbinger tmc gm-note`` and ``harbinger coven
gm-note``, on a real SQLite library: set, refuse another game's character
(exit 2), undo, and the optional ``gm_notes`` field of each game's file
(a full export carries it, an import keeps it, a file without it is the
same bytes as before).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from builder.core.gm_notes import GmNote
from builder.core.registry import system
from harbinger.app.common import Plan, commit
from harbinger.app.gm_notes import (
    SetGmNote,
    load_note_of,
    plan_gm_note,
    store_gm_note,
)
from models.library import Library
from resources import resource_path
from tests.app.walk import harbinger, ok

NOTE = "Knows more about the cult than she says."

GAMES = [
    # (CLI command, system id, shipped example, its id, the noun the CLI uses)
    (
        "covenant",
        "covenant",
        "covenant-ines-okafor-vell.json",
        "covenant-example-ines",
        "Covenant character",
    ),
    ("tmc", "mortal-coil", "mortal_coil/tamsin-roe.json", "tmc-example-tamsin-roe", "spacefarer"),
    ("coven", "coven", "coven/harrows-end.json", "coven-example-harrows-end", "chronicle"),
]


def _example(name: str) -> Path:
    return Path(resource_path("examples", *name.split("/")))


@pytest.fixture
def library_with_examples(capsys: Any) -> None:
    """The three shipped examples imported into the library HARBINGER_DB names."""
    ok(capsys, "db", "import", *(str(_example(g[2])) for g in GAMES))


@pytest.mark.parametrize(("command", "game", "example", "cid", "noun"), GAMES)
def test_the_note_is_kept_exported_and_imported_elsewhere(
    capsys: Any,
    tmp_path: Path,
    new_library: Callable[[str], Path],
    library_with_examples: None,
    command: str,
    game: str,
    example: str,
    cid: str,
    noun: str,
) -> None:
    done = ok(capsys, command, "gm-note", cid, "--text", NOTE, "--date", "2026-02-03")
    assert done["lines"] == ["40 characters, not shown to the player"]
    assert done["undo"] == "Undo Edit GM notes"
    full = tmp_path / "full.json"
    ok(capsys, "db", "export", cid, "-o", str(full))
    document = json.loads(full.read_text("utf-8"))
    assert document["gm_notes"] == {"text": NOTE, "written_by": "", "date": "2026-02-03"}
    shown = ok(capsys, command, "show-gm-note", cid)
    assert shown == {"id": cid, "gm_notes": document["gm_notes"]}
    other = new_library("other.sqlite3")
    ok(capsys, "--db", str(other), "db", "import", str(full))
    with Library.open(other) as library:
        assert library.gm_note(cid) == GmNote(cid, NOTE, "", "2026-02-03")
        assert library.system_of(cid) == game


@pytest.mark.parametrize(("command", "game", "example", "cid", "noun"), GAMES)
def test_a_file_without_a_note_is_written_as_before(
    capsys: Any,
    tmp_path: Path,
    library_with_examples: None,
    command: str,
    game: str,
    example: str,
    cid: str,
    noun: str,
) -> None:
    """No note: the export has no ``gm_notes`` and is the game's own file text, unchanged."""
    out = tmp_path / "plain.json"
    ok(capsys, "db", "export", cid, "-o", str(out))
    written = out.read_bytes()
    assert b"gm_notes" not in written
    read = system(game).read(json.loads(written))
    assert read.gm_note is None
    assert system(game).dumps(read) == written


@pytest.mark.parametrize(("command", "game", "example", "cid", "noun"), GAMES)
def test_another_games_character_and_bad_input_exit_2(
    capsys: Any,
    library_with_examples: None,
    command: str,
    game: str,
    example: str,
    cid: str,
    noun: str,
) -> None:
    others = [g[3] for g in GAMES if g[3] != cid]
    code, _doc, err = harbinger(capsys, command, "gm-note", others[0], "--text", NOTE)
    assert code == 2 and f"{others[0]!r} is not a {noun}" in err
    code, _doc, err = harbinger(capsys, command, "show-gm-note", others[0])
    assert code == 2 and f"{others[0]!r} is not a {noun}" in err
    code, _doc, err = harbinger(capsys, command, "gm-note", cid, "--text", "x", "--date", "3 May")
    assert code == 2 and "--date" in err
    code, _doc, err = harbinger(capsys, command, "gm-note", cid, "--text", "x" * 100_001)
    assert code == 2 and "at most 100,000 characters" in err
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        assert library.gm_note(cid).empty
        assert library.gm_note(others[0]).empty


def test_undo_and_redo_of_a_note_on_a_spacefarer(library_with_examples: None) -> None:
    """Edit → Undo commits the reversed plan through the same runner and store."""
    cid = "tmc-example-tamsin-roe"
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        held = load_note_of(library, cid, "mortal-coil", "spacefarer")
        first = plan_gm_note(held, SetGmNote(NOTE, "2026-02-03"))
        commit(library, first, store_gm_note)
        second = plan_gm_note(library.gm_note(cid), SetGmNote("Paid up.", "2026-02-10"))
        commit(library, second, store_gm_note)
        assert library.gm_note(cid) == GmNote(cid, "Paid up.", "", "2026-02-10")
        commit(library, Plan(second.name, second.after, second.before), store_gm_note)
        assert library.gm_note(cid) == GmNote(cid, NOTE, "", "2026-02-03")
        commit(library, Plan(first.name, first.after, first.before), store_gm_note)
        assert library.gm_note(cid).empty
        commit(library, first, store_gm_note)  # Redo
        assert library.gm_note(cid).text == NOTE


def test_a_file_with_a_bad_note_is_refused_and_nothing_is_stored(
    capsys: Any, tmp_path: Path
) -> None:
    """The schema's ``gm_notes`` object: a note with an unknown field is refused (exit 2)."""
    document = json.loads(_example(GAMES[0][2]).read_text("utf-8"))
    document["gm_notes"] = {"text": NOTE, "secret": True}
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(document), "utf-8")
    code, _doc, err = harbinger(capsys, "db", "import", str(bad))
    assert code == 2 and "gm_notes" in err
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        assert library.roster() == []
