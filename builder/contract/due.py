"""What is due for a contractor: what the leader or the player should see to next (issue 32 item 4).

Each item is read from the sheet the rules evaluate (``evaluate_sheet``) or
from the ledger as it stands; nothing here is a new rule:

- ``loose_end``: a Loose End whose Cutoff reached 0 and is neither resolved
  nor Hustled ("Once the Cutoff countdown hits 0, the Loose End's Threat
  manifests ... that Contractor may not attend Contracts until a GM has run
  the required Hustle");
- ``gift_credits`` / ``improvements``: rewards earned and not spent yet;
- ``free_consumable``: a Consumable Crafting Gift whose free Consumable of
  this Downtime (since the last Contract) is not crafted (SPEC §3 "one free
  Consumable per Consumable Crafting Gift per Downtime");
- ``approval_changed``: an item the leader approved that the file no longer
  matches (``builder.core.approval.verify``: changed or removed since);
- ``journal_unwritten``: a Journal whose word count is claimed but whose text
  is not kept ("writing an in-character Journal at least 250 words long":
  the leader cannot read it);
- ``suggestion``: a correction the leader suggested that the player has not
  accepted or declined yet (issue 32 item 5, ``builder.contract.suggesting``).

A contractor in the graveyard has nothing due.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from builder.contract.character import ContractAttended, Contractor, Craft, Journal
from builder.contract.file import character_document
from builder.contract.ledger import crafting_kind
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.contract.suggesting import pending, suggestion_text
from builder.core.approval import ApprovalError, ItemState, verify


class DueKind(StrEnum):
    LOOSE_END = "loose_end"
    GIFT_CREDITS = "gift_credits"
    IMPROVEMENTS = "improvements"
    FREE_CONSUMABLE = "free_consumable"
    APPROVAL_CHANGED = "approval_changed"
    JOURNAL_UNWRITTEN = "journal_unwritten"
    SUGGESTION = "suggestion"


BADGES = {
    DueKind.LOOSE_END: "Loose End",
    DueKind.GIFT_CREDITS: "Gift Credits",
    DueKind.IMPROVEMENTS: "Improvements",
    DueKind.FREE_CONSUMABLE: "Consumable",
    DueKind.APPROVAL_CHANGED: "Approval",
    DueKind.JOURNAL_UNWRITTEN: "Journal",
    DueKind.SUGGESTION: "Suggestion",
}
"""The short word a roster badge shows for each kind."""


@dataclass(frozen=True, slots=True)
class DueItem:
    """One thing due: its kind, a sentence saying what, and where on the sheet."""

    kind: DueKind
    message: str
    where: str = ""

    def to_json(self) -> dict[str, str]:
        return {"kind": str(self.kind), "message": self.message, "where": self.where}


def _loose_ends(sheet: SheetReport) -> list[DueItem]:
    return [
        DueItem(
            DueKind.LOOSE_END,
            f"Loose End {view.title!r} reached its Cutoff: its Threat manifests "
            "(a Hustle is needed before the next Contract)",
            f"loose_ends[{view.index}]",
        )
        for view in sheet.loose_ends
        if view.due
    ]


def _rewards(sheet: SheetReport) -> list[DueItem]:
    found = []
    credits, improvements = sheet.rewards.credits_available, sheet.rewards.improvements_available
    if credits > 0:
        found.append(
            DueItem(DueKind.GIFT_CREDITS, f"{credits} Gift Credit(s) not spent", "rewards")
        )
    if improvements > 0:
        found.append(
            DueItem(DueKind.IMPROVEMENTS, f"{improvements} Improvement(s) not spent", "rewards")
        )
    return found


def _free_consumables(contractor: Contractor) -> list[DueItem]:
    """Each Consumable Crafting Gift without its free Consumable since the last Contract."""
    ledger = contractor.ledger
    last = max((i for i, e in enumerate(ledger) if isinstance(e, ContractAttended)), default=-1)
    crafted = {e.gift_id for e in ledger[last + 1 :] if isinstance(e, Craft) and e.free}
    return [
        DueItem(
            DueKind.FREE_CONSUMABLE,
            f"the free Consumable of this Downtime from {gift.draft.name or gift.id!r}"
            " is not crafted yet",
            f"gifts[{i}]",
        )
        for i, gift in enumerate(contractor.gifts)
        if crafting_kind(gift.draft.gift_type) == "consumable" and gift.id not in crafted
    ]


def _approvals(contractor: Contractor, approvals: Sequence[Mapping[str, Any]]) -> list[DueItem]:
    if not approvals:
        return []
    document = character_document(contractor, approvals=approvals, exported_at="", written_by="")
    try:
        status = verify(document)
    except ApprovalError as exc:
        return [DueItem(DueKind.APPROVAL_CHANGED, f"the approvals cannot be read: {exc}")]
    return [
        DueItem(
            DueKind.APPROVAL_CHANGED,
            f"{item.title} was approved by {item.approved_by} and has "
            f"{'been removed' if item.state is ItemState.REMOVED else 'changed'} since",
            item.key,
        )
        for item in status.items
        if item.state in (ItemState.CHANGED, ItemState.REMOVED)
    ]


def _journals(contractor: Contractor) -> list[DueItem]:
    return [
        DueItem(
            DueKind.JOURNAL_UNWRITTEN,
            f"Journal {entry.title!r} ({entry.date}) claims {entry.words} words"
            " but its text is not kept",
            f"ledger[{i}]",
        )
        for i, entry in enumerate(contractor.ledger)
        if isinstance(entry, Journal) and not entry.text.strip()
    ]


def _suggestions(contractor: Contractor) -> list[DueItem]:
    return [
        DueItem(
            DueKind.SUGGESTION,
            f"{suggestion_text(contractor, contractor.suggestions[n])}: not answered yet",
            f"suggestions[{n}]",
        )
        for n in pending(contractor)
    ]


def what_is_due(
    contractor: Contractor, approvals: Sequence[Mapping[str, Any]] = ()
) -> tuple[DueItem, ...]:
    """Everything due for one contractor, in the order of ``DueKind``; () in the graveyard."""
    sheet = evaluate_sheet(contractor)
    if not sheet.alive:
        return ()
    return (
        *_loose_ends(sheet),
        *_rewards(sheet),
        *_free_consumables(contractor),
        *_approvals(contractor, approvals),
        *_journals(contractor),
        *_suggestions(contractor),
    )


def badges(items: Sequence[DueItem]) -> tuple[str, ...]:
    """The roster's badges for these items: one word per kind, in ``DueKind`` order."""
    kinds = {item.kind for item in items}
    return tuple(BADGES[k] for k in DueKind if k in kinds)


__all__ = ["BADGES", "DueItem", "DueKind", "badges", "what_is_due"]
