"""The sheet canvas writes what reportlab's canvas writes, with less work (issue 29).

``RunningCanvas`` saves and restores the graphics state in one copy each way,
moves the origin without reportlab's general transform, and draws plain strings
through ``draw_string``. The same calls on it and on reportlab's ``Canvas`` must
leave the same operators on the page and the same state after each call; its
page streams, made before the file is saved, are the bytes reportlab makes.
"""

from __future__ import annotations

import io
from typing import Any

import pytest
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable

from printing.common import layout
from printing.common.fonts import SANS, SANS_BOLD, register_fonts
from printing.common.layout import RunningCanvas, build, make_document
from printing.common.sections import sheet_styles
from printing.common.text import para

MANY = "".join(chr(c) for c in range(0x100, 0x17F)) + "".join(chr(c) for c in range(0x391, 0x3CA))
"""More than 256 characters: a second font subset."""


def _state(canv: Canvas) -> list[Any]:
    names = Canvas.STATE_ATTRIBUTES  # type: ignore[attr-defined]
    values = [canv.__dict__[n] for n in names if n != "_extgstate"]
    return [*values, dict(canv._extgstate._d), len(canv.state_stack)]  # type: ignore[attr-defined]


def _script(canv: Canvas) -> list[list[Any]]:
    """A page's worth of calls; the state after each, to compare."""
    seen: list[list[Any]] = []

    def step() -> None:
        seen.append(_state(canv))

    canv.setFont(SANS, 8.5, 10.37)
    for n, text in enumerate(["Brawn", "Zoë (naïve) \\ café", "", "  spaced  ", MANY, "4"]):
        canv.drawString(10 + n, 700 - n * 12.37, text)
        step()
        canv.drawRightString(300.5, 690 - n * 12.37, text)
        step()
        canv.drawCentredString(200.25, 680 - n * 12.37, text)
        step()
    canv.saveState()
    canv.translate(36, 698.89)
    canv.translate(3.5, -2.25)  # joined to the move before, as reportlab joins them
    step()
    canv.setFillColor(Color(0.2, 0.3, 0.4))
    canv.setFont(SANS_BOLD, 12)
    canv.saveState()
    canv.translate(0.125, 7)
    canv.drawString(0, 0, "inside", mode=1)  # a text mode: reportlab's own way
    canv.drawString(0, 0, "spaced", charSpace=0.5)
    canv.drawRightString(50, 0, "words apart", wordSpace=2)
    step()
    canv.restoreState()
    step()
    canv.restoreState()
    step()
    canv.scale(0.5, 2)
    canv.translate(1, 1)
    step()
    return seen


def test_the_sheet_canvas_writes_and_keeps_what_reportlabs_canvas_does() -> None:
    register_fonts()
    theirs = Canvas(io.BytesIO(), invariant=1, initialFontName=SANS)
    mine = RunningCanvas(io.BytesIO(), invariant=1, initialFontName=SANS)
    their_states = _script(theirs)
    my_states = _script(mine)
    assert mine._code == theirs._code  # type: ignore[attr-defined]
    assert my_states == their_states
    assert any(" cm" in line for line in mine._code)  # type: ignore[attr-defined]


def _pages_pdf() -> bytes:
    """Four pages of plain and non-Latin text through the sheet's document and canvas."""
    s = sheet_styles()
    story: list[Flowable] = [
        para(f"{n}: Zoë naïve café “quoted” Ελληνικά " * (n % 7 + 1), s.body) for n in range(220)
    ]
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


def test_page_streams_are_the_bytes_reportlab_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Page streams given their ASCII85 filter as bytes write the same file as reportlab
    making the streams itself when the file is saved."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    given: list[object] = []
    original = layout._byte_stream

    def counted(page: Any) -> None:
        original(page)
        given.append(page.Contents)

    monkeypatch.setattr(layout, "_byte_stream", counted)
    mine = _pages_pdf()
    assert len(given) >= 4 and all(g is not None for g in given)
    monkeypatch.setattr(layout, "_byte_stream", lambda page: None)  # reportlab's own streams
    theirs = _pages_pdf()
    assert b"/ASCII85Decode" in mine
    assert mine == theirs
