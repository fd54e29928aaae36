"""A table cell of plain user text that wraps as reportlab's ``Paragraph`` wraps, without one.

Most wrapped cells on a sheet (a scenario's name, a note, an item's detail) are a
line or three of plain text. As a ``Paragraph`` each costs a parse, a frag per
word, a text object to draw and a saved and restored graphics state; on a full
contractor sheet that was a fifth of the printing time (issue 29).

``PlainCell`` breaks the lines itself with reportlab's rule for a paragraph of
one run (words split at whitespace, each measured with the face's own widths,
a word added while the line stays within the width plus the style's space
shrinkage allowance) and draws each line as a string at the place the paragraph
puts it. What that rule does not cover in the same way (a word wider than the
cell, which reportlab splits by characters; a line that only fits by shrinking
its spaces, which reportlab draws with word spacing; a split inside a table row)
is handed to the equivalent ``Paragraph`` from ``para``, so the page comes out
the same either way.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import getFont
from reportlab.platypus import Flowable
from reportlab.rl_config import _FUZZ

from printing.common.text import SHORT_TEXT, para
from printing.common.text_grid import draw_string, set_fill

_SHARE: dict[Any, float] = {TA_LEFT: 0.0, TA_CENTER: 0.5, TA_RIGHT: 1.0}
"""How much of a line's spare width goes before it, per alignment."""

_NOT_PLAIN = ("\n", "\xa0", "\xad")
"""Characters reportlab treats apart in a paragraph (line breaks, no-break and soft
hyphens): text holding one is printed as a ``Paragraph``."""


def plain_cell_fits(text: str, style: ParagraphStyle) -> bool:
    """Whether ``text`` in ``style`` can be a ``PlainCell``: plain, short, no special spaces,
    and a style with no indent, bullet, justification, border or background."""
    return (
        len(text) <= SHORT_TEXT
        and not any(c in text for c in _NOT_PLAIN)
        and style.alignment in _SHARE
        and not (style.leftIndent or style.rightIndent or style.firstLineIndent)
        and not (style.backColor or style.borderWidth or getattr(style, "shaping", 0))
        and not style.wordWrap
        and not style.endDots
        and not getattr(style, "hyphenationLang", "")
        and not style.uriWasteReduce
        and not style.embeddedHyphenation
        and not getattr(style, "autoLeading", "")
    )


def break_lines(
    words: list[str], font: str, size: float, width: float, shrinkage: float
) -> list[tuple[float, str]] | None:
    """``words`` broken into lines ``width`` points wide by reportlab's rule for one run:
    each line as (spare width, its words joined by single spaces).

    ``None`` when a word is wider than the line: reportlab then splits the word by
    characters, which only the ``Paragraph`` does.
    """
    measure = getFont(font).stringWidth  # ``stringWidth(text, font, size)``, looked up once
    space = measure(" ", size)
    shrink = shrinkage * space
    lines: list[tuple[float, str]] = []
    line: list[str] = []
    current = -space
    for word in words:
        word_width = measure(word, size)
        if word_width > width:
            return None
        wider = current + space + word_width
        if wider <= width + shrink * len(line) or not line:
            line.append(word)
            current = wider
        else:
            lines.append((width - current, " ".join(line)))
            line, current = [word], word_width
    if line:
        lines.append((width - current, " ".join(line)))
    return lines


class PlainCell(Flowable):
    """Plain user text in a paragraph style, wrapped and drawn as that ``Paragraph`` would be.

    Make one with ``plain_cell_fits`` true. A ``TextGrid`` measures and draws it in
    place (``lines_at``, ``draw_at``); anywhere else it is an ordinary flowable.
    """

    def __init__(self, text: str, style: ParagraphStyle) -> None:
        super().__init__()
        self.text = text
        self.style = style
        self.words = text.split()
        self.width = 0.0
        self.height = 0.0
        self._width: float | None = None
        self._lines: list[tuple[float, str]] | None = None
        self._paragraph: Flowable | None = None

    def __repr__(self) -> str:
        return f"PlainCell({self.text!r})"

    def lines_at(self, width: float) -> list[tuple[float, str]] | None:
        """The lines at ``width`` (kept for the last width asked), or ``None`` when only
        the ``Paragraph`` prints this text as reportlab would."""
        if self._width != width:
            style = self.style
            lines = break_lines(
                self.words, style.fontName, style.fontSize, width, style.spaceShrinkage
            )
            # A line wider than the width fits only by shrinking its spaces.
            if lines is not None and any(spare < -1e-8 and " " in t for spare, t in lines):
                lines = None
            self._width, self._lines = width, lines
        return self._lines

    def paragraph(self) -> Flowable:
        """The ``Paragraph`` this cell stands for (made once, when first needed)."""
        if self._paragraph is None:
            self._paragraph = para(self.text, self.style)
        return self._paragraph

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        if availWidth < _FUZZ:
            return 0, 0x7FFFFFFF
        lines = self.lines_at(availWidth)
        if lines is None:
            self.width, self.height = self.paragraph().wrap(availWidth, availHeight)
        else:
            self.width, self.height = availWidth, len(lines) * self.style.leading
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        paragraph = self.paragraph()
        paragraph.wrap(availWidth, availHeight)
        return list(paragraph.split(availWidth, availHeight))

    def draw(self) -> None:
        lines = self._lines if self._width == self.width else None
        if lines is None:
            self.paragraph().drawOn(self.canv, 0, 0)
            return
        self.canv.saveState()
        self.draw_at(self.canv, 0.0, self.height, lines)
        self.canv.restoreState()

    def draw_at(self, canv: Any, x: float, top: float, lines: list[tuple[float, str]]) -> None:
        """Draw ``lines`` with the cell's left edge at ``x`` and its top at ``top``, where
        the ``Paragraph`` puts them: the first baseline a font size below the top, the
        next a leading lower each. Sets the canvas's fill colour and font."""
        style = self.style
        share = _SHARE[style.alignment]
        set_fill(canv, style.textColor)
        canv.setFont(style.fontName, style.fontSize, style.leading)
        y = top - style.fontSize
        for spare, text in lines:
            draw_string(canv, x + share * spare, y, text)
            y -= style.leading
