"""Playgroup-level inputs to the audit: optional rules switched on, and approvals already given.

- **Golden Ratio** ("Earning Bonus Experience"): "+6 Exp - GMing a Contract
  where … at least one Contractor dies and at least one Contractor claims
  victory. This is turned off for Playgroups by default but your Playgroup
  can choose to enable it". The setting is ``PlaygroupRules.golden_ratio``:
  the library's setting when the audit is given one, else the flag the
  exporter wrote into the file. Bonus Exp claimed for it while it is off is a
  WARNING naming the setting; the Exp still counts (a leader decides).
- **Approvals given**: restricted or custom content "needs Playgroup Leader
  approval" until a leader approves it. Once the approval items holding it
  (``core``, ``ledger[i]``, ``gift:<id>``) are approved and unchanged, those
  WARNINGs become INFO lines saying who approved them (``settle_approved``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from builder.contract.character import BonusExp, BonusKind, Contractor, PlaygroupRules
from builder.contract.ledger.corrections import corrected_pairs
from builder.core.findings import Finding, Severity
from builder.core.report import Audit, AuditLine

GOLDEN_RATIO_SETTING = "Golden Ratio bonus (golden_ratio)"
"""The playgroup setting's name as findings and the app show it."""

APPROVAL_RULES = frozenset(
    {
        "asset.restricted",
        "asset.custom",
        "asset.after_creation",
        "asset.restricted_unmarked",
        "liability.restricted",
        "liability.custom",
        "liability.after_creation",
        "liability.restricted_unmarked",
        "limits.custom",
        "ledger.ported",
    }
)
"""The WARNINGs that only ask for a Playgroup Leader's approval."""


def golden_ratio_findings(contractor: Contractor, rules: PlaygroupRules) -> list[Finding]:
    """A WARNING for each Golden Ratio Bonus Exp claimed while the playgroup has it off."""
    if rules.golden_ratio:
        return []
    return [
        Finding(
            "exp.bonus_golden_ratio_off",
            f"Golden Ratio Bonus Exp is claimed, but the playgroup setting {GOLDEN_RATIO_SETTING}"
            " is off; the rules turn it off unless the playgroup opts in",
            f"ledger[{i}]",
            Severity.WARNING,
            {"setting": "golden_ratio", "exp": entry.exp},
        )
        for i, entry in corrected_pairs(contractor.ledger)
        if isinstance(entry, BonusExp) and str(entry.kind) == BonusKind.GM_GOLDEN_RATIO
    ]


_LEDGER = re.compile(r"^ledger\[(\d+)\]")
_GIFT = re.compile(r"^gifts\[(\d+)\]")


def approval_item(contractor: Contractor, where: str) -> str:
    """The approval item a finding's place belongs to ("" when it is play state)."""
    if where.startswith(("creation", "limits", "source")) or where in ("assets", "liabilities"):
        return "core"
    if match := _LEDGER.match(where):
        return f"ledger[{match.group(1)}]"
    if match := _GIFT.match(where):
        index = int(match.group(1))
        if index < len(contractor.gifts):
            return f"gift:{contractor.gifts[index].id}"
    return ""


def settle_approved(audit: Audit, contractor: Contractor, approved: Mapping[str, str]) -> Audit:
    """The audit with approval WARNINGs on approved items turned into INFO.

    ``approved`` maps each approved, unchanged item key to who approved it
    ("core" → "Lee"). Other findings are left as they are.
    """
    if not approved:
        return audit
    lines: list[AuditLine] = []
    for line in audit.lines:
        settled: list[Finding] = []
        for finding in line.findings:
            item = approval_item(contractor, finding.where)
            if finding.rule in APPROVAL_RULES and item in approved:
                finding = replace(
                    finding,
                    message=f"{finding.message}; approved by {approved[item]} ({item})",
                    severity=Severity.INFO,
                )
            settled.append(finding)
        changed = tuple(settled) != line.findings
        message = line.message
        if changed and line.check == "restricted" and not _waiting(settled):
            message = message.replace("Needs leader approval:", "Approved by the leader:", 1)
        lines.append(replace(line, findings=tuple(settled), message=message) if changed else line)
    return replace(audit, lines=tuple(lines))


def _waiting(findings: list[Finding]) -> bool:
    return any(f.rule in APPROVAL_RULES and f.severity is not Severity.INFO for f in findings)


def approved_items(approvals: object) -> dict[str, str]:
    """Approved and unchanged item keys → approver, from ``builder.core.approval.verify``."""
    items = getattr(approvals, "items", ())
    return {
        item.key: item.approved_by or "the leader"
        for item in items
        if str(getattr(item, "state", "")) == "approved"
    }
