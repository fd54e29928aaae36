"""Covenant goals: setting and resolving a major or minor goal ("Goals").

A goal needs conditions, stakes and a catharsis; it can be tapped like a Trait
while it is open.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    Goal,
    GoalSlot,
    ResolveGoal,
    SetGoal,
)
from builder.covenant.playstate import (
    Handler,
    PlayState,
    ResolvedGoal,
    goal_asset,
)

# --------------------------------------------------------------------------- goals


def goal_problem(goal: Goal) -> str:
    """Why ``goal`` is incomplete, or "": a goal has conditions, stakes and a catharsis."""
    if not goal.id or not goal.name:
        return "A goal needs an id and a name."
    missing = [
        part for part in ("conditions", "stakes", "catharsis") if not getattr(goal, part).strip()
    ]
    if missing:
        return f"Goal '{goal.name}' is missing its " + " and ".join(missing) + "."
    return ""


def _set_goal(state: PlayState, entry: SetGoal) -> Step[PlayState]:
    if state.goal(entry.slot) is not None:
        return refuse(
            state,
            "covenant.goal.slot_taken",
            f"The character already has a {entry.slot.value} goal; resolve it first.",
        )
    problem = goal_problem(entry.goal)
    if not problem and entry.goal.id in state.ids_in_use():
        problem = f"The id '{entry.goal.id}' is already used on this character."
    if problem:
        return refuse(state, "covenant.goal.invalid", problem)
    field = "major_goal" if entry.slot is GoalSlot.MAJOR else "minor_goal"
    slot: dict[str, Any] = {field: entry.goal}
    nxt = replace(state, assets=(*state.assets, goal_asset(entry.goal)), **slot)
    return accept(nxt)


def _resolve_goal(state: PlayState, entry: ResolveGoal) -> Step[PlayState]:
    goal = state.goal(entry.slot)
    if goal is None:
        return refuse(
            state, "covenant.goal.empty", f"The character has no {entry.slot.value} goal."
        )
    field = "major_goal" if entry.slot is GoalSlot.MAJOR else "minor_goal"
    slot: dict[str, Any] = {field: None}
    nxt = replace(
        state,
        assets=tuple(a for a in state.assets if a.id != goal.id),
        goals_resolved=(*state.goals_resolved, ResolvedGoal(entry.slot, goal, entry.fulfilled)),
        **slot,
    )
    outcome = (
        f"fulfilled: the catharsis is earned ({goal.catharsis})"
        if entry.fulfilled
        else f"failed: the stakes are lost ({goal.stakes})"
    )
    return accept(nxt, note("covenant.goal.resolved", f"Goal '{goal.name}' {outcome}."))


HANDLERS: dict[type, Handler] = {
    SetGoal: _set_goal,
    ResolveGoal: _resolve_goal,
}
