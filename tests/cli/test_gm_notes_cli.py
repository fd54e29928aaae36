"""``harbinger contractor gm-note`` and ``contractor export [--player-copy]`` on a SQLite library.

In a personal library the one user is their own GM: the note is just stored.
The contractor is the hand-built one of ``tests/builder/contract/test_player_copy.py``:
three Contracts attended, "Filmed" (Cutoff 2, 2 − 2 = 0: due) and "Debt"
(Cutoff 3, 3 − 2 = 1: not due yet), both granted after the first Contract
("Cutoff values ... decrease by 1 every time a Contractor attends a Contract";
"The Player can only see the general threat-level ... until the Cutoff hits zero").
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from builder.contract.file import read_character_document
from builder.core.gm_notes import GmNote
from harbinger.app.common import Plan, commit
from harbinger.app.contract.gm_notes import SetGmNote, load_gm_note, plan_gm_note, store_gm_note
from models.library import Library
from tests.app.walk import harbinger, ok
from tests.builder.contract.test_player_copy import three_contracts

NOTE = "Owes the collector more than she says."


@pytest.fixture
def subject() -> str:
    """The hand-built contractor, saved in the library HARBINGER_DB names."""
    c = three_contracts()
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        library.save(c)
    return c.id


def _read(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text("utf-8"))


def test_the_note_is_kept_and_the_full_export_has_it_with_every_threat(
    capsys: Any, tmp_path: Path, subject: str
) -> None:
    done = ok(capsys, "contractor", "gm-note", subject, "--text", NOTE, "--date", "2026-02-03")
    assert done["lines"] == ["38 characters, not shown to the player"]
    assert done["undo"] == "Undo Edit GM notes"
    full = tmp_path / "full.json"
    ok(capsys, "contractor", "export", subject, "-o", str(full))
    document = _read(full)
    assert document["gm_notes"] == {"text": NOTE, "written_by": "", "date": "2026-02-03"}
    assert [le["threat"] for le in document["character"]["loose_ends"]] == [
        "Internet sleuths",
        "The collector",
    ]
    assert "player_copy" not in document
    shown = ok(capsys, "contractor", "show-gm-note", subject)
    assert shown == {"id": subject, "gm_notes": document["gm_notes"]}
    db_export = tmp_path / "db.json"  # the library's own export is the same file
    ok(capsys, "db", "export", subject, "-o", str(db_export))
    assert {k: v for k, v in _read(db_export).items() if k != "exported_at"} == {
        k: v for k, v in document.items() if k != "exported_at"
    }


def test_the_player_copy_leaves_out_the_note_and_the_threat_not_due(
    capsys: Any, tmp_path: Path, subject: str
) -> None:
    ok(capsys, "contractor", "gm-note", subject, "--text", NOTE)
    copy = tmp_path / "player.json"
    done = ok(capsys, "contractor", "export", subject, "-o", str(copy), "--player-copy")
    assert done["exported"] == [
        {
            "id": subject,
            "path": str(copy),
            "player_copy": True,
            "gm_note_left_out": True,
            "threats_left_out": 1,
        }
    ]
    raw = copy.read_text("utf-8")
    assert NOTE not in raw and "The collector" not in raw and "gm_notes" not in raw
    read = read_character_document(copy)  # a valid file of the same schema
    assert read.player_copy and read.gm_note is None
    ends = read.contractor.loose_ends
    assert [(le.title, le.threat_level, le.threat) for le in ends] == [
        ("Filmed", "dangerous", "Internet sleuths"),
        ("Debt", "deadly", ""),
    ]


def test_bad_input_exits_2_and_keeps_the_note(capsys: Any, subject: str) -> None:
    ok(capsys, "contractor", "gm-note", subject, "--text", NOTE)
    code, _doc, err = harbinger(capsys, "contractor", "gm-note", subject, "--text", "x" * 100_001)
    assert code == 2 and "--text: a GM note holds at most 100,000 characters" in err
    code, _doc, err = harbinger(capsys, "contractor", "gm-note", "nobody", "--text", "x")
    assert code == 2 and "no character with id 'nobody'" in err
    code, _doc, err = harbinger(capsys, "contractor", "gm-note", subject, "--text", NOTE)
    assert code == 1 and "nothing would change" in err
    code, _doc, err = harbinger(capsys, "contractor", "export", "nobody", "-o", "x.json")
    assert code == 2 and "no character with id 'nobody'" in err
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        assert library.gm_note(subject).text == NOTE


def test_undo_and_redo_of_a_note_on_sqlite(subject: str) -> None:
    """Edit → Undo commits the reversed plan through the same runner and store."""
    with Library.open(os.environ["HARBINGER_DB"]) as library:
        first = plan_gm_note(load_gm_note(library, subject), SetGmNote(NOTE, "2026-02-03"))
        commit(library, first, store_gm_note)
        second = plan_gm_note(load_gm_note(library, subject), SetGmNote("Paid up.", "2026-02-10"))
        commit(library, second, store_gm_note)
        assert library.gm_note(subject) == GmNote(subject, "Paid up.", "", "2026-02-10")
        commit(library, Plan(second.name, second.after, second.before), store_gm_note)
        assert library.gm_note(subject) == GmNote(subject, NOTE, "", "2026-02-03")
        commit(library, Plan(first.name, first.after, first.before), store_gm_note)
        assert library.gm_note(subject).empty
        commit(library, first, store_gm_note)  # Redo
        assert library.gm_note(subject).text == NOTE


def test_a_full_export_imported_into_another_library_keeps_its_note(
    capsys: Any, tmp_path: Path, subject: str
) -> None:
    """A leader moving their library: export, then import into a new one; the note goes along."""
    ok(capsys, "contractor", "gm-note", subject, "--text", NOTE, "--date", "2026-02-03")
    full = tmp_path / "full.json"
    ok(capsys, "contractor", "export", subject, "-o", str(full))
    other = tmp_path / "other.sqlite3"
    ok(capsys, "--db", str(other), "db", "import", str(full))
    copy = tmp_path / "player.json"
    ok(capsys, "contractor", "export", subject, "-o", str(copy), "--player-copy")
    ok(capsys, "--db", str(other), "db", "import", str(copy), "--on-conflict", "keep-both")
    with Library.open(other) as library:
        assert library.gm_note(subject) == GmNote(subject, NOTE, "", "2026-02-03")
        (twin,) = [e.id for e in library.roster() if e.id != subject]
        assert library.gm_note(twin).empty  # the player copy brought none
