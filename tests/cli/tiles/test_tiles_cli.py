"""``harbinger tiles solve`` and ``harbinger tiles play`` (issue 21)."""

from __future__ import annotations

import json
from collections.abc import Callable

from builder.core import registry
from builder.tiles.record import audit_record
from tests.cli.conftest import Ran

GUESSES = ["c", "b:F", "b:I", "b:N", "b:S", "b:W", "b:U", "o:F", "o:I", "o:N", "o:S", "o:W",
           "o:U=F"]  # fmt: skip
"""Tried in turn every move: the first legal one is played, so piped input always finishes."""


def test_solve_the_worked_example_deal_as_json(run_cli: Callable[..., Ran]) -> None:
    done = run_cli("tiles", "solve", "FFIIISS/SSFNIWU/FNNNWWW", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["value"] == -4 and doc["best_move"] == "o:F" and doc["to_move"] == 1
    assert doc["move_values"] == {"o:F": -4, "o:I": -4, "o:S": -4}


def test_solve_a_seed_after_some_moves(run_cli: Callable[..., Ran]) -> None:
    done = run_cli("tiles", "solve", "3", "--moves", "o:W b:S", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["deal"] == "FFFISWW/FINNSSU/NSNIWWI"
    assert doc["value"] == -2 and doc["best_move"] == "o:F"


def test_bad_input_exits_2_with_a_message(run_cli: Callable[..., Ran]) -> None:
    for args, message in [
        (("solve", "FFF/III"), "v7 deals 7 and 7"),
        (("solve", "3", "--moves", "b:F"), "move 1 (b:F): there is no tile to beat"),
        (("solve", "3", "--variant", "v9"), "no variant 'v9'"),
        (("play", "--level", "godlike"), "--level must be one of easy, normal, strong"),
        (("play", "--seat", "3"), "--seat must be 1, 2 or random"),
    ]:
        done = run_cli("tiles", *args)
        assert done.returncode == 2 and message in done.stderr, done.stderr


def test_play_a_whole_game_from_piped_input(run_cli: Callable[..., Ran]) -> None:
    done = run_cli(
        "tiles",
        "play",
        "--seed",
        "4",
        "--seat",
        "1",
        "--level",
        "easy",
        "--json",
        stdin="\n".join(GUESSES * 30) + "\n",
    )
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    read = registry.read_document(doc)
    assert read.system == "tiles" and read.character.finished
    assert read.character.players == ("You", "Computer (easy)")
    assert audit_record(read.character).passed
    assert "not allowed: " in done.stderr and "Game over: " in done.stderr


def test_play_undo_and_input_ending_early(run_cli: Callable[..., Ran]) -> None:
    done = run_cli(
        "tiles",
        "play",
        "--seed",
        "4",
        "--seat",
        "1",
        "--level",
        "easy",
        stdin="undo\no:F\nundo\nmoves\n",
    )
    assert done.returncode == 2
    assert "nothing to take back" in done.stdout
    assert done.stdout.count("your move> ") == 5  # undo, o:F, undo, moves, end
    assert "input ended before the game did" in done.stderr
