"""A game defined only under tests/ (Tally: a name and one number) works in every shared layer.

Issue 26, "Done when": a test registers a small toy game, and it imports,
lists, exports, audits and runs its operation with no shared file naming it.
Everything here goes through the same calls a shipped game's characters take:
``harbinger db import/list/export`` and ``harbinger sheet audit`` (run in this
process, where the test registered the game), ``Library``, and the app
layer's one runner (``harbinger.app.common.commit``).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.core.registry import GameSystem
from harbinger.app.common import Refused, commit
from harbinger.cli import main
from models import Library
from tests.toy.game import ADD, FORMAT, MOST, AddInputs, Tally, registered

TOBY = Tally("toby-1", "Toby", 7, "Sam")


@pytest.fixture
def tally() -> Iterator[GameSystem]:
    yield from registered()


def _file(folder: Path, tally: Tally = TOBY) -> Path:
    path = folder / f"{tally.id}.json"
    body = {"id": tally.id, "name": tally.name, "count": tally.count, "player": tally.player}
    document = {"format": FORMAT, "version": 1, "character": body, "approvals": []}
    path.write_text(json.dumps(document), encoding="utf-8")
    return path


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, object]:
    """Run ``harbinger`` in this process (where Tally is registered); its exit code and JSON."""
    capsys.readouterr()
    code = main([*argv, "--json"])
    out = capsys.readouterr().out
    return code, json.loads(out) if out.strip() else None


def test_it_imports_lists_and_exports_through_the_cli(
    tally: GameSystem, tmp_path: Path, library_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(library_path)
    code, imported = _cli(capsys, "--db", db, "db", "import", str(_file(tmp_path)))
    assert code == 0, imported
    code, listed = _cli(capsys, "--db", db, "db", "list")
    assert code == 0
    (row,) = listed["tallys"]  # type: ignore[index]  # the noun, plural, as every game's
    assert (row["id"], row["name"], row["player"]) == ("toby-1", "Toby", "Sam")
    out = tmp_path / "out.json"
    code, _ = _cli(capsys, "--db", db, "db", "export", "toby-1", "-o", str(out))
    assert code == 0
    written = json.loads(out.read_text(encoding="utf-8"))
    assert (written["format"], written["character"]["count"]) == (FORMAT, 7)


def test_its_audit_runs_its_own_rule(
    tally: GameSystem, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Tally's rule: "a tally is a whole number from 0 to MOST" (tests/toy/game.py)."""
    code, report = _cli(capsys, "sheet", "audit", "--allow-untrusted", str(_file(tmp_path)))
    assert code == 0, report
    (line,) = report["audit"]["lines"]  # type: ignore[index]
    assert (line["check"], line["verdict"], line["numbers"]) == (
        "tally.range",
        "pass",
        {"count": 7, "most": MOST},
    )
    over = _file(tmp_path, Tally("big-1", "Big", MOST + 1))
    code, report = _cli(capsys, "sheet", "audit", "--allow-untrusted", str(over))
    assert code == 1
    (line,) = report["audit"]["lines"]  # type: ignore[index]
    assert line["verdict"] == "fail"
    assert line["findings"][0]["message"] == f"a tally is 0 to {MOST}, not {MOST + 1}"


def test_its_operation_goes_through_the_one_runner(tally: GameSystem, library_path: Path) -> None:
    with Library.open(library_path) as library:
        library.save(TOBY)
        plan = commit(library, ADD.plan(library.load("toby-1"), AddInputs(5)), ADD.store)
        assert (plan.summary, plan.undo_text) == (
            "Add to the tally: tally 7 → 12",
            "Undo Add to the tally",
        )
        assert library.load("toby-1").count == 12
        with pytest.raises(Refused, match=f"Add to the tally: a tally is 0 to {MOST}, not -1"):
            commit(library, ADD.plan(library.load("toby-1"), AddInputs(-13)), ADD.store)
        assert library.load("toby-1").count == 12
