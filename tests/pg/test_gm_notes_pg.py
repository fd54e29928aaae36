"""GM-only notes in a playgroup's shared library: the server keeps them from players (issue 31).

Dana leads; Ines plays and owns Wren Halloway. Dana writes a GM note on
Wren. Ines may not read it: not through Harbinger (a sentence), and not with
her own SQL on her own login (the server says "permission denied"), though
Wren is her own character. A player's full export has no GM note; Dana's has.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import psycopg
import pytest

from builder.contract.file import read_character_document, read_character_file
from builder.core.gm_notes import GmNote
from harbinger.app.common import Plan, commit
from harbinger.app.contract.gm_notes import SetGmNote, load_gm_note, plan_gm_note, store_gm_note
from harbinger.cli import main
from models import playgroup
from models.errors import NotAllowed
from models.library import Library
from resources import resource_path

WREN = resource_path("examples") / "newbie-wren-halloway.json"
NOTE = "The Syndicate pays Wren's rent; she does not know it yet."


@dataclass
class Group:
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    """A fresh shared library; logins are unique per test (roles are server-wide)."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("gm")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    return Group(dana, ines)


@pytest.fixture
def libraries(group: Group) -> Iterator[tuple[Library, Library, str]]:
    """Dana's and Ines's libraries; Ines owns Wren, and Dana has written a GM note on her."""
    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        ines.import_file(WREN)
        wren = read_character_file(WREN).id
        plan = plan_gm_note(load_gm_note(dana, wren), SetGmNote(NOTE, "2026-11-20"))
        commit(dana, plan, store_gm_note)
        yield dana, ines, wren


def _raw(login: playgroup.NewLogin) -> psycopg.Connection:
    """The member's own connection, outside Harbinger."""
    url = login.url.replace("postgresql+psycopg://", "postgresql://")
    return psycopg.connect(url, autocommit=True)


def test_the_leader_reads_and_signs_the_note(libraries: tuple[Library, Library, str]) -> None:
    dana, _ines, wren = libraries
    assert dana.may_read_gm_notes
    assert dana.gm_note(wren) == GmNote(wren, NOTE, "Dana", "2026-11-20")


def test_a_players_own_sql_cannot_read_the_note_of_their_own_character(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Wren is Ines's; the note on her is still refused to Ines's login, read or written."""
    dana, ines, wren = libraries
    assert ines.load(wren).concept.player  # she reads (and owns) her character
    with _raw(group.ines) as raw:
        for statement in (
            "SELECT text FROM gm_note WHERE character_id = %s",
            "SELECT count(*) FROM gm_note WHERE character_id <> %s",
            "UPDATE gm_note SET text = 'erased' WHERE character_id = %s",
            "DELETE FROM gm_note WHERE character_id = %s",
            "INSERT INTO gm_note (character_id, text, written_by, written_on) "
            "VALUES (%s, 'mine', 'Ines', '')",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                raw.execute(statement, (wren,))
    with _raw(group.dana) as raw:
        rows = raw.execute("SELECT text FROM gm_note WHERE character_id = %s", (wren,)).fetchall()
        assert rows == [(NOTE,)]
    assert dana.gm_note(wren).text == NOTE  # untouched by every try above


def test_the_app_refuses_a_player_in_words_and_the_server_without_its_check(
    libraries: tuple[Library, Library, str],
) -> None:
    _dana, ines, wren = libraries
    assert not ines.may_read_gm_notes
    with pytest.raises(NotAllowed, match=r"^only the playgroup leader can read or write GM notes"):
        load_gm_note(ines, wren)
    with pytest.raises(NotAllowed):
        ines.put_gm_note(GmNote(wren, "mine"))
    ines.member = None  # the app's own check switched off: the server still says no
    with pytest.raises(NotAllowed, match="permission denied"):
        ines.gm_note(wren)
    with pytest.raises(NotAllowed, match="permission denied"):
        ines.put_gm_note(GmNote(wren, "mine"))


def test_exports_carry_the_note_only_for_the_leader(
    libraries: tuple[Library, Library, str],
) -> None:
    dana, ines, wren = libraries
    theirs = json.loads(ines.file_bytes(wren))
    assert "gm_notes" not in theirs
    leaders = read_character_document(dana.file_bytes(wren))
    assert leaders.gm_note == GmNote(wren, NOTE, "Dana", "2026-11-20")
    assert leaders.contractor == read_character_document(ines.file_bytes(wren)).contractor


def test_undo_puts_the_leaders_note_back(libraries: tuple[Library, Library, str]) -> None:
    dana, _ines, wren = libraries
    plan = plan_gm_note(load_gm_note(dana, wren), SetGmNote("", ""))
    commit(dana, plan, store_gm_note)
    assert dana.gm_note(wren).empty
    commit(dana, Plan(plan.name, plan.after, plan.before), store_gm_note)  # Edit → Undo
    assert dana.gm_note(wren) == GmNote(wren, NOTE, "Dana", "2026-11-20")


def test_show_gm_note_on_the_command_line_is_the_leaders_only(
    group: Group, libraries: tuple[Library, Library, str], capsys: pytest.CaptureFixture[str]
) -> None:
    _dana, _ines, wren = libraries
    assert main(["--db", group.dana.url, "contractor", "show-gm-note", wren, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["gm_notes"]["text"] == NOTE
    assert main(["--db", group.ines.url, "contractor", "show-gm-note", wren]) == 1
    out, err = capsys.readouterr()
    assert out == "" and "only the playgroup leader can read or write GM notes" in err
    assert main(["--db", group.ines.url, "contractor", "gm-note", wren, "--text", "mine"]) == 1
    assert "only the playgroup leader" in capsys.readouterr().err


SPACEFARER = resource_path("examples") / "mortal_coil" / "tamsin-roe.json"
SPACEFARER_ID = "tmc-example-tamsin-roe"


def test_a_spacefarers_note_is_the_leaders_alone(group: Group) -> None:
    """Another game's character (This Mortal Coil): the same operation, the same refusal.

    Ines owns the spacefarer; Dana writes the note through ``tmc gm-note``'s
    operation; Ines is refused in words, by the server without the app's
    check, and on the command line (exit 1); her export has no note, Dana's has.
    """
    from harbinger.app.gm_notes import load_note_of
    from harbinger.app.gm_notes import plan_gm_note as plan_note

    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        ines.import_file(SPACEFARER)
        held = load_note_of(dana, SPACEFARER_ID, "mortal-coil", "spacefarer")
        commit(dana, plan_note(held, SetGmNote(NOTE, "2026-11-21")), store_gm_note)
        assert dana.gm_note(SPACEFARER_ID) == GmNote(SPACEFARER_ID, NOTE, "Dana", "2026-11-21")
        with pytest.raises(NotAllowed, match=r"^only the playgroup leader can read or write"):
            load_note_of(ines, SPACEFARER_ID, "mortal-coil", "spacefarer")
        ines.member = None  # the app's own check switched off: the server still says no
        with pytest.raises(NotAllowed, match="permission denied"):
            ines.put_gm_note(GmNote(SPACEFARER_ID, "mine"))
        assert main(["--db", group.ines.url, "tmc", "gm-note", SPACEFARER_ID, "--text", "x"]) == 1
        with Library.open(group.ines.url) as again:
            assert "gm_notes" not in json.loads(again.file_bytes(SPACEFARER_ID))
        assert json.loads(dana.file_bytes(SPACEFARER_ID))["gm_notes"]["text"] == NOTE
        undo = plan_note(dana.gm_note(SPACEFARER_ID), SetGmNote(""))
        commit(dana, undo, store_gm_note)
        assert dana.gm_note(SPACEFARER_ID).empty
