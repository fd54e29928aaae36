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

An item's **digest** is the SHA-256 of its canonical JSON (sorted keys, no
whitespace, UTF-8). The item's JSON is taken from the character as the
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
its input); ``verify`` reports every item and every record.
"""

from __future__ import annotations

import base64
import binascii
import copy
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from functools import cache
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from builder.core.registry import GameSystem, system_for_format, systems
from resources import resource_path

APPROVAL_VERSION = 1
"""Version of the approval record written by this Harbinger (and the newest it reads)."""

SIGNATURE_ALGORITHM = "ed25519"
SCHEMA_FILE = "approval.v1.schema.json"

class ApprovalError(ValueError):
    """An approval that cannot be made or checked: ``what`` is wrong at ``where``."""

    def __init__(self, what: str, where: str = "") -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)


class Verdict(StrEnum):
    """What the leader decided about the items of one record."""

    APPROVED = "approved"
    CHANGES_REQUESTED = "changes_requested"


class ItemState(StrEnum):
    """Where one item stands against the latest accepted record that covers it."""

    APPROVED = "approved"  # exactly as approved
    CHANGED = "changed"  # approved, then edited
    REMOVED = "removed"  # approved, then deleted from the file
    CHANGES_REQUESTED = "changes_requested"  # the leader asked for changes
    NOT_APPROVED = "not_approved"  # no record covers it (new since, or never reviewed)


class SignatureState(StrEnum):
    """What checking a record's signature found."""

    UNSIGNED = "unsigned"
    VALID = "valid"  # verifies, with a trusted key or with no trust list given
    UNKNOWN_KEY = "unknown_key"  # verifies, but with a key not in the trust list
    INVALID = "invalid"  # does not verify: the record or the signature was altered


# --------------------------------------------------------------------------- canonical JSON


def canonical_bytes(value: Any) -> bytes:
    """Canonical JSON of plain data: sorted keys, no whitespace, UTF-8."""
    return json.dumps(
        value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
    ).encode("utf-8")


def digest(value: Any) -> str:
    """SHA-256 (hex) of the canonical JSON of ``value``: what an approval records per item."""
    return hashlib.sha256(canonical_bytes(value)).hexdigest()


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


# --------------------------------------------------------------------------- keys


def public_key_text(key: Ed25519PrivateKey | Ed25519PublicKey) -> str:
    """A public key as the base64 of its 32 raw bytes: the text a leader shares."""
    public = key.public_key() if isinstance(key, Ed25519PrivateKey) else key
    return base64.b64encode(public.public_bytes(Encoding.Raw, PublicFormat.Raw)).decode("ascii")


def parse_public_key(text: str) -> Ed25519PublicKey:
    """An Ed25519 public key from base64 raw text; ApprovalError when it is not one."""
    raw = _b64(text, "public key")
    if len(raw) != 32:
        raise ApprovalError(f"an Ed25519 public key is 32 bytes, not {len(raw)}")
    return Ed25519PublicKey.from_public_bytes(raw)


def key_fingerprint(public_key: str) -> str:
    """A short fingerprint of a base64 public key, for people to compare by eye."""
    raw = base64.b64decode(public_key.encode("ascii"), validate=False)
    hexed = hashlib.sha256(raw).hexdigest()[:16]
    return ":".join(hexed[i : i + 4] for i in range(0, 16, 4))


def _b64(text: Any, what: str) -> bytes:
    if not isinstance(text, str):
        raise ApprovalError(f"the {what} must be base64 text")
    try:
        return base64.b64decode(text.strip().encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError):
        raise ApprovalError(f"the {what} is not valid base64") from None


# --------------------------------------------------------------------------- approving


def utc_now() -> str:
    """ISO 8601 UTC time to the second with a Z, as approvals record it."""
    return datetime.now(UTC).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")


def _signing_bytes(record: Mapping[str, Any]) -> bytes:
    return canonical_bytes({k: v for k, v in record.items() if k != "signature"})


def sign_record(record: Mapping[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    """A copy of ``record`` with an Ed25519 signature over everything else in it."""
    signature = key.sign(_signing_bytes(record))
    signed = {k: v for k, v in record.items() if k != "signature"}
    signed["signature"] = {
        "algorithm": SIGNATURE_ALGORITHM,
        "public_key": public_key_text(key),
        "value": base64.b64encode(signature).decode("ascii"),
    }
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


@dataclass(frozen=True, slots=True)
class Change:
    """One difference between the approved value of an item and its value now.

    ``path`` is inside the item ("system_text", "draft.enhancements[0].detail");
    ``kind`` is "changed", "added" or "removed"; a missing side is None.
    """

    path: str
    kind: str
    before: Any = None
    after: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "kind": self.kind, "before": self.before, "after": self.after}

    def describe(self) -> str:
        """'system_text: "old" → "new"' in a line a leader can read."""
        where = self.path or "(the whole item)"
        if self.kind == "added":
            return f"{where}: added {_short(self.after)}"
        if self.kind == "removed":
            return f"{where}: removed (was {_short(self.before)})"
        if isinstance(self.before, str) and isinstance(self.after, str):
            old, new = _text_change(self.before, self.after)
            return f"{where}: {old} → {new}"
        return f"{where}: {_short(self.before)} → {_short(self.after)}"


def _text_change(before: str, after: str, context: int = 25) -> tuple[str, str]:
    """The differing middle of two texts in «», with a little context, so one edited
    word in a long System Text stands out: '…within «arm's reach». Lower…'."""
    start = 0
    while start < min(len(before), len(after)) and before[start] == after[start]:
        start += 1
    end = 0
    while (
        end < min(len(before), len(after)) - start
        and before[len(before) - 1 - end] == after[len(after) - 1 - end]
    ):
        end += 1

    def show(text: str) -> str:
        head = text[max(0, start - context) : start]
        middle = text[start : len(text) - end]
        tail = text[len(text) - end : len(text) - end + context]
        lead = "…" if start > context else ""
        trail = "…" if end > context else ""
        if len(middle) > 80:
            middle = middle[:79] + "…"
        return f'"{lead}{head}«{middle}»{tail}{trail}"'

    return show(before), show(after)


def _short(value: Any, limit: int = 120) -> str:
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def diff(before: Any, after: Any, path: str = "") -> list[Change]:
    """Every leaf that differs between two JSON values, in document order."""
    if isinstance(before, dict) and isinstance(after, dict):
        if before.get("type") != after.get("type"):
            # A ledger entry replaced by one of another kind: field by field would mislead.
            return [Change(path, "changed", before, after)]
        out: list[Change] = []
        for key in [*before, *(k for k in after if k not in before)]:
            sub = join_path(path, key)
            if key not in after:
                out.append(Change(sub, "removed", before=before[key]))
            elif key not in before:
                out.append(Change(sub, "added", after=after[key]))
            else:
                out += diff(before[key], after[key], sub)
        return out
    if isinstance(before, list) and isinstance(after, list):
        out = []
        for i in range(max(len(before), len(after))):
            sub = f"{path}[{i}]"
            if i >= len(after):
                out.append(Change(sub, "removed", before=before[i]))
            elif i >= len(before):
                out.append(Change(sub, "added", after=after[i]))
            else:
                out += diff(before[i], after[i], sub)
        return out
    if before == after and type(before) is type(after):
        return []
    return [Change(path, "changed", before, after)]


def join_path(path: str, key: str) -> str:
    if not path:
        return key
    return f"{path}.{key}" if key else path


@dataclass(frozen=True, slots=True)
class RecordStatus:
    """One approval record as checked.

    ``signer`` is the trusted name of the signing key ("" when unknown or
    unsigned); ``problems`` say why a record cannot be trusted (malformed, for
    another character, snapshot edited). ``accepted`` records decide item states.
    """

    index: int
    approved_by: str
    approved_at: str
    scope: str
    verdict: str
    note: str
    signature: SignatureState
    public_key: str
    signer: str
    problems: tuple[str, ...]
    accepted: bool

    @property
    def fingerprint(self) -> str:
        return key_fingerprint(self.public_key) if self.public_key else ""

    @property
    def rejected(self) -> bool:
        """True when the record is broken or forged: the review fails."""
        return bool(self.problems) or self.signature in (
            SignatureState.INVALID,
            SignatureState.UNKNOWN_KEY,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "approved_by": self.approved_by,
            "approved_at": self.approved_at,
            "scope": self.scope,
            "verdict": self.verdict,
            "note": self.note,
            "signature": self.signature.value,
            "public_key": self.public_key,
            "fingerprint": self.fingerprint,
            "signer": self.signer,
            "problems": list(self.problems),
            "accepted": self.accepted,
            "rejected": self.rejected,
        }

    def describe(self) -> str:
        """One line: who decided what, when, and what the signature check found."""
        head = (
            f"approvals[{self.index}]: {self.verdict.replace('_', ' ')} by "
            f"{self.approved_by or '?'} at {self.approved_at or '?'} (scope {self.scope or '?'})"
        )
        match self.signature:
            case SignatureState.UNSIGNED:
                sig = "unsigned"
            case SignatureState.VALID:
                who = f"signer: {self.signer}; " if self.signer else ""
                sig = f"signature valid ({who}key {self.fingerprint})"
            case SignatureState.UNKNOWN_KEY:
                sig = f"signature REJECTED: key {self.fingerprint} is not a trusted key"
            case SignatureState.INVALID:
                sig = "signature REJECTED: it does not match the record (forged or altered)"
        text = f"{head} — {sig}"
        if self.note:
            text += f"\n    note: {self.note}"
        if self.problems:
            text += " — REJECTED: " + "; ".join(self.problems)
        return text


@dataclass(frozen=True, slots=True)
class ItemStatus:
    """One item of the file against the latest accepted record covering it.

    ``record`` is that record's index (None when no record covers it);
    ``changes`` lists what differs from the approved snapshot (for CHANGED,
    and for CHANGES_REQUESTED when the item was edited since the request).
    """

    key: str
    title: str
    state: ItemState
    record: int | None = None
    approved_by: str = ""
    approved_at: str = ""
    note: str = ""
    changes: tuple[Change, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "state": self.state.value,
            "record": self.record,
            "approved_by": self.approved_by,
            "approved_at": self.approved_at,
            "note": self.note,
            "changes": [c.to_json() for c in self.changes],
        }

    def describe(self) -> str:
        """A line (or a few) saying where this item stands."""
        by = f"{self.approved_by} at {self.approved_at}"
        match self.state:
            case ItemState.APPROVED:
                text = f"approved: {self.title} — by {by}"
            case ItemState.CHANGED:
                text = f"CHANGED since approval: {self.title} — approved by {by}"
            case ItemState.REMOVED:
                text = f"REMOVED since approval: {self.title} — approved by {by}"
            case ItemState.CHANGES_REQUESTED:
                edited = " (edited since)" if self.changes else ""
                text = f"changes requested: {self.title} — by {by}{edited}"
            case ItemState.NOT_APPROVED:
                text = f"not approved: {self.title}"
        if self.note:
            text += f"\n    note: {self.note}"
        for change in self.changes:
            text += f"\n    {change.describe()}"
        return text


@dataclass(frozen=True, slots=True)
class ApprovalStatus:
    """Every item and every approval record of a file, as ``verify`` found them."""

    items: tuple[ItemStatus, ...]
    records: tuple[RecordStatus, ...]
    trusted_keys_checked: bool = False

    def count(self, state: ItemState) -> int:
        return sum(1 for i in self.items if i.state is state)

    @property
    def changed(self) -> tuple[ItemStatus, ...]:
        """Items edited or removed since they were approved."""
        return tuple(i for i in self.items if i.state in (ItemState.CHANGED, ItemState.REMOVED))

    @property
    def rejected(self) -> tuple[RecordStatus, ...]:
        """Records that are broken, forged, or signed by a key nobody trusts."""
        return tuple(r for r in self.records if r.rejected)

    @property
    def passed(self) -> bool:
        """No approved item changed and no record was rejected."""
        return not self.changed and not self.rejected

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "trusted_keys_checked": self.trusted_keys_checked,
            "counts": {s.value: self.count(s) for s in ItemState},
            "records": [r.to_json() for r in self.records],
            "items": [i.to_json() for i in self.items],
        }

    def to_text(self, verbose: bool = False) -> str:
        """The approval part of a review, for a terminal or a printed report.

        Items still exactly as approved are listed by key on one line unless
        ``verbose``; every other item gets its own line and its changes.
        """
        if not self.records:
            return f"Approvals: none ({len(self.items)} items never approved)"
        counts = ", ".join(
            f"{self.count(s)} {s.value.replace('_', ' ')}" for s in ItemState if self.count(s)
        )
        lines = [f"Approvals: {'PASS' if self.passed else 'FAIL'} — {counts}"]
        lines += [f"  {r.describe()}" for r in self.records]
        if not self.trusted_keys_checked and any(
            r.signature is SignatureState.VALID for r in self.records
        ):
            lines.append("  (no trusted keys given: signatures were checked against their own key)")
        order = {
            ItemState.CHANGED: 0,
            ItemState.REMOVED: 1,
            ItemState.CHANGES_REQUESTED: 2,
            ItemState.NOT_APPROVED: 3,
            ItemState.APPROVED: 4,
        }
        for item in sorted(self.items, key=lambda i: order[i.state]):
            if item.state is ItemState.APPROVED and not verbose:
                continue
            lines += ["  " + line for line in item.describe().splitlines()]
        approved = [i.key for i in self.items if i.state is ItemState.APPROVED]
        if approved and not verbose:
            lines.append(f"  approved and unchanged ({len(approved)}): {_key_ranges(approved)}")
        return "\n".join(lines)


def _key_ranges(keys: list[str]) -> str:
    """Item keys with runs of entries folded: 'core, gift:a, ledger[0–2], ledger[4–69]'."""
    out: list[str] = []
    run: tuple[str, int, int] | None = None  # (list name, first index, last index)

    def flush() -> None:
        if run is not None:
            name, first, last = run
            out.append(f"{name}[{first}]" if first == last else f"{name}[{first}–{last}]")

    for key in keys:
        name, bracket, rest = key.partition("[")
        if bracket and rest.endswith("]") and rest[:-1].isdigit():
            index = int(rest[:-1])
            if run is not None and run[0] == name and run[2] == index - 1:
                run = (name, run[1], index)
                continue
            flush()
            run = (name, index, index)
            continue
        flush()
        run = None
        out.append(key)
    flush()
    return ", ".join(out)


@cache
def _validator() -> Draft202012Validator:
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
    return [f"{where(e)}: {e.message}" if where(e) else e.message for e in found[:3]]


def _check_signature(
    record: Mapping[str, Any], trusted_keys: Mapping[str, str] | None
) -> tuple[SignatureState, str, str]:
    """(state, public key text, trusted signer name) of one well-formed record."""
    signature = record.get("signature")
    if signature is None:
        return SignatureState.UNSIGNED, "", ""
    public_text = signature["public_key"]
    try:
        public = parse_public_key(public_text)
        value = _b64(signature["value"], "signature")
        public.verify(value, _signing_bytes(record))
    except (ApprovalError, InvalidSignature, ValueError):
        return SignatureState.INVALID, public_text, ""
    if trusted_keys is None:
        return SignatureState.VALID, public_text, ""
    signer = trusted_keys.get(public_text)
    if signer is None:
        return SignatureState.UNKNOWN_KEY, public_text, ""
    return SignatureState.VALID, public_text, signer


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
        signature, public, signer = _check_signature(record, trusted_keys)
    if require_signature and signature is SignatureState.UNSIGNED and not problems:
        problems.append("it is not signed, and a signature is required")
    accepted = not problems and signature not in (
        SignatureState.INVALID,
        SignatureState.UNKNOWN_KEY,
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
    never count as approving anything.

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
            changes = (Change("", "removed", before=approved),)
            result.append(ItemStatus(key, title, state, changes=changes, **common))
            continue
        same = digest(items[key]) == record["items"][key]
        changes = () if same else tuple(diff(approved, items[key]))
        if record["verdict"] == Verdict.CHANGES_REQUESTED:
            state = ItemState.CHANGES_REQUESTED
        else:
            state = ItemState.APPROVED if same else ItemState.CHANGED
        result.append(ItemStatus(key, title, state, changes=changes, **common))
    return ApprovalStatus(tuple(result), records, trusted_keys is not None)


__all__ = [
    "APPROVAL_VERSION",
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
    "key_fingerprint",
    "parse_public_key",
    "public_key_text",
    "scope_items",
    "sign_record",
    "utc_now",
    "verify",
]
