"""Paragraphs of one run are written onto the page as reportlab writes them (issue 29).

``SheetParagraph`` draws a left-aligned paragraph of one run (a name, a label, a
heading, a line of plain text) itself: the text object reportlab's ``drawPara``
writes, without the text object and per-line calls. These tests print pages of
such paragraphs both ways, reportlab's own ``Paragraph`` and ``para``, and
compare the PDFs byte for byte: page ends inside the paragraphs, faces that
change, characters past the first 256 of a document (a second font subset, named
again where a line changes subset), and the paragraphs it leaves to reportlab.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Paragraph, Spacer

from printing.common.layout import build, make_document
from printing.common.sections import sheet_styles
from printing.common.text import Markup, literal, markup, para

WORDS = [
    "lantern",
    "glass",
    "harbor",
    "ledger",
    "Zoë",
    "naïve",
    "café",
    "“quoted”",
    "Œuvre",
    "—",
    "Ελληνικά",
]

MANY = "".join(chr(c) for c in range(0x100, 0x17F)) + "".join(chr(c) for c in range(0x391, 0x3CA))
"""More than a subset's 256 characters, so a document needs a second subset."""


def _texts() -> list[str]:
    texts = [" ".join(WORDS[(k + n) % len(WORDS)] for n in range(k)) for k in range(1, 60, 4)]
    texts += [MANY[i : i + 40] + " " + MANY[i + 40 : i + 90] for i in range(0, len(MANY) - 90, 37)]
    texts += ["Salt & Iron <b>not bold</b>", "x", "a  b   c"]
    return texts


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


@pytest.mark.parametrize("lead", [0.0, 233.0, 559.0])
def test_one_run_paragraphs_print_byte_for_byte_as_reportlabs(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Plain text in every sheet style, bold markup of one run, and styles it leaves to
    reportlab (centred, right-aligned, indented): the same PDF bytes either way."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    s = sheet_styles()
    styles: list[ParagraphStyle] = [
        s.title,
        s.heading,
        s.body,
        s.small,
        s.muted,
        s.italic,
        s.label,
        s.cell_bold,
        s.cell_right,
        s.gift_name,
        ParagraphStyle("centred", parent=s.body, alignment=TA_CENTER),
        ParagraphStyle("right", parent=s.body, alignment=TA_RIGHT),
        ParagraphStyle("indented", parent=s.body, leftIndent=12, firstLineIndent=-6),
    ]
    texts = _texts()
    bold = [markup("<b>Cost {c}</b>", c=n) for n in range(5)]

    def story(make: Any) -> list[Flowable]:
        out: list[Flowable] = [Spacer(1, lead)]
        for n, text in enumerate(texts * 3):
            style = styles[n % len(styles)]
            out.append(make(literal(text), style))
            out.append(make(literal(text), s.body))
        out += [make(b, s.body) for b in bold]
        return out

    mine = _pdf(story(lambda t, style: para(Markup(t), style)))
    theirs = _pdf(story(Paragraph))
    assert mine.count(b"/Type /Page\n") >= 3
    assert mine == theirs
