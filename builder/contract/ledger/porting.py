"""The poster for a ported contractor's opening entry (the website's port adjustments).

A contractor brought from elsewhere starts at Seasoned or Veteran: +100 / +200
Exp, a Gift adjustment of +15 / +30 Gift Credits, +5 / +10 Improvements, and
the Status that allows a 6th Ability rank ("Seasoned, Professional, and
Veteran Contractors may purchase an additional 6th rank in an Ability").
The entry must open the ledger and waits for the Playgroup Leader's approval.
"""

from __future__ import annotations

from builder.contract.character import Ported, PortLevel
from builder.contract.ledger.values import (
    PORT_EXP,
    PORT_GIFT_CREDITS,
    PORT_IMPROVEMENTS,
    PORT_SOURCE,
    Position,
    Posting,
    PostResult,
    bad_enum,
    entry_place,
    enum_of,
)
from builder.contract.status import Status
from builder.core.findings import Finding, Severity

PORT_APPROVAL_RULE = "ledger.ported"
"""The finding that asks the leader to approve a port (settled once approved)."""


def port_status(entry: Ported) -> Status | None:
    """The Status a port entry opens at, None for an unknown level."""
    level = enum_of(PortLevel, entry.level)
    if level is None:
        return None
    return Status.VETERAN if level is PortLevel.VETERAN else Status.SEASONED


def post_ported(index: int, entry: Ported, pos: Position) -> PostResult:
    """The port's Exp, Gift Credits and Improvements, and the approval it waits for."""
    level = enum_of(PortLevel, entry.level)
    if level is None:
        return bad_enum(index, "ported.level", "port level", entry.level, PortLevel)
    where = entry_place(index)
    exp, credits, improvements = (
        PORT_EXP[level.value],
        PORT_GIFT_CREDITS[level.value],
        PORT_IMPROVEMENTS[level.value],
    )
    origin = f" from {entry.origin}" if entry.origin else ""
    findings = [
        Finding(
            PORT_APPROVAL_RULE,
            f"ported at {level.value.capitalize()}{origin}: +{exp} Exp, +{credits} Gift Credits "
            f"(Gift adjustment), +{improvements} Improvements and a 6th Ability rank; the "
            "history before it is not in this ledger and needs the Playgroup Leader's approval",
            where,
            Severity.WARNING,
            {"exp": exp, "gift_credits": credits, "improvements": improvements},
        )
    ]
    if index != 0 or pos.contracts or pos.ported is not None:
        findings.append(
            Finding(
                "ported.not_opening",
                "a port must be the ledger's first entry, and only one; this one comes after "
                "other history",
                where,
                Severity.ERROR,
            )
        )
    posting = Posting(
        earned={PORT_SOURCE: exp},
        credits_earned={PORT_SOURCE: credits},
        improvements_earned={PORT_SOURCE: improvements},
    )
    return posting, findings
