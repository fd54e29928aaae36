"""The printable Covenants set (issue 21): page 1 the board, page 2 the tiles to cut out.

The board is a spiral of territories from dawn (outermost) to dusk (centre),
each with its value from the variant, and the cycle of elements as a key.
The tile sheet has every tile of the variant (its deck and fixed tiles) as a
square with the element's picture and name, and the control coins as pairs of
discs (one face per player) to glue back to back. All art is drawn here, in
our own simple shapes, the same ones as the SVG tiles of the app.
"""

from __future__ import annotations

import io
import itertools
import math
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, black, white
from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from builder.tiles.elements import KINDS, Kind, beats
from builder.tiles.variants import Variant
from printing.common.fonts import SANS, SANS_BOLD, register_fonts
from printing.common.layout import reproducible

COLOURS: dict[Kind, Color] = {
    Kind.FIRE: HexColor("#d9482b"),
    Kind.ICE: HexColor("#8fd3e8"),
    Kind.WIND: HexColor("#b8c9a3"),
    Kind.STORM: HexColor("#6a5acd"),
    Kind.WATER: HexColor("#2f6fb5"),
    Kind.UNKNOWN: HexColor("#1b1b1b"),
}
"""Each tile's ground colour (the SVG art in ``resources/tiles/art`` uses the same)."""

TILE = 24 * mm
COIN = 18 * mm


def _glyph(c: Canvas, kind: Kind, x: float, y: float, r: float) -> None:
    """The element's picture centred on (x, y), about ``r`` in radius."""
    c.saveState()
    c.setStrokeColor(white)
    c.setFillColor(white)
    c.setLineWidth(max(1.0, r / 8))
    if kind is Kind.FIRE:  # a flame: two stacked triangles
        p = c.beginPath()
        p.moveTo(x, y + r)
        p.lineTo(x + 0.7 * r, y - 0.8 * r)
        p.lineTo(x - 0.7 * r, y - 0.8 * r)
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    elif kind is Kind.ICE:  # a six-armed star
        for i in range(3):
            a = math.pi * i / 3
            c.line(
                x - r * math.cos(a), y - r * math.sin(a), x + r * math.cos(a), y + r * math.sin(a)
            )
    elif kind is Kind.WIND:  # three gusts
        for i in range(3):
            yy = y + (i - 1) * 0.55 * r
            c.line(x - r, yy, x + r * (0.9 - 0.3 * i), yy)
    elif kind is Kind.STORM:  # a lightning bolt
        p = c.beginPath()
        for px, py in (
            (0.2, 1),
            (-0.5, -0.05),
            (0.05, -0.05),
            (-0.2, -1),
            (0.5, 0.1),
            (-0.05, 0.1),
        ):
            (p.moveTo if px == 0.2 and py == 1 else p.lineTo)(x + px * r, y + py * r)
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    elif kind is Kind.WATER:  # a drop
        c.circle(x, y - 0.25 * r, 0.6 * r, fill=1, stroke=0)
        p = c.beginPath()
        p.moveTo(x, y + r)
        p.lineTo(x + 0.55 * r, y - 0.05 * r)
        p.lineTo(x - 0.55 * r, y - 0.05 * r)
        p.close()
        c.drawPath(p, fill=1, stroke=0)
    else:  # the UNKNOWN: a question mark
        c.setFont(SANS_BOLD, 1.8 * r)
        c.drawCentredString(x, y - 0.6 * r, "?")
    c.restoreState()


def _tile(c: Canvas, kind: Kind, x: float, y: float) -> None:
    c.setFillColor(COLOURS[kind])
    c.setStrokeColor(black)
    c.setDash(3, 2)
    c.roundRect(x, y, TILE, TILE, 3 * mm, fill=1, stroke=1)
    c.setDash()
    _glyph(c, kind, x + TILE / 2, y + TILE / 2 + 2 * mm, TILE / 4)
    c.setFillColor(white)
    c.setFont(SANS_BOLD, 7)
    c.drawCentredString(x + TILE / 2, y + 2.5 * mm, kind.name)


def draw_board(c: Canvas, variant: Variant, width: float, height: float) -> None:
    """The spiral board: territories from dawn (outer) to dusk (centre) with their values."""
    cx, cy = width / 2, height / 2 + 10 * mm
    n = len(variant.territories)
    c.setFont(SANS_BOLD, 20)
    c.setFillColor(black)
    c.drawCentredString(width / 2, height - 25 * mm, "COVENANTS")
    c.setFont(SANS, 9)
    c.drawCentredString(width / 2, height - 32 * mm, variant.name)
    outer = min(width, height) * 0.36
    points = []
    for t in range(n):
        f = t / max(1, n - 1)
        radius = outer * (1 - 0.85 * f)
        angle = math.pi / 2 - 2 * math.pi * 1.2 * f  # clockwise from the top
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    c.setStrokeColor(HexColor("#888888"))
    c.setLineWidth(2)
    for (x1, y1), (x2, y2) in itertools.pairwise(points):
        c.line(x1, y1, x2, y2)
    for t, (x, y) in enumerate(points):
        size = 16 * mm + 2 * mm * min(variant.territories[t], 4)
        c.setFillColor(HexColor("#f4efe3"))
        c.setStrokeColor(black)
        c.setLineWidth(1.2)
        c.circle(x, y, size / 2, fill=1, stroke=1)
        c.setFillColor(black)
        c.setFont(SANS_BOLD, 16)
        c.drawCentredString(x, y - 3, str(variant.territories[t]))
        label = "dawn" if t == 0 else "dusk" if t == n - 1 else f"{t + 1}"
        c.setFont(SANS, 8)
        c.drawCentredString(x, y - size / 2 - 9, label)
    _key(c, width / 2, 28 * mm)


def _key(c: Canvas, x: float, y: float) -> None:
    """The cycle: FIRE melts ICE freezes WIND blows STORM shocks WATER douses FIRE."""
    verbs = {Kind.FIRE: "melts", Kind.ICE: "freezes", Kind.WIND: "blows", Kind.STORM: "shocks",
             Kind.WATER: "douses"}  # fmt: skip
    text = " ".join(f"{k.name} {verbs[k]}" for k in KINDS[:5]) + f" {beats(Kind.WATER).name}"
    c.setFont(SANS, 9)
    c.setFillColor(black)
    c.drawCentredString(x, y, text)
    c.drawCentredString(x, y - 12, "The UNKNOWN plays as any element on an empty territory, "
                        "and as the one that overcomes the tile it covers.")  # fmt: skip


def draw_tiles(c: Canvas, variant: Variant, width: float, height: float) -> None:
    """Every tile of the variant and the control coins, with dashed cutting lines."""
    counts = [variant.deck[k] + variant.fixed[0][k] + variant.fixed[1][k] for k in KINDS]
    tiles = [k for k in KINDS for _ in range(counts[k])]
    margin, gap = 15 * mm, 4 * mm
    per_row = int((width - 2 * margin + gap) // (TILE + gap))
    c.setFont(SANS_BOLD, 12)
    c.setFillColor(black)
    c.drawString(margin, height - margin, f"Tiles ({len(tiles)}) and control coins: cut out")
    top = height - margin - 8 * mm
    for i, kind in enumerate(tiles):
        row, col = divmod(i, per_row)
        _tile(c, kind, margin + col * (TILE + gap), top - (row + 1) * (TILE + gap))
    rows = (len(tiles) + per_row - 1) // per_row
    coin_top = top - rows * (TILE + gap) - 6 * mm
    per = int((width - 2 * margin) // (2 * COIN + 2 * gap))
    for i in range(len(variant.territories)):
        row, col = divmod(i, per)
        x = margin + col * (2 * COIN + 2 * gap) + COIN / 2
        y = coin_top - row * (COIN + gap) - COIN / 2
        for side, (fill, ink, text) in enumerate(((black, white, "P1"), (white, black, "P2"))):
            c.setFillColor(fill)
            c.setStrokeColor(black)
            c.circle(x + side * (COIN + 1 * mm), y, COIN / 2, fill=1, stroke=1)
            c.setFillColor(ink)
            c.setFont(SANS_BOLD, 11)
            c.drawCentredString(x + side * (COIN + 1 * mm), y - 4, text)


def tiles_pdf(variant: Variant, target: str | Path | None = None, paper: str = "letter") -> bytes:
    """The two-page PDF (board, then tiles); written to ``target`` when given, always returned."""
    register_fonts()
    size = A4 if paper.lower() == "a4" else LETTER
    buffer = io.BytesIO()
    c = Canvas(buffer, pagesize=size, invariant=reproducible())
    c.setTitle(f"Covenants: {variant.name}")
    draw_board(c, variant, *size)
    c.showPage()
    draw_tiles(c, variant, *size)
    c.showPage()
    c.save()
    data = buffer.getvalue()
    if target is not None:
        Path(target).write_bytes(data)
    return data
