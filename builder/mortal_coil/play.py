"""Named play operations on a spacefarer: each appends one log entry, or is refused with a reason.

What the app's buttons call (take damage, rest, add fallout...). Each returns
a :class:`Played`: the new character (the old one with the entry appended)
when the rules accept it, else the old one and the reason. Undo is keeping the
previous value (the log only ever grows at its end).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from builder.mortal_coil.character import (
    AddFallout,
    HarmKind,
    LogEntry,
    Spacefarer,
    TakeHarm,
)
from builder.mortal_coil.rules import HarmResult, Refused, State, apply, fold, harm


@dataclass(frozen=True, slots=True)
class Played:
    """The outcome of one operation: ``character`` after it, and why it was refused if it was."""

    character: Spacefarer
    accepted: bool
    reason: str = ""
    state: State | None = None


def record(character: Spacefarer, entry: LogEntry) -> Played:
    """Append ``entry`` when the rules accept it against the current state."""
    state = fold(character)
    try:
        after = apply(state, entry)
    except Refused as exc:
        return Played(character, False, str(exc), state)
    return Played(replace(character, log=(*character.log, entry)), True, "", after)


def preview_harm(character: Spacefarer, kind: HarmKind, roll: int) -> HarmResult:
    """What a hit would do before its save is asked for: the app asks only when ``save_needed``."""
    state = fold(character)
    reduction = character.armor if kind is HarmKind.DAMAGE else character.stability
    return harm(state.effective_hp, state.current(kind.ability), roll, reduction)


def take_harm(character: Spacefarer, kind: HarmKind, roll: int, save: int = 0) -> Played:
    """Damage or stress with the sheet's armor or stability, and the save if one is needed."""
    reduction = character.armor if kind is HarmKind.DAMAGE else character.stability
    return record(character, TakeHarm(kind, roll, reduction, save))


def add_fallout(character: Spacefarer, rolls: tuple[int, ...]) -> Played:
    """A rolled fallout: ``rolls`` are the d10s, duplicates first; the last is the entry."""
    if not rolls:
        return Played(character, False, "no fallout roll")
    return record(character, AddFallout(rolls[-1], rolls))


def fallout_rolls(taken: tuple[int, ...], d10: list[int]) -> tuple[int, ...]:
    """The d10s of one fallout roll taken from ``d10`` in order, rerolling duplicates of
    ``taken`` ("re-rolling any duplicates"); stops at the first new entry."""
    out: list[int] = []
    for r in d10:
        out.append(r)
        if r not in taken:
            return tuple(out)
    raise ValueError("the dice ran out before a new fallout came up")
