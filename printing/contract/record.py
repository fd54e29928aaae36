"""The contractor sheet's closing sections: Story (Contracts and Loose Ends), Exp and
rewards with the log, and the rule check with the player's notes.

Split from ``printing.contract.sheet`` so each module stays short; the sheet calls
``story_section``, ``ledger_section`` and ``findings_and_notes`` in that order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from reportlab.platypus import Flowable, Spacer

from printing.common.flowables import fit, grid, plain_table
from printing.common.fonts import SANS_BOLD
from printing.common.sections import section_heading
from printing.common.styles import Styles
from printing.common.text import NOTES_PRINT_LIMIT, literal, markup, para
from printing.contract.views import PrintSnapshot, TotalLine

T = TypeVar("T")


PRINT_ROWS = 1_000
"""Most Contracts, Journals, log lines and findings printed (issue 13): a file may hold
20,000 ledger entries, and a table that long takes minutes to lay out. The latest are
printed (the first findings), and a line says how many others were left out."""


def _latest(items: Sequence[T], what: str, s: Styles) -> tuple[Sequence[T], list[Flowable]]:
    """The last ``PRINT_ROWS`` of ``items``, and a note when earlier ones are not printed."""
    if len(items) <= PRINT_ROWS:
        return items, []
    left_out = len(items) - PRINT_ROWS
    note = f"The first {left_out:,} {what} of {len(items):,} are not printed; see the file."
    return items[-PRINT_ROWS:], [para(note, s.muted)]


RECENT_CONTRACTS = 50
"""Contracts printed in full in the Story section; earlier ones go to the appendix."""
RECENT_JOURNALS = 50
"""Journals printed in full in the Story section; earlier ones go to the appendix."""
RECENT_LOG_LINES = 100
"""Exp and reward log lines printed in full; earlier ones go to the appendix."""

APPENDIX = "Earlier history"
"""The appendix's heading, named by the note in each section that sends entries there."""


def recent(
    items: Sequence[T], keep: int, what: str, s: Styles
) -> tuple[Sequence[T], list[Flowable]]:
    """The latest ``keep`` of ``items``, and a note saying where the earlier ones are printed."""
    if len(items) <= keep:
        return items, []
    earlier = len(items) - keep
    note = (
        f"The latest {keep} of {len(items):,} {what}. The first {earlier:,} are listed one line "
        f"each in “{APPENDIX}” at the end of this sheet."
    )
    return items[earlier:], [para(note, s.muted)]


def signed(value: int) -> str:
    """A signed number as printed in logs: "+3", "−5" (a true minus sign), "0"."""
    if value > 0:
        return f"+{value}"
    if value < 0:
        return f"\u2212{-value}"
    return "0"


def yes(flag: bool) -> str:
    """ "Yes" or "No", as a table cell prints a flag."""
    return "Yes" if flag else "No"


def story_section(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """Story: the Contracts attended, the Journals, and the Loose Ends (Threats hidden until
    their Cutoff)."""
    out = section_heading("Story", s)
    if snap.opening:
        out.append(para(snap.opening, s.body))
        out.append(Spacer(1, 4))
    if snap.contracts:
        header = ["#", "Date", "Scenario", "Where", "Outcome", "Commission", "Exp", "Notes"]
        rows: list[list[Any]] = [list(header)]  # a cell may also be a list of flowables
        fr = [0.05, 0.11, 0.25, 0.08, 0.11, 0.13, 0.06, 0.21]
        widths = [width * f for f in fr]
        contracts, note = _latest(snap.contracts, "Contracts", s)
        out += note
        contracts, moved = recent(contracts, RECENT_CONTRACTS, "Contracts", s)
        out += moved
        first = len(snap.contracts) - len(contracts) + 1
        for n, c in enumerate(contracts, start=first):
            scenario: Flowable | str | list[Flowable] = fit(c.scenario, s.cell_bold, widths[2])
            if c.cycle:
                scenario = [para(c.scenario, s.cell_bold), para(f"Cycle: {c.cycle}", s.muted)]
            rows.append(
                [
                    str(n),
                    fit(c.date, s.small, widths[1]),
                    scenario,
                    fit(c.where, s.cell, widths[3]),
                    fit(c.outcome, s.cell, widths[4]),
                    yes(c.commission),
                    "" if c.exp is None else signed(c.exp),
                    fit(c.notes, s.small, widths[7]),
                ]
            )
        out.append(grid(rows, widths, right=(0, 6), fonts={1: s.small, 2: s.cell_bold, 7: s.small}))
    else:
        nothing = "No Contracts attended since." if snap.opening else "No Contracts attended yet."
        out.append(para(nothing, s.muted))
    out.append(Spacer(1, 6))
    out += journals_table(snap, width, s)
    out.append(Spacer(1, 6))
    out.append(para("Loose Ends", s.subheading))
    if snap.loose_ends:
        rows = [["Loose End", "Threat level", "Cutoff", "Threat"]]
        widths = [width * 0.3, width * 0.14, width * 0.09, width * 0.47]
        for le in snap.loose_ends:
            threat = le.threat or "Hidden until the Cutoff reaches 0."
            title = (
                markup("{t} <i>(resolved)</i>", t=le.title) if le.resolved else literal(le.title)
            )
            rows.append(
                [
                    para(title, s.cell_bold),
                    fit(le.threat_level, s.cell, widths[1]),
                    str(le.cutoff_remaining),
                    para(threat, s.cell if le.threat else s.muted),
                ]
            )
        out.append(grid(rows, widths, center=(2,)))
    else:
        out.append(para("No Loose Ends.", s.muted))
    return out


def journals_table(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """The Journals written ("Journals"): date, kind, title, words and the Exp each earned."""
    out: list[Flowable] = [para("Journals", s.subheading)]
    if not snap.journals:
        out.append(para("No Journals written yet.", s.muted))
        return out
    rows: list[list[Flowable | str]] = [["Date", "Journal", "Title", "Words", "Exp"]]
    widths = [width * f for f in (0.12, 0.13, 0.55, 0.1, 0.1)]
    journals, note = _latest(snap.journals, "Journals", s)
    out += note
    journals, moved = recent(journals, RECENT_JOURNALS, "Journals", s)
    out += moved
    rows += [
        [
            fit(j.date, s.small, widths[0]),
            fit(j.kind, s.cell, widths[1]),
            fit(j.title, s.cell_bold, widths[2]),
            str(j.words),
            "" if j.exp is None else signed(j.exp),
        ]
        for j in journals
    ]
    out.append(grid(rows, widths, right=(3, 4), fonts={0: s.small, 2: s.cell_bold}))
    return out


def _totals_table(title: str, totals: Sequence[TotalLine], width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [[title, ""]]
    bold = []
    widths = [width * 0.78, width * 0.22]
    for n, t in enumerate(totals, start=1):
        label = fit(t.label, s.cell_bold if t.strong else s.cell, widths[0])
        rows.append([label, str(t.value)])
        if t.strong:
            bold.append(("FONTNAME", (0, n), (1, n), SANS_BOLD))
    return grid(rows, widths, right=(1,), extra=[("SPAN", (0, 0), (-1, 0)), *bold])


def ledger_section(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """Experience and rewards: the folded totals, then the Exp and reward log line by line."""
    out = section_heading("Experience and rewards", s)
    gap = 12.0
    half = (width - gap) / 2
    left = _totals_table("Exp", snap.exp_totals, half, s) if snap.exp_totals else ""
    right = (
        _totals_table("Gift Credits and Improvements", snap.reward_totals, half, s)
        if snap.reward_totals
        else ""
    )
    if left or right:
        out.append(plain_table([[left, "", right]], [half, gap, half]))
        out.append(Spacer(1, 6))
    out.append(para("Log", s.subheading))
    if snap.ledger:
        rows: list[list[Flowable | str]] = [
            ["Date", "Entry", "Earned", "Spent", "Exp left", "Rewards"]
        ]
        fr = [0.12, 0.45, 0.09, 0.09, 0.1, 0.15]
        widths = [width * f for f in fr]
        lines, note = _latest(snap.ledger, "log lines", s)
        out += note
        lines, moved = recent(lines, RECENT_LOG_LINES, "log lines", s)
        out += moved
        rows += [
            [
                fit(line.date, s.small, widths[0]),
                fit(line.entry, s.cell, widths[1]),
                f"+{line.earned}" if line.earned else "",
                f"\u2212{line.spent}" if line.spent else "",
                "" if line.balance is None else str(line.balance),
                fit(line.rewards, s.small, widths[5]),
            ]
            for line in lines
        ]
        out.append(grid(rows, widths, right=(2, 3, 4), fonts={0: s.small, 5: s.small}))
    else:
        out.append(para("Nothing recorded yet.", s.muted))
    return out


def findings_and_notes(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """The rule check (errors and warnings from builder) and the player's notes."""
    out: list[Flowable] = []
    if snap.findings:
        out += section_heading("Rule check", s)
        rows: list[list[Flowable | str]] = [["", "Finding", "Where"]]
        widths = [width * 0.1, width * 0.68, width * 0.22]
        shown = snap.findings[:PRINT_ROWS]
        rows += [
            [
                fit(f.severity.capitalize(), s.cell_bold, widths[0]),
                fit(f.message, s.cell, widths[1]),
                fit(f.where, s.small, widths[2]),
            ]
            for f in shown
        ]
        out.append(grid(rows, widths, fonts={0: s.cell_bold, 2: s.small}))
        if len(snap.findings) > len(shown):
            left_out = len(snap.findings) - len(shown)
            note = f"{left_out:,} more findings are not printed; sheet audit lists them all."
            out.append(para(note, s.muted))
    if snap.notes:
        out += section_heading("Notes", s)
        out.append(para(literal(snap.notes, NOTES_PRINT_LIMIT), s.body))
    return out
