"""``harbinger db list / export / import`` (SPEC §7), run in-process on temporary libraries
(SQLite files, and databases on a real PostgreSQL server: ``library_url``)."""

from __future__ import annotations

import contextlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from builder.contract.file import read_character_file
from harbinger.cli import main
from resources import resource_path

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted(resource_path("examples").glob("*.json"))
CONTRACTOR_EXAMPLES = [p for p in EXAMPLES if not p.name.startswith("covenant-")]
COVENANT_EXAMPLE = resource_path("examples", "covenant-ines-okafor-vell.json")
COVENANT_ID = "covenant-example-ines"
INES = resource_path("examples", "seasoned-ines-varga.json")
INES_ID = "1a66ec6f-2352-5dfb-8957-f6a80a3d6f15"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def rows(path: Path) -> dict[str, int]:
    with sqlite3.connect(path) as db:
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        return {t: db.execute(f'SELECT count(*) FROM "{t}"').fetchone()[0] for t in tables}


def test_import_then_list_as_json(capsys: pytest.CaptureFixture[str], library_url: str) -> None:
    db = library_url
    code, out, _ = run(capsys, "--db", db, "db", "import", *map(str, EXAMPLES), "--json")
    assert code == 0
    imported = json.loads(out)["imported"]
    assert sorted((i["name"], i["action"], i["family"]) for i in imported) == [
        ("Ines Okafor-Vell", "created", "covenant"),
        ("Ines Varga", "created", "contract"),
        ("Orrin Vale", "created", "contract"),
        ("Wren Halloway", "created", "contract"),
    ]
    code, out, _ = run(capsys, "--db", db, "db", "list", "--json")
    assert code == 0
    listed = json.loads(out)["contractors"]
    assert [(c["name"], c["status"], c["victories"], c["alive"]) for c in listed] == [
        ("Ines Varga", "Seasoned", 11, True),
        ("Orrin Vale", "Newbie", 3, False),
        ("Wren Halloway", "Newbie", 0, True),
    ]
    assert set(listed[0]) == {
        "id",
        "name",
        "player",
        "system",
        "victories",
        "status",
        "alive",
        "approval_state",
        "updated_at",
    }
    (covenant,) = json.loads(out)["covenant_characters"]
    assert covenant == {
        "id": COVENANT_ID,
        "name": "Ines Okafor-Vell",
        "player": "Example Player",
        "system": "covenant",
        "eliminated": False,
        "approval_state": "unreviewed",
        "updated_at": covenant["updated_at"],
    }


def test_list_prints_readable_lines(capsys: pytest.CaptureFixture[str], library_url: str) -> None:
    db = library_url
    assert run(capsys, "--db", db, "db", "list")[1] == "The library is empty.\n"
    run(capsys, "--db", db, "db", "import", *map(str, EXAMPLES))
    out = run(capsys, "--db", db, "db", "list")[1]
    assert out.splitlines()[2] == (
        "4014e95e-7d7e-5eb0-98ff-3d6e35755c92  Orrin Vale [Sam]  "
        "The Contract, Newbie, 3 victories  (dead)"
    )
    assert out.splitlines()[0] == f"{COVENANT_ID}  Ines Okafor-Vell [Example Player]  Covenant"


def test_the_environment_names_the_library(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    env_db = tmp_path / "env.sqlite3"
    monkeypatch.setenv("HARBINGER_DB", str(env_db))
    assert run(capsys, "db", "import", str(INES))[0] == 0
    assert rows(env_db)["contractor"] == 1


def test_export_one_to_a_file_and_all_to_a_folder(
    capsys: pytest.CaptureFixture[str], library_url: str, tmp_path: Path
) -> None:
    db = library_url
    run(capsys, "--db", db, "db", "import", *map(str, EXAMPLES))
    one = tmp_path / "ines.json"
    code, out, _ = run(capsys, "--db", db, "db", "export", INES_ID, "-o", str(one), "--json")
    assert code == 0
    assert json.loads(out) == {"exported": [{"id": INES_ID, "path": str(one)}]}
    assert read_character_file(one) == read_character_file(INES)

    folder = tmp_path / "backup"
    code, out, _ = run(capsys, "--db", db, "db", "export", "--all", "-o", str(folder), "--json")
    assert code == 0
    assert sorted(p.name for p in folder.iterdir()) == [
        f"ines-okafor-vell-{COVENANT_ID}.json",
        f"ines-varga-{INES_ID}.json",
        "orrin-vale-4014e95e-7d7e-5eb0-98ff-3d6e35755c92.json",
        "wren-halloway-c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1.json",
    ]
    for exported in folder.iterdir():
        if COVENANT_ID in exported.name:
            # A Covenant file is canonical text: the export is the shipped file, byte for byte.
            assert exported.read_bytes() == COVENANT_EXAMPLE.read_bytes()
            continue
        original = next(
            p for p in CONTRACTOR_EXAMPLES if read_character_file(p).id in exported.name
        )
        assert read_character_file(exported) == read_character_file(original)

    into_folder = tmp_path / "existing"
    into_folder.mkdir()
    run(capsys, "--db", db, "db", "export", INES_ID, "-o", str(into_folder))
    assert [p.name for p in into_folder.iterdir()] == [f"ines-varga-{INES_ID}.json"]


def test_exporting_an_unknown_id_exits_2(
    capsys: pytest.CaptureFixture[str], library_url: str, tmp_path: Path
) -> None:
    code, out, err = run(capsys, "--db", library_url, "db", "export", "nobody", "-o", "x.json")
    assert (code, out) == (2, "")
    assert err == "harbinger db: no character with id 'nobody' in this library\n"


def test_a_bad_file_exits_2_names_it_and_writes_nothing(
    capsys: pytest.CaptureFixture[str], library_path: Path, tmp_path: Path
) -> None:
    db = str(library_path)
    run(capsys, "--db", db, "db", "list")  # create the library
    before = rows(library_path)
    bad = tmp_path / "bad.json"
    document = json.loads(INES.read_bytes())
    document["character"]["ledger"][2]["exp"] = "ten"
    bad.write_text(json.dumps(document))
    code, out, err = run(capsys, "--db", db, "db", "import", *map(str, EXAMPLES), str(bad))
    assert (code, out) == (2, "")
    assert err == (
        f"harbinger db: {bad}: ledger[2].exp: expected an integer, got 'ten'; "
        "nothing was imported\n"
    )
    assert rows(library_path) == before


def test_conflicts_are_refused_unless_told_otherwise(
    capsys: pytest.CaptureFixture[str], library_path: Path
) -> None:
    db = str(library_path)
    run(capsys, "--db", db, "db", "import", str(INES))
    code, _, err = run(capsys, "--db", db, "db", "import", str(INES))
    assert code == 2
    assert "is already in the library" in err
    # The refusal names the option that settles it (issue 33, item 8).
    assert err.endswith(
        "nothing was imported (say which with --on-conflict replace, keep-both, copy or skip)\n"
    )
    code, out, _ = run(
        capsys, "--db", db, "db", "import", str(INES), "--on-conflict", "copy", "--json"
    )
    assert code == 0 and json.loads(out)["imported"][0]["action"] == "copied"
    code, out, _ = run(
        capsys, "--db", db, "db", "import", str(INES), "--on-conflict", "replace", "--json"
    )
    assert json.loads(out)["imported"][0] == {
        "source": str(INES),
        "id": INES_ID,
        "name": "Ines Varga",
        "action": "replaced",
        "family": "contract",
        "system": "contract",
    }
    assert rows(library_path)["contractor"] == 2


def test_a_foreign_database_is_refused(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    other = tmp_path / "other.sqlite3"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (id INTEGER)")
    code, _, err = run(capsys, "--db", str(other), "db", "list")
    assert code == 2
    assert "not a Harbinger library" in err


def test_db_without_an_action_explains_itself(
    capsys: pytest.CaptureFixture[str], library_url: str
) -> None:
    code, _, err = run(capsys, "--db", library_url, "db")
    assert code == 2
    assert (
        err == "harbinger db: choose an action: list, export or import (see harbinger db --help)\n"
    )


@pytest.mark.slow  # a Python process of its own, 2.2 to 2.8 s of CPU
def test_db_commands_never_load_qt(library_path: Path) -> None:
    code = (
        "import sys, contextlib, io\n"
        "from harbinger.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    assert main(['--db', {str(library_path)!r}, 'db', 'list', '--json']) == 0\n"
        "qt = ('PySide6', 'shiboken6', 'ui')\n"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in qt)))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    )
    assert out.stdout.strip() == ""


def test_a_registered_system_flows_through_import_list_and_export(
    capsys: pytest.CaptureFixture[str], library_url: str, tmp_path: Path
) -> None:
    from tests.models.dummy_system import DummyCharacter, Note, registered

    with contextlib.contextmanager(registered)() as dummy:
        from builder.core.registry import CharacterFile

        dee = DummyCharacter("dee-1", "Dee", "Sam", (Note("arrived"), Note("out")))
        source = tmp_path / "dee.json"
        source.write_bytes(dummy.dumps(CharacterFile("dummy", dee)))
        db = library_url
        code, out, _ = run(capsys, "--db", db, "db", "import", str(source), str(INES), "--json")
        assert code == 0
        assert [(i["name"], i["system"]) for i in json.loads(out)["imported"]] == [
            ("Dee", "dummy"),
            ("Ines Varga", "contract"),
        ]
        code, out, _ = run(capsys, "--db", db, "db", "list", "--json")
        listed = json.loads(out)
        assert {"contractors", "covenant_characters", "dummy_characters"} <= set(listed)
        (entry,) = listed["dummy_characters"]
        assert {k: v for k, v in entry.items() if k != "updated_at"} == {
            "id": "dee-1",
            "name": "Dee",
            "player": "Sam",
            "system": "dummy",
            "eliminated": True,
            "approval_state": "unreviewed",
        }
        out = run(capsys, "--db", db, "db", "list")[1]
        assert out.splitlines()[0] == "dee-1  Dee [Sam]  Dummy Game  (out of play)"
        exported = tmp_path / "out"
        assert run(capsys, "--db", db, "db", "export", "dee-1", "-o", f"{exported}/")[0] == 0
        assert (exported / "dee-dee-1.json").read_bytes() == source.read_bytes()


def test_import_progress_is_reported_on_stderr(
    capsys: pytest.CaptureFixture[str], library_url: str
) -> None:
    files = [str(p) for p in EXAMPLES]
    code, out, err = run(capsys, "--db", library_url, "db", "import", *files, "--progress")
    assert code == 0
    assert len(out.splitlines()) == len(files)
    count = len(files)
    assert err.splitlines() == [
        *(f"reading {n}/{count}" for n in range(1, count + 1)),
        f"storing {count}/{count}",
    ]
