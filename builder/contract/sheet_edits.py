"""The edits a sheet needs over the years (issue 31 item 4): removing a Gift, revising Limits.

Both are dated ledger entries, so the history keeps them, the audit can
explain them and an undo takes them back like any other entry.

Removing a Gift. The rules text says nothing of taking a Gift off a sheet.
It says how the sheet balances Gifts ("The online Character Sheet keeps
track of total Gift Credits and Improvements earned, as well as the total
cost of all Gifts on a given Contractor", "Restrictions on Gifts"), and that
"Improvements are like Gift Credits, but they can only be spent to improve an
existing Gift" ("Gift Credits and Improvements"). The reading taken here:
a removed Gift no longer counts in "the total cost of all Gifts", so the Gift
Credits and Improvements spent on it are available again, each as what it
was (a Gift Credit comes back as a Gift Credit, an Improvement as an
Improvement). Nothing is refunded in Exp: no Exp was spent on the Gift. The
"Improvement Limits" cap (2 × victories) counts what is spent, so refunded
Improvements fall under it again when re-spent. This is a different case from
an Asset lost in play ("The Experience you spent on that Asset will not be
refunded when you lose it", "Assets and Liabilities"): a Gift taken off the
sheet is a player's edit, which the Playgroup Leader sees in the audit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from builder.contract.character import (
    Contractor,
    Gift,
    GiftChange,
    GiftChangeKind,
    Limit,
    LimitsRevised,
)
from builder.contract.gifts.draft import GiftDraft
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.sheet import evaluate_sheet
from builder.contract.stock import LimitOption
from builder.core.findings import Finding, errors
from builder.core.result import Result


def _checked(before: Contractor, after: Contractor) -> Result[Contractor]:
    """Keep ``after`` unless it brings a new ERROR; report every new finding either way."""
    seen = {(f.rule, f.where) for f in evaluate_sheet(before).findings}
    fresh = tuple(f for f in evaluate_sheet(after).findings if (f.rule, f.where) not in seen)
    if errors(fresh):
        return Result(before, fresh)
    return Result(after, fresh)


def spent_on_gift(contractor: Contractor, gift_id: str) -> tuple[int, int]:
    """The Gift Credits and Improvements spent on Gift ``gift_id`` so far, net of refunds.

    Read from the corrected ledger: every ``GiftChange`` of that Gift since it
    was last added (a removed and re-added id starts again from 0).
    """
    credits = improvements = 0
    for _index, entry in corrected_pairs(contractor.ledger):
        if not isinstance(entry, GiftChange) or entry.gift_id != gift_id:
            continue
        if str(entry.kind) == GiftChangeKind.NEW.value:
            credits = improvements = 0
        credits += entry.credits
        improvements += entry.improvements
    return credits, improvements


def removal_refund(contractor: Contractor, gift_id: str, cost: int) -> tuple[int, int]:
    """What removing a Gift of Gift Cost ``cost`` gives back: (Gift Credits, Improvements).

    The Gift's cost comes back whole, split as it was paid: the Improvements
    spent on it come back as Improvements (never more than the cost), the
    rest as Gift Credits. A Gift bought with 1 Gift Credit and raised with 2
    Improvements (cost 3) gives back 1 Gift Credit and 2 Improvements.
    """
    _credits, improvements = spent_on_gift(contractor, gift_id)
    back_improvements = min(max(improvements, 0), max(cost, 0))
    return max(cost, 0) - back_improvements, back_improvements


def remove_gift(
    contractor: Contractor, gift_id: str, date: str, reason: str = ""
) -> Result[Contractor]:
    """Take Gift ``gift_id`` off the sheet, refunding what it spent (see the module's reading).

    Appends a ``GiftChange`` of kind ``removed`` (cost → 0, Gift Credits and
    Improvements negative: refunded) whose note names the Gift, so the ledger
    and the audit still say what it was once the Gift is gone. A Legendary
    Artifact that held the Gift keeps its other Gifts.
    """
    gift = next((g for g in contractor.gifts if g.id == gift_id), None)
    if gift is None:
        finding = Finding(
            "rewards.unknown_gift", f"the contractor holds no Gift {gift_id!r} to remove", "gifts"
        )
        return Result(contractor, (finding,))
    credits, improvements = removal_refund(contractor, gift_id, gift.cost)
    name = gift.draft.name or gift.id
    note = f"Removed {name!r}" + (f": {reason}" if reason else "")
    entry = GiftChange(
        date, gift_id, GiftChangeKind.REMOVED, gift.cost, 0, -credits, -improvements, note
    )
    legendary = tuple(
        replace(a, gifts=tuple(g for g in a.gifts if g != gift_id))
        for a in contractor.stock.legendary
    )
    after = replace(
        contractor,
        ledger=(*contractor.ledger, entry),
        gifts=tuple(g for g in contractor.gifts if g.id != gift_id),
        stock=replace(contractor.stock, legendary=legendary),
    )
    return _checked(contractor, after)


def limits_from_names(
    names: Sequence[str], options: Sequence[LimitOption], held: Sequence[Limit]
) -> tuple[Limit, ...]:
    """The Limits a player names: one held by that name (as it is), else a catalog Limit by
    name or id, else a custom Limit of that name ("Custom Limits are subject to Playgroup Leader
    approval")."""
    out: list[Limit] = []
    for raw in names:
        name = raw.strip()
        key = name.lower()
        option = next((o for o in options if key in (o.name.lower(), o.id.lower())), None)
        kept = next((h for h in held if h.name.lower() == key), None)
        if kept is not None:
            out.append(kept)
        elif option is not None:
            out.append(option.to_limit())
        else:
            out.append(Limit(name, custom=True))
    return tuple(out)


def duplicate_draft(gift: Gift, held: Sequence[Gift]) -> GiftDraft:
    """A copy of a held Gift's draft to build a new Gift from: "Name (copy)", or "(copy 2)"…
    when that name is taken. Only a draft: nothing is spent until it is saved as a new Gift,
    which then costs Gift Credits like any new Gift."""
    base = gift.draft.name or gift.id
    names = {(g.draft.name or g.id).lower() for g in held}
    name = f"{base} (copy)"
    n = 2
    while name.lower() in names:
        name = f"{base} (copy {n})"
        n += 1
    return replace(gift.draft, name=name)


def revise_limits(
    contractor: Contractor, limits: tuple[Limit, ...], date: str, reason: str = ""
) -> Result[Contractor]:
    """Replace the contractor's Limits after creation, kept as a dated ``LimitsRevised`` entry.

    "During Character Creation, Contractors begin with three Limits" and "Custom
    Limits are subject to Playgroup Leader approval" ("Limits"): the new Limits
    are checked as at creation (three, named, none twice: an ERROR refuses the
    revision; a custom one is a WARNING that needs approval). The rules text
    does not speak of changing Limits later; the reading taken is that a player
    may, as a dated revision the leader sees in the audit. Nothing is spent.
    """
    limits = tuple(limits)
    if limits == contractor.limits:
        finding = Finding("limits.unchanged", "the Limits are already these", "limits")
        return Result(contractor, (finding,))
    entry = LimitsRevised(date, contractor.limits, limits, reason)
    after = replace(contractor, ledger=(*contractor.ledger, entry), limits=limits)
    return _checked(contractor, after)


def current_limits(contractor: Contractor) -> tuple[Limit, ...]:
    """The Limits the corrected history leaves: the ``after`` of the latest revision still
    standing, or, when every revision was voided, the Limits the first one started from.

    A contractor with no revision keeps the Limits on the sheet. Used when a correction
    voids or replaces a ``LimitsRevised`` entry, so the sheet follows its history ("the
    sheet's ``limits`` are the latest ``after``").
    """
    ledger = contractor.ledger
    first = next((e for e in ledger if isinstance(e, LimitsRevised)), None)
    if first is None:
        return contractor.limits
    standing = [e for _i, e in corrected_pairs(ledger) if isinstance(e, LimitsRevised)]
    return standing[-1].after if standing else first.before


__all__ = [
    "current_limits",
    "duplicate_draft",
    "limits_from_names",
    "removal_refund",
    "remove_gift",
    "revise_limits",
    "spent_on_gift",
]
