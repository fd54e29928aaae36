"""User text reaches reportlab only as literal text: markup typed by a player is never parsed."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.platypus.paragraph import cleanBlockQuotedText

from printing.common.sections import sheet_styles
from printing.common.text import (
    Markup,
    _clean_block,
    clean,
    fit_width,
    join,
    literal,
    markup,
    one_line,
    para,
)
from tests.hypothesis_profiles import examples

PRINTING = Path(__file__).resolve().parents[3] / "printing"


def test_literal_escapes_markup_characters() -> None:
    assert literal('Zoë <b>&amp; "Xi/Xir"') == 'Zoë &lt;b&gt;&amp;amp; "Xi/Xir"'


def test_literal_keeps_line_breaks_and_drops_unprintable_characters() -> None:
    assert literal("one\r\ntwo\rthree\nfour") == "one<br/>two<br/>three<br/>four"
    assert literal("bell\x07 nul\x00 lone\ud800 ok") == "bell nul lone ok"
    assert clean("a\tb") == "a    b"


def test_markup_fills_user_values_escaped_into_a_trusted_template() -> None:
    result = markup("<b>{name}</b> costs {cost}", name="<i>Rage</i> & Co", cost=3)
    assert result == "<b>&lt;i&gt;Rage&lt;/i&gt; &amp; Co</b> costs 3"
    assert isinstance(result, Markup)
    # A value that is already trusted markup goes in unchanged.
    assert markup("{a}", a=Markup("<i>x</i>")) == "<i>x</i>"


def test_join_skips_empty_pieces() -> None:
    assert join([Markup("a"), Markup(""), literal("<b>")]) == "a · &lt;b&gt;"


def test_para_prints_plain_strings_literally_and_parses_only_markup() -> None:
    style = sheet_styles().body
    typed = para("<b>bold?</b> & <font size=40>big</font>", style)
    # The parsed paragraph holds one run of text, exactly as typed, in the normal face.
    assert "".join(f.text for f in typed.frags) == "<b>bold?</b> & <font size=40>big</font>"
    assert {f.fontName for f in typed.frags} == {style.fontName}
    ours = para(Markup("<b>bold</b>"), style)
    assert ours.frags[0].fontName != style.fontName


@pytest.mark.slow  # property test, ~3.1 s of CPU in the dev profile
@settings(max_examples=examples(150), deadline=None)
@given(st.text(max_size=60))
def test_any_user_text_parses_and_round_trips(text: str) -> None:
    """Whatever a player types, the paragraph holds exactly their printable characters."""
    paragraph = para(text, sheet_styles().body)
    runs = (" " if getattr(f, "lineBreak", False) else f.text for f in paragraph.frags)
    printed = " ".join("".join(runs).split())
    assert printed == " ".join(clean(text).split())


def test_one_line_and_fit_width() -> None:
    assert one_line("  a\nb\t c ") == "a b c"
    long = "Marguerite " * 20
    cut = fit_width(long, "HarbingerSans", 8, 100)
    assert cut.endswith("…") and len(cut) < len(long)
    assert fit_width("short", "HarbingerSans", 8, 100) == "short"


def test_only_printing_text_builds_paragraphs() -> None:
    """Every Paragraph goes through ``para``, so no user string can skip escaping."""
    offenders = []
    sources = sorted(PRINTING.rglob("*.py"))
    assert len(sources) > 10  # the walk reaches every sub-package
    for path in sources:
        if path.name == "text.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Paragraph":
                offenders.append(f"{path.name}:{node.lineno}")
    assert offenders == []


@settings(max_examples=examples(200), deadline=None)
@given(st.text(max_size=80))
def test_a_plain_paragraph_reads_as_reportlabs_parser_reads_it(text: str) -> None:
    """Issue 29: text with no tag and no entity skips reportlab's markup parser; the run it
    gets must be the parser's own (same face, size, colour, text), whatever the characters."""
    from reportlab.platypus import Paragraph

    from printing.common.text import SheetParagraph

    s = sheet_styles()
    value = clean(text).replace("<", "").replace("&", "")
    for style in (s.cell, s.small, s.cell_bold, s.muted):
        ours, theirs = SheetParagraph(value, style), Paragraph(value, style)
        assert [f.__dict__ for f in ours.frags] == [f.__dict__ for f in theirs.frags]
        assert ours.text == theirs.text


def _clean_slowly(value: str) -> str:
    """``clean`` without its shortcut for printable text (short text: no cut)."""
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    return re.sub(
        "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]", "", value
    ).replace("\t", "    ")


@settings(max_examples=examples(500), deadline=None)
@given(st.text(max_size=60))
def test_clean_shortcut_for_printable_text_changes_nothing(text: str) -> None:
    """Text with no line end, tab or unprintable character comes back as it is, and any
    text comes back as the full cleaning gives it."""
    for value in (text, text + "\t\r\n\x00\ud800\ufffe", "plain words", "Zoë · 漢字 🙂"):
        assert clean(value) == _clean_slowly(value)


@settings(max_examples=examples(500), deadline=None)
@given(
    st.lists(
        st.sampled_from(["a", "Zoë", " ", "  ", "\n", "\t", "\r", "\u2028", "\u200b", "\u3000"]),
        max_size=30,
    ).map("".join)
)
def test_a_paragraphs_text_is_cleaned_as_reportlab_cleans_it(text: str) -> None:
    """Paragraph text without a no-break space is cleaned by ``_clean_block``: the text
    reportlab's ``cleanBlockQuotedText`` gives, whatever the spaces, tabs and line ends."""
    assert _clean_block(text) == cleanBlockQuotedText(text)
