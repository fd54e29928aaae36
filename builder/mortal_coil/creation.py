"""Creating a spacefarer: abilities and HP rolled (every die kept) or entered, and associates.

Our rules text lacks the game's creation chapter; the default method the
issue gives is the usual one of the games it is based on, and the same roll the
text gives associates ("roll 3d6 for each ability score, then give them 1d6
HP", "Associates"): 3d6 for STR, DEX and CTRL in that order, one swap of two
results allowed, then 1d6 maximum HP.

The random generator is passed in (``random.Random(seed)``), so a roll is
reproducible in tests; the dice themselves are kept in ``Creation``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from builder.core.findings import Finding, Severity
from builder.mortal_coil.character import (
    ABILITIES,
    ABILITY_DICE,
    ASSOCIATE_WAGE,
    ASSOCIATE_WEAPON_DIE,
    HP_DIE,
    Ability,
    Creation,
    CreationMethod,
    Item,
)

ABILITY_RANGE = (ABILITY_DICE, ABILITY_DICE * 6)
"""The totals 3d6 can give: 3 to 18."""


@dataclass(frozen=True, slots=True)
class CreationRoll:
    """The dice of one creation roll, before the player decides on a swap."""

    str_dice: tuple[int, int, int]
    dex_dice: tuple[int, int, int]
    ctrl_dice: tuple[int, int, int]
    hp_die: int

    def dice(self, ability: Ability) -> tuple[int, ...]:
        return {
            Ability.STR: self.str_dice,
            Ability.DEX: self.dex_dice,
            Ability.CTRL: self.ctrl_dice,
        }[ability]


def _d6s(rng: random.Random, n: int) -> tuple[int, ...]:
    return tuple(rng.randint(1, 6) for _ in range(n))


def roll_creation(rng: random.Random) -> CreationRoll:
    """Roll 3d6 for STR, DEX and CTRL in order, then 1d6 for maximum HP."""
    s, d, c = (_d6s(rng, ABILITY_DICE) for _ in ABILITIES)
    # _d6s rolls ABILITY_DICE (three) dice; mypy sees a tuple of any length.
    return CreationRoll(s, d, c, rng.randint(1, HP_DIE))  # type: ignore[arg-type]


def parse_swap(swap: str) -> tuple[Ability, Ability] | None:
    """``"str,ctrl"`` as two abilities; ``""`` as no swap. ValueError for anything else."""
    if not swap:
        return None
    parts = swap.split(",")
    if len(parts) != 2:
        raise ValueError(f"a swap names two abilities ('str,ctrl'), not {swap!r}")
    a, b = (Ability(p.strip()) for p in parts)
    if a is b:
        raise ValueError("a swap exchanges two different abilities")
    return a, b


def rolled_totals(dice: dict[Ability, tuple[int, ...]], swap: str) -> dict[Ability, int]:
    """Each ability's total after the one allowed swap of two results."""
    totals = {a: sum(dice[a]) for a in ABILITIES}
    pair = parse_swap(swap)
    if pair:
        a, b = pair
        totals[a], totals[b] = totals[b], totals[a]
    return totals


def creation_from_roll(roll: CreationRoll, swap: str = "") -> Creation:
    """The created maxima from a roll and the player's swap ("" for none)."""
    totals = rolled_totals({a: roll.dice(a) for a in ABILITIES}, swap)
    return Creation(
        CreationMethod.ROLLED,
        totals[Ability.STR],
        totals[Ability.DEX],
        totals[Ability.CTRL],
        roll.hp_die,
        roll.str_dice,
        roll.dex_dice,
        roll.ctrl_dice,
        swap,
        roll.hp_die,
    )


def entered_creation(str_max: int, dex_max: int, ctrl_max: int, hp_max: int) -> Creation:
    """Maxima typed in from a paper sheet (no dice kept)."""
    return Creation(CreationMethod.ENTERED, str_max, dex_max, ctrl_max, hp_max)


def creation_findings(creation: Creation) -> list[Finding]:
    """What is wrong with the created maxima: out of the dice's range, or not what was rolled.

    Entered values outside 3-18 (abilities) or 1-6 (HP) are warnings (a table may
    use another method); rolled values that do not match their own dice are errors.
    """
    out: list[Finding] = []
    low, high = ABILITY_RANGE
    maxima = {a: creation.maximum(a) for a in ABILITIES}
    rolled = creation.method is CreationMethod.ROLLED
    severity = Severity.ERROR if rolled else Severity.WARNING
    for a, value in maxima.items():
        if not low <= value <= high:
            out.append(
                Finding(
                    "tmc.creation.ability",
                    f"{a.label} {value} is outside 3d6 ({low}-{high})",
                    f"creation.{a.value}_max",
                    Severity.ERROR if value < 1 else severity,
                    {"value": value},
                )
            )
    if not 1 <= creation.hp_max <= HP_DIE:
        out.append(
            Finding(
                "tmc.creation.hp",
                f"maximum HP {creation.hp_max} is outside 1d6 (1-{HP_DIE})",
                "creation.hp_max",
                Severity.ERROR if creation.hp_max < 1 else severity,
                {"value": creation.hp_max},
            )
        )
    if rolled:
        out += _rolled_findings(creation, maxima)
    return out


def _rolled_findings(creation: Creation, maxima: dict[Ability, int]) -> list[Finding]:
    dice = {a: getattr(creation, f"{a.value}_dice") for a in ABILITIES}
    for a, d in dice.items():
        if len(d) != ABILITY_DICE or any(not 1 <= x <= 6 for x in d):
            return [
                Finding(
                    "tmc.creation.dice",
                    f"{a.label} was rolled with {ABILITY_DICE}d6, not {list(d)}",
                    f"creation.{a.value}_dice",
                )
            ]
    try:
        totals = rolled_totals(dice, creation.swap)
    except ValueError as exc:
        return [Finding("tmc.creation.swap", str(exc), "creation.swap")]
    out = [
        Finding(
            "tmc.creation.dice",
            f"{a.label} is {maxima[a]} but its dice give {totals[a]}",
            f"creation.{a.value}_max",
            numbers={"value": maxima[a], "rolled": totals[a]},
        )
        for a in ABILITIES
        if totals[a] != maxima[a]
    ]
    if creation.hp_die != creation.hp_max:
        out.append(
            Finding(
                "tmc.creation.dice",
                f"maximum HP is {creation.hp_max} but the d6 rolled {creation.hp_die}",
                "creation.hp_max",
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class Associate:
    """A hired hand ("Associates"): 3d6 per ability, 1d6 HP, a d6 weapon, a daily wage."""

    name: str
    str_max: int
    dex_max: int
    ctrl_max: int
    hp_max: int
    weapon_die: int = ASSOCIATE_WEAPON_DIE
    daily_wage: int = ASSOCIATE_WAGE[0]
    notes: str = ""
    carried: tuple[Item, ...] = ()
    """Gear the associate carries for the crew (``combat.carrier_load`` counts its slots)."""


def roll_associate(rng: random.Random, name: str, daily_wage: int = ASSOCIATE_WAGE[0]) -> Associate:
    """ "roll 3d6 for each ability score, then give them 1d6 HP and a simple weapon (d6).
    Associates cost 50-100 credits per day" ("Associates"). ValueError for a wage outside that."""
    low, high = ASSOCIATE_WAGE
    if not low <= daily_wage <= high:
        raise ValueError(f"an associate costs {low}-{high} credits a day, not {daily_wage}")
    s, d, c = (sum(_d6s(rng, ABILITY_DICE)) for _ in ABILITIES)
    return Associate(name, s, d, c, rng.randint(1, HP_DIE), ASSOCIATE_WEAPON_DIE, daily_wage)
