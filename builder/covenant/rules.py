"""Covenant rules as operations and one evaluation: the API the app and the CLI call.

Every operation takes a ``CovenantCharacter`` and returns ``Played(character,
findings)``: the character with one more play-log entry when the rules allow
the action, or the very same character and an error finding saying why not
("using an already-used use", "not enough tokens"...). The state each
operation checks against is folded from creation plus the log by
``builder.covenant.state``; ``undo`` drops the last entry.

``evaluate_covenant`` is the one entry point for sheets, PDFs and the review:
Discipline by severity, Ties held and lost, tokens earned, spent and
available, every asset's current state, and the findings of every rule check.

Where the summary is silent Harbinger takes the cautious reading (each is
marked "Reading:" where it is applied):
- one token buys one Trait or Ability, at creation and later; one token buys
  one use of story control (no price is given);
- Discipline is only spent from free Discipline: a bid or Resistance bid for
  more than is free is refused; a drain takes at most what is free;
- a lost Tie's 100 Discipline comes out of free Discipline first, then scene,
  chapter and long-term damage;
- ``end_turn`` is the boundary between this turn and the character's next, so
  expended uses are ready after it; an expended use also recharges at scene
  end, and outside a scene it is ready as soon as its bid resolves;
- the end of a chapter also settles what waits for "the end of the scene";
- story control "recharge" readies Ties and Goals too (they are tapped as
  Traits), never destroyed assets;
- missing goals are warnings (the summary calls goals optional).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from builder.core.findings import Finding, Severity, errors
from builder.covenant.character import (
    DISCIPLINE_PER_TIE,
    STARTING_TIES,
    STARTING_TOKENS,
    AddCondition,
    AddDrain,
    Asset,
    AssetKind,
    BeginScene,
    Bid,
    BidCost,
    BuyAsset,
    Condition,
    CovenantCharacter,
    CovenantCreation,
    CureCondition,
    CureDrain,
    DamageSeverity,
    Drain,
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
    StoryControl,
    Tie,
    UseAsset,
    UseState,
    UseStoryControl,
)
from builder.covenant.state import (
    AssetState,
    Phase,
    PlayState,
    apply_entry,
    creation_token_cost,
    fold,
    goal_problem,
)

# --------------------------------------------------------------------------- operations


class Played(NamedTuple):
    """What an operation returns: the character (changed only if accepted) and findings."""

    character: CovenantCharacter
    findings: tuple[Finding, ...]

    @property
    def accepted(self) -> bool:
        """True when the action was recorded; a refusal always carries an error finding."""
        return not errors(self.findings)


def play(character: CovenantCharacter, entry: LogEntry) -> Played:
    """Record ``entry`` if the rules allow it in the character's current state."""
    state = fold(character).state
    step = apply_entry(state, entry)
    where = f"log[{len(character.log)}]"
    findings = tuple(replace(f, where=f.where or where) for f in step.findings)
    if not step.accepted:
        return Played(character, findings)
    return Played(replace(character, log=(*character.log, entry)), findings)


def undo(character: CovenantCharacter) -> Played:
    """Drop the last play-log entry (the app's Undo)."""
    if not character.log:
        return Played(
            character,
            (Finding(rule="covenant.log.empty", message="Nothing to undo.", where="log"),),
        )
    return Played(replace(character, log=character.log[:-1]), ())


def begin_scene(character: CovenantCharacter, note: str = "") -> Played:
    """A scene starts."""
    return play(character, BeginScene(note))


def end_turn(character: CovenantCharacter) -> Played:
    """The character's turn passes; expended uses are ready at xir next turn."""
    return play(character, EndTurn())


def end_scene(character: CovenantCharacter) -> Played:
    """The scene ends: scene damage returns; tapped (and expended) uses recharge;
    fast conditions and drains are cured; scene incapacitation wears off, any other
    unhealed incapacitation eliminates the character."""
    return play(character, EndScene())


def end_chapter(character: CovenantCharacter) -> Played:
    """The chapter ends (and any running scene with it): chapter damage returns,
    exhausted uses recharge, and a surviving character gains 1 token."""
    return play(character, EndChapter())


def use_asset(
    character: CovenantCharacter, asset: str, use: str, state: UseState | None = None
) -> Played:
    """Use ``use`` of the asset (Trait, gear, Ability, Goal or Tie) with id ``asset``.

    ``state`` defaults to the use's own recharge; a use may also be spent by
    destroying the asset. Refused when the asset is not ready.
    """
    if state is None:
        current = fold(character).state.asset(asset)
        found = next((u for u in current.uses if u.name == use), None) if current else None
        state = found.recharge if found else UseState.TAP
    return play(character, UseAsset(asset, use, state))


def recharge_asset(character: CovenantCharacter, asset: str, reason: str = "") -> Played:
    """Make one used asset ready at once (2 advantages spent on a bid)."""
    return play(character, RechargeAsset(asset, reason))


def bid(
    character: CovenantCharacter,
    spent: int,
    severity: DamageSeverity = DamageSeverity.SCENE,
    note: str = "",
) -> Played:
    """Spend ``spent`` free Discipline on a bid; it becomes scene damage by default."""
    return play(character, Bid(spent, severity, note))


def resist(
    character: CovenantCharacter,
    damage: int,
    severity: DamageSeverity,
    spent: int,
    cost: BidCost = BidCost.NORMAL,
    bonus: int = 0,
    note: str = "",
) -> Played:
    """A Resistance bid against ``damage``: ``spent`` Discipline becomes damage of the
    attack's severity; a bid not exceeding ``damage`` incapacitates the character."""
    return play(character, Resist(damage, severity, spent, cost, bonus, note))


def heal(character: CovenantCharacter, note: str = "") -> Played:
    """An incapacitated character is healed and rejoins the game."""
    return play(character, Heal(note))


def restore_long_term(character: CovenantCharacter, amount: int, reason: str = "") -> Played:
    """Long-term damage recharged by a completed quest or a cybernetic implant."""
    return play(character, RestoreLongTerm(amount, reason))


def lose_tie(character: CovenantCharacter, tie: str, reason: str = "") -> Played:
    """A Tie is lost with its 100 Discipline; losing the last one eliminates the character."""
    return play(character, LoseTie(tie, reason))


def gain_tie(character: CovenantCharacter, tie: Tie) -> Played:
    """A new Tie: 100 more free Discipline."""
    return play(character, GainTie(tie))


def buy_asset(character: CovenantCharacter, asset: Asset) -> Played:
    """Buy a Trait or Ability for 1 token during an intermission."""
    return play(character, BuyAsset(asset))


def story_control(character: CovenantCharacter, kind: StoryControl, note: str = "") -> Played:
    """Spend 1 token on story control (scene edit, second wind, recharge, cure, succeed, fail)."""
    return play(character, UseStoryControl(kind, note))


def add_condition(character: CovenantCharacter, condition: Condition) -> Played:
    return play(character, AddCondition(condition))


def cure_condition(character: CovenantCharacter, condition: str, note: str = "") -> Played:
    return play(character, CureCondition(condition, note))


def add_drain(character: CovenantCharacter, drain: Drain) -> Played:
    return play(character, AddDrain(drain))


def drain_tick(character: CovenantCharacter, drain: str) -> Played:
    """One cycle of a drain."""
    return play(character, DrainTick(drain))


def cure_drain(character: CovenantCharacter, drain: str, note: str = "") -> Played:
    return play(character, CureDrain(drain, note))


def set_goal(character: CovenantCharacter, slot: GoalSlot, goal: Goal) -> Played:
    return play(character, SetGoal(slot, goal))


def resolve_goal(
    character: CovenantCharacter, slot: GoalSlot, fulfilled: bool, note: str = ""
) -> Played:
    return play(character, ResolveGoal(slot, fulfilled, note))


def sacrifice(character: CovenantCharacter, note: str = "") -> Played:
    return play(character, Sacrifice(note))


# --------------------------------------------------------------------------- creation checks


def _asset_findings(
    asset: Asset, where: str, expected: AssetKind, gear: bool | None
) -> list[Finding]:
    found: list[Finding] = []
    if not asset.id.strip() or not asset.name.strip():
        found.append(Finding("covenant.asset.invalid", "An asset needs an id and a name.", where))
    if asset.kind is not expected:
        found.append(
            Finding(
                "covenant.asset.kind",
                f"'{asset.name}' is listed with the {expected.value}s but is a {asset.kind.value}.",
                where,
            )
        )
    if gear is not None and asset.gear is not gear:
        found.append(
            Finding(
                "covenant.asset.kind",
                f"'{asset.name}' is listed with the gear but is not marked as gear."
                if gear
                else f"'{asset.name}' is gear; list it as gear or as a Trait, not an Ability.",
                where,
            )
        )
    if not asset.uses:
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' needs at least one use.", where)
        )
    names = [u.name for u in asset.uses]
    if len(set(names)) != len(names):
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' lists a use name twice.", where)
        )
    if asset.price < 0:
        found.append(
            Finding("covenant.asset.invalid", f"'{asset.name}' has a negative price.", where)
        )
    return found


def creation_findings(creation: CovenantCreation) -> tuple[Finding, ...]:
    """Every rule check on character creation ("Character Creation").

    3 Ties, at most 10 tokens on Traits and Abilities, complete and unique assets,
    goals with conditions, stakes and catharsis. A missing goal is only a warning:
    the summary calls goals optional, while the sheet expects one major and one minor.
    """
    found: list[Finding] = []
    ties = len(creation.ties)
    if ties != STARTING_TIES:
        found.append(
            Finding(
                "covenant.creation.ties",
                f"A character starts with {STARTING_TIES} Ties; this one has {ties}.",
                "creation.ties",
                numbers={"ties": ties, "required": STARTING_TIES},
            )
        )
    for i, tie in enumerate(creation.ties):
        where = f"creation.ties[{i}]"
        if not tie.id.strip() or not tie.name.strip():
            found.append(Finding("covenant.tie.invalid", "A Tie needs an id and a name.", where))
        elif not tie.details.strip():
            found.append(
                Finding(
                    "covenant.tie.details",
                    f"Tie '{tie.name}' has no details; give each Tie as much detail as you can.",
                    where,
                    Severity.WARNING,
                )
            )
    spent = creation_token_cost(creation)
    if spent > STARTING_TOKENS:
        found.append(
            Finding(
                "covenant.creation.tokens",
                f"Creation spends {spent} tokens on Traits and Abilities; only "
                f"{STARTING_TOKENS} are available.",
                "creation",
                numbers={"spent": spent, "available": STARTING_TOKENS},
            )
        )
    for i, asset in enumerate(creation.traits):
        found += _asset_findings(asset, f"creation.traits[{i}]", AssetKind.TRAIT, None)
    for i, asset in enumerate(creation.gear):
        found += _asset_findings(asset, f"creation.gear[{i}]", AssetKind.TRAIT, True)
    for i, asset in enumerate(creation.abilities):
        found += _asset_findings(asset, f"creation.abilities[{i}]", AssetKind.ABILITY, False)
    for slot, goal in (
        (GoalSlot.MAJOR, creation.major_goal),
        (GoalSlot.MINOR, creation.minor_goal),
    ):
        where = f"creation.{slot.value}_goal"
        if goal is None:
            found.append(
                Finding(
                    "covenant.goals.missing",
                    f"No {slot.value} goal: a character may have 1 major and 1 minor goal.",
                    where,
                    Severity.WARNING,
                )
            )
        elif problem := goal_problem(goal):
            found.append(Finding("covenant.goal.invalid", problem, where))
    seen: dict[str, str] = {}
    groups: list[tuple[str, tuple[Any, ...]]] = [
        ("ties", creation.ties),
        ("traits", creation.traits),
        ("gear", creation.gear),
        ("abilities", creation.abilities),
    ]
    for group, items in groups:
        for i, item in enumerate(items):
            where = f"creation.{group}[{i}]"
            if item.id in seen:
                found.append(
                    Finding(
                        "covenant.creation.duplicate_id",
                        f"The id '{item.id}' is used twice (also at {seen[item.id]}).",
                        where,
                    )
                )
            seen.setdefault(item.id, where)
    for slot, goal in (
        (GoalSlot.MAJOR, creation.major_goal),
        (GoalSlot.MINOR, creation.minor_goal),
    ):
        if goal is not None and goal.id in seen:
            found.append(
                Finding(
                    "covenant.creation.duplicate_id",
                    f"The id '{goal.id}' is used twice (also at {seen[goal.id]}).",
                    f"creation.{slot.value}_goal",
                )
            )
        elif goal is not None:
            seen[goal.id] = f"creation.{slot.value}_goal"
    return tuple(found)


# --------------------------------------------------------------------------- the report


@dataclass(frozen=True, slots=True)
class DisciplineReport:
    """Discipline by severity; ``total`` always equals 100 × held Ties."""

    free: int
    scene: int
    chapter: int
    long_term: int
    total: int

    def to_json(self) -> dict[str, int]:
        return {
            "free": self.free,
            "scene": self.scene,
            "chapter": self.chapter,
            "long_term": self.long_term,
            "total": self.total,
        }


@dataclass(frozen=True, slots=True)
class TokenReport:
    """Tokens folded from creation and the log: 10 + 1 per chapter survived, less spending."""

    earned: int
    spent: int
    available: int
    starting: int
    from_chapters: int
    spent_at_creation: int
    spent_in_play: int

    def to_json(self) -> dict[str, int]:
        return {
            "earned": self.earned,
            "spent": self.spent,
            "available": self.available,
            "starting": self.starting,
            "from_chapters": self.from_chapters,
            "spent_at_creation": self.spent_at_creation,
            "spent_in_play": self.spent_in_play,
        }


@dataclass(frozen=True, slots=True)
class AssetReport:
    """One usable thing and its state: "ready", "expended", "tapped", "exhausted" or
    "destroyed"; ``last_use`` names the use that locked it."""

    id: str
    name: str
    source: str
    status: str
    last_use: str
    uses: tuple[tuple[str, str, str], ...]  # (name, recharge, effect)

    @property
    def ready(self) -> bool:
        return self.status == "ready"

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "source": self.source,
            "status": self.status,
            "last_use": self.last_use,
            "uses": [{"name": n, "recharge": r, "effect": e} for n, r, e in self.uses],
        }


_STATUS = {
    None: "ready",
    UseState.EXPEND: "expended",
    UseState.TAP: "tapped",
    UseState.EXHAUST: "exhausted",
    UseState.DESTROY: "destroyed",
}


def _asset_report(a: AssetState) -> AssetReport:
    return AssetReport(
        id=a.id,
        name=a.name,
        source=str(a.source),
        status=_STATUS[a.status],
        last_use=a.last_use,
        uses=tuple((u.name, str(u.recharge), u.effect) for u in a.uses),
    )


def _goal_json(goal: Goal | None) -> dict[str, str] | None:
    if goal is None:
        return None
    return {
        "id": goal.id,
        "name": goal.name,
        "conditions": goal.conditions,
        "stakes": goal.stakes,
        "catharsis": goal.catharsis,
        "deadline": goal.deadline,
    }


@dataclass(frozen=True, slots=True)
class CovenantReport:
    """Everything the sheet, the PDF and the review show about a Covenant character."""

    character_id: str
    name: str
    phase: str
    discipline: DisciplineReport
    ties_held: tuple[Tie, ...]
    ties_lost: tuple[Tie, ...]
    eliminated: bool
    elimination_cause: str
    incapacitated: str
    tokens: TokenReport
    assets: tuple[AssetReport, ...]
    major_goal: Goal | None
    minor_goal: Goal | None
    conditions: tuple[Condition, ...]
    drains: tuple[Drain, ...]
    chapters_survived: int
    scenes_ended: int
    log_entries: int
    refused_entries: tuple[int, ...]
    findings: tuple[Finding, ...]

    @property
    def legal(self) -> bool:
        """True when no finding is an error."""
        return not errors(self.findings)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form for the CLI and the review report."""
        return {
            "character_id": self.character_id,
            "name": self.name,
            "legal": self.legal,
            "phase": self.phase,
            "discipline": self.discipline.to_json(),
            "ties": {
                "held": [
                    {"id": t.id, "name": t.name, "details": t.details} for t in self.ties_held
                ],
                "lost": [
                    {"id": t.id, "name": t.name, "details": t.details} for t in self.ties_lost
                ],
            },
            "eliminated": self.eliminated,
            "elimination_cause": self.elimination_cause,
            "incapacitated": self.incapacitated,
            "tokens": self.tokens.to_json(),
            "assets": [a.to_json() for a in self.assets],
            "goals": {"major": _goal_json(self.major_goal), "minor": _goal_json(self.minor_goal)},
            "conditions": [
                {
                    "id": c.id,
                    "name": c.name,
                    "effect": c.effect,
                    "cure": c.cure,
                    "lingering": c.lingering,
                }
                for c in self.conditions
            ],
            "drains": [
                {
                    "id": d.id,
                    "name": d.name,
                    "cycle": d.cycle,
                    "magnitude": d.magnitude,
                    "severity": str(d.severity),
                    "cure": d.cure,
                    "lingering": d.lingering,
                }
                for d in self.drains
            ],
            "chapters_survived": self.chapters_survived,
            "scenes_ended": self.scenes_ended,
            "log_entries": self.log_entries,
            "refused_entries": list(self.refused_entries),
            "findings": [f.to_json() for f in self.findings],
        }


def _state_findings(state: PlayState) -> list[Finding]:
    found: list[Finding] = []
    expected = DISCIPLINE_PER_TIE * len(state.held_ties)
    if state.discipline.total != expected:  # a bug guard: the fold keeps this true
        found.append(
            Finding(
                "covenant.discipline.total",
                f"Discipline totals {state.discipline.total}, not 100 × {len(state.held_ties)} "
                f"held Ties = {expected}.",
                "log",
                numbers={"total": state.discipline.total, "expected": expected},
            )
        )
    if state.incapacitated is not None:
        found.append(
            Finding(
                "covenant.incapacitated",
                "The character is incapacitated "
                f"({state.incapacitated.value.replace('_', '-')} damage) until healed.",
                "log",
                Severity.WARNING,
            )
        )
    if state.eliminated is not None:
        found.append(
            Finding(
                "covenant.eliminated",
                f"The character has been eliminated ({state.eliminated.value.replace('_', ' ')}).",
                "log",
                Severity.WARNING,
            )
        )
    return found


def evaluate_covenant(character: CovenantCharacter) -> CovenantReport:
    """Fold the character and check every rule: the one evaluation entry point.

    Findings: creation checks, every refused play-log entry (as an error at
    ``log[i]``), and the current state's warnings (incapacitated, eliminated).
    Informational notes met while replaying (a drain tick, a token for a chapter)
    are left out; the operations return them as they happen.
    """
    folded = fold(character)
    state = folded.state
    d = state.discipline
    creation_spent = state.tokens_at_creation
    findings = (
        list(creation_findings(character.creation))
        + [f for f in folded.findings if f.severity is Severity.ERROR]
        + _state_findings(state)
    )
    return CovenantReport(
        character_id=character.id,
        name=character.name,
        phase=str(state.phase),
        discipline=DisciplineReport(d.free, d.scene, d.chapter, d.long_term, d.total),
        ties_held=state.held_ties,
        ties_lost=state.lost_ties,
        eliminated=state.eliminated is not None,
        elimination_cause=str(state.eliminated) if state.eliminated else "",
        incapacitated=str(state.incapacitated) if state.incapacitated else "",
        tokens=TokenReport(
            earned=state.tokens_earned,
            spent=state.tokens_spent,
            available=state.tokens_available,
            starting=STARTING_TOKENS,
            from_chapters=state.tokens_earned - STARTING_TOKENS,
            spent_at_creation=creation_spent,
            spent_in_play=state.tokens_spent - creation_spent,
        ),
        assets=tuple(_asset_report(a) for a in state.assets),
        major_goal=state.major_goal,
        minor_goal=state.minor_goal,
        conditions=state.conditions,
        drains=state.drains,
        chapters_survived=state.chapters_survived,
        scenes_ended=state.scenes_ended,
        log_entries=len(character.log),
        refused_entries=folded.refused,
        findings=tuple(findings),
    )


__all__ = [
    "AssetReport",
    "CovenantReport",
    "DisciplineReport",
    "Phase",
    "Played",
    "TokenReport",
    "add_condition",
    "add_drain",
    "begin_scene",
    "bid",
    "buy_asset",
    "creation_findings",
    "cure_condition",
    "cure_drain",
    "drain_tick",
    "end_chapter",
    "end_scene",
    "end_turn",
    "evaluate_covenant",
    "gain_tie",
    "heal",
    "lose_tie",
    "play",
    "recharge_asset",
    "resist",
    "resolve_goal",
    "restore_long_term",
    "sacrifice",
    "set_goal",
    "story_control",
    "undo",
    "use_asset",
]
