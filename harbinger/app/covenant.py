"""Covenant's operations: every action at the table as one named edit of a character.

A Covenant character changes only by appending a play-log entry
(``builder.covenant.character.LogEntry``) that ``builder.covenant.rules.play``
accepts. :func:`play` is the one operation every action goes through: the
entry is the action's typed input, and the plan holds the character with the
entry appended (or the rules' refusal). The sheet's buttons and the CLI's
``harbinger covenant ACTION ID`` both call it; :data:`OPERATIONS` declares
each action once, with its input and its help. :func:`store` is
``store_logged``: an undo retracts only the newest log entries.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from builder.covenant import rules
from builder.covenant.catalog import shipped_catalog
from builder.covenant.character import (
    AddCondition,
    AddDrain,
    Asset,
    AssetKind,
    BeginScene,
    Bid,
    BuyAsset,
    Contest,
    CovenantCharacter,
    CureCondition,
    CureDrain,
    DrainTick,
    EndChapter,
    EndScene,
    EndTurn,
    GainTie,
    Goal,
    GoalSlot,
    Heal,
    LogEntry,
    LoseTie,
    RechargeAsset,
    Resist,
    ResolveGoal,
    RestoreLongTerm,
    Sacrifice,
    SetGoal,
    ShareDiscipline,
    SpendBanked,
    Tie,
    UseAsset,
    UseStoryControl,
)
from harbinger.app.common import (
    InputError,
    Operation,
    Plan,
    about,
    arrow,
    from_result,
    operation_table,
    store_logged,
)

store = store_logged
"""How the library is made to hold a Covenant character (append-only play log)."""


def _title(kind: type) -> str:
    """The default name of an action: its entry's kind in words ("End turn", "Bid")."""
    words = re.sub(r"(?<!^)(?=[A-Z])", " ", kind.__name__).lower()
    return words[:1].upper() + words[1:]


def describe_difference(
    before: CovenantCharacter | None, after: CovenantCharacter | None
) -> tuple[str, ...]:
    """What an action changed, in the player's terms, read from both evaluations."""
    if before is None or after is None:
        return ()
    old, new = rules.evaluate_covenant(before), rules.evaluate_covenant(after)
    lines = [
        arrow("Free Discipline", old.discipline.free, new.discipline.free),
        arrow("Scene damage", old.discipline.scene, new.discipline.scene),
        arrow("Chapter damage", old.discipline.chapter, new.discipline.chapter),
        arrow("Long-term damage", old.discipline.long_term, new.discipline.long_term),
        arrow("Ties", len(old.ties_held), len(new.ties_held)),
        arrow("Tokens available", old.tokens.available, new.tokens.available),
        arrow("Incapacitated", old.incapacitated or "no", new.incapacitated or "no"),
    ]
    if new.eliminated and not old.eliminated:
        cause = new.elimination_cause
        lines.append(f"Out of play: {cause}" if cause else "Out of play")
    return tuple(line for line in lines if line)


def play(character: CovenantCharacter, entry: LogEntry, name: str = "") -> Plan[CovenantCharacter]:
    """Append ``entry`` to the play log if the rules accept it; ``name`` is the undo text."""
    return from_result(
        name or _title(type(entry)),
        character,
        rules.play(character, entry),
        lines=describe_difference,
    )


def create(character: CovenantCharacter) -> Plan[CovenantCharacter]:
    """Add a new character to the library (undo removes it)."""
    return Plan(f"Create {character.name}", None, character, roster=True)


def delete(character: CovenantCharacter) -> Plan[CovenantCharacter]:
    """Remove a character, log and all (undo puts it back)."""
    return Plan(f"Delete {character.name or 'character'}", character, None, roster=True)


def successor(sacrificed: CovenantCharacter, new_id: str, name: str = "") -> Plan[Any]:
    """A sacrificed character's successor as a new character of the library ("Sacrifice")."""
    made = rules.make_successor(sacrificed, new_id, name)
    title = f"Successor of {sacrificed.name}"
    if made.refused:
        return Plan(title, sacrificed, sacrificed, tuple(made.findings), must_change=False)
    return Plan(title, None, made.character, tuple(made.findings), roster=True)


def own_trait(character: CovenantCharacter, name: str) -> Asset:
    """A Trait the player names themselves, with an id no asset or Tie of theirs has yet."""
    base = "trait-" + (re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "own")
    taken = rules.fold(character).state.ids_in_use()
    candidate, n = base, 2
    while candidate in taken:
        candidate, n = f"{base}-{n}", n + 1
    return Asset(candidate, name, AssetKind.TRAIT)


# --------------------------------------------------------------------------- declared inputs


@dataclass(frozen=True, slots=True)
class BuyInput:
    """Buy a Trait or Ability for a token: from the catalog, or one the player names."""

    asset: str = field(default="", metadata=about("catalog id of the Trait, Ability or gear"))
    trait: str = field(default="", metadata=about("a Trait of the player's own, by name"))


def _buy(character: CovenantCharacter, given: BuyInput) -> Plan[CovenantCharacter]:
    if bool(given.asset) == bool(given.trait):
        raise InputError("give either --asset (a catalog id) or --trait (a name of your own)")
    if given.trait:
        asset = own_trait(character, given.trait.strip())
    else:
        found = shipped_catalog().find_asset(given.asset)
        if found is None:
            raise InputError(f"--asset: {given.asset!r} is not in the Covenant catalog")
        asset = found
    return play(character, BuyAsset(asset), f"Buy {asset.name}")


@dataclass(frozen=True, slots=True)
class ConditionInput:
    condition: str = field(metadata=about("catalog id of the condition"))


def _add_condition(character: CovenantCharacter, given: ConditionInput) -> Plan[Any]:
    found = next((c for c in shipped_catalog().conditions if c.id == given.condition), None)
    if found is None:
        raise InputError(f"--condition: {given.condition!r} is not in the Covenant catalog")
    return play(character, AddCondition(found), f"Condition: {found.name}")


@dataclass(frozen=True, slots=True)
class DrainInput:
    drain: str = field(metadata=about("catalog id of the drain"))


def _add_drain(character: CovenantCharacter, given: DrainInput) -> Plan[Any]:
    found = next((d for d in shipped_catalog().drains if d.id == given.drain), None)
    if found is None:
        raise InputError(f"--drain: {given.drain!r} is not in the Covenant catalog")
    return play(character, AddDrain(found), f"Drain: {found.name}")


@dataclass(frozen=True, slots=True)
class TieInput:
    id: str = field(metadata=about("the new Tie's id (unique among Ties and assets)"))
    name: str = field(metadata=about("the Tie's name"))
    details: str = field(default="", metadata=about("the Tie's details"))


@dataclass(frozen=True, slots=True)
class GoalInput:
    slot: GoalSlot = field(metadata=about("major or minor"))
    id: str = field(metadata=about("the goal's id"))
    name: str = field(metadata=about("the goal's name"))
    conditions: str = field(metadata=about("what fulfils it"))
    stakes: str = field(metadata=about("what is lost if it fails"))
    catharsis: str = field(default="", metadata=about("the extra reward on success"))


@dataclass(frozen=True, slots=True)
class ResolveGoalInput:
    slot: GoalSlot = field(metadata=about("major or minor"))
    failed: bool = field(default=False, metadata=about("the goal failed (default: fulfilled)"))
    note: str = field(default="", metadata=about("note"))


@dataclass(frozen=True, slots=True)
class NoInput:
    """An action with no inputs but the character."""


def _entry_op(name: str, help: str, entry: type) -> Operation:
    """An action whose input is the log entry itself (its fields are plain values)."""
    return Operation(
        name, _title(entry), help, entry, lambda c, given: play(c, given), CovenantCharacter, store
    )


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, CovenantCharacter, store)


OPERATIONS: dict[str, Operation] = operation_table(
    _entry_op("begin-scene", "a scene begins", BeginScene),
    _entry_op("end-turn", "your turn passes: expended uses are ready at your next", EndTurn),
    _entry_op("end-scene", "scene damage returns; tapped and expended uses recharge", EndScene),
    _entry_op(
        "end-chapter", "chapter damage returns; +1 token if the character survived", EndChapter
    ),
    _entry_op(
        "use-asset", "use one of an asset's uses (expend, tap, exhaust or destroy)", UseAsset
    ),
    _entry_op("recharge-asset", "ready an asset at once (2 advantages)", RechargeAsset),
    _entry_op("spend", "spend Discipline on a bid or as damage", Bid),
    _entry_op("contest", "a fixed or opposed bid with its advantages, stunt and sharing", Contest),
    _entry_op("share-discipline", "share Discipline to another's bid at its cost", ShareDiscipline),
    _entry_op("spend-banked", "spend one banked advantage", SpendBanked),
    _entry_op("resist", "a Resistance bid against an attack, trap or environment", Resist),
    _entry_op("heal", "the character is healed and rejoins the game", Heal),
    _entry_op("restore-long-term", "long-term damage restored", RestoreLongTerm),
    _entry_op("lose-tie", "a Tie is lost (100 Discipline with it)", LoseTie),
    _op(
        "gain-tie",
        "Gain a Tie",
        "a new Tie (catharsis of a major goal)",
        TieInput,
        lambda c, g: play(c, GainTie(Tie(g.id, g.name, g.details)), f"Gain the Tie {g.name}"),
    ),
    _op("buy-asset", "Buy", "buy a Trait, Ability or gear for a token", BuyInput, _buy),
    _entry_op("story-control", "spend a token on story control", UseStoryControl),
    _op(
        "add-condition",
        "Condition",
        "the character gains a condition",
        ConditionInput,
        _add_condition,
    ),
    _entry_op("cure-condition", "a condition is cured", CureCondition),
    _op("add-drain", "Drain", "the character suffers a drain", DrainInput, _add_drain),
    _entry_op("drain-tick", "one cycle of a drain", DrainTick),
    _entry_op("cure-drain", "a drain is cured", CureDrain),
    _op(
        "set-goal",
        "Set goal",
        "set the major or minor goal",
        GoalInput,
        lambda c, g: play(
            c,
            SetGoal(g.slot, Goal(g.id, g.name, g.conditions, g.stakes, g.catharsis)),
            f"Goal: {g.name}",
        ),
    ),
    _op(
        "resolve-goal",
        "Resolve goal",
        "a goal is fulfilled (or, with --failed, failed)",
        ResolveGoalInput,
        lambda c, g: play(c, ResolveGoal(g.slot, not g.failed, g.note)),
    ),
    _entry_op("sacrifice", "the character sacrifices themselves", Sacrifice),
    _op(
        "delete",
        "Delete",
        "remove the character from the library",
        NoInput,
        lambda c, _g: delete(c),
    ),
)
"""Every Covenant action, by CLI name."""
