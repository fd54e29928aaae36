"""A Covenant character as frozen values: what the player chose and what happened in play.

Covenant (``rules/covenant-rules-summary.txt``) is a second rules family
beside The Contract. A character has Ties instead of Exp (each Tie is worth
100 Discipline while it is held) and Assets instead of Gifts (Traits, gear,
Goals and Abilities, each use of which recharges on its own clock). Tokens
replace experience: 10 at creation, one more for every chapter survived.

This module only describes the shape of a character. Nothing here computes a
rule: Discipline, asset states and token totals are folded from
``CovenantCharacter.creation`` and the play log by
``builder.covenant.state`` ("Totals are never stored"). Every button the app
offers at the table (use an asset, end the turn, end the scene...) appends one
entry to ``CovenantCharacter.log``; undo drops the last entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# --------------------------------------------------------------------------- rule numbers

DISCIPLINE_PER_TIE = 100
"""Each held Tie gives 100 Discipline ("Ties: Each tie is worth 100 discipline")."""

STARTING_TIES = 3
"""Each character starts with 3 Ties ("Starting Ties"; "Choosing Ties")."""

STARTING_TOKENS = 10
"""Each player starts the game with 10 tokens ("Buying Assets with Tokens")."""

TOKENS_PER_CHAPTER = 1
"""A character who survives to the end of a chapter gains 1 token ("Tokens")."""

ASSET_TOKEN_PRICE = 1
"""One token buys one Trait or one Ability ("Each token a character spends ... lets xir
gain 1 trait ... gain 1 ability"); the summary prices creation purchases the same way."""

STORY_CONTROL_TOKEN_PRICE = 1
"""Tokens per use of story control. The summary names the six kinds but no price; Harbinger
charges one token each, the unit the summary uses for every other token purchase."""


# --------------------------------------------------------------------------- enums


class UseState(StrEnum):
    """How an asset is used, which fixes when it is ready again ("Using Assets").

    expend: at the start of the character's next turn in a scene; tap: at the end of
    the scene; exhaust: at the end of the chapter; destroy: never (the asset is lost).
    """

    EXPEND = "expend"
    TAP = "tap"
    EXHAUST = "exhaust"
    DESTROY = "destroy"


class AssetKind(StrEnum):
    """The three kinds of assets ("Assets"); gear is a Trait with ``Asset.gear`` set."""

    TRAIT = "trait"
    ABILITY = "ability"


class DamageSeverity(StrEnum):
    """Where spent or lost Discipline sits until it recharges ("Damage Severities").

    scene: back to free Discipline at the end of each scene; chapter: at the end of
    each chapter; long_term: only by completing quests or with cybernetic implants.
    """

    SCENE = "scene"
    CHAPTER = "chapter"
    LONG_TERM = "long_term"


class BidCost(StrEnum):
    """What a point of bid costs in Discipline ("Advantages and Disadvantages").

    half: 1 Discipline raises the bid by 2 (more advantages); normal: 1 for 1 (equal
    numbers); double: 2 Discipline raise it by 1 (more disadvantages).
    """

    HALF = "half"
    NORMAL = "normal"
    DOUBLE = "double"


class BidKind(StrEnum):
    """The two types of bid ("Types of Bids"): fixed against the FM's target, or opposed
    (the character as the attacker, making a change, or the defender, preventing one)."""

    FIXED = "fixed"
    ATTACK = "attack"
    DEFEND = "defend"


class StuntEffect(StrEnum):
    """What a stunted bid does ("Stunting Bids")."""

    OWN_NEXT_HALF = "own_next_half"
    ALLY_NEXT_DOUBLE = "ally_next_double"
    OPPONENT_NEXT_DOUBLE = "opponent_next_double"
    INSPIRE = "inspire"
    INTIMIDATE = "intimidate"
    PIN = "pin"
    OTHER = "other"


class BankedUse(StrEnum):
    """What a banked advantage is spent on ("Banking Advantages")."""

    OWN_ADVANTAGE = "own_advantage"  # 1 advantage on the character's bid
    ALLY_ADVANTAGE = "ally_advantage"  # 1 advantage on an ally's bid
    OPPONENT_DISADVANTAGE = "opponent_disadvantage"  # 1 disadvantage on an opponent's bid


class GoalSlot(StrEnum):
    """A character may have 1 major and 1 minor goal at any time ("Goals")."""

    MAJOR = "major"
    MINOR = "minor"


class StoryControl(StrEnum):
    """The six kinds of story control bought with tokens ("Using Tokens as Story Control")."""

    SCENE_EDIT = "scene_edit"  # add something beneficial to the scene
    SECOND_WIND = "second_wind"  # all scene damage back to free Discipline
    RECHARGE = "recharge"  # every trait, ability and piece of gear ready again
    CURE = "cure"  # every condition and drain removed
    SUCCEED = "succeed"  # win one bid outright (cancels a Fail)
    FAIL = "fail"  # make another character fail one bid (cancels a Succeed)


class EliminationCause(StrEnum):
    """Why a character left the game."""

    ALL_TIES_LOST = "all_ties_lost"  # "Losing All Ties"
    INCAPACITATED = "incapacitated"  # chapter/long-term incapacitation not healed by scene end
    SACRIFICED = "sacrificed"  # "Sacrificing": removed for the rest of the story


# --------------------------------------------------------------------------- sheet values


@dataclass(frozen=True, slots=True)
class Tie:
    """Something important to the character that xi can lose ("Ties").

    ``id`` is unique among the character's Ties and assets (Ties can be tapped as
    Traits, so they share the asset namespace); ``details`` should be as rich as the
    player can make it ("Choosing Ties").
    """

    id: str
    name: str
    details: str = ""


@dataclass(frozen=True, slots=True)
class AssetUse:
    """One use of an asset and the way it is used, which sets its recharge.

    A plain Trait has one use, tapped ("Using Traits"); gear and Abilities may list
    several, each with its own recharge ("Some assets have more than 1 use").
    """

    name: str
    recharge: UseState
    effect: str = ""


TAP_USE = AssetUse(name="tap", recharge=UseState.TAP, effect="")
"""The single use every plain Trait, Tie and Goal has: tapped for 1 advantage to a bid or
1 disadvantage to an opponent's ("Characters use traits by tapping them")."""


@dataclass(frozen=True, slots=True)
class Asset:
    """A Trait (``gear`` set for an item) or an Ability.

    ``uses`` lists what the asset can do; using any one of them locks the whole asset
    until that use recharges. ``price`` is gear's listed price, the target of the
    Influence or Crafting bid that buys it ("Buying Additional Gear"); 0 when unknown.
    """

    id: str
    name: str
    kind: AssetKind
    uses: tuple[AssetUse, ...] = (TAP_USE,)
    gear: bool = False
    description: str = ""
    price: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(self, "uses", tuple(self.uses))


@dataclass(frozen=True, slots=True)
class Goal:
    """A Goal: a special Trait for the character's motivation ("Goals").

    ``conditions`` must be fulfilled by ``deadline`` (a minor goal's is the end of the
    current chapter, a major goal's the end of the story); ``stakes`` are lost if it
    fails; ``catharsis`` is the extra reward on success (at most a new Tie for a major
    goal, at most a new Tie made available for a minor one). A Goal can be tapped like
    a Trait for any bid that furthers it.
    """

    id: str
    name: str
    conditions: str
    stakes: str
    catharsis: str
    deadline: str = ""


@dataclass(frozen=True, slots=True)
class Condition:
    """A lingering advantage, disadvantage or other effect ("Conditions").

    A fast condition (``lingering`` False) is cured automatically at the end of the
    scene; a lingering one stays until cured (the FM may cure it at a chapter's end).
    """

    id: str
    name: str
    effect: str
    cure: str
    lingering: bool = False


@dataclass(frozen=True, slots=True)
class Drain:
    """Damage over time ("Drains"): every ``cycle``, ``magnitude`` Discipline of ``severity``.

    A fast drain (cycle in rounds, ``lingering`` False) is cured at the end of the
    scene; a lingering drain (minutes or longer) keeps damaging until the character is
    down to 0 free Discipline or receives the ``cure``.
    """

    id: str
    name: str
    cycle: str
    magnitude: int
    severity: DamageSeverity
    cure: str
    lingering: bool = False


@dataclass(frozen=True, slots=True)
class CovenantCreation:
    """What the player chose at character creation ("Character Creation").

    ``traits`` and ``abilities`` are bought with the starting 10 tokens, one token
    each; ``gear`` was bought with Influence or Crafting bids, whose Discipline is
    regained before play, so it costs no tokens. Goals are free and optional.
    """

    ties: tuple[Tie, ...] = ()
    traits: tuple[Asset, ...] = ()
    abilities: tuple[Asset, ...] = ()
    gear: tuple[Asset, ...] = ()
    major_goal: Goal | None = None
    minor_goal: Goal | None = None

    def __post_init__(self) -> None:
        for name in ("ties", "traits", "abilities", "gear"):
            object.__setattr__(self, name, tuple(getattr(self, name)))


# --------------------------------------------------------------------------- play log
# One entry per button the app offers. Entries are applied in order by
# builder.covenant.state.apply_entry; an entry that breaks a rule is refused
# there and never changes the state.


@dataclass(frozen=True, slots=True)
class BeginScene:
    """A scene starts; until it ends, expended uses wait for the character's next turn."""

    note: str = ""


@dataclass(frozen=True, slots=True)
class EndTurn:
    """The character's turn passes; xir next turn starts and expended uses are ready."""


@dataclass(frozen=True, slots=True)
class EndScene:
    """The scene ends: scene damage, tapped and expended uses, fast conditions and drains."""


@dataclass(frozen=True, slots=True)
class EndChapter:
    """The chapter ends (closing any scene): chapter damage and exhausted uses; +1 token."""


@dataclass(frozen=True, slots=True)
class UseAsset:
    """One use of an asset (a Trait, gear, Ability, Goal or Tie) in the given state."""

    asset: str
    use: str
    state: UseState


@dataclass(frozen=True, slots=True)
class RechargeAsset:
    """One asset made ready at once without a token (spending 2 advantages on a bid)."""

    asset: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Bid:
    """Discipline spent on a bid; scene damage unless the FM rules the spending heavier."""

    spent: int
    severity: DamageSeverity = DamageSeverity.SCENE
    note: str = ""


@dataclass(frozen=True, slots=True)
class Resist:
    """A fixed Resistance bid against ``damage``; the Discipline spent takes its severity.

    The bid is ``spent`` converted at ``cost`` plus ``bonus`` (advantages spent at +5
    each, Discipline shared by others); it must exceed ``damage`` or the character is
    incapacitated.
    """

    damage: int
    severity: DamageSeverity
    spent: int
    cost: BidCost = BidCost.NORMAL
    bonus: int = 0
    note: str = ""


@dataclass(frozen=True, slots=True)
class Heal:
    """An incapacitated character is healed and rejoins the game."""

    note: str = ""


@dataclass(frozen=True, slots=True)
class RestoreLongTerm:
    """Long-term damage recharged by completing a quest or a cybernetic implant."""

    amount: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class LoseTie:
    """A Tie is lost, and the 100 Discipline it gave with it."""

    tie: str
    reason: str = ""


@dataclass(frozen=True, slots=True)
class GainTie:
    """A new Tie (a major goal's catharsis, or the FM's award): +100 free Discipline."""

    tie: Tie


@dataclass(frozen=True, slots=True)
class BuyAsset:
    """A Trait or Ability bought for one token during an intermission ("Improving Characters")."""

    asset: Asset


@dataclass(frozen=True, slots=True)
class UseStoryControl:
    """One token spent on story control."""

    kind: StoryControl
    note: str = ""


@dataclass(frozen=True, slots=True)
class AddCondition:
    condition: Condition


@dataclass(frozen=True, slots=True)
class CureCondition:
    condition: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class AddDrain:
    drain: Drain


@dataclass(frozen=True, slots=True)
class DrainTick:
    """One cycle of a drain: its magnitude moves from free Discipline to its severity."""

    drain: str


@dataclass(frozen=True, slots=True)
class CureDrain:
    drain: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class SetGoal:
    """A goal takes an empty slot (a new one after the last was fulfilled or failed)."""

    slot: GoalSlot
    goal: Goal


@dataclass(frozen=True, slots=True)
class ResolveGoal:
    """The goal in ``slot`` was fulfilled (catharsis) or failed (stakes lost); the slot empties.

    Losing stakes or gaining a Tie from catharsis are entries of their own.
    """

    slot: GoalSlot
    fulfilled: bool
    note: str = ""


@dataclass(frozen=True, slots=True)
class Sacrifice:
    """The player sacrificed the character in an unwinnable scene ("Sacrificing")."""

    note: str = ""


@dataclass(frozen=True, slots=True)
class Contest:
    """A fixed or opposed bid with everything that made it ("Bids", "Advantages and
    Disadvantages", "Stunting Bids"); ``builder.covenant.contests.plan_bid`` works it out.

    ``spent`` Discipline becomes damage of ``severity`` (scene unless the FM rules
    otherwise); ``boosts`` advantages were spent at +5 each and ``imposed`` on a
    disadvantage for the opponent; ``stunt`` is "" for none; ``shared`` bid points
    came from other characters; ``against`` is the target or the opposing bid;
    ``bank`` asks to bank 1 advantage from the win.
    """

    kind: BidKind
    spent: int
    against: int
    advantages: int = 0
    disadvantages: int = 0
    boosts: int = 0
    imposed: int = 0
    stunt: str = ""
    shared: int = 0
    bank: bool = False
    severity: DamageSeverity = DamageSeverity.SCENE
    note: str = ""


@dataclass(frozen=True, slots=True)
class ShareDiscipline:
    """Discipline this character shares to another's bid, at that bid's ``cost``
    ("Sharing Discipline"); it becomes this character's scene damage like a bid."""

    spent: int
    cost: BidCost = BidCost.NORMAL
    note: str = ""


@dataclass(frozen=True, slots=True)
class SpendBanked:
    """One banked advantage spent ("Banking Advantages")."""

    use: BankedUse
    note: str = ""


@dataclass(frozen=True, slots=True)
class Succession:
    """The first entry of a sacrificed character's successor ("Benefits of Sacrificing").

    "xi can make a new character with the same number of Discipline, ties,
    assets, and tokens ... plus 1 additional token from good karma."
    ``predecessor`` names the sacrificed character; ``ties`` and ``assets`` are
    the numbers carried over (the successor's creation must hold that many);
    ``tokens`` are the tokens the successor starts play with.
    """

    predecessor: str
    ties: int
    assets: int
    tokens: int
    note: str = ""


LogEntry = (
    BeginScene
    | EndTurn
    | EndScene
    | EndChapter
    | UseAsset
    | RechargeAsset
    | Bid
    | Resist
    | Heal
    | RestoreLongTerm
    | LoseTie
    | GainTie
    | BuyAsset
    | UseStoryControl
    | AddCondition
    | CureCondition
    | AddDrain
    | DrainTick
    | CureDrain
    | SetGoal
    | ResolveGoal
    | Sacrifice
    | Contest
    | ShareDiscipline
    | SpendBanked
    | Succession
)
"""Any play-log entry; the log is a tuple of these in the order they happened."""


# --------------------------------------------------------------------------- the character


@dataclass(frozen=True, slots=True)
class CovenantCharacter:
    """Everything on a Covenant character's sheet that is not computed."""

    id: str
    name: str
    player: str = ""
    pronouns: str = ""
    description: str = ""
    creation: CovenantCreation = CovenantCreation()
    log: tuple[LogEntry, ...] = ()
    notes: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "log", tuple(self.log))
