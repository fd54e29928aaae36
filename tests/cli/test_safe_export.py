"""Issue 27 item 1: a character id is never a path, and ``db export`` stays in its folder.

"``db export --all -o out`` builds the file name from [the id] ... it wrote
outside ``out/`` and overwrote an existing ``settings.json`` elsewhere."
Each test makes its own SQLite library in a temporary folder.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from builder.core.names import OutsideFolder, check_id, file_name, inside
from builder.core.registry import FileFormatError
from harbinger.cli import main
from resources import resource_path

COVENANT = resource_path("examples", "covenant-ines-okafor-vell.json")
COVENANT_ID = "covenant-example-ines"
MORTAL = resource_path("mortal_coil", "okoye-vale.json")
WREN = resource_path("examples", "newbie-wren-halloway.json")
WREN_ID = "c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1"

HOSTILE = ("/etc/passwd", "../../../../tmp/pwned", "..\\..\\settings.json", "a/../../../settings")
"""Ids that a naive exporter turns into paths outside the folder it was given."""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out + err


def tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` with its bytes (links by their target)."""
    found: dict[str, bytes] = {}
    for path in sorted(root.rglob("*")):
        if path.parent.name == "lib":  # the library itself (opening it may touch it)
            continue
        if path.is_symlink():
            found[str(path)] = str(path.readlink()).encode()
        elif path.is_file():
            found[str(path)] = path.read_bytes()
    return found


@pytest.mark.parametrize("hostile", HOSTILE)
def test_a_path_like_id_is_refused_and_its_file_name_is_a_plain_slug(hostile: str) -> None:
    with pytest.raises(FileFormatError, match="is not a valid id"):
        check_id(hostile, "character.id")
    name = file_name("Ines", hostile)
    assert "/" not in name and "\\" not in name and ".." not in name
    assert name.startswith("ines-") and name.endswith(".json")


def test_ids_harbinger_makes_and_ships_are_still_ids() -> None:
    for good in (
        "c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1",
        "tmc-0a1b2c3d4e5f",
        "coven-x",
        "a.",
        "x:1",
    ):
        check_id(good)


def test_inside_refuses_a_name_that_leaves_the_folder(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    (tmp_path / "out" / "link.json").symlink_to(tmp_path / "settings.json")
    for name in ("../settings.json", "a/b.json", "..", "link.json"):
        with pytest.raises(OutsideFolder):
            inside(tmp_path / "out", name)
    assert inside(tmp_path / "out", "ines.json") == (tmp_path / "out" / "ines.json").resolve()


@pytest.fixture
def hostile_library(tmp_path: Path) -> Path:
    """A library (as an older Harbinger could fill it) whose four characters of the four
    generically stored games carry the four hostile ids, plus one clean contractor."""
    db = tmp_path / "lib" / "library.sqlite3"
    db.parent.mkdir()
    files = [COVENANT, MORTAL, WREN]
    coven = tmp_path / "lib" / "coven.json"
    tiles = tmp_path / "lib" / "tiles.json"
    from builder.core.registry import CharacterFile
    from builder.coven import file as coven_file
    from builder.tiles.record import GameRecord
    from builder.tiles.system import SYSTEM as TILES
    from tests.builder.coven.examples import town

    coven.write_text(coven_file.dumps(coven_file.CovenFile(town())), encoding="utf-8")
    game = GameRecord("game-1", ("Thest", "Ada"), "v7", "F/I", (), (0, 0), None, False)
    tiles.write_bytes(TILES.dumps(CharacterFile("tiles", game)))
    assert main(["--db", str(db), "db", "import", *map(str, [*files, coven, tiles])]) == 0
    with sqlite3.connect(db) as connection:
        ids = [r[0] for r in connection.execute("SELECT id FROM character_document ORDER BY id")]
        assert len(ids) == 4
        for old, new in zip(ids, HOSTILE, strict=True):
            (document,) = connection.execute(
                "SELECT document FROM character_document WHERE id = ?", (old,)
            ).fetchone()
            inner = json.loads(document)
            inner["character"]["id"] = new
            connection.execute(
                "UPDATE character_document SET id = ?, document = ? WHERE id = ?",
                (new, json.dumps(inner), old),
            )
            connection.execute(
                "UPDATE character_log SET character_id = ? WHERE character_id = ?", (new, old)
            )
    return db


def test_exporting_hostile_ids_into_a_folder_writes_nothing_outside_it(
    hostile_library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's attack: the four path ids exported with ``--all`` into ``out``."""
    settings = tmp_path / "settings.json"
    settings.write_text('{"theme": "dark"}', encoding="utf-8")
    before = tree(tmp_path)
    out = tmp_path / "work" / "out"
    code, text = run(capsys, "--db", str(hostile_library), "db", "export", "--all", "-o", str(out))
    assert code == 2, text
    assert "is not a valid id" in text and "nothing was exported" in text, text
    after = tree(tmp_path)
    assert {k: v for k, v in after.items() if not k.startswith(str(out))} == before
    assert not out.exists() or list(out.iterdir()) == []
    assert not Path("/tmp/pwned.json").exists()


def test_exporting_one_hostile_id_into_a_folder_is_refused(
    hostile_library: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    code, text = run(
        capsys, "--db", str(hostile_library), "db", "export", HOSTILE[1], "-o", f"{out}/"
    )
    assert code == 2 and "'../../../../tmp/pwned' is not a valid id" in text, text
    assert not out.exists() or list(out.iterdir()) == []


def test_a_file_already_in_the_folder_is_left_alone_unless_overwrite(
    tmp_path: Path, library_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = library_path
    assert main(["--db", str(db), "db", "import", str(WREN), str(COVENANT)]) == 0
    out = tmp_path / "out"
    out.mkdir()
    taken = out / f"wren-halloway-{WREN_ID}.json"
    taken.write_text("mine", encoding="utf-8")
    code, text = run(capsys, "--db", str(db), "db", "export", "--all", "-o", str(out))
    assert code == 2, text
    assert f"{taken} already exists; nothing was exported" in text
    assert taken.read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in out.iterdir()) == [taken.name]

    code, text = run(
        capsys, "--db", str(db), "db", "export", "--all", "-o", str(out), "--overwrite"
    )
    assert code == 0, text
    assert json.loads(taken.read_text(encoding="utf-8"))["character"]["id"] == WREN_ID
    assert len(list(out.iterdir())) == 2


def test_a_link_planted_under_the_file_name_is_not_followed(
    tmp_path: Path, library_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = library_path
    assert main(["--db", str(db), "db", "import", str(COVENANT)]) == 0
    out = tmp_path / "out"
    out.mkdir()
    settings = tmp_path / "settings.json"
    settings.write_text("keep", encoding="utf-8")
    (out / f"ines-okafor-vell-{COVENANT_ID}.json").symlink_to(settings)
    code, text = run(capsys, "--db", str(db), "db", "export", "--all", "-o", str(out))
    assert code == 2, text
    assert settings.read_text(encoding="utf-8") == "keep"
