"""The leader's audit: every rule check of a character as one line with its verdict and numbers.

A Playgroup Leader opening a file wants to see, check by check, whether the
character is legal and why (SPEC §5, "Review"): Exp earned by source, spent
by kind and available; Gift Credits and Improvements earned, spent and the
cap; Status from victories; each Gift priced again against today's catalog;
restricted Assets, Liabilities and custom Limits; Bonus Exp eligibility;
overdue Loose Ends. The app's review mode, ``harbinger sheet audit`` and the
printed report all show this one audit.

Nothing here decides a rule. The numbers and findings come from
``builder.contract.sheet.evaluate_sheet``, ``builder.contract.gifts.evaluate_gift`` and
``builder.covenant.rules.evaluate_covenant``; the audit sorts their findings
into check lines and compares what the file stored (a Gift's cost and System
Text) with what the catalog gives today. Every check has a line even when it
passes, so the leader sees its numbers either way.

``review_file`` joins the audit with the approval status of the file
(``builder.core.approval.verify``) for one verdict per file.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from builder.contract.character import AssetPick, BonusKind, Contractor, Gift
from builder.contract.creation import GIFTED_ASSET_ID
from builder.contract.gifts import Catalog, GiftEvaluation, evaluate_gift
from builder.contract.ledger import crashed
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.contract.sheet_catalog import SheetCatalog
from builder.contract.status import Status
from builder.contract.wording import (
    CREDIT_LABELS,
    EARNED_LABELS,
    IMPROVEMENT_LABELS,
    SPENT_LABELS,
    amounts_text,
)
from builder.core.approval import ApprovalError, ApprovalStatus, verify
from builder.core.findings import Finding, Severity
from builder.covenant.character import CovenantCharacter
from builder.covenant.rules import CovenantReport, evaluate_covenant


class Verdict(StrEnum):
    """The outcome of one check line: the worst of its findings."""

    PASS = "pass"
    WARN = "warn"
    FAIL = "fail"


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One rule check: its verdict, a sentence with its numbers, and the findings behind it.

    ``check`` is a stable id ("exp", "rewards", "gift.cost"); ``where`` points at
    what the line is about ("gifts[2]"); ``numbers`` are the figures the
    message quotes; ``findings`` are the rule findings sorted into this check.
    """

    check: str
    title: str
    message: str
    numbers: Mapping[str, Any] = field(default_factory=dict)
    where: str = ""
    findings: tuple[Finding, ...] = ()

    @property
    def verdict(self) -> Verdict:
        """FAIL with an ERROR finding, WARN with a WARNING, else PASS."""
        severities = {f.severity for f in self.findings}
        if Severity.ERROR in severities:
            return Verdict.FAIL
        if Severity.WARNING in severities:
            return Verdict.WARN
        return Verdict.PASS

    def to_json(self) -> dict[str, Any]:
        return {
            "check": self.check,
            "title": self.title,
            "verdict": self.verdict.value,
            "message": self.message,
            "numbers": _plain(self.numbers),
            "where": self.where,
            "findings": [_finding_json(f) for f in self.findings],
        }


@dataclass(frozen=True, slots=True)
class Audit:
    """Every check line for one character.

    ``family`` is "contractor" or "covenant"; ``passed`` is True when no line
    fails (warnings are for the leader's eyes and do not fail an audit).
    """

    family: str
    character_id: str
    name: str
    lines: tuple[AuditLine, ...]

    @property
    def findings(self) -> tuple[Finding, ...]:
        """Every finding of every line, in line order: what a leader must look at."""
        return tuple(f for line in self.lines for f in line.findings)

    @property
    def failed(self) -> tuple[AuditLine, ...]:
        return tuple(line for line in self.lines if line.verdict is Verdict.FAIL)

    @property
    def passed(self) -> bool:
        return not self.failed

    def line(self, check: str, where: str | None = None) -> AuditLine:
        """The line of one check (and ``where``, for the per-Gift checks); KeyError if absent."""
        for line in self.lines:
            if line.check == check and (where is None or line.where == where):
                return line
        raise KeyError(f"no audit line {check!r}" + (f" at {where}" if where else ""))

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "character_id": self.character_id,
            "name": self.name,
            "passed": self.passed,
            "counts": {v.value: sum(1 for li in self.lines if li.verdict is v) for v in Verdict},
            "lines": [line.to_json() for line in self.lines],
        }

    def to_text(self) -> str:
        """The audit as a leader reads it: one line per check, findings indented under it."""
        counts = ", ".join(
            f"{n} {label}"
            for n, label in (
                (len(self.failed), "failed"),
                (sum(1 for li in self.lines if li.verdict is Verdict.WARN), "to look at"),
                (sum(1 for li in self.lines if li.verdict is Verdict.PASS), "passed"),
            )
            if n
        )
        head = f"{self.name or '(unnamed)'} ({self.family} {self.character_id})"
        out = [f"{head} — audit {'PASS' if self.passed else 'FAIL'}: {counts}"]
        for line in self.lines:
            where = f" [{line.where}]" if line.where else ""
            out.append(f"  {line.verdict.value.upper():<4}  {line.message}{where}")
            for f in line.findings:
                numbers = " ".join(f"{k}={_short(v)}" for k, v in f.numbers.items())
                at = f" at {f.where}" if f.where else ""
                tail = f" ({numbers})" if numbers else ""
                out.append(f"          {f.severity.value} {f.rule}{at}: {f.message}{tail}")
        return "\n".join(out)


def _short(value: Any, limit: int = 60) -> str:
    text = value if isinstance(value, str) else json.dumps(_plain(value), ensure_ascii=False)
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _plain(value: Any) -> Any:
    """Plain JSON of the values findings and lines carry (mappings, enums, tuples)."""
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, Status):
        return value.label
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _finding_json(finding: Finding) -> dict[str, Any]:
    data = finding.to_json()
    data["numbers"] = _plain(data["numbers"])
    return data


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

_FindingGroup = tuple[str, Callable[[Finding], bool]]

_CONTRACTOR_GROUPS: tuple[_FindingGroup, ...] = (
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


def _group(
    findings: Sequence[Finding], groups: Sequence[_FindingGroup]
) -> dict[str, list[Finding]]:
    out: dict[str, list[Finding]] = {name: [] for name, _ in groups}
    out["sheet"] = []
    for finding in findings:
        name = next((n for n, match in groups if match(finding)), "sheet")
        if finding.rule == "limits.custom":
            name = "restricted"
        out[name].append(finding)
    return out


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
    for i, entry in enumerate(contractor.ledger):
        if getattr(entry, "asset", None) == pick:
            return f"ledger[{i}]"
    return group


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
    shown = (
        [f"Asset {n!r}" for n in assets]
        + [f"Liability {n!r}" for n in liabilities]
        + [f"custom Limit {n!r}" for n in limits]
        + [f"bought or bought off after creation at {w}" for w in after]
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
    return AuditLine(
        "sheet",
        "Other sheet checks",
        "Other sheet checks (ledger entries, Health, Source)"
        + (f": {len(found)} findings" if found else ": none found"),
        {"findings": len(found)},
        "",
        tuple(found),
    )


def _where_gift(where: str, index: int) -> str:
    base = f"gifts[{index}]"
    return f"{base}.draft.{where}" if where else base


def _gift_lines(
    index: int, gift: Gift, evaluation: GiftEvaluation, status: Status, victories: int
) -> list[AuditLine]:
    """The five checks of one held Gift, from its evaluation against today's catalog."""
    where = f"gifts[{index}]"
    name = gift.draft.name or gift.id
    label = f"Gift {name!r}"
    lines: list[AuditLine] = []

    problems = [
        Finding(e.rule, e.message, _where_gift(e.where, index), e.severity, dict(e.numbers))
        for e in evaluation.errors
    ] + [
        Finding(w.rule, w.message, _where_gift(w.where, index), w.severity, dict(w.numbers))
        for w in evaluation.warnings
        if w.rule != "gift.status"
    ]
    hint = (
        f"; it is tagged with the house-rule catalog {gift.catalog!r}, load it with --catalog"
        if gift.catalog and evaluation.errors
        else ""
    )
    lines.append(
        AuditLine(
            "gift.draft",
            "Gift build is valid in the catalog",
            f"{label}: {gift.draft.gift_type} / {gift.draft.effect} / {gift.draft.style} "
            + ("builds in today's catalog" if not problems else "has problems")
            + hint,
            {"gift_id": gift.id, "errors": len(evaluation.errors)},
            where,
            tuple(problems),
        )
    )

    cost_findings: tuple[Finding, ...] = ()
    priced = not evaluation.errors  # a build the catalog cannot read has no price to compare
    if priced and gift.cost != evaluation.cost:
        cost_findings = (
            Finding(
                "gift.cost_changed",
                f"{label} is stored at cost {gift.cost} but the catalog prices it at "
                f"{evaluation.cost} ({evaluation.breakdown_text()})",
                f"{where}.cost",
                Severity.ERROR,
                {"stored": gift.cost, "catalog": evaluation.cost},
            ),
        )
    lines.append(
        AuditLine(
            "gift.cost",
            "Stored Gift Cost against the catalog",
            (
                f"{label}: stored cost {gift.cost}, catalog cost {evaluation.cost} "
                f"({evaluation.breakdown_text()})"
                if priced
                else f"{label}: stored cost {gift.cost}; the catalog cannot price this build"
            ),
            {
                "gift_id": gift.id,
                "stored": gift.cost,
                "catalog": evaluation.cost if priced else None,
                "breakdown": [line.to_json() for line in evaluation.breakdown],
            },
            where,
            cost_findings,
        )
    )

    status_findings = tuple(
        Finding(
            w.rule,
            f"{label} {w.message}",
            where,
            w.severity,
            {**dict(w.numbers), "victories": victories},
        )
        for w in evaluation.warnings
        if w.rule == "gift.status"
    )
    because = "; ".join(r.message for r in evaluation.status_reasons)
    lines.append(
        AuditLine(
            "gift.status",
            "Status the Gift requires",
            f"{label}: requires {evaluation.required_status.label}"
            + (f" ({because})" if because else "")
            + f"; the contractor is {status.label} with {_n(victories, 'victory', 'victories')}",
            {
                "gift_id": gift.id,
                "required": evaluation.required_status.label,
                "status": status.label,
                "victories": victories,
                "reasons": [r.to_json() for r in evaluation.status_reasons],
            },
            where,
            status_findings,
        )
    )

    house = list(evaluation.house_rules)
    house_findings = (
        (
            Finding(
                "gift.house_rules",
                f"{label} uses house-rule content from {', '.join(house)}; the contractor is "
                "locked to that playgroup",
                where,
                Severity.WARNING,
                {"catalogs": house},
            ),
        )
        if house
        else ()
    )
    lines.append(
        AuditLine(
            "gift.house_rules",
            "House-rule content",
            f"{label}: "
            + (f"house-rule content from {', '.join(house)}" if house else "standard catalog only"),
            {"gift_id": gift.id, "catalogs": house},
            where,
            house_findings,
        )
    )

    stored = gift.system_text.strip()
    generated = evaluation.system_text.strip()
    text_findings: tuple[Finding, ...] = ()
    if stored and stored != generated and not evaluation.errors:
        text_findings = (
            Finding(
                "gift.system_text_changed",
                f"{label}'s stored System Text differs from the text the catalog generates now",
                f"{where}.system_text",
                Severity.WARNING,
                {"stored": stored, "generated": generated},
            ),
        )
    lines.append(
        AuditLine(
            "gift.system_text",
            "Stored System Text against the catalog",
            f"{label}: "
            + (
                "no System Text stored; the catalog's text applies"
                if not stored
                else (
                    "stored System Text matches the catalog"
                    if stored == generated
                    else "stored System Text differs from the catalog's"
                )
            ),
            {"gift_id": gift.id, "stored": stored, "generated": generated},
            where,
            text_findings,
        )
    )
    return lines


def _crashed_gift_line(index: int, gift: Gift, exc: Exception) -> AuditLine:
    where = f"gifts[{index}]"
    return AuditLine(
        "gift.draft",
        "Gift build is valid in the catalog",
        f"Gift {gift.draft.name or gift.id!r} could not be evaluated",
        {"gift_id": gift.id},
        where,
        (crashed("gift.check_crashed", where, f"Gift {gift.id!r}", exc),),
    )


def audit_contractor(
    contractor: Contractor,
    gift_catalog: Catalog,
    sheet_catalog: SheetCatalog | None = None,
) -> Audit:
    """Every rule check of a contractor as audit lines, from ``evaluate_sheet`` and
    ``evaluate_gift`` (each Gift evaluated at the contractor's Status).

    ``sheet_catalog``, when given, also checks held Assets and Liabilities
    against it (restricted flags and values).
    """
    report = evaluate_sheet(contractor)
    groups = _group(report.findings, _CONTRACTOR_GROUPS)
    lines = [
        _status_line(report),
        _creation_line(report, contractor, groups["creation"]),
        _exp_line(report, groups["exp"]),
        _bonus_line(report, groups["exp.bonus"]),
        _rewards_line(report, groups["rewards"]),
    ]
    for i, gift in enumerate(contractor.gifts):
        try:
            evaluation = evaluate_gift(gift.draft, gift_catalog, status=report.status)
            lines += _gift_lines(i, gift, evaluation, report.status, report.victories)
        except Exception as exc:  # one odd Gift must not hide the rest of the audit
            lines.append(_crashed_gift_line(i, gift, exc))
    lines += [
        _restricted_line(report, contractor, groups["restricted"], sheet_catalog),
        _loose_ends_line(report, groups["loose_ends"]),
        _sheet_line(groups["sheet"]),
    ]
    return Audit("contractor", contractor.id, contractor.concept.name, tuple(lines))


# --------------------------------------------------------------------------- Covenant


def _log_finding(f: Finding) -> bool:
    return f.where.startswith("log[")


_COVENANT_GROUPS: tuple[_FindingGroup, ...] = (
    ("covenant.log", _log_finding),
    (
        "covenant.ties",
        lambda f: f.rule.startswith(
            ("covenant.tie", "covenant.creation.ties", "covenant.discipline")
        ),
    ),
    ("covenant.tokens", lambda f: f.rule.startswith(("covenant.tokens", "covenant.creation.tok"))),
    ("covenant.assets", lambda f: f.rule.startswith(("covenant.asset", "covenant.goal"))),
    (
        "covenant.state",
        lambda f: f.rule.startswith(("covenant.incapacitated", "covenant.eliminated")),
    ),
)


def audit_covenant(character: CovenantCharacter) -> Audit:
    """Every rule check of a Covenant character as audit lines, from ``evaluate_covenant``."""
    report: CovenantReport = evaluate_covenant(character)
    groups = _group(report.findings, _COVENANT_GROUPS)
    d, t = report.discipline, report.tokens
    held, lost = len(report.ties_held), len(report.ties_lost)
    kinds = {
        k: sum(1 for a in report.assets if a.source == k) for k in ("trait", "ability", "gear")
    }
    lines = [
        AuditLine(
            "covenant.ties",
            "Ties and Discipline",
            f"Ties: {held} held, {lost} lost; Discipline {d.total} = 100 × {held} "
            f"(free {d.free}, scene {d.scene}, chapter {d.chapter}, long-term {d.long_term})",
            {"ties_held": held, "ties_lost": lost, **d.to_json()},
            "creation.ties",
            tuple(groups["covenant.ties"]),
        ),
        AuditLine(
            "covenant.tokens",
            "Tokens earned, spent and available",
            f"Tokens: earned {t.earned} ({t.starting} starting + {t.from_chapters} from "
            f"chapters), spent {t.spent} ({t.spent_at_creation} at creation, "
            f"{t.spent_in_play} in play), available {t.available}",
            t.to_json(),
            "creation",
            tuple(groups["covenant.tokens"]),
        ),
        AuditLine(
            "covenant.assets",
            "Traits, Abilities, gear and Goals",
            f"Assets: {kinds['trait']} Traits, {kinds['ability']} Abilities, {kinds['gear']} gear; "
            f"major Goal {'set' if report.major_goal else 'not set'}, minor Goal "
            f"{'set' if report.minor_goal else 'not set'}",
            {
                "traits": kinds["trait"],
                "abilities": kinds["ability"],
                "gear": kinds["gear"],
                "major_goal": report.major_goal is not None,
                "minor_goal": report.minor_goal is not None,
            },
            "creation",
            tuple(groups["covenant.assets"]),
        ),
        AuditLine(
            "covenant.log",
            "Play log",
            f"Play log: {report.log_entries} entries, {len(report.refused_entries)} refused by "
            f"the rules; {report.chapters_survived} chapters survived, {report.scenes_ended} "
            "scenes ended",
            {
                "entries": report.log_entries,
                "refused": list(report.refused_entries),
                "chapters_survived": report.chapters_survived,
                "scenes_ended": report.scenes_ended,
            },
            "log",
            tuple(groups["covenant.log"]),
        ),
        AuditLine(
            "covenant.state",
            "Condition of the character",
            "State: "
            + (
                f"eliminated ({report.elimination_cause})"
                if report.eliminated
                else (
                    f"incapacitated ({report.incapacitated})" if report.incapacitated else "in play"
                )
            )
            + f"; {len(report.conditions)} Conditions, {len(report.drains)} drains",
            {
                "eliminated": report.eliminated,
                "incapacitated": report.incapacitated,
                "conditions": len(report.conditions),
                "drains": len(report.drains),
            },
            "log",
            tuple(groups["covenant.state"]),
        ),
        _sheet_line(groups["sheet"]),
    ]
    return Audit("covenant", character.id, character.name, tuple(lines))


# --------------------------------------------------------------------------- a whole file


class ReviewInputError(ValueError):
    """A file that cannot be reviewed: ``what`` is wrong at ``where``."""

    def __init__(self, what: str, where: str = "") -> None:
        self.what = what
        self.where = where
        super().__init__(f"{where}: {what}" if where else what)


@dataclass(frozen=True, slots=True)
class Review:
    """A character file reviewed: the audit of its rules and the state of its approvals.

    ``passed`` is True when the audit passes and no approved content changed
    and no approval record was rejected (forged, broken or untrusted).
    """

    audit: Audit
    approvals: ApprovalStatus

    @property
    def passed(self) -> bool:
        return self.audit.passed and self.approvals.passed

    def to_json(self) -> dict[str, Any]:
        return {
            "passed": self.passed,
            "audit": self.audit.to_json(),
            "approvals": self.approvals.to_json(),
        }

    def to_text(self, verbose: bool = False) -> str:
        return f"{self.audit.to_text()}\n{self.approvals.to_text(verbose)}"


def review_document(
    document: Mapping[str, Any],
    gift_catalog: Catalog,
    sheet_catalog: SheetCatalog | None = None,
    trusted_keys: Mapping[str, str] | None = None,
    *,
    require_signature: bool = False,
) -> Review:
    """Audit a parsed character file (contractor or Covenant, by its ``format``) and verify
    its approvals. ReviewInputError when the document is not a valid character file."""
    from builder.contract import file as character_file
    from builder.covenant import file as covenant_file

    fmt = document.get("format") if isinstance(document, Mapping) else None
    try:
        if fmt == covenant_file.FORMAT:
            audit = audit_covenant(covenant_file.from_document(document).character)
        else:
            contractor = character_file.document_from_data(document).contractor
            audit = audit_contractor(contractor, gift_catalog, sheet_catalog)
        approvals = verify(document, trusted_keys, require_signature=require_signature)
    except (character_file.CharacterFileError, covenant_file.CovenantFileError) as exc:
        raise ReviewInputError(str(exc)) from None
    except ApprovalError as exc:
        raise ReviewInputError(exc.what, exc.where) from None
    return Review(audit, approvals)


__all__ = [
    "Audit",
    "AuditLine",
    "Review",
    "ReviewInputError",
    "Verdict",
    "audit_contractor",
    "audit_covenant",
    "review_document",
]
