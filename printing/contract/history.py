"""A long career on paper: the latest Contracts, Journals and log lines in full, the rest
as a compact appendix at the end of the sheet, one line each (issue 29).

At the table a player looks up what happened lately: the last few Contracts,
their notes, the Exp they brought. A contractor with 500 Contracts printed every
one in full over 90 pages, the recent ones lost in the middle. The sheet now
prints the latest ``RECENT_CONTRACTS`` Contracts, ``RECENT_JOURNALS`` Journals
and ``RECENT_LOG_LINES`` log lines in their sections as before, and every
earlier one in the appendix "Earlier history": one line per Contract, Journal
or log line, oldest first, text too long for its column cut with "…" (the file
keeps it whole). Nothing is left out; a sheet with fewer entries than these
limits prints exactly as it always did.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from reportlab.platypus import Flowable, Spacer

from printing.common.flowables import CELL_PADDING, grid
from printing.common.fonts import SANS
from printing.common.sections import section_heading
from printing.common.styles import Styles
from printing.common.text import fit_width, one_line, para
from printing.contract.record import (
    APPENDIX,
    PRINT_ROWS,
    RECENT_CONTRACTS,
    RECENT_JOURNALS,
    RECENT_LOG_LINES,
)
from printing.contract.views import ContractView, JournalView, LedgerLine, PrintSnapshot

T = TypeVar("T")


def earlier(items: Sequence[T], keep: int) -> tuple[int, Sequence[T]]:
    """The entries of ``items`` the sheet's section leaves to the appendix, and the number
    of the first: those before the latest ``keep`` among the last ``PRINT_ROWS`` printed."""
    printed = items[-PRINT_ROWS:] if len(items) > PRINT_ROWS else items
    return len(items) - len(printed) + 1, printed[: max(0, len(printed) - keep)]


def _cut(text: object, width: float, size: float) -> str:
    """``text`` on one line, cut with "…" to fit a column ``width`` points wide."""
    return fit_width(one_line(text), SANS, size, width - 2 * CELL_PADDING - 0.5)


def _signed(value: int | None) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else (f"\u2212{-value}" if value < 0 else "0")


def _contract_rows(
    contracts: Sequence[ContractView], first: int, widths: Sequence[float], size: float
) -> list[list[str]]:
    return [
        [
            str(n),
            _cut(c.date, widths[1], size),
            _cut(c.scenario, widths[2], size),
            _cut(c.where, widths[3], size),
            _cut(c.outcome, widths[4], size),
            _signed(c.exp),
        ]
        for n, c in enumerate(contracts, start=first)
    ]


def _journal_rows(
    journals: Sequence[JournalView], widths: Sequence[float], size: float
) -> list[list[str]]:
    return [
        [
            _cut(j.date, widths[0], size),
            _cut(j.kind, widths[1], size),
            _cut(j.title, widths[2], size),
            str(j.words),
            _signed(j.exp),
        ]
        for j in journals
    ]


def _log_rows(lines: Sequence[LedgerLine], widths: Sequence[float], size: float) -> list[list[str]]:
    return [
        [
            _cut(line.date, widths[0], size),
            _cut(line.entry, widths[1], size),
            f"+{line.earned}" if line.earned else "",
            f"\u2212{line.spent}" if line.spent else "",
            "" if line.balance is None else str(line.balance),
            _cut(line.rewards, widths[5], size),
        ]
        for line in lines
    ]


def appendix_section(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """The appendix of the Contracts, Journals and log lines the sheet's sections leave
    out (``record.recent``), one line each; nothing when they left none out."""
    first, contracts = earlier(snap.contracts, RECENT_CONTRACTS)
    _, journals = earlier(snap.journals, RECENT_JOURNALS)
    _, log_lines = earlier(snap.ledger, RECENT_LOG_LINES)
    if not (contracts or journals or log_lines):
        return []
    out = section_heading(APPENDIX, s)
    out.append(
        para(
            "One line each, oldest first; the sections above print the latest in full. "
            "Text too long for its column is cut with “…”; the file keeps it whole.",
            s.muted,
        )
    )
    size = s.small.fontSize
    small = {c: s.small for c in range(8)}
    if contracts:
        widths = [width * f for f in (0.06, 0.12, 0.5, 0.1, 0.14, 0.08)]
        header = ["#", "Date", "Scenario", "Where", "Outcome", "Exp"]
        rows = _contract_rows(contracts, first, widths, size)
        out += [para("Earlier Contracts", s.subheading)]
        out.append(grid([header, *rows], widths, right=(0, 5), fonts=small))
        out.append(Spacer(1, 6))
    if journals:
        widths = [width * f for f in (0.12, 0.13, 0.55, 0.1, 0.1)]
        header = ["Date", "Journal", "Title", "Words", "Exp"]
        rows = _journal_rows(journals, widths, size)
        out += [para("Earlier Journals", s.subheading)]
        out.append(grid([header, *rows], widths, right=(3, 4), fonts=small))
        out.append(Spacer(1, 6))
    if log_lines:
        widths = [width * f for f in (0.12, 0.45, 0.09, 0.09, 0.1, 0.15)]
        header = ["Date", "Entry", "Earned", "Spent", "Exp left", "Rewards"]
        rows = _log_rows(log_lines, widths, size)
        out += [para("Earlier log lines", s.subheading)]
        out.append(grid([header, *rows], widths, right=(2, 3, 4), fonts=small))
    return out
