"""The audit's corrections line: every correction of recorded history, and which came after
an approval.

The ledger is append-only; a player puts a mistake right by appending a
correction that removes (voids) or edits (replaces) an earlier entry
(``builder.contract.ledger.corrections``). A leader who approved the
contractor must see what was corrected since: each correction that is not
itself covered by an approval, while other items are, is a WARNING naming the
entry in the game's words and what to do. Corrections a later approval
covers are listed without a warning.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from builder.contract.character import Contractor
from builder.contract.ledger.corrections import Corrected, CorrectedLedger
from builder.contract.wording import entry_label
from builder.core.findings import Finding, Severity
from builder.core.report import AuditLine

CORRECTIONS_CHECK = "corrections"


def correction_text(contractor: Contractor, fix: Corrected) -> str:
    """One correction in words: "Contract 2 (2026-05-02) removed on 2026-05-04: not there"."""
    what = "removed" if fix.voided else "edited"
    reason = f": {fix.reason}" if fix.reason else ""
    return f"{entry_label(contractor.ledger, fix.index)} {what} on {fix.date}{reason}"


def _after_approval(fix: Corrected, approved: Mapping[str, str]) -> bool:
    """True when something was approved but this correction is not covered by an approval."""
    return bool(approved) and f"ledger[{fix.by}]" not in approved


def corrections_line(
    contractor: Contractor,
    corrected: CorrectedLedger,
    found: Sequence[Finding],
    approved: Mapping[str, str],
) -> AuditLine | None:
    """The corrections line, or None when the ledger holds no correction at all.

    ``found`` are the fold's findings about corrections that cannot apply;
    ``approved`` maps approved, unchanged items to their approver.
    """
    if not corrected.corrections:
        return None
    fixes = sorted(corrected.corrected.values(), key=lambda fix: fix.by)
    approver = next(iter(approved.values()), "the leader") if approved else ""
    late = [fix for fix in fixes if _after_approval(fix, approved)]
    findings = list(found)
    findings += [
        Finding(
            "ledger.corrected_after_approval",
            f"{correction_text(contractor, fix)}, after {approver} approved this contractor. "
            "Check the correction and approve the contractor again.",
            f"ledger[{fix.by}]",
            Severity.WARNING,
            {"entry": fix.index, "correction": fix.by, "voided": fix.voided},
        )
        for fix in late
    ]
    shown = "; ".join(correction_text(contractor, fix) for fix in fixes) or "none in force"
    after = f"; {len(late)} made after the approval" if approved else ""
    return AuditLine(
        CORRECTIONS_CHECK,
        "Corrections of recorded history",
        f"Corrections: {shown}{after}",
        {
            "corrections": len(corrected.corrections),
            "removed": sum(1 for fix in fixes if fix.voided),
            "edited": sum(1 for fix in fixes if not fix.voided),
            "after_approval": len(late),
        },
        "ledger",
        tuple(findings),
    )


__all__ = ["CORRECTIONS_CHECK", "correction_text", "corrections_line"]
