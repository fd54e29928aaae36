"""Values computed from Attributes and Health: Body, Mind, Penalty, movement, loads.

Each number cites its rule:

- Body = 5 + Brawn / 2 rounded up ("Body"), less 1 for each Battle Scar after
  the fourth ("Battle Scars");
- Mind = Intellect + Charisma + 1, at most 9 ("Mind"), less 1 for each Trauma
  after the fourth ("Impact of Traumas": 6 Mind and 7 Traumas make 3);
- Body damage = Severity of the worst Injury + the number of other Injuries
  ("Depleting Body");
- the Body and Mind penalty tables and their sum, the wound Penalty
  ("Penalty"); only damage causes a Penalty, so a track with no damage adds
  0 whatever its rating ("A partially depleted Mind contributes to a
  Character's Penalty"; the online sheet shows 0 with no damage): Mind 5
  with 1 damage leaves 4 → −1, Mind 3 with 1 damage leaves 2 → −3;
- Battle Scar penalties do not stack with the wound Penalty, the higher is
  used; Chronic Pain keeps the Penalty at least −1 ("Battle Scars",
  ``builder.contract.scars``);
- Initiative pool = Dexterity + Perception ("Initiative");
- free movement = 5 + 5 × Dexterity feet, 5 feet less per point of Penalty
  and per encumbrance step, at least 5 feet ("Free Movement", "Penalty",
  "Brawn"); Limp and Missing Foot halve it, Missing Leg quarters it
  ("Battle Scars"), rounded down to whole 5-foot steps, at least 5 feet;
- extra 5-foot sprint steps = Brawn, each at −1 die ("Movement"), slowed by
  the same scars; none with Missing Leg ("You cannot Dash or Sprint");
- at the lifting and hauling limit the contractor cannot move ("Even
  encumbered characters can still move slowly until they reach their lifting
  and hauling limit");
- carry limit = 15 lb × Brawn; over it, −1 die per full 25 lb over; totally
  unencumbered, +1 die to physical actions ("Encumbrance": the dedicated
  section wins over the Brawn paragraph's "−1 dice and −5 feet every 15
  pounds"); lift maximum from the table in "Lifting and Hauling";
- Source replenishment conditions by Status ("Source"): Novice 1 with a one
  day cooldown, Seasoned 1 with a one hour cooldown, Professional 2,
  Veteran 3.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from builder.contract.character import Health, Stock
from builder.contract.ledger import Ratings
from builder.contract.scars import MovementScar, PenaltyFloor, movement_scar, penalty_floor
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
OVERLOAD_STEP_LB = 25
"""Over the carry limit, −1 die per full 25 lb over ("Encumbrance")."""
ENCUMBRANCE_FT_PER_STEP = 5
"""Feet of movement lost per encumbrance step (see ``encumbrance_movement_ft``)."""
UNENCUMBERED_BONUS = 1
"""A totally unencumbered contractor gets +1 die to physical actions ("Encumbrance")."""
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
    Penalty tables (0 for a track without damage) and ``wound_penalty`` is
    their sum. ``penalty`` is the Penalty every pool loses: the higher of the
    wound Penalty and a scar's floor (``scar_floor``, set by ``scar_floor_from``),
    and ``penalty_source`` says which ("wounds", "Battle Scar Chronic Pain" or
    "none"). ``incapacitated`` is set when either track is at 0 (or below),
    ``dead`` when Body is below 0.

    Encumbrance: ``carried_lb`` (0 when not tracked), ``carry_over_lb`` above
    ``carry_lb``, ``encumbrance_penalty`` dice lost on every roll for it, and
    ``unencumbered_bonus`` dice gained on physical actions.
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
    wound_penalty: int = 0
    scar_floor: int = 0
    scar_floor_from: str = ""
    penalty_source: str = "none"
    carried_lb: int = 0
    carry_over_lb: int = 0
    encumbrance_penalty: int = 0
    unencumbered_bonus: int = 0
    roll_penalty: int = 0
    """Dice every roll loses: the Penalty plus the encumbrance penalty (dice penalties stack)."""
    encumbrance_ft: int = 0
    """Feet of free movement lost to encumbrance (5 per step over the carry limit)."""
    movement_fraction: Fraction = Fraction(1)
    """The share of movement speed the Battle Scars leave (Limp: 1/2, Missing Leg: 1/4)."""
    movement_scar: str = ""
    """The scar that sets ``movement_fraction`` ("" when none slows the contractor)."""
    no_sprint_scar: str = ""
    """The scar that forbids Dash and Sprint (Missing Leg), "" when none does."""
    at_lift_limit: bool = False
    """Carrying as much as the contractor can lift: no movement at all."""


DERIVED_RULES: dict[str, str] = {
    "body": "Body: 5 + Brawn / 2 rounded up, −1 per Battle Scar after the fourth",
    "mind": "Mind: Intellect + Charisma + 1, at most 9, −1 per Trauma after the fourth",
    "body_damage": "Depleting Body: worst Injury Severity + 1 per other Injury",
    "penalty": (
        "Penalty: Body and Mind table rows for what remains, 0 for a track without damage; "
        "Battle Scars do not stack with it, the higher counts (Chronic Pain: at least 1)"
    ),
    "initiative_pool": "Initiative: Dexterity + Perception",
    "free_movement_ft": (
        "Free Movement: 5 + 5 × Dexterity feet, −5 feet per Penalty and per encumbrance "
        "step, at least 5; Limp and Missing Foot halve it, Missing Leg quarters it, "
        "rounded down to whole 5-foot steps (the rules are silent), at least 5"
    ),
    "sprint_ft": (
        "Movement: up to Brawn extra 5-foot steps, each −1 die, slowed by the same scars; "
        "none with Missing Leg"
    ),
    "carry_lb": (
        "Encumbrance (the dedicated section, not the Brawn paragraph): 15 lb × Brawn; "
        "−1 die per full 25 lb over; totally unencumbered +1 die to physical actions"
    ),
    "lift_lb": "Lifting and Hauling: the table by Brawn",
}
"""Which rule each derived value follows, for the sheet, the PDF and ``sheet show``."""


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


def track_penalty(
    table: Callable[[int], tuple[int, str]], remaining: int, damage: int
) -> tuple[int, str]:
    """A track's penalty and label: its table row for ``remaining`` once it has damage.

    Only damage causes a Penalty: with no damage the track adds 0 and shows
    its 6+ label, however low its rating (Mind 5, unhurt: 0, "Distracted").
    """
    if damage <= 0:
        return 0, table(6)[1]
    return table(remaining)


def encumbrance(brawn: int, carried_lb: int) -> tuple[int, int]:
    """(pounds over the carry limit, dice lost): 15 lb × Brawn free, −1 die per full 25 lb over.

    Brawn 2 carrying 55 lb is 25 lb over → −1; 54 lb is 24 over → 0.
    """
    over = max(0, max(0, carried_lb) - CARRY_LB_PER_BRAWN * max(0, brawn))
    return over, over // OVERLOAD_STEP_LB


def free_movement_ft(dexterity: int, penalty: int) -> int:
    """Feet of free movement: 5 + 5 × Dexterity, 5 feet less per Penalty point, at least 5."""
    return max(
        MIN_FREE_MOVEMENT_FT, FEET_PER_STEP + FEET_PER_STEP * dexterity - FEET_PER_STEP * penalty
    )


def encumbrance_movement_ft(steps: int) -> int:
    """Feet of movement lost to ``steps`` encumbrance steps.

    The text's two paragraphs disagree: the Brawn paragraph gives "a -1 dice
    and -5 feet Movement penalty every 15 pounds they carry over their limit",
    the Encumbrance section "a -1 dice penalty per 25 pounds over their limit"
    and no feet, while "Equipment" says an encumbered contractor's "movement
    is reduced". Reading: Harbinger keeps the Encumbrance section's 25-pound
    step (as for dice) and takes the Brawn paragraph's 5 feet per step, so each
    die lost to the load also costs 5 feet: 55 lb over at Brawn 2 (30 lb) is
    one step, −1 die and −5 feet.
    """
    return ENCUMBRANCE_FT_PER_STEP * max(0, steps)


def scaled_movement_ft(feet: int, fraction: Fraction) -> int:
    """``feet`` at ``fraction`` of speed, rounded down to whole 5-foot steps.

    The text gives the fractions ("reduced by half", "one quarter movement
    speed") but not how to round. Reading: down to a whole 5-foot step, since
    movement is counted in 5-foot steps everywhere else: 25 feet at half speed
    is 10 feet, 20 feet at a quarter is 5.
    """
    return int(max(0, feet) * fraction) // FEET_PER_STEP * FEET_PER_STEP


@dataclass(frozen=True, slots=True)
class Movement:
    """A contractor's movement in one Round: free feet, sprint steps and feet, and why."""

    free_ft: int
    sprint_steps: int
    sprint_ft: int
    encumbrance_ft: int = 0


def movement(
    dexterity: int,
    brawn: int,
    penalty: int,
    load_steps: int = 0,
    scar: MovementScar | None = None,
    *,
    immobile: bool = False,
) -> Movement:
    """Free movement and sprint for one Round ("Free Movement", "Movement", "Battle Scars").

    Free: 5 + 5 × Dexterity, −5 per Penalty and per encumbrance step, at least
    5; then the scars' fraction (``scaled_movement_ft``), still at least 5
    ("Minimum 5 feet"). Sprint: Brawn steps of 5 feet at the same fraction,
    rounded down to whole steps; none when a scar forbids Dash and Sprint.
    ``immobile`` (incapacitated, or at the lifting limit) gives 0 everywhere.

    Dexterity 4, Brawn 3, Limp: free 25 → 10 feet, sprint 15 → 5 feet (1 step).
    """
    scar = scar or MovementScar()
    lost = encumbrance_movement_ft(load_steps)
    if immobile:
        return Movement(0, 0, 0, lost)
    base = max(
        MIN_FREE_MOVEMENT_FT,
        FEET_PER_STEP + FEET_PER_STEP * dexterity - FEET_PER_STEP * penalty - lost,
    )
    free = max(MIN_FREE_MOVEMENT_FT, scaled_movement_ft(base, scar.fraction))
    sprint_ft = (
        0 if scar.no_sprint else scaled_movement_ft(FEET_PER_STEP * max(0, brawn), scar.fraction)
    )
    return Movement(free, sprint_ft // FEET_PER_STEP, sprint_ft, lost)


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


def derive(
    ratings: Ratings,
    health: Health,
    stock: Stock | None = None,
    floor: PenaltyFloor | None = None,
) -> Derived:
    """All derived values for folded ``ratings``, the current ``health`` and carried ``stock``.

    ``floor`` is the scars' Penalty floor; by default it is read from the held
    scars against the shipped scar catalog.
    """
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
    b_pen, b_state = track_penalty(body_penalty, body_left, damage)
    m_pen, m_state = track_penalty(mind_penalty, mind_left, mind_damage)
    wounds = b_pen + m_pen
    floor = floor if floor is not None else penalty_floor(health.battle_scars)
    penalty = max(wounds, floor.dice)
    source = (
        "none"
        if penalty == 0
        else "wounds"
        if wounds >= floor.dice
        else f"Battle Scar {floor.scar}"
    )
    stock = stock or Stock()
    carried = max(0, stock.carried_lb)
    over, load_penalty = encumbrance(brawn, carried)
    bonus = UNENCUMBERED_BONUS if stock.unencumbered and not over else 0
    dead = body_left < 0
    incapacitated = body_left <= 0 or mind_left <= 0
    at_lift = carried > 0 and carried >= lift_lb(brawn)
    slowed = movement_scar(health.battle_scars)
    # An incapacitated contractor cannot move on their own ("Depleting Body").
    moves = movement(
        dexterity, brawn, penalty, load_penalty, slowed, immobile=incapacitated or at_lift
    )
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
        free_movement_ft=moves.free_ft,
        sprint_steps=moves.sprint_steps,
        sprint_ft=moves.sprint_ft,
        carry_lb=CARRY_LB_PER_BRAWN * max(0, brawn),
        lift_lb=lift_lb(brawn),
        battle_scars=scars,
        traumas=traumas,
        wound_penalty=wounds,
        scar_floor=floor.dice,
        scar_floor_from=floor.scar,
        penalty_source=source,
        carried_lb=carried,
        carry_over_lb=over,
        encumbrance_penalty=load_penalty,
        unencumbered_bonus=bonus,
        roll_penalty=penalty + load_penalty,
        encumbrance_ft=moves.encumbrance_ft,
        movement_fraction=slowed.fraction,
        movement_scar=slowed.scar,
        no_sprint_scar=slowed.no_sprint_scar,
        at_lift_limit=at_lift,
    )


# --------------------------------------------------------------------------- explained


@dataclass(frozen=True, slots=True)
class HealthExplanation:
    """The Health tab's numbers in words, each with where it comes from.

    ``body`` and ``mind`` say how the maxima follow from the Attributes (and
    Battle Scars or Traumas beyond the fourth); ``body_track`` and
    ``mind_track`` what each track's damage costs; ``penalty`` the current
    Penalty and why ("Penalty": "the sum of the Mind and Body penalties caused
    by taking mental and physical damage"). An unhurt Mind 5 reads "Mind 5 of
    5: no damage, no Penalty".
    """

    body: str
    mind: str
    body_track: str
    mind_track: str
    penalty: str

    def lines(self) -> tuple[str, ...]:
        return (self.body, self.mind, self.body_track, self.mind_track, self.penalty)


def _beyond(count: int, free: int, what: str) -> str:
    extra = max(0, count - free)
    return f" − {extra} for {what} after the fourth" if extra else ""


def _track(name: str, remaining: int, rating: int, damage: int, dice: int, state: str) -> str:
    """ "Mind 5 of 5: no damage, no Penalty" or "Body 4 of 6 (2 damage): −1 die, Injured"."""
    if damage <= 0:
        return f"{name} {remaining} of {rating}: no damage, no Penalty"
    dice_text = f"−{dice} {'die' if dice == 1 else 'dice'}" if dice else "no Penalty"
    return f"{name} {remaining} of {rating} ({damage} damage): {dice_text}, {state}"


def explain_health(ratings: Ratings, health: Health, derived: Derived) -> HealthExplanation:
    """Body, Mind and Penalty of ``derived`` explained from ``ratings`` and ``health``.

    Brawn 1, Intellect 2, Charisma 2, unhurt: "Body 6 = 5 + Brawn 1 halved,
    rounded up (1)", "Mind 5 = Intellect 2 + Charisma 2 + 1", "Mind 5 of 5: no
    damage, no Penalty", "No Penalty: only damage taken (or a Battle Scar such
    as Chronic Pain) gives a Penalty".
    """
    attrs = ratings.attributes
    brawn = attrs.get("brawn", 1)
    intellect = attrs.get("intellect", 1)
    charisma = attrs.get("charisma", 1)
    half = (brawn + 1) // 2
    body = (
        f"Body {derived.body} = {BODY_BASE} + Brawn {brawn} halved, rounded up ({half})"
        + _beyond(len(health.battle_scars), FREE_SCARS, "each Battle Scar")
    )
    raw_mind = intellect + charisma + 1
    capped = f", at most {MIND_MAX}" if raw_mind > MIND_MAX else ""
    mind = (
        f"Mind {derived.mind} = Intellect {intellect} + Charisma {charisma} + 1{capped}"
        + _beyond(len(health.traumas), FREE_TRAUMAS, "each Trauma")
    )
    body_track = _track(
        "Body",
        derived.body_remaining,
        derived.body,
        derived.body_damage,
        derived.body_penalty,
        derived.body_state,
    )
    mind_track = _track(
        "Mind",
        derived.mind_remaining,
        derived.mind,
        derived.mind_damage,
        derived.mind_penalty,
        derived.mind_state,
    )
    if derived.penalty == 0:
        penalty = (
            "No Penalty: only damage taken (or a Battle Scar such as Chronic Pain) gives a Penalty"
        )
    elif derived.penalty_source == "wounds":
        parts = [
            f"{name} −{dice}"
            for name, dice in (("Body", derived.body_penalty), ("Mind", derived.mind_penalty))
            if dice
        ]
        penalty = (
            f"Penalty −{derived.penalty}: {' + '.join(parts)} from damage taken; every dice "
            f"pool loses it, down to {MIN_PENALIZED_POOL} dice"
        )
    else:
        penalty = (
            f"Penalty −{derived.penalty}: {derived.penalty_source} keeps it at least "
            f"−{derived.scar_floor} (damage alone gives −{derived.wound_penalty}; the higher "
            "counts)"
        )
    return HealthExplanation(body, mind, body_track, mind_track, penalty)


def explain_movement(derived: Derived) -> tuple[str, ...]:
    """The Health tab's movement lines: the numbers and each reading they rest on.

    Dexterity 4, Limp: "Free movement 10 ft, sprint 1 step (5 ft)", "Limp: half
    speed, rounded down to whole 5-foot steps (the rules do not say how to
    round)".
    """
    step = "step" if derived.sprint_steps == 1 else "steps"
    lines = [
        f"Free movement {derived.free_movement_ft} ft, sprint {derived.sprint_steps} {step} "
        f"({derived.sprint_ft} ft, −1 die each)"
    ]
    if derived.at_lift_limit:
        lines.append(
            f"Carrying {derived.carried_lb} lb, the lifting limit ({derived.lift_lb} lb): "
            "no movement until the load is lighter"
        )
    if derived.encumbrance_ft:
        lines.append(
            f"Encumbered {derived.carry_over_lb} lb over {derived.carry_lb} lb: "
            f"−{derived.encumbrance_penalty} dice and −{derived.encumbrance_ft} ft. Reading: "
            "the Encumbrance section's step (one per full 25 lb over) with the Brawn "
            "paragraph's 5 feet per step; the Brawn paragraph's 15 lb step is not used"
        )
    if derived.movement_scar:
        share = {Fraction(1, 2): "half", Fraction(1, 4): "a quarter of"}.get(
            derived.movement_fraction, f"{derived.movement_fraction} of"
        )
        lines.append(
            f"{derived.movement_scar}: {share} speed, rounded down to whole 5-foot steps, "
            "at least 5 ft free (the rules do not say how to round)"
        )
    if derived.no_sprint_scar:
        lines.append(f"{derived.no_sprint_scar}: no Dash or Sprint")
    return tuple(lines)
