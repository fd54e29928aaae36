"""Covenant bids in the play log: contests, shared Discipline, banked advantages, succession.

Each function judges one play-log entry against the folded ``PlayState``
(``builder.core.playlog.Step``); the arithmetic of a bid is
``builder.covenant.contests``, so the sheet's preview and the log agree.
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.findings import Severity
from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    BankedUse,
    Contest,
    DamageSeverity,
    ShareDiscipline,
    SpendBanked,
    StuntEffect,
    Succession,
)
from builder.covenant.contests import BidPlan, plan_bid, points_for
from builder.covenant.damage import check_spend
from builder.covenant.playstate import Handler, Phase, PlayState

BANKED_USES: dict[BankedUse, str] = {
    BankedUse.OWN_ADVANTAGE: "1 advantage on the character's bid",
    BankedUse.ALLY_ADVANTAGE: "1 advantage on an ally's bid",
    BankedUse.OPPONENT_DISADVANTAGE: "1 disadvantage on an opponent's bid",
}
"""What a banked advantage can be spent on ("Banking Advantages"), in the summary's words."""


def contest_plan(entry: Contest) -> BidPlan:
    """The ``BidPlan`` a recorded contest stands for (``contests.plan_bid``)."""
    stunt = None
    if entry.stunt:
        try:
            stunt = StuntEffect(entry.stunt)
        except ValueError:
            stunt = StuntEffect.OTHER
    return plan_bid(
        entry.kind,
        entry.spent,
        advantages=entry.advantages,
        disadvantages=entry.disadvantages,
        boosts=entry.boosts,
        imposed=entry.imposed,
        stunt=stunt,
        shared=entry.shared,
        against=entry.against,
    )


def _contest(state: PlayState, entry: Contest) -> Step[PlayState]:
    """A fixed or opposed bid: Discipline spent, the winner, and a banked advantage.

    "Discipline spent on bids is considered scene damage" ("Bids"). A bid
    with nothing spent still stands (advantages and shared Discipline may
    carry it). Refused: a plan the rules break (``plan_bid``'s problems), more
    Discipline than is free, a bank asked for on a lost bid or one without
    advantages.
    """
    if entry.stunt and entry.stunt not in set(StuntEffect):
        return refuse(
            state, "covenant.bid.stunt", f"'{entry.stunt}' is not an effect a stunt can have."
        )
    plan = contest_plan(entry)
    if plan.problems:
        return refuse(state, "covenant.bid.plan", "; ".join(plan.problems).capitalize() + ".")
    if entry.against < 0:
        return refuse(state, "covenant.bid.against", "A target or opposing bid is 0 or more.")
    refused = check_spend(state, entry.spent)
    if refused is not None:
        return refused
    if entry.bank and not (plan.wins and plan.banks):
        return refuse(
            state,
            "covenant.bid.bank",
            "Only a successful bid that has advantages banks 1 advantage.",
        )
    nxt = replace(state, discipline=state.discipline.damaged(entry.spent, entry.severity))
    if entry.bank:
        nxt = replace(nxt, banked=state.banked + 1)
    return accept(
        nxt,
        note(
            "covenant.bid.won" if plan.wins else "covenant.bid.lost",
            plan.explain(),
            Severity.INFO if plan.wins else Severity.WARNING,
            bid=plan.bid,
            against=entry.against,
            spent=entry.spent,
        ),
    )


def _share(state: PlayState, entry: ShareDiscipline) -> Step[PlayState]:
    """Discipline shared to another character's bid, at that bid's cost ("Sharing Discipline").

    Reading: shared Discipline is spent on a bid, so it becomes the sharer's
    scene damage ("Discipline spent on bids is considered scene damage").
    """
    if entry.spent < 1:
        return refuse(state, "covenant.share.amount", "Share at least 1 Discipline.")
    refused = check_spend(state, entry.spent)
    if refused is not None:
        return refused
    points = points_for(entry.spent, entry.cost)
    return accept(
        replace(state, discipline=state.discipline.damaged(entry.spent, DamageSeverity.SCENE)),
        note(
            "covenant.share.done",
            f"{entry.spent} Discipline shared at {entry.cost.value} cost raises the bid by "
            f"{points}.",
            spent=entry.spent,
            points=points,
        ),
    )


def _spend_banked(state: PlayState, entry: SpendBanked) -> Step[PlayState]:
    if state.banked < 1:
        return refuse(state, "covenant.bank.empty", "No banked advantage to spend.")
    return accept(replace(state, banked=state.banked - 1))


def _succession(state: PlayState, entry: Succession) -> Step[PlayState]:
    """A successor starts play with the sacrificed character's tokens plus one.

    Reading: it must be the first thing in the successor's log (before any
    scene, purchase or chapter), and the tokens it names are the tokens the
    successor has available once its creation is paid for.
    """
    fresh = (
        state.phase is Phase.INTERMISSION
        and not state.predecessor
        and state.scenes_ended == 0
        and state.chapters_survived == 0
        and state.tokens_spent == state.tokens_at_creation
    )
    if not fresh:
        return refuse(
            state,
            "covenant.succession.first",
            "A successor's inheritance is the first entry of xir log.",
        )
    if min(entry.ties, entry.assets, entry.tokens) < 0 or not entry.predecessor:
        return refuse(
            state,
            "covenant.succession.numbers",
            "A succession names its predecessor and carries no negative numbers.",
        )
    starting = state.tokens_at_creation + entry.tokens
    return accept(
        replace(
            state, starting_tokens=starting, tokens_earned=starting, predecessor=entry.predecessor
        )
    )


HANDLERS: dict[type, Handler] = {
    Contest: _contest,
    ShareDiscipline: _share,
    SpendBanked: _spend_banked,
    Succession: _succession,
}
