"""The audit's suggestions line: each correction a leader suggested, and the player's answer.

A leader who wrote a suggested correction into a file (``builder.contract.suggesting``)
reads in the next audit whether the player accepted it (and which ledger entry
carries it), declined it (when, and the player's word) or has not answered
yet. A pending suggestion is a WARNING: the sheet is legal as it stands, but
the leader is still waiting for an answer. The line is absent when the file
holds no suggestion, so older files audit exactly as before.
"""

from __future__ import annotations

from builder.contract.character import Answer, Contractor, Suggestion
from builder.contract.sheet import evaluate_sheet
from builder.contract.suggesting import answer_text, apply_correction, suggestion_text
from builder.core.findings import Finding, Severity
from builder.core.report import AuditLine

SUGGESTIONS_CHECK = "suggestions"

_RULES = {
    Answer.PENDING: "suggestion.pending",
    Answer.ACCEPTED: "suggestion.accepted",
    Answer.DECLINED: "suggestion.declined",
}


def exp_if_accepted(contractor: Contractor, suggestion: Suggestion) -> tuple[int, int] | None:
    """Exp available now and after the suggested correction, or None if it cannot apply.

    What the audit and the printed sheet show a leader beside a pending suggestion.
    """
    applied = apply_correction(contractor, suggestion.correction(suggestion.date))
    if applied is None:
        return None
    return evaluate_sheet(contractor).exp.available, evaluate_sheet(applied).exp.available


def _finding(contractor: Contractor, number: int, suggestion: Suggestion) -> Finding:
    text = f"Suggestion {number}: {suggestion_text(contractor, suggestion)}: "
    numbers: dict[str, object] = {"suggestion": number, "answer": suggestion.answer.value}
    if suggestion.answer is Answer.PENDING:
        exp = exp_if_accepted(contractor, suggestion)
        if exp is not None:
            numbers["exp_available"], numbers["exp_available_if_accepted"] = exp
        return Finding(
            _RULES[Answer.PENDING],
            text + "pending; the player has not accepted or declined it yet.",
            f"suggestions[{number}]",
            Severity.WARNING,
            numbers,
        )
    if suggestion.answer is Answer.ACCEPTED:
        numbers["entry"] = suggestion.entry
        text += f"{answer_text(suggestion)}, recorded as ledger entry {suggestion.entry}."
    else:
        text += f"{answer_text(suggestion)}; the ledger is unchanged."
    return Finding(
        _RULES[suggestion.answer], text, f"suggestions[{number}]", Severity.INFO, numbers
    )


def suggestions_line(contractor: Contractor) -> AuditLine | None:
    """The suggestions line, or None when the contractor holds no suggestion."""
    held = contractor.suggestions
    if not held:
        return None
    counts = {answer: sum(1 for s in held if s.answer is answer) for answer in Answer}
    summary = ", ".join(f"{counts[a]} {a.value}" for a in Answer if counts[a])
    return AuditLine(
        SUGGESTIONS_CHECK,
        "Leader's suggested corrections",
        f"Suggested corrections: {summary}",
        {answer.value: counts[answer] for answer in Answer},
        "suggestions",
        tuple(_finding(contractor, i, s) for i, s in enumerate(held)),
    )


__all__ = ["SUGGESTIONS_CHECK", "exp_if_accepted", "suggestions_line"]
