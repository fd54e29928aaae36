"""Covenant conditions and drains: contracting, ticking and curing them.

Fast ones are cured at the end of the scene; lingering ones stay until cured
("Conditions", "Drains").
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    AddCondition,
    AddDrain,
    CureCondition,
    CureDrain,
    DrainTick,
)
from builder.covenant.playstate import (
    Handler,
    PlayState,
)

# --------------------------------------------------------------------------- conditions, drains


def _add_condition(state: PlayState, entry: AddCondition) -> Step[PlayState]:
    c = entry.condition
    if not c.id or not c.name:
        return refuse(state, "covenant.condition.invalid", "A condition needs an id and a name.")
    if any(x.id == c.id for x in state.conditions):
        return refuse(
            state, "covenant.condition.invalid", f"Condition '{c.id}' is already on the character."
        )
    return accept(replace(state, conditions=(*state.conditions, c)))


def _cure_condition(state: PlayState, entry: CureCondition) -> Step[PlayState]:
    if not any(x.id == entry.condition for x in state.conditions):
        return refuse(
            state, "covenant.condition.unknown", f"No condition '{entry.condition}' to cure."
        )
    return accept(
        replace(state, conditions=tuple(x for x in state.conditions if x.id != entry.condition))
    )


def _add_drain(state: PlayState, entry: AddDrain) -> Step[PlayState]:
    d = entry.drain
    if not d.id or not d.name:
        return refuse(state, "covenant.drain.invalid", "A drain needs an id and a name.")
    if d.magnitude < 1:
        return refuse(
            state,
            "covenant.drain.invalid",
            f"A drain's magnitude is at least 1; '{d.name}' has {d.magnitude}.",
        )
    if any(x.id == d.id for x in state.drains):
        return refuse(
            state, "covenant.drain.invalid", f"Drain '{d.id}' is already on the character."
        )
    return accept(replace(state, drains=(*state.drains, d)))


def _drain_tick(state: PlayState, entry: DrainTick) -> Step[PlayState]:
    drain = next((d for d in state.drains if d.id == entry.drain), None)
    if drain is None:
        return refuse(state, "covenant.drain.unknown", f"No drain '{entry.drain}' is active.")
    if state.discipline.free == 0:
        # Reading: a drain moves free Discipline like any damage, so at 0 free it has
        # nothing left to take.
        return refuse(
            state,
            "covenant.drain.nothing_free",
            f"'{drain.name}' has no free Discipline left to drain.",
        )
    taken = min(drain.magnitude, state.discipline.free)
    nxt = replace(state, discipline=state.discipline.damaged(taken, drain.severity))
    findings = [
        note(
            "covenant.drain.tick",
            f"'{drain.name}' drains {taken} Discipline as "
            f"{drain.severity.value.replace('_', '-')} damage.",
            drained=taken,
        )
    ]
    if drain.lingering and nxt.discipline.free == 0:
        # "Keep damaging a character until xi is reduced to 0 free Discipline".
        nxt = replace(nxt, drains=tuple(d for d in nxt.drains if d.id != drain.id))
        findings.append(
            note(
                "covenant.drain.ended",
                f"'{drain.name}' stops: the character is down to 0 free Discipline.",
            )
        )
    return accept(nxt, *findings)


def _cure_drain(state: PlayState, entry: CureDrain) -> Step[PlayState]:
    if not any(d.id == entry.drain for d in state.drains):
        return refuse(state, "covenant.drain.unknown", f"No drain '{entry.drain}' to cure.")
    return accept(replace(state, drains=tuple(d for d in state.drains if d.id != entry.drain)))


HANDLERS: dict[type, Handler] = {
    AddCondition: _add_condition,
    CureCondition: _cure_condition,
    AddDrain: _add_drain,
    DrainTick: _drain_tick,
    CureDrain: _cure_drain,
}
