"""User text made safe for reportlab, and the one way printing/ builds paragraphs.

reportlab's ``Paragraph`` reads an XML-like markup: a player who names a Gift
``<b>Rage</b>``, writes ``Salt & Iron`` or types ``<font size=90>`` would
otherwise get bold text, a parse error or a giant glyph. The rule in this
package is therefore:

- a plain ``str`` is user text and is always escaped by ``literal`` before it
  reaches reportlab, so it prints exactly as typed;
- a ``Markup`` is markup Harbinger wrote itself; ``markup()`` fills user
  values into a trusted template, escaping each value.

``para`` is the only place a ``Paragraph`` is made (a test checks that no other
module calls ``Paragraph`` directly).
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from reportlab.lib.enums import TA_LEFT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph
from reportlab.platypus.paragraph import _wsc, cleanBlockQuotedText  # type: ignore[attr-defined]
from reportlab.platypus.paraparser import ParaParser
from reportlab.rl_config import paraFontSizeHeightOffset

from printing.common.quick_markup import quick_runs
from printing.common.rich_lines import break_runs, runs_fit
from printing.common.text_grid import draw_text_lines, set_fill, sheet_face

# C0/C1 controls other than newline and tab, lone surrogates (from a bad JSON
# escape) and non-characters: none prints, and surrogates break PDF encoding.
_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


PRINT_LIMIT = 8_000
"""Most characters of one user text printed in a field or cell (issue 13).

A file may hold 100,000 characters in each of dozens of fields; laying all of
that out keeps ``sheet pdf`` busy for minutes. Longer text is cut here, and the
page says how much was left out, so nothing is lost silently."""

_MARK_ROOM = 80
"""Longer than the note that replaces cut text, so cutting twice changes nothing."""

NOTES_PRINT_LIMIT = 20_000
"""Most characters of the player's notes printed (they have a section of their own)."""


class Markup(str):
    """Paragraph markup written by Harbinger's own code, never by a user."""

    __slots__ = ()


def clean(text: object, limit: int = PRINT_LIMIT) -> str:
    """User text with unprintable characters removed and line ends made ``\\n``.

    Text longer than ``limit`` characters is cut, and a note saying how many
    characters were not printed takes the place of the rest.
    """
    value = "" if text is None else str(text)
    if len(value) > limit + _MARK_ROOM:  # the room keeps an already cut text as it is
        cut = value[:limit]
        value = f"{cut} […{len(value) - len(cut):,} more characters not printed; see the file]"
    if value.isprintable():  # no line end, tab or unprintable character: nothing to do
        return value
    value = value.replace("\r\n", "\n").replace("\r", "\n")
    return _UNPRINTABLE.sub("", value).replace("\t", "    ")


def literal(text: object, limit: int = PRINT_LIMIT) -> Markup:
    """Markup that prints ``text`` literally: ``&``, ``<`` and ``>`` escaped, newlines kept.

    At most ``limit`` characters of it are printed (``clean``).
    """
    value = clean(text, limit)
    value = value.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return Markup(value.replace("\n", "<br/>"))


def markup(template: str, **values: object) -> Markup:
    """Fill user ``values`` into a trusted ``template`` with ``str.format``, escaping each.

    ``markup("<b>{name}</b>", name=user_text)`` bolds whatever the user typed
    without letting it add markup of its own. A value that is already
    ``Markup`` is inserted unchanged.
    """
    safe = {k: v if isinstance(v, Markup) else literal(v) for k, v in values.items()}
    return Markup(template.format(**safe))


def join(parts: list[Markup] | tuple[Markup, ...], separator: str = " · ") -> Markup:
    """Join pieces of markup with a trusted separator, skipping empty pieces."""
    return Markup(separator.join(p for p in parts if p))


def para(content: str | Markup, style: ParagraphStyle) -> Paragraph:
    """A paragraph of ``content``: plain ``str`` prints literally, ``Markup`` is parsed.

    Inside ``text_budget`` a paragraph longer than ``SHORT_TEXT`` is printed only
    while the budget lasts; after that a note says it was not printed.
    """
    text = content if isinstance(content, Markup) else literal(content)
    budget = _BUDGET.get()
    if budget is not None and len(text) > SHORT_TEXT:
        if budget[0] <= 0:
            text = Markup(
                f"[{len(text):,} characters not printed: this sheet already holds as much "
                "text as one sheet prints; see the file]"
            )
        else:
            budget[0] -= len(text)
    return SheetParagraph(text, style)


class SheetParagraph(Paragraph):
    """A ``Paragraph`` that breaks its lines once per width.

    reportlab asks a paragraph in a table cell for its height several times at
    the same width (the table measures it, splits at a page end, then draws it),
    and each ask breaks every line again: a third of a sheet's printing time.
    The lines depend only on the width and the style, so the last answer is kept.
    """

    _wrapped: tuple[float, Any, float] | None = None

    def _setup(self, text: Any, style: Any, bulletText: Any, frags: Any, cleaner: Any) -> None:
        # Text with no markup at all (most cells: names, dates, entries) reads into one
        # run in the style's face; reportlab's markup parser made that same run at a tenth
        # of the sheet's printing time. Harbinger's own bold and italic markup reads into
        # the parser's runs too (printing.common.quick_markup); anything else is parsed.
        if cleaner is cleanBlockQuotedText and isinstance(text, str) and "\xa0" not in text:
            cleaner = _clean_block  # the same text, without reportlab's per-call layers
        if frags is None and isinstance(text, str):
            if "<" not in text and "&" not in text:
                cleaned = cleaner(text)
                if cleaned:
                    frags = [_plain_run(style).clone(text=cleaned, link=[], us_lines=[])]
                    text = cleaned
            else:
                cleaned = cleaner(text)
                frags = quick_runs(cleaned, style)
                if frags is not None:
                    text = cleaned
        super()._setup(text, style, bulletText, frags, cleaner)  # type: ignore[misc]  # not in the stubs

    def breakLines(self, width: Any) -> Any:
        # Several runs (bold or italic words among plain ones) break through the same
        # rule without reportlab's per-word run comparison (printing.common.rich_lines).
        if runs_fit(self):
            lines = break_runs(self, width)
            if lines is not None:
                return lines
        return super().breakLines(width)

    def draw(self) -> None:
        # A left-aligned paragraph of one run (most on a sheet: names, labels, headings)
        # is written straight onto the page, the same operators reportlab's drawPara
        # writes for it without its text object and per-line calls (issue 29).
        if not self._draw_plain():
            super().draw()

    def _draw_plain(self) -> bool:
        """Draw the lines as ``drawPara`` does for one run, left-aligned, with no indent,
        bullet, border, background, link, underline or stretched line; False, drawing
        nothing, for any other paragraph."""
        lines_of = self.blPara
        style = self.style
        if (
            lines_of.kind != 0
            or not lines_of.lines
            or self.bulletText
            or style.alignment != TA_LEFT
            or style.leftIndent
            or style.firstLineIndent
            or any(getattr(self, "_offsets", ()))
            or style.backColor
            or (style.borderColor and style.borderWidth)
            or style.wordWrap
            or getattr(self, "autoLeading", getattr(style, "autoLeading", ""))
            or lines_of.us_lines
            or lines_of.link
            or any(spare <= -1e-8 for spare, _ in lines_of.lines)
        ):
            return False
        font = sheet_face(lines_of.fontName)
        if font is None:
            return False
        if paraFontSizeHeightOffset:
            top = self.height - lines_of.fontSize
        else:
            top = self.height - getattr(lines_of, "ascent", lines_of.fontSize)
        canv = self.canv
        canv.saveState()
        set_fill(canv, lines_of.textColor)
        texts = [" ".join(words) for _, words in lines_of.lines]
        draw_text_lines(canv, 0, top, font, lines_of.fontSize, style.leading, texts)
        canv.restoreState()
        return True

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        done = self._wrapped
        if done is not None and done[0] == availWidth:
            self.width, self.blPara, self.height = availWidth, done[1], done[2]
            return availWidth, done[2]
        width, height = super().wrap(availWidth, availHeight)
        if width == availWidth:  # not the "cannot fit" answer
            self._wrapped = (availWidth, self.blPara, height)
        return width, height


def _clean_block(text: str) -> str:
    """``cleanBlockQuotedText(text)`` for text without a no-break space: each line's words
    joined by single spaces (the line first stripped of reportlab's whitespace), empty
    lines dropped, the lines joined by spaces. reportlab reaches the same through
    several calls a word's worth of checks each, for every paragraph of a sheet."""
    if "\n" not in text:
        return " ".join(text.strip(_wsc).split())
    lines = (" ".join(line.strip(_wsc).split()) for line in text.split("\n"))
    return " ".join(line for line in lines if line)


_RUNS: weakref.WeakKeyDictionary[ParagraphStyle, Any] = weakref.WeakKeyDictionary()


def _plain_run(style: ParagraphStyle) -> Any:
    """The run reportlab's parser makes of plain text in ``style`` (its text aside)."""
    run = _RUNS.get(style)
    if run is None:
        parser = ParaParser()
        parser.caseSensitive = 1
        _, frags, _ = parser.parse("x", style)
        run = _RUNS[style] = frags[0]
    return run


SHORT_TEXT = 200
"""Paragraphs this short (names, labels, numbers) always print, whatever the budget."""

_BUDGET: ContextVar[list[int] | None] = ContextVar("text_budget", default=None)


@contextmanager
def text_budget(characters: int) -> Iterator[None]:
    """Within this block, paragraphs made by ``para`` print at most about ``characters``
    characters of long text in all (issue 13).

    A file may hold 4 MB of schema-valid text; laying out 4 MB of paragraphs
    takes reportlab a minute. A sheet prints the first ``characters`` of it and
    says, in place of each long text after that, that it was left out.
    """
    token = _BUDGET.set([characters])
    try:
        yield
    finally:
        _BUDGET.reset(token)


def one_line(text: object) -> str:
    """User text for a single drawn line (headers, file names): no markup, no line breaks."""
    return " ".join(clean(text).split())


def fit_width(text: str, font: str, size: float, width: float) -> str:
    """``text`` cut with an ellipsis so it is at most ``width`` points wide in ``font``."""
    if stringWidth(text, font, size) <= width:
        return text
    ellipsis = "…"
    low, high = 0, len(text)
    while low < high:
        mid = (low + high + 1) // 2
        if stringWidth(text[:mid] + ellipsis, font, size) <= width:
            low = mid
        else:
            high = mid - 1
    return text[:low].rstrip() + ellipsis
