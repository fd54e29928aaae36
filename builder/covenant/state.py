"""Covenant play state, folded from creation plus the play log.

Nothing about a Covenant character's current condition is stored: free
Discipline, damage, which assets are used, tokens and eliminations are all
computed here by replaying ``CovenantCharacter.log`` over the state that
``CovenantCreation`` sets up ("Totals are never stored", STYLE.md). Each log
entry goes through ``apply_entry``, which either accepts it and returns the
next state, or refuses it with findings and leaves the state exactly as it
was. A log read from a file is replayed the same way, so an entry that breaks
a rule shows up as a finding pointing at ``log[i]`` instead of a crash.

The fold, the refusal bookkeeping and undo are the game-free
``builder.core.playlog``; ``COVENANT_LOG`` binds them to Covenant's start and
rules. The values live in ``builder.covenant.playstate``; each entry kind is
judged in a rule module (``story``, ``assets``, ``damage``, ``ties``,
``conditions``, ``goals``), kept in one table like beancount's validators.
Rule readings the summary leaves open are written down where they are applied
(search for "Reading:").
"""

from __future__ import annotations

from builder.core.playlog import Fold, PlayLog, Step, refuse
from builder.covenant import assets, bids, conditions, damage, goals, story, ties
from builder.covenant.character import CovenantCharacter, LogEntry
from builder.covenant.damage import bid_value
from builder.covenant.goals import goal_problem
from builder.covenant.playstate import (
    AssetSource,
    AssetState,
    Discipline,
    Handler,
    Phase,
    PlayState,
    ResolvedGoal,
    TieState,
    creation_token_cost,
    initial_state,
)

_HANDLERS: dict[type, Handler] = {
    **story.HANDLERS,
    **assets.HANDLERS,
    **damage.HANDLERS,
    **ties.HANDLERS,
    **conditions.HANDLERS,
    **goals.HANDLERS,
    **bids.HANDLERS,
}


def apply_entry(state: PlayState, entry: LogEntry) -> Step[PlayState]:
    """Apply one play-log entry to ``state``; a refused entry leaves it unchanged."""
    if state.eliminated is not None:
        return refuse(
            state,
            "covenant.eliminated",
            "The character has been eliminated from the game and can take no more actions.",
            cause=str(state.eliminated),
        )
    handler = _HANDLERS.get(type(entry))
    if handler is None:
        return refuse(
            state, "covenant.log.unknown", f"Unknown play-log entry {type(entry).__name__}."
        )
    return handler(state, entry)


def _start(character: CovenantCharacter) -> PlayState:
    return initial_state(character.creation)


COVENANT_LOG: PlayLog[CovenantCharacter, PlayState, LogEntry] = PlayLog(
    start=_start, apply=apply_entry, field="log", empty_rule="covenant.log.empty"
)
"""Covenant's play log: starts from creation, judged by ``apply_entry``."""


def fold(character: CovenantCharacter) -> Fold[PlayState]:
    """The character's state after replaying the whole log from creation.

    Findings carry ``where="log[i]"``; refused entries are skipped, so the state is
    the one the accepted entries produce.
    """
    return COVENANT_LOG.fold(character)


__all__ = [
    "COVENANT_LOG",
    "AssetSource",
    "AssetState",
    "Discipline",
    "Fold",
    "Phase",
    "PlayState",
    "ResolvedGoal",
    "Step",
    "TieState",
    "apply_entry",
    "bid_value",
    "creation_token_cost",
    "fold",
    "goal_problem",
    "initial_state",
]
