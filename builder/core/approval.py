"""Leader approvals that travel inside a character file and show any later edit.

A Playgroup Leader reviews a file and approves it (or asks for changes)
(SPEC §5, "Review"). The approval is written into the file's ``approvals``
list, so it travels with the file; anyone who opens the file later can see
which parts are still exactly as approved, which changed since, and what
changed.

What is approved is a set of **items**, each one part of the character, as
the file's game system cuts it (``GameSystem.approval_items``): for a
contractor ``core``, each Gift as ``gift:<id>`` and each ledger entry as
``ledger[<index>]``; for a Covenant character ``core`` and each play-log entry
as ``log[<index>]``.

Stock, Health, Loose Ends and notes are play state that changes at the
table; they are not approved content.

An item's **digest** is the SHA-256 of its canonical JSON (``builder.core.canonical``:
sorted keys, no whitespace, UTF-8). The item's JSON is taken from the character as the
file's game system writes it (``GameSystem.normalize`` in the registry,
``builder.core.registry``), so a file that the app
re-saves (fields it had left to their defaults written out, keys in another
order) keeps its approvals, while any change of content does not.

An approval **record** (one JSON object in ``approvals``)::

    {"approval_version": 1, "character_id": "...", "approved_by": "Lee",
     "approved_at": "2025-06-01T12:00:00Z", "scope": "gift:wren-g1",
     "verdict": "approved" | "changes_requested", "note": "...",
     "item_notes": {"gift:wren-g1": "..."},
     "items": {"gift:wren-g1": "<sha256 hex>"},
     "snapshot": {"gift:wren-g1": {...the approved JSON...}},
     "signature": {"algorithm": "ed25519", "public_key": "<base64 raw>",
                   "value": "<base64>"}}

The ``snapshot`` keeps the approved values so that a later change can be shown
field by field ("system_text: '…' → '…'"); a digest alone can only say that
something changed, and the old values are gone from the file by then. Its
digests must match ``items``, so the snapshot cannot be edited to hide a
change without breaking the record. The optional signature is Ed25519 (from
``cryptography``) over the canonical JSON of the record without its
``signature`` field; verifying needs only the leader's public key, offline.

``approve`` returns a new document with a record appended (it never edits
its input); ``verify`` reports every item and every record. The status values
``verify`` returns are in ``builder.core.approval_status`` and the keys and
signatures in ``builder.core.signing``; their public names are re-exported
here, so callers import everything from this module.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Mapping
from datetime import UTC, datetime
from functools import cache
from typing import TYPE_CHECKING, Any

from builder.core import schema_words
from builder.core.approval_status import (
    CANNOT_CHECK,
    UNSIGNED_NOT_COUNTED,
    ApprovalError,
    ApprovalStatus,
    Change,
    ItemState,
    ItemStatus,
    RecordStatus,
    SignatureState,
    Verdict,
    diff,
    join_path,
    key_fingerprint,
)
from builder.core.canonical import canonical_bytes, digest
from builder.core.registry import GameSystem, system_for_format, systems
from builder.core.signing import (
    SIGNATURE_ALGORITHM,
    check_signature,
    parse_public_key,
    public_key_text,
    signature_block,
)
from resources import resource_path

if TYPE_CHECKING:  # imported when an approval record is first checked (``_validator``)
    from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

APPROVAL_VERSION = 1
"""Version of the approval record written by this Harbinger (and the newest it reads)."""

SCHEMA_FILE = "approval.v1.schema.json"


# --------------------------------------------------------------------------- items


def _family(document: Mapping[str, Any]) -> GameSystem:
    """The game system of a character file, which says how it is cut into items."""
    if not isinstance(document, Mapping):
        raise ApprovalError("a character file is a JSON object")
    fmt = document.get("format")
    family = system_for_format(fmt)
    if family is None:
        known = " or ".join(repr(s.format) for s in systems())
        raise ApprovalError(f"format {fmt!r} is not a character file ({known})", "format")
    if "character" not in document:
        raise ApprovalError("missing field 'character'")
    approvals = document.get("approvals", [])
    if not isinstance(approvals, list):
        raise ApprovalError("expected a list", "approvals")
    return family


def current_items(document: Mapping[str, Any]) -> dict[str, Any]:
    """The approval items of a character file as they stand, by item key.

    Raises ApprovalError when the document is not a character file.
    """
    family = _family(document)
    return family.approval_items(family.normalize(document["character"]))


def item_title(key: str, value: Any = None) -> str:
    """A leader-readable name for an item ("Gift 'Stitchlight'", "ledger entry 3: raise")."""
    if key == "core":
        return "core (concept, creation, Limits, Source)"
    if key.startswith("gift:"):
        name = ""
        if isinstance(value, Mapping) and isinstance(value.get("draft"), Mapping):
            name = str(value["draft"].get("name") or "")
        return f"Gift {name!r} ({key[5:]})" if name else f"Gift {key[5:]!r}"
    if isinstance(value, Mapping) and "type" in value:
        when = f", {value['date']}" if value.get("date") else ""
        kind = "ledger" if key.startswith("ledger") else "log"
        index = key[key.index("[") + 1 : -1]
        return f"{kind} entry {index}: {value['type']}{when}"
    return key


def scope_items(document: Mapping[str, Any], scope: str) -> dict[str, Any]:
    """The current items a scope names, by key.

    Scopes: the whole character (``contractor`` or ``character``, or ``all``),
    ``core``, ``gift:<id>``, ``ledger``/``log`` (every entry), or any single
    item key (``ledger[3]``). ApprovalError names the choices for anything else.
    """
    family = _family(document)
    items = family.approval_items(family.normalize(document["character"]))
    wanted = scope.strip()
    if wanted in (family.whole_scope, "all"):
        return items
    if wanted == family.history:
        return {k: v for k, v in items.items() if k.startswith(f"{family.history}[")}
    if wanted in items:
        return {wanted: items[wanted]}
    gifts = [k for k in items if k.startswith("gift:")]
    choices = [family.whole_scope, "core", family.history, *gifts]
    if wanted.startswith("gift:"):
        raise ApprovalError(
            f"there is no Gift {wanted[5:]!r} in this file; its Gifts are "
            + (", ".join(g[5:] for g in gifts) or "none"),
            "scope",
        )
    raise ApprovalError(
        f"unknown scope {scope!r}; choose one of {', '.join(choices)} or an item key "
        f"such as {family.history}[0]",
        "scope",
    )


# --------------------------------------------------------------------------- approving


def utc_now() -> str:
    """ISO 8601 UTC time to the second with a Z, as approvals record it."""
    return datetime.now(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def _signing_bytes(record: Mapping[str, Any]) -> bytes:
    return canonical_bytes({k: v for k, v in record.items() if k != "signature"})


def sign_record(record: Mapping[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    """A copy of ``record`` with an Ed25519 signature over everything else in it."""
    signed = {k: v for k, v in record.items() if k != "signature"}
    signed["signature"] = signature_block(_signing_bytes(record), key)
    return signed


def approve(
    document: Mapping[str, Any],
    scope: str,
    by: str,
    note: str = "",
    key: Ed25519PrivateKey | None = None,
    *,
    verdict: Verdict | str = Verdict.APPROVED,
    item_notes: Mapping[str, str] | None = None,
    at: str | None = None,
) -> dict[str, Any]:
    """A new document: ``document`` with one approval record appended.

    ``scope`` picks the items (see ``scope_items``); ``by`` is the leader's
    name; ``verdict`` approves or asks for changes; ``item_notes`` attach a
    note to single items; ``key`` signs the record; ``at`` is the ISO time
    (now, by default). The input document is never modified.
    """
    name = by.strip() if isinstance(by, str) else ""
    if not name:
        raise ApprovalError("an approval needs the approver's name", "approved_by")
    try:
        decided = Verdict(verdict)
    except ValueError:
        raise ApprovalError(
            f"verdict must be one of {', '.join(v.value for v in Verdict)}, not {verdict!r}",
            "verdict",
        ) from None
    items = scope_items(document, scope)
    if not items:
        raise ApprovalError(f"the scope {scope.strip()!r} holds nothing to approve", "scope")
    notes = dict(item_notes or {})
    for item in notes:
        if item not in items:
            raise ApprovalError(f"{item!r} is not one of the items approved here", "item_notes")
    character_id = document["character"].get("id", "")
    record: dict[str, Any] = {
        "approval_version": APPROVAL_VERSION,
        "character_id": character_id if isinstance(character_id, str) else "",
        "approved_by": name,
        "approved_at": at if at is not None else utc_now(),
        "scope": scope.strip(),
        "verdict": decided.value,
        "note": note,
        "item_notes": notes,
        "items": {k: digest(v) for k, v in items.items()},
        "snapshot": copy.deepcopy(items),
    }
    if key is not None:
        record = sign_record(record, key)
    result = copy.deepcopy(dict(document))
    result["approvals"] = [*result.get("approvals", []), record]
    return result


# --------------------------------------------------------------------------- verifying


@cache
def _validator() -> Draft202012Validator:
    from jsonschema import Draft202012Validator

    schema = json.loads(resource_path("schemas", SCHEMA_FILE).read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _schema_problems(record: Any) -> list[str]:
    def where(error: ValidationError) -> str:
        out = ""
        for part in error.absolute_path:
            out += f"[{part}]" if isinstance(part, int) else f".{part}"
        return out.lstrip(".")

    found = sorted(_validator().iter_errors(record), key=lambda e: list(map(str, e.path)))
    brief = schema_words.brief
    return [f"{where(e)}: {brief(e)}" if where(e) else brief(e) for e in found[:3]]


def _check_record(
    index: int,
    record: Any,
    character_id: str,
    trusted_keys: Mapping[str, str] | None,
    require_signature: bool,
) -> RecordStatus:
    def text(name: str) -> str:
        value = record.get(name, "") if isinstance(record, Mapping) else ""
        return value if isinstance(value, str) else ""

    problems = _schema_problems(record)
    signature, public, signer = SignatureState.UNSIGNED, "", ""
    if not problems:
        if record["approval_version"] > APPROVAL_VERSION:
            problems.append(
                f"written by a newer Harbinger (approval version {record['approval_version']})"
            )
        if record["character_id"] != character_id:
            problems.append(
                f"it approves character {record['character_id']!r}, not this one ({character_id!r})"
            )
        if set(record["items"]) != set(record["snapshot"]):
            problems.append("its snapshot and its digests list different items")
        else:
            edited = [k for k, d in record["items"].items() if digest(record["snapshot"][k]) != d]
            if edited:
                problems.append(
                    "its snapshot of " + ", ".join(edited) + " does not match the approved digest"
                )
        signature, public, signer = check_signature(
            record.get("signature"), _signing_bytes(record), trusted_keys
        )
    if require_signature and signature is SignatureState.UNSIGNED and not problems:
        problems.append("it is not signed, and a signature is required")
    # Where any key is trusted, anyone can still type an unsigned approval (or strip a
    # signature): it is shown, but never counts as approving anything (issue 27).
    unsigned_here = bool(trusted_keys) and signature is SignatureState.UNSIGNED
    accepted = (
        not problems
        and not unsigned_here
        and signature
        not in (
            SignatureState.INVALID,
            SignatureState.UNKNOWN_KEY,
        )
    )
    return RecordStatus(
        index=index,
        approved_by=text("approved_by"),
        approved_at=text("approved_at"),
        scope=text("scope"),
        verdict=text("verdict"),
        note=text("note"),
        signature=signature,
        public_key=public,
        signer=signer,
        problems=tuple(problems),
        accepted=accepted,
    )


def verify(
    document: Mapping[str, Any],
    trusted_keys: Mapping[str, str] | None = None,
    *,
    require_signature: bool = False,
) -> ApprovalStatus:
    """Check every approval record of a file and where every item stands.

    ``trusted_keys`` maps a base64 public key to its owner's name; when given,
    a signature by any other key is rejected (a forger can sign with their own
    key). Without it, signatures are only checked against the key they carry.
    ``require_signature`` rejects unsigned records. Records that are rejected
    never count as approving anything; nor does an unsigned record when
    ``trusted_keys`` names any key ("unsigned — not counted": where a leader's
    key is trusted, an approval anyone could have typed proves nothing).

    Raises ApprovalError when the document is not a readable character file.
    """
    family = _family(document)
    items = family.approval_items(family.normalize(document["character"]))
    character_id = document["character"].get("id", "")
    records = tuple(
        _check_record(i, r, character_id, trusted_keys, require_signature)
        for i, r in enumerate(document.get("approvals", []))
    )
    raw = document.get("approvals", [])
    latest: dict[str, int] = {}
    for status in records:
        if status.accepted:
            for key in raw[status.index]["items"]:
                latest[key] = status.index
    keys = list(items) + [k for k in latest if k not in items]
    result: list[ItemStatus] = []
    for key in keys:
        if key not in latest:
            result.append(ItemStatus(key, item_title(key, items[key]), ItemState.NOT_APPROVED))
            continue
        index = latest[key]
        record = raw[index]
        approved = record["snapshot"][key]
        common = {
            "record": index,
            "approved_by": record["approved_by"],
            "approved_at": record["approved_at"],
            "note": record["item_notes"].get(key, ""),
        }
        title = item_title(key, items.get(key, approved))
        if key not in items:
            state = (
                ItemState.REMOVED
                if record["verdict"] == Verdict.APPROVED
                else ItemState.CHANGES_REQUESTED
            )
            changes: tuple[Change, ...] = (Change("", "removed", before=approved),)
            result.append(ItemStatus(key, title, state, changes=changes, **common))
            continue
        same = digest(items[key]) == record["items"][key]
        changes = () if same else tuple(diff(approved, items[key]))
        if record["verdict"] == Verdict.CHANGES_REQUESTED:
            state = ItemState.CHANGES_REQUESTED
        else:
            state = ItemState.APPROVED if same else ItemState.CHANGED
        result.append(ItemStatus(key, title, state, changes=changes, **common))
    return ApprovalStatus(tuple(result), records, trusted_keys is not None, bool(trusted_keys))


__all__ = [
    "APPROVAL_VERSION",
    "CANNOT_CHECK",
    "SIGNATURE_ALGORITHM",
    "UNSIGNED_NOT_COUNTED",
    "ApprovalError",
    "ApprovalStatus",
    "Change",
    "ItemState",
    "ItemStatus",
    "RecordStatus",
    "SignatureState",
    "Verdict",
    "approve",
    "canonical_bytes",
    "current_items",
    "diff",
    "digest",
    "item_title",
    "join_path",
    "key_fingerprint",
    "parse_public_key",
    "public_key_text",
    "scope_items",
    "sign_record",
    "utc_now",
    "verify",
]
