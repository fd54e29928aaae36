"""reportlab's line breaking for a paragraph of several runs (bold, italic), done leaner.

A paragraph whose markup makes more than one run (``<b>System.</b> Spend an
Action…``: a Gift's System Text, the Gift's requirements line) is broken into
lines by ``Paragraph.breakLines``' general branch. For every word that branch
asks reportlab's ``sameFrag`` whether the word's run looks like the one before
(about ten attribute reads, most of them missing attributes that raise and
clear an error, and a colour compared through Python); on a full contractor
sheet that one call was a fifteenth of the printing time (issue 29).

``break_runs`` is that branch, line for line, for the case a sheet prints:
runs of text only (no images, ``<br/>``, soft hyphens or words split earlier),
no hyphenation, no bidirectional or shaped text, and no word wider than its
line. It gives the same ``ParaLines`` (the same lines, words, runs, spare
widths, sizes and ascents, and the same word list left in ``frags`` for a later
split), so reportlab splits and draws the paragraph exactly as before. What it
saves: a word from the same run as the one before is known to look the same
without asking ``sameFrag``; ascents and space widths are looked up once per
face and size. Anything else returns ``None`` and reportlab breaks the lines.
"""

from __future__ import annotations

from typing import Any

from reportlab.lib.rl_accel import sameFrag
from reportlab.pdfbase.pdfmetrics import getAscentDescent, stringWidth
from reportlab.platypus.paragraph import (  # type: ignore[attr-defined]  # private: not in the stubs
    _FK_TEXT,
    FragLine,
    ParaLines,
    _getFragWords,
    _handleBulletWidth,
    _HSFrag,
)

_PLAIN_WORDS = (list, _HSFrag)
"""The kinds of word list ``_getFragWords`` makes for plain text (others carry soft
hyphens or pieces of a word split before, which only reportlab's breaker handles)."""


def runs_fit(paragraph: Any) -> bool:
    """Whether ``paragraph``'s lines can be broken by ``break_runs``: several runs, in a
    style with no hyphenation, shaping, bidirectional or CJK wrapping."""
    style = paragraph.style
    return (
        len(paragraph.frags) > 1
        and not style.wordWrap
        and not getattr(style, "shaping", 0)
        and not getattr(style, "hyphenationLang", "")
        and not style.uriWasteReduce
        and not style.embeddedHyphenation
    )


def break_runs(paragraph: Any, width: float | list[float]) -> Any | None:
    """``paragraph.breakLines(width)`` for text runs (``runs_fit``), or ``None`` when a
    word is not plain text or is wider than its line (reportlab then breaks the lines).

    On success the paragraph's ``frags`` become the word list, as reportlab leaves them.
    """
    widths = list(width) if isinstance(width, (tuple, list)) else [width]
    _handleBulletWidth(paragraph.bulletText, paragraph.style, widths)
    words_in = _getFragWords(paragraph.frags, widths[0])
    narrowest = min(widths)
    for w in words_in:
        if type(w) not in _PLAIN_WORDS or w[0] > narrowest:
            return None
        for piece in w[1:]:
            frag = piece[0]
            if frag._fkind != _FK_TEXT or hasattr(frag, "cbDefn") or hasattr(frag, "lineBreak"):
                return None
    breaker = _Breaker(widths, paragraph.style.spaceShrinkage)
    lines = breaker.run(words_in)
    paragraph.height = 0
    paragraph._splitLongWordCount = paragraph._hyphenations = 0
    paragraph._width_max = breaker.width_max
    paragraph.frags = words_in
    return ParaLines(kind=1, lines=lines)


_ASCENTS: dict[tuple[str, float], tuple[float, float]] = {}
_SPACES: dict[tuple[str, float], float] = {}


def _ascent(name: str, size: float) -> tuple[float, float]:
    """``getAscentDescent`` of a face and size, remembered."""
    key = (name, size)
    found = _ASCENTS.get(key)
    if found is None:
        found = _ASCENTS[key] = getAscentDescent(name, size)
    return found


def _space(name: str, size: float) -> float:
    """The width of a space in a face and size, remembered (``stringWidth(" ", …)``)."""
    key = (name, size)
    found = _SPACES.get(key)
    if found is None:
        found = _SPACES[key] = stringWidth(" ", name, size)
    return found


def _shrink_room(words: list[Any], space_width: float, shrinkage: float) -> float:
    """How far a line may run past its width by shrinking its spaces (reportlab's sum,
    in its order: the pending space, then each run's spaces)."""
    if len(words) == 1:  # one run on the line so far: the same sum, written out
        only = words[0]
        ns = only.text.count(" ") if only._fkind == _FK_TEXT else 0
        if ns:
            return (space_width + ns * _space(only.fontName, only.fontSize)) * shrinkage
        return space_width * shrinkage
    shrink = space_width
    for wi in words:
        if wi._fkind == _FK_TEXT:
            ns = wi.text.count(" ")
            if ns:
                shrink += ns * _space(wi.fontName, wi.fontSize)
    return shrink * shrinkage


class _Breaker:
    """The general branch of ``Paragraph.breakLines`` for plain text runs, in steps.

    Its state and steps keep reportlab's names (``maxWidth``, ``currentWidth``,
    ``spaceWidth``, ``n`` words counted on the line, ``g`` the line's last run) so the
    two read side by side; ``source`` is the run ``g`` was cloned from.
    """

    def __init__(self, max_widths: list[float], shrinkage: float) -> None:
        self.max_widths = max_widths
        self.shrinkage = shrinkage
        self.lines: list[Any] = []
        self.width_max = 0.0
        self.lineno = 0
        self.maxWidth = max_widths[0]
        self.FW: list[Any] = []
        self.words: list[Any] = []
        self.source: Any = None
        self.g: Any = None
        self.sFW = 0
        self.n = 0
        self.spaceWidth = self.currentWidth = 0.0
        self.maxSize = self.maxAscent = self.minDescent = 0.0

    def run(self, words_in: list[Any]) -> list[Any]:
        """The lines of ``words_in`` (``_getFragWords``' word lists)."""
        for w in words_in:
            self.FW.append(w)
            last = w[-1][0]
            fontName, fontSize = last.fontName, last.fontSize
            if not self.words:
                self.n = 0
                self.spaceWidth = self.currentWidth = 0
                self.maxSize = fontSize
                self.maxAscent, self.minDescent = _ascent(fontName, fontSize)
            wordWidth = w[0]
            if wordWidth > 0:
                newWidth = self.currentWidth + self.spaceWidth + wordWidth
            else:
                newWidth = self.currentWidth
            limWidth = self.maxWidth
            if self.shrinkage:
                limWidth += _shrink_room(self.words, self.spaceWidth, self.shrinkage)
            if newWidth > limWidth and self.n > 0:
                self._end_line()
                self._start_line(w, fontName, fontSize)
            elif len(w) == 2 and last is self.source:
                self._add_same(w, newWidth)
            else:
                self._add(w, fontName, newWidth)
        if self.words:
            self._end_line()
        return self.lines

    def _measure(self, frag: Any) -> None:
        """Take a run's size, ascent and descent into the line's."""
        ascent, descent = _ascent(frag.fontName, frag.fontSize)
        self.maxSize = max(self.maxSize, frag.fontSize)
        self.maxAscent = max(self.maxAscent, ascent)
        self.minDescent = min(self.minDescent, descent)

    def _add(self, w: Any, fontName: str, newWidth: float) -> None:
        """Put word ``w`` on the current line (its first piece joins the line's last run
        when the two look the same)."""
        f, nText = w[1]
        if nText:
            self.n += 1
        self._measure(f)
        words = self.words
        if not words:
            self._new_run(f, nText)
        elif f is not self.source and not sameFrag(self.g, f):
            if self.spaceWidth:
                _end_with_space(words)
            self._new_run(f, nText)
        elif self.spaceWidth:
            g = self.g
            g.text += nText if g.text.endswith(" ") else " " + nText
        else:
            self.g.text += nText
        # reportlab measures this space in the face of the word's last piece at the
        # size of its first.
        self.spaceWidth = _space(fontName, f.fontSize) if isinstance(w, _HSFrag) else 0
        if self._add_pieces(w) and not nText:
            self.n += 1
        self.currentWidth = newWidth

    def _add_same(self, w: Any, newWidth: float) -> None:
        """``_add`` for the usual word: one piece, of the run the line ends with (so it
        looks the same, and the line's size, ascent and descent already count it)."""
        f, nText = w[1]
        if nText:
            self.n += 1
        g = self.g
        if self.spaceWidth:
            g.text += nText if g.text.endswith(" ") else " " + nText
        else:
            g.text += nText
        self.spaceWidth = _space(f.fontName, f.fontSize) if type(w) is _HSFrag else 0
        self.currentWidth = newWidth

    def _new_run(self, f: Any, text: str) -> None:
        g = self.g = f.clone()
        self.source = f
        g.text = text
        self.words.append(g)

    def _add_pieces(self, w: Any) -> bool:
        """Add the pieces of ``w`` after its first, each a run of its own; whether any
        holds text."""
        some = False
        for f, text in w[2:]:
            self._new_run(f, text)
            some = some or bool(text)
            self._measure(f)
        return some

    def _end_line(self) -> None:
        if self.currentWidth > self.width_max:
            self.width_max = self.currentWidth
        self.lines.append(
            FragLine(
                extraSpace=self.maxWidth - self.currentWidth,
                wordCount=self.n,
                lineBreak=False,
                words=self.words,
                fontSize=self.maxSize,
                ascent=self.maxAscent,
                descent=self.minDescent,
                maxWidth=self.maxWidth,
                sFW=self.sFW,
            )
        )

    def _start_line(self, w: Any, fontName: str, fontSize: float) -> None:
        """Start the next line with word ``w`` (``fontName`` and ``fontSize``: its last
        piece's face and size)."""
        self.sFW = len(self.FW) - 1
        self.lineno += 1
        self.maxWidth = self.max_widths[min(len(self.max_widths) - 1, self.lineno)]
        self.spaceWidth = _space(fontName, fontSize) if isinstance(w, _HSFrag) else 0
        self.currentWidth = w[0]
        self.n = 1
        f, text = w[1]
        self.words = []
        self._new_run(f, text)
        self.maxSize = f.fontSize
        self.maxAscent, self.minDescent = _ascent(f.fontName, f.fontSize)
        self._add_pieces(w)


def _end_with_space(words: list[Any]) -> None:
    """End the line's last text run with a space (a word of another look follows)."""
    for wi in reversed(words):
        if wi._fkind == _FK_TEXT:
            if not wi.text.endswith(" "):
                wi.text += " "
            return
