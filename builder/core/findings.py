"""Rule findings: a broken or noteworthy rule as a value, never an exception.

A finding names the rule it comes from, says in plain words what is wrong,
carries the numbers that show it, and points at the field or gift it concerns
so the app can jump there and the audit can list it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any


class Severity(StrEnum):
    """How a finding weighs on a sheet's legality."""

    ERROR = "error"  # the sheet breaks a rule; an audit fails
    WARNING = "warning"  # legal, but a leader should look (restricted content, overdue loose end)
    INFO = "info"  # a passing check, listed so the audit shows its numbers


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule check's outcome.

    ``rule`` is a stable dotted id ("exp.overspent", "gift.status"); ``where`` is a
    path into the character ("attributes.brawn", "gifts[2].enhancements[0]",
    "ledger[14]"); ``numbers`` holds the figures the message quotes.
    """

    rule: str
    message: str
    where: str = ""
    severity: Severity = Severity.ERROR
    numbers: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Plain-JSON form used by the CLI and the review report."""
        return {
            "rule": self.rule,
            "severity": str(self.severity),
            "message": self.message,
            "where": self.where,
            "numbers": dict(self.numbers),
        }


def errors(findings: list[Finding] | tuple[Finding, ...]) -> list[Finding]:
    """Only the findings that make a sheet illegal."""
    return [f for f in findings if f.severity is Severity.ERROR]
