"""The toy game's one operation runs from the CLI once the test registers it (issue 26).

``harbinger act SYSTEM ACTION ID`` is made from the application layer's
registry of operations, so Tally's "add" (declared only in tests/toy/game.py)
gets its subcommand, its ``--amount`` flag, the one runner, exit 1 when its
rule refuses and exit 2 for bad input, with no shared file naming it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from builder.core.registry import GameSystem
from harbinger.app.common import register_operations, unregister_operations
from tests.app.walk import harbinger, ok
from tests.toy.game import ADD, ID, MOST, Tally, registered
from tests.toy.test_toy_game import _file

TOBY = Tally("toby-1", "Toby", 7, "Sam")


@pytest.fixture
def tally() -> Iterator[GameSystem]:
    for system in registered():
        register_operations(ID, {ADD.name: ADD})
        try:
            yield system
        finally:
            unregister_operations(ID)


def test_the_toy_operation_runs_from_the_cli(
    tally: GameSystem, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    ok(capsys, f"db import {_file(tmp_path, TOBY)}")
    done = ok(capsys, "act tally add toby-1 --amount 5")
    assert (done["done"], done["lines"], done["undo"]) == (
        "Add to the tally",
        ["tally 7 → 12"],
        "Undo Add to the tally",
    )
    code, document, err = harbinger(capsys, f"act tally add toby-1 --amount {MOST}")
    assert code == 1 and f"a tally is 0 to {MOST}, not {12 + MOST}" in err
    assert [f["rule"] for f in document["refused"]] == ["tally.range"]
    code, _document, err = harbinger(capsys, "act tally add toby-1 --amount five")
    assert code == 2 and "--amount must be a whole number" in err
    listed = ok(capsys, "db list")
    (row,) = [r for rows in listed.values() for r in rows if r["id"] == "toby-1"]
    assert row["name"] == "Toby"
