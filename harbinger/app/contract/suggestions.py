"""A leader's suggested correction: written into a player's file, answered in the player's app.

Two sides (issue 32 item 5), both headless and below the UI:

- the leader, reviewing a file, writes a suggestion into it
  (:func:`suggest_in_file`): the file is read as hostile input, the
  suggestion judged by ``builder.contract.suggesting.suggest`` and the file
  rewritten atomically with its approvals kept (a suggestion is not approved
  content, so approvals stay valid);
- the player answers each suggestion with a named operation
  (``accept-suggestion`` / ``decline-suggestion``, :data:`SUGGESTION_OPERATIONS`):
  accepting appends the correction to the ledger, declining records the
  answer; both are undone like any other operation. A player who got the file
  back takes its suggestions into the library with :func:`plan_take_suggestions`.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from builder.contract import suggesting
from builder.contract.character import Contractor, Entry
from builder.contract.file import dumps_character_file, read_character_document
from builder.contract.serialize import SerializeError, entry_from_dict
from builder.core.file_writer import write_atomically
from builder.core.files import CharacterFileError
from builder.core.findings import Finding
from harbinger.app.common import InputError, Operation, Plan, about
from harbinger.app.contract.gift_saving import today
from harbinger.app.contract.operations import applied, plan, store
from harbinger.app.review_files import ReviewFileError, read_bytes


class SuggestionRefused(Exception):
    """The rules refuse the suggestion; ``findings`` say why (the CLI exits 1)."""

    def __init__(self, findings: tuple[Finding, ...]) -> None:
        self.findings = findings
        super().__init__("; ".join(f.message for f in findings))


@dataclass(frozen=True, slots=True)
class SuggestionWritten:
    """What :func:`suggest_in_file` wrote: the file, the contractor in it, the new suggestion's
    number (counted from 0) and its text."""

    path: Path
    contractor: Contractor
    number: int
    text: str


def replacement_entry(data: Mapping[str, Any] | None) -> Entry | None:
    """A ledger entry given as JSON (an exported file's shape), or None; InputError names the
    field that is wrong."""
    if data is None:
        return None
    try:
        return entry_from_dict(dict(data), "replacement")
    except SerializeError as exc:
        raise InputError(str(exc)) from None


def suggest_in_file(
    path: Path,
    target: int,
    replacement: Entry | None,
    *,
    by: str,
    reason: str,
    date: str = "",
    output: Path | None = None,
    digest: str = "",
) -> SuggestionWritten:
    """Write a leader's suggested correction of entry ``target`` into a contractor file.

    The file is read with the character-file reader (size, schema, meaning);
    ``digest``, when given, is the SHA-256 of the bytes the leader reviewed:
    if the file changed since, nothing is written. The file (or ``output``) is
    replaced atomically with its approvals and export stamp kept.
    ReviewFileError: unreadable, changed or unwritable; SuggestionRefused: the
    rules refuse the suggestion.
    """
    data = read_bytes(path)
    if digest and hashlib.sha256(data).hexdigest() != digest:
        raise ReviewFileError(
            f"{path.name} changed on disk since it was opened; it was not written. "
            "Reload it and review it again."
        )
    try:
        document = read_character_document(data)
    except CharacterFileError as exc:
        raise ReviewFileError(f"{path.name}: {exc}") from None
    result = suggesting.suggest(
        document.contractor, target, replacement, by=by, date=date or today(), reason=reason
    )
    if result.refused:
        raise SuggestionRefused(result.findings)
    contractor = result.character
    target_path = output or path
    try:
        write_atomically(
            target_path,
            dumps_character_file(
                contractor,
                approvals=document.approvals,
                exported_at=document.exported_at,
                written_by=document.app_version or None,
            ),
        )
    except OSError as exc:
        raise ReviewFileError(f"cannot write {target_path.name}: {exc.strerror or exc}") from None
    number = len(contractor.suggestions) - 1
    text = suggesting.suggestion_text(contractor, contractor.suggestions[number])
    return SuggestionWritten(target_path, contractor, number, text)


# --------------------------------------------------------------------------- the player's answer


def plan_accept_suggestion(
    contractor: Contractor, number: int, date: str, note: str = ""
) -> Plan[Contractor]:
    """Accept the leader's suggestion ``number``: its correction is appended to the ledger."""
    return applied(
        f"Accept suggestion {number}",
        contractor,
        suggesting.accept(contractor, number, date, note),
    )


def plan_decline_suggestion(
    contractor: Contractor, number: int, date: str, note: str = ""
) -> Plan[Contractor]:
    """Decline the leader's suggestion ``number``: the ledger is unchanged, the answer kept."""
    result = suggesting.decline(contractor, number, date, note)
    done = plan(f"Decline suggestion {number}", contractor, result.character, result.findings)
    if result.refused:
        return done
    return replace(done, lines=(*done.lines, f"Suggestion {number} declined; totals unchanged"))


def plan_take_suggestions(contractor: Contractor, returned: Contractor) -> Plan[Contractor]:
    """Take into the library the suggestions a leader wrote into ``returned`` (the file sent back).

    Only suggestions the stored contractor does not hold yet are added, and
    only when the file is this contractor and its ledger is the stored one or
    an earlier part of it (the suggestions name entries by their place). The
    rest of the file is ignored: the library keeps its own sheet.
    """
    name = "Take the leader's suggestions"
    if returned.id != contractor.id:
        return _refuse(
            name, contractor, f"the file holds {returned.id!r}, not {contractor.id!r}", "id"
        )
    if contractor.ledger[: len(returned.ledger)] != returned.ledger:
        return _refuse(
            name,
            contractor,
            "the file's ledger is not this contractor's: its suggestions may name other entries",
            "ledger",
        )
    held = set(contractor.suggestions)
    new = tuple(s for s in returned.suggestions if s not in held)
    after = replace(contractor, suggestions=(*contractor.suggestions, *new))
    for where, problem in suggesting.suggestion_problems(after):
        return _refuse(name, contractor, problem, where)
    count = len(new)
    return replace(
        plan(name, contractor, after),
        lines=(f"{count} new suggestion{'s' if count != 1 else ''} from the leader",),
    )


def _refuse(name: str, contractor: Contractor, message: str, where: str) -> Plan[Contractor]:
    return Plan(name, contractor, contractor, (Finding(suggesting.REFUSED, message, where),))


# --------------------------------------------------------------------------- declarations


@dataclass(frozen=True, slots=True)
class AnswerSuggestion:
    suggestion: int = field(
        metadata=about("which suggestion: its place in the list, counting from 0")
    )
    note: str = field(default="", metadata=about("a word for the leader on the answer"))
    date: str = field(default="", metadata=about("date of the answer, YYYY-MM-DD (default: today)"))


@dataclass(frozen=True, slots=True)
class TakeSuggestions:
    file: str = field(
        metadata=about("the contractor file the leader sent back", metavar="FILE.json")
    )


def take_from_file(contractor: Contractor, given: TakeSuggestions) -> Plan[Contractor]:
    """The plan of taking the suggestions of the file ``given`` names (InputError: unreadable)."""
    try:
        returned = read_character_document(read_bytes(Path(given.file))).contractor
    except (CharacterFileError, ReviewFileError) as exc:
        raise InputError(f"{given.file}: {exc}") from None
    return plan_take_suggestions(contractor, returned)


SUGGESTION_OPERATIONS: tuple[Operation, ...] = (
    Operation(
        "accept-suggestion",
        "Accept suggestion",
        "accept a leader's suggested correction: it is appended to the ledger",
        AnswerSuggestion,
        lambda c, g: plan_accept_suggestion(c, g.suggestion, g.date or today(), g.note),
        Contractor,
        store,
    ),
    Operation(
        "decline-suggestion",
        "Decline suggestion",
        "decline a leader's suggested correction: the ledger is unchanged, the answer kept",
        AnswerSuggestion,
        lambda c, g: plan_decline_suggestion(c, g.suggestion, g.date or today(), g.note),
        Contractor,
        store,
    ),
    Operation(
        "take-suggestions",
        "Take suggestions",
        "take the suggestions a leader wrote into a file sent back into the library",
        TakeSuggestions,
        take_from_file,
        Contractor,
        store,
    ),
)
"""The player's operations on the leader's suggestions, by CLI name."""


__all__ = [
    "SUGGESTION_OPERATIONS",
    "AnswerSuggestion",
    "SuggestionRefused",
    "SuggestionWritten",
    "TakeSuggestions",
    "plan_accept_suggestion",
    "plan_decline_suggestion",
    "plan_take_suggestions",
    "replacement_entry",
    "suggest_in_file",
    "take_from_file",
]
