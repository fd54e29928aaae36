"""The ledger's checks: per entry (``ENTRY_CHECKS``) and on the whole fold (``FINAL_CHECKS``).

Like beancount's validators, each check is a small function with one
signature that returns findings; add a rule by adding a function to a tuple.
Rules: "Death", "Contract Cycles", "Spending Experience", "Gift Credits and
Improvements".
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from builder.contract.character import (
    SPENDING_ENTRIES,
    BonusExp,
    Contractor,
    Death,
    Entry,
    GiftChange,
)
from builder.contract.ledger.play import check_hustle_due
from builder.contract.ledger.values import Position, Posting, entry_place
from builder.contract.wording import entry_kind_name
from builder.core.findings import Finding

# --------------------------------------------------------------------------- entry checks

EntryCheck = Callable[[int, Entry, Position, Posting], Iterable[Finding]]


def check_after_death(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """Nothing happens to a dead contractor except voiding the death ("Death on the Website").

    Bonus Exp reports its own, more specific finding.
    """
    if pos.alive or (isinstance(entry, Death) and entry.voided) or isinstance(entry, BonusExp):
        return []
    return [
        Finding(
            "ledger.after_death",
            f"this {entry_kind_name(entry)} comes after the contractor died; void the death "
            "if it was a mistake, or remove this entry",
            entry_place(index),
        )
    ]


def check_spent_in_cycle(
    index: int, entry: Entry, pos: Position, posting: Posting
) -> list[Finding]:
    """Exp cannot be spent between the Contracts of a Cycle ("Contract Cycles")."""
    if not pos.cycle_open or not isinstance(entry, SPENDING_ENTRIES):
        return []
    return [
        Finding(
            "exp.spent_in_cycle",
            f"Exp cannot be spent between the Contracts of the Cycle {pos.cycle_open!r}; "
            "record this after the Cycle's last Contract",
            entry_place(index),
            numbers={"cycle": pos.cycle_open},
        )
    ]


def check_claimed_price(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """The Exp a spending entry records must be the rule price."""
    if posting.claimed is None or posting.claimed == posting.price:
        return []
    return [
        Finding(
            "exp.wrong_price",
            f"this {entry_kind_name(entry)} records {posting.claimed} Exp; the rules price it"
            f" at {posting.price}. Edit it to {posting.price} Exp",
            entry_place(index),
            numbers={"claimed": posting.claimed, "expected": posting.price},
        )
    ]


def check_overdrawn(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """Available Exp can never go below zero."""
    available = pos.available
    if posting.price <= 0 or available - posting.price >= 0:
        return []
    shortfall = posting.price - available
    return [
        Finding(
            "exp.overspent",
            f"this costs {posting.price} Exp but only {available} is available ({shortfall} "
            "short); record the Exp earned before it, or remove or edit this entry",
            entry_place(index),
            numbers={"available": available, "cost": posting.price, "shortfall": shortfall},
        )
    ]


ENTRY_CHECKS: tuple[EntryCheck, ...] = (
    check_after_death,
    check_spent_in_cycle,
    check_claimed_price,
    check_overdrawn,
    check_hustle_due,
)
"""Checks every entry goes through after it is posted; add a rule by adding a function."""


# --------------------------------------------------------------------------- final checks

FinalCheck = Callable[[Contractor, Position], Iterable[Finding]]


def check_gift_balance(contractor: Contractor, pos: Position) -> list[Finding]:
    """Held Gifts' Gift Costs equal the Gift Credits and Improvements spent, net of refunds."""
    held = sum(g.cost for g in contractor.gifts)
    spent = pos.credits_spent + pos.improvements_spent
    if held == spent:
        return []
    return [
        Finding(
            "rewards.unbalanced",
            f"the held Gifts cost {held} in total but {pos.credits_spent} Gift Credits and"
            f" {pos.improvements_spent} Improvements ({spent}) were spent on them",
            "gifts",
            numbers={
                "gift_costs": held,
                "credits_spent": pos.credits_spent,
                "improvements_spent": pos.improvements_spent,
            },
        )
    ]


def check_gift_history(contractor: Contractor, pos: Position) -> list[Finding]:
    """Each held Gift's cost matches the cost its last recorded change left it at."""
    if not any(isinstance(e, GiftChange) for e in contractor.ledger):
        return []
    findings: list[Finding] = []
    for i, gift in enumerate(contractor.gifts):
        recorded = pos.gifts.get(gift.id)
        if recorded is None:
            findings.append(
                Finding(
                    "rewards.gift_without_history",
                    f"Gift {gift.id!r} has no recorded Gift Credit or Improvement spent on it",
                    f"gifts[{i}]",
                )
            )
        elif recorded != gift.cost:
            findings.append(
                Finding(
                    "rewards.gift_cost_history",
                    f"Gift {gift.id!r} costs {gift.cost} but its last recorded change left it"
                    f" at {recorded}",
                    f"gifts[{i}]",
                    numbers={"cost": gift.cost, "recorded": recorded},
                )
            )
    return findings


FINAL_CHECKS: tuple[FinalCheck, ...] = (check_gift_balance, check_gift_history)
"""Checks run once on the whole fold."""
