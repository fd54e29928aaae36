"""The audit's edits line: the sheet edits made over the years (issue 31 item 4).

A Gift taken off the sheet and a revision of the Limits are dated ledger
entries; a Playgroup Leader reading the audit sees each one in words, with
what a removal gave back (``builder.contract.sheet_edits`` gives the reading
the rules text leaves open). Nothing here is a rule break: the line passes;
it is there so the history is explained.
"""

from __future__ import annotations

from builder.contract.character import Contractor, GiftChange, GiftChangeKind, LimitsRevised
from builder.contract.gifts.history import rewards_moved
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.wording import limits_change
from builder.core.report import AuditLine

EDITS_CHECK = "edits"


def edit_texts(contractor: Contractor) -> tuple[str, ...]:
    """Every sheet edit of the corrected ledger in words, oldest first."""
    out: list[str] = []
    for _index, entry in corrected_pairs(contractor.ledger):
        if isinstance(entry, GiftChange) and str(entry.kind) == GiftChangeKind.REMOVED.value:
            what = entry.note or f"Removed {entry.gift_id!r}"
            moved = rewards_moved(entry.credits, entry.improvements).replace("—", "nothing back")
            out.append(
                f"{what} (Gift {entry.gift_id}) removed on {entry.date}: cost "
                f"{entry.cost_before}, {moved}"
            )
        elif isinstance(entry, LimitsRevised):
            why = f" ({entry.reason})" if entry.reason else ""
            out.append(f"Limits revised on {entry.date}: {limits_change(entry)}{why}")
    return tuple(out)


def edits_line(contractor: Contractor) -> AuditLine | None:
    """The edits line, or None when no Gift was removed and no Limits revised."""
    texts = edit_texts(contractor)
    if not texts:
        return None
    return AuditLine(
        EDITS_CHECK,
        "Edits over the years",
        "Edits: " + "; ".join(texts),
        {"edits": len(texts)},
        "ledger",
    )


__all__ = ["EDITS_CHECK", "edit_texts", "edits_line"]
