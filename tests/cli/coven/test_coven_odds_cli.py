"""``harbinger coven odds MINE THEIRS``: a conflict's chance from the shipped table, headless."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from builder.coven.odds import conflict_error, conflict_win_chance
from harbinger.cli import main


def test_an_exact_cell_is_shown_as_exact(capsys: pytest.CaptureFixture[str]) -> None:
    """2 cards against 1 was counted over every deal: the fraction, no error."""
    assert main(["coven", "odds", "2", "1", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert Fraction(document["chance"]) == conflict_win_chance(2, 1)
    assert (document["exact"], document["standard_error"]) == (True, 0.0)
    assert round(document["value"], 4) == 0.7126
    assert main(["coven", "odds", "2", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 cards against 1: chance of winning 71.26% (exact)")


def test_an_estimated_cell_is_shown_with_its_error(capsys: pytest.CaptureFixture[str]) -> None:
    """5 cards against 4 is beyond an exact count: "≈ x ± e"."""
    assert main(["coven", "odds", "5", "4", "--json"]) == 0
    document = json.loads(capsys.readouterr().out)
    assert document["exact"] is False
    assert document["standard_error"] == conflict_error(5, 4) > 0
    assert main(["coven", "odds", "5", "4"]) == 0
    chance, error = float(conflict_win_chance(5, 4)), conflict_error(5, 4)  # type: ignore[arg-type]
    assert f"chance of winning ≈ {chance:.2%} ± {error:.2%}" in capsys.readouterr().out


def test_the_diagonal_is_a_half(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["coven", "odds", "7", "7"]) == 0
    assert "chance of winning exactly 1/2" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["x", "2"], "MINE must be a whole number of cards from 0 to 10, not 'x'"),
        (["11", "2"], "MINE must be from 0 to 10 cards"),
        (["2", "0"], "THEIRS must be from 1 to 10 cards"),
    ],
)
def test_bad_sizes_exit_2_saying_which(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["coven", "odds", *args]) == 2
    assert said in capsys.readouterr().err
