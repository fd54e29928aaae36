"""``harbinger playgroup init|add-player|pull|push`` against a real PostgreSQL server."""

from __future__ import annotations

import dataclasses
import json
import uuid
from pathlib import Path

import pytest

from builder.contract.character import ContractAttended, Outcome
from builder.contract.file import read_character_file
from harbinger.cli import main
from models.library import Library
from resources import resource_path
from tests.pg.server import PostgresServer

WREN = resource_path("examples") / "newbie-wren-halloway.json"
VARGA = resource_path("examples") / "seasoned-ines-varga.json"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def shared(pg_server: PostgresServer, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    """A shared library made by the CLI: the owner's URL, Dana's and Ines's."""
    tag = uuid.uuid4().hex[:6]
    owner = pg_server.url(pg_server.new_database("cli"))
    code, out, err = _run(
        capsys, "playgroup", "init", owner, "--leader", "Dana", "--login", f"dana_{tag}", "--json"
    )
    assert (code, err) == (0, "")
    dana = json.loads(out)
    assert (dana["name"], dana["role"], dana["login"]) == ("Dana", "leader", f"dana_{tag}")
    code, out, err = _run(capsys, "playgroup", "add-player", owner, "Ines", "--login", f"i_{tag}")
    assert code == 0, err
    assert out.startswith(f"Ines can now connect as i_{tag} (player). Give them, privately:\n")
    ines_url = out.splitlines()[1].strip()
    assert "harbinger --db" in out
    return {"owner": owner, "dana": dana["url"], "ines": ines_url}


def test_a_second_init_and_a_taken_login_are_clear_refusals(
    shared: dict[str, str], capsys: pytest.CaptureFixture[str]
) -> None:
    login = shared["ines"].split("//")[1].split(":")[0]
    code, _out, err = _run(
        capsys, "playgroup", "add-player", shared["owner"], "X", "--login", login
    )
    assert code == 2
    assert err == (
        f"harbinger playgroup: the login {login!r} is already taken on this server (by Ines): "
        "choose another with --login\n"
    )
    code, _out, err = _run(capsys, "playgroup", "add-player", shared["ines"], "Y", "--login", "yy")
    assert code == 2 and "Traceback" not in err and err.startswith("harbinger playgroup: ")
    dana_login = shared["dana"].split("//")[1].split(":")[0]
    again = ("playgroup", "init", shared["owner"], "--leader", "Dana", "--login", dana_login)
    code, out, err = _run(capsys, *again)
    assert (code, err) == (0, "")
    assert out == (
        f"The shared library is ready.\nDana already connects as {dana_login} (leader); "
        "password unchanged.\n"
    )
    with Library.open(shared["dana"]) as dana:  # her password still works
        assert dana.member is not None and dana.member.role == "leader"
    code, _out, err = _run(capsys, "playgroup", "init", "sqlite:///x.db", "--leader", "Dana")
    assert (code, err) == (
        2,
        "harbinger playgroup: a playgroup's shared library needs a PostgreSQL URL "
        "(postgresql://…)\n",
    )


def test_pull_edit_push_and_a_conflict_shows_both_versions(
    shared: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(shared["ines"]) as ines, Library.open(shared["dana"]) as dana:
        ines.import_file(WREN)
        dana.import_file(VARGA)
    local = str(tmp_path / "ines-local.sqlite3")
    code, out, err = _run(capsys, "--db", local, "playgroup", "pull", shared["ines"], "--json")
    assert (code, err) == (0, "")
    assert json.loads(out) == {
        "pulled": ["Wren Halloway"],
        "kept_local": [],
        "unchanged": 0,
        "refused": [],
    }
    wren_id = read_character_file(WREN).id
    with Library.open(local) as mine:
        assert [e.name for e in mine.roster()] == ["Wren Halloway"]  # only her own
        wren = mine.load(wren_id)
        contract = ContractAttended("2026-02-01", "Offline", True, Outcome.VICTORY)
        mine.save(dataclasses.replace(wren, ledger=(*wren.ledger, contract)))
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", shared["ines"])
    assert (code, out, err) == (0, "pushed 1: Wren Halloway\n", "")
    with Library.open(shared["dana"]) as dana:
        stored = dana.load_stored(wren_id)
        assert stored.character.ledger[-1] == contract
        assert stored.version == 2

    # Both sides change Wren: the push shows both and writes nothing until told.
    with Library.open(shared["ines"]) as ines:
        ines.save(dataclasses.replace(ines.load(wren_id), notes="server side"))
    with Library.open(local) as mine:
        mine.save(dataclasses.replace(mine.load(wren_id), notes="offline side"))
    code, out, err = _run(capsys, "--db", local, "playgroup", "push", shared["ines"])
    assert code == 1 and err == ""
    assert out.splitlines()[:5] == [
        "pushed 0: -",
        "NOT pushed Wren Halloway: the server has version 3, you pulled version 2. Both versions:",
        "  notes:",
        '    server: "server side"',
        '    yours:  "offline side"',
    ]
    assert out.endswith("choose with --keep mine (overwrite the server's) or --keep theirs\n")
    with Library.open(shared["ines"]) as ines:
        assert ines.load(wren_id).notes == "server side"
    code, out, _err = _run(
        capsys, "--db", local, "playgroup", "push", shared["ines"], "--keep", "mine"
    )
    assert (code, out) == (0, "pushed 1: Wren Halloway\n")
    with Library.open(shared["dana"]) as dana:
        assert dana.load(wren_id).notes == "offline side"
        assert dana.roster()[-1].owner == shared["ines"].split("//")[1].split(":")[0]
    code, out, _err = _run(capsys, "--db", local, "playgroup", "push", shared["ines"], "--json")
    assert json.loads(out)["unchanged"] == 1


def test_the_leader_pulls_everyone(
    shared: dict[str, str], capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    with Library.open(shared["ines"]) as ines, Library.open(shared["dana"]) as dana:
        ines.import_file(WREN)
        dana.import_file(VARGA)
    local = str(tmp_path / "dana-local.sqlite3")
    code, out, _err = _run(capsys, "--db", local, "playgroup", "pull", shared["dana"])
    assert (code, out) == (0, "pulled 2: Ines Varga, Wren Halloway\n")


def test_a_missing_driver_says_which_extra_to_install(capsys: pytest.CaptureFixture[str]) -> None:
    """pg8000 stands in for a driver that is not installed (psycopg is, for the tests)."""
    url = "postgresql+pg8000://ines:pw@127.0.0.1:9/playgroup"
    code, out, err = _run(capsys, "--db", url, "db", "list")
    assert (code, out) == (2, "")
    assert err == (
        "harbinger db: cannot open the library postgresql+pg8000://ines:***@127.0.0.1:9/"
        "playgroup: No module named 'pg8000'; install the PostgreSQL driver: "
        "pip install 'harbinger[postgres]'\n"
    )
