"""Long tables printed in parts, so laying out a table costs time in proportion to its rows.

reportlab splits a table at a page end by building a new table of the rows
left and measuring every one of them again; a table of N rows over P pages
is measured about N × P / 2 times. A schema-valid file may hold 20,000 ledger
entries (issue 13): as one table that took minutes. Cut into parts of
``PART_ROWS`` rows, each with the header row, the same rows print one after the
other and look the same (the header repeats on every page either way), while
each part is measured only a few times.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.platypus import Flowable
from reportlab.platypus.doctemplate import NullActionFlowable

PART_ROWS = 40
"""Body rows in one part; even, so the zebra banding runs on unbroken across parts."""

LONG_TABLE_ROWS = 100
"""Tables with more body rows than this are printed in parts."""


class TableParts(Flowable):
    """Several tables that print as one long table, one after the other.

    Like reportlab's ``KeepTogether`` it reports a height no page has, so the
    frame asks it to ``split`` and then lays out each part in turn; it never
    measures the parts itself. Only for the main story, never inside a table cell.
    """

    def __init__(self, parts: Sequence[Flowable]) -> None:
        super().__init__()
        self.parts = list(parts)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return availWidth, 0xFFFFFF

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        # The page template places the first flowable of a split whole, so lead with one
        # that does nothing (as KeepTogether does); each part then splits as it needs.
        return [NullActionFlowable(), *self.parts]


def in_parts(
    rows: Sequence[Sequence[Any]],
    header: int,
    style: Sequence[Any],
    heights: Sequence[float | None] | None,
    make: Callable[[list[list[Any]], list[Any], list[float | None] | None], Flowable],
) -> list[Flowable]:
    """The tables that together print ``rows``: each holds the ``header`` rows and at most
    ``PART_ROWS`` body rows; ``style`` commands are moved to the rows they name in each part.

    ``make(rows, style, heights)`` builds one part.
    """
    total = len(rows)
    parts: list[Flowable] = []
    for start in range(header, total, PART_ROWS):
        stop = min(start + PART_ROWS, total)
        part_rows = [list(r) for r in rows[:header]] + [list(r) for r in rows[start:stop]]
        part_heights = None
        if heights is not None:
            part_heights = list(heights[:header]) + list(heights[start:stop])
        commands = [c for command in style for c in _moved(command, total, header, start, stop)]
        parts.append(make(part_rows, commands, part_heights))
    return parts


def _moved(command: Any, total: int, header: int, start: int, stop: int) -> list[Any]:
    """A style command of the whole table as it applies to the part of rows ``start:stop``."""
    name, (c0, r0), (c1, r1), *args = command
    r0 = r0 + total if r0 < 0 else r0
    r1 = r1 + total if r1 < 0 else r1
    out: list[Any] = []
    if r0 < header:  # the header rows keep their places
        out.append((name, (c0, r0), (c1, min(r1, header - 1)), *args))
    low, high = max(r0, start), min(r1, stop - 1)
    if low <= high:
        shift = header - start
        out.append((name, (c0, low + shift), (c1, high + shift), *args))
    return out
