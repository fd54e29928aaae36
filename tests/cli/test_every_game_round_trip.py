"""Every shipped game's files go through the library and back unchanged (issues 18, 19, 21).

For one character of each game: ``db import`` stores it, ``db list`` names it
under its game, ``db export`` writes a file that reads back to the same
character, and ``sheet audit`` audits the exported file with the game's own
checks.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.core.registry import CharacterFile, read_document, system
from builder.tiles.record import record_of
from builder.tiles.state import parse_deal, parse_move, replay
from builder.tiles.variants import variant
from harbinger.cli import main
from tests.builder.coven.examples import town

ROOT = Path(__file__).resolve().parents[2]


def _tiles_game() -> object:
    v7 = variant("v7")
    deal = "FFIIISS/SSFNIWU/FNNNWWW"
    moves = ["o:F", "o:S", "o:I", "b:F", "o:S", "b:N", "b:I", "o:S", "o:I", "o:I", "b:F", "b:W"]
    moves += ["b:S", "b:U"]
    end = list(replay(v7, parse_deal(deal, v7), [parse_move(m) for m in moves]))[-1]
    return record_of(end, ("Thest", "Ada"), deal, "game-1")


def _files(tmp_path: Path) -> dict[str, Path]:
    found = {"mortal-coil": ROOT / "resources/mortal_coil/okoye-vale.json"}
    for system_id, character in (("coven", town()), ("tiles", _tiles_game())):
        path = tmp_path / f"{system_id}.json"
        path.write_bytes(system(system_id).dumps(CharacterFile(system_id, character)))
        found[system_id] = path
    return found


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("system_id", ["mortal-coil", "coven", "tiles"])
def test_import_list_export_and_audit(
    system_id: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _files(tmp_path)[system_id]
    original = read_document(json.loads(source.read_text("utf-8"))).character
    code, _, err = _run(capsys, "db", "import", str(source))
    assert code == 0, err
    code, out, _ = _run(capsys, "db", "list", "--json")
    listed = [e for group in json.loads(out).values() for e in group]
    (entry,) = [e for e in listed if e["system"] == system_id]
    assert entry["id"] == original.id
    exported = tmp_path / "exported.json"
    code, _, err = _run(capsys, "db", "export", original.id, "-o", str(exported))
    assert code == 0, err
    assert read_document(json.loads(exported.read_text("utf-8"))).character == original
    code, out, err = _run(capsys, "sheet", "audit", str(exported), "--json")
    assert code in (0, 1), err
    assert json.loads(out)["audit"]["character_id"] == original.id
