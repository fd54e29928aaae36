"""A leader's suggested correction, and the player's answer (issue 32 item 5).

While reviewing a player's file the Playgroup Leader may find an entry
recorded wrongly (a Contract played away recorded as home, a Ringer's Bonus
Exp at +4 when the objective was missed). Instead of asking in words, the
leader writes the fix into the file as a ``Suggestion``: the same correction
``builder.contract.correcting`` makes (void an entry, or replace it with one
of the same kind), with a reason, the leader's name and the date. It changes
nothing on the sheet. The player's app shows it; the player accepts it (the
correction is appended to the ledger, which stays append-only) or declines it
(the suggestion stays, marked declined, with its date). The audit lists every
suggestion with its answer (``builder.contract.audit_suggestions``).

Each function returns a ``Result``: refused (the contractor unchanged, an
ERROR saying why) when the suggestion cannot be made or answered.

Files from others are untrusted: ``suggestion_problems`` says what is wrong
with a suggestion read from a file (an entry that does not exist, a
replacement of another kind, an answer that does not fit), so the file reader
refuses such a file before anything is stored.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace

from builder.contract import correcting
from builder.contract.character import Answer, Contractor, Correction, Entry, Suggestion
from builder.contract.wording import describe_entry, entry_kind_name, entry_label
from builder.core.findings import Finding, errors
from builder.core.result import Result

REFUSED = "suggestion.refused"
"""Rule id of every refusal made here."""


def _refuse(contractor: Contractor, message: str, where: str) -> Result[Contractor]:
    return Result(contractor, (Finding(REFUSED, message, where),))


def suggestion_text(contractor: Contractor, suggestion: Suggestion) -> str:
    """What a suggestion proposes, in the player's words.

    "Lee suggests (2026-06-01): Contract 2 (2026-05-02) becomes Contract: The
    Lantern Job (away, victory) — played at the Tuesday group".
    """
    change = change_text(contractor, suggestion)
    reason = f" — {suggestion.reason}" if suggestion.reason else ""
    return f"{suggestion.by} suggests ({suggestion.date}): {change}{reason}"


def change_text(contractor: Contractor, suggestion: Suggestion) -> str:
    """What accepting a suggestion would change, in the player's words.

    "Contract 2 (2026-05-02) becomes Contract: The Lantern Job (away, victory)",
    or "Journal 1 (2026-05-03) is removed" for a suggestion that voids the entry.
    """
    label = entry_label(contractor.ledger, suggestion.target)
    if suggestion.replacement:
        return f"{label} becomes {describe_entry(suggestion.replacement[0])}"
    return f"{label} is removed"


def answer_text(suggestion: Suggestion) -> str:
    """The player's answer in words: "pending", "accepted on 2026-06-02", "declined on … (note)"."""
    if suggestion.answer is Answer.PENDING:
        return "pending"
    note = f" ({suggestion.note})" if suggestion.note else ""
    return f"{suggestion.answer.value} on {suggestion.answered}{note}"


def pending(contractor: Contractor) -> tuple[int, ...]:
    """The numbers (counted from 0) of the suggestions still waiting for the player's answer."""
    return tuple(i for i, s in enumerate(contractor.suggestions) if s.answer is Answer.PENDING)


def _apply(contractor: Contractor, correction: Correction) -> Result[Contractor]:
    """The contractor with ``correction`` appended, as ``correcting`` makes it (or refuses it)."""
    if correction.replacement:
        return correcting.replace_entry(
            contractor,
            correction.target,
            correction.replacement[0],
            correction.date,
            correction.reason,
        )
    return correcting.void_entry(contractor, correction.target, correction.date, correction.reason)


def apply_correction(contractor: Contractor, correction: Correction) -> Contractor | None:
    """The contractor with ``correction`` appended, or None when ``correcting`` refuses it."""
    applied = _apply(contractor, correction)
    return None if errors(applied.findings) else applied.character


def suggest(
    contractor: Contractor,
    target: int,
    replacement: Entry | None,
    *,
    by: str,
    date: str,
    reason: str,
) -> Result[Contractor]:
    """Write a leader's suggested correction of entry ``target`` into the contractor.

    ``replacement`` None proposes removing the entry. The suggestion must say
    who makes it and why, and must be a correction the player could accept
    now: one ``correcting`` would refuse (no such entry, another kind, nothing
    to change, Exp spent later left unpaid) is refused with the same reason.
    Example: Contract 2 recorded as home (3 Exp) but played away (1 Exp):
    the suggestion replaces it with the same Contract marked away.
    """
    where = f"ledger[{target}]"
    if not by.strip():
        return _refuse(contractor, "a suggestion must name the leader who makes it", where)
    if not reason.strip():
        return _refuse(contractor, "a suggestion must say why the entry should change", where)
    replaced = (replacement,) if replacement is not None else ()
    trial = _apply(contractor, Correction(date, target, replaced, reason))
    if errors(trial.findings):
        problem = "; ".join(f.message for f in errors(trial.findings))
        return _refuse(contractor, f"this correction cannot be suggested: {problem}", where)
    made = Suggestion(date, by.strip(), target, replaced, reason.strip())
    return Result(replace(contractor, suggestions=(*contractor.suggestions, made)))


def _answerable(contractor: Contractor, number: int) -> str:
    """Why suggestion ``number`` cannot be answered ("" when it can)."""
    held = contractor.suggestions
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number < len(held):
        count = len(held)
        return (
            f"there is no suggestion {number!r}: this contractor has "
            f"{count} suggestion{'s' if count != 1 else ''} (counted from 0)"
        )
    suggestion = held[number]
    if suggestion.answer is not Answer.PENDING:
        return f"suggestion {number} was already {answer_text(suggestion)}"
    return ""


def _answered(
    contractor: Contractor, number: int, answer: Answer, date: str, note: str, entry: int = -1
) -> Contractor:
    suggestions = list(contractor.suggestions)
    suggestions[number] = replace(
        suggestions[number], answer=answer, answered=date, note=note.strip(), entry=entry
    )
    return replace(contractor, suggestions=tuple(suggestions))


def accept(contractor: Contractor, number: int, date: str, note: str = "") -> Result[Contractor]:
    """Accept suggestion ``number``: append its correction to the ledger and mark it accepted.

    The correction is dated ``date`` (the day the player accepts) and its
    reason names the leader's. Refused, with the correction's own reason, when
    the sheet has changed so that it no longer applies; the player may then
    decline it.
    """
    where = f"suggestions[{number}]"
    problem = _answerable(contractor, number)
    if problem:
        return _refuse(contractor, problem, where)
    suggestion = contractor.suggestions[number]
    applied = _apply(contractor, suggestion.correction(date))
    if errors(applied.findings):
        problem = "; ".join(f.message for f in errors(applied.findings))
        message = f"{suggestion.by}'s suggestion no longer applies: {problem}"
        return _refuse(contractor, message, where)
    entry = len(applied.character.ledger) - 1
    return Result(
        _answered(applied.character, number, Answer.ACCEPTED, date, note, entry), applied.findings
    )


def decline(contractor: Contractor, number: int, date: str, note: str = "") -> Result[Contractor]:
    """Decline suggestion ``number``: the ledger is unchanged; the suggestion is kept, declined on
    ``date`` with the player's ``note``."""
    problem = _answerable(contractor, number)
    if problem:
        return _refuse(contractor, problem, f"suggestions[{number}]")
    return Result(_answered(contractor, number, Answer.DECLINED, date, note))


# --------------------------------------------------------------------------- untrusted files


def _target_problem(ledger: tuple[Entry, ...], suggestion: Suggestion) -> str:
    target = suggestion.target
    if not 0 <= target < len(ledger):
        return f"it names entry {target}, but the ledger has {len(ledger)} entries (counted from 0)"
    original = ledger[target]
    if isinstance(original, Correction):
        return f"it names {entry_label(ledger, target)}, which is itself a correction"
    if len(suggestion.replacement) > 1:
        return "it replaces one entry with several"
    if suggestion.replacement and type(suggestion.replacement[0]) is not type(original):
        return (
            f"it puts a {entry_kind_name(suggestion.replacement[0])} in place of "
            f"{entry_label(ledger, target)}"
        )
    return ""


def _answer_problem(ledger: tuple[Entry, ...], suggestion: Suggestion) -> str:
    if suggestion.answer is Answer.PENDING:
        answered = suggestion.answered or suggestion.entry != -1
        return "it is pending but carries an answer date or a ledger entry" if answered else ""
    if not suggestion.answered:
        return f"it is {suggestion.answer.value} but says not when"
    if suggestion.answer is Answer.DECLINED:
        return "a declined suggestion names no ledger entry" if suggestion.entry != -1 else ""
    return _accepted_problem(ledger, suggestion)


def _accepted_problem(ledger: tuple[Entry, ...], suggestion: Suggestion) -> str:
    entry = suggestion.entry
    made = ledger[entry] if 0 <= entry < len(ledger) else None
    if not isinstance(made, Correction):
        return f"it is accepted but ledger[{entry}] is not the correction it made"
    if made.target != suggestion.target or tuple(made.replacement) != suggestion.replacement:
        return f"it is accepted but ledger[{entry}] makes another correction"
    return ""


def suggestion_problems(contractor: Contractor) -> Iterator[tuple[str, str]]:
    """(where, what is wrong) for each suggestion that does not fit the contractor's ledger.

    The file reader refuses a file with any: a suggestion from another's hands
    must name a real entry, propose a replacement of the same kind, and carry
    an answer consistent with the ledger (an accepted one names the correction
    it appended).
    """
    ledger = contractor.ledger
    for index, suggestion in enumerate(contractor.suggestions):
        where = f"suggestions[{index}]"
        problem = _target_problem(ledger, suggestion) or _answer_problem(ledger, suggestion)
        if problem:
            yield where, f"this suggestion does not fit the ledger: {problem}"


__all__ = [
    "REFUSED",
    "accept",
    "answer_text",
    "apply_correction",
    "change_text",
    "decline",
    "pending",
    "suggest",
    "suggestion_problems",
    "suggestion_text",
]
