"""The printed sheet's "Leader's suggestions" section: each correction still waiting for an answer.

A Playgroup Leader who wrote a suggested correction into a contractor file
(``builder.contract.suggesting``) and later reads the printout sees, for each
pending one, who suggested it and when, why, what accepting it would change,
and the Exp available now and after acceptance. The words and figures are
builder's (``change_text``, ``exp_if_accepted``); this module only lays them
out. A contractor with no pending suggestion prints no section, so every sheet
printed before suggestions existed looks the same.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.platypus import Flowable, Spacer

from builder.contract.audit_suggestions import exp_if_accepted
from builder.contract.character import Contractor
from builder.contract.suggesting import change_text, pending
from printing.common.flowables import fit, grid
from printing.common.sections import section_heading
from printing.common.styles import Styles
from printing.common.text import para


@dataclass(frozen=True, slots=True)
class SuggestionView:
    """One pending suggestion as printed.

    ``number`` counts from 0, as ``contractor suggestions --accept N`` does;
    ``exp_now`` and ``exp_after`` are None when the correction no longer applies
    to the sheet as it stands.
    """

    number: int
    by: str
    date: str
    reason: str
    change: str
    exp_now: int | None = None
    exp_after: int | None = None

    @property
    def exp_text(self) -> str:
        """ "160 now → 158 if accepted", or words saying the correction no longer applies."""
        if self.exp_now is None or self.exp_after is None:
            return "no longer applies to the sheet"
        return f"{self.exp_now} now → {self.exp_after} if accepted"


def suggestion_views(contractor: Contractor) -> tuple[SuggestionView, ...]:
    """The contractor's pending suggestions, in the order the file holds them."""
    views = []
    for number in pending(contractor):
        suggestion = contractor.suggestions[number]
        exp = exp_if_accepted(contractor, suggestion)
        views.append(
            SuggestionView(
                number=number,
                by=suggestion.by,
                date=suggestion.date,
                reason=suggestion.reason,
                change=change_text(contractor, suggestion),
                exp_now=exp[0] if exp else None,
                exp_after=exp[1] if exp else None,
            )
        )
    return tuple(views)


def suggestions_section(
    suggestions: Sequence[SuggestionView], width: float, s: Styles
) -> list[Flowable]:
    """The "Leader's suggestions" heading and table; nothing at all when none is pending."""
    if not suggestions:
        return []
    out = section_heading("Leader's suggestions (pending)", s)
    widths = [width * f for f in (0.04, 0.12, 0.11, 0.31, 0.22, 0.2)]
    rows: list[list[Flowable | str]] = [
        ["#", "Leader", "Date", "Would change", "Reason", "Exp available"]
    ]
    for v in suggestions:
        rows.append(
            [
                fit(str(v.number), s.cell, widths[0]),
                fit(v.by, s.cell_bold, widths[1]),
                fit(v.date, s.cell, widths[2]),
                fit(v.change, s.cell, widths[3]),
                fit(v.reason, s.cell, widths[4]),
                fit(v.exp_text, s.cell, widths[5]),
            ]
        )
    out.append(grid(rows, widths, fonts={1: s.cell_bold}))
    note = "Nothing changes on the sheet until the player accepts or declines each suggestion."
    out.append(para(note, s.muted))
    out.append(Spacer(1, 5))
    return out


__all__ = ["SuggestionView", "suggestion_views", "suggestions_section"]
