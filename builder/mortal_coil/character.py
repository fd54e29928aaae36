"""A *This Mortal Coil* spacefarer as frozen values: what was chosen and what happened in play.

*This Mortal Coil* (``rules/this-mortal-coil-rules.txt``, "Rules of the Game")
is a d20 roll-under game: three abilities (STR, DEX, CTRL), HP, armor and
stability, ten inventory slots, damage and stress, critical damage and fallout.

This module only describes the shape of a character. Current HP, current
abilities, fatigue, fallout and whether the character is disabled or retired
are never stored: ``builder.mortal_coil.rules.fold`` folds them from
``Spacefarer.creation`` and the append-only play log ``Spacefarer.log``. Every
button the app offers at the table (take damage, rest, add fallout...) appends
one entry; undo drops the last one.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

# --------------------------------------------------------------------------- rule numbers

INVENTORY_SLOTS = 10
""""You have a total of ten inventory slots" ("Inventory")."""

BULKY_SLOTS = 2
""""Bulky items take two slots" ("Inventory")."""

DEFAULT_SMALL_PER_SLOT = 3
"""How many small items share one slot. The text says only that "small items can be
bundled together" ("Inventory"). Reading: how many is a setting of each character
(``Spacefarer.small_per_slot``); Harbinger's default is 3."""

SAVE_DIE = 20
""""roll a d20 against the relevant ability" ("Saves")."""

ABILITY_DICE = 3
"""Creation rolls 3d6 for each ability, in order (the game's creation chapter, which our
text lacks; the same roll the text gives associates: "roll 3d6 for each ability score")."""

HP_DIE = 6
"""Creation rolls 1d6 for maximum HP (creation chapter; associates: "give them 1d6 HP")."""

FALLOUT_TABLE_SIZE = 10
""""Roll 1d10 or choose one of the following effects" ("Fallout")."""

IMPAIRED_DIE = 4
""""Impaired attacks always roll 1d4 for damage or stress" ("Attack modifiers")."""

ENHANCED_DIE = 12
""""Enhanced attacks always roll 1d12 for damage or stress" ("Attack modifiers")."""

ASSOCIATE_WEAPON_DIE = 6
"""Associates get "a simple weapon (d6)" ("Associates")."""

ASSOCIATE_WAGE = (50, 100)
""""Associates cost 50-100 credits per day" ("Associates")."""


class Ability(StrEnum):
    """The three abilities ("Abilities"): damage targets STR, stress targets CTRL."""

    STR = "str"
    DEX = "dex"
    CTRL = "ctrl"

    @property
    def label(self) -> str:
        return self.value.upper()


ABILITIES: tuple[Ability, ...] = (Ability.STR, Ability.DEX, Ability.CTRL)
"""The order abilities are rolled in at creation and shown on the sheet."""


class HarmKind(StrEnum):
    """Damage (armor absorbs, excess to STR) or stress (stability absorbs, excess to CTRL)."""

    DAMAGE = "damage"
    STRESS = "stress"

    @property
    def ability(self) -> Ability:
        """The ability the excess comes off ("Attacks + damage")."""
        return Ability.STR if self is HarmKind.DAMAGE else Ability.CTRL


class ItemSize(StrEnum):
    """How much room an item takes ("Inventory"): most one slot, bulky two, small bundled."""

    NORMAL = "normal"
    SMALL = "small"
    BULKY = "bulky"


class CreationMethod(StrEnum):
    """Whether the abilities and HP were rolled in the app (dice kept) or entered."""

    ROLLED = "rolled"
    ENTERED = "entered"


# --------------------------------------------------------------------------- sheet values


@dataclass(frozen=True, slots=True)
class Item:
    """One piece of gear in the inventory."""

    name: str
    size: ItemSize = ItemSize.NORMAL
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Creation:
    """The character as created: maximum abilities and HP, and the dice behind them.

    With ``method`` "rolled", ``str_dice``/``dex_dice``/``ctrl_dice`` hold the
    three d6 of each ability in the order rolled, ``swap`` names the two
    abilities whose totals were exchanged ("" or "str,ctrl"), and ``hp_die`` is
    the d6 for maximum HP; the audit checks the maxima against them. With
    "entered" the dice are empty and ``hp_die`` is 0.
    """

    method: CreationMethod
    str_max: int
    dex_max: int
    ctrl_max: int
    hp_max: int
    str_dice: tuple[int, ...] = ()
    dex_dice: tuple[int, ...] = ()
    ctrl_dice: tuple[int, ...] = ()
    swap: str = ""
    hp_die: int = 0

    def maximum(self, ability: Ability) -> int:
        """The ability's maximum (what rest and care restore it to)."""
        return {Ability.STR: self.str_max, Ability.DEX: self.dex_max, Ability.CTRL: self.ctrl_max}[
            ability
        ]


# --------------------------------------------------------------------------- play log


@dataclass(frozen=True, slots=True)
class TakeHarm:
    """An attack's damage or stress lands ("Attacks + damage", "Critical damage + stress").

    ``roll`` is the attack die's result (already the kept highest of several);
    ``reduction`` the armor (damage) or stability (stress) the sheet had then;
    ``save`` the d20 of the STR or CTRL save the excess calls for, 0 when no
    save was needed (or the ability reached 0 and the character retired).
    """

    kind: HarmKind
    roll: int
    reduction: int = 0
    save: int = 0


@dataclass(frozen=True, slots=True)
class Save:
    """Any other save ("Saves"): the ability, the d20, and what it was for."""

    ability: Ability
    roll: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class ShortRest:
    """ "Taking a rest for a few moments restores 1d6 HP" ("Healing"); ``roll`` is the d6."""

    roll: int


@dataclass(frozen=True, slots=True)
class NightRest:
    """ "Sleeping overnight in a safe location restores all HP" ("Healing").

    If HP was already full, the night restores ``roll`` (a d6) to ``ability``
    (the player picks); otherwise both are left empty (0 and "").
    """

    roll: int = 0
    ability: str = ""


@dataclass(frozen=True, slots=True)
class WeekOfCare:
    """A week of rest with dedicated medical attention: all ability damage healed ("Healing")."""


@dataclass(frozen=True, slots=True)
class Deprived:
    """``days`` more full days deprived of a crucial need ("Deprivation + fatigue")."""

    days: int = 1
    need: str = ""


@dataclass(frozen=True, slots=True)
class EndDeprivation:
    """The need is met again: recovery works again (fatigue stays until a safe night)."""


@dataclass(frozen=True, slots=True)
class AddFallout:
    """Fallout after critical stress ("Fallout").

    ``entry`` is the table entry taken (1-10). ``rolls`` are the d10 results in
    order, duplicates of fallout already taken included (they were rerolled);
    empty when the player chose ``entry``.
    """

    entry: int
    rolls: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class Retire:
    """The character leaves play for a reason the log does not derive (died unaided, chose)."""

    reason: str = ""


@dataclass(frozen=True, slots=True)
class Thrall:
    """An undead thrall that carries gear for the character ("You can also utilize your
    undead thralls to carry items for you", "Inventory"); ``carried`` is its load."""

    name: str
    carried: tuple[Item, ...] = ()
    notes: str = ""


LogEntry = (
    TakeHarm | Save | ShortRest | NightRest | WeekOfCare | Deprived | EndDeprivation | AddFallout
) | Retire


@dataclass(frozen=True, slots=True)
class Spacefarer:
    """One *This Mortal Coil* character: the sheet fields and the play log.

    ``armor`` and ``stability`` are numbers on the sheet (their equipment page
    is not in our text); ``small_per_slot`` is the table's setting for bundling
    small items; ``crew_id`` names the crew the character belongs to ("" for none);
    ``thralls`` carry gear that does not take the character's own slots.
    """

    id: str
    name: str
    creation: Creation
    player: str = ""
    pronouns: str = ""
    background: str = ""
    armor: int = 0
    stability: int = 0
    items: tuple[Item, ...] = ()
    small_per_slot: int = DEFAULT_SMALL_PER_SLOT
    credits: int = 0
    notes: str = ""
    crew_id: str = ""
    log: tuple[LogEntry, ...] = ()
    thralls: tuple[Thrall, ...] = ()
