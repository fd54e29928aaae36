"""Journals for the Story section, and rule-check places in the game's words.

Split from ``printing.contract.snapshot`` (which assembles the rest of the
``PrintSnapshot``). Nothing here computes a rule: a Journal's Exp is the one its
ledger line earned in ``builder.contract.sheet.evaluate_sheet``, and a place
only names what the finding's ``where`` already points at.
"""

from __future__ import annotations

import re

from builder.contract.character import Contractor, Journal, JournalKind, Ported
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.sheet import SheetReport
from builder.contract.wording import port_story
from printing.contract.views import JournalView

_INDEXED = re.compile(r"^([a-z_]+(?:\.[a-z_]+)*)\[(\d+)\]")

JOURNAL_KINDS = {JournalKind.CONTRACT: "Contract", JournalKind.DOWNTIME: "Downtime"}
"""A Journal's kind as the rules name it ("Journals": Contract and Downtime Journals)."""


def journals(contractor: Contractor, report: SheetReport) -> tuple[JournalView, ...]:
    """Every Journal in the ledger, in order, with the Exp its ledger line earned."""
    earned = {line.index: line.earned for line in report.lines}
    return tuple(
        JournalView(
            date=entry.date,
            kind=JOURNAL_KINDS.get(entry.kind, str(entry.kind).capitalize()),
            title=entry.title,
            words=entry.words,
            exp=earned.get(index),
        )
        for index, entry in enumerate(contractor.ledger)
        if isinstance(entry, Journal)
    )


def opening_story(contractor: Contractor) -> str:
    """The history the ledger's opening port brought ("Brought from the website's archive
    on … with 27 victories and 6 losses …"), "" for a contractor created here.

    The port as corrected: a voided port brings nothing, a replaced one says what the
    correction says.
    """
    for _index, entry in corrected_pairs(contractor.ledger):
        if isinstance(entry, Ported):
            return port_story(entry)
    return ""


def place_words(where: str, contractor: Contractor) -> str:
    """Where a finding points, as a player reads it: "Log, 2023-02-12", "Limit 'Murder'".

    ``where`` is builder's field path ("ledger[4]", "limits[2]",
    "gifts[0].cost"); the printed rule check never shows such paths.
    """
    if not where:
        return ""
    match = _INDEXED.match(where)
    if match is None:
        head = re.split(r"[.\[]", where, maxsplit=1)[0]
        return _SECTIONS.get(head, head.replace("_", " ").capitalize())
    field, index = match.group(1), int(match.group(2))
    return _indexed(field, index, contractor) or _SECTIONS.get(
        field.split(".")[0], field.replace("_", " ").capitalize()
    )


_SECTIONS = {
    "ledger": "Log",
    "log": "Log",
    "limits": "Limits",
    "gifts": "Gifts",
    "loose_ends": "Loose Ends",
    "creation": "Creation",
    "concept": "Concept",
    "health": "Health",
    "stock": "Stock",
    "source": "Source",
}


def _indexed(field: str, index: int, contractor: Contractor) -> str:
    """The named thing at ``field[index]``, or "" when the index is out of range."""
    if field == "ledger" and 0 <= index < len(contractor.ledger):
        date = getattr(contractor.ledger[index], "date", "")
        return f"Log, {date}" if date else f"Log, line {index + 1}"
    if field == "limits" and 0 <= index < len(contractor.limits):
        return f"Limit '{contractor.limits[index].name}'"
    if field == "gifts" and 0 <= index < len(contractor.gifts):
        gift = contractor.gifts[index]
        return f"Gift '{gift.draft.name or gift.id}'"
    if field == "loose_ends" and 0 <= index < len(contractor.loose_ends):
        return f"Loose End '{contractor.loose_ends[index].title}'"
    if field == "health.injuries":
        return f"Health, Injury {index + 1}"
    return ""
