"""Sheets of the largest files the schema accepts: printed quickly, nothing dropped silently.

Issue 13: a schema-valid file may hold 20,000 ledger entries, 500 entries in
every other list and 4 MB of text. Long tables print in parts (same rows, same
order, header on every page), the findings table stops at 1,000 rows, and a
sheet prints at most ``PRINT_BUDGET`` characters of long text; whatever is
left out is named on the page.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
from reportlab.platypus import Table

from printing.common.flowables import grid
from printing.common.long_tables import PART_ROWS, TableParts, _moved
from printing.common.styled_grid import StyledGrid
from printing.common.styles import HIGHLIGHT
from printing.common.text_grid import TextGrid
from printing.contract.record import RECENT_CONTRACTS
from printing.contract.sheet import PRINT_BUDGET, render_contractor_sheet
from printing.contract.views import ContractView, FindingView, LooseEndView, PrintSnapshot
from tests.printing.common.pdfread import body_text, read_pdf, squash
from tests.printing.contract.samples import sample_snapshot


def _text(snapshot: PrintSnapshot) -> tuple[str, int]:
    buffer = io.BytesIO()
    count = render_contractor_sheet(snapshot, buffer)
    _, pages = read_pdf(buffer.getvalue())
    return body_text(pages), count


def test_a_long_plain_table_is_one_grid_and_a_styled_one_prints_in_parts() -> None:
    rows = [["Head", "Value"], *([f"r{n}", str(n)] for n in range(250))]
    # The house look is one lean grid however long: it splits in time in proportion to
    # its rows (test_text_grid), so it needs no parts.
    assert isinstance(grid(rows, [100.0, 50.0]), TextGrid)
    # A table with style commands of its own is reportlab's, cut into parts.
    extra = [("BACKGROUND", (0, 5), (-1, 5), HIGHLIGHT)]
    styled = grid(rows, [100.0, 50.0], extra=extra)
    assert isinstance(styled, TableParts)
    assert all(isinstance(p, Table) for p in styled.parts)
    assert [len(p._cellvalues) for p in styled.parts] == [PART_ROWS + 1] * 6 + [11]
    assert isinstance(grid(rows[:101], [100.0, 50.0], extra=extra), StyledGrid)
    assert isinstance(grid(rows[:101], [100.0, 50.0], extra=extra, lean=False), Table)


def test_a_style_command_follows_its_rows_into_each_part() -> None:
    highlight = ("BACKGROUND", (0, 45), (-1, 45), HIGHLIGHT)
    # 251 rows (header + 250): row 45 is the 5th body row of the part starting at row 41.
    assert _moved(highlight, 251, 1, 41, 81) == [("BACKGROUND", (0, 5), (-1, 5), HIGHLIGHT)]
    assert _moved(highlight, 251, 1, 1, 41) == []
    every = ("LINEBELOW", (0, 0), (-1, -1), 0.25)
    assert _moved(every, 251, 1, 241, 251) == [
        ("LINEBELOW", (0, 0), (-1, 0), 0.25),
        ("LINEBELOW", (0, 1), (-1, 10), 0.25),
    ]


def test_three_hundred_contracts_print_the_latest_fifty_in_full_and_the_rest_at_the_end() -> None:
    """Issue 29: the Story section prints the latest ``RECENT_CONTRACTS`` (50) Contracts and
    says where the first 250 are; the appendix "Earlier history" lists those, oldest first."""
    snap = sample_snapshot(gifts=1, contracts=300)
    text, count = _text(snap)
    squashed = squash(text)
    note = squashed.index(
        "The latest 50 of 300 Contracts. The first 250 are listed one line each in "
        "“Earlier history” at the end of this sheet."
    )
    appendix = squashed.index("Earlier history One line each, oldest first")
    earlier = squashed.index("Earlier Contracts # Date Scenario Where Outcome Exp")

    def at(n: int, start: int = 0) -> int:
        return squashed.index(squash(f"Scenario number {n}: The Lantern Job"), start)

    assert note < at(251) < at(275) < at(300) < appendix < earlier
    log = squashed.index("Earlier log lines", earlier)
    assert earlier < at(1, earlier) < at(150, earlier) < at(250, earlier) < log
    assert all(squash(c.scenario) in squashed for c in snap.contracts)
    assert "Scenario number 1: The Lantern Job" not in squashed[:appendix]
    assert squashed.count("Date Entry Earned Spent Exp left Rewards") >= 1
    assert count >= 8


def test_a_story_within_the_limits_prints_no_appendix() -> None:
    text, _ = _text(sample_snapshot(gifts=1, contracts=RECENT_CONTRACTS))
    assert "Earlier history" not in text and "The latest" not in text
    assert all(f"Scenario number {n}: The Lantern Job" in squash(text) for n in (1, 50))


def test_findings_past_a_thousand_are_counted_not_printed() -> None:
    findings = tuple(
        FindingView("warning", f"Finding number {n}", f"ledger[{n}]") for n in range(1200)
    )
    text, _ = _text(dataclasses.replace(sample_snapshot(gifts=1), findings=findings))
    squashed = squash(text)
    assert "Finding number 999" in squashed and "Finding number 1000" not in squashed
    assert "200 more findings are not printed; sheet audit lists them all." in squashed


@pytest.mark.slow  # a long sheet, ~3.0 s of CPU
def test_a_sheet_prints_at_most_its_budget_of_long_text_and_says_what_it_left_out() -> None:
    threat = "word " * 1_500  # 7,500 characters, under the 8,000 of one text
    ends = tuple(LooseEndView(f"End {n}", "Deadly", 0, f"Threat {n} {threat}") for n in range(60))
    snap = dataclasses.replace(sample_snapshot(gifts=1), loose_ends=ends)
    text, _ = _text(snap)
    squashed = squash(text)
    printed = PRINT_BUDGET // len(ends[0].threat) + 1
    assert f"Threat {printed - 1} word" in squashed and f"Threat {printed} word" not in squashed
    note = "characters not printed: this sheet already holds as much text as one sheet prints"
    assert squashed.count(note) == len(ends) - printed
    assert all(f"End {n}" in squashed for n in range(60))  # short texts always print


@pytest.mark.slow  # a long story, ~2.1 s of CPU
def test_contract_views_in_a_long_story_keep_their_numbers() -> None:
    story = tuple(ContractView("2024-01-05", f"Job {n}", "Home", "Victory") for n in range(1, 1201))
    snap = dataclasses.replace(sample_snapshot(gifts=1, contracts=0), contracts=story)
    text, _ = _text(snap)
    squashed = squash(text)
    assert "The first 200 Contracts of 1,200 are not printed; see the file." in squashed
    assert "Job 201" in squashed and "Job 200" not in squashed
