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
    bonus_cap,
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
    if level is PortLevel.WEBSITE:
        level = enum_of(PortLevel, entry.ported_at) if entry.ported_at else None
        if level is PortLevel.WEBSITE:
            return None
    if level is None:
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
    # The website counts a port's Exp against its own Bonus Exp cap too: the audit names how.
    cap_rule = "website.bonus_cap"
    findings.append(Finding(cap_rule, dict(WEBSITE_DIFFERENCES)[cap_rule], where, Severity.INFO))
    findings += _opening(index, pos)
    posting = Posting(
        earned={PORT_SOURCE: exp},
        credits_earned={PORT_SOURCE: credits},
        improvements_earned={PORT_SOURCE: improvements},
    )
    return posting, findings


ARCHIVE_REPORT_RULE = "website.unread"
"""A finding for each thing a website archive's import could not read as the rules' values."""

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


def website_bonus_difference(earned: int, victories: int) -> str:
    """What the website answers differently about Bonus Exp for a ported contractor, "" when
    it agrees with the rules text.

    The rules text: "You cannot grant Bonus Experience to a Contractor if their total
    earned Experience is greater than 10 + (number of victories x 12)", so earned Exp
    equal to the cap still allows it. The website allows it only while its earned Exp,
    which counts the starting 150 and the port's Exp, is below 160 + 12 × victories:
    earned below the cap. They differ exactly when earned Exp equals the cap.
    """
    cap = bonus_cap(victories)
    if earned != cap:
        return ""
    return (
        f"the website would refuse Bonus Exp here: it needs earned Exp (the port's included) "
        f"below 10 + 12 × {victories} = {cap}, and {earned} is not; the rules text allows it "
        "up to and including the cap"
    )


def _post_archive(index: int, entry: Ported, pos: Position) -> PostResult:
    """A website archive's opening: its victories, the Exp and Gift Credits its sheet shows."""
    where = entry_place(index)
    findings = [
        Finding(
            PORT_APPROVAL_RULE,
            f"imported from the website's archive{_ported_at(entry)} with {entry.victories} "
            f"victories and {entry.losses} losses: +{entry.exp} Exp (what the ratings cost "
            f"beyond the starting 150) and +{entry.gift_credits} Gift Credits (what the Gifts "
            "cost); the archive holds no Exp history, so this needs the Playgroup Leader's "
            "approval",
            where,
            Severity.WARNING,
            {"exp": entry.exp, "gift_credits": entry.gift_credits, "victories": entry.victories},
        ),
        *(Finding(rule, text, where, Severity.INFO) for rule, text in WEBSITE_DIFFERENCES),
        *(Finding(ARCHIVE_REPORT_RULE, line, where, Severity.WARNING) for line in entry.report),
        *_opening(index, pos),
    ]
    posting = Posting(
        earned={PORT_SOURCE: entry.exp}, credits_earned={PORT_SOURCE: entry.gift_credits}
    )
    return posting, findings


def _ported_at(entry: Ported) -> str:
    """", ported there as Veteran (a Status it keeps here)" for a port the website made."""
    status = port_status(entry)
    if status is None:
        return ""
    return f", ported there as {status.label} (the Status it keeps here, with a 6th Ability rank)"


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
