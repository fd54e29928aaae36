"""The leader's audit: every rule check of a contractor as one line with its verdict and numbers.

A Playgroup Leader opening a file wants to see, check by check, whether the
character is legal and why (SPEC §5, "Review"): Exp earned by source, spent
by kind and available; Gift Credits and Improvements earned, spent and the
cap; Status from victories; each Gift priced again against today's catalog;
restricted Assets, Liabilities and custom Limits; Bonus Exp eligibility;
overdue Loose Ends. The app's review mode, ``harbinger sheet audit`` and the
printed report all show this one audit.

Nothing here decides a rule. The numbers and findings come from
``builder.contract.sheet.evaluate_sheet`` and ``builder.contract.gifts.evaluate_gift``;
the audit sorts their findings
into check lines and compares what the file stored (a Gift's cost and System
Text) with what the catalog gives today. Every check has a line even when it
passes, so the leader sees its numbers either way.

The report types are ``builder.core.report``'s; ``builder.core.review`` joins
an audit with the file's approvals for one verdict per file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from builder.contract.audit_corrections import corrections_line
from builder.contract.audit_edits import edits_line
from builder.contract.audit_gifts import gift_lines
from builder.contract.audit_suggestions import suggestions_line
from builder.contract.character import (
    AssetPick,
    BonusKind,
    BuyAsset,
    Contractor,
    PlaygroupRules,
    RemoveLiability,
)
from builder.contract.creation import GIFTED_ASSET_ID
from builder.contract.gifts import Catalog
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.playgroup import settle_approved
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.contract.sheet_catalog import SheetCatalog
from builder.contract.status import Status
from builder.contract.wording import (
    CREDIT_LABELS,
    EARNED_LABELS,
    IMPROVEMENT_LABELS,
    SPENT_LABELS,
    amounts_text,
    entry_label,
)
from builder.core.findings import Finding, Severity
from builder.core.report import (
    Audit,
    AuditLine,
    FindingGroup,
    Verdict,
    group_findings,
    other_checks_line,
)

# --------------------------------------------------------------------------- labels

_BONUS_SOURCES = tuple(str(kind) for kind in BonusKind)


def _parts(amounts: Mapping[str, int], labels: Mapping[str, str]) -> str:
    """' (Contracts at home 9, Victories 4)' for the non-zero amounts; '' when all are zero."""
    shown = amounts_text(amounts, labels)
    return f" ({shown})" if shown else ""


def _n(count: int, word: str, plural: str = "") -> str:
    """'1 victory', '6 victories'."""
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _status_range(status: Status) -> str:
    later = [s for s in Status if s > status]
    if not later:
        return f"{status.min_victories}+ victories"
    return f"{status.min_victories}–{later[0].min_victories - 1} victories"


# --------------------------------------------------------------------------- contractor

_CONTRACTOR_GROUPS: tuple[FindingGroup, ...] = (
    ("corrections", lambda f: f.rule.startswith("ledger.correction")),
    ("creation", lambda f: f.where == "creation" or f.rule.startswith(("creation.", "limits."))),
    ("exp.bonus", lambda f: f.rule.startswith("exp.bonus")),
    ("exp", lambda f: f.rule.startswith(("exp.", "raise.", "journal.", "therapy.", "craft."))),
    ("rewards", lambda f: f.rule.startswith("rewards.")),
    ("restricted", lambda f: f.rule.startswith(("asset.", "liability."))),
    ("loose_ends", lambda f: f.rule.startswith("loose_end.")),
)
"""Which check line each sheet finding belongs to; the first match wins, the rest go to "sheet".

Custom Limits are restricted content, so ``limits.custom`` is moved there below.
"""


def _group(findings: Sequence[Finding]) -> dict[str, list[Finding]]:
    """Findings by check line; a custom Limit is restricted content, not a creation error."""
    custom: FindingGroup = ("restricted", lambda f: f.rule == "limits.custom")
    return group_findings(findings, (custom, *_CONTRACTOR_GROUPS))


def _status_line(report: SheetReport) -> AuditLine:
    alive = "alive" if report.alive else "dead"
    return AuditLine(
        "status",
        "Status from victories",
        f"Status: {report.status.label} from {_n(report.victories, 'victory', 'victories')} "
        f"({report.status.label} is {_status_range(report.status)}); "
        f"{_n(report.contracts_attended, 'Contract')} attended, {alive}",
        {
            "status": report.status.label,
            "victories": report.victories,
            "contracts_attended": report.contracts_attended,
            "alive": report.alive,
        },
    )


def _creation_line(report: SheetReport, contractor: Contractor, found: list[Finding]) -> AuditLine:
    exp = report.exp
    return AuditLine(
        "creation",
        "Creation",
        f"Creation: choices cost {exp.creation_cost} of the starting {exp.starting} Exp; "
        f"{len(contractor.limits)} Limits",
        {"starting": exp.starting, "creation_cost": exp.creation_cost},
        "creation",
        tuple(found),
    )


def _exp_line(report: SheetReport, found: list[Finding]) -> AuditLine:
    exp = report.exp
    return AuditLine(
        "exp",
        "Exp earned, spent and available",
        f"Exp: earned {exp.earned_total}{_parts(exp.earned_by_source, EARNED_LABELS)}, "
        f"spent {exp.spent_total}{_parts(exp.spent_by_kind, SPENT_LABELS)}, "
        f"available {exp.available} "
        f"(= {exp.starting} starting − {exp.creation_cost} at creation + {exp.earned_total} "
        f"earned − {exp.spent_total} spent)",
        {
            "starting": exp.starting,
            "creation_cost": exp.creation_cost,
            "earned_by_source": dict(exp.earned_by_source),
            "earned_total": exp.earned_total,
            "spent_by_kind": dict(exp.spent_by_kind),
            "spent_total": exp.spent_total,
            "available": exp.available,
        },
        "ledger",
        tuple(found),
    )


def _bonus_line(report: SheetReport, found: list[Finding]) -> AuditLine:
    exp = report.exp
    received = sum(exp.earned_by_source.get(k, 0) for k in _BONUS_SOURCES)
    now = "may receive Bonus Exp now" if exp.bonus_eligible else "may not receive Bonus Exp now"
    return AuditLine(
        "exp.bonus",
        "Bonus Exp eligibility",
        f"Bonus Exp: {received} received; earned {exp.earned_total} against the cap "
        f"10 + 12 × {report.victories} victories = {exp.bonus_cap}; {now}",
        {
            "bonus_received": received,
            "earned_total": exp.earned_total,
            "bonus_cap": exp.bonus_cap,
            "victories": report.victories,
            "eligible_now": exp.bonus_eligible,
        },
        "ledger",
        tuple(found),
    )


def _rewards_line(report: SheetReport, found: list[Finding]) -> AuditLine:
    r = report.rewards
    return AuditLine(
        "rewards",
        "Gift Credits and Improvements",
        f"Gift Credits: earned {r.credits_earned}"
        f"{_parts(r.credits_earned_by_source, CREDIT_LABELS)}, spent {r.credits_spent}, "
        f"available {r.credits_available}. Improvements: earned {r.improvements_earned}"
        f"{_parts(r.improvements_earned_by_source, IMPROVEMENT_LABELS)}, spent "
        f"{r.improvements_spent}, available {r.improvements_available}; cap "
        f"2 × {report.victories} victories − {r.credits_earned} Gift Credits = "
        f"{r.improvement_cap}",
        {
            "credits_earned_by_source": dict(r.credits_earned_by_source),
            "credits_earned": r.credits_earned,
            "credits_spent": r.credits_spent,
            "credits_available": r.credits_available,
            "improvements_earned_by_source": dict(r.improvements_earned_by_source),
            "improvements_earned": r.improvements_earned,
            "improvements_spent": r.improvements_spent,
            "improvements_available": r.improvements_available,
            "improvement_cap": r.improvement_cap,
            "victories": report.victories,
        },
        "gifts",
        tuple(found),
    )


def _pick_where(contractor: Contractor, pick: AssetPick, group: str) -> str:
    """Where a held Asset or Liability was taken: at creation, or bought in the ledger."""
    for i, taken in enumerate(getattr(contractor.creation, group)):
        if taken == pick:
            return f"creation.{group}[{i}]"
    for i, entry in corrected_pairs(contractor.ledger):
        if getattr(entry, "asset", None) == pick:
            return f"ledger[{i}]"
    return group


def _place_name(contractor: Contractor, where: str) -> str:
    """What was bought at a ledger place, in the game's words: "Asset 'Polyglot' bought on
    2024-03-27, after creation"; another place as given."""
    if not (where.startswith("ledger[") and where.endswith("]") and where[7:-1].isdigit()):
        return where
    index = int(where[7:-1])
    entry = contractor.ledger[index] if index < len(contractor.ledger) else None
    if isinstance(entry, BuyAsset):
        return f"Asset {entry.asset.name!r} bought on {entry.date}, after creation"
    if isinstance(entry, RemoveLiability):
        return f"Liability {entry.liability!r} bought off on {entry.date}, after creation"
    return f"{entry_label(contractor.ledger, index)}, after creation"


def _catalog_findings(
    contractor: Contractor, picks: Sequence[AssetPick], catalog: SheetCatalog, group: str
) -> list[Finding]:
    """Held Assets or Liabilities against the sheet catalog: an entry it does not know, a
    restricted entry the file does not mark, or a value other than the catalog's."""
    prefix, label = ("asset", "Asset") if group == "assets" else ("liability", "Liability")
    lookup = catalog.asset if group == "assets" else catalog.liability
    found: list[Finding] = []
    for pick in picks:
        if pick.id == "custom":
            continue  # custom entries are reported as custom content already
        where = _pick_where(contractor, pick, group)
        try:
            entry = lookup(pick.id)
        except (KeyError, ValueError):
            found.append(
                Finding(
                    f"{prefix}.not_in_catalog",
                    f"{label} {pick.name!r} (id {pick.id!r}) is not in this sheet catalog; "
                    "check it against the playgroup's list",
                    where,
                    Severity.WARNING,
                )
            )
            continue
        if entry.restricted and not pick.restricted:
            found.append(
                Finding(
                    f"{prefix}.restricted_unmarked",
                    f"{label} {pick.name!r} is Restricted in the catalog but the file does not "
                    "mark it; it needs Playgroup Leader approval",
                    where,
                    Severity.WARNING,
                )
            )
        if entry.value != pick.value:
            found.append(
                Finding(
                    f"{prefix}.value_differs",
                    f"{label} {pick.name!r} is worth {entry.value} in the catalog; the file "
                    f"prices it at {pick.value}",
                    where,
                    Severity.WARNING,
                    {"catalog": entry.value, "file": pick.value},
                )
            )
    return found


def _restricted_line(
    report: SheetReport,
    contractor: Contractor,
    found: list[Finding],
    sheet_catalog: SheetCatalog | None,
) -> AuditLine:
    assets = [a.name for a in report.assets if a.restricted or a.id in ("custom", GIFTED_ASSET_ID)]
    liabilities = [li.name for li in report.liabilities if li.restricted or li.id == "custom"]
    limits = [limit.name for limit in contractor.limits if limit.custom]
    extra: list[Finding] = []
    if sheet_catalog is not None:
        extra += _catalog_findings(contractor, report.assets, sheet_catalog, "assets")
        extra += _catalog_findings(contractor, report.liabilities, sheet_catalog, "liabilities")
    after = [f.where for f in found if f.rule.endswith(".after_creation")]
    after_names = [_place_name(contractor, w) for w in after]
    shown = (
        [f"Asset {n!r}" for n in assets]
        + [f"Liability {n!r}" for n in liabilities]
        + [f"custom Limit {n!r}" for n in limits]
        + after_names
    )
    checked = "checked against the sheet catalog" if sheet_catalog is not None else ""
    message = (
        "Needs leader approval: " + ", ".join(shown)
        if shown
        else "No restricted or custom Assets, Liabilities or Limits, nothing bought after creation"
    )
    return AuditLine(
        "restricted",
        "Restricted Assets, Liabilities and custom Limits",
        message + (f" ({checked})" if checked else ""),
        {
            "assets": assets,
            "liabilities": liabilities,
            "custom_limits": limits,
            "after_creation": after,
            "held_assets": len(report.assets),
            "held_liabilities": len(report.liabilities),
        },
        "creation",
        tuple(found + extra),
    )


def _loose_ends_line(report: SheetReport, found: list[Finding]) -> AuditLine:
    views = report.loose_ends
    open_ = [v for v in views if not v.resolved]
    due = [v for v in open_ if v.due]
    overdue = f" ({', '.join(repr(v.title) for v in due)})" if due else ""
    return AuditLine(
        "loose_ends",
        "Loose Ends",
        f"Loose Ends: {len(open_)} open, {len(due)} with the Cutoff at 0{overdue}, "
        f"{len(views) - len(open_)} resolved",
        {
            "open": len(open_),
            "due": len(due),
            "resolved": len(views) - len(open_),
            "remaining": {v.title: v.remaining for v in open_},
        },
        "loose_ends",
        tuple(found),
    )


def _sheet_line(found: list[Finding]) -> AuditLine:
    return other_checks_line(
        found, "Other sheet checks", "Other sheet checks (ledger entries, Health, Source)"
    )


def audit_contractor(
    contractor: Contractor,
    gift_catalog: Catalog,
    sheet_catalog: SheetCatalog | None = None,
    *,
    playgroup: PlaygroupRules | None = None,
    approved: Mapping[str, str] | None = None,
) -> Audit:
    """Every rule check of a contractor as audit lines, from ``evaluate_sheet`` and
    ``evaluate_gift`` (each Gift evaluated at the contractor's Status).

    ``sheet_catalog``, when given, also checks held Assets and Liabilities
    against it (restricted flags and values). ``playgroup`` is the library's
    playgroup setting (default: the flags in the file). ``approved`` maps the
    approval items a leader approved and that are unchanged to the approver:
    their "needs Playgroup Leader approval" WARNINGs become INFO.
    """
    report = evaluate_sheet(contractor, playgroup)
    groups = _group(report.findings)
    lines = [
        _status_line(report),
        _creation_line(report, contractor, groups["creation"]),
        _exp_line(report, groups["exp"]),
        _bonus_line(report, groups["exp.bonus"]),
        _rewards_line(report, groups["rewards"]),
    ]
    lines += gift_lines(contractor, gift_catalog, report.status, report.victories)
    lines += [
        _restricted_line(report, contractor, groups["restricted"], sheet_catalog),
        _loose_ends_line(report, groups["loose_ends"]),
    ]
    corrections = corrections_line(
        contractor, report.corrected, groups["corrections"], approved or {}
    )
    if corrections is not None:
        lines.append(corrections)
    edits = edits_line(contractor)
    if edits is not None:
        lines.append(edits)
    suggestions = suggestions_line(contractor)
    if suggestions is not None:
        lines.append(suggestions)
    lines.append(_sheet_line(groups["sheet"]))
    audit = Audit("contractor", contractor.id, contractor.concept.name, tuple(lines))
    return settle_approved(audit, contractor, approved or {})


__all__ = ["Audit", "AuditLine", "Verdict", "audit_contractor"]
