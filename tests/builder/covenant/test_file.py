"""The Covenant character file: exact round trips, and clear refusals of bad files."""

from __future__ import annotations

import json
import typing
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator

from builder.core.approval import ItemState, approve, verify
from builder.covenant import character as cv
from builder.covenant.file import (
    ENTRY_TYPES,
    FORMAT,
    MAX_FILE_BYTES,
    CovenantFile,
    CovenantFileError,
    dumps_covenant,
    loads_covenant,
    read_covenant_file,
    to_document,
    write_covenant_file,
)
from builder.covenant.rules import evaluate_covenant
from resources import resource_path
from tests.builder.covenant.examples import COIL_RIFLE, ines

EXAMPLE = resource_path("covenant", "example-character.json")


def every_entry() -> tuple[cv.LogEntry, ...]:
    """One play-log entry of each kind, with non-default values where it has fields."""
    tie = cv.Tie("tie-x", "A friend", "Met on the docks.")
    goal = cv.Goal("g", "Win", "Carry the vote.", "A seat.", "An ally.", "end of chapter")
    return (
        cv.BeginScene("docks"),
        cv.EndTurn(),
        cv.EndScene(),
        cv.EndChapter(),
        cv.UseAsset("coil-rifle", "overcharge", cv.UseState.EXHAUST),
        cv.RechargeAsset("coil-rifle", "2 advantages"),
        cv.Bid(12, cv.DamageSeverity.CHAPTER, "bribe"),
        cv.Resist(20, cv.DamageSeverity.LONG_TERM, 9, cv.BidCost.HALF, 5, "shot"),
        cv.Heal("medic"),
        cv.RestoreLongTerm(5, "implant"),
        cv.LoseTie("tie-skiff", "repossessed"),
        cv.GainTie(tie),
        cv.BuyAsset(COIL_RIFLE),
        cv.UseStoryControl(cv.StoryControl.SECOND_WIND, "deep breath"),
        cv.AddCondition(cv.Condition("c", "Dazed", "1 disadvantage", "rest", True)),
        cv.CureCondition("c", "rested"),
        cv.AddDrain(cv.Drain("d", "Fire", "every round", 5, cv.DamageSeverity.SCENE, "douse")),
        cv.DrainTick("d"),
        cv.CureDrain("d", "doused"),
        cv.SetGoal(cv.GoalSlot.MAJOR, goal),
        cv.ResolveGoal(cv.GoalSlot.MINOR, False, "missed"),
        cv.Sacrifice("held the door"),
        cv.Contest(
            cv.BidKind.ATTACK, 10, 18, 2, 1, 1, 0, "", 3, True, cv.DamageSeverity.SCENE, "x"
        ),
        cv.ShareDiscipline(4, cv.BidCost.DOUBLE, "for Ines"),
        cv.SpendBanked(cv.BankedUse.OPPONENT_DISADVANTAGE, "trip"),
        cv.Succession("ines", 3, 2, 5, "heir"),
    )


def example_file() -> CovenantFile:
    character = replace(ines(), player="Sam", pronouns="xi/xir", log=every_entry(), notes="ünï")
    approved = approve(to_document(CovenantFile(character)), "character", "Lee", at="2026-03-01")
    return CovenantFile(character, tuple(approved["approvals"]))


def refusal(text: str | bytes) -> CovenantFileError:
    with pytest.raises(CovenantFileError) as caught:
        loads_covenant(text, source="ines.json")
    return caught.value


def document() -> dict[str, Any]:
    return typing.cast(dict[str, Any], json.loads(dumps_covenant(example_file())))


# --------------------------------------------------------------------------- round trips


def test_every_kind_of_log_entry_is_written_and_read_back_exactly() -> None:
    assert {type(e) for e in every_entry()} == set(typing.get_args(cv.LogEntry))
    f = example_file()
    text = dumps_covenant(f)
    assert loads_covenant(text) == f
    assert dumps_covenant(loads_covenant(text)) == text


def test_the_file_is_canonical_json_with_format_and_version() -> None:
    doc = document()
    assert list(doc) == sorted(doc)
    assert (doc["format"], doc["version"]) == ("harbinger.covenant", 1)
    assert doc["character"]["log"][4] == {
        "asset": "coil-rifle",
        "state": "exhaust",
        "type": "use_asset",
        "use": "overcharge",
    }
    assert dumps_covenant(example_file()).endswith("}\n")


def test_the_shipped_example_file_opens_is_canonical_and_legal() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    f = read_covenant_file(EXAMPLE)
    assert dumps_covenant(f) == text
    report = evaluate_covenant(f.character)
    assert report.legal
    assert report.discipline.to_json() == {
        "free": 285,
        "scene": 0,
        "chapter": 15,
        "long_term": 0,
        "total": 300,
    }
    assert (report.tokens.spent, report.tokens.available) == (7, 3)


def test_write_then_read_from_disk(tmp_path: Path) -> None:
    path = tmp_path / "ines.covenant.json"
    write_covenant_file(path, example_file())
    assert read_covenant_file(path) == example_file()


def test_an_approval_detects_any_later_edit() -> None:
    f = example_file()
    assert verify(to_document(f)).passed
    edited = replace(f, character=replace(f.character, name="Ines Vell"))
    status = verify(to_document(edited))
    assert [(i.key, i.state) for i in status.changed] == [("core", ItemState.CHANGED)]


def test_schema_is_valid_draft_2020_12_and_lists_every_entry_type() -> None:
    schema = json.loads(resource_path("schemas", "covenant-file.v1.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$defs"]["logEntry"]["properties"]["type"]["enum"] == list(ENTRY_TYPES)


# --------------------------------------------------------------------------- refusals


def test_refuses_a_file_over_four_mebibytes() -> None:
    err = refusal(b" " * (MAX_FILE_BYTES + 1))
    assert str(err) == "ines.json is larger than the 4194304 byte limit for a character file"


def test_reading_from_disk_stops_at_the_size_limit(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_bytes(b"[" + b" " * MAX_FILE_BYTES + b"]")
    with pytest.raises(CovenantFileError, match="byte limit"):
        read_covenant_file(path)


def test_refuses_missing_file_with_its_name(tmp_path: Path) -> None:
    with pytest.raises(CovenantFileError, match=r"cannot read .*nowhere\.json"):
        read_covenant_file(tmp_path / "nowhere.json")


def test_refuses_text_that_is_not_utf8() -> None:
    assert str(refusal(b'{"format": "\xff"}')) == "ines.json is not UTF-8 text (byte 12)"


def test_refuses_malformed_json_with_line_and_column() -> None:
    err = refusal('{\n  "format": "harbinger.covenant",\n  "version" 1\n}')
    assert str(err) == "ines.json is not valid JSON: Expecting ':' delimiter at line 3 column 13"


def test_refuses_duplicate_keys_and_non_numbers() -> None:
    assert "the key 'version' appears twice" in str(refusal('{"version": 1, "version": 2}'))
    assert "NaN is not a number JSON allows" in str(refusal('{"version": NaN}'))


def test_refuses_another_format_and_a_newer_version() -> None:
    doc = document()
    doc["format"] = "harbinger.contractor"
    err = refusal(json.dumps(doc))
    assert (err.where, err.what) == (
        "format",
        f"not a Covenant character file (format is 'harbinger.contractor', expected {FORMAT!r})",
    )
    doc = document()
    doc["version"] = 2
    err = refusal(json.dumps(doc))
    assert err.where == "version"
    assert "newer Harbinger (version 2)" in err.what


def test_schema_errors_name_the_field_and_the_problem() -> None:
    doc = document()
    doc["character"]["log"][6]["spent"] = -3
    err = refusal(json.dumps(doc))
    assert (err.where, err.what) == ("character.log[6].spent", "-3 is less than the minimum of 0")
    assert str(err) == "character.log[6].spent: -3 is less than the minimum of 0"


def test_schema_errors_for_wrong_types_and_unknown_fields() -> None:
    doc = document()
    doc["character"]["creation"]["ties"][0]["details"] = 7
    doc["character"]["creation"]["traits"][1]["cost"] = 1
    doc["character"]["log"][20]["fulfilled"] = 1
    doc["character"]["log"][11]["type"] = "steal_tie"
    err = refusal(json.dumps(doc))
    assert [w for w, _ in err.problems] == [
        "character.creation.ties[0].details",
        "character.creation.traits[1]",
        "character.log[11].type",
        "character.log[20].fulfilled",
    ]
    assert err.problems[0][1] == "7 is not of type 'string'"
    assert "'cost' was unexpected" in err.problems[1][1]
    assert err.problems[3][1] == "1 is not of type 'boolean'"


def test_schema_errors_for_missing_fields_and_bad_enum_values() -> None:
    doc = document()
    del doc["character"]["creation"]
    doc["approvals"][0] = "not-an-approval"
    doc["character"]["log"][4]["state"] = "borrow"
    err = refusal(json.dumps(doc))
    assert [w for w, _ in err.problems] == [
        "approvals[0]",
        "character",
        "character.log[4].state",
    ]
    assert err.problems[1][1] == "'creation' is a required property"
    assert err.problems[2][1].startswith("'borrow' is not one of ['expend', 'tap'")


def test_a_file_is_data_only_nothing_in_it_runs() -> None:
    """Text that looks like code is just text: it is stored, never evaluated."""
    doc = document()
    doc["character"]["name"] = "__import__('os').system('echo pwned')"
    f = loads_covenant(json.dumps(doc))
    assert f.character.name == "__import__('os').system('echo pwned')"
    doc["character"]["log"][0] = {"type": "__class__", "note": "x"}
    assert refusal(json.dumps(doc)).where == "character.log[0].type"


def test_a_rule_breaking_character_still_opens_so_the_review_can_show_it() -> None:
    doc = document()
    doc["character"]["creation"]["ties"] = doc["character"]["creation"]["ties"][:2]
    f = loads_covenant(json.dumps(doc))
    rules = [x.rule for x in evaluate_covenant(f.character).findings]
    assert "covenant.creation.ties" in rules
