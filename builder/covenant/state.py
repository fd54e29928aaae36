"""Covenant play state, folded from creation plus the play log.

Nothing about a Covenant character's current condition is stored: free
Discipline, damage, which assets are used, tokens and eliminations are all
computed here by replaying ``CovenantCharacter.log`` over the state that
``CovenantCreation`` sets up ("Totals are never stored", STYLE.md). Each log
entry goes through ``apply_entry``, which either accepts it and returns the
next state, or refuses it with findings and leaves the state exactly as it
was. A log read from a file is replayed the same way, so an entry that breaks
a rule shows up as a finding pointing at ``log[i]`` instead of a crash.

Rule readings the summary leaves open are written down where they are applied
(search for "Reading:").
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum

from builder.core.findings import Finding, Severity
from builder.covenant.character import (
    ASSET_TOKEN_PRICE,
    DISCIPLINE_PER_TIE,
    STARTING_TOKENS,
    STORY_CONTROL_TOKEN_PRICE,
    TAP_USE,
    TOKENS_PER_CHAPTER,
    AddCondition,
    AddDrain,
    Asset,
    AssetKind,
    AssetUse,
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
    EliminationCause,
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


class Phase(StrEnum):
    """Where the story stands ("Time").

    intermission: between chapters, and before the first one (tokens buy assets only
    now); scene: a scene is running; interstitial: between two scenes of a chapter.
    """

    INTERMISSION = "intermission"
    SCENE = "scene"
    INTERSTITIAL = "interstitial"


class AssetSource(StrEnum):
    """Where a usable thing on the sheet comes from; all of them can be used like assets."""

    TIE = "tie"  # "A character's ties can also be tapped as traits"
    TRAIT = "trait"
    GEAR = "gear"
    ABILITY = "ability"
    GOAL = "goal"  # "Goals can be tapped like traits"


@dataclass(frozen=True, slots=True)
class Discipline:
    """Discipline by damage severity ("Damage Severities"); ``total`` is 100 × held Ties."""

    free: int
    scene: int = 0
    chapter: int = 0
    long_term: int = 0

    @property
    def total(self) -> int:
        return self.free + self.scene + self.chapter + self.long_term

    def bucket(self, severity: DamageSeverity) -> int:
        return {
            DamageSeverity.SCENE: self.scene,
            DamageSeverity.CHAPTER: self.chapter,
            DamageSeverity.LONG_TERM: self.long_term,
        }[severity]

    def damaged(self, amount: int, severity: DamageSeverity) -> Discipline:
        """``amount`` moved from free Discipline to ``severity`` ("Damage")."""
        field = str(severity)
        return replace(self, free=self.free - amount, **{field: self.bucket(severity) + amount})

    def recharged(self, severity: DamageSeverity, amount: int | None = None) -> Discipline:
        """``amount`` (default: all) of ``severity`` damage back to free Discipline."""
        held = self.bucket(severity)
        moved = held if amount is None else amount
        return replace(self, free=self.free + moved, **{str(severity): held - moved})


@dataclass(frozen=True, slots=True)
class AssetState:
    """One usable thing on the sheet and whether it is ready.

    ``status`` is None when ready, else the way it was last used (``UseState.DESTROY``
    for a destroyed asset, which never comes back); ``last_use`` names that use.
    """

    id: str
    name: str
    source: AssetSource
    uses: tuple[AssetUse, ...]
    status: UseState | None = None
    last_use: str = ""

    @property
    def ready(self) -> bool:
        return self.status is None


@dataclass(frozen=True, slots=True)
class TieState:
    tie: Tie
    lost: bool = False


@dataclass(frozen=True, slots=True)
class ResolvedGoal:
    slot: GoalSlot
    goal: Goal
    fulfilled: bool


@dataclass(frozen=True, slots=True)
class PlayState:
    """A Covenant character's condition at one point of the log."""

    phase: Phase
    ties: tuple[TieState, ...]
    discipline: Discipline
    assets: tuple[AssetState, ...]
    major_goal: Goal | None
    minor_goal: Goal | None
    tokens_earned: int
    tokens_spent: int
    tokens_at_creation: int
    conditions: tuple[Condition, ...] = ()
    drains: tuple[Drain, ...] = ()
    goals_resolved: tuple[ResolvedGoal, ...] = ()
    incapacitated: DamageSeverity | None = None
    eliminated: EliminationCause | None = None
    chapters_survived: int = 0
    scenes_ended: int = 0
    turns_ended: int = 0

    @property
    def tokens_available(self) -> int:
        return self.tokens_earned - self.tokens_spent

    @property
    def held_ties(self) -> tuple[Tie, ...]:
        return tuple(t.tie for t in self.ties if not t.lost)

    @property
    def lost_ties(self) -> tuple[Tie, ...]:
        return tuple(t.tie for t in self.ties if t.lost)

    def asset(self, asset_id: str) -> AssetState | None:
        return next((a for a in self.assets if a.id == asset_id), None)

    def goal(self, slot: GoalSlot) -> Goal | None:
        return self.major_goal if slot is GoalSlot.MAJOR else self.minor_goal

    def ids_in_use(self) -> set[str]:
        """Ids a new Tie, asset or goal may not take (held, lost or destroyed ones included)."""
        return {t.tie.id for t in self.ties} | {a.id for a in self.assets}


@dataclass(frozen=True, slots=True)
class Step:
    """The outcome of one log entry: the next state, and whether the entry was accepted.

    A refused entry leaves ``state`` identical to the one given and carries at least
    one error finding saying why.
    """

    state: PlayState
    findings: tuple[Finding, ...]
    accepted: bool


@dataclass(frozen=True, slots=True)
class Fold:
    """The state after replaying a whole log, with every finding met on the way.

    ``refused`` lists the indexes of log entries that were refused (and skipped).
    """

    state: PlayState
    findings: tuple[Finding, ...]
    refused: tuple[int, ...]


# --------------------------------------------------------------------------- creation


def creation_token_cost(creation: CovenantCreation) -> int:
    """Tokens spent at creation: 1 per Trait and 1 per Ability; gear came from bids."""
    return ASSET_TOKEN_PRICE * (len(creation.traits) + len(creation.abilities))


def _asset_state(asset: Asset) -> AssetState:
    if asset.kind is AssetKind.ABILITY:
        source = AssetSource.ABILITY
    else:
        source = AssetSource.GEAR if asset.gear else AssetSource.TRAIT
    return AssetState(id=asset.id, name=asset.name, source=source, uses=asset.uses)


def _tie_asset(tie: Tie) -> AssetState:
    return AssetState(id=tie.id, name=tie.name, source=AssetSource.TIE, uses=(TAP_USE,))


def _goal_asset(goal: Goal) -> AssetState:
    return AssetState(id=goal.id, name=goal.name, source=AssetSource.GOAL, uses=(TAP_USE,))


def initial_state(creation: CovenantCreation) -> PlayState:
    """The character as play begins: every Tie held, every asset ready, 10 tokens.

    Creation's legality (3 Ties, at most 10 tokens...) is checked by
    ``builder.covenant.rules.creation_findings``; this only sets the numbers up.
    """
    assets = (
        tuple(_tie_asset(t) for t in creation.ties)
        + tuple(_asset_state(a) for a in creation.traits)
        + tuple(_asset_state(a) for a in creation.gear)
        + tuple(_asset_state(a) for a in creation.abilities)
        + tuple(_goal_asset(g) for g in (creation.major_goal, creation.minor_goal) if g is not None)
    )
    spent = creation_token_cost(creation)
    return PlayState(
        phase=Phase.INTERMISSION,
        ties=tuple(TieState(t) for t in creation.ties),
        discipline=Discipline(free=DISCIPLINE_PER_TIE * len(creation.ties)),
        assets=assets,
        major_goal=creation.major_goal,
        minor_goal=creation.minor_goal,
        tokens_earned=STARTING_TOKENS,
        tokens_spent=spent,
        tokens_at_creation=spent,
    )


# --------------------------------------------------------------------------- helpers


def _refuse(state: PlayState, rule: str, message: str, **numbers: object) -> Step:
    return Step(state, (Finding(rule=rule, message=message, numbers=dict(numbers)),), False)


def _ok(state: PlayState, *findings: Finding) -> Step:
    return Step(state, tuple(findings), True)


def _note(
    rule: str, message: str, severity: Severity = Severity.INFO, **numbers: object
) -> Finding:
    return Finding(rule=rule, message=message, severity=severity, numbers=dict(numbers))


def _with_assets(state: PlayState, assets: tuple[AssetState, ...]) -> PlayState:
    return replace(state, assets=assets)


def _recharge_where(state: PlayState, statuses: set[UseState]) -> PlayState:
    """Every asset whose status is in ``statuses`` ready again."""
    return _with_assets(
        state,
        tuple(
            replace(a, status=None, last_use="") if a.status in statuses else a
            for a in state.assets
        ),
    )


_PAST = {
    UseState.EXPEND: "expended",
    UseState.TAP: "tapped",
    UseState.EXHAUST: "exhausted",
    UseState.DESTROY: "destroyed",
}
_GERUND = {
    UseState.EXPEND: "expending",
    UseState.TAP: "tapping",
    UseState.EXHAUST: "exhausting",
    UseState.DESTROY: "destroying",
}

_RECHARGE_AT = {
    UseState.EXPEND: "at the start of the character's next turn",
    UseState.TAP: "at the end of the scene",
    UseState.EXHAUST: "at the end of the chapter",
    UseState.DESTROY: "never: it is destroyed",
}


def bid_value(spent: int, cost: BidCost) -> int:
    """Bid points bought by ``spent`` Discipline ("Advantages and Disadvantages").

    Half-cost: 1 Discipline raises the bid by 2; normal: by 1; double-cost: 2
    Discipline raise it by 1, so an odd last point buys nothing.
    """
    if cost is BidCost.HALF:
        return spent * 2
    if cost is BidCost.DOUBLE:
        return spent // 2
    return spent


# --------------------------------------------------------------------------- time


def _begin_scene(state: PlayState, entry: BeginScene) -> Step:
    if state.phase is Phase.SCENE:
        return _refuse(state, "covenant.time.scene_running", "A scene is already running.")
    return _ok(replace(state, phase=Phase.SCENE))


def _end_turn(state: PlayState, entry: EndTurn) -> Step:
    if state.phase is not Phase.SCENE:
        return _refuse(
            state, "covenant.time.no_scene", "Turns happen in scenes; begin a scene first."
        )
    # The character's next turn begins: expended uses recharge at its start.
    nxt = _recharge_where(state, {UseState.EXPEND})
    return _ok(replace(nxt, turns_ended=state.turns_ended + 1))


def _scene_end_effects(state: PlayState) -> tuple[PlayState, list[Finding]]:
    """What the end of a scene does ("Damage Severities", "Using Assets", "Drains",
    "Conditions", "Effects of Incapacitation")."""
    findings: list[Finding] = []
    # Reading: expended uses are also ready after the scene. They recharge "at the
    # start of the character's next turn in a scene", and outside a scene an expended
    # use is ready as soon as its bid resolves, so none stays locked across the break.
    nxt = _recharge_where(state, {UseState.EXPEND, UseState.TAP})
    returned = nxt.discipline.scene
    nxt = replace(
        nxt,
        discipline=nxt.discipline.recharged(DamageSeverity.SCENE),
        conditions=tuple(c for c in nxt.conditions if c.lingering),
        drains=tuple(d for d in nxt.drains if d.lingering),
    )
    if returned:
        findings.append(
            _note(
                "covenant.discipline.scene_recharged",
                f"{returned} scene damage returned to free Discipline.",
                recharged=returned,
            )
        )
    cured = [c.name for c in state.conditions if not c.lingering]
    cured += [d.name for d in state.drains if not d.lingering]
    if cured:
        findings.append(
            _note(
                "covenant.fast.cured",
                "Cured at the end of the scene: " + ", ".join(cured) + ".",
                cured=cured,
            )
        )
    if nxt.incapacitated is DamageSeverity.SCENE:
        nxt = replace(nxt, incapacitated=None)
        findings.append(
            _note(
                "covenant.incapacitation.recovered",
                "The character wakes up and rejoins the game as xir scene damage recharges.",
            )
        )
    elif nxt.incapacitated is not None:
        nxt = replace(nxt, eliminated=EliminationCause.INCAPACITATED)
        findings.append(
            _note(
                "covenant.eliminated.incapacitated",
                f"Incapacitated by {nxt.incapacitated.value.replace('_', '-')} damage and not "
                "healed by the end of the scene: the character is eliminated.",
                Severity.WARNING,
            )
        )
    return nxt, findings


def _end_scene(state: PlayState, entry: EndScene) -> Step:
    if state.phase is not Phase.SCENE:
        return _refuse(state, "covenant.time.no_scene", "No scene is running to end.")
    nxt, findings = _scene_end_effects(state)
    return _ok(
        replace(nxt, phase=Phase.INTERSTITIAL, scenes_ended=state.scenes_ended + 1), *findings
    )


def _end_chapter(state: PlayState, entry: EndChapter) -> Step:
    if state.phase is Phase.INTERMISSION:
        return _refuse(
            state,
            "covenant.time.no_chapter",
            "The chapter has already ended; play a scene of the next chapter first.",
        )
    # Reading: the end of a chapter is also the end of whatever "scene" was pending.
    # From an interstitial this settles what the summary ties to "the end of the
    # scene": uses tapped between scenes, drains, conditions and incapacitations
    # contracted there. Scene damage would return at chapter end anyway.
    nxt, findings = _scene_end_effects(state)
    scenes = state.scenes_ended + (1 if state.phase is Phase.SCENE else 0)
    returned = nxt.discipline.chapter
    nxt = _recharge_where(nxt, {UseState.EXHAUST})
    nxt = replace(
        nxt,
        phase=Phase.INTERMISSION,
        scenes_ended=scenes,
        discipline=nxt.discipline.recharged(DamageSeverity.CHAPTER),
    )
    if returned:
        findings.append(
            _note(
                "covenant.discipline.chapter_recharged",
                f"{returned} chapter damage returned to free Discipline.",
                recharged=returned,
            )
        )
    if nxt.eliminated is None:
        nxt = replace(
            nxt,
            tokens_earned=nxt.tokens_earned + TOKENS_PER_CHAPTER,
            chapters_survived=nxt.chapters_survived + 1,
        )
        findings.append(
            _note(
                "covenant.tokens.chapter",
                "Survived the chapter: +1 token.",
                earned=TOKENS_PER_CHAPTER,
            )
        )
    if nxt.minor_goal is not None:
        findings.append(
            _note(
                "covenant.goal.deadline",
                f"The minor goal '{nxt.minor_goal.name}' was due by the end of this chapter; "
                "record it as fulfilled or failed.",
                Severity.WARNING,
            )
        )
    lingering = [c.name for c in nxt.conditions] + [d.name for d in nxt.drains]
    if lingering:
        findings.append(
            _note(
                "covenant.lingering.may_cure",
                "The FM may cure lingering conditions and drains now: "
                + ", ".join(lingering)
                + ".",
                lingering=lingering,
            )
        )
    return _ok(nxt, *findings)


# --------------------------------------------------------------------------- assets


def _use_asset(state: PlayState, entry: UseAsset) -> Step:
    if state.incapacitated is not None:
        return _refuse(
            state,
            "covenant.incapacitated",
            "An incapacitated character cannot act until xi is healed.",
        )
    asset = state.asset(entry.asset)
    if asset is None:
        return _refuse(
            state, "covenant.asset.unknown", f"The character has no asset '{entry.asset}'."
        )
    if asset.status is UseState.DESTROY:
        return _refuse(
            state, "covenant.asset.destroyed", f"'{asset.name}' was destroyed and is gone for good."
        )
    use = next((u for u in asset.uses if u.name == entry.use), None)
    if use is None:
        return _refuse(
            state,
            "covenant.asset.unknown_use",
            f"'{asset.name}' has no use called '{entry.use}'.",
            uses=[u.name for u in asset.uses],
        )
    if asset.status is not None:
        return _refuse(
            state,
            "covenant.asset.not_ready",
            f"'{asset.name}' is {_PAST[asset.status]} (used for '{asset.last_use}') and is "
            f"ready again {_RECHARGE_AT[asset.status]}.",
            status=str(asset.status),
        )
    if entry.state is UseState.DESTROY and asset.source in (AssetSource.TIE, AssetSource.GOAL):
        return _refuse(
            state,
            "covenant.asset.indestructible",
            f"'{asset.name}' is a {asset.source.value}; record losing it"
            + (" as a lost Tie." if asset.source is AssetSource.TIE else " by resolving the goal."),
        )
    # Reading: a use may always be spent by destroying the asset (ablative gear, a
    # piece of gear given up); otherwise it is used the way its recharge says.
    if entry.state not in (use.recharge, UseState.DESTROY):
        return _refuse(
            state,
            "covenant.asset.wrong_state",
            f"'{use.name}' of '{asset.name}' is used by {_GERUND[use.recharge]} it, "
            f"not by {_GERUND[entry.state]} it.",
            recharge=str(use.recharge),
        )
    if entry.state is UseState.EXPEND and state.phase is not Phase.SCENE:
        # Expended outside a scene: ready again as soon as the bid resolves.
        return _ok(
            state,
            _note(
                "covenant.asset.expended_between_scenes",
                f"'{asset.name}' is ready again once this bid is resolved.",
            ),
        )
    used = replace(asset, status=entry.state, last_use=use.name)
    return _ok(_with_assets(state, tuple(used if a.id == asset.id else a for a in state.assets)))


def _recharge_asset(state: PlayState, entry: RechargeAsset) -> Step:
    asset = state.asset(entry.asset)
    if asset is None:
        return _refuse(
            state, "covenant.asset.unknown", f"The character has no asset '{entry.asset}'."
        )
    if asset.status is UseState.DESTROY:
        return _refuse(
            state,
            "covenant.asset.destroyed",
            f"'{asset.name}' was destroyed; nothing recharges it.",
        )
    if asset.ready:
        return _refuse(state, "covenant.asset.ready", f"'{asset.name}' is already ready.")
    ready = replace(asset, status=None, last_use="")
    return _ok(_with_assets(state, tuple(ready if a.id == asset.id else a for a in state.assets)))


def _valid_new_asset(state: PlayState, asset: Asset) -> str:
    """Why ``asset`` cannot join the sheet, or "" if it can."""
    if not asset.id or not asset.name:
        return "An asset needs an id and a name."
    if asset.id in state.ids_in_use():
        return f"The id '{asset.id}' is already used on this character."
    if not asset.uses:
        return f"'{asset.name}' needs at least one use."
    names = [u.name for u in asset.uses]
    if len(set(names)) != len(names):
        return f"'{asset.name}' lists a use name twice."
    return ""


def _buy_asset(state: PlayState, entry: BuyAsset) -> Step:
    if state.phase is not Phase.INTERMISSION:
        return _refuse(
            state,
            "covenant.tokens.not_intermission",
            "Tokens buy Traits and Abilities only during an intermission (between chapters).",
        )
    if state.tokens_available < ASSET_TOKEN_PRICE:
        return _refuse(
            state,
            "covenant.tokens.insufficient",
            f"A new {entry.asset.kind.value} costs {ASSET_TOKEN_PRICE} token; "
            f"{state.tokens_available} available.",
            price=ASSET_TOKEN_PRICE,
            available=state.tokens_available,
        )
    problem = _valid_new_asset(state, entry.asset)
    if problem:
        return _refuse(state, "covenant.asset.invalid", problem)
    nxt = replace(
        state,
        assets=(*state.assets, _asset_state(entry.asset)),
        tokens_spent=state.tokens_spent + ASSET_TOKEN_PRICE,
    )
    return _ok(nxt)


# --------------------------------------------------------------------------- discipline


def _check_spend(state: PlayState, spent: int) -> Step | None:
    if state.incapacitated is not None:
        return _refuse(
            state,
            "covenant.incapacitated",
            "An incapacitated character cannot bid until xi is healed.",
        )
    if spent > state.discipline.free:
        # Reading: Discipline is only ever spent from free Discipline ("Damage"), so a
        # bid larger than what is free cannot be made at all.
        return _refuse(
            state,
            "covenant.discipline.insufficient",
            f"Only {state.discipline.free} free Discipline to spend; {spent} asked.",
            free=state.discipline.free,
            spent=spent,
        )
    return None


def _bid(state: PlayState, entry: Bid) -> Step:
    if entry.spent < 1:
        return _refuse(
            state,
            "covenant.discipline.bid_amount",
            "A bid spends at least 1 Discipline.",
            spent=entry.spent,
        )
    refused = _check_spend(state, entry.spent)
    if refused is not None:
        return refused
    return _ok(replace(state, discipline=state.discipline.damaged(entry.spent, entry.severity)))


def _resist(state: PlayState, entry: Resist) -> Step:
    if entry.damage < 1 or entry.spent < 0 or entry.bonus < 0:
        # With no damage dealt there is nothing to resist, and a bid of 0 would
        # otherwise "fail" against a target of 0.
        return _refuse(
            state,
            "covenant.discipline.resist_amount",
            "A Resistance bid answers at least 1 damage; Discipline spent and bonus "
            "cannot be negative.",
            damage=entry.damage,
            spent=entry.spent,
            bonus=entry.bonus,
        )
    refused = _check_spend(state, entry.spent)
    if refused is not None:
        return refused
    bid = bid_value(entry.spent, entry.cost) + entry.bonus
    nxt = replace(state, discipline=state.discipline.damaged(entry.spent, entry.severity))
    severity = entry.severity.value.replace("_", "-")
    if bid > entry.damage:
        return _ok(
            nxt,
            _note(
                "covenant.resist.success",
                f"Resistance bid {bid} beats {entry.damage} damage; {entry.spent} Discipline "
                f"becomes {severity} damage.",
                bid=bid,
                damage=entry.damage,
                spent=entry.spent,
            ),
        )
    return _ok(
        replace(nxt, incapacitated=entry.severity),
        _note(
            "covenant.resist.incapacitated",
            f"Resistance bid {bid} does not exceed {entry.damage} damage: the character is "
            f"incapacitated ({severity} damage) until healed.",
            Severity.WARNING,
            bid=bid,
            damage=entry.damage,
            spent=entry.spent,
        ),
    )


def _heal(state: PlayState, entry: Heal) -> Step:
    if state.incapacitated is None:
        return _refuse(
            state, "covenant.heal.not_incapacitated", "The character is not incapacitated."
        )
    return _ok(replace(state, incapacitated=None))


def _restore_long_term(state: PlayState, entry: RestoreLongTerm) -> Step:
    if not 1 <= entry.amount <= state.discipline.long_term:
        return _refuse(
            state,
            "covenant.discipline.restore_amount",
            f"Between 1 and {state.discipline.long_term} long-term damage can be restored; "
            f"{entry.amount} asked.",
            long_term=state.discipline.long_term,
            amount=entry.amount,
        )
    return _ok(
        replace(
            state, discipline=state.discipline.recharged(DamageSeverity.LONG_TERM, entry.amount)
        )
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


def _lose_tie(state: PlayState, entry: LoseTie) -> Step:
    held = next((t for t in state.ties if t.tie.id == entry.tie and not t.lost), None)
    if held is None:
        return _refuse(state, "covenant.tie.unknown", f"The character holds no Tie '{entry.tie}'.")
    nxt = replace(
        state,
        ties=tuple(replace(t, lost=True) if t is held else t for t in state.ties),
        discipline=_without_discipline(state.discipline, DISCIPLINE_PER_TIE),
        assets=tuple(a for a in state.assets if a.id != entry.tie),
    )
    findings = [
        _note(
            "covenant.tie.lost",
            f"Tie '{held.tie.name}' lost, and its {DISCIPLINE_PER_TIE} Discipline with it.",
            lost=DISCIPLINE_PER_TIE,
        )
    ]
    if not nxt.held_ties:
        nxt = replace(nxt, eliminated=EliminationCause.ALL_TIES_LOST)
        findings.append(
            _note(
                "covenant.eliminated.all_ties_lost",
                "The character has lost all xir Ties and is eliminated from the game.",
                Severity.WARNING,
            )
        )
    return _ok(nxt, *findings)


def _gain_tie(state: PlayState, entry: GainTie) -> Step:
    tie = entry.tie
    if not tie.id or not tie.name:
        return _refuse(state, "covenant.tie.invalid", "A Tie needs an id and a name.")
    if tie.id in state.ids_in_use():
        return _refuse(
            state, "covenant.tie.invalid", f"The id '{tie.id}' is already used on this character."
        )
    d = state.discipline
    return _ok(
        replace(
            state,
            ties=(*state.ties, TieState(tie)),
            discipline=replace(d, free=d.free + DISCIPLINE_PER_TIE),
            assets=(*state.assets, _tie_asset(tie)),
        )
    )


# --------------------------------------------------------------------------- story control


def _story_control(state: PlayState, entry: UseStoryControl) -> Step:
    if state.tokens_available < STORY_CONTROL_TOKEN_PRICE:
        return _refuse(
            state,
            "covenant.tokens.insufficient",
            f"Story control costs {STORY_CONTROL_TOKEN_PRICE} token; "
            f"{state.tokens_available} available.",
            price=STORY_CONTROL_TOKEN_PRICE,
            available=state.tokens_available,
        )
    nxt = replace(state, tokens_spent=state.tokens_spent + STORY_CONTROL_TOKEN_PRICE)
    if entry.kind is StoryControl.SECOND_WIND:
        nxt = replace(nxt, discipline=nxt.discipline.recharged(DamageSeverity.SCENE))
    elif entry.kind is StoryControl.RECHARGE:
        nxt = _recharge_where(nxt, {UseState.EXPEND, UseState.TAP, UseState.EXHAUST})
    elif entry.kind is StoryControl.CURE:
        nxt = replace(nxt, conditions=(), drains=())
    # scene edit, succeed and fail change the story, not the sheet.
    return _ok(nxt)


# --------------------------------------------------------------------------- conditions, drains


def _add_condition(state: PlayState, entry: AddCondition) -> Step:
    c = entry.condition
    if not c.id or not c.name:
        return _refuse(state, "covenant.condition.invalid", "A condition needs an id and a name.")
    if any(x.id == c.id for x in state.conditions):
        return _refuse(
            state, "covenant.condition.invalid", f"Condition '{c.id}' is already on the character."
        )
    return _ok(replace(state, conditions=(*state.conditions, c)))


def _cure_condition(state: PlayState, entry: CureCondition) -> Step:
    if not any(x.id == entry.condition for x in state.conditions):
        return _refuse(
            state, "covenant.condition.unknown", f"No condition '{entry.condition}' to cure."
        )
    return _ok(
        replace(state, conditions=tuple(x for x in state.conditions if x.id != entry.condition))
    )


def _add_drain(state: PlayState, entry: AddDrain) -> Step:
    d = entry.drain
    if not d.id or not d.name:
        return _refuse(state, "covenant.drain.invalid", "A drain needs an id and a name.")
    if d.magnitude < 1:
        return _refuse(
            state,
            "covenant.drain.invalid",
            f"A drain's magnitude is at least 1; '{d.name}' has {d.magnitude}.",
        )
    if any(x.id == d.id for x in state.drains):
        return _refuse(
            state, "covenant.drain.invalid", f"Drain '{d.id}' is already on the character."
        )
    return _ok(replace(state, drains=(*state.drains, d)))


def _drain_tick(state: PlayState, entry: DrainTick) -> Step:
    drain = next((d for d in state.drains if d.id == entry.drain), None)
    if drain is None:
        return _refuse(state, "covenant.drain.unknown", f"No drain '{entry.drain}' is active.")
    if state.discipline.free == 0:
        # Reading: a drain moves free Discipline like any damage, so at 0 free it has
        # nothing left to take.
        return _refuse(
            state,
            "covenant.drain.nothing_free",
            f"'{drain.name}' has no free Discipline left to drain.",
        )
    taken = min(drain.magnitude, state.discipline.free)
    nxt = replace(state, discipline=state.discipline.damaged(taken, drain.severity))
    findings = [
        _note(
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
            _note(
                "covenant.drain.ended",
                f"'{drain.name}' stops: the character is down to 0 free Discipline.",
            )
        )
    return _ok(nxt, *findings)


def _cure_drain(state: PlayState, entry: CureDrain) -> Step:
    if not any(d.id == entry.drain for d in state.drains):
        return _refuse(state, "covenant.drain.unknown", f"No drain '{entry.drain}' to cure.")
    return _ok(replace(state, drains=tuple(d for d in state.drains if d.id != entry.drain)))


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


def _set_goal(state: PlayState, entry: SetGoal) -> Step:
    if state.goal(entry.slot) is not None:
        return _refuse(
            state,
            "covenant.goal.slot_taken",
            f"The character already has a {entry.slot.value} goal; resolve it first.",
        )
    problem = goal_problem(entry.goal)
    if not problem and entry.goal.id in state.ids_in_use():
        problem = f"The id '{entry.goal.id}' is already used on this character."
    if problem:
        return _refuse(state, "covenant.goal.invalid", problem)
    field = "major_goal" if entry.slot is GoalSlot.MAJOR else "minor_goal"
    nxt = replace(state, assets=(*state.assets, _goal_asset(entry.goal)), **{field: entry.goal})
    return _ok(nxt)


def _resolve_goal(state: PlayState, entry: ResolveGoal) -> Step:
    goal = state.goal(entry.slot)
    if goal is None:
        return _refuse(
            state, "covenant.goal.empty", f"The character has no {entry.slot.value} goal."
        )
    field = "major_goal" if entry.slot is GoalSlot.MAJOR else "minor_goal"
    nxt = replace(
        state,
        assets=tuple(a for a in state.assets if a.id != goal.id),
        goals_resolved=(*state.goals_resolved, ResolvedGoal(entry.slot, goal, entry.fulfilled)),
        **{field: None},
    )
    outcome = (
        f"fulfilled: the catharsis is earned ({goal.catharsis})"
        if entry.fulfilled
        else f"failed: the stakes are lost ({goal.stakes})"
    )
    return _ok(nxt, _note("covenant.goal.resolved", f"Goal '{goal.name}' {outcome}."))


def _sacrifice(state: PlayState, entry: Sacrifice) -> Step:
    if state.phase is not Phase.SCENE:
        return _refuse(
            state,
            "covenant.sacrifice.no_scene",
            "A character is sacrificed in an unwinnable scene; no scene is running.",
        )
    return _ok(
        replace(state, eliminated=EliminationCause.SACRIFICED),
        _note(
            "covenant.eliminated.sacrificed",
            "The character is sacrificed and leaves the story; xir player narrates the "
            "scene's end.",
            Severity.WARNING,
        ),
    )


# --------------------------------------------------------------------------- dispatch

_HANDLERS: dict[type, Callable[[PlayState, object], Step]] = {
    BeginScene: _begin_scene,
    EndTurn: _end_turn,
    EndScene: _end_scene,
    EndChapter: _end_chapter,
    UseAsset: _use_asset,
    RechargeAsset: _recharge_asset,
    Bid: _bid,
    Resist: _resist,
    Heal: _heal,
    RestoreLongTerm: _restore_long_term,
    LoseTie: _lose_tie,
    GainTie: _gain_tie,
    BuyAsset: _buy_asset,
    UseStoryControl: _story_control,
    AddCondition: _add_condition,
    CureCondition: _cure_condition,
    AddDrain: _add_drain,
    DrainTick: _drain_tick,
    CureDrain: _cure_drain,
    SetGoal: _set_goal,
    ResolveGoal: _resolve_goal,
    Sacrifice: _sacrifice,
}  # type: ignore[dict-item]


def apply_entry(state: PlayState, entry: LogEntry) -> Step:
    """Apply one play-log entry to ``state``; a refused entry leaves it unchanged."""
    if state.eliminated is not None:
        return _refuse(
            state,
            "covenant.eliminated",
            "The character has been eliminated from the game and can take no more actions.",
            cause=str(state.eliminated),
        )
    handler = _HANDLERS.get(type(entry))
    if handler is None:
        return _refuse(
            state, "covenant.log.unknown", f"Unknown play-log entry {type(entry).__name__}."
        )
    return handler(state, entry)


def fold(character: CovenantCharacter) -> Fold:
    """The character's state after replaying the whole log from creation.

    Findings carry ``where="log[i]"``; refused entries are skipped, so the state is
    the one the accepted entries produce.
    """
    state = initial_state(character.creation)
    findings: list[Finding] = []
    refused: list[int] = []
    for i, entry in enumerate(character.log):
        step = apply_entry(state, entry)
        where = f"log[{i}]"
        findings.extend(replace(f, where=f.where or where) for f in step.findings)
        if step.accepted:
            state = step.state
        else:
            refused.append(i)
    return Fold(state, tuple(findings), tuple(refused))
