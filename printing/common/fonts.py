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
import zlib
from typing import Any

from reportlab import rl_config
from reportlab.lib.fonts import addMapping
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase import pdfdoc, pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace

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


_SUBSETS_LOCK = threading.Lock()
"""Guards each face's kept subsets (``SheetFace._keep_subset``)."""


class SheetFace(TTFontFace):
    """A TrueType face that keeps the last few font subsets it embedded, made and packed.

    Every sheet embeds a subset of each face it prints in: reportlab builds the subset
    font file from the glyph list in Python, then the PDF deflates it (some 35 KB a
    face): about a tenth of a full sheet's instructions (issue 29). The subset file,
    and so its packed bytes, depend only on the face and the subset's characters in
    their order, which repeat whenever the same sheet, or a roster of sheets with the
    same letters in the same first-use order, is printed again. The PDF bytes are the
    same whether a subset comes from here or is made anew.
    """

    _SUBSETS_KEPT = 24
    """Subsets kept per face (each some 20 KB packed and 40 KB as made)."""

    def makeSubset(self, subset: Any) -> Any:
        """reportlab's subset font file for ``subset``, remembered for this face."""
        made = self._subset_files().get(tuple(subset))
        if made is None:
            made = self._keep_subset(tuple(subset), super().makeSubset(subset))
        return made[0]

    def addSubsetObjects(self, doc: Any, fontname: str, subset: Any) -> Any:
        """reportlab's objects for one subset, its font file packed once per subset."""
        descriptor = super().addSubsetObjects(doc, fontname, subset)
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        made = self._subset_files().get(tuple(subset))
        if (
            made is not None
            and isinstance(stream, pdfdoc.PDFStream)
            and stream.filters == [pdfdoc.PDFZCompress]
            and stream.content is made[0]
        ):
            # What PDFStream.format does with the filter, done once per subset: the
            # packed bytes and the /Filter entry it would add (the keys print sorted).
            if made[1] is None:
                made = self._keep_subset(tuple(subset), made[0], zlib.compress(made[0]))
            stream.content = made[1]
            stream.filters = None
            stream.dictionary["Filter"] = pdfdoc.PDFArray(
                [pdfdoc.PDFName(pdfdoc.PDFZCompress.pdfname)]
            )
        return descriptor

    def _subset_files(self) -> dict[tuple[int, ...], tuple[bytes, bytes | None]]:
        """The subsets kept, oldest first: the characters → (font file, packed or None)."""
        files: dict[tuple[int, ...], tuple[bytes, bytes | None]] | None = self.__dict__.get(
            "_sheet_subsets"
        )
        if files is None:
            files = {}
            self.__dict__["_sheet_subsets"] = files  # the face reportlab made has no slot
        return files

    def _keep_subset(
        self, key: tuple[int, ...], made: bytes, packed: bytes | None = None
    ) -> tuple[bytes, bytes | None]:
        with _SUBSETS_LOCK:  # two threads may print at once (a preview beside a print)
            files = self._subset_files()
            if key not in files and len(files) >= self._SUBSETS_KEPT:
                files.pop(next(iter(files)))  # the oldest first
            files[key] = kept = (made, packed)
        return kept


class SheetFont(TTFont):
    """A TrueType face that remembers how each string it drew maps to its subsets.

    reportlab maps every character of every string drawn to a code in the
    document's font subset, in Python, one character at a time: a sixth of a
    sheet's printing time, although a sheet draws the same dates, numbers and
    headers over and over. A character's code never changes once given within a
    document, so the split of a string is kept per document and reused.
    """

    _last: tuple[weakref.ref[Any], dict[Any, Any]] | None = None

    def splitString(self, text: Any, doc: Any, encoding: str = "utf-8") -> Any:
        last = self._last
        if last is not None and last[0]() is doc:  # the document of the last call: most calls
            memo = last[1]
        else:
            memo = self._memos.setdefault(doc, {})
            self._last = (weakref.ref(doc), memo)
        done = memo.get(text)
        if done is None:
            done = self._known_split(text, doc)
            if done is None:
                done = super().splitString(text, doc, encoding)
            memo[text] = done
        return done

    def _known_split(self, text: Any, doc: Any) -> list[tuple[int, bytes]] | None:
        """reportlab's split of ``text`` when every character already has its code in
        ``doc``; ``None`` when one is new (reportlab then gives it the next code).

        The same answer as ``TTFont.splitString``, built from the codes given so far
        without its per-character loop.
        """
        state = self.state.get(doc)
        if state is None or not isinstance(text, str) or "\xa0" in text:
            return None
        known = state.assignments  # type: ignore[attr-defined]  # not in the stubs
        try:
            return [(0, bytes(map(known.__getitem__, map(ord, text))))] if text else []
        except KeyError:
            return None
        except ValueError:  # a code past the first subset: split by subset below
            codes = [known.get(c, -1) for c in map(ord, text)]
            if -1 in codes:  # a later character is new
                return None
        results: list[tuple[int, bytes]] = []
        current, run = -1, bytearray()
        for n in codes:
            if n >> 8 != current:
                if run:
                    results.append((current, bytes(run)))
                current, run = n >> 8, bytearray()
            run.append(n & 0xFF)
        if run:
            results.append((current, bytes(run)))
        return results

    def stringWidth(self, text: Any, size: Any, encoding: str = "utf8") -> Any:
        """The width of ``text`` at ``size`` points, remembered: the same as reportlab's.

        reportlab measures every word of every paragraph each time it breaks lines
        (some seven thousand measures a sheet), mostly the same few hundred words,
        dates and numbers; a measure depends only on the face, the text and the size.
        """
        key = (text, size)
        width = self._widths.get(key)
        if width is None:
            if len(self._widths) >= _WIDTHS_KEPT:
                self._widths.clear()
            width = self._widths[key] = super().stringWidth(text, size, encoding)
        return width

    def __init__(self, name: str, filename: str) -> None:
        super().__init__(name, filename)
        # reportlab makes the face itself; it becomes the kind that keeps its subsets.
        self.face.__class__ = SheetFace
        self._memos: weakref.WeakKeyDictionary[Any, dict[Any, Any]] = weakref.WeakKeyDictionary()
        self._widths: dict[tuple[Any, Any], Any] = {}
        # The last document split for and its memo, held weakly: a weak-keyed lookup per
        # string cost a tenth of the split's time.
        self._last = None

    def addObjects(self, doc: Any) -> None:
        """reportlab's font objects for ``doc``, each subset's widths written by ``Widths``."""
        state = self.state.get(doc)
        names = []
        if state is not None:
            names = [self.getSubsetInternalName(n, doc)[1:] for n in range(len(state.subsets))]
        super().addObjects(doc)
        fonts = doc.idToObject["BasicFonts"].dict
        for name in names:
            font = fonts.get(name)
            if font is not None and type(font.Widths) is pdfdoc.PDFArray:
                font.Widths = Widths(font.Widths.sequence)


class Widths(pdfdoc.PDFArray):
    """A subset's glyph widths, written as ``PDFArray`` writes them.

    ``PDFArray`` formats each number through the document's general formatter and
    text codec, one at a time: a few hundred numbers a sheet (issue 29). Numbers are
    written here with the same ``fp_str`` text, remembered per width, which is ASCII,
    so its bytes are the codec's; anything but plain numbers goes to ``PDFArray``.
    """

    def format(self, document: Any, IND: bytes = b"\n ") -> bytes:
        numbers = self.sequence
        if any(type(n) not in (int, float) for n in numbers):
            return super().format(document, IND)
        texts = _WIDTH_TEXTS
        parts = []
        for n in numbers:
            text = texts.get(n)
            if text is None:
                text = texts[n] = fp_str(n).encode("ascii")
            parts.append(text)
        if (self.multiline and rl_config.pdfMultiLine) or self.multiline == "forced":
            return b"[ " + IND.join(parts) + b" ]"
        for i in reversed(range(10, len(parts), 10)):  # a line break every ten numbers
            parts.insert(i, b"\n ")
        return b"[ " + b" ".join(parts) + b" ]"


_WIDTH_TEXTS: dict[float, bytes] = {}
"""Each glyph width as ``fp_str`` writes it (a face has a few hundred distinct widths)."""


_WIDTHS_KEPT = 50_000
"""Most measures one face keeps (a few MB); past that it starts again from none."""


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
