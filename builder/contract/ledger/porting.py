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
    if level is None or level is PortLevel.WEBSITE:
        return None
    return Status.VETERAN if level is PortLevel.VETERAN else Status.SEASONED


def post_ported(index: int, entry: Ported, pos: Position) -> PostResult:
    """The port's Exp, Gift Credits and Improvements, and the approval it waits for."""
    level = enum_of(PortLevel, entry.level)
    if level is None:
        return bad_enum(index, "ported.level", "port level", entry.level, PortLevel)
    where = entry_place(index)
    if level is PortLevel.WEBSITE:
        return _post_archive(index, entry, pos)
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
    findings += _opening(index, pos)
    posting = Posting(
        earned={PORT_SOURCE: exp},
        credits_earned={PORT_SOURCE: credits},
        improvements_earned={PORT_SOURCE: improvements},
    )
    return posting, findings


WEBSITE_DIFFERENCES: tuple[tuple[str, str], ...] = (
    (
        "website.away_exp",
        "the website gives 4 Exp for a Contract away from home and 2 for a loss there; the rules "
        "text gives +1 Exp for attending away (+2 more for a victory): check the imported history",
    ),
    (
        "website.bonus_cap",
        "the website allows Bonus Exp while earned Exp, counting the starting 150, is below "
        "160 + 12 × victories; the rules text refuses it when earned Exp is greater than "
        "10 + (victories × 12): this ledger applies the rules text",
    ),
    (
        "website.journal_words",
        "the website counts Downtime Journals of 150 words; the rules text asks for Journals "
        "\"at least 250 words long\": Journals recorded here use 250",
    ),
)
"""Where the website's numbers differ from the rules text; the audit names each one."""


def _post_archive(index: int, entry: Ported, pos: Position) -> PostResult:
    """A website archive's opening: its victories, the Exp and Gift Credits its sheet shows."""
    where = entry_place(index)
    findings = [
        Finding(
            PORT_APPROVAL_RULE,
            f"imported from the website's archive with {entry.victories} victories and "
            f"{entry.losses} losses: +{entry.exp} Exp (what the ratings cost beyond the starting "
            f"150) and +{entry.gift_credits} Gift Credits (what the Gifts cost); the archive "
            "holds no Exp history, so this needs the Playgroup Leader's approval",
            where,
            Severity.WARNING,
            {"exp": entry.exp, "gift_credits": entry.gift_credits, "victories": entry.victories},
        ),
        *(Finding(rule, text, where, Severity.INFO) for rule, text in WEBSITE_DIFFERENCES),
        *_opening(index, pos),
    ]
    posting = Posting(
        earned={PORT_SOURCE: entry.exp}, credits_earned={PORT_SOURCE: entry.gift_credits}
    )
    return posting, findings


def _opening(index: int, pos: Position) -> list[Finding]:
    """An ERROR when the port is not the ledger's first and only port."""
    if index != 0 or pos.contracts or pos.ported is not None:
        return [
            Finding(
                "ported.not_opening",
                "a port must be the ledger's first entry, and only one; this one comes after "
                "other history",
                entry_place(index),
                Severity.ERROR,
            )
        ]
    return []
