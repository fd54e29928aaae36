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
    assert doc["format"] == "harbinger.gift-draft" and doc["version"] == 1
    assert doc["drawbacks"] == [{"id": "focus_item", "detail": "a brass lighter"}]
    back = read_draft_document(json.loads(json.dumps(doc)))
    assert back.draft == draft
    assert back.status is Status.SEASONED


@settings(max_examples=100, deadline=None)
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
        (_doc(version=2), "version: this Harbinger reads gift draft version 1, found 2"),
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


def test_schema_file_is_versioned_json_schema() -> None:
    schema = json.loads(resource_path("schemas", "gift-draft.v1.schema.json").read_text("utf-8"))
    assert schema["properties"]["format"] == {"const": "harbinger.gift-draft"}
    assert schema["properties"]["version"] == {"const": 1}
