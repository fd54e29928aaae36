"""Covenant rules as operations and one evaluation: the API the app and the CLI call.

Every operation takes a ``CovenantCharacter`` and returns a ``Result``
(``builder.core.result``): the character with one more play-log entry when
the rules allow the action, or the very same character and an error finding
saying why not ("using an already-used use", "not enough tokens"...). The
state each operation checks against is folded from creation plus the log by
``builder.covenant.state`` (the game-free ``builder.core.playlog``); ``undo``
retracts the last entry.

``evaluate_covenant`` (``builder.covenant.report``) is the one entry point for
sheets, PDFs and the review; ``creation_findings`` (``builder.covenant.creation``)
checks creation. Both are re-exported here for the app and the CLI.

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

from builder.core.result import Result
from builder.covenant.character import (
    AddCondition,
    AddDrain,
    Asset,
    BankedUse,
    BeginScene,
    Bid,
    BidCost,
    BuyAsset,
    Condition,
    Contest,
    CovenantCharacter,
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
    ShareDiscipline,
    SpendBanked,
    StoryControl,
    Tie,
    UseAsset,
    UseState,
    UseStoryControl,
)
from builder.covenant.creation import creation_findings
from builder.covenant.report import (
    AssetReport,
    CovenantReport,
    DisciplineReport,
    TokenReport,
    evaluate_covenant,
)
from builder.covenant.state import COVENANT_LOG, Phase, fold
from builder.covenant.successor import successor

# --------------------------------------------------------------------------- operations


def play(character: CovenantCharacter, entry: LogEntry) -> Result[CovenantCharacter]:
    """Record ``entry`` if the rules allow it in the character's current state."""
    return COVENANT_LOG.play(character, entry)


def undo(character: CovenantCharacter) -> Result[CovenantCharacter]:
    """Drop the last play-log entry (the app's Undo)."""
    return COVENANT_LOG.undo(character)


def begin_scene(character: CovenantCharacter, note: str = "") -> Result[CovenantCharacter]:
    """A scene starts."""
    return play(character, BeginScene(note))


def end_turn(character: CovenantCharacter) -> Result[CovenantCharacter]:
    """The character's turn passes; expended uses are ready at xir next turn."""
    return play(character, EndTurn())


def end_scene(character: CovenantCharacter) -> Result[CovenantCharacter]:
    """The scene ends: scene damage returns; tapped (and expended) uses recharge;
    fast conditions and drains are cured; scene incapacitation wears off, any other
    unhealed incapacitation eliminates the character."""
    return play(character, EndScene())


def end_chapter(character: CovenantCharacter) -> Result[CovenantCharacter]:
    """The chapter ends (and any running scene with it): chapter damage returns,
    exhausted uses recharge, and a surviving character gains 1 token."""
    return play(character, EndChapter())


def use_asset(
    character: CovenantCharacter, asset: str, use: str, state: UseState | None = None
) -> Result[CovenantCharacter]:
    """Use ``use`` of the asset (Trait, gear, Ability, Goal or Tie) with id ``asset``.

    ``state`` defaults to the use's own recharge; a use may also be spent by
    destroying the asset. Refused when the asset is not ready.
    """
    if state is None:
        current = fold(character).state.asset(asset)
        found = next((u for u in current.uses if u.name == use), None) if current else None
        state = found.recharge if found else UseState.TAP
    return play(character, UseAsset(asset, use, state))


def recharge_asset(
    character: CovenantCharacter, asset: str, reason: str = ""
) -> Result[CovenantCharacter]:
    """Make one used asset ready at once (2 advantages spent on a bid)."""
    return play(character, RechargeAsset(asset, reason))


def bid(
    character: CovenantCharacter,
    spent: int,
    severity: DamageSeverity = DamageSeverity.SCENE,
    note: str = "",
) -> Result[CovenantCharacter]:
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
) -> Result[CovenantCharacter]:
    """A Resistance bid against ``damage``: ``spent`` Discipline becomes damage of the
    attack's severity; a bid not exceeding ``damage`` incapacitates the character."""
    return play(character, Resist(damage, severity, spent, cost, bonus, note))


def heal(character: CovenantCharacter, note: str = "") -> Result[CovenantCharacter]:
    """An incapacitated character is healed and rejoins the game."""
    return play(character, Heal(note))


def restore_long_term(
    character: CovenantCharacter, amount: int, reason: str = ""
) -> Result[CovenantCharacter]:
    """Long-term damage recharged by a completed quest or a cybernetic implant."""
    return play(character, RestoreLongTerm(amount, reason))


def lose_tie(character: CovenantCharacter, tie: str, reason: str = "") -> Result[CovenantCharacter]:
    """A Tie is lost with its 100 Discipline; losing the last one eliminates the character."""
    return play(character, LoseTie(tie, reason))


def gain_tie(character: CovenantCharacter, tie: Tie) -> Result[CovenantCharacter]:
    """A new Tie: 100 more free Discipline."""
    return play(character, GainTie(tie))


def buy_asset(character: CovenantCharacter, asset: Asset) -> Result[CovenantCharacter]:
    """Buy a Trait or Ability for 1 token during an intermission."""
    return play(character, BuyAsset(asset))


def story_control(
    character: CovenantCharacter, kind: StoryControl, note: str = ""
) -> Result[CovenantCharacter]:
    """Spend 1 token on story control (scene edit, second wind, recharge, cure, succeed, fail)."""
    return play(character, UseStoryControl(kind, note))


def add_condition(character: CovenantCharacter, condition: Condition) -> Result[CovenantCharacter]:
    return play(character, AddCondition(condition))


def cure_condition(
    character: CovenantCharacter, condition: str, note: str = ""
) -> Result[CovenantCharacter]:
    return play(character, CureCondition(condition, note))


def add_drain(character: CovenantCharacter, drain: Drain) -> Result[CovenantCharacter]:
    return play(character, AddDrain(drain))


def drain_tick(character: CovenantCharacter, drain: str) -> Result[CovenantCharacter]:
    """One cycle of a drain."""
    return play(character, DrainTick(drain))


def cure_drain(
    character: CovenantCharacter, drain: str, note: str = ""
) -> Result[CovenantCharacter]:
    return play(character, CureDrain(drain, note))


def set_goal(character: CovenantCharacter, slot: GoalSlot, goal: Goal) -> Result[CovenantCharacter]:
    return play(character, SetGoal(slot, goal))


def resolve_goal(
    character: CovenantCharacter, slot: GoalSlot, fulfilled: bool, note: str = ""
) -> Result[CovenantCharacter]:
    return play(character, ResolveGoal(slot, fulfilled, note))


def sacrifice(character: CovenantCharacter, note: str = "") -> Result[CovenantCharacter]:
    return play(character, Sacrifice(note))


def contest(character: CovenantCharacter, entry: Contest) -> Result[CovenantCharacter]:
    """A fixed or opposed bid with its advantages, stunt and sharing ("Bids");
    ``builder.covenant.contests.plan_bid`` shows the same numbers before it is made."""
    return play(character, entry)


def share_discipline(
    character: CovenantCharacter, spent: int, cost: BidCost, note: str = ""
) -> Result[CovenantCharacter]:
    """Share ``spent`` Discipline to another's bid at that bid's cost ("Sharing Discipline")."""
    return play(character, ShareDiscipline(spent, cost, note))


def spend_banked(
    character: CovenantCharacter, use: BankedUse, note: str = ""
) -> Result[CovenantCharacter]:
    """Spend one banked advantage ("Banking Advantages")."""
    return play(character, SpendBanked(use, note))


def make_successor(
    sacrificed: CovenantCharacter, new_id: str, name: str = ""
) -> Result[CovenantCharacter]:
    """The sacrificed character's successor, in one action (``builder.covenant.successor``)."""
    return successor(sacrificed, new_id, name)


__all__ = [
    "AssetReport",
    "CovenantReport",
    "DisciplineReport",
    "Phase",
    "TokenReport",
    "add_condition",
    "add_drain",
    "begin_scene",
    "bid",
    "buy_asset",
    "contest",
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
    "make_successor",
    "play",
    "recharge_asset",
    "resist",
    "resolve_goal",
    "restore_long_term",
    "sacrifice",
    "set_goal",
    "share_discipline",
    "spend_banked",
    "story_control",
    "undo",
    "use_asset",
]
