"""A Gift's revision history as the sheet lists it (issue 15, item 7).

Each saved revision is a ``GiftChange`` ledger entry ("Improving Gifts",
"Revising Gifts"): its date, why it was saved (new, improvement, revision,
adjustment), the Gift Cost before and after, the Gift Credits and
Improvements it spent (negative: refunded), and the change list written
when it was saved (:func:`builder.contract.gifts.changes.change_note`).
This module words those entries once, for the app and any printout.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.contract.character import Contractor, GiftChange, GiftChangeKind

__all__ = ["Revision", "gift_history", "house_lock", "rewards_moved"]

_KIND_LABEL = {
    GiftChangeKind.NEW: "New Gift",
    GiftChangeKind.IMPROVEMENT: "Improvement",
    GiftChangeKind.REVISION: "Revision",
    GiftChangeKind.ADJUSTMENT: "Adjustment",
    GiftChangeKind.REMOVED: "Removed",
}


def _amount(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def rewards_moved(credits: int, improvements: int) -> str:
    """What one revision spent and refunded, in words ("spent 1 Gift Credit", "—" for nothing)."""
    spent = [
        _amount(n, word)
        for n, word in ((credits, "Gift Credit"), (improvements, "Improvement"))
        if n > 0
    ]
    refunded = [
        _amount(-n, word)
        for n, word in ((credits, "Gift Credit"), (improvements, "Improvement"))
        if n < 0
    ]
    parts = []
    if spent:
        parts.append("spent " + " and ".join(spent))
    if refunded:
        parts.append("refunded " + " and ".join(refunded))
    return "; ".join(parts) if parts else "—"


@dataclass(frozen=True, slots=True)
class Revision:
    """One line of a Gift's history, worded for display."""

    date: str
    kind: str
    cost: str
    rewards: str
    changes: str

    @property
    def cells(self) -> tuple[str, str, str, str, str]:
        return (self.date, self.kind, self.cost, self.rewards, self.changes)


def gift_history(contractor: Contractor, gift_id: str) -> tuple[Revision, ...]:
    """Every saved revision of one Gift, oldest first, from the contractor's ledger."""
    out: list[Revision] = []
    for entry in contractor.ledger:
        if not isinstance(entry, GiftChange) or entry.gift_id != gift_id:
            continue
        if entry.kind is GiftChangeKind.NEW or entry.cost_before == entry.cost_after:
            cost = str(entry.cost_after)
        else:
            cost = f"{entry.cost_before} → {entry.cost_after}"
        out.append(
            Revision(
                entry.date,
                _KIND_LABEL.get(GiftChangeKind(entry.kind), str(entry.kind)),
                cost,
                rewards_moved(entry.credits, entry.improvements),
                entry.note or "—",
            )
        )
    return tuple(out)


def house_lock(contractor: Contractor) -> tuple[str, ...]:
    """The house-rule catalogs the contractor's Gifts use: the playgroups it is locked to.

    A Gift built with a playgroup's house-rule content keeps that catalog's
    name (``Gift.catalog``, saved and exported with the Gift), and "a
    contractor with such a Gift is locked to that playgroup" (FORMAT.md §8).
    Sorted, each name once; empty for a contractor using only the standard
    catalog.
    """
    names = {
        name.strip()
        for gift in contractor.gifts
        for name in gift.catalog.split(",")
        if name.strip()
    }
    return tuple(sorted(names))
