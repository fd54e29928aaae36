"""*This Mortal Coil* combat beyond one hit: who acts first, retreat, blast, movement, carriers.

Each function cites the section of ``rules/this-mortal-coil-rules.txt`` it
implements; where the text leaves a choice the docstring says "Reading:".
Every chance is exact (``builder.core.odds.Distribution`` and
``fractions.Fraction``, counted over the dice's faces), never simulated.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from builder.core.findings import Finding
from builder.core.odds import Distribution, combine, constant, die
from builder.mortal_coil.character import INVENTORY_SLOTS, Item, Spacefarer
from builder.mortal_coil.odds import save_pass
from builder.mortal_coil.rules import attack_die, item_slots

MOVE_FT = 40
""""When it is your turn, you may move up to 40 feet and then take one action" ("Actions")."""

MAX_BLAST_DIE = 100
"""The largest die a blast's target count is enumerated for (a d100 blast is already absurd)."""


# --------------------------------------------------------------------------- movement


def turn_movement_ft(second_move: bool = False, *, disabled: bool = False) -> int:
    """Feet a character can cover on one turn ("Actions").

    "you may move up to 40 feet and then take one action. Actions include
    casting a spell, attacking, and taking a second move." Reading: the second
    move is another 40 feet, so a turn spent only moving covers 80 feet.
    A disabled character ("unconscious and immobile", "Critical damage +
    stress") moves 0 feet.
    """
    if disabled:
        return 0
    return MOVE_FT * (2 if second_move else 1)


# --------------------------------------------------------------------------- start of combat


@dataclass(frozen=True, slots=True)
class StartOfCombat:
    """Who acts before the first round ("Rounds").

    ``members`` pairs each crew member's name and DEX with the exact chance its
    DEX save passes; ``acting_first`` is the distribution of how many members
    act before round one (each save is an independent d20).
    """

    members: tuple[tuple[str, int, Fraction], ...]
    acting_first: Distribution

    @property
    def everyone(self) -> Fraction:
        """The chance every member acts before round one."""
        return self.acting_first.probability(len(self.members))

    @property
    def nobody(self) -> Fraction:
        """The chance no member acts before round one."""
        return self.acting_first.probability(0)

    @property
    def expected(self) -> Fraction:
        """The mean number of members acting before round one."""
        return self.acting_first.expected()


def start_of_combat(members: Sequence[tuple[str, int]]) -> StartOfCombat:
    """The DEX saves at the start of combat ("Rounds").

    "At the start of combat, each crew member must make a DEX save. Those that
    succeed get an opportunity to act before the first round of combat." Each
    member's chance is ``save_pass(DEX)``; the count acting first is the sum of
    independent passes (a Poisson-binomial distribution, built exactly).
    """
    rows: list[tuple[str, int, Fraction]] = []
    count = constant(0)
    for name, dex in members:
        p = save_pass(dex)
        rows.append((name, dex, p))
        passes = Distribution({1: p, 0: 1 - p})
        count = combine(count, passes, lambda a, b: a + b)
    return StartOfCombat(tuple(rows), count)


def retreat_chance(dex: int, safe_destination: bool = True) -> Fraction:
    """The chance a retreat gets away ("Retreat").

    "Escaping a doomed situation requires a successful DEX save and a safe
    destination in order to get away." Without a safe destination no save
    helps: the chance is 0.
    """
    return save_pass(dex) if safe_destination else Fraction(0)


# --------------------------------------------------------------------------- blast


@dataclass(frozen=True, slots=True)
class BlastOdds:
    """One blast attack ("Blast"): how many targets, what each takes, and the total.

    ``targets`` is the number of targets hit (a single value when the area's
    size is clear); ``per_target`` the damage (or stress) each target's own die
    lets through its armor (or stability); ``total`` the sum over every target
    hit, each rolled separately.
    """

    standard_die: int
    damage_die: int
    reduction: int
    targets: Distribution
    per_target: Distribution
    total: Distribution

    @property
    def expected_total(self) -> Fraction:
        return self.total.expected()

    def explain(self) -> str:
        """The blast in one line for the table: targets, each target's share, the total."""
        counts = self.targets.values
        if len(counts) == 1:
            who = f"{counts[0]} target(s)"
        else:
            who = f"{counts[0]}-{counts[-1]} targets (a d{self.standard_die})"
        each = self.per_target.expected()
        hit = 1 - self.per_target.probability(0)
        total = self.expected_total
        return (
            f"{who}, each rolling its own d{self.damage_die} against armor {self.reduction}: "
            f"{float(each):.2f} each on average, a target harmed {hit.numerator}/"
            f"{hit.denominator}; {float(total):.2f} in all on average (exactly "
            f"{total.numerator}/{total.denominator})."
        )


def blast_odds(
    standard_die: int,
    targets: int | None = None,
    reduction: int = 0,
    *,
    impaired: bool = False,
    enhanced: bool = False,
) -> BlastOdds:
    """The exact outcome of a blast attack ("Blast").

    "If you use a blast attack, you roll damage separately for each affected
    target. If the size of the area is unclear, roll the attack's standard
    damage die to determine the number of targets affected." With ``targets``
    None the count is one roll of ``standard_die`` (1 to its size, equally
    likely); otherwise it is that number.

    Reading: the count is rolled on the weapon's *standard* die even when the
    attack is impaired (d4) or enhanced (d12); those change only the damage
    dice ("Attack modifiers"). ``reduction`` is every target's armor (or
    stability), the same for all of them.
    """
    if not 1 <= standard_die <= MAX_BLAST_DIE:
        raise ValueError(f"a blast die has 1 to {MAX_BLAST_DIE} faces, not {standard_die}")
    if targets is not None and targets < 1:
        raise ValueError(f"a blast hits at least 1 target, not {targets}")
    if reduction < 0:
        raise ValueError(f"armor or stability cannot be negative, not {reduction}")
    damage_die = attack_die(standard_die, impaired, enhanced)
    count = die(standard_die) if targets is None else constant(targets)
    per = die(damage_die).map(lambda roll: max(0, roll - reduction))
    # Sum of a random number of independent per-target results: weight the
    # n-fold sum by P(n targets), building the n-fold sums one target at a time.
    most = max(int(n) for n in count.values)  # type: ignore[call-overload]
    mixed: dict[int, Fraction] = {}
    running = constant(0)
    for n in range(1, most + 1):
        running = running + per
        weight = count.probability(n)
        if weight:
            for value, p in running.probabilities.items():
                mixed[value] = mixed.get(value, Fraction(0)) + weight * p
    return BlastOdds(standard_die, damage_die, reduction, count, per, Distribution(mixed))


# --------------------------------------------------------------------------- carriers


class CarrierKind(StrEnum):
    """Who carries gear for a character: a hired associate or an undead thrall."""

    ASSOCIATE = "associate"
    THRALL = "thrall"


@dataclass(frozen=True, slots=True)
class CarrierLoad:
    """What one associate or thrall carries ("Inventory", "Associates").

    ``slots_used`` counts the gear the way a character's is counted; ``over``
    the slots beyond the carrier's ten, which cannot be carried; ``zero_hp``
    is True for an associate whose ten slots are all full.
    """

    kind: CarrierKind
    slots_used: int
    slots: int = INVENTORY_SLOTS

    @property
    def slots_free(self) -> int:
        return max(0, self.slots - self.slots_used)

    @property
    def over(self) -> int:
        return max(0, self.slots_used - self.slots)

    @property
    def zero_hp(self) -> bool:
        return self.kind is CarrierKind.ASSOCIATE and self.slots_used >= self.slots


def carrier_load(kind: CarrierKind, items: Sequence[Item], small_per_slot: int) -> CarrierLoad:
    """How full an associate or thrall is with the gear it carries for a character.

    "You can store additional inventory in your ship ... You can also utilize
    your undead thralls to carry items for you" ("Inventory"); an associate is
    made like a character, "roll 3d6 for each ability score, then give them
    1d6 HP" ("Associates"). The text gives neither a slot count of its own.

    Reading: each carrier has the ten inventory slots a character has ("You
    have a total of ten inventory slots"), counted the same way (bulky two,
    small ones bundled ``small_per_slot`` to a slot), and "You cannot carry
    more items than your inventory allows" holds for it too. An associate,
    made like a character, is also "temporarily reduced to 0 HP" with every
    slot full; a thrall has no HP in the text, so that rule does not apply.
    Gear a carrier holds does not take the character's own slots.
    """
    return CarrierLoad(kind, item_slots(items, small_per_slot))


def carrier_findings(
    name: str, kind: CarrierKind, items: Sequence[Item], small_per_slot: int, where: str
) -> list[Finding]:
    """A finding when a carrier holds more than its ten slots ("You cannot carry more items
    than your inventory allows", read as holding for thralls and associates)."""
    load = carrier_load(kind, items, small_per_slot)
    if not load.over:
        return []
    return [
        Finding(
            "tmc.carrier.over",
            f"{name or 'a ' + kind.value} carries {load.slots_used} slots of gear; "
            f"only {load.slots} fit",
            where,
            numbers={"used": load.slots_used, "slots": load.slots},
        )
    ]


def thrall_findings(character: Spacefarer) -> list[Finding]:
    """Every thrall of the character that carries more than its slots allow."""
    out: list[Finding] = []
    for i, thrall in enumerate(character.thralls):
        out += carrier_findings(
            thrall.name,
            CarrierKind.THRALL,
            thrall.carried,
            character.small_per_slot,
            f"thralls[{i}].carried",
        )
    return out


def carrier_line(kind: CarrierKind, name: str, items: Sequence[Item], small_per_slot: int) -> str:
    """What one thrall or associate carries and how many of its slots that fills."""
    load = carrier_load(kind, items, small_per_slot)
    gear = ", ".join(i.name for i in items) or "nothing"
    line = f"{kind.value.capitalize()} {name}: {load.slots_used} of {load.slots} slots ({gear})"
    if load.over:
        line += f"; {load.over} slot(s) too many"
    elif load.zero_hp:
        line += "; every slot full: held at 0 HP"
    return line


def carrier_lines(character: Spacefarer) -> tuple[str, ...]:
    """One line per thrall of the character (``carrier_line``)."""
    return tuple(
        carrier_line(CarrierKind.THRALL, t.name, t.carried, character.small_per_slot)
        for t in character.thralls
    )


# --------------------------------------------------------------------------- at the table


def combat_lines(dex: int, disabled: bool = False, small_per_slot: int = 3) -> tuple[str, ...]:
    """The combat numbers a player needs at the table, as lines for the sheet and the PDF.

    One place for the wording, so the sheet and the printed page say the same:
    movement, the start-of-combat and retreat DEX saves with their exact
    chances, the blast rule, and what an associate or thrall carries.
    """
    p = save_pass(dex)
    chance = f"{p.numerator}/{p.denominator}, {float(p) * 100:.0f}%"
    if disabled:
        move = "Movement: 0 feet (disabled: unconscious and immobile)."
    else:
        move = (
            f"Movement: up to {turn_movement_ft()} feet, then one action "
            f"({turn_movement_ft(True)} feet if the action is a second move)."
        )
    return (
        move,
        f"Start of combat: a DEX save; passing ({chance}) acts before the first round.",
        f"Retreat: a DEX save ({chance}) and a safe destination.",
        "Blast: roll damage separately for each target; when the area is unclear, "
        "roll the weapon's standard die for the number of targets.",
        f"Associates and thralls carry gear in {INVENTORY_SLOTS} slots of their own "
        f"(bulky two, {small_per_slot} small to a slot); an associate with every slot "
        "full is held at 0 HP.",
    )
