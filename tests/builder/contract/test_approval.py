"""Approvals that survive the trip: digests per item, what changed since, and signatures.

The files are the hand-made ones in tests/data/review/; Mara Quill (clean.json)
has 8 approval items: her core, the Gift "mend" and 6 ledger entries.
"""

from __future__ import annotations

import base64
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from hypothesis import given, settings
from hypothesis import strategies as st

from builder.contract.file import character_document, document_from_data
from builder.core.approval import (
    ApprovalError,
    Change,
    ItemState,
    SignatureState,
    Verdict,
    approve,
    current_items,
    digest,
    public_key_text,
    verify,
)
from builder.covenant.file import dumps_covenant, from_document, loads_covenant
from resources import resource_path
from tests.hypothesis_profiles import examples

DATA = Path(__file__).resolve().parents[2] / "data" / "review"
WHEN = "2025-06-01T12:00:00Z"
ITEMS = ["core", "gift:mend", *(f"ledger[{i}]" for i in range(6))]


def clean() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((DATA / "clean.json").read_text(encoding="utf-8"))
    return data


def edited(document: dict[str, Any]) -> dict[str, Any]:
    """A deep copy to edit, as a player would edit the file after the approval."""
    return copy.deepcopy(document)


def states(status: Any) -> dict[str, ItemState]:
    return {item.key: item.state for item in status.items}


@pytest.fixture(scope="module")
def leader() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


@pytest.fixture(scope="module")
def forger() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.generate()


# --------------------------------------------------------------------------- approving


def test_an_approval_records_who_when_and_a_digest_of_each_item() -> None:
    document = clean()
    approved = approve(document, "contractor", "Lee Park", "Welcome to the Lantern", at=WHEN)
    (record,) = approved["approvals"]
    assert record["approved_by"] == "Lee Park"
    assert record["approved_at"] == WHEN
    assert (record["scope"], record["verdict"], record["note"]) == (
        "contractor",
        "approved",
        "Welcome to the Lantern",
    )
    assert record["character_id"] == "review-clean-mara"
    assert list(record["items"]) == ITEMS
    items = current_items(document)
    assert record["items"]["gift:mend"] == digest(items["gift:mend"])
    assert record["snapshot"]["ledger[5]"] == items["ledger[5]"]
    assert "signature" not in record


def test_approve_never_changes_its_input() -> None:
    document = clean()
    before = json.dumps(document, sort_keys=True)
    approve(document, "contractor", "Lee", at=WHEN)
    assert json.dumps(document, sort_keys=True) == before


def test_the_digest_is_sha256_of_sorted_compact_utf8_json() -> None:
    # printf '{"a":1,"b":"\xc3\xa9"}' | sha256sum
    assert digest({"b": "é", "a": 1}) == (
        "09ad9fd2fb648cb2f62141215828ea00a62c299db05d20aa9ade2f527a301cc6"
    )


def test_unchanged_content_verifies_as_approved() -> None:
    status = verify(approve(clean(), "contractor", "Lee", at=WHEN))
    assert status.passed
    assert states(status) == dict.fromkeys(ITEMS, ItemState.APPROVED)
    assert status.records[0].signature is SignatureState.UNSIGNED


# --------------------------------------------------------------------------- changed since approval


def test_one_word_of_a_gifts_system_text_shows_that_gift_as_changed() -> None:
    approved = approve(clean(), "contractor", "Lee", at=WHEN)
    after = edited(approved)
    gift = after["character"]["gifts"][0]
    old_text = gift["system_text"]
    gift["system_text"] = old_text.replace("one living creature", "one living person")
    status = verify(after)
    assert not status.passed
    assert states(status) == {
        **dict.fromkeys(ITEMS, ItemState.APPROVED),
        "gift:mend": ItemState.CHANGED,
    }
    (changed,) = status.changed
    assert changed.changes == (Change("system_text", "changed", old_text, gift["system_text"]),)
    assert (changed.approved_by, changed.approved_at) == ("Lee", WHEN)
    assert changed.title == "Gift 'Mend' (mend)"


def test_one_ledger_entrys_exp_shows_that_entry_as_changed() -> None:
    """Perception 2→3 costs 10 Exp; the player wrote 12 after the approval."""
    approved = approve(clean(), "contractor", "Lee", at=WHEN)
    after = edited(approved)
    after["character"]["ledger"][5]["exp"] = 12
    status = verify(after)
    assert [(i.key, i.state) for i in status.changed] == [("ledger[5]", ItemState.CHANGED)]
    assert status.changed[0].changes == (Change("exp", "changed", 10, 12),)
    assert status.count(ItemState.APPROVED) == 7


def test_entries_added_after_the_approval_are_not_approved_but_do_not_fail() -> None:
    after = edited(approve(clean(), "contractor", "Lee", at=WHEN))
    after["character"]["ledger"].append(
        {
            "type": "contract",
            "date": "2025-06-10",
            "scenario": "Ash",
            "home": True,
            "outcome": "failure",
        }
    )
    status = verify(after)
    assert status.passed
    assert states(status)["ledger[6]"] is ItemState.NOT_APPROVED
    assert status.count(ItemState.APPROVED) == 8


def test_a_gift_removed_after_its_approval_is_reported_removed() -> None:
    after = edited(approve(clean(), "contractor", "Lee", at=WHEN))
    after["character"]["gifts"] = []
    status = verify(after)
    assert states(status)["gift:mend"] is ItemState.REMOVED
    assert not status.passed


def test_a_gift_approved_alone_leaves_the_rest_unapproved() -> None:
    status = verify(approve(clean(), "gift:mend", "Lee", at=WHEN))
    assert states(status) == {
        **dict.fromkeys(ITEMS, ItemState.NOT_APPROVED),
        "gift:mend": ItemState.APPROVED,
    }
    assert status.passed


def test_a_request_for_changes_then_a_later_approval() -> None:
    asked = approve(
        clean(),
        "gift:mend",
        "Lee",
        "Tone it down",
        verdict=Verdict.CHANGES_REQUESTED,
        item_notes={"gift:mend": "Range 30 feet is too far for a Newbie table"},
        at=WHEN,
    )
    status = verify(asked)
    (item,) = [i for i in status.items if i.key == "gift:mend"]
    assert item.state is ItemState.CHANGES_REQUESTED
    assert item.note == "Range 30 feet is too far for a Newbie table"
    assert status.passed  # a pending request is not a forged or broken approval
    later = approve(asked, "contractor", "Lee", at="2025-06-02T09:00:00Z")
    assert states(verify(later))["gift:mend"] is ItemState.APPROVED


def test_a_file_resaved_by_the_app_keeps_its_approvals() -> None:
    """The hand-made file leaves defaulted fields out; the app writes them all."""
    approved = approve(clean(), "contractor", "Lee", at=WHEN)
    resaved = character_document(
        document_from_data(approved).contractor, approvals=approved["approvals"]
    )
    assert resaved["character"] != approved["character"]  # more fields written
    assert verify(resaved).passed
    assert states(verify(resaved)) == dict.fromkeys(ITEMS, ItemState.APPROVED)


@settings(max_examples=examples(25), deadline=None)
@given(index=st.integers(min_value=0, max_value=5), delta=st.integers(min_value=1, max_value=9))
def test_any_edited_date_flags_exactly_that_entry(index: int, delta: int) -> None:
    approved = approve(clean(), "contractor", "Lee", at=WHEN)
    after = edited(approved)
    entry = after["character"]["ledger"][index]
    entry["date"] = f"{entry['date']}+{delta}"
    status = verify(after)
    assert [i.key for i in status.changed] == [f"ledger[{index}]"]
    assert [c.path for c in status.changed[0].changes] == ["date"]


# --------------------------------------------------------------------------- signatures


def test_a_signed_approval_verifies_offline_with_the_leaders_public_key(
    leader: Ed25519PrivateKey,
) -> None:
    signed = approve(clean(), "contractor", "Lee", key=leader, at=WHEN)
    signature = signed["approvals"][0]["signature"]
    assert signature["algorithm"] == "ed25519"
    assert signature["public_key"] == public_key_text(leader)
    assert len(base64.b64decode(signature["value"])) == 64
    status = verify(signed, {public_key_text(leader): "Lee Park"})
    (record,) = status.records
    assert (record.signature, record.signer, record.accepted) == (
        SignatureState.VALID,
        "Lee Park",
        True,
    )
    assert status.passed and status.trusted_keys_checked


def test_a_flipped_byte_in_the_signature_is_rejected(leader: Ed25519PrivateKey) -> None:
    forged = approve(clean(), "contractor", "Lee", key=leader, at=WHEN)
    signature = forged["approvals"][0]["signature"]
    raw = bytearray(base64.b64decode(signature["value"]))
    raw[10] ^= 0x01
    signature["value"] = base64.b64encode(bytes(raw)).decode()
    status = verify(forged, {public_key_text(leader): "Lee"})
    (record,) = status.records
    assert record.signature is SignatureState.INVALID
    assert record.rejected and not record.accepted
    assert not status.passed
    # A rejected record approves nothing.
    assert states(status) == dict.fromkeys(ITEMS, ItemState.NOT_APPROVED)
    assert "REJECTED" in status.to_text()


def test_editing_a_signed_record_breaks_its_signature(leader: Ed25519PrivateKey) -> None:
    forged = approve(clean(), "contractor", "Lee", key=leader, at=WHEN)
    forged["approvals"][0]["approved_by"] = "Someone Else"
    assert verify(forged).records[0].signature is SignatureState.INVALID


def test_a_record_resigned_with_another_key_is_rejected_by_the_trust_list(
    leader: Ed25519PrivateKey, forger: Ed25519PrivateKey
) -> None:
    """A forger edits the ledger, recomputes the record and signs it with their own key."""
    genuine = approve(clean(), "contractor", "Lee", key=leader, at=WHEN)
    tampered = edited(genuine)
    tampered["character"]["ledger"][5]["exp"] = 0
    tampered["approvals"] = []
    forged = approve(tampered, "contractor", "Lee", key=forger, at=WHEN)
    trusted = {public_key_text(leader): "Lee"}
    status = verify(forged, trusted)
    (record,) = status.records
    assert record.signature is SignatureState.UNKNOWN_KEY
    assert not status.passed
    assert states(status)["ledger[5]"] is ItemState.NOT_APPROVED
    # Keeping the leader's public key while signing with another key does not help either.
    forged["approvals"][0]["signature"]["public_key"] = public_key_text(leader)
    assert verify(forged, trusted).records[0].signature is SignatureState.INVALID


def test_without_a_trust_list_a_signature_is_checked_against_its_own_key(
    forger: Ed25519PrivateKey,
) -> None:
    status = verify(approve(clean(), "contractor", "Lee", key=forger, at=WHEN))
    assert status.records[0].signature is SignatureState.VALID
    assert status.records[0].signer == ""
    assert not status.trusted_keys_checked


def test_a_snapshot_edited_to_hide_a_change_breaks_the_record() -> None:
    after = edited(approve(clean(), "contractor", "Lee", at=WHEN))
    after["character"]["ledger"][5]["exp"] = 0
    after["approvals"][0]["snapshot"]["ledger[5]"]["exp"] = 0
    status = verify(after)
    (record,) = status.records
    assert record.problems == ("its snapshot of ledger[5] does not match the approved digest",)
    assert not status.passed


def test_unsigned_records_can_be_required_to_be_signed() -> None:
    status = verify(approve(clean(), "contractor", "Lee", at=WHEN), require_signature=True)
    assert status.records[0].problems == ("it is not signed, and a signature is required",)
    assert not status.passed


def test_an_approval_copied_from_another_character_is_rejected() -> None:
    approved = approve(clean(), "gift:mend", "Lee", at=WHEN)
    other = json.loads((DATA / "stored-cost-differs.json").read_text("utf-8"))
    other["approvals"] = approved["approvals"]
    (record,) = verify(other).records
    assert record.problems == (
        "it approves character 'review-clean-mara', not this one ('review-stale-cost-tomas')",
    )


def test_a_malformed_record_is_rejected_with_what_is_wrong() -> None:
    document = clean()
    document["approvals"] = [{"approved_by": "Lee"}]
    (record,) = verify(document).records
    assert record.rejected
    assert "'approval_version' is a required property" in record.problems[0]


# --------------------------------------------------------------------------- bad requests


def test_an_unknown_scope_names_the_choices() -> None:
    with pytest.raises(ApprovalError, match=r"there is no Gift 'blink'.*mend"):
        approve(clean(), "gift:blink", "Lee")
    with pytest.raises(ApprovalError, match="choose one of contractor, core, ledger, gift:mend"):
        approve(clean(), "everything", "Lee")
    with pytest.raises(ApprovalError, match="approver's name"):
        approve(clean(), "contractor", "  ")
    empty = clean()
    empty["character"]["ledger"] = []
    with pytest.raises(ApprovalError, match="'ledger' holds nothing to approve"):
        approve(empty, "ledger", "Lee")


def test_a_document_that_is_not_a_character_file_is_refused() -> None:
    with pytest.raises(ApprovalError, match=r"format 'harbinger\.gift-draft'"):
        verify({"format": "harbinger.gift-draft", "character": {}})
    document = clean()
    document["character"]["ledger"][0]["outcome"] = "won"
    with pytest.raises(ApprovalError) as caught:
        verify(document)
    assert caught.value.where == "character.ledger[0].outcome"


# --------------------------------------------------------------------------- Covenant files


def test_covenant_files_use_the_same_approvals(leader: Ed25519PrivateKey) -> None:
    text = resource_path("covenant", "example-character.json").read_text("utf-8")
    document = json.loads(text)
    approved = approve(document, "character", "Lee", key=leader, at=WHEN)
    # The record survives the Covenant file's own canonical writing and reading.
    again = json.loads(dumps_covenant(loads_covenant(json.dumps(approved))))
    assert again["approvals"] == approved["approvals"]
    trusted = {public_key_text(leader): "Lee"}
    assert verify(again, trusted).passed
    again["character"]["log"][2]["spent"] += 5
    status = verify(again, trusted)
    assert [i.key for i in status.changed] == ["log[2]"]
    assert status.changed[0].changes[0].path == "spent"
    assert from_document(again).approvals == tuple(approved["approvals"])


def test_the_text_report_folds_runs_of_approved_entries() -> None:
    after = edited(approve(clean(), "contractor", "Lee", "Welcome", at=WHEN))
    after["character"]["ledger"][3]["exp"] = 3
    text = verify(after).to_text()
    assert text.splitlines() == [
        "Approvals: FAIL — 7 approved, 1 changed",
        f"  approvals[0]: approved by Lee at {WHEN} (scope contractor) — unsigned",
        "    note: Welcome",
        f"  CHANGED since approval: ledger entry 3: raise, 2025-01-12 — approved by Lee at {WHEN}",
        "      exp: 2 → 3",
        "  approved and unchanged (7): the main sheet, Gift mend, ledger entries 1–3, "
        "ledger entries 5–6",
    ]
