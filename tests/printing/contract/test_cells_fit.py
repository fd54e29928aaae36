"""Plain-text table cells are never wrapped, so each must fit its column on both papers.

Sheets use plain strings for headers, numbers, short labels and any user
text that fits on one line (they are much faster to lay out than
paragraphs). This walks every table of a sheet, the blank sheet included,
and measures each plain cell, in the face and size its cell draws it in,
against its column.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator

import pytest
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Table

from printing.common.flowables import CELL_PADDING
from printing.common.layout import frame_width
from printing.common.long_tables import TableParts
from printing.common.styled_grid import StyledGrid
from printing.common.text_grid import TextGrid
from printing.contract.blank import blank_story
from printing.contract.sheet import sheet_story
from printing.contract.views import ContractView, LedgerLine, TotalLine
from tests.printing.contract.samples import sample_snapshot


def tables(flowables: Iterable[object]) -> Iterator[Table | TextGrid | StyledGrid]:
    for f in flowables:
        if isinstance(f, KeepTogether):
            yield from tables(f._content)
        elif isinstance(f, TableParts):
            yield from tables(f.parts)
        elif isinstance(f, list | tuple):
            yield from tables(f)
        elif isinstance(f, Table):
            yield f
            for row in f._cellvalues:
                yield from tables(row)
        elif isinstance(f, TextGrid | StyledGrid):
            yield f
            for row in f.rows:
                yield from tables(row)


def _index(i: int, n: int) -> int:
    return i + n if i < 0 else i


def too_wide(table: Table | TextGrid | StyledGrid) -> list[str]:
    if isinstance(table, TextGrid):
        return grid_too_wide(table)
    if isinstance(table, StyledGrid):
        return styled_too_wide(table)
    widths = list(table._colWidths)
    rows, cols = len(table._cellvalues), len(widths)
    span_width: dict[tuple[int, int], float] = {}
    for _, (sc, sr), (ec, _er) in table._spanCmds:
        sc, ec, sr = _index(sc, cols), _index(ec, cols), _index(sr, rows)
        span_width[(sc, sr)] = sum(widths[sc : ec + 1])
    problems = []
    for r, row in enumerate(table._cellvalues):
        for c, cell in enumerate(row):
            if not isinstance(cell, str) or not cell:
                continue
            room = span_width.get((c, r), widths[c]) - 2 * CELL_PADDING
            style = table._cellStyles[r][c]
            for line in cell.split("\n"):
                need = stringWidth(line, style.fontname, style.fontsize)
                if need > room:
                    problems.append(f"{line!r} needs {need:.1f} pt, has {room:.1f}")
    return problems


def grid_too_wide(grid: TextGrid) -> list[str]:
    """The plain cells of a ``TextGrid`` wider than their column, in the face each is drawn in."""
    problems = []
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, str) or not cell:
                continue
            room = grid.widths[c] - 2 * CELL_PADDING
            name, size, _, _ = grid.fonts[0 if r < grid.header else 1][c]
            for line in cell.split("\n"):
                need = stringWidth(line, name, size)
                if need > room:
                    problems.append(f"{line!r} needs {need:.1f} pt, has {room:.1f}")
    return problems


def styled_too_wide(grid: StyledGrid) -> list[str]:
    """The plain cells of a ``StyledGrid`` wider than their column (or their span), in the
    face each is drawn in."""
    problems = []
    for r, row in enumerate(grid.rows):
        for c, cell in enumerate(row):
            if not isinstance(cell, str) or not cell:
                continue
            span = grid.spans[c, r] if grid.spans is not None else None
            room = sum(grid.widths[span[0] : span[2] + 1]) if span else grid.widths[c]
            room -= 2 * CELL_PADDING
            name, size = grid.styles[r][c][0], grid.styles[r][c][1]
            for line in cell.split("\n"):
                need = stringWidth(line, name, size)
                if need > room:
                    problems.append(f"{line!r} needs {need:.1f} pt, has {room:.1f}")
    return problems


def test_the_walk_reaches_the_lean_grids() -> None:
    """The check above must see the sheet's own grids, or it would pass by seeing nothing."""
    story = sheet_story(busy_snapshot(), frame_width("letter"))
    found = list(tables(story))
    assert sum(isinstance(t, TextGrid) for t in found) >= 5
    assert sum(isinstance(t, StyledGrid) for t in found) >= 3


def busy_snapshot():  # type: ignore[no-untyped-def]
    base = sample_snapshot(gifts=2, contracts=3)
    contracts = tuple(
        ContractView("2031-12-31", "x", "Away", "Failure", True, exp=-12) for _ in range(120)
    )
    return dataclasses.replace(
        base,
        contracts=contracts,
        ledger=(LedgerLine("2031-12-31", "x", 12345, 12345, 99999),),
        exp_totals=(TotalLine("Exp available", 99999, strong=True),),
        reward_totals=(TotalLine("Gift Credits available", 9999, strong=True),),
    )


@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_plain_cells_fit_their_columns(paper: str) -> None:
    width = frame_width(paper)
    stories: list[list[Flowable]] = [
        sheet_story(busy_snapshot(), width),
        blank_story(width),
    ]
    problems = [p for story in stories for t in tables(story) for p in too_wide(t)]
    assert problems == []
