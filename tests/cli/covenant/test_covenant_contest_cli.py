"""``harbinger covenant bid|share|size|successor`` (issue 28, item 2), headless."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from builder.covenant.character import Succession
from builder.covenant.file import CovenantFile, read_covenant_file, write_covenant_file
from builder.covenant.rules import begin_scene, sacrifice
from harbinger.cli import main
from tests.builder.covenant.examples import ines, ok


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["covenant", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_an_opposed_tie_goes_to_the_defender(capsys):
    """ "Whoever's bid is higher wins the bid. Ties go to the defender." """
    doc = _json(capsys, "bid", "defend", "15", "--against", "15")
    assert (doc["bid"], doc["wins"], doc["cost"]) == (15, True, "normal")
    doc = _json(capsys, "bid", "attack", "15", "--against", "15")
    assert doc["wins"] is False


def test_a_half_cost_bid_with_an_advantage_spent(capsys):
    """ "More Advantages: Spend 1 Discipline to raise the bid by 2"; "Spending 1 Advantage:
    Increase a bid by 5". 3 advantages, 1 disadvantage, 1 spent on +5: 2 > 1 left, still
    half-cost; 10 Discipline give 20; bid 25 beats the target 24."""
    doc = _json(
        capsys,
        "bid",
        "fixed",
        "10",
        "--advantages",
        "3",
        "--disadvantages",
        "1",
        "--boost",
        "1",
        "--against",
        "24",
    )
    assert (doc["cost"], doc["points_from_discipline"], doc["boost"], doc["bid"]) == (
        "half",
        20,
        5,
        25,
    )
    assert doc["wins"] is True and doc["banks_on_win"] is True


def test_stunting_a_double_cost_bid_exits_2(capsys):
    """ "Bids can only be stunted if they are half-cost or normal-cost." """
    assert main(["covenant", "bid", "fixed", "5", "--disadvantages", "1", "--stunt", "pin"]) == 2
    assert "only a half-cost or normal-cost bid can be stunted" in capsys.readouterr().err


def test_sharing_and_size(capsys):
    """ "share 2 Discipline for every 1" at double cost; "For every 1 size the attacker is
    smaller than the defender: Add 1 advantage"; "Arm: Size Difference: -2 size"."""
    assert _json(capsys, "share", "6", "--cost", "double")["discipline"] == 12
    doc = _json(capsys, "size", "4", "7")
    assert (doc["attacker_fighting_stealth"], doc["defender_resistance"]) == (3, 3)
    doc = _json(capsys, "size", "4", "7", "--called-shot", "arm")
    assert (doc["target_size"], doc["attacker_fighting_stealth"]) == (5, 1)


def test_bad_numbers_exit_2(capsys):
    assert main(["covenant", "bid", "fixed", "ten"]) == 2
    assert "DISCIPLINE must be a whole number" in capsys.readouterr().err


def test_successor_of_a_sacrificed_file(tmp_path: Path, capsys):
    """ "the same number of Discipline, ties, assets, and tokens ..., plus 1 additional
    token from good karma": Ines (3 Ties, 8 assets, 5 of 10 tokens left) → 3 Ties, 300
    Discipline, 8 assets, 6 tokens."""
    source = tmp_path / "ines.json"
    write_covenant_file(source, CovenantFile(ok(sacrifice(ok(begin_scene(ines()))))))
    out = tmp_path / "heir.json"
    doc = _json(capsys, "successor", str(source), "-o", str(out), "--name", "Dana")
    assert (doc["ties"], doc["assets"], doc["tokens"], doc["discipline"]) == (3, 8, 6, 300)
    heir = read_covenant_file(out).character
    assert heir.name == "Dana" and heir.id == "ines-heir"
    assert heir.log == (Succession("ines", 3, 8, 6, "Successor of Ines Okafor-Vell"),)


def test_successor_of_a_living_character_exits_2(tmp_path: Path, capsys):
    source = tmp_path / "ines.json"
    write_covenant_file(source, CovenantFile(ines()))
    out = tmp_path / "heir.json"
    assert main(["covenant", "successor", str(source), "-o", str(out)]) == 2
    assert "was not sacrificed" in capsys.readouterr().err
    assert not out.exists()
