"""``harbinger contractor bio``: the optional bio lines (issue 31, item 5)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from builder.contract.bio import Bio
from builder.contract.file import read_character_file
from tests.app.walk import CREATION, harbinger, ok


@pytest.fixture
def mara(capsys: Any, tmp_path: Path) -> str:
    path = tmp_path / "creation.json"
    path.write_text(json.dumps(CREATION), encoding="utf-8")
    ok(capsys, f"contractor create {path}")
    return "mara"


def _export(capsys: Any, tmp_path: Path) -> Path:
    out = tmp_path / "export.json"
    ok(capsys, f"db export mara -o {out}")
    return out


def test_bio_lines_are_kept_exported_and_read_back(capsys: Any, tmp_path: Path, mara: str) -> None:
    assert "bio" not in json.loads(_export(capsys, tmp_path).read_text("utf-8"))["character"]
    ok(
        capsys,
        "contractor bio mara --tagline 'Never the same door twice' --languages 'English, Dutch'",
    )
    ok(capsys, "contractor bio mara --residence Rotterdam")
    document = json.loads(_export(capsys, tmp_path).read_text("utf-8"))["character"]
    assert document["bio"] == {
        "tagline": "Never the same door twice",
        "residence": "Rotterdam",
        "languages": "English, Dutch",
        "contacts": "",
        "aliases": "",
        "wish_list": "",
    }
    assert read_character_file(_export(capsys, tmp_path)).bio == Bio(
        tagline="Never the same door twice", residence="Rotterdam", languages="English, Dutch"
    )
    ok(capsys, "contractor bio mara --tagline ''")
    assert read_character_file(_export(capsys, tmp_path)).bio.tagline == ""


def test_too_long_a_line_exits_2_and_keeps_the_sheet(
    capsys: Any, tmp_path: Path, mara: str
) -> None:
    code, _document, err = harbinger(capsys, "contractor", "bio", "mara", "--aliases", "x" * 2001)
    assert code == 2
    assert "--aliases: at most 2000 characters" in err
    assert read_character_file(_export(capsys, tmp_path)).bio == Bio()
