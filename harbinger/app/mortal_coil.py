"""This Mortal Coil's operations: every action at the table as one named edit of a spacefarer.

A spacefarer changes only by appending a play-log entry
(``builder.mortal_coil.character.LogEntry``) that the rules accept
(``builder.mortal_coil.play``). :func:`record` is the one operation every
action goes through; :func:`take_harm` and :func:`add_fallout` fill in what
the sheet holds (armor or stability, the d10s of a fallout roll). Dice the
player did not roll at the table are rolled here, from the ``rng`` given, so
the desktop and the CLI roll the same way. :data:`OPERATIONS` declares each
action once for ``harbinger tmc ACTION ID``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from builder.core.findings import Finding
from builder.mortal_coil import play
from builder.mortal_coil.character import (
    ABILITIES,
    Ability,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    LogEntry,
    NightRest,
    Retire,
    Save,
    ShortRest,
    Spacefarer,
    WeekOfCare,
)
from builder.mortal_coil.rules import HarmResult, fold
from harbinger.app.common import (
    InputError,
    Operation,
    Plan,
    about,
    arrow,
    operation_table,
    store_logged,
)

store_rule = "mortal_coil.refused"
"""Rule id of a refusal the play rules give as a sentence."""


store = store_logged
"""How the library is made to hold a spacefarer (append-only play log)."""


def describe_difference(before: Spacefarer | None, after: Spacefarer | None) -> tuple[str, ...]:
    """What an action changed, in the player's terms: HP, abilities, fatigue, fallout."""
    if before is None or after is None:
        return ()
    old, new = fold(before), fold(after)
    lines = [arrow("HP", old.hp, new.hp)]
    lines += [
        arrow(ability.name, old.current(ability), new.current(ability)) for ability in ABILITIES
    ]
    lines += [
        arrow("Fatigue", old.fatigue, new.fatigue),
        arrow("Fallout", len(old.fallout), len(new.fallout)),
        arrow("Days deprived", old.deprived_days, new.deprived_days),
    ]
    if new.retired and not old.retired:
        lines.append(f"Retired: {new.retired_reason}" if new.retired_reason else "Retired")
    return tuple(line for line in lines if line)


def _plan(name: str, character: Spacefarer, played: play.Played) -> Plan[Spacefarer]:
    if not played.accepted:
        refusal = Finding(store_rule, played.reason or "not allowed", "log")
        return Plan(name, character, character, (refusal,), must_change=False, roster=False)
    after = played.character
    roster = after.name != character.name
    lines = describe_difference(character, after)
    return Plan(name, character, after, (), lines, roster=roster, must_change=False)


def record(character: Spacefarer, entry: LogEntry, name: str) -> Plan[Spacefarer]:
    """Append ``entry`` when the rules accept it; ``name`` is the undo text ("Short rest")."""
    return _plan(name, character, play.record(character, entry))


def preview_harm(character: Spacefarer, kind: HarmKind, roll: int) -> HarmResult:
    """What a hit would do before its save is asked for (the save is asked only when needed)."""
    return play.preview_harm(character, kind, roll)


def take_harm(
    character: Spacefarer,
    kind: HarmKind,
    roll: int,
    save: int = 0,
    rng: random.Random | None = None,
) -> Plan[Spacefarer]:
    """Damage or stress with the sheet's armor or stability; a needed save not given is rolled."""
    if save == 0 and preview_harm(character, kind, roll).save_needed:
        save = (rng or random.SystemRandom()).randint(1, 20)
    return _plan(f"Take {kind.value}", character, play.take_harm(character, kind, roll, save))


def add_fallout(
    character: Spacefarer, entry: int = 0, rng: random.Random | None = None
) -> Plan[Spacefarer]:
    """Fallout after critical stress: ``entry`` chosen, or d10s rolled past duplicates."""
    if entry:
        return _plan("Fallout", character, play.record(character, AddFallout(entry)))
    taken = fold(character).fallout
    if len(set(taken)) >= 10:
        refusal = Finding(store_rule, "every fallout is already taken", "log")
        return Plan("Fallout", character, character, (refusal,), must_change=False, roster=False)
    dice = rng or random.SystemRandom()
    rolls = play.fallout_rolls(taken, [dice.randint(1, 10) for _ in range(1000)])
    return _plan("Fallout", character, play.add_fallout(character, rolls))


def create(spacefarer: Spacefarer) -> Plan[Spacefarer]:
    """Add a new spacefarer to the library (undo removes it)."""
    return Plan(f"Create {spacefarer.name or 'spacefarer'}", None, spacefarer)


def delete(spacefarer: Spacefarer) -> Plan[Spacefarer]:
    """Remove a spacefarer, log and all (undo puts it back)."""
    return Plan(f"Delete {spacefarer.name or 'spacefarer'}", spacefarer, None)


# --------------------------------------------------------------------------- declared inputs


def _d(sides: int) -> int:
    return random.SystemRandom().randint(1, sides)


@dataclass(frozen=True, slots=True)
class HarmInput:
    kind: HarmKind = field(metadata=about("damage (against armor and STR) or stress (CTRL)"))
    roll: int = field(default=0, metadata=about("the attack die's result (the highest kept)"))
    die: int = field(default=0, metadata=about("roll this attack die instead (8 for a d8)"))
    save: int = field(
        default=0, metadata=about("the d20 of the save, when one is needed (default: rolled)")
    )


def _take_harm(character: Spacefarer, given: HarmInput) -> Plan[Spacefarer]:
    if bool(given.roll) == bool(given.die):
        raise InputError("give either --roll (the attack die's result) or --die (to roll it)")
    if given.roll < 0 or given.die < 0 or not 0 <= given.save <= 20:
        raise InputError("--roll and --die are 1 or more; --save is a d20, 1 to 20")
    roll = given.roll or _d(given.die)
    return take_harm(character, given.kind, roll, given.save)


@dataclass(frozen=True, slots=True)
class SaveInput:
    ability: Ability = field(metadata=about("the ability saved with"))
    roll: int = field(default=0, metadata=about("the d20 (default: rolled)"))
    reason: str = field(default="", metadata=about("what the save was for"))


@dataclass(frozen=True, slots=True)
class RestInput:
    roll: int = field(default=0, metadata=about("the d6 (default: rolled)"))


@dataclass(frozen=True, slots=True)
class NightInput:
    ability: str = field(
        default="", metadata=about("at full HP, the ability the night's d6 restores (str...)")
    )
    roll: int = field(default=0, metadata=about("that d6 (default: rolled)"))


def _night(character: Spacefarer, given: NightInput) -> Plan[Spacefarer]:
    state = fold(character)
    if state.hp >= state.hp_max and not state.deprived:
        if not given.ability:
            raise InputError("at full HP a safe night restores an ability: give --ability")
        return record(character, NightRest(given.roll or _d(6), given.ability), "Safe night")
    return record(character, NightRest(), "Safe night")


@dataclass(frozen=True, slots=True)
class DeprivedInput:
    days: int = field(default=1, metadata=about("full days deprived"))
    need: str = field(default="", metadata=about("of what (water, sleep...)"))


@dataclass(frozen=True, slots=True)
class FalloutInput:
    entry: int = field(default=0, metadata=about("the fallout taken, 1-10 (default: rolled)"))


@dataclass(frozen=True, slots=True)
class RetireInput:
    reason: str = field(default="retired by the player", metadata=about("why"))


@dataclass(frozen=True, slots=True)
class NoInput:
    """An action with no inputs but the spacefarer."""


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, Spacefarer, store)


OPERATIONS: dict[str, Operation] = operation_table(
    _op("take-harm", "Take harm", "an attack's damage or stress lands", HarmInput, _take_harm),
    _op(
        "save",
        "Save",
        "any other save: the ability and its d20",
        SaveInput,
        lambda c, g: record(c, Save(g.ability, g.roll or _d(20), g.reason), "Save"),
    ),
    _op(
        "short-rest",
        "Short rest",
        "a rest of a few moments restores 1d6 HP",
        RestInput,
        lambda c, g: record(c, ShortRest(g.roll or _d(6)), "Short rest"),
    ),
    _op("night-rest", "Safe night", "a night in a safe place restores all HP", NightInput, _night),
    _op(
        "week-of-care",
        "Week of care",
        "a week of rest with medical care heals all ability damage",
        NoInput,
        lambda c, _g: record(c, WeekOfCare(), "Week of care"),
    ),
    _op(
        "deprived",
        "Deprived",
        "days deprived of a crucial need",
        DeprivedInput,
        lambda c, g: record(c, Deprived(g.days, g.need), "Deprived"),
    ),
    _op(
        "end-deprivation",
        "End deprivation",
        "the need is met again",
        NoInput,
        lambda c, _g: record(c, EndDeprivation(), "End deprivation"),
    ),
    _op(
        "fallout",
        "Fallout",
        "fallout after critical stress",
        FalloutInput,
        lambda c, g: add_fallout(c, g.entry),
    ),
    _op(
        "retire",
        "Retire",
        "the spacefarer leaves play",
        RetireInput,
        lambda c, g: record(c, Retire(g.reason), "Retire"),
    ),
    _op(
        "delete",
        "Delete",
        "remove the spacefarer from the library",
        NoInput,
        lambda c, _g: delete(c),
    ),
)
"""Every This Mortal Coil action, by CLI name."""
