"""A crew of spacefarers: its members, its ship, its associates and its shared credits.

The crew sheet (issue 18, item 6) is a document of its own
(``harbinger.mortal-coil-crew``): the members are named by their character
ids, so each spacefarer stays its own file; the ship's breech protection
follows "Ships + vehicles" (``builder.mortal_coil.rules.breech``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from builder.core.findings import Finding, Severity
from builder.mortal_coil.character import ASSOCIATE_WAGE, DEFAULT_SMALL_PER_SLOT
from builder.mortal_coil.combat import CarrierKind, carrier_findings
from builder.mortal_coil.creation import Associate
from builder.mortal_coil.rules import breech


@dataclass(frozen=True, slots=True)
class Ship:
    """The crew's ship: its hull (a type or model, in words), breech protection and notes.

    ``bp`` is the current BP, ``bp_max`` what repairs restore; ``destroyed``
    is set once breech damage went past 0 BP.
    """

    name: str = ""
    hull: str = ""
    bp_max: int = 0
    bp: int = 0
    destroyed: bool = False
    notes: str = ""


@dataclass(frozen=True, slots=True)
class Crew:
    """A crew sheet: who is aboard, the ship, hired associates and the shared wallet."""

    id: str
    name: str
    members: tuple[str, ...] = ()
    ship: Ship = Ship()
    associates: tuple[Associate, ...] = ()
    credits: int = 0
    notes: str = ""


def take_breech(ship: Ship, damage: int) -> Ship:
    """The ship after breech damage ("Ships + vehicles"; see ``rules.breech``)."""
    bp, destroyed = breech(ship.bp, damage)
    return replace(ship, bp=bp, destroyed=ship.destroyed or destroyed)


def daily_wages(crew: Crew) -> int:
    """What the crew's associates cost per day ("Associates cost 50-100 credits per day")."""
    return sum(a.daily_wage for a in crew.associates)


def crew_findings(crew: Crew) -> list[Finding]:
    """Numbers on a crew sheet that no rule allows: BP out of range, wages out of 50-100, an
    associate carrying more than ten slots (reading: small items bundled at Harbinger's
    default of 3 a slot, since a crew has no setting of its own)."""
    out: list[Finding] = []
    ship = crew.ship
    if ship.bp_max < 0 or not 0 <= ship.bp <= max(0, ship.bp_max):
        out.append(
            Finding(
                "tmc.crew.bp",
                f"BP {ship.bp} is not within 0-{ship.bp_max}",
                "ship.bp",
                numbers={"bp": ship.bp, "bp_max": ship.bp_max},
            )
        )
    low, high = ASSOCIATE_WAGE
    for i, a in enumerate(crew.associates):
        if not low <= a.daily_wage <= high:
            out.append(
                Finding(
                    "tmc.crew.wage",
                    f"{a.name or 'an associate'} costs {a.daily_wage} a day, not {low}-{high}",
                    f"associates[{i}].daily_wage",
                    Severity.WARNING,
                )
            )
    for i, a in enumerate(crew.associates):
        out += carrier_findings(
            a.name,
            CarrierKind.ASSOCIATE,
            a.carried,
            DEFAULT_SMALL_PER_SLOT,
            f"associates[{i}].carried",
        )
    if len(set(crew.members)) != len(crew.members):
        out.append(Finding("tmc.crew.members", "a member is listed twice", "members"))
    return out
