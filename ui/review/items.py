"""What a leader can approve in one file, and where each part stands: rows of the approval panel.

The rows follow ``builder.core.approval``'s items: the whole character, its core,
each Gift, and its history (the Exp ledger, or a Covenant play log). Each
row says which approval scope it records and which item keys it covers, and
summarises ``builder.core.approval.verify``'s verdict on those items (approved,
changed since approval with the differences, changes requested, not
approved) with the signature of the record that decided them.

No Qt here: the panel only lays these rows out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from builder.core.approval import (
    UNSIGNED_NOT_COUNTED,
    ItemState,
    ItemStatus,
    RecordStatus,
    SignatureState,
)
from builder.core.approval_status import key_ranges
from ui.review.files import ReviewedFile, history_scope, whole_scope
from ui.systems import system_ui

STATE_WORDS: Mapping[ItemState, str] = {
    ItemState.APPROVED: "approved",
    ItemState.CHANGED: "changed since approval",
    ItemState.REMOVED: "removed since approval",
    ItemState.CHANGES_REQUESTED: "changes requested",
    ItemState.NOT_APPROVED: "not approved",
}
STATE_MARKS: Mapping[ItemState, str] = {
    ItemState.APPROVED: "✔",
    ItemState.CHANGED: "⚠",
    ItemState.REMOVED: "⚠",
    ItemState.CHANGES_REQUESTED: "✎",
    ItemState.NOT_APPROVED: "○",
}
_WORST_FIRST = (
    ItemState.CHANGED,
    ItemState.REMOVED,
    ItemState.CHANGES_REQUESTED,
    ItemState.NOT_APPROVED,
    ItemState.APPROVED,
)


@dataclass(frozen=True, slots=True)
class ApprovalRow:
    """One line of the approval panel.

    ``scope`` is what approving this row records (``builder.core.approval.approve``);
    ``keys`` the items it covers; ``state`` the worst state among them
    (``mixed`` says some are approved and some are not yet); ``approvable`` is
    False for an item removed from the file since it was approved.
    """

    scope: str
    title: str
    keys: tuple[str, ...]
    state: ItemState
    status_text: str
    signature_text: str
    detail: str
    approvable: bool = True
    mixed: bool = False


def signature_text(record: RecordStatus | None) -> str:
    """How the record that decided an item was signed, in a word or two (the table's cell)."""
    if record is None:
        return ""
    match record.signature:
        case SignatureState.UNSIGNED:
            return "unsigned"
        case SignatureState.VALID:
            return "✔ valid"
        case SignatureState.UNKNOWN_KEY:
            return "✖ untrusted key"
        case SignatureState.INVALID:
            return "✖ forged"
    return ""


def signature_detail(record: RecordStatus) -> str:
    """The signature check of a record in a sentence: whose key, its fingerprint, the verdict."""
    match record.signature:
        case SignatureState.UNSIGNED:
            return UNSIGNED_NOT_COUNTED if record.not_counted else "unsigned"
        case SignatureState.VALID:
            who = f"by {record.signer}, " if record.signer else ""
            return f"signature valid ({who}key {record.fingerprint})"
        case SignatureState.UNKNOWN_KEY:
            return f"REJECTED: signed with key {record.fingerprint}, which is not one you trust"
        case SignatureState.INVALID:
            return "REJECTED: the signature does not match the record (forged or altered)"
    return ""


def when(stamp: str) -> str:
    """An approval time as people read it: '2025-06-01 12:00 UTC' from '2025-06-01T12:00:00Z'."""
    if len(stamp) >= 16 and stamp[10] == "T" and stamp.endswith("Z"):
        return f"{stamp[:10]} {stamp[11:16]} UTC"
    return stamp or "?"


def record_line(record: RecordStatus) -> str:
    """One approval record as the panel lists it: who decided what, when, and its signature."""
    verdict = record.verdict.replace("_", " ") or "?"
    text = (
        f"{verdict} by {record.approved_by or '?'} on {when(record.approved_at)} "
        f"({record.scope or '?'}); {signature_detail(record)}"
    )
    if record.problems:
        text += "; REJECTED: " + "; ".join(record.problems)
    if record.note:
        text += f"\nnote: {record.note}"
    return text


def _item_line(item: ItemStatus) -> str:
    """One item's state with who decided it and when."""
    word = STATE_WORDS[item.state]
    if item.state is ItemState.NOT_APPROVED:
        return f"{item.title}: {word}"
    return f"{item.title}: {word} (by {item.approved_by} on {when(item.approved_at)})"


def fold_keys(keys: Sequence[str]) -> str:
    """Item keys in words, runs of entries folded ("the main sheet, Gift mend, ledger
    entries 1–12"): ``builder.core.approval_status.key_ranges``."""
    return key_ranges(keys)


def _detail(items: Sequence[ItemStatus], records: Sequence[RecordStatus]) -> str:
    """Every covered item that needs a look, with its note, signature and what changed.

    In a row of many items, those plainly approved or not yet approved (no
    note, no change) are folded into one line each, so a long ledger stays short.
    """
    lines: list[str] = []
    folded: dict[ItemState, list[str]] = {}
    for item in sorted(items, key=lambda i: _WORST_FIRST.index(i.state)):
        plain = item.state in (ItemState.APPROVED, ItemState.NOT_APPROVED) and not item.note
        if plain and len(items) > 1:
            folded.setdefault(item.state, []).append(item.key)
            continue
        lines.append(_item_line(item))
        # What changed comes first: it is what the leader has to look at.
        lines += [f"    {change.describe()}" for change in item.changes]
        if item.note:
            lines.append(f"    note: {item.note}")
        if item.record is not None and item.record < len(records):
            lines.append(f"    {signature_detail(records[item.record])}")
    for state in (ItemState.NOT_APPROVED, ItemState.APPROVED):
        if state in folded:
            keys = folded[state]
            lines.append(f"{STATE_WORDS[state].capitalize()} ({len(keys)}): {fold_keys(keys)}")
    return "\n".join(lines)


def _summary(items: Sequence[ItemStatus]) -> tuple[ItemState, str, bool]:
    """The worst state of a group of items and a phrase for it ("3 of 12 approved")."""
    if not items:
        return ItemState.NOT_APPROVED, "nothing to approve", False
    states = [i.state for i in items]
    worst = min(states, key=_WORST_FIRST.index)
    approved = states.count(ItemState.APPROVED)
    if len(items) == 1:
        item = items[0]
        text = STATE_WORDS[item.state]
        if item.state is not ItemState.NOT_APPROVED:
            text += f" · {item.approved_by}"
        return worst, text, False
    if worst is ItemState.APPROVED:
        return worst, f"approved (all {len(items)})", False
    count = states.count(worst)
    text = f"{STATE_WORDS[worst]} ({count} of {len(items)})"
    mixed = worst is ItemState.NOT_APPROVED and approved > 0
    if mixed:
        text = f"partly approved ({approved} of {len(items)})"
    return worst, text, mixed


def _row(
    scope: str,
    title: str,
    items: Sequence[ItemStatus],
    records: Sequence[RecordStatus],
    approvable: bool = True,
) -> ApprovalRow:
    state, text, mixed = _summary(items)
    signatures = {
        signature_text(records[i.record])
        for i in items
        if i.record is not None and i.record < len(records)
    }
    signature = signatures.pop() if len(signatures) == 1 else ("mixed" if signatures else "")
    return ApprovalRow(
        scope,
        title,
        tuple(i.key for i in items),
        state,
        text,
        signature,
        _detail(items, records),
        approvable,
        mixed,
    )


def approval_rows(reviewed: ReviewedFile) -> list[ApprovalRow]:
    """The rows of the approval panel for a readable file: whole, core, each Gift, history."""
    review = reviewed.review
    if review is None:
        return []
    status = review.approvals
    words = system_ui(reviewed.system_id).review_words
    by_key = {item.key: item for item in status.items}
    records = status.records
    history = history_scope(reviewed)
    rows = [_row(whole_scope(reviewed), words.whole, list(status.items), records)]
    if "core" in by_key:
        rows.append(_row("core", words.core, [by_key["core"]], records))
    gift_keys = [k for k in by_key if k.startswith("gift:")]
    for key in gift_keys:
        item = by_key[key]
        removed = item.state is ItemState.REMOVED
        rows.append(_row(key, item.title, [item], records, approvable=not removed))
    entries = [i for k, i in by_key.items() if k.startswith(f"{history}[")]
    present = [i for i in entries if i.state is not ItemState.REMOVED]
    noun = "entry" if len(present) == 1 else "entries"
    title = f"{words.history} ({len(present)} {noun})"
    rows.append(_row(history, title, entries, records, approvable=bool(present)))
    return rows


__all__ = [
    "STATE_MARKS",
    "STATE_WORDS",
    "ApprovalRow",
    "approval_rows",
    "fold_keys",
    "record_line",
    "signature_detail",
    "signature_text",
    "when",
]
