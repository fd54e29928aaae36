"""builder.contract.file: the export format, its schema, and how bad files are refused."""

from __future__ import annotations

import dataclasses
import json
import os
import typing
from datetime import date, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.contract import character as values
from builder.contract.character import Concept, Contractor, Gift
from builder.contract.file import (
    CURRENT_VERSION,
    MAX_FILE_BYTES,
    _schema_problems,
    character_document,
    dumps_character_file,
    read_character_document,
    read_character_file,
    schema_path,
    schema_validator,
    validate_contractor,
    write_character_file,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.serialize import ENTRY_TYPES
from builder.core.files import CharacterFileError
from builder.core.gm_notes import GmNote
from resources import resource_path
from tests.hypothesis_profiles import examples
from tests.models.strategies import contractors

SEASONED = resource_path("examples", "seasoned-ines-varga.json")


def _document() -> dict[str, Any]:
    return json.loads(SEASONED.read_bytes())


def _refusal(document: Any) -> str:
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    with pytest.raises(CharacterFileError) as caught:
        read_character_file(raw)
    return str(caught.value)


# --------------------------------------------------------------------------- round trips


@settings(max_examples=examples(60), deadline=None)
@given(contractors)
def test_any_contractor_exports_and_imports_unchanged(contractor: Contractor) -> None:
    data = dumps_character_file(contractor, exported_at="2025-01-01T00:00:00Z")
    assert read_character_file(data) == contractor
    again = dumps_character_file(read_character_file(data), exported_at="2025-01-01T00:00:00Z")
    assert again == data


@settings(max_examples=examples(30), deadline=None)
@given(
    contractors, st.text(st.characters(exclude_categories=("Cs", "Cc")), min_size=1, max_size=40)
)
def test_a_full_export_keeps_the_gm_note_with_the_contractor(
    contractor: Contractor, note: str
) -> None:
    """The full export's optional ``gm_notes`` field reads back as written, beside any
    contractor (suggestions and items included); an empty note writes no field."""
    written = GmNote(contractor.id, note, "Lee", "2026-05-10")
    data = dumps_character_file(contractor, exported_at="2025-01-01T00:00:00Z", gm_note=written)
    document = read_character_document(data)
    assert document.contractor == contractor
    assert document.gm_note == (written if not written.empty else None)


def test_export_import_export_gives_the_same_document_apart_from_the_time(tmp_path: Path) -> None:
    document = read_character_document(SEASONED)
    approvals = [{"leader": "Priya", "digest": "abc", "note": "Looks right"}]
    out = write_character_file(document.contractor, tmp_path / "ines.json", approvals=approvals)
    first = json.loads(out.read_bytes())
    second_doc = read_character_document(out)
    assert second_doc.approvals == tuple(approvals)
    write_character_file(second_doc.contractor, out, approvals=second_doc.approvals)
    second = json.loads(out.read_bytes())
    first.pop("exported_at")
    second.pop("exported_at")
    assert first == second
    assert first["character"] == _document()["character"]


def test_the_file_starts_with_format_and_version_and_ends_with_a_newline() -> None:
    data = dumps_character_file(
        Contractor("c1", Concept("Ann")), exported_at="2025-01-01T00:00:00Z"
    )
    assert data.startswith(b'{\n  "format": "harbinger.contractor",\n  "version": 1,\n')
    assert data.endswith(b"}\n")
    document = json.loads(data)
    assert list(document) == [
        "format",
        "version",
        "exported_at",
        "app_version",
        "character",
        "approvals",
    ]
    assert document["approvals"] == []


def test_writing_replaces_the_file_whole_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "ann.json"
    target.write_text("old content")
    write_character_file(Contractor("c1", Concept("Ann")), target)
    assert read_character_file(target).concept.name == "Ann"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ann.json"]


def test_a_failed_write_keeps_the_old_file(tmp_path: Path) -> None:
    target = tmp_path / "ann.json"
    target.write_text("old content")
    bad = Contractor("c1", Concept("Ann"), notes=object())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        write_character_file(bad, target)
    assert target.read_text() == "old content"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ann.json"]


# --------------------------------------------------------------------------- refusals


def test_a_mistyped_field_is_named_with_its_path() -> None:
    document = _document()
    document["character"]["ledger"][2]["exp"] = "ten"
    assert _refusal(document) == "ledger[2].exp: expected an integer, got 'ten'"


def test_a_whole_number_written_with_a_decimal_point_is_not_an_integer() -> None:
    document = _document()
    document["character"]["ledger"][2]["exp"] = 15.0
    assert _refusal(document) == "ledger[2].exp: expected an integer, got 15.0"


def test_an_unknown_entry_type_lists_the_known_ones() -> None:
    document = _document()
    document["character"]["ledger"][0]["type"] = "respec"
    message = _refusal(document)
    assert message.startswith("ledger[0].type: expected one of 'contract', 'journal',")
    assert message.endswith("got 'respec'")


def test_several_problems_are_summed_up() -> None:
    document = _document()
    for index in range(6):
        document["character"]["ledger"][index]["date"] = index
    message = _refusal(document)
    assert message == (
        "ledger[0].date: expected text, got 0; also ledger[1].date: expected text, got 1; "
        "ledger[2].date: expected text, got 2; and 3 more problems"
    )


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(format="foo"), "format 'foo' is not a Harbinger character file"),
        (lambda d: d.pop("format"), "no 'format' field: not a Harbinger character file"),
        (
            lambda d: d.update(version=7),
            "version 7 is newer than this Harbinger (1); update Harbinger to open it",
        ),
        (lambda d: d.update(version="1"), "version: expected a whole number, got '1'"),
        (lambda d: d.update(version=0), "version 0 was never a Harbinger file version"),
        (lambda d: d.pop("character"), "missing field 'character'"),
        (lambda d: d.update(extra=1), "unexpected field 'extra'"),
        (lambda d: d.update(approvals=[1]), "approvals[0]: expected an object, got 1"),
        (lambda d: d["character"].update(id="has space"), None),
        (lambda d: d["character"]["concept"].pop("name"), "concept: missing field 'name'"),
        (
            lambda d: d["character"]["health"]["injuries"][0].update(severity=-1),
            "health.injuries[0].severity: must be at least 0, got -1",
        ),
        (
            lambda d: d["character"]["ledger"][0].update(credits=2**40),
            "ledger[0].credits: must be at most 100000, got 1099511627776",
        ),
        (
            lambda d: d["character"]["concept"].update(name="x" * 201),
            "concept.name: text is longer than 200 characters",
        ),
        (
            lambda d: d["character"]["gifts"][1].update(id="ines-g1"),
            "gifts[1].id: 'ines-g1' is also the id of gifts[0]; Gift ids must differ",
        ),
    ],
)
def test_bad_documents_are_refused_with_what_and_where(change: Any, message: str | None) -> None:
    document = _document()
    change(document)
    refusal = _refusal(document)
    if message is None:
        assert refusal.startswith(
        "id: 'has space' is not a valid id (an id is 1 to 64 letters, digits"
    )
    else:
        assert refusal == message


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (b"", "file is empty"),
        (b"   \n", "file is empty"),
        (b"\xff\xfe{}", "file is not UTF-8 text (bad byte at offset 0)"),
        (b'{"format": ', "file is not valid JSON: Expecting value at line 1 column 12"),
        (b"[1, 2]", "file holds a list, not a Harbinger character file (a JSON object)"),
        (b'"hello"', "file holds 'hello', not a Harbinger character file (a JSON object)"),
        (b'{"format": NaN}', "file is not valid JSON: NaN is not a JSON value"),
        (b'{"format": 1e999}', "format: number is too large or not a number"),
        (b'{"a": "\\u0000"}', "a: text contains a NUL character"),
        (b'{"a": "\\ud800"}', "a: text contains an unpaired surrogate escape (not valid Unicode)"),
        (
            b'{"a": 1' + b"0" * 5000 + b"}",
            "file holds a number 5,001 digits long; numbers here have at most 100 digits",
        ),
        (b'{"a": "abc', "file is not valid JSON: Unterminated string starting at line 1 column 7"),
    ],
)
def test_bytes_that_are_not_a_json_document_are_refused(raw: bytes, message: str) -> None:
    """Issue 13, item 7: no "starting at at", no hint at Python's set_int_max_str_digits."""
    assert _refusal(raw) == message


def test_deep_nesting_is_refused_before_the_schema_sees_it() -> None:
    nested: Any = {}
    for _ in range(40):
        nested = {"x": nested}
    document = _document()
    document["approvals"] = [nested]
    assert _refusal(document).startswith("approvals[0].x.x.x")
    assert _refusal(document).endswith(": nested deeper than 32 levels")
    assert _refusal(b"[" * 100_000 + b"]" * 100_000) == "file is nested deeper than 32 levels"


def test_a_file_over_4_mb_is_refused_without_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(9 * 1024 * 1024)
    with pytest.raises(CharacterFileError) as caught:
        read_character_file(big)
    assert str(caught.value) == "file is 9 MB; the limit is 4 MB"
    assert _refusal(b" " * (MAX_FILE_BYTES + 1)) == "file is 4.0 MB; the limit is 4 MB"


def test_a_byte_order_mark_is_tolerated() -> None:
    data = dumps_character_file(Contractor("c1", Concept("Ann")))
    assert read_character_file(b"\xef\xbb\xbf" + data).concept.name == "Ann"


def test_missing_and_folder_paths_say_so(tmp_path: Path) -> None:
    for path, message in [
        (tmp_path / "nope.json", f"{tmp_path / 'nope.json'} does not exist"),
        (tmp_path, f"{tmp_path} is a folder, not a file"),
    ]:
        with pytest.raises(CharacterFileError) as caught:
            read_character_file(path)
        assert str(caught.value) == message


def test_validate_contractor_refuses_what_could_not_be_read_back() -> None:
    twin = Gift("g1", GiftDraft("power", "injure", "targeted"), 1)
    with pytest.raises(CharacterFileError, match=r"gifts\[1\]\.id: 'g1' is also the id"):
        validate_contractor(Contractor("c1", Concept("Ann"), gifts=(twin, twin)))
    with pytest.raises(CharacterFileError, match="text contains a NUL character"):
        validate_contractor(Contractor("c1", Concept("A\x00nn")))
    with pytest.raises(CharacterFileError, match="count: must be at least 1, got 0"):
        draft = GiftDraft(
            "power", "injure", "targeted", enhancements=(ModifierChoice("x", count=0),)
        )
        validate_contractor(Contractor("c1", Concept("Ann"), gifts=(Gift("g1", draft, 1),)))
    validate_contractor(read_character_file(SEASONED))


# --------------------------------------------------------------------------- the schema file


def _schema() -> dict[str, Any]:
    return json.loads(schema_path(CURRENT_VERSION).read_text(encoding="utf-8"))


_DEFS_BY_CLASS = {
    values.Contractor: "contractor",
    values.Concept: "concept",
    values.Limit: "limit",
    values.AssetPick: "asset_pick",
    values.Creation: "creation",
    values.Gift: "gift",
    GiftDraft: "gift_draft",
    ModifierChoice: "modifier_choice",
    values.SourcePool: "source",
    values.Item: "item",
    values.CraftedItem: "crafted_item",
    values.LegendaryArtifact: "legendary_artifact",
    values.ItemEvent: "item_event",
    values.Stock: "stock",
    values.Injury: "injury",
    values.BattleScar: "battle_scar",
    values.Trauma: "trauma",
    values.Health: "health",
    values.LooseEnd: "loose_end",
    **{cls: tag for tag, cls in ENTRY_TYPES.items()},
}


@pytest.mark.parametrize("cls", list(_DEFS_BY_CLASS), ids=lambda c: c.__name__)
def test_the_schema_describes_every_field_of_every_value(cls: type) -> None:
    definition = _schema()["$defs"][_DEFS_BY_CLASS[cls]]
    fields = {f.name: f for f in dataclasses.fields(cls)}
    tagged = cls in ENTRY_TYPES.values()
    properties = set(definition["properties"]) - ({"type"} if tagged else set())
    assert properties == set(fields)
    required = {
        name
        for name, f in fields.items()
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    }
    assert set(definition.get("required", [])) - {"type"} == required
    assert definition["additionalProperties"] is False
    hints = typing.get_type_hints(cls)
    for name, hint in hints.items():
        if isinstance(hint, type) and issubclass(hint, StrEnum):
            assert definition["properties"][name]["enum"] == [m.value for m in hint], name


def test_the_schema_lists_every_entry_type() -> None:
    entry = _schema()["$defs"]["entry"]
    assert entry["properties"]["type"]["enum"] == list(ENTRY_TYPES)
    assert [rule["then"]["$ref"] for rule in entry["allOf"]] == [
        f"#/$defs/{tag}" for tag in ENTRY_TYPES
    ]


def test_character_document_defaults_are_filled_in() -> None:
    document = character_document(Contractor("c1", Concept("Ann")))
    assert document["version"] == 1
    assert document["exported_at"].endswith("Z") and len(document["exported_at"]) == 20
    assert document["app_version"]


def test_files_are_written_with_the_users_umask(tmp_path: Path) -> None:
    old = os.umask(0o022)
    try:
        path = write_character_file(Contractor("c1", Concept("Ann")), tmp_path / "a.json")
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644


@settings(max_examples=examples(80), deadline=None)
@given(data=st.data())
def test_the_fast_schema_check_agrees_with_the_schema_file(data: st.DataObject) -> None:
    document = _document()
    ledger = document["character"]["ledger"]
    for _ in range(data.draw(st.integers(min_value=0, max_value=3))):
        entry = ledger[data.draw(st.integers(0, len(ledger) - 1))]
        key = data.draw(st.sampled_from([*entry, "extra"]))
        entry[key] = data.draw(
            st.sampled_from(["contract", "death", "raise", "nope", 0, 1.5, True, None, "", [], {}])
        )
    if data.draw(st.booleans()):
        document["character"]["gifts"][0]["cost"] = data.draw(st.sampled_from([1, "1", None]))
    full_verdict = schema_validator(CURRENT_VERSION).is_valid(document)
    assert full_verdict == (_schema_problems(document, CURRENT_VERSION) == [])


# --------------------------------------------------------------------------- issue 13: dates


def test_a_ledger_date_after_tomorrow_is_refused_naming_the_entry() -> None:
    document = _document()
    document["character"]["ledger"][3]["date"] = "9999-12-31"
    tomorrow = (date.today() + timedelta(days=1)).isoformat()
    assert _refusal(document) == f"ledger[3].date: date 9999-12-31 is after tomorrow ({tomorrow})"
    document["character"]["ledger"][3]["date"] = tomorrow
    assert read_character_file(json.dumps(document).encode()).ledger[3].date == tomorrow


@pytest.mark.parametrize("text", ["2023-13-45", "2023-02-30", "yesterday"])
def test_a_ledger_date_not_on_the_calendar_is_refused(text: str) -> None:
    document = _document()
    document["character"]["ledger"][2]["date"] = text
    assert _refusal(document) == (
        f"ledger[2].date: date {text!r} is not a calendar date written YYYY-MM-DD"
    )


def test_the_library_check_refuses_what_import_would_refuse() -> None:
    contractor = read_character_file(SEASONED)
    future = dataclasses.replace(contractor.ledger[0], date="9999-12-31")
    with pytest.raises(CharacterFileError, match=r"^ledger\[0\]\.date: date 9999-12-31 is after"):
        validate_contractor(
            dataclasses.replace(contractor, ledger=(future, *contractor.ledger[1:]))
        )
