"""The harbinger.coven v1 file and The Coven's entry in the game-system registry."""

from __future__ import annotations

import json

import pytest

from builder.core import registry
from builder.core.registry import CharacterFile, FileFormatError
from builder.coven import file as coven_file
from builder.coven.chronicle import (
    OTHERS,
    Challenge,
    Conflict,
    GameEnds,
    Party,
    Scene,
)
from builder.coven.system import SYSTEM
from tests.builder.coven.examples import end_week, play_influence, town


def played():
    c = play_influence(town(), ("JH", "mayor"), ("AS", "council"))
    c = c.append(
        Scene(OTHERS, "a whisper at the diner"),
        Conflict(
            "p-ann",
            "the Mayor comes clean",
            (Party("p-ann", ("aw2",), ("2C",)),),
            Challenge.ROUTINE,
            ("3D", "4H"),
            ("AS", "KD", "QC", "JH", "9S"),
            ((("p-ann", "TC"), (OTHERS, "TD")), (("p-ann", "5C"), (OTHERS, "8D"))),
        ),
        GameEnds(True, (("pot1.1", OTHERS),)),  # refused by the rules, kept by the file
    )
    return end_week(c)


def test_round_trip_is_exact() -> None:
    chronicle = played()
    text = coven_file.dumps(coven_file.CovenFile(chronicle))
    back = coven_file.loads(text)
    assert back.chronicle == chronicle
    assert coven_file.dumps(back) == text
    document = json.loads(text)
    assert document["format"] == "harbinger.coven" and document["version"] == 1
    assert document["character"]["log"][0]["type"] == "begin_week"


def test_the_registry_reads_and_writes_chronicles() -> None:
    assert registry.system("coven") is SYSTEM
    chronicle = played()
    document = SYSTEM.write(CharacterFile("coven", chronicle))
    assert registry.system_for_document(document) is SYSTEM
    assert registry.read_document(document).character == chronicle
    assert registry.system_for_character(chronicle) is SYSTEM
    identity = SYSTEM.identity(chronicle)
    assert (identity.id, identity.name, identity.player) == ("c-1", "Millbrook", "Olga")
    assert SYSTEM.dumps(CharacterFile("coven", chronicle)).endswith(b"}\n")


def test_normalize_and_approval_items() -> None:
    data = coven_file.chronicle_to_json(played())
    assert SYSTEM.normalize(data) == data
    items = SYSTEM.approval_items(data)
    assert "log" not in items["core"] and items["core"]["town"] == "Millbrook"
    assert items["log[0]"]["type"] == "begin_week"
    assert len(items) == 1 + len(data["log"])


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda d: d["character"].update(goal="take over"), "character.goal"),
        (lambda d: d["character"]["log"][1].update(card="1X"), "character.log[1].card"),
        (lambda d: d["character"]["log"].append({"type": "dance"}), "character.log[8].type"),
        (lambda d: d["character"].pop("town"), "character"),
        (lambda d: d.update(version=2), "version"),
    ],
)
def test_bad_files_are_refused_with_their_place(change, where: str) -> None:
    document = json.loads(coven_file.dumps(coven_file.CovenFile(played())))
    change(document)
    with pytest.raises(FileFormatError) as caught:
        coven_file.loads(json.dumps(document))
    assert caught.value.where == where



def test_every_schema_problem_is_kept_and_the_source_stays_empty() -> None:
    """A refused chronicle lists all its problems, as the other games' files do.

    (The problems once went into FileFormatError's ``source`` argument: mypy found it.)
    """
    document = json.loads(coven_file.dumps(coven_file.CovenFile(played())))
    document["character"].update(goal="take over")
    document["character"]["log"][1].update(card="1X")
    with pytest.raises(FileFormatError) as caught:
        coven_file.loads(json.dumps(document))
    assert [where for where, _ in caught.value.problems] == [
        "character.goal",
        "character.log[1].card",
    ]
    assert caught.value.source == ""


def test_audit_replays_the_log() -> None:
    audit = SYSTEM.audit(played(), {})
    assert not audit.passed
    assert [(f.rule, f.where) for f in audit.line("coven.log").findings] == [
        ("game.phase", "log[6]")
    ]
    assert audit.line("coven.town").numbers["markers"]["mayor"] == 1
    assert audit.line("coven.town").message == (
        "week 1: 2 corruption markers, 0 corrupt and 0 destroyed of 7 elements; play goes on"
    )
    assert (
        SYSTEM.describe_entry(played(), played().log[1]) == "JH: a corruption marker on Mayor Hart"
    )


def test_a_chronicle_is_in_play_until_one_side_wins() -> None:
    from tests.builder.coven.test_game import practitioners_clean_up, summoned_week

    assert SYSTEM.in_play(played())
    assert not SYSTEM.in_play(practitioners_clean_up(summoned_week()))
