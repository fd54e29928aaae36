"""A plain wrapped cell breaks and places its lines exactly as reportlab's ``Paragraph`` (issue 29).

reportlab's rule for a paragraph of one run (``Paragraph.breakLines``): the
words are the text split at whitespace; a word joins the line while the line's
width stays within the available width plus ``spaceShrinkage`` × the space's
width for each word already on it; a word wider than the line is split by
characters. ``PlainCell`` must give the same lines for any text, or hand the
text to the ``Paragraph`` itself.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.lib.enums import TA_JUSTIFY
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer

from printing.common.flowables import fit, grid
from printing.common.layout import build, frame_width, make_document
from printing.common.plain_cell import PlainCell, plain_cell_fits
from printing.common.sections import sheet_styles
from printing.common.text import para
from tests.hypothesis_profiles import examples

SAMPLES = [
    "Scenario 18: the night the lights went out (home, failure)",
    "Zoë Ünterberg — naïve café; “quoted” words … and Œuvre",
    "well-worn, twice-mended, hand-me-down coat from the harbor-master's widow",
    "Ελληνικά Кириллица עברית 漢字 words between 🙂 them",
    "Supercalifragilisticexpialidociousandthensomemoretomakeitlong word",
    "a b c d e f g h i j k l m n o p q r s t u v w x y z " * 3,
    "   leading and trailing   spaces   and\ttabs\there   ",
    "Opens one door once",
    "x",
    "",
]
WIDTHS = [20.0, 45.5, 60.0, 95.0, 140.0, 300.0]


def _reportlab_lines(text: str, style: Any, width: float) -> tuple[list[tuple[float, str]], float]:
    paragraph = Paragraph(text, style)
    _, height = paragraph.wrap(width, 10_000)
    lines = [(spare, " ".join(words)) for spare, words in paragraph.blPara.lines]
    return lines, height


def _styles() -> list[Any]:
    s = sheet_styles()
    return [s.cell, s.cell_bold, s.small, s.muted, s.cell_right]


@pytest.mark.parametrize("width", WIDTHS)
def test_lines_and_heights_are_reportlabs(width: float) -> None:
    """Every sample in every cell style: the same lines, spare widths and height as the
    ``Paragraph``; a text it declines (a word wider than the cell) is as tall as it."""
    for style in _styles():
        for text in SAMPLES:
            cell = PlainCell(text, style)
            expected, height = _reportlab_lines(text, style, width)
            lines = cell.lines_at(width)
            if lines is not None:
                assert lines == expected, (text, width, style.name)
            assert cell.wrap(width, 10_000) == (width, height), (text, width)


def test_a_word_wider_than_the_cell_goes_to_the_paragraph() -> None:
    """reportlab splits such a word by characters; the cell leaves that to it."""
    s = sheet_styles()
    cell = PlainCell("Supercalifragilisticexpialidocious", s.cell)
    assert cell.lines_at(40.0) is None
    assert cell.lines_at(400.0) == [(cell.lines_at(400.0)[0][0], cell.text)]  # type: ignore[index]


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.text(alphabet="abcdefghijklmnopqrstuvwxyzéøß-.,'—ÆΩЖ漢 ", min_size=1, max_size=14),
        max_size=25,
    ),
    st.floats(min_value=8.0, max_value=400.0),
)
def test_any_words_break_as_reportlab_breaks_them(words: list[str], width: float) -> None:
    """Random words (hyphens, punctuation, non-ASCII, runs of spaces) at any width."""
    s = sheet_styles()
    text = " ".join(words)
    for style in (s.cell, s.small):
        lines = PlainCell(text, style).lines_at(width)
        if lines is not None:
            assert lines == _reportlab_lines(text, style, width)[0]


def test_only_plain_short_text_in_a_simple_style_is_a_plain_cell() -> None:
    """Line breaks, no-break and soft hyphens, and long text stay paragraphs."""
    s = sheet_styles()
    assert plain_cell_fits("a plain entry", s.cell)
    assert not plain_cell_fits("two\nlines", s.cell)
    assert not plain_cell_fits("no\xa0break", s.cell)
    assert not plain_cell_fits("soft\xadhyphen", s.cell)
    assert not plain_cell_fits("word " * 60, s.cell)
    justified = ParagraphStyle("justified", parent=s.cell, alignment=TA_JUSTIFY)
    indented = ParagraphStyle("indented", parent=s.cell, leftIndent=6)
    assert not plain_cell_fits("a plain entry", justified)
    assert not plain_cell_fits("a plain entry", indented)
    assert isinstance(fit("a long entry " * 6, s.cell, 60.0), PlainCell)
    assert isinstance(fit("short", s.cell, 200.0), str)
    assert isinstance(fit("a\nb " * 30, s.cell, 60.0), Paragraph)


def _placed_text(story: list[Flowable]) -> list[tuple[str, float, float]]:
    """Every piece of text on every page with where it starts, in points."""
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    placed: list[tuple[str, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, font: Any, size: Any) -> None:
        if text.strip():
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            placed.append((text.strip(), x, y))

    for page in PdfReader(buffer).pages:
        page.extract_text(visitor_text=visit)
    return placed


def _rows(make: Any) -> list[list[object]]:
    s = sheet_styles()
    rows: list[list[object]] = [["#", "What happened", "Note"]]
    for n in range(120):
        text = SAMPLES[n % len(SAMPLES)] or "—"
        rows.append([str(n), make(text, s.cell), make(f"note {n}: " + "ink " * (n % 5), s.small)])
    return rows


def _plain(text: str, style: Any) -> Flowable:
    return PlainCell(text, style) if plain_cell_fits(text, style) else para(text, style)


@pytest.mark.parametrize("lead", [0.0, 333.0])
def test_a_grid_of_plain_cells_prints_as_a_grid_of_paragraphs(lead: float) -> None:
    """The same text at the same places on the same pages, in the lean grid and in
    reportlab's ``Table`` (a style command forces it), whatever the page breaks."""
    width = frame_width("letter")
    widths = [width * 0.08, width * 0.22, width * 0.14]
    for extra in ((), [("VALIGN", (0, 0), (-1, -1), "TOP")]):
        mine = _placed_text([Spacer(1, lead), grid(_rows(_plain), widths, extra=extra)])  # type: ignore[list-item]
        theirs = _placed_text([Spacer(1, lead), grid(_rows(para), widths, extra=extra)])  # type: ignore[list-item]
        assert [t for t, _, _ in mine] == [t for t, _, _ in theirs]
        # Places agree to within PDF number rounding (the paragraph is drawn in moved
        # coordinates, the cell in the page's), far below what a printer shows.
        for (_, x, y), (_, x2, y2) in zip(mine, theirs, strict=True):
            assert abs(x - x2) <= 0.02 and abs(y - y2) <= 0.02
        assert len(mine) > 300
