"""``harbinger tmc odds ...``: exact This Mortal Coil odds, headless (issue 18, item 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from harbinger.cli import main

ROOT = Path(__file__).resolve().parents[3]


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> dict:
    assert main(["tmc", "odds", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_save_odds_at_1_2_10_19_20(capsys):
    doc = _json(capsys, "save", "1", "2", "10", "19", "20")
    assert [s["pass"]["fraction"] for s in doc["saves"]] == [
        "1/20",
        "1/10",
        "1/2",
        "19/20",
        "19/20",
    ]


def test_the_issues_critical_damage_example(capsys):
    doc = _json(capsys, "damage", "--die", "d8", "--armor", "1", "--hp", "3", "--str", "10")
    assert doc["ability_loss"]["fraction"] == "1/2"
    assert doc["critical"] == {"fraction": "5/16", "value": 0.3125}
    assert doc["dice"] == [8]


def test_stress_with_impaired_and_enhanced_cancelling(capsys):
    doc = _json(
        capsys,
        "stress",
        "--die",
        "8",
        "--stability",
        "1",
        "--hp",
        "3",
        "--ctrl",
        "10",
        "--impaired",
        "--enhanced",
    )
    assert (doc["kind"], doc["critical"]["fraction"]) == ("stress", "5/16")
    enhanced = _json(capsys, "damage", "--die", "8", "--hp", "3", "--str", "10", "--enhanced")
    assert (enhanced["dice"], enhanced["critical"]["fraction"]) == ([12], "9/16")


def test_highest_and_fallout(capsys):
    doc = _json(capsys, "highest", "6", "6")
    assert doc["distribution"]["6"]["fraction"] == "11/36"
    assert _json(capsys, "fallout", "3")["new_per_roll"]["fraction"] == "7/10"
    assert _json(capsys, "fallout", "10")["retires"] is True


def test_text_output(capsys):
    assert (
        main(["tmc", "odds", "damage", "--die", "8", "--armor", "1", "--hp", "3", "--str", "10"])
        == 0
    )
    out = capsys.readouterr().out
    assert "critical damage:      5/16 (31.25%)" in out


@pytest.mark.parametrize(
    "args",
    [
        ["save", "x"],
        ["save", "31"],
        ["fallout", "11"],
        ["damage", "--die", "0", "--hp", "3", "--str", "10"],
        ["stress", "--die", "6", "--hp", "-1", "--ctrl", "10"],
        [],
    ],
)
def test_bad_input_exits_2(args, capsys):
    assert main(["tmc", "odds", *args]) == 2
    assert "harbinger tmc:" in capsys.readouterr().err


@pytest.mark.slow  # a process of its own: `python -m harbinger tmc odds` from a shell
def test_headless_subprocess():
    done = subprocess.run(
        [sys.executable, "-m", "harbinger", "tmc", "odds", "save", "10", "--json"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["saves"][0]["pass"]["fraction"] == "1/2"


def test_pdf_of_a_spacefarer_a_crew_and_a_blank_sheet(tmp_path, capsys):
    from resources import resource_path
    from tests.printing.common.pdfread import body_text, read_pdf

    okoye = str(resource_path("mortal_coil", "okoye-vale.json"))
    crew = str(resource_path("mortal_coil", "crew-lantern.json"))
    for source, printed in ((okoye, "spacefarer Okoye Vale"), (crew, "crew The Lantern")):
        out = tmp_path / "out.pdf"
        assert main(["tmc", "pdf", source, "-o", str(out), "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert (doc["printed"], doc["pages"]) == (printed, 1)
        assert printed.split(" ", 1)[1] in body_text(read_pdf(out)[1])
    assert main(["tmc", "pdf", "--blank", "-o", str(tmp_path / "b.pdf")]) == 0
    assert "blank sheet: 1 page(s)" in capsys.readouterr().out
    assert main(["tmc", "pdf", "-o", str(tmp_path / "x.pdf")]) == 2
    wren = str(resource_path("examples", "newbie-wren-halloway.json"))
    assert main(["tmc", "pdf", wren, "-o", str(tmp_path / "x.pdf")]) == 2
    assert "not a This Mortal Coil character file" in capsys.readouterr().err


# --------------------------------------------------------------------------- issue 28


def test_start_of_combat_from_the_cli(capsys):
    """ "each crew member must make a DEX save": DEX 10 and 15 both pass 1/2 × 3/4 = 3/8."""
    doc = _json(capsys, "start", "Ana=10", "15")
    assert [m["name"] for m in doc["members"]] == ["Ana", "member 2"]
    assert doc["everyone"]["fraction"] == "3/8"
    assert doc["acting_first"]["1"]["fraction"] == "1/2"
    assert doc["expected"]["fraction"] == "5/4"


def test_retreat_from_the_cli(capsys):
    """ "requires a successful DEX save and a safe destination": DEX 12 → 3/5, else 0."""
    assert _json(capsys, "retreat", "12")["gets_away"]["fraction"] == "3/5"
    doc = _json(capsys, "retreat", "12", "--no-safe-destination")
    assert doc["gets_away"]["fraction"] == "0/1"


def test_blast_from_the_cli(capsys):
    """A d4 blast of unclear size: 1-4 targets, a d4 each: 25/4 on average, 1/16 for 1."""
    doc = _json(capsys, "blast", "--die", "d4")
    assert doc["targets_rolled"] is True
    assert doc["expected_total"]["fraction"] == "25/4"
    assert doc["total"]["1"]["fraction"] == "1/16"


def test_blast_with_bad_targets_exits_2(capsys):
    assert main(["tmc", "odds", "blast", "--die", "6", "--targets", "zero"]) == 2
    assert "TARGETS" in capsys.readouterr().err


def test_move_and_carry_from_the_cli(capsys):
    """ "move up to 40 feet and then take one action" (a second move: 80);
    thralls carry items, ten slots read as a character's."""
    assert main(["tmc", "move", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["feet"] == 40
    assert main(["tmc", "move", "--second-move", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["feet"] == 80
    args = ["tmc", "carry", "--kind", "associate", "--normal", "9", "--bulky", "1", "--json"]
    assert main(args) == 0
    doc = json.loads(capsys.readouterr().out)
    assert (doc["slots_used"], doc["over"], doc["zero_hp"]) == (11, 1, True)
