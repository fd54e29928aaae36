"""The sheet faces' remembered measures and string splits equal reportlab's own (issue 29)."""

from __future__ import annotations

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.pdfdoc import PDFArray, PDFDocument
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

from printing.common.fonts import SANS, SANS_BOLD, SheetFont, Widths, register_fonts
from printing.common.styles import INK, MUTED, SHADE
from printing.common.text_grid import draw_string, fill_rect, fp, set_fill
from tests.hypothesis_profiles import examples

SAMPLES = [
    "",
    "Victory",
    "2024-01-09",
    "Zoë Ünterberg — naïve café, Œuvre; Xi/Xir",
    "ʻŌlelo · Łódź · Ærø · ß · ﬁ · “quoted” …",
    "non\xa0breaking space",
    "Cut forearm −2",
    "Ελληνικά Кириллица עברית 漢字 🙂",
]
# More distinct characters than one 256-code subset holds: the split must cross subsets.
SAMPLES.append("".join(chr(c) for c in range(0x0100, 0x0100 + 300)))


def _fresh_docs() -> tuple[object, object]:
    """Two documents' font states: the face under test and plain reportlab, side by side."""
    return Canvas(io.BytesIO())._doc, Canvas(io.BytesIO())._doc


def test_splits_match_reportlabs_in_any_order_of_first_use() -> None:
    """Each string splits into the same (subset, bytes) pieces as ``TTFont.splitString``
    gives, whether its characters are new to the document or already coded."""
    register_fonts()
    face = getFont(SANS)
    assert isinstance(face, SheetFont)
    mine_doc, ref_doc = _fresh_docs()
    # Reversed strings are new to the document but every character of them is coded.
    # Last: characters of the second subset, then one new to the document.
    late = [SAMPLES[-1][-5:] + "\u2603 snow", SAMPLES[-1][-5:] + "\u2603 snow"]
    for text in SAMPLES + [t[::-1] for t in SAMPLES] + SAMPLES + late:
        expected = TTFont.splitString(face, text, ref_doc)
        assert face.splitString(text, mine_doc) == expected, text


def test_widths_are_reportlabs() -> None:
    """A remembered width is the width reportlab measures, at every size asked."""
    register_fonts()
    for name in (SANS, SANS_BOLD):
        face = getFont(name)
        for text in SAMPLES:
            for size in (6.5, 8.5, 10.625):
                expected = TTFont.stringWidth(face, text, size)
                assert face.stringWidth(text, size) == expected
                assert face.stringWidth(text, size) == expected  # the remembered answer


def test_draw_string_writes_what_the_canvas_writes() -> None:
    """``draw_string`` puts the same operators on the page as ``drawString``,
    ``drawCentredString`` and ``drawRightString``, byte for byte."""
    register_fonts()
    mine, ref = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    for canv in (mine, ref):
        canv.setFont(SANS, 8.5, 10.37)
    for text in SAMPLES:
        for share, draw in (
            (0.0, ref.drawString),
            (0.5, ref.drawCentredString),
            (1.0, ref.drawRightString),
        ):
            draw(72, 500, text)
            draw_string(mine, 72, 500, text, share)
    assert mine._code == ref._code


def test_set_fill_writes_what_the_canvas_writes() -> None:
    """``set_fill`` leaves the same operators and fill state as ``setFillColor`` for the
    sheet's opaque colours, and for those it hands on: a translucent colour, a CMYK one,
    and an opaque colour after a translucent fill (reportlab then resets the alpha)."""
    mine, ref = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    colours = [
        INK,
        MUTED,
        SHADE,
        INK,
        Color(0.2, 0.4, 0.6, alpha=0.5),
        MUTED,
        CMYKColor(0.1, 0.2, 0.3, 0.4),
        HexColor("#123456"),
    ]
    for colour in colours:
        set_fill(mine, colour)
        ref.setFillColor(colour)
        assert mine._fillColorObj is ref._fillColorObj
        assert mine._extgstate._d == ref._extgstate._d
    assert mine._code == ref._code
    assert mine._doc._pdfVersion == ref._doc._pdfVersion


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(st.floats(min_value=-1e6, max_value=1e6), max_size=6))
def test_remembered_numbers_are_written_as_fp_str_writes_them(values: list[float]) -> None:
    """Any number a page holds, asked once or again, and -0.0 after 0.0: ``fp_str``'s
    text; a filled rectangle is the canvas's ``rect`` operator for operator."""
    for value in [*values, 0.0, -0.0, 1e-9, -1e-9, 1, 612.0, *values]:
        assert fp(value) == fp_str(value)
    mine, ref = Canvas(io.BytesIO()), Canvas(io.BytesIO())
    quads = [values[i : i + 4] for i in range(0, len(values) - 3, 4)] + [[0, 12.5, 540, 9.2]]
    for x, y, w, h in quads:
        fill_rect(mine, x, y, w, h)
        ref.rect(x, y, w, h, stroke=0, fill=1)
    assert mine._code == ref._code


def test_splits_stay_apart_per_document_when_documents_alternate() -> None:
    """Two documents printed in turn (a roster's files): each string's split is the one
    reportlab gives in that document, whose codes follow its own order of first use."""
    register_fonts()
    face = getFont(SANS)
    mine = [_fresh_docs()[0], _fresh_docs()[0]]
    refs = [_fresh_docs()[1], _fresh_docs()[1]]
    for n, text in enumerate(SAMPLES + [t[::-1] for t in SAMPLES]):
        for k in (n % 2, 1 - n % 2):
            piece = text if k == 0 else text[::-1]
            assert face.splitString(piece, mine[k]) == TTFont.splitString(face, piece, refs[k])


@settings(max_examples=examples(300), deadline=None)
@given(
    st.lists(
        st.one_of(st.integers(0, 3000), st.floats(0, 3000, allow_nan=False)),
        max_size=300,
    ),
    st.sampled_from([True, False, "forced"]),
)
def test_a_subsets_widths_are_written_as_pdfarray_writes_them(
    widths: list[float], multiline: bool | str
) -> None:
    """``Widths`` (a font subset's glyph widths) formats to the bytes of ``PDFArray``,
    one line or a line break every ten numbers, whole and fractional widths alike."""
    doc = PDFDocument()
    mine, theirs = Widths(widths), PDFArray(widths)
    mine.multiline = theirs.multiline = multiline
    assert mine.format(doc) == theirs.format(doc)


def test_a_printed_subset_carries_its_widths_as_widths(monkeypatch: pytest.MonkeyPatch) -> None:
    """The sheet fonts' subsets take ``Widths`` when the document is written: the file is
    the one plain ``PDFArray`` widths give (the bytes compared above), so this checks the
    swap happens at all."""
    register_fonts()
    seen: list[int] = []
    monkeypatch.setattr(Widths, "format", lambda self, doc, IND=b"\n ": seen.append(1) or b"[ ]")
    canv = Canvas(io.BytesIO())
    canv.setFont(SANS, 9)
    canv.drawString(72, 72, "Zoë and the lantern")
    canv.save()
    assert seen == [1]


def _one_line_pdf(face: str, text: str) -> bytes:
    """A repeatable PDF of ``text`` in ``face`` (fixed dates, so equal runs give equal bytes)."""
    out = io.BytesIO()
    canv = Canvas(out, invariant=1)
    canv.setFont(face, 9)
    canv.drawString(72, 72, text)
    canv.save()
    return out.getvalue()


def _font_files(pdf: bytes) -> list[bytes]:
    """Each embedded TrueType subset's font file (``FontFile2``), unpacked, page font order."""
    from pypdf import PdfReader

    fonts = PdfReader(io.BytesIO(pdf)).pages[0]["/Resources"]["/Font"]
    found = [fonts[name].get_object() for name in sorted(fonts)]
    return [
        font["/FontDescriptor"]["/FontFile2"].get_object().get_data()
        for font in found
        if "/FontDescriptor" in font  # not the canvas's base-14 starting face
    ]


def test_a_remembered_subset_embeds_the_font_file_reportlab_makes() -> None:
    """A sheet face keeps the subsets it embedded, made and packed (issue 29): printing the
    same letters again gives the same PDF byte for byte, and the font file a remembered
    subset embeds is the one plain reportlab makes and packs for those letters."""
    register_fonts()
    text = "Zoë Ünterberg, 2024-01-09 — a brand-new line of 7 glyphs: ǅǆǇ"
    face = getFont(SANS).face
    face._subset_files().clear()  # type: ignore[attr-defined]  # SheetFace's own
    first = _one_line_pdf(SANS, text)
    (kept,) = face._subset_files().values()  # type: ignore[attr-defined]
    assert kept[1] is not None  # made and packed once
    again = _one_line_pdf(SANS, text)
    assert again == first
    assert len(face._subset_files()) == 1  # type: ignore[attr-defined]  # the same subset
    if "PlainSansForTest" not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(TTFont("PlainSansForTest", face.filename))
    plain = _one_line_pdf("PlainSansForTest", text)
    assert _font_files(again) == _font_files(plain)
    assert _font_files(again)[0][:4] == b"\x00\x01\x00\x00"  # a TrueType file
