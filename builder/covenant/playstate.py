"""Covenant play state: the values a character's log folds into, and where they start.

Nothing about a Covenant character's current condition is stored: free
Discipline, damage, which assets are used, tokens and eliminations are folded
from ``CovenantCharacter.log`` over the state ``initial_state`` sets up from
creation ("Totals are never stored", STYLE.md). ``builder.covenant.state``
does the folding; the rule modules (``story``, ``assets``, ``damage``,
``ties``, ``conditions``, ``goals``) judge one entry each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any

from builder.core.playlog import Step
from builder.covenant.character import (
    ASSET_TOKEN_PRICE,
    DISCIPLINE_PER_TIE,
    STARTING_TOKENS,
    TAP_USE,
    Asset,
    AssetKind,
    AssetUse,
    Condition,
    CovenantCreation,
    DamageSeverity,
    Drain,
    EliminationCause,
    Goal,
    GoalSlot,
    Tie,
    UseState,
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
    banked: int = 0
    starting_tokens: int = STARTING_TOKENS
    predecessor: str = ""

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


Handler = Callable[[PlayState, Any], Step[PlayState]]
"""Judges one log entry against a state: the next state, or a refusal."""


# --------------------------------------------------------------------------- creation


def creation_token_cost(creation: CovenantCreation) -> int:
    """Tokens spent at creation: 1 per Trait and 1 per Ability; gear came from bids."""
    return ASSET_TOKEN_PRICE * (len(creation.traits) + len(creation.abilities))


def asset_state(asset: Asset) -> AssetState:
    """A Trait, piece of gear or Ability as a ready thing on the sheet."""
    if asset.kind is AssetKind.ABILITY:
        source = AssetSource.ABILITY
    else:
        source = AssetSource.GEAR if asset.gear else AssetSource.TRAIT
    return AssetState(id=asset.id, name=asset.name, source=source, uses=asset.uses)


def tie_asset(tie: Tie) -> AssetState:
    """A held Tie, tapped as a Trait ("A character's ties can also be tapped as traits")."""
    return AssetState(id=tie.id, name=tie.name, source=AssetSource.TIE, uses=(TAP_USE,))


def goal_asset(goal: Goal) -> AssetState:
    """An open goal, tapped like a Trait ("Goals can be tapped like traits")."""
    return AssetState(id=goal.id, name=goal.name, source=AssetSource.GOAL, uses=(TAP_USE,))


def initial_state(creation: CovenantCreation) -> PlayState:
    """The character as play begins: every Tie held, every asset ready, 10 tokens.

    Creation's legality (3 Ties, at most 10 tokens...) is checked by
    ``builder.covenant.creation.creation_findings``; this only sets the numbers up.
    """
    assets = (
        tuple(tie_asset(t) for t in creation.ties)
        + tuple(asset_state(a) for a in creation.traits)
        + tuple(asset_state(a) for a in creation.gear)
        + tuple(asset_state(a) for a in creation.abilities)
        + tuple(goal_asset(g) for g in (creation.major_goal, creation.minor_goal) if g is not None)
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


def with_assets(state: PlayState, assets: tuple[AssetState, ...]) -> PlayState:
    """``state`` with its assets replaced."""
    return replace(state, assets=assets)


def recharge_where(state: PlayState, statuses: set[UseState]) -> PlayState:
    """Every asset whose status is in ``statuses`` ready again."""
    return with_assets(
        state,
        tuple(
            replace(a, status=None, last_use="") if a.status in statuses else a
            for a in state.assets
        ),
    )
