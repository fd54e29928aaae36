"""Paper sizes, page frames, running headers and "Page N of M" footers.

A printed document is a story of flowables built into pages by reportlab.
Every page carries a running header (whose sheet it is) and a footer
("Page 2 of 5"). The total is only known once the story is laid out, so the
canvas keeps each finished page aside and draws the headers and footers when
the document is saved.

One PDF may hold several sheets (a roster printed as one file). Each sheet
opens with a ``SectionStart`` naming its ``RunningHead``; pages are counted
per sheet, so the third contractor's first page reads "Page 1 of 4".
"""

from __future__ import annotations

import os
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from pathlib import Path
from typing import IO, Any

from reportlab import rl_config
from reportlab.lib.pagesizes import A4
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDFBase85Encode, PDFPage, PDFStream, PDFZCompress
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate

from builder.core.collector import collector_paused
from printing.common.fonts import SANS, SANS_BOLD, register_fonts
from printing.common.styles import MUTED, RULE
from printing.common.text import fit_width, one_line
from printing.common.text_grid import draw_string

Paper = str
PAPER_SIZES: dict[str, tuple[float, float]] = {
    "letter": (612.0, 792.0),
    "a4": (A4[0], A4[1]),
}
"""Page sizes in points: US Letter 8.5 × 11 in, ISO A4 210 × 297 mm."""

MARGIN_SIDE = 36.0
MARGIN_TOP = 50.0
MARGIN_BOTTOM = 42.0
HEADER_SIZE = 8.0
FOOTER_SIZE = 7.5

Output = str | Path | IO[bytes]
"""Where a PDF goes: a file path, or a binary stream open for writing."""


def paper_size(paper: Paper) -> tuple[float, float]:
    """Width and height in points of ``paper`` ("letter" or "a4", any case)."""
    key = str(paper).strip().lower()
    if key not in PAPER_SIZES:
        names = " or ".join(PAPER_SIZES)
        raise ValueError(f"unknown paper size {paper!r}; expected {names}")
    return PAPER_SIZES[key]


@dataclass(frozen=True, slots=True)
class RunningHead:
    """What the header of every page of one sheet says.

    ``key`` tells sheets in one file apart (page numbers restart for each);
    ``title`` is printed left (whose sheet), ``detail`` right (player,
    Status); ``outline`` names the PDF bookmark ("" for none).
    """

    key: str
    title: str
    detail: str = ""
    outline: str = ""


class SectionStart(Flowable):
    """An invisible mark at the top of a sheet: pages from here on carry ``head``.

    ``on_draw`` is called when layout reaches this sheet (a roster printed as
    one file reports its progress this way).
    """

    def __init__(self, head: RunningHead, on_draw: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.head = head
        self.on_draw = on_draw
        self.width = 0
        self.height = 0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        canv = self.canv
        # The running head rides on the canvas for RunningCanvas.save to draw.
        canv.harbinger_head = self.head  # type: ignore[attr-defined]
        if self.head.outline:
            name = f"sheet-{self.head.key}"
            canv.bookmarkPage(name)
            canv.addOutlineEntry(one_line(self.head.outline), name, level=0)
        if self.on_draw is not None:
            self.on_draw()


class RunningCanvas(Canvas):
    """A canvas that holds finished pages until save, then adds headers and footers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        register_fonts()
        kwargs.setdefault("initialFontName", SANS)
        super().__init__(*args, **kwargs)
        self.harbinger_head: RunningHead | None = None
        self._held_pages: list[dict[str, Any]] = []

    # Every flowable drawn saves the graphics state, moves the origin and restores the
    # state: reportlab copies the state one attribute at a time each way, and works out
    # the move through its general transform. These do the same, with the same operators
    # and state, as one copy each way (issue 29).

    def push_state_stack(self) -> None:
        self.state_stack.append(_STATE_OF(self.__dict__))
        self._extgstate = self._extgstate.pushCopy()  # type: ignore[has-type]

    def pop_state_stack(self) -> None:
        self.__dict__.update(zip(_STATE_NAMES, self.state_stack.pop(), strict=True))

    def saveState(self) -> None:
        self.state_stack.append(_STATE_OF(self.__dict__))
        self._extgstate = self._extgstate.pushCopy()
        self._code.append("q")  # type: ignore[attr-defined]  # not in the stubs

    def restoreState(self) -> None:
        self._code.append("Q")  # type: ignore[attr-defined]
        self.__dict__.update(zip(_STATE_NAMES, self.state_stack.pop(), strict=True))

    def translate(self, dx: float, dy: float) -> None:
        code: list[str] = self._code  # type: ignore[attr-defined]
        if code and code[-1][-3:] == " cm":  # joins the last move: reportlab's own way
            Canvas.transform(self, 1, 0, 0, 1, dx, dy)
            return
        # ``transform(1, 0, 0, 1, dx, dy)``: the same sums, in the same order.
        a, b, c, d = 1, 0, 0, 1
        a0, b0, c0, d0, e0, f0 = self._currentMatrix  # type: ignore[has-type]
        self._currentMatrix = (
            a0 * a + c0 * b,
            b0 * a + d0 * b,
            a0 * c + c0 * d,
            b0 * c + d0 * d,
            a0 * dx + c0 * dy + e0,
            b0 * dx + d0 * dy + f0,
        )
        code.append(f"1 0 0 1 {fp_str(dx)} {fp_str(dy)} cm")

    # A string drawn with no text mode, spacing, direction or shaping: the operators
    # ``draw_string`` writes are those the canvas writes, kept per document and string,
    # without a text object per string (reportlab's tables draw every plain cell so).

    def drawString(
        self,
        x: float,
        y: float,
        text: str,
        mode: Any = None,
        charSpace: float = 0,
        direction: Any = None,
        wordSpace: Any = None,
        shaping: bool = False,
    ) -> None:
        if self._plain_draw(text, mode, charSpace, direction, wordSpace, shaping):
            draw_string(self, x, y, text, 0.0)
        else:
            Canvas.drawString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

    def drawRightString(
        self,
        x: float,
        y: float,
        text: str,
        mode: Any = None,
        charSpace: float = 0,
        direction: Any = None,
        wordSpace: Any = None,
        shaping: bool = False,
    ) -> None:
        if self._plain_draw(text, mode, charSpace, direction, wordSpace, shaping):
            draw_string(self, x, y, text, 1.0)
        else:
            Canvas.drawRightString(self, x, y, text, mode, charSpace, direction, wordSpace, shaping)

    def drawCentredString(
        self,
        x: float,
        y: float,
        text: str,
        mode: Any = None,
        charSpace: float = 0,
        direction: Any = None,
        wordSpace: Any = None,
        shaping: bool = False,
    ) -> None:
        if self._plain_draw(text, mode, charSpace, direction, wordSpace, shaping):
            draw_string(self, x, y, text, 0.5)
        else:
            Canvas.drawCentredString(
                self, x, y, text, mode, charSpace, direction, wordSpace, shaping
            )

    def _plain_draw(
        self,
        text: object,
        mode: Any,
        charSpace: float,
        direction: Any,
        wordSpace: Any,
        shaping: bool,
    ) -> bool:
        """Whether a string draw can go through ``draw_string``: a ``str``, on a bottom-up
        page, with nothing but the current font and colour."""
        return (
            type(text) is str
            and mode is None
            and not charSpace
            and direction is None
            and not wordSpace
            and not shaping
            and bool(self.bottomup)
        )

    def showPage(self) -> None:
        self._held_pages.append(dict(self.__dict__))
        self._startPage()  # type: ignore[attr-defined]  # Canvas's own page reset; not in its stubs

    def save(self) -> None:
        heads = [state.get("harbinger_head") for state in self._held_pages]
        totals = Counter(h.key if h else "" for h in heads)
        seen: Counter[str] = Counter()
        for state, head in zip(self._held_pages, heads, strict=True):
            key = head.key if head else ""
            seen[key] += 1
            self.__dict__.update(state)
            self._draw_head_and_foot(head, seen[key], totals[key])
            Canvas.showPage(self)
            _byte_stream(self._doc.Pages.pages[-1])  # type: ignore[attr-defined]
        Canvas.save(self)

    def _draw_head_and_foot(self, head: RunningHead | None, page: int, total: int) -> None:
        width, height = self._pagesize  # type: ignore[attr-defined]  # Canvas's; not in its stubs
        left, right = MARGIN_SIDE, width - MARGIN_SIDE
        self.saveState()
        base = height - MARGIN_TOP + 16
        if head is not None:
            detail = one_line(head.detail)
            detail_width = self.stringWidth(detail, SANS, HEADER_SIZE) if detail else 0.0
            self.setFillColor(MUTED)
            self.setFont(SANS, HEADER_SIZE)
            if detail:
                detail = fit_width(detail, SANS, HEADER_SIZE, (right - left) * 0.45)
                detail_width = self.stringWidth(detail, SANS, HEADER_SIZE)
                self.drawRightString(right, base, detail)
            title = fit_width(
                one_line(head.title), SANS_BOLD, HEADER_SIZE, right - left - detail_width - 12
            )
            self.setFillColorRGB(0.1, 0.1, 0.1)
            self.setFont(SANS_BOLD, HEADER_SIZE)
            self.drawString(left, base, title)
        self.setStrokeColor(RULE)
        self.setLineWidth(0.5)
        self.line(left, base - 4, right, base - 4)
        foot = MARGIN_BOTTOM - 24
        self.line(left, foot + 10, right, foot + 10)
        self.setFont(SANS, FOOTER_SIZE)
        self.setFillColor(MUTED)
        self.drawString(left, foot, "Printed by Harbinger")
        self.drawRightString(right, foot, f"Page {page} of {total}")
        self.restoreState()


_STATE_NAMES: tuple[str, ...] = tuple(Canvas.STATE_ATTRIBUTES)
"""The canvas attributes a saved graphics state holds (reportlab's list)."""
_STATE_OF = itemgetter(*_STATE_NAMES)


class _Base85Bytes:
    """reportlab's ASCII85 stream filter, giving bytes rather than text.

    reportlab writes a page's compressed stream as ASCII85 text and then turns that
    text into bytes through its PDFDocEncoding codec, one character at a time in
    Python: some 0.7 ms for each page's few kilobytes, a twentieth of a sheet's
    printing time (issue 29). ASCII85 text is plain ASCII, whose bytes are its
    characters, so encoding it as ASCII gives the same bytes at once.
    """

    pdfname = PDFBase85Encode.pdfname

    def encode(self, data: bytes) -> bytes:
        return str(PDFBase85Encode.encode(data)).encode("ascii")


_BASE85_BYTES = _Base85Bytes()


def _byte_stream(page: PDFPage) -> None:
    """Give ``page`` the content stream reportlab would make for it when the file is
    written (``PDFPage.check_format``), with ``_Base85Bytes`` as its ASCII85 filter."""
    if page.Override_default_compilation or page.Contents or not page.stream:
        return
    if not (page.compression and rl_config.useA85):
        return
    stream = PDFStream()
    stream.filters = [_BASE85_BYTES, PDFZCompress]
    stream.content = page.stream
    stream.__Comment__ = "page stream"  # type: ignore[attr-defined]  # as reportlab sets it
    page.Contents = stream


def body_frame(paper: Paper) -> Frame:
    """The single text frame of a sheet page, inside the header and footer bands."""
    width, height = paper_size(paper)
    return Frame(
        MARGIN_SIDE,
        MARGIN_BOTTOM,
        width - 2 * MARGIN_SIDE,
        height - MARGIN_TOP - MARGIN_BOTTOM,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
        id="body",
    )


def frame_width(paper: Paper) -> float:
    """Usable text width of a sheet page in points."""
    return paper_size(paper)[0] - 2 * MARGIN_SIDE


FIXED_DATE_ENV = "SOURCE_DATE_EPOCH"
"""Set to a Unix time, PDFs carry that date and no random file id (reproducible builds)."""


def reproducible() -> bool:
    """Whether PDFs are written byte-for-byte repeatable (``SOURCE_DATE_EPOCH`` is set).

    By default a PDF records when it was printed. Golden tests and anyone who
    needs identical files set ``SOURCE_DATE_EPOCH`` (the reproducible-builds
    convention reportlab follows): the file then carries that fixed date and no
    random id.
    """
    return bool(os.environ.get(FIXED_DATE_ENV, "").strip())


def make_document(
    out: Output,
    paper: Paper,
    *,
    title: str,
    subject: str,
    author: str = "",
    frames: Sequence[Frame] | None = None,
    on_page: Callable[[Canvas, BaseDocTemplate], None] | None = None,
) -> BaseDocTemplate:
    """A document on ``paper`` writing to ``out`` with Harbinger's page template.

    The file carries the real creation date, unless ``reproducible()`` asks for
    repeatable output (see there).
    """
    register_fonts()
    size = paper_size(paper)
    if isinstance(out, Path):
        out = str(out)
    doc = BaseDocTemplate(
        out,
        pagesize=size,
        leftMargin=MARGIN_SIDE,
        rightMargin=MARGIN_SIDE,
        topMargin=MARGIN_TOP,
        bottomMargin=MARGIN_BOTTOM,
        title=one_line(title),
        subject=one_line(subject),
        author=one_line(author),
        creator="Harbinger",
        invariant=int(reproducible()),
        initialFontName=SANS,
    )
    template_frames = list(frames) if frames is not None else [body_frame(paper)]
    kwargs: dict[str, Any] = {"id": "page", "frames": template_frames, "pagesize": size}
    if on_page is not None:
        kwargs["onPage"] = on_page
    doc.addPageTemplates([PageTemplate(**kwargs)])
    return doc


def build(doc: BaseDocTemplate, story: list[Flowable]) -> int:
    """Lay out ``story`` into ``doc``, write it, and return the number of pages."""
    with collector_paused():
        doc.build(story, canvasmaker=RunningCanvas)
    return int(doc.page)
