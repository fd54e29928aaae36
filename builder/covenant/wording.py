"""Covenant's play log and story-control choices in the player's words.

Shared by the app's log view, the printed sheet, the review and the game-system
registry (``describe_entry``), so an entry reads the same everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.covenant.character import (
    AddCondition,
    AddDrain,
    BeginScene,
    Bid,
    BuyAsset,
    CovenantCharacter,
    CureCondition,
    CureDrain,
    DrainTick,
    EndChapter,
    EndScene,
    EndTurn,
    GainTie,
    Heal,
    LogEntry,
    LoseTie,
    RechargeAsset,
    Resist,
    ResolveGoal,
    RestoreLongTerm,
    Sacrifice,
    SetGoal,
    StoryControl,
    UseAsset,
    UseState,
    UseStoryControl,
)

STORY_CONTROL_LABELS = {
    StoryControl.SCENE_EDIT: "scene edit",
    StoryControl.SECOND_WIND: "second wind",
    StoryControl.RECHARGE: "recharge",
    StoryControl.CURE: "cure",
    StoryControl.SUCCEED: "succeed",
    StoryControl.FAIL: "fail",
}

SEVERITY_WORDS = {"scene": "scene", "chapter": "chapter", "long_term": "long-term"}
"""How each damage severity is named in a sentence."""


def log_names(character: CovenantCharacter) -> dict[str, str]:
    """Every id the character's sheet or log has used, with its name, for the log in words."""
    c = character.creation
    names = {t.id: t.name for t in c.ties}
    names.update({a.id: a.name for a in (*c.traits, *c.gear, *c.abilities)})
    names.update({g.id: g.name for g in (c.major_goal, c.minor_goal) if g is not None})
    for entry in character.log:
        if isinstance(entry, GainTie):
            names[entry.tie.id] = entry.tie.name
        elif isinstance(entry, BuyAsset):
            names[entry.asset.id] = entry.asset.name
        elif isinstance(entry, SetGoal):
            names[entry.goal.id] = entry.goal.name
        elif isinstance(entry, AddCondition):
            names[entry.condition.id] = entry.condition.name
        elif isinstance(entry, AddDrain):
            names[entry.drain.id] = entry.drain.name
    return names


def asset_descriptions(character: CovenantCharacter) -> dict[str, str]:
    """Each asset's description by id, bought ones included."""
    c = character.creation
    found = {a.id: a.description for a in (*c.traits, *c.gear, *c.abilities)}
    found.update(
        {e.asset.id: e.asset.description for e in character.log if isinstance(e, BuyAsset)}
    )
    return found


def describe_log_entry(entry: LogEntry, names: Mapping[str, str]) -> str:
    """One play-log entry in the player's words ("Used Coil Rifle: aimed shot (tapped)")."""

    def name(identifier: str) -> str:
        return names.get(identifier, identifier)

    def noted(text: str, note: str) -> str:
        return f"{text} ({note})" if note else text

    if isinstance(entry, BeginScene):
        return noted("Scene begins", entry.note)
    if isinstance(entry, EndTurn):
        return "End of turn"
    if isinstance(entry, EndScene):
        return "End of scene"
    if isinstance(entry, EndChapter):
        return "End of chapter"
    if isinstance(entry, UseAsset):
        how = {
            UseState.EXPEND: "expended",
            UseState.TAP: "tapped",
            UseState.EXHAUST: "exhausted",
            UseState.DESTROY: "destroyed",
        }[entry.state]
        return f"Used {name(entry.asset)}: {entry.use} ({how})"
    if isinstance(entry, RechargeAsset):
        return noted(f"Recharged {name(entry.asset)}", entry.reason)
    if isinstance(entry, Bid):
        severity = SEVERITY_WORDS[str(entry.severity)]
        return noted(f"Bid {entry.spent} Discipline ({severity} damage)", entry.note)
    if isinstance(entry, Resist):
        severity = SEVERITY_WORDS[str(entry.severity)]
        extra = f", {entry.cost.value}-cost" if entry.cost.value != "normal" else ""
        bonus = f", +{entry.bonus}" if entry.bonus else ""
        return noted(
            f"Resisted {entry.damage} {severity} damage, spending {entry.spent}{extra}{bonus}",
            entry.note,
        )
    if isinstance(entry, Heal):
        return noted("Healed", entry.note)
    if isinstance(entry, RestoreLongTerm):
        return noted(f"{entry.amount} long-term damage restored", entry.reason)
    if isinstance(entry, LoseTie):
        return noted(f"Lost the Tie {name(entry.tie)}", entry.reason)
    if isinstance(entry, GainTie):
        return f"Gained the Tie {entry.tie.name}"
    if isinstance(entry, BuyAsset):
        return f"Bought the {entry.asset.kind.value} {entry.asset.name} (1 token)"
    if isinstance(entry, UseStoryControl):
        return noted(f"Story control: {STORY_CONTROL_LABELS[entry.kind]} (1 token)", entry.note)
    if isinstance(entry, AddCondition):
        return f"Condition: {entry.condition.name}"
    if isinstance(entry, CureCondition):
        return noted(f"Cured {name(entry.condition)}", entry.note)
    if isinstance(entry, AddDrain):
        return f"Drain: {entry.drain.name}"
    if isinstance(entry, DrainTick):
        return f"{name(entry.drain)} drained"
    if isinstance(entry, CureDrain):
        return noted(f"Cured {name(entry.drain)}", entry.note)
    if isinstance(entry, SetGoal):
        return f"New {entry.slot.value} goal: {entry.goal.name}"
    if isinstance(entry, ResolveGoal):
        outcome = "fulfilled" if entry.fulfilled else "failed"
        return noted(f"The {entry.slot.value} goal was {outcome}", entry.note)
    if isinstance(entry, Sacrifice):
        return noted("Sacrificed", entry.note)
    return type(entry).__name__  # a new entry type not described yet still prints


def describe_entry(character: CovenantCharacter, entry: LogEntry) -> str:
    """One entry of ``character``'s log in words, names resolved from the whole character."""
    return describe_log_entry(entry, log_names(character))
