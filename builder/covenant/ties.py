"""Covenant Ties: losing and gaining them ("Ties").

Each held Tie is worth 100 Discipline; losing the last one eliminates the character.
"""

from __future__ import annotations

from dataclasses import replace

from builder.core.findings import Severity
from builder.core.playlog import Step, accept, note, refuse
from builder.covenant.character import (
    DISCIPLINE_PER_TIE,
    EliminationCause,
    GainTie,
    LoseTie,
)
from builder.covenant.playstate import (
    Discipline,
    Handler,
    PlayState,
    TieState,
    tie_asset,
)

# --------------------------------------------------------------------------- ties


def _without_discipline(discipline: Discipline, amount: int) -> Discipline:
    """``amount`` Discipline removed for a lost Tie.

    Reading: the summary says a lost Tie takes its Discipline away but not from which
    severity. Harbinger takes it from free Discipline first, then scene, chapter and
    long-term damage: the reading that costs the character the most, since what is
    left keeps its damage.
    """
    left = amount
    values = {}
    for name in ("free", "scene", "chapter", "long_term"):
        held = getattr(discipline, name)
        taken = min(held, left)
        values[name] = held - taken
        left -= taken
    return Discipline(**values)


def _lose_tie(state: PlayState, entry: LoseTie) -> Step[PlayState]:
    held = next((t for t in state.ties if t.tie.id == entry.tie and not t.lost), None)
    if held is None:
        return refuse(state, "covenant.tie.unknown", f"The character holds no Tie '{entry.tie}'.")
    nxt = replace(
        state,
        ties=tuple(replace(t, lost=True) if t is held else t for t in state.ties),
        discipline=_without_discipline(state.discipline, DISCIPLINE_PER_TIE),
        assets=tuple(a for a in state.assets if a.id != entry.tie),
    )
    findings = [
        note(
            "covenant.tie.lost",
            f"Tie '{held.tie.name}' lost, and its {DISCIPLINE_PER_TIE} Discipline with it.",
            lost=DISCIPLINE_PER_TIE,
        )
    ]
    if not nxt.held_ties:
        nxt = replace(nxt, eliminated=EliminationCause.ALL_TIES_LOST)
        findings.append(
            note(
                "covenant.eliminated.all_ties_lost",
                "The character has lost all xir Ties and is eliminated from the game.",
                Severity.WARNING,
            )
        )
    return accept(nxt, *findings)


def _gain_tie(state: PlayState, entry: GainTie) -> Step[PlayState]:
    tie = entry.tie
    if not tie.id or not tie.name:
        return refuse(state, "covenant.tie.invalid", "A Tie needs an id and a name.")
    if tie.id in state.ids_in_use():
        return refuse(
            state, "covenant.tie.invalid", f"The id '{tie.id}' is already used on this character."
        )
    d = state.discipline
    return accept(
        replace(
            state,
            ties=(*state.ties, TieState(tie)),
            discipline=replace(d, free=d.free + DISCIPLINE_PER_TIE),
            assets=(*state.assets, tie_asset(tie)),
        )
    )


HANDLERS: dict[type, Handler] = {
    LoseTie: _lose_tie,
    GainTie: _gain_tie,
}
