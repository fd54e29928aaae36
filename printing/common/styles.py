"""Paragraph styles and colours shared by the sheet, the Gift cards and the blank sheet.

Sizes are chosen for reading at arm's length on paper: body text 8.5 pt,
nothing below 6.5 pt except the running footer.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.styles import ParagraphStyle

from printing.common.fonts import SANS, SANS_BOLD, SANS_OBLIQUE, register_fonts

INK = HexColor("#1a1a1a")
MUTED = HexColor("#555555")
RULE = HexColor("#8a8a8a")
SHADE = HexColor("#ececec")
HIGHLIGHT = HexColor("#d9e6f2")
ACCENT = HexColor("#2b4a6b")
WARN = HexColor("#8a2b0f")


@dataclass(frozen=True)
class Styles:
    """Every paragraph style used on printed pages, built for one base size."""

    title: ParagraphStyle
    subtitle: ParagraphStyle
    heading: ParagraphStyle
    subheading: ParagraphStyle
    body: ParagraphStyle
    small: ParagraphStyle
    muted: ParagraphStyle
    italic: ParagraphStyle
    label: ParagraphStyle
    cell: ParagraphStyle
    cell_bold: ParagraphStyle
    cell_right: ParagraphStyle
    header_cell: ParagraphStyle
    gift_name: ParagraphStyle
    warning: ParagraphStyle


def make_styles(base: float = 8.5) -> Styles:
    """Styles scaled from ``base`` points (Gift cards shrink ``base`` to fit long text)."""
    register_fonts()
    lead = base * 1.22

    def style(name: str, **kw: Any) -> ParagraphStyle:
        kw.setdefault("fontName", SANS)
        kw.setdefault("fontSize", base)
        kw.setdefault("leading", lead)
        kw.setdefault("textColor", INK)
        return ParagraphStyle(name, **kw)

    return Styles(
        title=style("title", fontName=SANS_BOLD, fontSize=base * 2.1, leading=base * 2.5),
        subtitle=style("subtitle", textColor=MUTED, fontSize=base * 1.05, spaceAfter=4),
        heading=style(
            "heading",
            fontName=SANS_BOLD,
            fontSize=base * 1.3,
            leading=base * 1.6,
            textColor=ACCENT,
            spaceBefore=8,
            spaceAfter=3,
        ),
        subheading=style("subheading", fontName=SANS_BOLD, spaceBefore=4, spaceAfter=1),
        body=style("body", spaceAfter=2),
        small=style("small", fontSize=base * 0.85, leading=base * 1.05),
        muted=style("muted", fontSize=base * 0.85, leading=base * 1.05, textColor=MUTED),
        italic=style("italic", fontName=SANS_OBLIQUE),
        label=style("label", fontName=SANS_BOLD, fontSize=base * 0.85, leading=base * 1.05),
        cell=style("cell"),
        cell_bold=style("cell_bold", fontName=SANS_BOLD),
        cell_right=style("cell_right", alignment=TA_RIGHT),
        header_cell=style("header_cell", fontName=SANS_BOLD, textColor=Color(1, 1, 1)),
        gift_name=style("gift_name", fontName=SANS_BOLD, fontSize=base * 1.25, leading=base * 1.5),
        warning=style("warning", textColor=WARN),
    )
