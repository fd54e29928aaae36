"""Harbinger's bold and italic markup reads into the runs reportlab's parser makes (issue 29).

``printing.common.quick_markup.quick_runs`` stands in for ``ParaParser.parse`` on
the markup printing/ writes itself: text with ``<b>``, ``<i>``, ``&amp;``,
``&lt;`` and ``&gt;``. reportlab breaks, splits and draws a paragraph from its
runs, so each run must carry the same face, size, colour, flags, tag and text,
in the same order, as the parser's; anything else must be left to the parser.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer
from reportlab.platypus.paraparser import ParaParser

from printing.common.layout import build, make_document
from printing.common.quick_markup import quick_runs
from printing.common.sections import sheet_styles
from printing.common.text import Markup, markup, para
from tests.hypothesis_profiles import examples
from tests.printing.common.texts import TRICKY_NAME

SAMPLES = [
    "<b>System.</b> Spend an Action using the Consumable to drink the elixir.",
    "Consumable Crafting · <b>Effect</b> Elixir · <b>Style</b> Activated",
    "<i>A squat brown bottle</i>",
    "A <b>B<i>C</i></b> C &amp; D &lt;x&gt; <i>it<b>bold</b></i>",
    "&amp;&lt;&gt;",
    "<b></b>plain after an empty run",
    "  <b> lead and trail spaces </b>  ",
    "Zoë <b>Ünterberg</b> — naïve café; “quoted” <i>Œuvre</i> … 漢字 🙂",
    "a > b and <b>c</b>",
]

DECLINED = [
    "line<br/>break",
    "<font size=90>big</font>",
    "<b>unclosed",
    "<b><i>crossed</b></i>",
    "bare & ampersand",
    "a < b",
    "&#169; a character reference",
    "&nbsp; an entity it does not read",
    "<para>with para</para>",
    "<B>upper case</B>",
]


def _parsed(text: str, style: ParagraphStyle) -> list[dict[str, Any]] | None:
    parser = ParaParser()
    parser.caseSensitive = 1
    _, frags, _ = parser.parse(text, style)
    return None if frags is None else [dict(f.__dict__) for f in frags]


def _quick(text: str, style: ParagraphStyle) -> list[dict[str, Any]] | None:
    runs = quick_runs(text, style)
    return None if runs is None else [dict(f.__dict__) for f in runs]


def _styles() -> list[ParagraphStyle]:
    s = sheet_styles()
    return [s.body, s.small, s.muted, s.cell_right, s.subheading, s.italic, s.title, s.warning]


def test_samples_read_as_the_parser_reads_them() -> None:
    """Every sample in every style: the parser's runs, one for one."""
    for style in _styles():
        for text in SAMPLES:
            assert _quick(text, style) == _parsed(text, style), (text, style.name)


def test_the_sheets_markup_reads_as_the_parser_reads_it() -> None:
    """What ``markup`` makes of user text that looks like markup, entities included."""
    s = sheet_styles()
    for template in ("<b>{v}</b> rest", "<i>{v}</i>", "lead <b>Cost {v}</b>"):
        text = markup(template, v=TRICKY_NAME + " & <i>x</i> > y")
        assert _quick(text, s.body) == _parsed(text, s.body)


def test_other_markup_is_left_to_the_parser() -> None:
    """A line break, another tag, an entity it does not read or tags that do not nest."""
    s = sheet_styles()
    for text in DECLINED:
        assert quick_runs(text, s.body) is None, text
    upper = ParagraphStyle("upper", parent=s.body, textTransform="uppercase")
    assert quick_runs("<b>a</b>", upper) is None


_PIECE = st.one_of(
    st.text(alphabet="abc xyz-.,'éß漢>", min_size=1, max_size=10),
    st.sampled_from(["&amp;", "&lt;", "&gt;", " ", "  "]),
)


@st.composite
def _markup(draw: Any, depth: int = 0) -> str:
    parts = []
    for _ in range(draw(st.integers(min_value=1, max_value=5))):
        if depth < 3 and draw(st.booleans()):
            tag = draw(st.sampled_from(["b", "i"]))
            parts.append(f"<{tag}>{draw(_markup(depth + 1))}</{tag}>")
        else:
            parts.append(draw(_PIECE))
    return "".join(parts)


@settings(max_examples=examples(300), deadline=None)
@given(_markup())
def test_any_bold_and_italic_markup_reads_as_the_parser_reads_it(text: str) -> None:
    """Random nesting of bold and italic around text and escapes."""
    s = sheet_styles()
    for style in (s.body, s.italic):
        assert _quick(text, style) == _parsed(text, style), text


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


@pytest.mark.parametrize("lead", [0.0, 390.0])
def test_paragraphs_print_byte_for_byte_as_reportlabs(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The samples as paragraphs, some long enough to split across pages: the same PDF
    bytes from ``para`` as from reportlab's ``Paragraph``."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    styles = _styles()
    texts = [Markup(t * k) for k in (1, 7) for t in SAMPLES]

    def story(make: Any) -> list[Flowable]:
        return [Spacer(1, lead), *(make(t, style) for t in texts for style in styles)]

    mine, theirs = _pdf(story(para)), _pdf(story(Paragraph))
    assert mine == theirs
