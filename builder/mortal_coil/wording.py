"""*This Mortal Coil* play-log entries and fallout in the player's words.

Shared by the app's log view, the printed sheet, the review and the registry
(``describe_entry``), so an entry reads the same everywhere. The fallout
table is in Harbinger's own words (the game's text describes each entry at length).
"""

from __future__ import annotations

from builder.mortal_coil.character import (
    INVENTORY_SLOTS,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    ItemSize,
    LogEntry,
    NightRest,
    Retire,
    Save,
    ShortRest,
    Spacefarer,
    TakeHarm,
    WeekOfCare,
)

FALLOUT: dict[int, str] = {
    1: "Void eyes: empty black sockets that see without light.",
    2: "Cilia legs: a mass of black cilia that clings to any surface.",
    3: "Turned head: faces backwards, sees ahead and behind at once.",
    4: "Long bones: two feet taller, yet fits through impossible gaps.",
    5: "Black tongue: swollen, wilful, and no more need to eat.",
    6: "Faded arms: unseen, yet they touch and reach through solid matter.",
    7: "Peeling skin: marks all it touches, shrugs off heat and cold.",
    8: "Hollow chest: always breathless, never needs to breathe.",
    9: "Rotted nose: a weeping hole that smells what others feel.",
    10: "Fanged grin: a smile that will not hide, and speech straight into minds in sight.",
}
"""The ten fallout entries ("Fallout"), each in a line of our own."""


def _harm(e: TakeHarm) -> str:
    what = "damage" if e.kind is HarmKind.DAMAGE else "stress"
    guard = "armor" if e.kind is HarmKind.DAMAGE else "stability"
    text = f"Took {e.roll} {what} ({guard} {e.reduction})"
    if e.save:
        text += f"; {e.kind.ability.label} save rolled {e.save}"
    return text


def _night(e: NightRest) -> str:
    if e.roll:
        return f"Safe night at full HP: +{e.roll} {e.ability.upper()}"
    return "Safe night's sleep: HP restored"


def _fallout(e: AddFallout) -> str:
    how = f"rolled {', '.join(map(str, e.rolls))}" if e.rolls else "chosen"
    return f"Fallout {e.entry} ({how}): {FALLOUT.get(e.entry, '?')}"


def describe(entry: LogEntry) -> str:  # noqa: PLR0911  (10 returns when the limits came in)
    """One log entry as a line of the play log."""
    match entry:
        case TakeHarm():
            return _harm(entry)
        case Save(ability=a, roll=r, reason=why):
            return f"{a.label} save rolled {r}" + (f" ({why})" if why else "")
        case ShortRest(roll=r):
            return f"Short rest: rolled {r} for HP"
        case NightRest():
            return _night(entry)
        case WeekOfCare():
            return "A week of rest with medical care"
        case Deprived(days=d, need=need):
            return f"Deprived{' of ' + need if need else ''} for {d} day{'s' * (d != 1)}"
        case EndDeprivation():
            return "Deprivation ended"
        case AddFallout():
            return _fallout(entry)
        case Retire(reason=why):
            return "Retired" + (f": {why}" if why else "")
    return type(entry).__name__


def describe_entry(_character: Spacefarer, entry: LogEntry) -> str:
    """The registry's hook: an entry in words (the character is not needed here)."""
    return describe(entry)


def slot_lines(character: Spacefarer, fatigue: int, fallout: tuple[int, ...]) -> list[str]:
    """What fills each inventory slot, in order: gear, fatigue, then fallout ("Inventory").

    A bulky item fills two lines (the second marked "(bulky, cont.)"); small
    items share a line, ``character.small_per_slot`` to a line. The list has
    at least ten lines (empty ones are ""), more when the slots overflow.
    """
    lines: list[str] = []
    small: list[str] = []
    per = max(1, character.small_per_slot)
    for item in character.items:
        if item.size is ItemSize.SMALL:
            small.append(item.name)
        elif item.size is ItemSize.BULKY:
            lines += [f"{item.name} (bulky)", f"{item.name} (bulky, cont.)"]
        else:
            lines.append(item.name)
    for i in range(0, len(small), per):
        lines.append(" · ".join(small[i : i + per]) + " (small)")
    lines += ["Fatigue"] * fatigue
    lines += [f"Fallout {n}: {FALLOUT.get(n, '?')}" for n in fallout]
    return lines + [""] * max(0, INVENTORY_SLOTS - len(lines))
