"""Posters and checks for what happens at the table: Hustles for Loose Ends, Will to Survive.

Neither entry earns or spends anything; they record that a rule was used, so
the fold can check it where it happened:

- "Loose Ends": once a Loose End's Cutoff reaches 0 its Threat manifests, and
  a contractor whose Threat needs a Hustle "may not attend Contracts until a
  GM has run the required Hustle". A ``Hustle`` entry records it; the first
  Contract attended after the Cutoff reached 0 and before that entry is an
  ERROR (``loose_end.hustle_due``, once per Loose End). A Loose End marked resolved with no Hustle
  recorded at all is not checked: it may have been tied up by a Move before
  its Cutoff, and the file does not say when.
- "Will to Survive": once per Contract, never against falling damage; it
  lowers an incoming Injury's Severity by up to 4 levels, to no less than 4
  (Severity 10 → 6, Severity 6 → 4), for a point of Mind damage and a Major
  Battle Scar. The entry belongs to the Contract being played, which the
  next Contract entry records.
"""

from __future__ import annotations

from collections.abc import Sequence

from builder.contract.character import ContractAttended, Entry, Hustle, LooseEnd, WillToSurvive
from builder.contract.ledger.values import (
    NOTHING,
    Position,
    Posting,
    PostResult,
    entry_place,
    is_int,
)
from builder.core.findings import Finding

WILL_TO_SURVIVE_LEVELS = 4
"""Will to Survive lowers an Injury's Severity by up to 4 levels."""
WILL_TO_SURVIVE_FLOOR = 4
"""…but never below Severity 4."""


def loose_end_key(title: str) -> str:
    """A Loose End title compared without case or extra spaces."""
    return " ".join(str(title).split()).lower()


def will_to_survive_severity(severity: int) -> int:
    """The lowest Severity Will to Survive can bring an incoming Injury to: 10 → 6, 6 → 4."""
    return max(WILL_TO_SURVIVE_FLOOR, severity - WILL_TO_SURVIVE_LEVELS)


def post_hustle(index: int, entry: Hustle, pos: Position) -> PostResult:
    """A Hustle names a Loose End on the sheet."""
    wanted = loose_end_key(entry.loose_end)
    if not any(loose_end_key(le.title) == wanted for le in pos.contractor.loose_ends):
        return NOTHING, [
            Finding(
                "loose_end.hustle_unknown",
                f"the Hustle names Loose End {entry.loose_end!r}, which is not on the sheet",
                entry_place(index),
            )
        ]
    return NOTHING, []


def post_will_to_survive(index: int, entry: WillToSurvive, pos: Position) -> PostResult:
    """Will to Survive: once per Contract, not against falling, by up to 4 to no less than 4."""
    where = entry_place(index)
    findings: list[Finding] = []
    if pos.wills_this_contract > 0:
        findings.append(
            Finding(
                "will_to_survive.twice",
                "Will to Survive was already used on this Contract; it works once per Contract",
                where,
                numbers={"used": pos.wills_this_contract + 1},
            )
        )
    if entry.falling:
        findings.append(
            Finding(
                "will_to_survive.falling",
                f"Will to Survive cannot be used against falling damage ({entry.injury!r})",
                where,
            )
        )
    before, after = entry.severity_before, entry.severity_after
    if not (is_int(before) and is_int(after)):
        findings.append(
            Finding("will_to_survive.severity", "the Severities must be whole numbers", where)
        )
        return NOTHING, findings
    lowest = will_to_survive_severity(before)
    if before <= WILL_TO_SURVIVE_FLOOR or not lowest <= after < before:
        findings.append(
            Finding(
                "will_to_survive.severity",
                f"Will to Survive takes Severity {before} down by up to"
                f" {WILL_TO_SURVIVE_LEVELS} levels but not below {WILL_TO_SURVIVE_FLOOR}"
                f" (to {lowest} at the lowest); {after} is not possible",
                where,
                numbers={"before": before, "after": after, "lowest": lowest},
            )
        )
    return NOTHING, findings


_HUSTLED: list[tuple[object, frozenset[str]]] = []
"""The last ledger looked at and the Loose Ends its Hustles name (it is asked once per
Contract: scanning the whole ledger each time made 20,000 Contracts take minutes)."""


def _hustled_anywhere(ledger: Sequence[Entry]) -> frozenset[str]:
    """The keys of the Loose Ends a Hustle anywhere in ``ledger`` names."""
    if _HUSTLED and _HUSTLED[0][0] is ledger:
        return _HUSTLED[0][1]
    keys = frozenset(loose_end_key(e.loose_end) for e in ledger if isinstance(e, Hustle))
    _HUSTLED[:] = [(ledger, keys)]
    return keys


def _due_loose_ends(pos: Position) -> list[tuple[int, LooseEnd]]:
    """Loose Ends whose Cutoff has reached 0 and whose Hustle is not recorded yet."""
    due: list[tuple[int, LooseEnd]] = []
    for i, le in enumerate(pos.contractor.loose_ends):
        key = loose_end_key(le.title)
        if key in pos.hustled or (
            le.resolved and key not in _hustled_anywhere(pos.contractor.ledger)
        ):
            continue
        # Reported once, at the first Contract attended after the Cutoff reached 0.
        if (
            is_int(le.cutoff)
            and is_int(le.granted_after)
            and pos.contracts == le.granted_after + le.cutoff
        ):
            due.append((i, le))
    return due


def check_hustle_due(index: int, entry: Entry, pos: Position, posting: Posting) -> list[Finding]:
    """No Contract while a Loose End's Cutoff is at 0 and its Hustle is not recorded."""
    if not isinstance(entry, ContractAttended):
        return []
    return [
        Finding(
            "loose_end.hustle_due",
            f"this Contract was attended after the Cutoff of Loose End {le.title!r} reached 0"
            " and before its Hustle was recorded",
            entry_place(index),
            numbers={"loose_end": i, "cutoff": le.cutoff, "granted_after": le.granted_after},
        )
        for i, le in _due_loose_ends(pos)
    ]
