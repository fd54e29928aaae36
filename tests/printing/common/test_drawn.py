"""Rating dots drawn from remembered circle paths look as reportlab's circles (issue 29)."""

from __future__ import annotations

import io

from reportlab.pdfgen.canvas import Canvas

from printing.common.flowables import DotRating, _circle_path


def test_a_remembered_circle_is_the_canvas_circle() -> None:
    """The operators kept for a circle are those ``canvas.circle`` writes, every time."""
    for x, y, r in ((3.25, 3.25, 2.9), (12.675, 3.25, 2.9), (40.0, 1.5, 0.75)):
        canv = Canvas(io.BytesIO())
        canv.circle(x, y, r, stroke=1, fill=0)
        expected = canv._code[:-1]  # the stroke-and-fill operator follows the path
        assert list(_circle_path(x, y, r)) == expected
        assert list(_circle_path(x, y, r)) == expected  # remembered


def test_dots_fill_the_rating_and_dash_only_the_optional_ones() -> None:
    """4 of 6 dots filled ("f"/"B" fills and strokes), the 6th empty one dashed ("[1 1.2]"),
    the empty 5th solid: a blank sheet's dashed 6th Ability rank."""
    canv = Canvas(io.BytesIO())
    dots = DotRating(4, 6, optional_from=6)
    dots.wrap(100, 100)
    dots.canv = canv
    dots.draw()
    code = " ".join(canv._code)
    assert code.count(" B") == 4 and code.count(" S") == 2
    assert code.index("[1 1.2] 0 d") > code.rindex(" B")
    assert code.count("[] 0 d") == 1
