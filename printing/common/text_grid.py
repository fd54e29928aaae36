"""A lean table for the house grid: the same look and page breaks as reportlab's ``Table``
at a fraction of its cost.

reportlab's ``Table`` keeps a style object per cell, applies every style command
to every cell it names, measures each cell again when it splits at a page end
(building new tables of the rows left) and again when it draws. On a full
contractor sheet that machinery was about half of the printing time (issue 29).

``TextGrid`` prints the one table look ``printing.common.flowables.grid`` makes
(header row, banding, a rule below each row, per-column face and alignment,
cells top-aligned) and nothing else: it measures each row once per width,
splits only between rows, and draws plain cells with the same canvas calls the
``Table`` makes, so the page text and every position come out the same. What
it does not do (a row taller than the page, which must split inside the row)
it hands to an equivalent reportlab ``Table`` built on demand.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from reportlab.lib.colors import Color
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfbase.pdfdoc import PDF_SUPPORT_VERSION
from reportlab.pdfbase.pdfmetrics import getFont, stringWidth
from reportlab.pdfgen.canvas import PATH_OPS  # type: ignore[attr-defined]  # not in the stubs
from reportlab.platypus import Flowable, Table

from printing.common.fonts import SheetFont

CellFont = tuple[str, float, float, Any]
"""A plain cell's face: font name, size, leading and fill colour."""


@dataclass(frozen=True)
class GridLook:
    """How a ``TextGrid`` looks: paddings, rule, header colours and banding."""

    left: float
    right: float
    top: float
    bottom: float
    rule: Color | None
    rule_width: float
    header_fill: Color | None
    band: Color | None


class TextGrid(Flowable):
    """Rows of cells (``str``, a flowable or a list of flowables) in fixed-width columns.

    ``header`` rows (0 or 1) repeat at the top of every page the grid spans.
    ``fonts[row kind][column]`` gives each plain cell's face (row kind 0 is the
    header row, 1 a body row); ``aligns[column]`` is "LEFT", "RIGHT" or "CENTER".
    ``fallback(rows)`` builds the equivalent reportlab ``Table`` for the rare
    split this class does not do itself.
    """

    def __init__(
        self,
        rows: Sequence[Sequence[Any]],
        widths: Sequence[float],
        *,
        header: int,
        look: GridLook,
        fonts: tuple[Sequence[CellFont], Sequence[CellFont]],
        aligns: Sequence[str],
        row_height: float | None,
        fallback: Callable[[list[list[Any]]], Table],
    ) -> None:
        super().__init__()
        self.rows = [list(r) for r in rows]
        self.widths = list(widths)
        self.header = header
        self.look = look
        self.fonts = fonts
        self.aligns = list(aligns)
        self.row_height = row_height
        self.fallback = fallback
        self.hAlign = "LEFT"
        self.width = sum(self.widths)
        self.height = 0.0
        self._heights: list[float] | None = None

    # ------------------------------------------------------------------ measuring

    def _font(self, row: int, col: int) -> CellFont:
        return self.fonts[0 if row < self.header else 1][col]

    def _measure(self) -> list[float]:
        """Each row's height, as ``Table`` works it out: tallest cell plus the paddings."""
        if self._heights is not None:
            return self._heights
        look = self.look
        pad = look.top + look.bottom
        canv: Any = getattr(self, "canv", None)
        heights: list[float] = []
        for i, row in enumerate(self.rows):
            if self.row_height is not None and i >= self.header:
                heights.append(self.row_height)
                continue
            fonts = self.fonts[0 if i < self.header else 1]
            tallest = 0.0
            for j, cell in enumerate(row):
                if type(cell) is str:  # most cells: a line of plain text
                    height = fonts[j][2] * (cell.count("\n") + 1)
                elif isinstance(cell, Flowable):  # one flowable: its spaces asked once each
                    _, height = cell.wrapOn(
                        canv, self.widths[j] - look.left - look.right, 72000 - pad
                    )
                    before, after = cell.getSpaceBefore(), cell.getSpaceAfter()
                    height += (before + after) - before - after  # the sums below, for one
                elif isinstance(cell, (list, tuple)):
                    items = list(cell)
                    room = self.widths[j] - look.left - look.right
                    sizes = [v.wrapOn(canv, room, 72000 - pad) for v in items]
                    height = sum(h for _, h in sizes)
                    if items:
                        gaps = sum(v.getSpaceBefore() + v.getSpaceAfter() for v in items)
                        height += gaps - items[0].getSpaceBefore() - items[-1].getSpaceAfter()
                else:
                    lines = ("" if cell is None else str(cell)).count("\n") + 1
                    height = fonts[j][2] * lines
                if height + pad > tallest:
                    tallest = height + pad
            heights.append(tallest)
        self._heights = heights
        self.height = sum(heights)
        return heights

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._measure()
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        heights = self._measure()
        used, fits = 0.0, 0
        for h in heights:
            if used + h > availHeight:
                break
            used += h
            fits += 1
        if fits == len(self.rows):
            return [self]
        if fits <= self.header:  # not one body row fits: only a split inside a row helps
            return self._split_in_row(availWidth, availHeight)
        rest = self.rows[: self.header] + self.rows[fits:]
        known = heights[: self.header] + heights[fits:]  # measured once, whatever the pages
        return [self._part(self.rows[:fits], heights[:fits]), self._part(rest, known)]

    def _split_in_row(self, availWidth: float, availHeight: float) -> list[Flowable]:
        """``Table``'s split inside the first body row, or ``[]`` when that row cannot split.

        Whether it can depends on that row alone, so a table of the header and that row
        answers first; only when it can is the whole table built (seldom: a row must be
        taller than the room left and hold text of several lines).
        """
        if self._cannot_split_in_row(availHeight):
            return []
        canv: Any = getattr(self, "canv", None)
        probe = self.fallback(self.rows[: self.header + 1])
        probe.wrapOn(canv, availWidth, availHeight)
        halves = probe.split(availWidth, availHeight)
        if len(halves) != 2:
            return list(halves)
        # The row's second half (with the header) goes on as a grid of the rows after it.
        first, second = halves
        row = list(second._cellvalues[self.header])  # type: ignore[attr-defined]
        rest = [*self.rows[: self.header], row, *self.rows[self.header + 1 :]]
        return [first, self._part(rest)]

    def _cannot_split_in_row(self, availHeight: float) -> bool:
        """Whether ``Table``'s split (``_splitRows``) surely answers ``[]`` for the header and
        the first body row in ``availHeight``, so no ``Table`` need be built to ask it.

        It does when the header itself does not fit (no split inside repeated rows), and
        when a plain cell of that row leaves no room for its first line above the split
        (1.2 times its size and the top padding) or the row is too short to hold its first
        and last line apart; each test is made with a margin, so a sum reportlab works
        out in another order cannot turn the answer. Seven of every full sheet's page
        ends came here, and each built, styled, measured and split a ``Table`` to learn
        this (issue 29).
        """
        if self.row_height is not None:
            return False
        heights = self._measure()
        margin = 1e-6
        used = sum(heights[: self.header])
        if used > availHeight + margin:
            return True
        look, fonts = self.look, self.fonts[1]
        first = last = 0.0
        for j, cell in enumerate(self.rows[self.header]):
            if isinstance(cell, str):
                line = 1.2 * fonts[j][1]
                first = max(first, line + look.top)
                last = max(last, line + look.bottom)
        return first + last > heights[self.header] + margin or first > availHeight - used + margin

    def _part(self, rows: list[list[Any]], heights: list[float] | None = None) -> TextGrid:
        made = TextGrid(
            rows,
            self.widths,
            header=self.header,
            look=self.look,
            fonts=self.fonts,
            aligns=self.aligns,
            row_height=self.row_height,
            fallback=self.fallback,
        )
        if heights is not None:
            made._heights = heights
            made.height = sum(heights)
        return made

    # ------------------------------------------------------------------ drawing

    def draw(self) -> None:
        heights = self._measure()
        canv = self.canv
        look = self.look
        canv.saveState()
        bottoms: list[float] = []
        top = self.height
        for h in heights:
            top -= h
            bottoms.append(top)
        self._draw_backgrounds(heights, bottoms)
        current: CellFont | None = None
        anchors = self._anchors()
        # draw_string's work for each plain line, done here with what stays the same over
        # the grid looked up once (about 1,800 lines a full sheet; issue 29).
        runs = document_runs(canv) if canv.bottomup else None
        for i, row in enumerate(self.rows):
            row_top = bottoms[i] + heights[i]
            current = self._draw_row(i, row, row_top, anchors, current, runs)
        if look.rule is not None:
            self._draw_rules(look.rule, bottoms)
        canv.restoreState()

    def _draw_row(
        self,
        i: int,
        row: list[Any],
        row_top: float,
        anchors: list[tuple[float, float, float, float]],
        current: CellFont | None,
        runs: dict[tuple[str, float, float, str], str] | None,
    ) -> CellFont | None:
        """Draw row ``i``'s cells; returns the face the canvas is left in (``current`` is
        the one it is in, ``None`` when unknown)."""
        canv: Any = self.canv  # its page code and font state are not in the stubs
        fonts = self.fonts[0 if i < self.header else 1]
        text_top = row_top - self.look.top
        code: list[str] = canv._code
        numbers = _NUMBERS
        for j, cell in enumerate(row):
            x, width, at, share = anchors[j]
            if isinstance(cell, (Flowable, list, tuple)):
                if self._draw_in_place(cell, x, width, row_top):
                    current = None  # the cell chose its own face
                else:
                    self._draw_flowables(i, j, cell, x, row_top)
                continue
            font = fonts[j]
            if current is None or (font[3] is not current[3] and font[3] != current[3]):
                set_fill(canv, font[3])
            if current is None or font[:3] != current[:3]:
                canv.setFont(font[0], font[1], font[2])
            current = font
            y = text_top - font[1]
            text = "" if cell is None else str(cell)
            for line in text.split("\n") if "\n" in text else (text,):
                if runs is None:
                    draw_string(canv, at, y, line, share)
                    y -= font[2]
                    continue
                # draw_string, inline: the same operators
                name, size, leading = canv._fontname, canv._fontsize, canv._leading
                key = (name, size, leading, line)
                run = runs.get(key)
                if run is None:
                    run = runs[key] = _text_run(canv, name, size, leading, line)
                left = at - share * stringWidth(line, name, size) if share else at
                code.append(
                    f"BT 1 0 0 1 {numbers.get(left) or fp(left)} "
                    f"{numbers.get(y) or fp(y)} Tm {run} T* ET"
                )
                y -= font[2]
        return current

    def _draw_rules(self, rule: Color, bottoms: list[float]) -> None:
        """A rule below each row, as ``Table`` draws its ``LINEBELOW``."""
        canv = self.canv
        canv.saveState()
        canv.setLineCap(1)  # as Table draws its rules: round caps and joins
        canv.setLineJoin(1)
        canv.setStrokeColor(rule)
        canv.setLineWidth(self.look.rule_width)
        code: list[str] = canv._code  # type: ignore[attr-defined]  # not in the stubs
        right = fp(self.width)
        for y in bottoms:  # canv.line(0, y, self.width, y), numbers written once each
            at = fp(y)
            code.append(f"n 0 {at} m {right} {at} l S")
        canv.restoreState()

    def _draw_backgrounds(self, heights: list[float], bottoms: list[float]) -> None:
        canv, look = self.canv, self.look
        if self.header and look.header_fill is not None:
            set_fill(canv, look.header_fill)
            fill_rect(canv, 0, bottoms[0], self.width, heights[0])
        if look.band is not None:
            for n, i in enumerate(range(self.header, len(self.rows))):
                if n % 2:
                    set_fill(canv, look.band)
                    fill_rect(canv, 0, bottoms[i], self.width, heights[i])

    def _anchors(self) -> list[tuple[float, float, float, float]]:
        """Per column: its left edge, width, and where and how its plain text is anchored
        (the ``x`` and share of ``draw_string``)."""
        look = self.look
        anchors: list[tuple[float, float, float, float]] = []
        x = 0.0
        for width, align in zip(self.widths, self.aligns, strict=False):
            if align == "RIGHT":
                at, share = x + width - look.right, 1.0
            elif align == "CENTER":
                at, share = x + (width + look.left - look.right) * 0.5, 0.5
            else:
                at, share = x + look.left, 0.0
            anchors.append((x, width, at, share))
            x += width
        return anchors

    def _draw_in_place(self, cell: Any, x: float, width: float, top: float) -> bool:
        """Draw a wrapped plain cell (``printing.common.plain_cell``) straight onto the page
        where its flowable would go; False for any other cell, or one it cannot draw so."""
        lines_at = getattr(cell, "lines_at", None)
        if lines_at is None:
            return False
        look = self.look
        lines = lines_at(width - look.left - look.right)
        if lines is None:
            return False
        cell.draw_at(self.canv, x + look.left, top - look.top, lines)
        return True

    def _draw_flowables(self, i: int, j: int, cell: Any, x: float, top: float) -> None:
        look = self.look
        items = [cell] if isinstance(cell, Flowable) else list(cell)
        # Measured again as ``Table`` does: a failed split may have dropped a paragraph's
        # lines (paragraphs keep their last measure, so this costs little).
        room = self.widths[j] - look.left - look.right
        sizes = [v.wrapOn(self.canv, room, 72000 - look.top - look.bottom) for v in items]
        width = self.widths[j]
        align = self.aligns[j]
        y = top - look.top
        if items:
            y += items[0].getSpaceBefore()
        for v, (w, h) in zip(items, sizes, strict=True):
            if align == "RIGHT":
                at = x + width - look.right - w
            elif align == "CENTER":
                at = x + (width + look.left - look.right - w) / 2.0
            else:
                at = x + look.left
            y -= v.getSpaceBefore() + h
            v.drawOn(self.canv, at, y)
            y -= v.getSpaceAfter()


_RUNS: weakref.WeakKeyDictionary[Any, dict[tuple[str, float, float, str], str]] = (
    weakref.WeakKeyDictionary()
)
"""Per PDF document: the text operators each (face, size, leading, string) prints as."""


def draw_string(canv: Any, x: float, y: float, text: str, share: float = 0.0) -> None:
    """Draw ``text`` in the canvas's current font with its left end ``share`` of its width
    left of ``x`` (0 left-aligned, 0.5 centred, 1 right-aligned).

    The page gets the same operators byte for byte as ``canvas.drawString`` (or
    ``drawRightString``, ``drawCentredString``) writes; only the encoding of the
    string into the font's subsets, which reportlab redoes character by character
    on every call, is done once per document and string (issue 29).
    """
    name, size, leading = canv._fontname, canv._fontsize, canv._leading
    if not canv.bottomup:
        draw = (canv.drawString, canv.drawCentredString, canv.drawRightString)
        draw[int(share * 2)](x, y, text)
        return
    runs = document_runs(canv)
    key = (name, size, leading, text)
    run = runs.get(key)
    if run is None:
        run = runs[key] = _text_run(canv, name, size, leading, text)
    if share:
        x -= share * stringWidth(text, name, size)
    numbers = _NUMBERS  # ``fp`` inlined: called twice for every string drawn
    at_x = numbers.get(x) or fp(x)
    at_y = numbers.get(y) or fp(y)
    canv._code.append(f"BT 1 0 0 1 {at_x} {at_y} Tm {run} T* ET")


def document_runs(canv: Any) -> dict[tuple[str, float, float, str], str]:
    """The text operators each (face, size, leading, string) prints as in the canvas's
    document, as ``draw_string`` remembers them."""
    # The document's runs ride on the canvas (one document each): a weak-keyed lookup
    # per string cost more than the rest of draw_string.
    held = canv.__dict__.get("_sheet_runs")
    if held is not None and held[0] is canv._doc:
        return held[1]
    runs = _RUNS.get(canv._doc)
    if runs is None:
        runs = _RUNS[canv._doc] = {}
    canv._sheet_runs = (canv._doc, runs)
    return runs


_TRANSPARENCY = PDF_SUPPORT_VERSION["transparency"]
"""The PDF version reportlab asks for once a fill alpha is set."""

_NUMBERS: dict[float, str] = {}
"""Numbers as ``fp_str`` writes them, remembered: a grid writes the same column edges,
row baselines and colour parts over and over, and ``fp_str`` costs as much as the rest
of a drawn cell."""

_NUMBERS_KEPT = 20_000
"""Most numbers remembered; past that the memory starts again from none."""


def fp(value: float) -> str:
    """``fp_str(value)``, remembered (equal numbers, 0.0 and -0.0 included, write alike)."""
    text = _NUMBERS.get(value)
    if text is None:
        if len(_NUMBERS) >= _NUMBERS_KEPT:
            _NUMBERS.clear()
        text = _NUMBERS[value] = fp_str(value)
    return text


def fill_rect(canv: Any, x: float, y: float, width: float, height: float) -> None:
    """``canv.rect(x, y, width, height, stroke=0, fill=1)``: the same operators."""
    canv._code.append(
        f"n {fp(x)} {fp(y)} {fp(width)} {fp(height)} re {PATH_OPS[0, 1, canv._fillMode]}"
    )


def set_fill(canv: Any, color: Any) -> None:
    """``canv.setFillColor(color)``: the same operator and canvas state, without its
    general path when ``color`` is an opaque RGB ``Color`` and the fill is opaque already.

    reportlab's call checks the colour's kind, writes the operator, then sets the fill
    alpha to the colour's (1), which writes nothing when the fill is opaque already:
    some ten calls for one operator, on every row of every grid (issue 29).
    """
    if (
        type(color) is not Color
        or color.alpha != 1
        or canv._enforceColorSpace
        or canv._extgstate._d.get("ca", 1) != 1
    ):
        canv.setFillColor(color)
        return
    canv._fillColorObj = color
    parts = (color.red, color.green, color.blue)
    operator = _FILLS.get(parts)
    if operator is None:
        if len(_FILLS) >= 4096:
            _FILLS.clear()
        operator = _FILLS[parts] = f"{fp(color.red)} {fp(color.green)} {fp(color.blue)} rg"
    canv._code.append(operator)
    doc = canv._doc
    if doc._pdfVersion < _TRANSPARENCY:  # what ensureMinPdfVersion does, once
        doc.ensureMinPdfVersion("transparency")


_FILLS: dict[tuple[float, float, float], str] = {}
"""The ``rg`` operator of each fill colour set, by its parts: a sheet sets a handful of
colours a thousand times."""


def _text_run(canv: Any, name: str, size: float, leading: float, text: str) -> str:
    """The operators ``PDFTextObject._formatText`` writes for ``text`` in a fresh text object.

    For the sheet's TrueType faces they are written here from the font's split of the
    string (itself remembered per document), without making a text object per string;
    any other face goes through reportlab.
    """
    font = getFont(name)
    if not isinstance(font, SheetFont) or font.shapable:
        return str(canv.beginText(0, 0)._formatText(text))
    doc, escape = canv._doc, canv._escape
    held = canv.__dict__.get("_sheet_faces")
    if held is None or held[0] is not doc:
        held = canv._sheet_faces = (doc, {})
    faces: dict[tuple[str, int, float, float], str] = held[1]
    parts: list[str] = []
    current = -1
    for subset, piece in font.splitString(text, doc):
        if subset != current:
            # The subset's name and face, remembered per document once reportlab has
            # named it (its first naming registers the font with the document).
            key = (name, subset, size, leading)
            face = faces.get(key)
            if face is None:
                face = faces[key] = (
                    f"{font.getSubsetInternalName(subset, doc)} {fp(size)} Tf {fp(leading)} TL"
                )
            parts.append(face)
            current = subset
        parts.append(f"({escape(piece)}) Tj")
    return " ".join(parts)


def sheet_face(name: str) -> SheetFont | None:
    """The sheet TrueType face registered as ``name`` when ``draw_text_lines`` covers it
    (it does not shape text), else ``None``."""
    font = getFont(name)
    if not isinstance(font, SheetFont) or font.shapable:
        return None
    return font


def draw_text_lines(
    canv: Any,
    x: float,
    y: float,
    font: SheetFont,
    size: float,
    leading: float,
    texts: Sequence[str],
) -> None:
    """Write the text object reportlab's ``Paragraph`` writes for a left-aligned paragraph of
    one run in ``font`` (from ``sheet_face``): its origin at (``x``, ``y``), each line shown
    then moved down a leading (``T*``), the subset named only where it changes."""
    doc, escape = canv._doc, canv._escape
    face = f"{fp(size)} Tf {fp(leading)} TL"
    code = [f"BT 1 0 0 1 {fp(x)} {fp(y)} Tm"]
    current = -1
    for text in texts:
        parts: list[str] = []
        for subset, piece in font.splitString(text, doc):
            if subset != current:
                parts.append(f"{font.getSubsetInternalName(subset, doc)} {face}")
                current = subset
            parts.append(f"({escape(piece)}) Tj")
        code.append(f"{' '.join(parts)} T*")
    code.append("ET")
    canv._code.append(" ".join(code))


def column_fonts(count: int, base: CellFont, overrides: Mapping[int, CellFont]) -> list[CellFont]:
    """``count`` columns' faces: ``base`` except where ``overrides`` names the column."""
    return [overrides.get(c, base) for c in range(count)]


class PlainGrid(TextGrid):
    """A ``TextGrid`` for tables that only place things side by side (``plain_table``):
    no header, rules or fills, printing what reportlab's ``Table`` prints for them.

    Two things such a ``Table`` writes that a house grid does not: its one cell face
    (fill colour and font) before the first cell, whatever that cell holds, and an
    empty saved state where its rules would be drawn. Measuring, splitting and the
    cells themselves are ``TextGrid``'s; a split inside a row goes to ``fallback``.
    """

    def draw(self) -> None:
        heights = self._measure()
        canv = self.canv
        canv.saveState()
        font = self.fonts[1][0]
        canv.setFillColor(font[3])  # as Table's first cell sets its face
        canv.setFont(font[0], font[1], font[2])
        anchors = self._anchors()
        text_pad = self.look.top
        row_top = self.height
        for i, row in enumerate(self.rows):
            fonts = self.fonts[1]
            for j, cell in enumerate(row):
                x, _, at, share = anchors[j]
                if isinstance(cell, (Flowable, list, tuple)):
                    self._draw_flowables(i, j, cell, x, row_top)
                    continue
                size, leading = fonts[j][1], fonts[j][2]
                y = row_top - text_pad - size
                for line in ("" if cell is None else str(cell)).split("\n"):
                    draw_string(canv, at, y, line, share)
                    y -= leading
            row_top -= heights[i]
        canv.saveState()  # Table's rules: none, in a state of their own
        canv.restoreState()
        canv.restoreState()


class ShadedRow(TextGrid):
    """One row of flowable cells on a fill, as ``grid`` prints it with a ``BACKGROUND``
    over the whole table and no header, banding or rules (a Gift's name and cost bar):
    the same PDF bytes as that reportlab ``Table``, without its per-cell styles.

    It measures and draws with the ``Table``'s own sums, in its order (row positions
    from the bottom up, each cell's height from its flowables' heights and spaces); any
    split goes to ``fallback``, the ``Table`` itself.
    """

    def __init__(
        self,
        cells: Sequence[Sequence[Flowable]],
        widths: Sequence[float],
        *,
        look: GridLook,
        face: CellFont,
        fill: Color,
        fallback: Callable[[list[list[Any]]], Table],
    ) -> None:
        super().__init__(
            [list(cells)],
            widths,
            header=0,
            look=look,
            fonts=([], [face] * len(widths)),
            aligns=["LEFT"] * len(widths),
            row_height=None,
            fallback=fallback,
        )
        self.fill = fill

    def _measure(self) -> list[float]:
        if self._heights is not None:
            return self._heights
        look = self.look
        canv: Any = getattr(self, "canv", None)
        tallest = 0.0
        for j, cell in enumerate(self.rows[0]):
            items = list(cell)
            room = self.widths[j] - look.left - look.right
            room_height = 72000 - look.top - look.bottom
            height = 0.0
            first: float | None = None
            after = 0.0
            for v in items:  # Table._listCellGeom
                _, h = v.wrapOn(canv, room, room_height)
                before, after = v.getSpaceBefore(), v.getSpaceAfter()
                height += h + after + before
                if first is None:
                    first = before
            if items:
                height = height - (first or 0.0) - after
            height += look.bottom + look.top
            tallest = max(tallest, height)
        self._heights = [tallest]
        self.height = 0.0 + (tallest - 0)  # Table's row positions, bottom up
        return self._heights

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        if self._measure()[0] <= availHeight:
            return [self]
        table = self.fallback(self.rows)
        canv: Any = getattr(self, "canv", None)
        table.wrapOn(canv, availWidth, availHeight)
        return list(table.split(availWidth, availHeight))

    def draw(self) -> None:
        height = self._measure()[0]
        canv, look = self.canv, self.look
        canv.saveState()
        right = 0.0
        for w in self.widths:
            right = right + w
        canv.setFillColor(self.fill)  # Table's BACKGROUND over every cell
        canv.rect(0, self.height, right - 0, 0 - self.height, stroke=0, fill=1)
        face = self.fonts[1][0]
        canv.setFillColor(face[3])  # the first cell's face, as Table sets it
        canv.setFont(face[0], face[1], face[2])
        x = 0.0
        for j, cell in enumerate(self.rows[0]):
            items = list(cell)
            room = self.widths[j] - look.left - look.right
            sizes = [v.wrapOn(canv, room, height - look.top - look.bottom) for v in items]
            y = 0 + height - look.top
            if items:
                y += items[0].getSpaceBefore()
            for v, (_, h) in zip(items, sizes, strict=True):
                y -= v.getSpaceBefore()
                y -= h
                v.drawOn(canv, x + look.left, y)
                y -= v.getSpaceAfter()
            x += self.widths[j]
        canv.saveState()  # Table's rules: none, in a state of their own
        canv.restoreState()
        canv.restoreState()
