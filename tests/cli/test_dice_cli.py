"""``harbinger dice POOL DIFFICULTY [--floor] [--json]`` (SPEC §7)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path

import pytest

from builder.contract.dice import outcome_distribution
from harbinger.cli import main
from tests.cli.conftest import Ran

ROOT = Path(__file__).resolve().parents[2]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "harbinger", "dice", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_json_matches_the_engine(run_cli: Callable[..., Ran]) -> None:
    done = run_cli("dice", "5", "6", "--json")
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    dist = outcome_distribution(5, 6)
    assert doc["pool"] == 5
    assert doc["difficulty"] == 6
    assert doc["effective_pool"] == 5
    assert doc["effective_difficulty"] == 6
    assert doc["floor_at_zero"] is False
    assert [o["outcome"] for o in doc["outcomes"]] == list(range(-5, 11))
    for entry in doc["outcomes"]:
        assert Fraction(entry["exact"]) == dist.probability(entry["outcome"])
    assert sum(Fraction(b["exact"]) for b in doc["bands"].values()) == 1
    assert set(doc["bands"]) == {"botch", "fail", "partial", "success", "exceptional"}
    for name, band in doc["bands"].items():
        exact = Fraction(band["exact"])
        assert exact == {str(b): p for b, p in dist.bands.items()}[name]
        assert band["probability"] == pytest.approx(float(exact))
    # 5 dice × (11 − 6)/10 each.
    assert Fraction(doc["expected_exact"]) == Fraction(5, 2)
    assert doc["expected"] == 2.5


def test_text_table(run_cli: Callable[..., Ran]) -> None:
    done = run_cli("dice", "1", "6")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "1 die at Difficulty 6"
    assert "     -1       10.00%" in lines
    assert "      0       40.00%" in lines
    assert "      2       10.00%" in lines
    assert any(line.startswith("botch (<0)") and line.endswith("10.00%") for line in lines)
    assert "Expected Outcome: 0.50" in lines


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("abc", "6"), "POOL must be a whole number from 0 to 60, not 'abc'"),
        (("-1", "6"), "POOL must be from 0 to 60, not -1"),
        (("61", "6"), "POOL must be from 0 to 60, not 61"),
        (("5", "0"), "DIFFICULTY must be from 1 to 30, not 0"),
        (("5", "seven"), "DIFFICULTY must be a whole number from 1 to 30, not 'seven'"),
        (("5", "31"), "DIFFICULTY must be from 1 to 30, not 31"),
    ],
)
def test_bad_input_exits_2_with_a_message(
    args: tuple[str, str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dice", *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert message in captured.err


@pytest.mark.slow  # 1.5 s of CPU (a process of its own: `python -m harbinger` and its exit code)
def test_subprocess_bad_input_exit_code() -> None:
    done = _run("abc", "6", "--json")
    assert done.returncode == 2
    assert done.stdout == ""
    assert "POOL must be a whole number" in done.stderr


def test_overage_in_json(capsys: pytest.CaptureFixture[str]) -> None:
    # "a Difficulty 12 roll with 6 dice would be rolled as a Difficulty 9 roll with 3 dice"
    assert main(["dice", "6", "12", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["pool"], doc["difficulty"]) == (6, 12)
    assert (doc["effective_pool"], doc["effective_difficulty"]) == (3, 9)
    assert doc["outcomes"][0] == {"outcome": -3, "probability": 0.001, "exact": "1/1000"}
    assert doc["outcomes"][-1] == {"outcome": 6, "probability": 0.001, "exact": "1/1000"}


def test_floor_flag_applies_rank_6(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice", "1", "6", "--floor", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["floor_at_zero"] is True
    assert doc["outcomes"] == [
        {"outcome": 0, "probability": 0.5, "exact": "1/2"},
        {"outcome": 1, "probability": 0.4, "exact": "2/5"},
        {"outcome": 2, "probability": 0.1, "exact": "1/10"},
    ]
    assert doc["bands"]["botch"]["exact"] == "0/1"
    assert doc["bands"]["fail"]["exact"] == "1/2"


def test_low_difficulty_reports_the_difficulty_used(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice", "2", "2"]) == 0
    out = capsys.readouterr().out
    assert "Difficulty below 4: rolled at Difficulty 4" in out
    assert main(["dice", "2", "2", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["difficulty"], doc["effective_difficulty"]) == (2, 4)


def test_zero_pool(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice", "0", "6", "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["outcomes"] == [{"outcome": 0, "probability": 1.0, "exact": "1/1"}]
    assert doc["bands"]["fail"]["exact"] == "1/1"


@pytest.mark.parametrize(("pool", "difficulty"), [(1, 4), (7, 6), (20, 9), (60, 8), (10, 30)])
def test_json_bands_sum_to_one(
    pool: int, difficulty: int, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["dice", str(pool), str(difficulty), "--json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert sum(Fraction(b["exact"]) for b in doc["bands"].values()) == 1
    assert sum(Fraction(o["exact"]) for o in doc["outcomes"]) == 1
    engine = outcome_distribution(pool, difficulty).to_json()
    assert doc == engine


def test_overage_is_explained_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice", "6", "12"]) == 0
    out = capsys.readouterr().out
    assert "rolled at Difficulty 9 with 3 dice instead of 6" in out
    assert "     -3        0.10%" in out.splitlines()
