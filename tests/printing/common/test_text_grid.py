"""The lean grid prints what reportlab's ``Table`` prints: same rows on the same pages.

``grid`` hands the house table look to ``TextGrid`` (issue 29: reportlab's
``Table`` was half of a sheet's printing time) and any table with style
commands of its own to reportlab. A style command that changes nothing
(``VALIGN TOP``, already the house look) forces the reportlab ``Table``, so the
two can be printed side by side and compared page by page.
"""

from __future__ import annotations

import io
import re

import pytest
from reportlab.platypus import Flowable, Spacer, Table

from printing.common.flowables import grid, plain_table, shaded_row
from printing.common.layout import build, frame_width, make_document
from printing.common.long_tables import TableParts
from printing.common.sections import sheet_styles
from printing.common.styled_grid import StyledGrid
from printing.common.styles import SHADE
from printing.common.text import para
from printing.common.text_grid import PlainGrid, TextGrid
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
    table = grid(rows_of(), widths, right=(2,), lean=False)  # type: ignore[operator]
    return (
        _pages([Spacer(1, lead), lean]),  # type: ignore[list-item]
        _pages([Spacer(1, lead), table]),  # type: ignore[list-item]
    )


def test_the_house_look_is_a_lean_grid_and_extra_commands_a_styled_one() -> None:
    width = frame_width("letter")
    assert isinstance(grid(_rows(5), [width / 3] * 3), TextGrid)
    assert isinstance(grid(_rows(5), [width / 3] * 3, extra=SAME_LOOK), StyledGrid)
    assert isinstance(grid(_rows(5), [width / 3] * 3, lean=False), Table)
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


def _pdf_bytes(story_of: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story_of)
    return buffer.getvalue()


def _side_by_side(lead: float, *, plain: bool) -> list[Flowable]:
    """Grids, paragraphs and plain words side by side in one-row and several-row
    placement tables, after a spacer that moves where the page ends fall."""
    width = frame_width("letter")
    s = sheet_styles()
    third = (width - 20) / 3
    extra = [] if plain else [("VALIGN", (0, 0), (-1, -1), "TOP")]  # changes nothing
    story: list[Flowable] = [Spacer(1, lead)]
    for n in range(14):
        left = grid(_rows(n % 5 + 1), [third * 0.2, third * 0.6, third * 0.2])
        right = [para(f"Notes {n}: " + "lantern glass " * (n * 3), s.body), Spacer(1, 4)]
        story.append(
            plain_table(
                [[left, "", right, "", f"plain {n}\nsecond line"]],
                [third, 10, third, 10, third],
                extra,
            )
        )
        story.append(
            plain_table([["a", "b"], [para("c " * n, s.cell), "d"]], [width / 2] * 2, extra)
        )
    return story


@pytest.mark.parametrize("lead", [0.0, 300.0, 610.0])
def test_a_placement_table_prints_byte_for_byte_as_reportlabs(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``plain_table`` without commands of its own is a ``PlainGrid``; the PDF it prints,
    page ends included, is the one reportlab's ``Table`` prints for the same rows."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    width = frame_width("letter")
    assert isinstance(plain_table([["a", "b"]], [width / 2] * 2), PlainGrid)
    assert isinstance(plain_table([["a", "b"]], [width / 2] * 2, SAME_LOOK), Table)
    mine = _pdf_bytes(_side_by_side(lead, plain=True))
    theirs = _pdf_bytes(_side_by_side(lead, plain=False))
    assert mine.count(b"/Type /Page\n") >= 3 or mine.count(b"/Type /Page ") >= 3
    assert mine == theirs


def _bars(lead: float, *, lean: bool) -> list[Flowable]:
    """Name-and-cost bars of one to many lines (one taller than a page, which splits)."""
    width = frame_width("letter")
    s = sheet_styles()
    story: list[Flowable] = [Spacer(1, lead)]
    for n in range(16):
        words = "lantern glass harbor " * (n * 4 + (400 if n == 9 else 0))
        title = [para(f"Gift {n}", s.gift_name), para(words, s.italic)]
        cells = [title, [para(f"<b>Cost {n}</b>", s.cell_right)]]
        widths = [width * 0.8, width * 0.2]
        if lean:
            story.append(shaded_row(cells, widths, SHADE))
        else:
            story.append(
                grid(
                    [cells],
                    widths,
                    header=False,
                    zebra=False,
                    lines=False,
                    extra=[("BACKGROUND", (0, 0), (-1, -1), SHADE)],
                    lean=False,
                )
            )
        story.append(Spacer(1, 6))
    return story


@pytest.mark.parametrize("lead", [0.0, 350.0])
def test_a_shaded_row_prints_byte_for_byte_as_reportlabs(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Gift's bar as a ``ShadedRow`` prints the PDF reportlab's ``Table`` prints for it
    (a ``BACKGROUND`` over the row, no rules), a bar split across pages included."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    mine = _pdf_bytes(_bars(lead, lean=True))
    theirs = _pdf_bytes(_bars(lead, lean=False))
    assert mine.count(b"/Type /Page\n") >= 4
    assert mine == theirs


def test_a_row_said_not_to_split_is_one_reportlabs_table_would_not_split() -> None:
    """Before building a ``Table`` to ask whether the first body row splits at a page end,
    the grid answers "no" itself where the answer is sure: wherever it does, reportlab's
    ``Table`` of the header and that row answers ``[]`` too (rows of plain words, of
    wrapped cells and of paragraphs of one to six lines, at every half point of room)."""
    width = frame_width("letter")
    s = sheet_styles()
    widths = [width * 0.15, width * 0.6, width * 0.25]
    firsts: list[list[object]] = [
        ["1", "plain", "+2"],
        ["2", "two\nlines", "+3"],
        ["3", para("glass " * 40, s.cell), "+1"],
        ["4", para("harbor " * 160, s.cell), "+1"],
        [para("lantern " * 20, s.cell), para("ledger " * 90, s.cell), para("x", s.cell)],
    ]
    said = {True: 0, False: 0}
    for first in firsts:
        made = grid([["#", "What", "Exp"], first, ["5", "after", "+0"]], widths, right=(2,))
        assert isinstance(made, TextGrid)
        total = sum(made._measure()[:2])
        room = 0.0
        while room < total:
            sure = made._cannot_split_in_row(room)
            said[sure] += 1
            if sure:
                probe = made.fallback(made.rows[:2])
                probe.wrapOn(None, width, room)
                assert probe.split(width, room) == [], (first, room)
            room += 0.5
    assert said[True] > 50 and said[False] > 50


def _text_shows(data: bytes) -> list[bytes]:
    """Every text object that shows a string (``BT 1 0 0 1 x y Tm … T* ET``) on every page."""
    from pypdf import PdfReader

    shows: list[bytes] = []
    for page in PdfReader(io.BytesIO(data)).pages:
        stream = page.get_contents()
        assert stream is not None
        shows += re.findall(rb"BT 1 0 0 1 [^\n]*? Tm [^\n]*? T\* ET", stream.get_data())
    return shows


def test_a_grids_plain_text_is_written_as_reportlabs_table_writes_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Plain cells left, right and centre aligned, of one and two lines, in the header
    face and two body faces, over several pages: every string a ``TextGrid`` draws is
    the very text object reportlab's ``Table`` writes for it, at the same place."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    width = frame_width("letter")
    s = sheet_styles()
    rows: list[list[object]] = [["Date", "Entry", "Earned", "Mark"]]
    for n in range(95):  # one Table, not parts (LONG_TABLE_ROWS)
        entry = f"Night {n}" if n % 5 else f"Night {n}\nand the morning after"
        rows.append([f"2024-01-{n % 28 + 1:02d}", entry, f"+{n % 11}", "•" if n % 3 else "—"])
    widths = [width * 0.2, width * 0.5, width * 0.15, width * 0.15]

    def story(lean: bool) -> list[Flowable]:
        made = grid(rows, widths, right=(2,), center=(3,), fonts={0: s.small}, lean=lean)
        return [Spacer(1, 200), made]  # type: ignore[list-item]

    mine = _text_shows(_pdf_bytes(story(True)))
    theirs = _text_shows(_pdf_bytes(story(False)))
    assert len(mine) > 380
    assert mine == theirs
