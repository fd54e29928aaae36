"""The rules of *This Mortal Coil*, exact, and the fold of a play log into the current state.

Every function cites the section of ``rules/this-mortal-coil-rules.txt`` it
implements; where the text leaves a choice, the docstring says "Reading:" and
which one Harbinger makes. Nothing here rolls dice: results come in as numbers
(the app rolls them with a seeded generator or the player enters them), so the
same log always folds to the same state.

``fold(character)`` replays ``Spacefarer.log`` from the created character. An
entry the rules refuse (a d20 of 23, a night's ability roll when HP was not
full, anything after retirement) changes nothing and becomes a finding, never
an exception: the audit lists it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from builder.core.findings import Finding
from builder.core.playlog import Step, accept, fold_log, refuse
from builder.mortal_coil.character import (
    ABILITIES,
    BULKY_SLOTS,
    ENHANCED_DIE,
    FALLOUT_TABLE_SIZE,
    IMPAIRED_DIE,
    INVENTORY_SLOTS,
    SAVE_DIE,
    Ability,
    AddFallout,
    Deprived,
    EndDeprivation,
    HarmKind,
    Item,
    ItemSize,
    LogEntry,
    NightRest,
    Retire,
    Save,
    ShortRest,
    Spacefarer,
    TakeHarm,
    WeekOfCare,
)

# --------------------------------------------------------------------------- single rules


def save_passes(roll: int, ability: int) -> bool:
    """Whether a d20 save passes ("Saves").

    "If you roll equal to or under your ability score, you pass. Otherwise, you
    fail. A result of 1 is always a success and a result of 20 is always a failure."
    """
    if roll == 1:
        return True
    if roll == SAVE_DIE:
        return False
    return roll <= ability


def attack_die(base: int, impaired: bool = False, enhanced: bool = False) -> int:
    """The die an attack rolls ("Attack modifiers").

    Impaired attacks "always roll 1d4", enhanced ones "always roll 1d12",
    "regardless of the normal value". Reading: an attack both impaired and
    enhanced rolls its normal die (the two cancel).
    """
    if impaired and not enhanced:
        return IMPAIRED_DIE
    if enhanced and not impaired:
        return ENHANCED_DIE
    return base


def keep_highest(rolls: Iterable[int]) -> int:
    """The result of several dice against one target ("Dual weapons", "Multiple attackers").

    "roll all damage and stress dice and keep the single highest result". A
    blast attack instead rolls separately per target ("Blast"): call this once
    per target with that target's dice.
    """
    found = list(rolls)
    if not found:
        raise ValueError("keep_highest needs at least one roll")
    return max(found)


@dataclass(frozen=True, slots=True)
class HarmResult:
    """What one hit of damage or stress does ("Attacks + damage", "Critical damage + stress").

    ``through`` is what armor or stability let through; ``hp_after`` the HP
    left; ``excess`` what went past 0 HP onto the ability; ``ability_after``
    the ability then. ``save_needed`` is True when the excess calls for a save
    (and the ability did not reach 0); ``retired`` when it reached 0.
    """

    through: int
    hp_after: int
    excess: int
    ability_after: int
    save_needed: bool
    retired: bool


def harm(hp: int, ability: int, roll: int, reduction: int) -> HarmResult:
    """Apply one attack's damage (or stress) to HP and then to STR (or CTRL).

    "the opponent subtracts any armor bonus and applies the remainder to their
    HP. Any excess damage is applied to STR" ("Attacks + damage"); "If damage
    brings your HP below zero, your STR is decreased by the amount remaining and
    you must make a STR save" ("Critical damage + stress"); likewise stress,
    stability and CTRL.

    Reading: only what goes *below* 0 HP reduces the ability; damage that lands
    exactly on 0 costs no ability and calls for no save. An ability cannot go
    below 0; at 0 the character retires ("Retiring your character") and no save is made.
    """
    through = max(0, roll - max(0, reduction))
    hp = max(0, hp)
    excess = max(0, through - hp)
    hp_after = max(0, hp - through)
    ability_after = max(0, ability - excess)
    retired = excess > 0 and ability_after == 0
    return HarmResult(through, hp_after, excess, ability_after, excess > 0 and not retired, retired)


def breech(bp: int, damage: int) -> tuple[int, bool]:
    """A ship's breech protection after breech damage, and whether the ship is destroyed.

    "When a ship's BP reaches 0, it is destroyed by any additional breech damage"
    ("Ships + vehicles"). Reading: as with HP, damage that brings BP exactly to
    0 leaves the ship standing; any breech damage beyond that (in the same hit
    or later) destroys it.
    """
    bp = max(0, bp)
    damage = max(0, damage)
    return max(0, bp - damage), damage > bp


def item_slots(items: Sequence[Item], small_per_slot: int) -> int:
    """Slots the gear takes ("Inventory"): one each, bulky two, small ones bundled.

    "Most items take up one slot, but small items can be bundled together.
    Bulky items take two slots". Reading: ``small_per_slot`` small items share
    one slot (a table setting); a part-filled bundle still takes a whole slot.
    """
    per = max(1, small_per_slot)
    small = sum(1 for i in items if i.size is ItemSize.SMALL)
    bulky = sum(1 for i in items if i.size is ItemSize.BULKY)
    normal = len(items) - small - bulky
    return normal + BULKY_SLOTS * bulky + -(-small // per)


def fatigue_for_days(days_before: int, days_added: int) -> int:
    """Fatigue gained by ``days_added`` more full days of deprivation ("Deprivation + fatigue").

    "When you are deprived for more than a day, you begin to add fatigue to
    your inventory, one for each day." Reading: the first full day adds none;
    each full day after it in the same spell of deprivation adds one.
    """
    after = days_before + max(0, days_added)
    return max(0, after - 1) - max(0, days_before - 1)


# --------------------------------------------------------------------------- the state


@dataclass(frozen=True, slots=True)
class State:
    """A character's current play state, folded from creation and the log.

    ``hp`` is the HP as tracked; ``effective_hp`` is 0 while every slot is full
    ("When your inventory is full ... you are temporarily reduced to 0 HP").
    ``fallout`` lists the table entries taken, in order; ``fallout_owed``
    counts failed CTRL saves whose fallout is not in the log yet.
    ``refused`` are the log indices the rules refused, with ``findings`` saying why.
    """

    hp: int
    hp_max: int
    str_now: int
    dex_now: int
    ctrl_now: int
    str_max: int
    dex_max: int
    ctrl_max: int
    item_slots: int = 0
    fatigue: int = 0
    fallout: tuple[int, ...] = ()
    fallout_owed: int = 0
    deprived_days: int = 0
    disabled: bool = False
    retired: bool = False
    retired_reason: str = ""
    refused: tuple[int, ...] = ()
    findings: tuple[Finding, ...] = ()

    def current(self, ability: Ability) -> int:
        return {Ability.STR: self.str_now, Ability.DEX: self.dex_now, Ability.CTRL: self.ctrl_now}[
            ability
        ]

    def maximum(self, ability: Ability) -> int:
        return {Ability.STR: self.str_max, Ability.DEX: self.dex_max, Ability.CTRL: self.ctrl_max}[
            ability
        ]

    def with_ability(self, ability: Ability, value: int) -> State:
        changes: dict[str, Any] = {f"{ability.value}_now": value}  # the field named by the ability
        return replace(self, **changes)

    @property
    def slots_used(self) -> int:
        """Gear, fatigue and fallout together ("each fatigue occupies one inventory slot";
        "Each fallout takes up an inventory slot")."""
        return self.item_slots + self.fatigue + len(self.fallout)

    @property
    def inventory_full(self) -> bool:
        return self.slots_used >= INVENTORY_SLOTS

    @property
    def effective_hp(self) -> int:
        """HP as the rules use it: held at 0 while all ten slots are full ("Inventory")."""
        return 0 if self.inventory_full else self.hp

    @property
    def deprived(self) -> bool:
        return self.deprived_days > 0


def initial_state(character: Spacefarer) -> State:
    """The created character at full HP and abilities, before any log entry."""
    c = character.creation
    return State(
        hp=c.hp_max,
        hp_max=c.hp_max,
        str_now=c.str_max,
        dex_now=c.dex_max,
        ctrl_now=c.ctrl_max,
        str_max=c.str_max,
        dex_max=c.dex_max,
        ctrl_max=c.ctrl_max,
        item_slots=item_slots(character.items, character.small_per_slot),
    )


class Refused(Exception):
    """Raised inside the fold only: the entry is refused for ``reason`` (becomes a finding)."""


def _die(value: int, sides: int, what: str) -> None:
    if not 1 <= value <= sides:
        raise Refused(f"{what} must be a d{sides} result (1-{sides}), not {value}")


def _take_harm(state: State, e: TakeHarm) -> State:  # noqa: C901  (complexity 11 when the limits came in)
    """Damage or stress, then the STR or CTRL save ("Critical damage + stress").

    A failed STR save is critical damage: the character is disabled ("unconscious
    and immobile"; dies within an hour without aid and rest). A failed CTRL save
    is critical stress: a fallout is owed, or, with all ten slots already fallout,
    the character retires instead ("Retiring your character").

    Reading: the issue says "the tenth slot of fallout retires the character";
    the text says that with all ten slots filled with fallout "the next time your
    character would take fallout, they are immediately retired instead". Harbinger
    follows the text: the tenth fallout is taken (there are exactly ten entries,
    so it is the last new one) and the next critical stress retires.
    """
    if e.roll < 0 or e.reduction < 0:
        raise Refused("the roll and the armor or stability cannot be negative")
    ability = e.kind.ability
    result = harm(state.effective_hp, state.current(ability), e.roll, e.reduction)
    held = state.inventory_full
    new = state.with_ability(ability, result.ability_after)
    if not held:
        new = replace(new, hp=result.hp_after)
    if result.retired:
        if e.save:
            raise Refused(f"{ability.label} reached 0: the character retires and makes no save")
        return replace(new, retired=True, retired_reason=f"{ability.label} reduced to 0")
    if not result.save_needed:
        if e.save:
            raise Refused("no save: nothing went past 0 HP")
        return new
    if e.save == 0:
        raise Refused(f"{result.excess} went past 0 HP: the {ability.label} save is missing")
    _die(e.save, SAVE_DIE, f"the {ability.label} save")
    if save_passes(e.save, result.ability_after):
        return new
    if e.kind is HarmKind.DAMAGE:
        return replace(new, disabled=True)
    if len(new.fallout) >= FALLOUT_TABLE_SIZE:
        return replace(new, retired=True, retired_reason="fallout with all ten slots fallout")
    return replace(new, fallout_owed=new.fallout_owed + 1)


def _short_rest(state: State, e: ShortRest) -> State:
    """ "Taking a rest for a few moments restores 1d6 HP" ("Healing"), up to maximum HP.

    Deprived, nothing is recovered ("Deprivation + fatigue"). Reading: any rest
    ends being disabled (it stands for the aid and rest critical damage asks for).
    """
    _die(e.roll, 6, "a short rest")
    rested = replace(state, disabled=False)
    if state.deprived:
        return rested
    return replace(rested, hp=min(state.hp_max, state.hp + e.roll))


def _night_rest(state: State, e: NightRest) -> State:
    """A safe night: all HP, or 1d6 to one ability if HP was full; fatigue ends ("Healing").

    "Sleeping overnight in a safe location restores all HP, and if your HP is
    full, then you regain 1d6 points of ability damage (you pick which ability
    you heal)." Reading: "full" means full before the night; the ability never
    rises over its maximum; the night also ends fatigue ("lasts until you are
    able to recuperate (such as a full night's rest in a safe spot)"), unless
    the character is still deprived, when nothing is recovered.
    """
    rested = replace(state, disabled=False)
    if state.deprived:
        if e.roll or e.ability:
            raise Refused("deprived: a night restores nothing, so no ability roll")
        return rested
    rested = replace(rested, fatigue=0)
    if state.hp < state.hp_max:
        if e.roll or e.ability:
            raise Refused("HP was not full: the night restores HP, not an ability")
        return replace(rested, hp=state.hp_max)
    _die(e.roll, 6, "the night's ability roll")
    try:
        ability = Ability(e.ability)
    except ValueError:
        msg = f"pick the ability the night heals (str, dex, ctrl), not {e.ability!r}"
        raise Refused(msg) from None
    value = min(state.maximum(ability), state.current(ability) + e.roll)
    return rested.with_ability(ability, value)


def _week_of_care(state: State, _e: WeekOfCare) -> State:
    """ "If you have dedicated medical attention while resting for a week, you fully recover
    all ability damage" ("Healing"). Reading: the week's nights also restore all HP and
    end fatigue; deprived, nothing is recovered."""
    if state.deprived:
        return replace(state, disabled=False)
    full = replace(state, hp=state.hp_max, fatigue=0, disabled=False)
    return replace(full, str_now=state.str_max, dex_now=state.dex_max, ctrl_now=state.ctrl_max)


def _deprived(state: State, e: Deprived) -> State:
    """More days deprived: fatigue by ``fatigue_for_days`` ("Deprivation + fatigue")."""
    if e.days < 1:
        raise Refused("deprivation is counted in whole days, at least 1")
    gained = fatigue_for_days(state.deprived_days, e.days)
    return replace(
        state, deprived_days=state.deprived_days + e.days, fatigue=state.fatigue + gained
    )


def _end_deprivation(state: State, _e: EndDeprivation) -> State:
    if not state.deprived:
        raise Refused("the character is not deprived")
    return replace(state, deprived_days=0)


def _add_fallout(state: State, e: AddFallout) -> State:
    """One fallout from the table ("Fallout"): rolled on 1d10 or chosen, duplicates rerolled.

    "Roll 1d10 or choose one of the following effects, re-rolling any
    duplicates. Each fallout takes up an inventory slot and cannot be removed."
    ``rolls`` must end on ``entry`` and every earlier roll must be a fallout
    already taken. Reading: fallout may be added without a failed CTRL save
    (an event of the game); it then owes nothing.
    """
    taken = set(state.fallout)
    if len(taken) >= FALLOUT_TABLE_SIZE:
        raise Refused("every fallout is already taken: more fallout retires the character")
    _die(e.entry, FALLOUT_TABLE_SIZE, "a fallout")
    if e.entry in taken:
        raise Refused(f"fallout {e.entry} is already taken: a duplicate is rerolled")
    if e.rolls:
        for r in e.rolls:
            _die(r, FALLOUT_TABLE_SIZE, "a fallout roll")
        if e.rolls[-1] != e.entry:
            raise Refused(f"the last roll ({e.rolls[-1]}) is not the entry taken ({e.entry})")
        fresh = [r for r in e.rolls[:-1] if r not in taken]
        if fresh:
            raise Refused(f"roll {fresh[0]} was not a duplicate: it should have been taken")
    return replace(
        state, fallout=(*state.fallout, e.entry), fallout_owed=max(0, state.fallout_owed - 1)
    )


def _save(state: State, e: Save) -> State:
    _die(e.roll, SAVE_DIE, "a save")
    return state


def _retire(state: State, e: Retire) -> State:
    return replace(state, retired=True, retired_reason=e.reason or "retired by the player")


_STEPS = {
    TakeHarm: _take_harm,
    Save: _save,
    ShortRest: _short_rest,
    NightRest: _night_rest,
    WeekOfCare: _week_of_care,
    Deprived: _deprived,
    EndDeprivation: _end_deprivation,
    AddFallout: _add_fallout,
    Retire: _retire,
}


def apply(state: State, entry: LogEntry) -> State:
    """One log entry applied to a state; raises :class:`Refused` when the rules refuse it."""
    if state.retired:
        raise Refused("the character has retired")
    # _STEPS pairs each entry class with the step taking it; mypy cannot tie key to value.
    return _STEPS[type(entry)](state, entry)  # type: ignore[operator]


def step(state: State, entry: LogEntry) -> Step[State]:
    """One log entry as the shared fold takes it: accepted, or refused with ``tmc.log.refused``."""
    try:
        return accept(apply(state, entry))
    except Refused as exc:
        return refuse(state, "tmc.log.refused", str(exc))


def fold(character: Spacefarer) -> State:
    """The current state: the created character with every log entry applied in order.

    The log replays through ``builder.core.playlog.fold_log``: a refused entry
    changes nothing and adds a finding ``tmc.log.refused`` at ``log[i]``.
    """
    folded = fold_log(initial_state(character), character.log, step)
    return replace(folded.state, refused=folded.refused, findings=folded.findings)


def save_chances(state: State) -> dict[Ability, int]:
    """How many of the twenty d20 faces pass a save on each current ability ("Saves")."""
    return {a: sum(save_passes(r, state.current(a)) for r in range(1, 21)) for a in ABILITIES}
