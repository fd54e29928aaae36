"""The versioned gift-draft JSON format (SPEC §5, §7): round trip, and bad input refused
with what and where."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.contract.gifts import (
    DraftFormatError,
    GiftDraft,
    ModifierChoice,
    default_catalog,
    draft_from_json,
    draft_to_json,
    read_draft_document,
)
from builder.contract.status import Status
from resources import resource_path
from tests.hypothesis_profiles import examples

CATALOG = default_catalog()


def _doc(**extra):
    doc = {
        "format": "harbinger.gift-draft",
        "version": 1,
        "type": "power",
        "effect": "injure",
        "style": "targeted",
    }
    doc.update(extra)
    return doc


def test_minimal_document_reads_with_defaults() -> None:
    draft = draft_from_json(_doc())
    assert draft == GiftDraft("power", "injure", "targeted")


def test_full_document_round_trips() -> None:
    draft = GiftDraft(
        "power",
        "injure",
        "targeted",
        (ModifierChoice("armor_piercing"),),
        (ModifierChoice("focus_item", "a brass lighter"),),
        {"range": "far"},
        name="Ember Lance",
        tagline="Hold still.",
        description="Red light.",
    )
    doc = draft_to_json(draft, Status.SEASONED)
    assert doc["format"] == "harbinger.gift-draft" and doc["version"] == 2
    assert doc["drawbacks"] == [{"id": "focus_item", "detail": "a brass lighter"}]
    back = read_draft_document(json.loads(json.dumps(doc)))
    assert back.draft == draft
    assert back.status is Status.SEASONED


@settings(max_examples=examples(100), deadline=None)
@given(
    name=st.text(max_size=50),
    detail=st.text(max_size=50),
    count=st.integers(min_value=1, max_value=9),
)
def test_any_text_round_trips(name: str, detail: str, count: int) -> None:
    draft = GiftDraft(
        "power",
        "suggestion",
        "targeted",
        (ModifierChoice("extra_listener", detail, count),),
        name=name,
    )
    assert draft_from_json(json.loads(json.dumps(draft_to_json(draft)))) == draft


@pytest.mark.parametrize(
    ("doc", "message"),
    [
        ([], "a gift draft must be a JSON object"),
        ({"format": "harbinger.character"}, "format: expected 'harbinger.gift-draft'"),
        (_doc(version=3), "version: this Harbinger reads gift draft version 1, 2, found 3"),
        (
            _doc(enhancements=[{"id": "trigger_condition", "details": ["a"]}]),
            "Additional properties are not allowed ('details' was unexpected)",
        ),
        (
            _doc(version=2, enhancements=[{"id": "trigger_condition", "details": []}]),
            "enhancements[0].details: [] should be non-empty",
        ),
        (
            _doc(enhancements=[{"id": "quick", "count": 0}]),
            "enhancements[0].count: 0 is less than the minimum of 1",
        ),
        (_doc(drawbacks=[{"detail": "x"}]), "drawbacks[0]: 'id' is a required property"),
        (_doc(parameters={"range": 3}), "parameters.range: 3 is not of type 'string'"),
        (_doc(effect="Not An Id"), "effect: 'Not An Id' does not match"),
        (_doc(status="legend"), "status: 'legend' is not one of"),
        (_doc(colour="red"), "Additional properties are not allowed ('colour' was unexpected)"),
    ],
)
def test_bad_documents_say_what_and_where(doc, message) -> None:
    with pytest.raises(DraftFormatError) as info:
        read_draft_document(doc)
    assert message in str(info.value)


@pytest.mark.parametrize("version", [1, 2])
def test_schema_files_are_versioned_json_schema(version: int) -> None:
    name = f"gift-draft.v{version}.schema.json"
    schema = json.loads(resource_path("schemas", name).read_text("utf-8"))
    assert schema["properties"]["format"] == {"const": "harbinger.gift-draft"}
    assert schema["properties"]["version"] == {"const": version}


def test_version_1_drafts_still_open() -> None:
    """Old drafts (no per-instance details) read unchanged under version 2."""
    doc = _doc(drawbacks=[{"id": "focus_item", "detail": "a wand"}])
    draft = draft_from_json(doc)
    assert draft.drawbacks == (ModifierChoice("focus_item", "a wand"),)
    assert draft_to_json(draft)["version"] == 2


SEVERAL = GiftDraft(
    "power",
    "injure",
    "trap",
    enhancements=(ModifierChoice("trigger_condition", details=("a door opens", "a bell rings")),),
)


def test_instances_with_their_own_details_round_trip() -> None:
    """Version 2: a modifier taken several times keeps one detail per instance."""
    doc = draft_to_json(SEVERAL)
    assert doc["enhancements"] == [
        {"id": "trigger_condition", "details": ["a door opens", "a bell rings"]}
    ]
    back = draft_from_json(json.loads(json.dumps(doc)))
    assert back == SEVERAL
    assert back.enhancements[0].count == 2
