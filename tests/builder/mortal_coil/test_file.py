"""The ``harbinger.mortal-coil`` file, its registry entry, the audit and the log wording."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from builder.core import registry
from builder.core.registry import FileFormatError
from builder.core.report import Verdict
from builder.mortal_coil import file as mc_file
from builder.mortal_coil.character import (
    Ability,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    Item,
    NightRest,
    Retire,
    Save,
    ShortRest,
    TakeHarm,
    WeekOfCare,
)
from builder.mortal_coil.creation import Associate
from builder.mortal_coil.crew import Crew, Ship, crew_findings, daily_wages, take_breech
from builder.mortal_coil.wording import FALLOUT, describe
from tests.builder.mortal_coil.examples import OKOYE

PLAYED = replace(
    OKOYE,
    log=(
        TakeHarm(HarmKind.DAMAGE, 9, 1, 7),
        ShortRest(2),
        TakeHarm(HarmKind.STRESS, 2, 0, 0),
        TakeHarm(HarmKind.STRESS, 3, 0, 15),
        AddFallout(7, (7,)),
        NightRest(),
        Save(Ability.DEX, 4, "dodge the hatch"),
        Deprived(2, "sleep"),
        EndDeprivation(),
        WeekOfCare(),
        Retire("walked into the void"),
    ),
)


def test_a_file_round_trips_exactly():
    f = mc_file.MortalCoilFile(PLAYED, ({"approval_version": 1},))
    text = mc_file.dumps(f)
    assert mc_file.loads(text) == f
    assert mc_file.dumps(mc_file.loads(text)) == text
    doc = json.loads(text)
    assert doc["format"] == "harbinger.mortal-coil" and doc["version"] == 1
    assert doc["character"]["log"][0] == {
        "type": "take_harm",
        "kind": "damage",
        "roll": 9,
        "reduction": 1,
        "save": 7,
    }


def test_the_registry_reads_and_writes_spacefarers():
    system = registry.system("mortal-coil")
    doc = mc_file.to_document(mc_file.MortalCoilFile(PLAYED))
    assert registry.system_for_document(doc) is system
    read = registry.read_document(doc)
    assert read.character == PLAYED and read.system == "mortal-coil"
    assert system.write(read) == doc
    assert system.dumps(read) == mc_file.dumps(mc_file.MortalCoilFile(PLAYED)).encode()
    assert system.identity(PLAYED) == registry.Identity("tmc-okoye", "Okoye Vale", "Sam")
    assert registry.system_for_character(PLAYED) is system
    items = system.approval_items(system.normalize(doc["character"]))
    assert sorted(items)[:3] == ["core", "log[0]", "log[10]"] and len(items) == 12
    assert (
        registry.describe_entry(PLAYED, PLAYED.log[0])
        == "Took 9 damage (armor 1); STR save rolled 7"
    )


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["character"].__setitem__("armor", -1), "character.armor"),
        (lambda d: d["character"]["log"][0].__setitem__("kind", "fire"), "character.log[0]"),
        (lambda d: d["character"].__setitem__("extra", 1), "character"),
        (lambda d: d.__setitem__("version", 2), "version"),
    ],
)
def test_bad_files_are_refused_naming_the_place(change, where):
    doc = mc_file.to_document(mc_file.MortalCoilFile(PLAYED))
    change(doc)
    with pytest.raises(FileFormatError) as caught:
        mc_file.from_document(doc)
    assert caught.value.where.startswith(where)


def test_the_audit_of_a_played_character():
    audit = registry.system("mortal-coil").audit(PLAYED, {})
    assert audit.passed and audit.family == "mortal-coil"
    assert audit.line("tmc.state").message == (
        "Now: HP 4/4, STR 10/10, DEX 12/12, CTRL 8/8; retired (walked into the void)"
    )
    assert audit.line("tmc.slots").message == "Slots: 5 of 10 (gear 4, fatigue 0, fallout 1)"
    assert audit.line("tmc.log").numbers == {"entries": 11, "refused": []}


def test_the_audit_fails_refused_entries_and_overfull_slots():
    crates = tuple(Item(f"Crate {i}") for i in range(6))
    bad = replace(OKOYE, items=(*OKOYE.items, *crates), log=(AddFallout(2), ShortRest(9)))
    audit = registry.system("mortal-coil").audit(bad, {})
    assert not audit.passed
    assert audit.line("tmc.slots").verdict is Verdict.FAIL
    assert audit.line("tmc.log").numbers == {"entries": 2, "refused": [1]}
    assert audit.line("tmc.creation").verdict is Verdict.PASS
    owed = replace(OKOYE, log=(TakeHarm(HarmKind.STRESS, 6, 0, 19),))
    assert registry.system("mortal-coil").audit(owed, {}).line("tmc.state").verdict is Verdict.WARN


def test_log_wording():
    assert [describe(e) for e in PLAYED.log[2:]] == [
        "Took 2 stress (stability 0)",
        "Took 3 stress (stability 0); CTRL save rolled 15",
        "Fallout 7 (rolled 7): " + FALLOUT[7],
        "Safe night's sleep: HP restored",
        "DEX save rolled 4 (dodge the hatch)",
        "Deprived of sleep for 2 days",
        "Deprivation ended",
        "A week of rest with medical care",
        "Retired: walked into the void",
    ]
    assert describe(NightRest(3, "ctrl")) == "Safe night at full HP: +3 CTRL"
    assert describe(AddFallout(4)) == "Fallout 4 (chosen): " + FALLOUT[4]
    assert len(FALLOUT) == 10


def test_a_crew_file_round_trips_and_its_ship_takes_breech_damage():
    crew = Crew(
        "crew-lantern",
        "The Lantern",
        ("tmc-okoye",),
        Ship("Lantern", "Kestrel-class hauler", 6, 4),
        (Associate("Pell", 14, 15, 12, 4, 6, 80), Associate("Rix", 9, 11, 10, 2, 6, 50)),
        300,
    )
    assert mc_file.crew_from_document(mc_file.crew_document(crew)) == crew
    assert daily_wages(crew) == 130
    assert crew_findings(crew) == []
    hit = take_breech(crew.ship, 4)
    assert (hit.bp, hit.destroyed) == (0, False)
    assert take_breech(hit, 1).destroyed
    wrong = replace(crew, members=("a", "a"), ship=Ship(bp_max=3, bp=5))
    assert [f.rule for f in crew_findings(wrong)] == ["tmc.crew.bp", "tmc.crew.members"]
