"""``playgroup pull`` / ``push`` carry GM-only notes for the leader, never for a player (issue 31).

On a real PostgreSQL server, through the CLI: Ines plays Wren Halloway (a
contractor) and Tamsin Roe (a This Mortal Coil spacefarer); Dana leads and
has written a GM note on each. Dana's pull brings both notes into her local
library, her offline edit of a note goes back with her push (signed with her
name), and an edit on both sides is a conflict until she chooses. Ines's pull
brings no note, and a note she writes in her own local library never leaves it.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.contract.file import read_character_file
from builder.core.gm_notes import GmNote
from models.library import Library
from resources import resource_path
from tests.pg.test_playgroup_cli import WREN, _run, shared  # noqa: F401  (the fixture)

TAMSIN = resource_path("examples") / "mortal_coil" / "tamsin-roe.json"
TAMSIN_ID = "tmc-example-tamsin-roe"
WREN_ID = read_character_file(WREN).id


@pytest.fixture
def noted(shared: dict[str, str]) -> dict[str, str]:  # noqa: F811
    """Ines's two characters on the server, each with Dana's GM note."""
    with Library.open(shared["ines"]) as ines:
        ines.import_file(WREN)
        ines.import_file(TAMSIN)
    with Library.open(shared["dana"]) as dana:
        dana.put_gm_note(GmNote(WREN_ID, "Wren's rent is paid by the Syndicate.", "", "2026-11-20"))
        dana.put_gm_note(GmNote(TAMSIN_ID, "Tamsin's ship is stolen.", "", "2026-11-21"))
    return shared


def test_the_leader_pulls_and_pushes_notes(
    noted: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    local = str(tmp_path / "dana-local.sqlite3")
    code, out, err = _run(capsys, "--db", local, "playgroup", "pull", noted["dana"], "--json")
    assert (code, err) == (0, "")
    assert sorted(json.loads(out)["pulled"]) == ["Tamsin Roe", "Wren Halloway"]
    with Library.open(local) as mine:
        assert mine.gm_note(WREN_ID) == GmNote(
            WREN_ID, "Wren's rent is paid by the Syndicate.", "Dana", "2026-11-20"
        )
        assert mine.gm_note(TAMSIN_ID).text == "Tamsin's ship is stolen."
        mine.put_gm_note(
            GmNote(TAMSIN_ID, "Tamsin's ship is stolen from Dana's NPC.", "", "2026-11-22")
        )
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", noted["dana"])
    assert (code, out, err) == (0, f"pushed 1: {TAMSIN_ID} (GM note)\n", "")
    with Library.open(noted["dana"]) as dana:
        assert dana.gm_note(TAMSIN_ID) == GmNote(
            TAMSIN_ID, "Tamsin's ship is stolen from Dana's NPC.", "Dana", "2026-11-22"
        )
        assert dana.gm_note(WREN_ID).text == "Wren's rent is paid by the Syndicate."
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", noted["dana"])
    assert (code, out) == (0, "pushed 0: -\n")  # nothing edited since: nothing sent

    # Both sides edit Wren's note: the push shows both and writes nothing until told.
    with Library.open(noted["dana"]) as dana:
        dana.put_gm_note(GmNote(WREN_ID, "server side", "", "2026-11-23"))
    with Library.open(local) as mine:
        mine.put_gm_note(GmNote(WREN_ID, "offline side", "", "2026-11-23"))
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", noted["dana"])
    assert (code, err) == (1, "")
    assert out.splitlines() == [
        "pushed 0: -",
        f"NOT pushed {WREN_ID} (GM note): it changed on the server since you pulled. Both:",
        "  gm_notes:",
        '    server: "server side"',
        '    yours:  "offline side"',
        "choose with --keep mine (overwrite the server's) or --keep theirs",
    ]
    with Library.open(noted["dana"]) as dana:
        assert dana.gm_note(WREN_ID).text == "server side"
    code, out, err = _run(
        capsys, "--db", local, "playgroup", "push", noted["dana"], "--keep", "mine"
    )
    assert (code, out) == (0, f"pushed 1: {WREN_ID} (GM note)\n")
    with Library.open(noted["dana"]) as dana:
        assert dana.gm_note(WREN_ID).text == "offline side"

    # An unpushed local edit is kept by a pull (push it first).
    with Library.open(local) as mine:
        mine.put_gm_note(GmNote(WREN_ID, "not pushed yet", "", "2026-11-24"))
    code, out, err = _run(capsys, "--db", local, "playgroup", "pull", noted["dana"], "--json")
    assert json.loads(out)["kept_local"] == [f"{WREN_ID} (GM note)"]
    with Library.open(local) as mine:
        assert mine.gm_note(WREN_ID).text == "not pushed yet"


def test_a_player_never_gets_or_sends_a_note(
    noted: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    local = str(tmp_path / "ines-local.sqlite3")
    code, out, err = _run(capsys, "--db", local, "playgroup", "pull", noted["ines"], "--json")
    assert (code, err) == (0, "")
    assert sorted(json.loads(out)["pulled"]) == ["Tamsin Roe", "Wren Halloway"]
    with Library.open(local) as mine:
        assert mine.gm_note(WREN_ID).empty and mine.gm_note(TAMSIN_ID).empty
        assert b"gm_notes" not in mine.file_bytes(TAMSIN_ID)
        mine.put_gm_note(GmNote(TAMSIN_ID, "Ines's own idea", "", "2026-11-22"))
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", noted["ines"])
    assert (code, out, err) == (0, "pushed 0: -\n", "")
    with Library.open(noted["dana"]) as dana:
        assert dana.gm_note(TAMSIN_ID) == GmNote(
            TAMSIN_ID, "Tamsin's ship is stolen.", "Dana", "2026-11-21"
        )
    code, out, err = _run(capsys, "--db", local, "playgroup", "pull", noted["ines"], "--json")
    assert code == 0 and json.loads(out)["kept_local"] == []
    with Library.open(local) as mine:  # her own note stays hers, untouched by the pull
        assert mine.gm_note(TAMSIN_ID).text == "Ines's own idea"
