"""Covenant's play log and story-control choices in the player's words.

Shared by the app's log view, the printed sheet, the review and the game-system
registry (``describe_entry``), so an entry reads the same everywhere.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from builder.covenant.bids import contest_plan
from builder.covenant.character import (
    AddCondition,
    AddDrain,
    BankedUse,
    BeginScene,
    Bid,
    BidKind,
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
    StoryControl,
    Succession,
    UseAsset,
    UseState,
    UseStoryControl,
)
from builder.covenant.contests import points_for

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

PHASE_LABELS = {
    "intermission": "Intermission (between chapters)",
    "scene": "In a scene",
    "interstitial": "Interstitial (between scenes)",
}
"""The play phase as the sheet's subtitle words it (the app's sheet and the printed one)."""

RECHARGE_LABELS = {
    "expend": "Expend: ready at your next turn",
    "tap": "Tap: ready at the end of the scene",
    "exhaust": "Exhaust: ready at the end of the chapter",
    "destroy": "Destroy: gone for good",
}
"""How each way of using an asset recharges ("Using Assets"), by its recharge value."""

GOAL_DEADLINES = {
    GoalSlot.MINOR: "the end of the current chapter",
    GoalSlot.MAJOR: "the end of the story",
}
"""When a goal is due unless it names its own deadline ("Goals": a minor goal by the end
of the current chapter, a major goal by the end of the story)."""


def counted(count: int, word: str, plural: str = "") -> str:
    """``count`` with ``word`` singular or plural as English wants ("1 scene", "2 scenes")."""
    return f"{count} {word if count == 1 else (plural or word + 's')}"


# --------------------------------------------------------------------------- pronouns


@dataclass(frozen=True, slots=True)
class Pronouns:
    """The words a sentence uses for one character: subject, object, possessive.

    ``plural`` is True for pronouns that take plural verbs ("they are").
    The rules text's own neutral pronouns are xi (subject) and xir (object
    and possessive); :data:`RULES_PRONOUNS` holds them.
    """

    subject: str
    object: str
    possessive: str
    plural: bool = False


RULES_PRONOUNS = Pronouns("xi", "xir", "xir")

_KNOWN_PRONOUNS = {
    "she": Pronouns("she", "her", "her"),
    "he": Pronouns("he", "him", "his"),
    "they": Pronouns("they", "them", "their", plural=True),
    "it": Pronouns("it", "it", "its"),
    "xi": RULES_PRONOUNS,
    "ze": Pronouns("ze", "zir", "zir"),
    "zie": Pronouns("zie", "zir", "zir"),
    "ey": Pronouns("ey", "em", "eir"),
    "fae": Pronouns("fae", "faer", "faer"),
    "ve": Pronouns("ve", "ver", "vis"),
}

_PLURAL_VERBS = {"is": "are", "was": "were", "has": "have", "does": "do"}

# After an object pronoun comes a preposition, a conjunction or the end of the clause;
# anything else after "xir" is the thing xi owns ("xir Ties").
_NOT_OWNED = frozenset(
    (
        *("by", "and", "or", "to", "in", "on", "at", "for", "with"),
        *("until", "from", "as", "so", "but", "when", "if", "than"),
    )
)


def parse_pronouns(text: str) -> Pronouns:
    """The pronouns a player typed ("she/her", "he/him", "they/them", "ze/zir").

    The first word picks a known set; an unknown pair "a/b" is used as subject
    a, object and possessive b. Nothing typed gives the rules' own xi/xir.
    """
    words = [w.strip().lower() for w in re.split(r"[/,;\s]+", text) if w.strip()]
    if not words:
        return RULES_PRONOUNS
    known = _KNOWN_PRONOUNS.get(words[0])
    if known is not None:
        return known
    other = words[1] if len(words) > 1 else words[0]
    return Pronouns(words[0], other, other)


def _matching_case(word: str, like: str) -> str:
    return word[:1].upper() + word[1:] if like[:1].isupper() else word


def in_pronouns(text: str, pronouns: Pronouns | str) -> str:
    """``text`` (written with the rules' xi/xir) in the character's own pronouns.

    "An incapacitated character cannot act until xi is healed." with "they/them"
    reads "... until they are healed."; with "she/her", "... until she is healed."
    """
    chosen = parse_pronouns(pronouns) if isinstance(pronouns, str) else pronouns
    if chosen == RULES_PRONOUNS:
        return text

    def subject(match: re.Match[str]) -> str:
        word, verb = match.group(1), match.group(2) or ""
        if chosen.plural and verb:
            bare = verb.strip()
            if bare.lower() in _PLURAL_VERBS:
                verb = verb.replace(bare, _PLURAL_VERBS[bare.lower()])
            elif bare.endswith(("sses", "xes", "zes", "ches", "shes")):
                verb = verb.replace(bare, bare[:-2])
            elif bare.endswith("s") and not bare.endswith("ss"):
                verb = verb.replace(bare, bare[:-1])
        return _matching_case(chosen.subject, word) + verb

    def owner(match: re.Match[str]) -> str:
        word, after = match.group(1), match.group(2)
        following = after.strip().lower()
        owned = bool(following) and following not in _NOT_OWNED
        return _matching_case(chosen.possessive if owned else chosen.object, word) + after

    text = re.sub(r"\b(xi)\b( [a-z]+)?", subject, text, flags=re.IGNORECASE)
    return re.sub(r"\b(xir)\b((?: [a-zA-Z]+)?)", owner, text, flags=re.IGNORECASE)


# --------------------------------------------------------------------------- messages

_PLAYER_WORDS = (
    (re.compile(r"^An? ([A-Za-z]+) needs an id and a name\.$"), r"Give the \1 a name."),
    (
        re.compile(r"^The id '[^']*' is already used on this character\.$"),
        "Something on this character already has that name; choose another.",
    ),
    (
        re.compile(r"^The id '[^']*' is used twice \(also at [^)]*\)\.$"),
        "Two things on this character have the same name; rename one.",
    ),
)
"""Builder's messages that name its bookkeeping (ids, paths), in the player's words."""


def in_player_words(message: str, pronouns: Pronouns | str = RULES_PRONOUNS) -> str:
    """A rules message as the player reads it: no ids or paths, the character's pronouns."""
    for pattern, words in _PLAYER_WORDS:
        message = pattern.sub(words, message)
    return in_pronouns(message, pronouns)


# --------------------------------------------------------------------------- goals


def goal_deadline(goal: Goal, slot: GoalSlot) -> str:
    """When the goal is due: its own deadline, or the rules' default for its slot."""
    return goal.deadline.strip() or GOAL_DEADLINES[slot]


def goal_details(goal: Goal, slot: GoalSlot) -> tuple[tuple[str, str], ...]:
    """A goal's parts as (label, text) lines: conditions, stakes, catharsis, deadline."""
    return (
        ("Conditions", goal.conditions.strip() or "—"),
        ("Stakes", goal.stakes.strip() or "—"),
        ("Catharsis", goal.catharsis.strip() or "—"),
        ("Due by", goal_deadline(goal, slot)),
    )


def goals_due_this_chapter(major: Goal | None, minor: Goal | None) -> tuple[str, ...]:
    """Sentences naming the goals due when the current chapter ends ("End chapter").

    A minor goal is due then unless it names another deadline; a goal whose own
    deadline mentions the chapter is due then too.
    """
    due: list[str] = []
    for slot, goal in ((GoalSlot.MAJOR, major), (GoalSlot.MINOR, minor)):
        if goal is None:
            continue
        deadline = goal_deadline(goal, slot)
        if deadline == GOAL_DEADLINES[GoalSlot.MINOR] or "chapter" in deadline.lower():
            due.append(f"The {slot.value} goal '{goal.name}' is due by {deadline}.")
    return tuple(due)


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


def describe_log_entry(entry: LogEntry, names: Mapping[str, str]) -> str:  # noqa: C901, PLR0911, PLR0912  (complexity 25, 23 returns, 22 branches when the limits came in)
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
    if isinstance(entry, Contest):
        return noted(_contest_words(entry), entry.note)
    if isinstance(entry, ShareDiscipline):
        points = points_for(entry.spent, entry.cost)
        return noted(
            f"Shared {entry.spent} Discipline to a {entry.cost.value}-cost bid (+{points})",
            entry.note,
        )
    if isinstance(entry, SpendBanked):
        return noted(f"Spent a banked advantage: {BANKED_USE_WORDS[entry.use]}", entry.note)
    if isinstance(entry, Succession):
        return noted(
            f"Successor of a sacrificed character: {entry.ties} Ties, {entry.assets} assets, "
            f"{entry.tokens} tokens",
            entry.note,
        )
    return type(entry).__name__  # a new entry type not described yet still prints


BANKED_USE_WORDS = {
    BankedUse.OWN_ADVANTAGE: "1 advantage on xir own bid",
    BankedUse.ALLY_ADVANTAGE: "1 advantage on an ally's bid",
    BankedUse.OPPONENT_DISADVANTAGE: "1 disadvantage on an opponent's bid",
}

BID_KIND_WORDS = {
    BidKind.FIXED: "Fixed bid",
    BidKind.ATTACK: "Opposed bid (attacking)",
    BidKind.DEFEND: "Opposed bid (defending)",
}


def _contest_words(entry: Contest) -> str:
    """A contest in the log: its kind, the numbers, the outcome, what it spent."""
    plan = contest_plan(entry)
    outcome = ": won" if plan.wins else ": lost"
    stunt = f", stunted ({entry.stunt.replace('_', ' ')})" if entry.stunt else ""
    bank = ", banked 1 advantage" if entry.bank else ""
    severity = SEVERITY_WORDS[str(entry.severity)]
    return (
        f"{BID_KIND_WORDS[entry.kind]} {plan.bid} against {entry.against}{outcome} "
        f"({entry.spent} Discipline, {severity} damage{stunt}{bank})"
    )


def describe_entry(character: CovenantCharacter, entry: LogEntry) -> str:
    """One entry of ``character``'s log in words, names resolved from the whole character."""
    return describe_log_entry(entry, log_names(character))
