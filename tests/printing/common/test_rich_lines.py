"""Paragraphs of several runs break their lines exactly as reportlab breaks them (issue 29).

``printing.common.rich_lines.break_runs`` stands in for the general branch of
reportlab's ``Paragraph.breakLines`` (more than one run: bold or italic words
among plain ones). reportlab draws and splits the paragraph from what the
breaker returns, so it must return the same thing: the same lines, each with
the same runs and words, spare width, word count, size, ascent and descent, and
the same word list left in ``frags`` (a split at a page end reads it). These
tests compare it with reportlab's own breaker on many texts and widths, and
compare whole PDFs, page breaks inside the paragraphs included, byte for byte.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer

from builder.contract.gifts.loader import default_catalog
from printing.common.layout import build, frame_width, make_document
from printing.common.rich_lines import break_runs, runs_fit
from printing.common.sections import sheet_styles
from printing.common.text import Markup, markup, para
from tests.hypothesis_profiles import examples

SAMPLES = [
    "<b>System.</b> Spend an Action using the Consumable to drink the elixir.",
    "Consumable Crafting · <b>Effect</b> Elixir · <b>Style</b> Activated",
    "<b>Modifiers:</b> Enhancement: Benefit: Heightened Attribute (Brawn)",
    "<i>A squat brown bottle stoppered with red wax, brewed in your kitchen.</i>",
    "<b>Body</b> 7",
    "<b>Total Penalty:</b> −2",
    "half<b>bold</b>half and <i>it</i><b>bo</b>ld joined, then <b> spaced </b> runs",
    "<b>Zoë</b> Ünterberg — naïve café; “quoted” <i>Œuvre</i> … Ελληνικά 漢字 🙂",
    "<b>a</b> <i>b</i> c <b>d e f</b> g h <i>i j k l</i> " * 6,
    "Salt &amp; Iron <b>&lt;b&gt;</b> &amp; more",
    "<b>lead</b>   many    spaces   <i>  between  </i>   runs   ",
    "<b>More.</b> Supercalifragilisticexpialidociousandthensome word",
]
WIDTHS = [30.0, 61.5, 95.0, 140.0, 251.3, 540.0]


def _frag(frag: Any) -> dict[str, Any]:
    return dict(frag.__dict__)


def _described(paragraph: Paragraph) -> tuple[Any, ...]:
    """Everything reportlab later reads of a broken paragraph, as plain values."""
    bl = paragraph.blPara
    if bl.kind == 0:  # one run: reportlab's own one-run branch (not the breaker's)
        return (0, list(bl.lines), paragraph.height)
    lines = [
        (
            line.extraSpace,
            line.wordCount,
            line.lineBreak,
            line.fontSize,
            line.ascent,
            line.descent,
            line.maxWidth,
            line.sFW,
            [_frag(w) for w in line.words],
        )
        for line in bl.lines
    ]
    words = [(type(w).__name__, w[0], [(_frag(f), t) for f, t in w[1:]]) for w in paragraph.frags]
    return (bl.kind, lines, words, paragraph.height, paragraph._width_max)


def _both(text: str, style: ParagraphStyle, width: float) -> tuple[Any, Any]:
    """The paragraph broken by reportlab and by the sheet's paragraph (``para``)."""
    theirs = Paragraph(text, style)
    theirs.wrap(width, 10_000)
    mine = para(Markup(text), style)
    mine.wrap(width, 10_000)
    return _described(theirs), _described(mine)


def _styles() -> list[ParagraphStyle]:
    s = sheet_styles()
    return [s.body, s.small, s.cell_right, s.subheading, s.italic, s.muted]


@pytest.mark.parametrize("width", WIDTHS)
def test_samples_break_as_reportlab_breaks_them(width: float) -> None:
    """Every sample in every style at every width: reportlab's lines, runs and word list."""
    for style in _styles():
        for text in SAMPLES:
            theirs, mine = _both(text, style, width)
            assert mine == theirs, (text, width, style.name)


def test_the_sheets_gift_texts_break_as_reportlab_breaks_them() -> None:
    """Every stock Gift's System Text and description as the sheet prints them (a bold
    or italic lead-in on a long text) at the sheet's width and a card's."""
    s = sheet_styles()
    texts = 0
    for stock in default_catalog().stock.values():
        draft = stock.draft
        for template, value in (
            ("<b>System.</b> {t}", getattr(draft, "system_text", "")),
            ("<i>{t}</i>", getattr(draft, "description", "")),
        ):
            if not value:
                continue
            text = markup(template, t=value)
            for width in (frame_width("letter"), frame_width("a4"), 230.0):
                theirs, mine = _both(text, s.body, width)
                assert mine == theirs, (text[:60], width)
            texts += 1
    assert texts >= 20


def test_what_the_breaker_declines_reportlab_breaks() -> None:
    """A word wider than the line (split by characters), a soft hyphen, a line break tag or
    one run only: ``break_runs`` answers ``None`` or is not asked, and the lines are
    reportlab's either way."""
    s = sheet_styles()
    declined = [
        ("<b>More.</b> Supercalifragilisticexpialidocious", 40.0),
        ("<b>soft</b> hy\xadphen\xadated words in a nar\xadrow cell", 50.0),
        ("<b>first</b> line<br/>second <i>line</i>", 200.0),
    ]
    for text, width in declined:
        paragraph = Paragraph(text, s.body)
        assert runs_fit(paragraph)
        assert break_runs(paragraph, [width, width]) is None
        theirs, mine = _both(text, s.body, width)
        assert mine == theirs
    assert not runs_fit(Paragraph("<b>one run only</b>", s.body))
    hyphenated = ParagraphStyle("hy", parent=s.body, embeddedHyphenation=1)
    assert not runs_fit(Paragraph("<b>a</b> b", hyphenated))


_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyzéøß-.,'—ÆΩЖ漢", min_size=1, max_size=12)
_RUN = st.tuples(
    st.sampled_from(["", "b", "i"]),
    st.lists(_WORD, min_size=1, max_size=8),
    st.sampled_from(["", " ", "  "]),
    st.sampled_from(["", " "]),
)


def _marked(runs: list[tuple[str, list[str], str, str]]) -> str:
    out = []
    for tag, words, before, after in runs:
        text = before + " ".join(words) + after
        out.append(f"<{tag}>{text}</{tag}>" if tag else text)
    return "".join(out)


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_RUN, min_size=2, max_size=8), st.floats(min_value=60.0, max_value=560.0))
def test_any_runs_break_as_reportlab_breaks_them(
    runs: list[tuple[str, list[str], str, str]], width: float
) -> None:
    """Random bold, italic and plain runs, joined with or without spaces, at any width."""
    text = _marked(runs)
    s = sheet_styles()
    for style in (s.body, s.small):
        theirs, mine = _both(text, style, width)
        assert mine == theirs, (text, width)


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


@pytest.mark.parametrize(
    "lead",
    # Two seconds each: the quick loop compares one page layout with reportlab's, CI all three.
    [0.0, pytest.param(211.0, marks=pytest.mark.slow), pytest.param(437.0, marks=pytest.mark.slow)],
)
def test_pages_of_runs_print_byte_for_byte_as_reportlabs(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Long paragraphs of runs that split across pages, after spacers that move the page
    ends: the same PDF bytes as reportlab's own ``Paragraph`` gives."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    s = sheet_styles()
    texts = [
        markup("<b>System.</b> {t}", t=" ".join(SAMPLES[n % len(SAMPLES)] for n in range(k)))
        for k in range(4, 40, 3)
    ] + [Markup(t * 9) for t in SAMPLES]

    def story(make: Any) -> list[Flowable]:
        return [Spacer(1, lead), *(make(t, style) for t in texts for style in (s.body, s.small))]

    mine = _pdf(story(para))
    theirs = _pdf(story(Paragraph))
    assert mine.count(b"/Type /Page\n") >= 4 or mine.count(b"/Type /Page") >= 4
    assert mine == theirs
