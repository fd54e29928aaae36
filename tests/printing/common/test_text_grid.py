"""The lean grid prints what reportlab's ``Table`` prints: same rows on the same pages.

``grid`` hands the house table look to ``TextGrid`` (issue 29: reportlab's
``Table`` was half of a sheet's printing time) and any table with style
commands of its own to reportlab. A style command that changes nothing
(``VALIGN TOP``, already the house look) forces the reportlab ``Table``, so the
two can be printed side by side and compared page by page.
"""

from __future__ import annotations

import io

from reportlab.platypus import Flowable, Spacer, Table

from printing.common.flowables import grid
from printing.common.layout import build, frame_width, make_document
from printing.common.long_tables import TableParts
from printing.common.sections import sheet_styles
from printing.common.text import para
from printing.common.text_grid import TextGrid
from tests.printing.common.pdfread import read_pdf, squash

SAME_LOOK = [("VALIGN", (0, 0), (-1, -1), "TOP")]
"""A command that changes nothing: the table stays reportlab's."""


def _rows(count: int, long_row: int | None = None) -> list[list[object]]:
    s = sheet_styles()
    rows: list[list[object]] = [["#", "What happened", "Exp"]]
    for n in range(count):
        words = " ".join(["lantern", "glass", "harbor", "ledger"][k % 4] for k in range(n % 9 * 6))
        text = f"Night {n}: {words}" if n != long_row else "word " * 1400
        rows.append([str(n), para(text, s.cell), f"+{n % 7}"])
    return rows


def _pages(story_of: list[Flowable]) -> tuple[int, list[str]]:
    buffer = io.BytesIO()
    count = build(make_document(buffer, "letter", title="t", subject="s"), story_of)
    _, pages = read_pdf(buffer.getvalue())
    return count, [squash(p.body) for p in pages]


def _both(rows_of: list[list[object]], lead: float) -> tuple[object, object]:
    width = frame_width("letter")
    widths = [width * 0.1, width * 0.75, width * 0.15]
    lean = grid(rows_of(), widths, right=(2,))  # type: ignore[operator]
    table = grid(rows_of(), widths, right=(2,), extra=SAME_LOOK)  # type: ignore[operator]
    return (
        _pages([Spacer(1, lead), lean]),  # type: ignore[list-item]
        _pages([Spacer(1, lead), table]),  # type: ignore[list-item]
    )


def test_the_house_look_is_a_lean_grid_and_extra_commands_keep_reportlabs_table() -> None:
    width = frame_width("letter")
    assert isinstance(grid(_rows(5), [width / 3] * 3), TextGrid)
    assert isinstance(grid(_rows(5), [width / 3] * 3, extra=SAME_LOOK), Table)
    assert isinstance(grid(_rows(150), [width / 3] * 3), TextGrid)  # no parts, however long
    assert isinstance(grid(_rows(150), [width / 3] * 3, extra=SAME_LOOK), TableParts)


def test_a_grid_over_several_pages_breaks_where_the_table_breaks() -> None:
    """Rows of one to five wrapped lines, started at three heights on the page, so the page
    ends fall at different rows: every page holds the same text as reportlab's."""
    for lead in (0.0, 237.0, 580.0):
        lean, table = _both(lambda: _rows(90), lead)
        assert lean == table
        assert lean[0] >= 3  # it did span pages


def test_a_row_taller_than_a_page_splits_inside_the_row_as_the_table_does() -> None:
    lean, table = _both(lambda: _rows(12, long_row=4), 300.0)
    assert lean == table
    assert lean[0] >= 3
