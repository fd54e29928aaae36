"""Values computed from Attributes and Health: Body, Mind, Penalty, movement, loads.

Each number cites its rule:

- Body = 5 + Brawn / 2 rounded up ("Body"), less 1 for each Battle Scar after
  the fourth ("Battle Scars");
- Mind = Intellect + Charisma + 1, at most 9 ("Mind"), less 1 for each Trauma
  after the fourth ("Impact of Traumas": 6 Mind and 7 Traumas make 3);
- Body damage = Severity of the worst Injury + the number of other Injuries
  ("Depleting Body");
- the Body and Mind penalty tables and their sum, the Penalty ("Penalty");
- Initiative pool = Dexterity + Perception ("Initiative");
- free movement = 5 + 5 × Dexterity feet, 5 feet less per point of Penalty,
  at least 5 feet ("Free Movement", "Penalty");
- extra 5-foot sprint steps = Brawn, each at −1 die ("Movement");
- carry limit = 15 lb × Brawn ("Encumbrance"); lift maximum from the table
  in "Lifting and Hauling";
- Source replenishment conditions by Status ("Source"): Novice 1 with a one
  day cooldown, Seasoned 1 with a one hour cooldown, Professional 2,
  Veteran 3.
"""

from __future__ import annotations

from dataclasses import dataclass

from builder.contract.character import Health
from builder.contract.ledger import Ratings
from builder.contract.status import Status

BODY_BASE = 5
MIND_MAX = 9
FREE_SCARS = 4
"""Body drops by 1 for each Battle Scar after the fourth."""
FREE_TRAUMAS = 4
"""Mind drops by 1 for each Trauma after the fourth."""
MIN_FREE_MOVEMENT_FT = 5
FEET_PER_STEP = 5
CARRY_LB_PER_BRAWN = 15
MIN_PENALIZED_POOL = 2
"""Penalty never takes a dice pool below two dice."""

LIFT_TABLE_LB: dict[int, int] = {1: 75, 2: 125, 3: 225, 4: 300, 5: 375, 6: 500, 7: 700, 8: 1000}
"""Lifting maximum by Brawn rating ("Lifting and Hauling")."""

# Remaining points → (dice penalty, label). Rows from the two tables in "Penalty".
_BODY_ROWS: dict[int, tuple[int, str]] = {
    5: (1, "Hurt"),
    4: (1, "Injured"),
    3: (2, "Wounded"),
    2: (3, "Mauled"),
    1: (4, "Maimed"),
}
_MIND_ROWS: dict[int, tuple[int, str]] = {
    5: (1, "Rattled"),
    4: (1, "Worried"),
    3: (2, "Alarmed"),
    2: (3, "Frantic"),
    1: (4, "Delirious"),
}
_WORST_PENALTY = 4
"""The tables give no dice number at 0 (no roll can be made at all); the
Penalty is kept at the worst listed row so it never improves as damage grows."""


@dataclass(frozen=True, slots=True)
class Derived:
    """Every number the sheet shows that follows from ratings and Health.

    ``body`` and ``mind`` are the permanent ratings (after Battle Scars and
    Traumas beyond the fourth) and also the dice pools of Body and Mind rolls;
    ``*_remaining`` subtract current damage; ``*_penalty`` come from the
    Penalty tables and ``penalty`` is their sum. ``incapacitated`` is set when
    either track is at 0 (or below), ``dead`` when Body is below 0.
    """

    body: int
    mind: int
    body_damage: int
    mind_damage: int
    body_remaining: int
    mind_remaining: int
    body_penalty: int
    mind_penalty: int
    penalty: int
    body_state: str
    mind_state: str
    incapacitated: bool
    dead: bool
    initiative_pool: int
    body_pool: int
    mind_pool: int
    free_movement_ft: int
    sprint_steps: int
    sprint_ft: int
    carry_lb: int
    lift_lb: int
    battle_scars: int
    traumas: int


def body_rating(brawn: int, battle_scars: int = 0) -> int:
    """Body = 5 + Brawn / 2 rounded up, −1 per Battle Scar after the fourth (never below 0)."""
    base = BODY_BASE + (brawn + 1) // 2
    return max(0, base - max(0, battle_scars - FREE_SCARS))


def mind_rating(intellect: int, charisma: int, traumas: int = 0) -> int:
    """Mind = min(9, Intellect + Charisma + 1), −1 per Trauma after the fourth (never below 0)."""
    base = min(MIND_MAX, intellect + charisma + 1)
    return max(0, base - max(0, traumas - FREE_TRAUMAS))


def body_damage(severities: list[int] | tuple[int, ...]) -> int:
    """Body depleted by Injuries: the worst Severity plus one for each other Injury."""
    if not severities:
        return 0
    return max(severities) + len(severities) - 1


def body_penalty(remaining: int) -> tuple[int, str]:
    """Dice penalty and label for Body remaining ("Penalty": 6+ Bruised … <0 Dead)."""
    if remaining >= 6:
        return 0, "Bruised"
    if remaining in _BODY_ROWS:
        return _BODY_ROWS[remaining]
    if remaining == 0:
        return _WORST_PENALTY, "Incapacitated"
    return _WORST_PENALTY, "Dead"


def mind_penalty(remaining: int) -> tuple[int, str]:
    """Dice penalty and label for Mind remaining ("Penalty": 6+ Distracted … 0 Incapacitated).

    The Mind table ends at 0; more Mind damage than Mind leaves the
    contractor Incapacitated, not dead.
    """
    if remaining >= 6:
        return 0, "Distracted"
    if remaining in _MIND_ROWS:
        return _MIND_ROWS[remaining]
    return _WORST_PENALTY, "Incapacitated"


def free_movement_ft(dexterity: int, penalty: int) -> int:
    """Feet of free movement: 5 + 5 × Dexterity, 5 feet less per Penalty point, at least 5."""
    return max(
        MIN_FREE_MOVEMENT_FT, FEET_PER_STEP + FEET_PER_STEP * dexterity - FEET_PER_STEP * penalty
    )


def lift_lb(brawn: int) -> int:
    """Lifting maximum in pounds from the "Lifting and Hauling" table.

    The table covers Brawn 1–8; a rating outside it (only reachable through
    Gifts) reads the nearest row.
    """
    return LIFT_TABLE_LB[min(8, max(1, brawn))]


def pool_after_penalty(pool: int, penalty: int) -> int:
    """A dice pool reduced by Penalty, but never below two dice by it.

    A pool that already has fewer than two dice is left as it is: Penalty
    lowers pools, it never raises them.
    """
    if pool < MIN_PENALIZED_POOL:
        return pool
    return max(MIN_PENALIZED_POOL, pool - max(0, penalty))


@dataclass(frozen=True, slots=True)
class Replenishment:
    """How many Source replenishment conditions a Status allows, and their cooldown."""

    conditions: int
    cooldown: str


_REPLENISHMENT: dict[Status, Replenishment] = {
    Status.NEWBIE: Replenishment(0, ""),
    Status.NOVICE: Replenishment(1, "1 day"),
    Status.SEASONED: Replenishment(1, "1 hour"),
    Status.PROFESSIONAL: Replenishment(2, "1 hour"),
    Status.VETERAN: Replenishment(3, "1 hour"),
}


def source_replenishment(status: Status) -> Replenishment:
    """Source replenishment conditions allowed at ``status`` ("Source").

    Newbies have none; a Novice names one with a one day cooldown; from
    Seasoned the cooldown is one hour; a Professional names a second and a
    Veteran a third, each with its own cooldown.
    """
    return _REPLENISHMENT[status]


def derive(ratings: Ratings, health: Health) -> Derived:
    """All derived values for folded ``ratings`` and the current ``health``."""
    attrs = ratings.attributes
    brawn = attrs.get("brawn", 1)
    dexterity = attrs.get("dexterity", 1)
    perception = attrs.get("perception", 1)
    scars = len(health.battle_scars)
    traumas = len(health.traumas)

    body = body_rating(brawn, scars)
    mind = mind_rating(attrs.get("intellect", 1), attrs.get("charisma", 1), traumas)
    damage = body_damage([max(0, i.severity) for i in health.injuries])
    mind_damage = max(0, health.mind_damage)
    body_left = body - damage
    mind_left = mind - mind_damage
    b_pen, b_state = body_penalty(body_left)
    m_pen, m_state = mind_penalty(mind_left)
    penalty = b_pen + m_pen
    dead = body_left < 0
    incapacitated = body_left <= 0 or mind_left <= 0
    return Derived(
        body=body,
        mind=mind,
        body_damage=damage,
        mind_damage=mind_damage,
        body_remaining=body_left,
        mind_remaining=mind_left,
        body_penalty=b_pen,
        mind_penalty=m_pen,
        penalty=penalty,
        body_state=b_state,
        mind_state=m_state,
        incapacitated=incapacitated,
        dead=dead,
        initiative_pool=dexterity + perception,
        body_pool=body,
        mind_pool=mind,
        # An incapacitated contractor cannot move on their own ("Depleting Body").
        free_movement_ft=0 if incapacitated else free_movement_ft(dexterity, penalty),
        sprint_steps=0 if incapacitated else max(0, brawn),
        sprint_ft=0 if incapacitated else FEET_PER_STEP * max(0, brawn),
        carry_lb=CARRY_LB_PER_BRAWN * max(0, brawn),
        lift_lb=lift_lb(brawn),
        battle_scars=scars,
        traumas=traumas,
    )
