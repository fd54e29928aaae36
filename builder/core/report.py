"""Audit reports shared by every game system: check lines with verdicts, numbers and findings.

A Playgroup Leader opening a file wants to see, check by check, whether the
character is legal and why (SPEC §5, "Review"). Each game system's audit
(``builder/<system>/audit.py``) sorts its rule findings into :class:`AuditLine`
values; an :class:`Audit` is every line of one character. The app's review
mode, ``harbinger sheet audit`` and the printed report all show this one type.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum, StrEnum
from typing import Any

from builder.core.findings import Finding, Severity


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

    ``family`` names the kind of character ("contractor", "covenant"); ``passed``
    is True when no line fails (warnings are for the leader's eyes and do not fail an audit).
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
    label = getattr(value, "label", None)
    if isinstance(value, Enum) and isinstance(label, str):
        return label  # a rank such as a Status prints as its name
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return str(value)


def _finding_json(finding: Finding) -> dict[str, Any]:
    data = finding.to_json()
    data["numbers"] = _plain(data["numbers"])
    return data


# --------------------------------------------------------------------------- grouping

FindingGroup = tuple[str, Callable[[Finding], bool]]
"""A check line's name and the test of which findings belong to it."""


def group_findings(
    findings: Sequence[Finding], groups: Sequence[FindingGroup]
) -> dict[str, list[Finding]]:
    """Each finding under the first group that matches it; the rest under "sheet"."""
    out: dict[str, list[Finding]] = {name: [] for name, _ in groups}
    out["sheet"] = []
    for finding in findings:
        name = next((n for n, match in groups if match(finding)), "sheet")
        out[name].append(finding)
    return out


def other_checks_line(found: Sequence[Finding], title: str, message: str) -> AuditLine:
    """The closing "sheet" line that holds every finding no other line took."""
    return AuditLine(
        "sheet",
        title,
        message + (f": {len(found)} findings" if found else ": none found"),
        {"findings": len(found)},
        "",
        tuple(found),
    )
