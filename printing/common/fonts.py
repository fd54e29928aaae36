"""The fonts every printed page uses, registered with reportlab once per process.

Sheets print in DejaVu Sans (shipped in ``resources/fonts``) rather than the
PDF base-14 fonts because those only cover Latin-1 and are not embedded: a
name such as "Zoë" or a pronoun such as "Xi/Xir" must print as typed on any
printer. reportlab embeds a TrueType font as a subset (``FontFile2``) holding
only the glyphs a document uses, and writes a ToUnicode map, so text stays
selectable and searchable.
"""

from __future__ import annotations

import threading
import weakref
from typing import Any

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from resources import resource_path

SANS = "HarbingerSans"
SANS_BOLD = "HarbingerSans-Bold"
SANS_OBLIQUE = "HarbingerSans-Oblique"
MONO = "HarbingerMono"

_FILES: dict[str, str] = {
    SANS: "DejaVuSans.ttf",
    SANS_BOLD: "DejaVuSans-Bold.ttf",
    SANS_OBLIQUE: "DejaVuSans-Oblique.ttf",
    MONO: "DejaVuSansMono.ttf",
}


class SheetFont(TTFont):
    """A TrueType face that remembers how each string it drew maps to its subsets.

    reportlab maps every character of every string drawn to a code in the
    document's font subset, in Python, one character at a time: a sixth of a
    sheet's printing time, although a sheet draws the same dates, numbers and
    headers over and over. A character's code never changes once given within a
    document, so the split of a string is kept per document and reused.
    """

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
        memo = self._memos.get(doc)
        if memo is None:
            memo = self._memos[doc] = {}
        done = memo.get(text)
        if done is None:
            done = memo[text] = super().splitString(text, doc, encoding)
        return done

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        self._memos: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()


_lock = threading.Lock()
_registered = False


def register_fonts() -> None:
    """Register the sheet fonts with reportlab; later calls return at once.

    Parsing a TrueType file takes tens of milliseconds, so it happens once per
    process. The lock matters because the app renders on a worker thread
    while a test or the CLI may render on another.
    """
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        for name, filename in _FILES.items():
            pdfmetrics.registerFont(SheetFont(name, str(resource_path("fonts", filename))))
        # <b> and <i> in Harbinger's own markup pick the matching face; there is no
        # bold-oblique file shipped, so bold wins when both are asked for.
        addMapping(SANS, 0, 0, SANS)
        addMapping(SANS, 1, 0, SANS_BOLD)
        addMapping(SANS, 0, 1, SANS_OBLIQUE)
        addMapping(SANS, 1, 1, SANS_BOLD)
        addMapping(MONO, 0, 0, MONO)
        addMapping(MONO, 1, 0, MONO)
        addMapping(MONO, 0, 1, MONO)
        addMapping(MONO, 1, 1, MONO)
        _registered = True
