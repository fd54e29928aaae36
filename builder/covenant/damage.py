"""Covenant Discipline and damage: bids, Resistance, healing ("Damage", "Bidding").

Discipline is spent from free Discipline and becomes damage of a severity
(scene, chapter, long-term) that recharges at the matching boundary.
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.findings import Severity
from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    Bid,
    BidCost,
    DamageSeverity,
    Heal,
    Resist,
    RestoreLongTerm,
)
from builder.covenant.playstate import (
    Handler,
    PlayState,
)


def bid_value(spent: int, cost: BidCost) -> int:
    """Bid points bought by ``spent`` Discipline ("Advantages and Disadvantages").

    Half-cost: 1 Discipline raises the bid by 2; normal: by 1; double-cost: 2
    Discipline raise it by 1, so an odd last point buys nothing.
    """
    if cost is BidCost.HALF:
        return spent * 2
    if cost is BidCost.DOUBLE:
        return spent // 2
    return spent


# --------------------------------------------------------------------------- discipline


def check_spend(state: PlayState, spent: int) -> Step[PlayState] | None:
    """A refusal when ``spent`` Discipline cannot be spent now (incapacitated, not free)."""
    if state.incapacitated is not None:
        return refuse(
            state,
            "covenant.incapacitated",
            "An incapacitated character cannot bid until xi is healed.",
        )
    if spent > state.discipline.free:
        # Reading: Discipline is only ever spent from free Discipline ("Damage"), so a
        # bid larger than what is free cannot be made at all.
        return refuse(
            state,
            "covenant.discipline.insufficient",
            f"Only {state.discipline.free} free Discipline to spend; {spent} asked.",
            free=state.discipline.free,
            spent=spent,
        )
    return None


def _bid(state: PlayState, entry: Bid) -> Step[PlayState]:
    if entry.spent < 1:
        return refuse(
            state,
            "covenant.discipline.bid_amount",
            "A bid spends at least 1 Discipline.",
            spent=entry.spent,
        )
    refused = check_spend(state, entry.spent)
    if refused is not None:
        return refused
    return accept(replace(state, discipline=state.discipline.damaged(entry.spent, entry.severity)))


def _resist(state: PlayState, entry: Resist) -> Step[PlayState]:
    if entry.damage < 1 or entry.spent < 0 or entry.bonus < 0:
        # With no damage dealt there is nothing to resist, and a bid of 0 would
        # otherwise "fail" against a target of 0.
        return refuse(
            state,
            "covenant.discipline.resist_amount",
            "A Resistance bid answers at least 1 damage; Discipline spent and bonus "
            "cannot be negative.",
            damage=entry.damage,
            spent=entry.spent,
            bonus=entry.bonus,
        )
    refused = check_spend(state, entry.spent)
    if refused is not None:
        return refused
    bid = bid_value(entry.spent, entry.cost) + entry.bonus
    nxt = replace(state, discipline=state.discipline.damaged(entry.spent, entry.severity))
    severity = entry.severity.value.replace("_", "-")
    if bid > entry.damage:
        return accept(
            nxt,
            note(
                "covenant.resist.success",
                f"Resistance bid {bid} beats {entry.damage} damage; {entry.spent} Discipline "
                f"becomes {severity} damage.",
                bid=bid,
                damage=entry.damage,
                spent=entry.spent,
            ),
        )
    return accept(
        replace(nxt, incapacitated=entry.severity),
        note(
            "covenant.resist.incapacitated",
            f"Resistance bid {bid} does not exceed {entry.damage} damage: the character is "
            f"incapacitated ({severity} damage) until healed.",
            Severity.WARNING,
            bid=bid,
            damage=entry.damage,
            spent=entry.spent,
        ),
    )


def _heal(state: PlayState, entry: Heal) -> Step[PlayState]:
    if state.incapacitated is None:
        return refuse(
            state, "covenant.heal.not_incapacitated", "The character is not incapacitated."
        )
    return accept(replace(state, incapacitated=None))


def _restore_long_term(state: PlayState, entry: RestoreLongTerm) -> Step[PlayState]:
    if not 1 <= entry.amount <= state.discipline.long_term:
        return refuse(
            state,
            "covenant.discipline.restore_amount",
            f"Between 1 and {state.discipline.long_term} long-term damage can be restored; "
            f"{entry.amount} asked.",
            long_term=state.discipline.long_term,
            amount=entry.amount,
        )
    return accept(
        replace(
            state, discipline=state.discipline.recharged(DamageSeverity.LONG_TERM, entry.amount)
        )
    )


HANDLERS: dict[type, Handler] = {
    Bid: _bid,
    Resist: _resist,
    Heal: _heal,
    RestoreLongTerm: _restore_long_term,
}
