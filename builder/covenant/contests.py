"""Covenant bids as the summary resolves them: fixed and opposed, cost, sharing, stunts, size.

Covenant has no dice ("Discipline": "Covenant does not use dice"); a bid is
won by the bigger number. This module holds the pure rules of one bid, each
citing its line of ``rules/covenant-rules-summary.txt``:

- who wins a fixed bid (the bid must *exceed* the target) and an opposed bid
  (the higher bid; "Ties go to the defender");
- a bid's cost from its advantages and disadvantages (half, normal, double)
  and the Discipline a number of bid points costs at it;
- spending advantages (+5 each, or 1 disadvantage imposed on the opponent)
  before any Discipline;
- stunting (cost one step up, every advantage and disadvantage lost);
- sharing Discipline at the bid's cost;
- the size table, relative size and called shots, as advantages per step.

``plan_bid`` puts one bid together and says what it costs before anything
is spent; ``builder.covenant.bids`` records a planned bid in the play log.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

from builder.covenant.character import BidCost, BidKind, StuntEffect

BOOST_PER_ADVANTAGE = 5
""""Spending 1 Advantage: Increase a bid by 5" ("Spending Advantages")."""

ADVANTAGES_PER_RECHARGE = 2
""""Spending 2 Advantages: Immediately recharge 1 asset" ("Spending Advantages")."""

BASE_SIZE_M = Fraction(1, 8)
"""Size 1 is 0.125 m; each size up doubles the longest dimension ("Size")."""

STUNT_EFFECTS: dict[StuntEffect, str] = {
    StuntEffect.OWN_NEXT_HALF: "Turns the character's next bid into a half-cost bid",
    StuntEffect.ALLY_NEXT_DOUBLE: "Turns an ally's next bid into a double-cost bid",
    StuntEffect.OPPONENT_NEXT_DOUBLE: "Turns an opponent's next bid into a double-cost bid",
    StuntEffect.INSPIRE: "Inspires allies: 1 advantage on all their bids until the next turn",
    StuntEffect.INTIMIDATE: "Intimidates opponents: 1 disadvantage on all their bids until "
    "the next turn",
    StuntEffect.PIN: "Prevents an opponent from moving until the character's next turn",
    StuntEffect.OTHER: "Anything else the FM thinks is appropriate",
}
"""The effects a stunted bid may have ("Stunting Bids"), in the summary's words."""


# --------------------------------------------------------------------------- who wins


def fixed_bid_wins(bid: int, target: int) -> bool:
    """A fixed bid against the FM's target ("Fixed Bid").

    "If the character's bid exceeds the target, then the character wins the bid
    ... If the character's bid does not exceed the target, then the FM wins".
    """
    return bid > target


def attacker_wins(attacker: int, defender: int) -> bool:
    """An opposed bid ("Opposed Bid"): "Whoever's bid is higher wins the bid. Ties go to
    the defender." Against an item another character made, the defender's bid is "the
    bid the character made to create the item"."""
    return attacker > defender


def bid_won(kind: BidKind, bid: int, against: int) -> bool:
    """Whether the character making ``bid`` wins: fixed against a target, or opposed as
    the attacker or the defender against the other side's ``against``."""
    if kind is BidKind.FIXED:
        return fixed_bid_wins(bid, against)
    if kind is BidKind.ATTACK:
        return attacker_wins(bid, against)
    return not attacker_wins(against, bid)


# --------------------------------------------------------------------------- cost


def cost_of(advantages: int, disadvantages: int) -> BidCost:
    """A bid's cost ("Advantages and Disadvantages").

    "The only thing that matters is whether a bid has more advantages than
    disadvantages." More advantages: half-cost (1 Discipline raises the bid by
    2); more disadvantages: double-cost (2 Discipline raise it by 1); equal:
    normal-cost.
    """
    if advantages > disadvantages:
        return BidCost.HALF
    if disadvantages > advantages:
        return BidCost.DOUBLE
    return BidCost.NORMAL


def points_for(discipline: int, cost: BidCost) -> int:
    """Bid points ``discipline`` buys at ``cost``: half 2 each, normal 1, double 1 per 2
    (an odd last Discipline at double cost buys nothing)."""
    if cost is BidCost.HALF:
        return 2 * discipline
    if cost is BidCost.DOUBLE:
        return discipline // 2
    return discipline


def discipline_for(points: int, cost: BidCost) -> int:
    """The least Discipline that raises a bid by ``points`` at ``cost``.

    Half-cost: "Spend 1 Discipline to raise the bid by 2", so 7 points take 4;
    normal: 7; double-cost: "Spend 2 Discipline to raise the bid by 1", 14.
    """
    points = max(0, points)
    if cost is BidCost.HALF:
        return -(-points // 2)
    if cost is BidCost.DOUBLE:
        return 2 * points
    return points


def share_cost(points: int, cost: BidCost) -> int:
    """Discipline another character shares to raise a bid by ``points`` ("Sharing Discipline").

    "Characters share Discipline to a bid at that bid's cost ... If a bid is
    double-cost, then a character must share 2 Discipline for every 1 that xi
    wants to increase that bid." The same as ``discipline_for``.
    """
    return discipline_for(points, cost)


def stunted_cost(cost: BidCost) -> BidCost | None:
    """A stunted bid's cost ("Stunting Bids"), or None when the bid cannot be stunted.

    "Bids can only be stunted if they are half-cost or normal-cost." Stunting
    "Increases in cost 1 step: Half-cost bids become normal-cost, Normal-cost
    bids become double-cost".
    """
    if cost is BidCost.HALF:
        return BidCost.NORMAL
    if cost is BidCost.NORMAL:
        return BidCost.DOUBLE
    return None


# --------------------------------------------------------------------------- one bid


@dataclass(frozen=True, slots=True)
class BidPlan:
    """One bid put together, before any Discipline is spent: what it costs and what it is.

    ``cost`` is the cost after the advantages spent and any stunt; ``bid`` =
    ``boost`` (5 per advantage spent) + the points ``discipline`` buys at
    ``cost`` + ``shared`` points others added. ``problems`` says why the plan
    breaks a rule (empty when it is legal); ``wins`` is None without an
    ``against`` number. ``banks`` is whether a win lets the character bank 1
    advantage.
    """

    kind: BidKind
    advantages: int
    disadvantages: int
    boosts: int
    imposed: int
    stunt: StuntEffect | None
    cost: BidCost
    discipline: int
    shared: int
    boost: int
    bid: int
    against: int | None
    wins: bool | None
    banks: bool
    problems: tuple[str, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.problems

    def explain(self) -> str:
        """The plan in one line a player reads before spending anything."""
        parts = []
        if self.boost:
            parts.append(f"{self.boosts} advantage(s) spent: +{self.boost}")
        parts.append(
            f"{self.discipline} Discipline at {self.cost.value} cost: "
            f"+{points_for(self.discipline, self.cost)}"
        )
        if self.shared:
            parts.append(f"shared +{self.shared}")
        line = f"Bid {self.bid} (" + "; ".join(parts) + ")"
        if self.against is not None:
            what = "target" if self.kind is BidKind.FIXED else "opposing bid"
            line += f" against {what} {self.against}: " + ("wins" if self.wins else "loses")
            if self.kind is BidKind.DEFEND and self.bid == self.against:
                line += " (ties go to the defender)"
        if self.stunt is not None:
            line += f". Stunt: {STUNT_EFFECTS[self.stunt]}"
        if self.banks:
            line += ". A win banks 1 advantage"
        return line + "."


def plan_bid(
    kind: BidKind,
    discipline: int,
    *,
    advantages: int = 0,
    disadvantages: int = 0,
    boosts: int = 0,
    imposed: int = 0,
    stunt: StuntEffect | None = None,
    shared: int = 0,
    against: int | None = None,
) -> BidPlan:
    """Put one bid together from the summary's rules, refusing nothing silently.

    Advantages are spent first ("A character must spend xir advantages before
    xi starts spending Discipline on that bid"): each of ``boosts`` adds 5,
    each of ``imposed`` gives the opponent 1 disadvantage (opposed bids only),
    and "Each advantage spent reduces a bid's total number of advantages by 1".
    The cost then follows the advantages left against the disadvantages.

    A stunt ("Stunting Bids") takes the cost one step up and the bid "Loses all
    its advantages and disadvantages". Reading: so a stunted bid spends no
    advantages (it has none left to spend), and whether it may be stunted is
    judged on the cost its advantages and disadvantages give it.

    Banking ("Characters can bank 1 advantage from each successful bid, as long
    as those bids have advantages"). Reading: the bid "has advantages" when it
    was made with at least one, spent or not, and was not stunted.
    """
    problems: list[str] = []
    for name, value in (
        ("advantages", advantages),
        ("disadvantages", disadvantages),
        ("advantages spent on +5", boosts),
        ("disadvantages imposed", imposed),
        ("Discipline", discipline),
        ("shared points", shared),
    ):
        if value < 0:
            problems.append(f"{name} cannot be negative ({value})")
    if boosts + imposed > advantages:
        problems.append(f"{boosts + imposed} advantages spent but the bid has only {advantages}")
    if imposed and kind is BidKind.FIXED:
        problems.append("a disadvantage is imposed on an opponent only in an opposed bid")
    cost = cost_of(advantages - boosts - imposed, disadvantages)
    if stunt is not None:
        if boosts or imposed:
            problems.append("a stunted bid loses its advantages: none can be spent")
        step = stunted_cost(cost_of(advantages, disadvantages))
        if step is None:
            problems.append("only a half-cost or normal-cost bid can be stunted")
        else:
            cost = step
    boost = BOOST_PER_ADVANTAGE * max(0, boosts) if stunt is None else 0
    bid = boost + points_for(max(0, discipline), cost) + max(0, shared)
    wins = None if against is None else bid_won(kind, bid, against)
    banks = advantages > 0 and stunt is None
    return BidPlan(
        kind,
        advantages,
        disadvantages,
        boosts,
        imposed,
        stunt,
        cost,
        discipline,
        shared,
        boost,
        bid,
        against,
        wins,
        banks,
        tuple(problems),
    )


# --------------------------------------------------------------------------- size


def longest_dimension_m(size: int) -> Fraction:
    """The longest dimension a size stands for ("Size"): 1 is 0.125 m, 5 is 2 m, 10 is 64 m,
    doubling each step ("And so on")."""
    return BASE_SIZE_M * Fraction(2) ** (size - 1)


def size_for(longest_m: Fraction | float, shape: int = 0) -> int:
    """The size of a thing whose longest dimension is ``longest_m`` metres ("Size").

    Reading: a thing takes the size of the largest row of the table its
    longest dimension reaches (1.5 m is size 4, 1 m; 2 m is size 5). ``shape``
    is the FM's adjustment: -1 "Thin or Long", +1 "Massive, Thick, or Fat".
    """
    length = Fraction(longest_m)
    if length <= 0:
        raise ValueError(f"a longest dimension is above 0 m, not {longest_m}")
    size = 1
    while longest_dimension_m(size + 1) <= length:
        size += 1
    while size > -100 and longest_dimension_m(size) > length:
        size -= 1
    return size + shape


class CalledShot(StrEnum):
    """The body parts a called shot may aim at ("Called Shots")."""

    LEG = "leg"
    ARM = "arm"
    BODY = "body"


CALLED_SHOTS: dict[CalledShot, tuple[int, str]] = {
    CalledShot.LEG: (
        -2,
        "1 disadvantage to Movement bids and any bid that uses the character's legs",
    ),
    CalledShot.ARM: (
        -2,
        "1 disadvantage to Fighting bids and any bid that uses the character's arms",
    ),
    CalledShot.BODY: (
        -3,
        "1 disadvantage to Resistance bid vs. that attack, 1 disadvantage to mental bids",
    ),
}
"""Each body part's "Size Difference" and "Effect" ("Called Shots")."""


@dataclass(frozen=True, slots=True)
class RelativeSize:
    """What relative size does to an opposed bid ("Relative Sizes").

    ``steps`` is the defender's size minus the attacker's. ``attacker`` is the
    attacker's advantages on Fighting and Stealth bids and ``defender`` the
    defender's advantages on Resistance bids; a negative number is that many
    disadvantages. ``called_shot`` and ``effect`` describe an aimed attack.
    """

    attacker_size: int
    defender_size: int
    target_size: int
    steps: int
    attacker: int
    defender: int
    called_shot: CalledShot | None = None
    effect: str = ""

    def explain(self) -> str:
        def side(n: int) -> str:
            if n > 0:
                return f"{n} advantage(s)"
            if n < 0:
                return f"{-n} disadvantage(s)"
            return "nothing"

        aimed = ""
        if self.called_shot is not None:
            aimed = (
                f"Called shot at the {self.called_shot.value}: size {self.defender_size} "
                f"counts as {self.target_size}. "
            )
        return (
            f"{aimed}Size {self.attacker_size} against {self.target_size}: the attacker's "
            f"Fighting and Stealth bids get {side(self.attacker)}; the defender's "
            f"Resistance bids get {side(self.defender)}."
        )


def relative_size(
    attacker_size: int, defender_size: int, called_shot: CalledShot | None = None
) -> RelativeSize:
    """Advantages per size step between attacker and defender ("Relative Sizes").

    "For every 1 size the attacker is smaller than the defender: Add 1
    advantage to the attacker's Fighting and Stealth bids. Add 1 advantage to
    the defender's Resistance bids. For every 1 size the attacker is larger
    than the defender: Add 1 disadvantage to the attacker's Fighting and
    Stealth bids. Add 1 disadvantage to the defender's Resistance bids."

    A called shot aims at a part smaller than the whole ("Called Shots": leg
    and arm "-2 size", body "-3 size"). Reading: the part counts as the
    defender's size plus that difference, so a size-5 attacker aiming at a
    size-5 defender's leg is 2 sizes larger than its target.
    """
    target = defender_size
    effect = ""
    if called_shot is not None:
        difference, effect = CALLED_SHOTS[called_shot]
        target = defender_size + difference
    steps = target - attacker_size
    return RelativeSize(
        attacker_size, defender_size, target, steps, steps, steps, called_shot, effect
    )
