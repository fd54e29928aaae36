"""The shipped examples (resources/mortal_coil/) read, audit clean and print.

Okoye Vale, worked by hand: STR 4+3+3 = 10, DEX 5+4+3 = 12, CTRL 2+4+1 = 7,
DEX and CTRL swapped (DEX 7, CTRL 12), HP d6 = 4. Play: 5 damage - armor 1 =
4 lands exactly on HP 0 (no STR loss, no save); a short rest of 2 (HP 2); 5
stress - stability 0: 2 off HP, 3 off CTRL (12 -> 9), the CTRL save of 14
fails: fallout 7, rolled; a safe night with HP not full: HP 4.
"""

from __future__ import annotations

import json

from builder.core import registry
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.crew import crew_findings, daily_wages
from builder.mortal_coil.rules import fold
from resources import resource_path


def test_okoye_reads_audits_and_folds_as_worked_by_hand():
    text = resource_path("mortal_coil", "okoye-vale.json").read_text(encoding="utf-8")
    read = registry.read_document(json.loads(text))
    c = read.character
    assert (c.creation.str_max, c.creation.dex_max, c.creation.ctrl_max, c.creation.hp_max) == (
        10,
        7,
        12,
        4,
    )
    s = fold(c)
    assert (s.hp, s.str_now, s.dex_now, s.ctrl_now, s.fallout, s.slots_used) == (
        4,
        10,
        7,
        9,
        (7,),
        5,
    )
    assert registry.system("mortal-coil").audit(c, {}).passed
    assert mc_file.dumps(mc_file.MortalCoilFile(c)) == text


def test_the_crew_example_reads():
    text = resource_path("mortal_coil", "crew-lantern.json").read_text(encoding="utf-8")
    crew = mc_file.crew_from_document(json.loads(text))
    assert (crew.name, crew.members, crew.ship.bp, daily_wages(crew)) == (
        "The Lantern",
        ("tmc-okoye-vale",),
        4,
        80,
    )
    assert crew_findings(crew) == []
    assert mc_file.canonical(mc_file.crew_document(crew)) == text
