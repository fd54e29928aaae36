"""What thralls and associates carry, stored with the character and the crew (issue 28, item 1).

"You can also utilize your undead thralls to carry items for you" ("Inventory"); the
reading (``builder.mortal_coil.combat.carrier_load``): ten slots each, counted like a
character's, bulky two, small ones bundled.
"""

from __future__ import annotations

import json
from dataclasses import replace

from builder.core import registry
from builder.core.report import Verdict
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.character import Item, ItemSize, Thrall
from builder.mortal_coil.combat import carrier_lines
from builder.mortal_coil.creation import Associate
from builder.mortal_coil.crew import Crew, crew_findings
from tests.builder.mortal_coil.examples import OKOYE

BONES = Thrall(
    "Bones",
    (
        Item("Salvage crate", ItemSize.BULKY),
        *(Item(f"Flare {i}", ItemSize.SMALL) for i in range(4)),
    ),
)


def test_a_thrall_round_trips_and_an_old_file_still_reads():
    """The new field is written only when used: a file without thralls is byte-for-byte
    what it was, and one written before the field existed still opens."""
    with_thrall = replace(OKOYE, thralls=(BONES,))
    text = mc_file.dumps(mc_file.MortalCoilFile(with_thrall))
    assert mc_file.loads(text).character == with_thrall
    assert json.loads(text)["character"]["thralls"][0]["name"] == "Bones"
    plain = mc_file.dumps(mc_file.MortalCoilFile(OKOYE))
    assert "thralls" not in json.loads(plain)["character"]
    assert mc_file.loads(plain).character.thralls == ()


def test_the_sheet_line_counts_the_thralls_slots():
    """A bulky crate (2 slots) and four small flares (3 to a slot: 2 slots): 4 of 10."""
    c = replace(OKOYE, thralls=(BONES,))
    assert carrier_lines(c) == (
        "Thrall Bones: 4 of 10 slots (Salvage crate, Flare 0, Flare 1, Flare 2, Flare 3)",
    )


def test_an_overloaded_thrall_fails_the_audit():
    """ "You cannot carry more items than your inventory allows": eleven crates are one
    slot too many."""
    heavy = Thrall("Mule", tuple(Item(f"Crate {i}") for i in range(11)))
    audit = registry.system("mortal-coil").audit(replace(OKOYE, thralls=(heavy,)), {})
    assert not audit.passed
    failing = [line for line in audit.lines if line.verdict is Verdict.FAIL]
    assert [f.rule for line in failing for f in line.findings] == ["tmc.carrier.over"]


def test_an_associate_carries_and_round_trips_in_the_crew_file():
    """An associate made like a character: ten slots; eleven is over."""
    porter = Associate("Ama", 10, 11, 9, 4, carried=(Item("Tent", ItemSize.BULKY),))
    crew = Crew("crew-1", "Kestrel", associates=(porter,))
    doc = mc_file.crew_document(crew)
    assert doc["crew"]["associates"][0]["carried"][0]["name"] == "Tent"
    assert mc_file.crew_from_document(json.loads(json.dumps(doc))) == crew
    assert crew_findings(crew) == []
    over = replace(porter, carried=tuple(Item(str(i)) for i in range(11)))
    found = crew_findings(replace(crew, associates=(over,)))
    assert [(f.rule, f.where) for f in found] == [("tmc.carrier.over", "associates[0].carried")]
