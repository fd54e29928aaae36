"""What checking a file's approvals found: item and record states, and what changed.

The values ``builder.core.approval.verify`` returns (``ApprovalStatus`` with an
``ItemStatus`` per item and a ``RecordStatus`` per record), the field-by-field
``diff`` between an approved snapshot and the item now, and the states and
error every approval module shares. Nothing here computes a digest or checks
a signature; ``builder.core.approval`` re-exports every public name, so
callers import from there.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any


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


def key_fingerprint(public_key: str) -> str:
    """A short fingerprint of a base64 public key, for people to compare by eye.

    It lives with the statuses that show it (``RecordStatus.fingerprint``), not in
    ``builder.core.signing``, which builds on this module.
    """
    raw = base64.b64decode(public_key.encode("ascii"), validate=False)
    hexed = hashlib.sha256(raw).hexdigest()[:16]
    return ":".join(hexed[i : i + 4] for i in range(0, 16, 4))


# --------------------------------------------------------------------------- differences


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


def diff(before: Any, after: Any, path: str = "") -> list[Change]:  # noqa: C901  (complexity 11 when the limits came in)
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
    """``path.key`` inside an item, the path ``Change`` quotes ("draft.name")."""
    if not path:
        return key
    return f"{path}.{key}" if key else path


UNSIGNED_NOT_COUNTED = (
    "unsigned — not counted (this computer trusts a leader's key, so only a signed approval counts)"
)
"""How an unsigned record reads where a key is trusted (the CLI and the review window)."""

CANNOT_CHECK = (
    "approvals cannot be checked: no key is trusted on this computer, so anyone could "
    "have written them (trust your leader's key with 'harbinger sheet trust KEY NAME')"
)
"""What a review says of its approvals when no key is trusted."""


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
    def not_counted(self) -> bool:
        """True for an unsigned record on a computer that trusts a key: shown, never counted."""
        return not self.accepted and not self.problems and self.signature is SignatureState.UNSIGNED

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
            "not_counted": self.not_counted,
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
                sig = UNSIGNED_NOT_COUNTED if self.not_counted else "unsigned"
            case SignatureState.VALID:
                who = f"signer: {self.signer}; " if self.signer else ""
                sig = f"signature valid ({who}key {self.fingerprint})"
            case SignatureState.UNKNOWN_KEY:
                sig = (
                    f"signature UNVERIFIED: key {self.fingerprint} is not a trusted key "
                    "(trust it with 'harbinger sheet trust KEY NAME' once you know whose it is)"
                )
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
    trusts_a_key: bool = False
    """True when the reader trusts at least one key: only signed approvals then count."""

    @property
    def checkable(self) -> bool:
        """False when the file has approvals and the reader's trust list (given: a
        computer's, even empty) names no key to check them by."""
        return self.trusts_a_key or not self.records or not self.trusted_keys_checked

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
            "approvals_checkable": self.checkable,
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
        if not self.checkable:
            lines.append(f"  {CANNOT_CHECK}")
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
            lines.append(f"  approved and unchanged ({len(approved)}): {key_ranges(approved)}")
        return "\n".join(lines)


def _plain_key(key: str) -> str:
    """An item key a leader reads: 'core' is the main sheet, 'gift:mend' Gift mend."""
    if key == "core":
        return "the main sheet"
    kind, colon, name = key.partition(":")
    return f"{kind.capitalize()} {name}" if colon else key


def key_ranges(keys: Sequence[str]) -> str:
    """Item keys in words, runs of entries folded and counted from 1:
    'the main sheet, Gift a, ledger entries 1–3, ledger entries 5–70'."""
    out: list[str] = []
    run: tuple[str, int, int] | None = None  # (list name, first index, last index)

    def flush() -> None:
        if run is not None:
            name, first, last = run
            if first == last:
                out.append(f"{name} entry {first + 1}")
            else:
                out.append(f"{name} entries {first + 1}–{last + 1}")

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
        out.append(_plain_key(key))
    flush()
    return ", ".join(out)
