"""A game registered only in a test flows through every shared layer (issue 12).

The tiny dummy system of ``tests/models/dummy_system.py`` is registered with
``builder.core.registry``; nothing in models/, harbinger/ or ui/ names it, yet
its files import into the library, list, export, audit, take an approval, and
open in review mode.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.core.registry import CharacterFile, GameSystem
from harbinger.cli import main
from tests.models.dummy_system import ID, SYSTEM, DummyCharacter, Note, registered
from ui.review.files import ReviewContext, history_scope, review_file, whole_scope

DEE = DummyCharacter("dee-1", "Dee", "Sam", (Note("arrived"), Note("found a key")))


@pytest.fixture
def dummy() -> Iterator[GameSystem]:
    yield from registered()


@pytest.fixture
def dee_file(tmp_path: Path, dummy: GameSystem) -> Path:
    path = tmp_path / "dee.json"
    path.write_bytes(SYSTEM.dumps(CharacterFile(ID, DEE)))
    return path


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_import_list_export_of_a_test_only_game(
    dee_file: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "db", "import", str(dee_file), "--json")
    assert code == 0, err
    code, out, _ = _run(capsys, "db", "list", "--json")
    (entry,) = json.loads(out)["dummy_characters"]
    assert (entry["id"], entry["name"], entry["system"]) == ("dee-1", "Dee", "dummy")
    exported = tmp_path / "out.json"
    code, _, err = _run(capsys, "db", "export", "dee-1", "-o", str(exported))
    assert code == 0, err
    assert SYSTEM.read(json.loads(exported.read_text("utf-8"))).character == DEE


def test_audit_and_approval_of_a_test_only_game(
    dee_file: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = _run(capsys, "sheet", "audit", str(dee_file), "--json")
    assert code == 0, err
    audited = json.loads(out)
    assert audited["audit"]["family"] == "dummy" and audited["audit"]["name"] == "Dee"
    assert audited["approvals"]["records"] == []
    code, _, err = _run(capsys, "sheet", "approve", str(dee_file), "--by", "Lee")
    assert code == 0, err
    records = json.loads(dee_file.read_text("utf-8"))["approvals"]
    assert [r["scope"] for r in records] == ["character"]
    assert sorted(records[0]["items"]) == ["core", "log[0]", "log[1]"]


def test_review_mode_reads_a_test_only_game(dee_file: Path) -> None:
    reviewed = review_file(dee_file, ReviewContext({}, None))
    assert reviewed.error == ""
    assert reviewed.character == DEE
    assert reviewed.system_id == "dummy"
    assert reviewed.review is not None and reviewed.review.audit.name == "Dee"
    assert (whole_scope(reviewed), history_scope(reviewed)) == ("character", "log")
