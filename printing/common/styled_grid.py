"""Styled tables (spans, row fills, bold rows, middle-aligned columns, boxes) printed with
reportlab's ``Table`` operators byte for byte, without its per-cell machinery.

``grid`` hands reportlab's ``Table`` any table whose look goes beyond the house grid
(``TextGrid``): the rating, totals and penalty band tables, the vitals and the concept.
Each such ``Table`` makes a style object per cell and applies every style command to
every cell it names, then measures and draws through general code; on a full
contractor sheet that was about a tenth of the printing time (issue 29).

``StyledGrid`` reads the same ``TableStyle`` commands into a plain per-cell list once,
measures with the ``Table``'s own sums in its order (row positions from the bottom up,
compensated as reportlab compensates them) and draws with its operators in its order:
backgrounds command by command, cells row by row with the face set only where it
changes, then the rules. Only the commands listed in ``_CELL_FIELDS`` and
``styled_grid``'s docstring are read; a style holding any other gives ``None`` and the
caller keeps the ``Table``. Whatever does not fit where the frame offers it (a split at
a page end) goes to that ``Table``, built on demand, so page breaks stay reportlab's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.colors import Color
from reportlab.lib.utils import flatten
from reportlab.platypus import Flowable, Table, TableStyle
from reportlab.platypus.tables import CellStyle

from printing.common.text_grid import draw_string, fill_rect, set_fill

_CELL_FIELDS = {
    "FONTNAME": 0,
    "FACE": 0,
    "FONTSIZE": 1,
    "SIZE": 1,
    "LEADING": 2,
    "TEXTCOLOR": 3,
    "ALIGN": 4,
    "ALIGNMENT": 4,
    "VALIGN": 5,
    "LEFTPADDING": 6,
    "RIGHTPADDING": 7,
    "TOPPADDING": 8,
    "BOTTOMPADDING": 9,
}
"""Per-cell style commands and the place of their value in a cell's style list."""

_DEFAULT = [
    CellStyle.fontname,
    CellStyle.fontsize,
    CellStyle.leading,
    CellStyle.color,
    CellStyle.alignment,
    CellStyle.valign,
    CellStyle.leftPadding,
    CellStyle.rightPadding,
    CellStyle.topPadding,
    CellStyle.bottomPadding,
]
"""A cell's style before any command: reportlab's ``CellStyle`` defaults."""

_SHARE = {"LEFT": 0.0, "RIGHT": 1.0, "CENTER": 0.5, "CENTRE": 0.5}
"""How much of a string's width lies left of its anchor, by alignment."""

_LINES = ("LINEBELOW", "BOX")
"""Rule commands read (each with weight and colour only: round caps and joins, solid)."""


class StyledGrid(Flowable):
    """A table of fixed column widths drawn as reportlab's ``Table`` with the same style
    draws it; made by ``styled_grid``, which says which commands it reads."""

    def __init__(
        self,
        rows: Sequence[Sequence[Any]],
        widths: Sequence[float],
        styles: list[list[list[Any]]],
        backgrounds: list[tuple[Any, ...]],
        lines: list[tuple[Any, ...]],
        spans: dict[tuple[int, int], tuple[int, int, int, int] | None] | None,
        fallback: Callable[[], Table],
    ) -> None:
        super().__init__()
        self.rows = [list(r) for r in rows]
        self.widths = list(widths)
        self.styles = styles
        self.backgrounds = backgrounds
        self.lines = lines
        self.spans = spans
        self.fallback = fallback
        self.hAlign = "LEFT"
        self._table: Table | None = None
        self._heights: list[float] | None = None
        self._positions: list[float] = []
        self.height = 0.0
        width: float = 0
        self._columns: list[float] = [0]  # Table._colpositions: left edges, then the right one
        for w in self.widths:
            width = width + w
            self._columns.append(width)
        self.width = width

    def __repr__(self) -> str:
        return f"StyledGrid({len(self.rows)}x{len(self.widths)})"

    # ------------------------------------------------------------------ measuring

    def _measure(self) -> list[float]:
        """Each row's height and the row positions, as ``Table._calc_height`` works them."""
        if self._heights is not None:
            return self._heights
        canv: Any = getattr(self, "canv", None)
        spans = self.spans
        columns = self._columns
        heights: list[float] = []
        for i, row in enumerate(self.rows):
            tallest: float = 0
            styles = self.styles[i]
            for j, value in enumerate(row):
                s = styles[j]
                if isinstance(value, (tuple, list, Flowable)):
                    cell = row[j] = _cell_list(value)
                    w = self.widths[j]
                    if spans is not None:
                        span = spans[j, i]
                        if span is None:
                            continue  # covered by a span: not measured
                        if span[0] != span[2]:
                            w = max(columns[span[2] + 1] - columns[span[0]], w or 0)
                    t = _list_height(canv, cell, w, s)
                else:
                    lines = ((value is not None and str(value)) or "").split("\n")
                    t = (s[2] or 1.2 * s[1]) * len(lines)
                t += s[9] + s[8]
                if t > tallest:
                    tallest = t
            heights.append(tallest)
        # Table's row positions: bottom up, with its compensated sum.
        positions: list[float] = []
        height: float = 0
        c: float = 0
        for h in reversed(heights):
            positions.append(height)
            y = h - c
            t = height + y
            c = (t - height) - y
            height = t
        positions.append(height)
        positions.reverse()
        self._heights = heights
        self._positions = positions
        self.height = height
        return heights

    def _reportlab(self) -> Table:
        if self._table is None:
            self._table = self.fallback()
        return self._table

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self._measure()
        if self.height > availHeight:  # it must split (or move): the Table's own answer
            canv: Any = getattr(self, "canv", None)
            return self._reportlab().wrapOn(canv, availWidth, availHeight)
        return self.width, self.height

    def split(self, availWidth: float, availHeight: float) -> list[Flowable]:
        self._measure()
        if self.height <= availHeight:
            return [self]
        table = self._reportlab()
        canv: Any = getattr(self, "canv", None)
        table.wrapOn(canv, availWidth, availHeight)
        return list(table.split(availWidth, availHeight))

    # ------------------------------------------------------------------ drawing

    def _rects(self) -> list[list[tuple[float, float, float, float] | None]]:
        """Each cell's rectangle (``None`` under a span) as ``Table.draw`` takes it: from the
        row heights without spans, from ``_calcSpanRects``' differences with them."""
        cols, rows, heights = self._columns, self._positions, self._heights or []
        if self.spans is None:
            return [
                [(cols[j], rows[i + 1], self.widths[j], heights[i]) for j in range(len(row))]
                for i, row in enumerate(self.rows)
            ]
        spans = self.spans
        return [
            [None if spans[j, i] is None else self._span_rect(spans[j, i]) for j in range(len(row))]  # type: ignore[arg-type]
            for i, row in enumerate(self.rows)
        ]

    def draw(self) -> None:
        self._measure()
        canv = self.canv
        canv.saveState()
        self._draw_backgrounds()
        current: list[Any] | None = None
        for i, rects in enumerate(self._rects()):
            styles = self.styles[i]
            row = self.rows[i]
            for j, rect in enumerate(rects):
                if rect is None:
                    continue
                s = styles[j]
                if current is None or s[3] != current[3]:
                    set_fill(canv, s[3])
                if (
                    current is None
                    or s[2] != current[2]
                    or s[0] != current[0]
                    or s[1] != current[1]
                ):
                    canv.setFont(s[0], s[1], s[2])
                current = s
                self._draw_cell(row[j], s, rect)
        self._draw_lines()
        canv.restoreState()

    def _draw_backgrounds(self) -> None:
        """``Table._drawBkgrnd`` for plain colours and row cycles."""
        canv = self.canv
        ncols, nrows = len(self.widths), len(self.rows)
        cols, rows = self._columns, self._positions
        for cmd, (sc, sr), (ec, er), arg in self.backgrounds:
            if sc < 0:
                sc = sc + ncols
            if ec < 0:
                ec = ec + ncols
            if sr < 0:
                sr = sr + nrows
            if er < 0:
                er = er + nrows
            x0 = cols[sc]
            y0 = rows[sr]
            w = cols[min(ec + 1, ncols)] - x0
            h = rows[min(er + 1, nrows)] - y0
            if cmd == "ROWBACKGROUNDS":
                self._row_cycle(arg, sr, er, x0, y0, w)
                continue
            color = colors.toColorOrNone(arg)
            if not color:
                continue
            if ec == sc and er == sr and self.spans is not None:
                span = self.spans.get((sc, sr))
                if span is not None:  # one cell: its spanned rectangle
                    x0, y0, w, h = self._span_rect(span)
            set_fill(canv, color)
            fill_rect(canv, x0, y0, w, h)

    def _row_cycle(self, arg: Any, sr: int, er: int, x0: float, y0: float, w: float) -> None:
        """``ROWBACKGROUNDS``: the colours in turn, row by row down from ``y0``."""
        canv, heights = self.canv, self._heights or []
        cycle = list(map(colors.toColorOrNone, arg))
        for n in range(er - sr + 1):
            color = cycle[n % len(cycle)]
            h = heights[sr + n]
            if color:
                set_fill(canv, color)
                fill_rect(canv, x0, y0, w, -h)
            y0 = y0 - h

    def _span_rect(self, span: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
        """A span's rectangle as ``Table._calcSpanRects`` works it out."""
        cols, rows = self._columns, self._positions
        col0, row0, col1, row1 = span
        x = cols[col0]
        y = rows[row1 + 1]
        return x, y, cols[col1 + 1] - x, rows[row0] - y

    def _draw_cell(self, value: Any, s: list[Any], rect: tuple[float, float, float, float]) -> None:
        """``Table._drawCell`` for flowables and plain strings."""
        if isinstance(value, (tuple, list, Flowable)):
            self._draw_flowables(value, s, rect)
        else:
            self._draw_text(value, s, rect)

    def _draw_flowables(
        self, value: Any, s: list[Any], rect: tuple[float, float, float, float]
    ) -> None:
        """A cell of flowables, placed as ``Table._drawCell`` places them."""
        canv = self.canv
        colpos, rowpos, colwidth, rowheight = rect
        just, valign = s[4], s[5]
        cell = (value,) if isinstance(value, Flowable) else value
        sizes: list[tuple[float, float]] = []
        h = _list_height(canv, cell, colwidth, s, sizes, rowheight)
        if valign == "TOP":
            y = rowpos + rowheight - s[8]
        elif valign == "BOTTOM":
            y = rowpos + s[9] + h
        else:
            y = rowpos + (rowheight + s[9] - s[8] + h) / 2.0
        if cell:
            y += cell[0].getSpaceBefore()
        for v, (w, h) in zip(cell, sizes, strict=False):
            if just == "LEFT":
                x = colpos + s[6]
            elif just == "RIGHT":
                x = colpos + colwidth - s[7] - w
            else:
                x = colpos + (colwidth + s[6] - s[7] - w) / 2.0
            y -= v.getSpaceBefore()
            y -= h
            v.drawOn(canv, x, y)
            y -= v.getSpaceAfter()

    def _draw_text(self, value: Any, s: list[Any], rect: tuple[float, float, float, float]) -> None:
        """A plain cell's lines, as ``Table._drawCell`` draws them."""
        canv = self.canv
        colpos, rowpos, colwidth, rowheight = rect
        just, valign = s[4], s[5]
        if just == "LEFT":
            x = colpos + s[6]
        elif just == "RIGHT":
            x = colpos + colwidth - s[7]
        else:
            x = colpos + (colwidth + s[6] - s[7]) * 0.5
        texts = str(value).split("\n")
        leading, size = s[2], s[1]
        if valign == "BOTTOM":
            y = rowpos + s[9] + len(texts) * leading - size
        elif valign == "TOP":
            y = rowpos + rowheight - s[8] - size
        else:
            y = rowpos + (s[9] + rowheight - s[8] + len(texts) * leading) / 2.0 - size
        share = _SHARE[just]
        for text in texts:
            draw_string(canv, x, y, text, share)
            y -= leading

    def _draw_lines(self) -> None:
        """``Table._drawLines`` for ``LINEBELOW`` and ``BOX`` with round caps and joins."""
        canv = self.canv
        canv.saveState()
        first = True
        pen: list[Any] = [None, None]  # Table._prepLine's current colour and weight
        ncols, nrows = len(self.widths), len(self.rows)
        blocks = self._vertical_blocks()
        for op, (sc, sr), (ec, er), weight, color in self.lines:
            if first:  # every rule has round caps and joins: set once, as Table does
                canv.setLineCap(1)
                canv.setLineJoin(1)
                first = False
            sc, ec, sr, er = _clamp(sc, ec, sr, er, ncols, nrows)
            for edge in _edges(op, sc, ec, sr, er):
                self._draw_edge(edge, weight, color, pen, blocks)
        canv.restoreState()

    def _draw_edge(
        self,
        edge: tuple[bool, int, int, int],
        weight: float,
        color: Color,
        pen: list[Any],
        blocks: dict[float, list[tuple[float, float]]],
    ) -> None:
        """One rule of a line command: ``Table._drawHLines`` or ``_drawVLines`` for one
        row edge or column edge (``edge``: across, first and last cell, edge index)."""
        canv = self.canv
        cols, rows = self._columns, self._positions
        across, a, b, at = edge
        if across:
            if len(cols[a : b + 2]) <= 1 or len(rows[at : at + 1]) < 1:
                return
        elif len(rows[a : b + 2]) <= 1 or len(cols[at : at + 1]) < 1:
            return
        if color and color != pen[0]:  # Table._prepLine
            canv.setStrokeColor(color)
            pen[0] = color
        if weight and weight != pen[1]:
            canv.setLineWidth(weight)
            pen[1] = weight
        if across:
            y = rows[at]
            canv.line(cols[a], y, cols[b + 1], y)
        else:
            x = cols[at]
            _vertical(canv, rows[b + 1], rows[a], x, blocks.get(x))

    def _vertical_blocks(self) -> dict[float, list[tuple[float, float]]]:
        """Where a span interrupts a vertical rule (``Table._vBlocks``)."""
        blocks: dict[float, list[tuple[float, float]]] = {}
        if self.spans is None:
            return blocks
        cols, rows = self._columns, self._positions
        for span in self.spans.values():
            if span is None:
                continue
            col0, row0, col1, row1 = span
            for k in range(col0 + 1, col1 + 1):
                blocks.setdefault(cols[k], []).append((rows[row1 + 1], rows[row0]))
        for value in blocks.values():
            value.sort()
        return blocks


_FUZZ = 1e-6
"""reportlab's ``rl_config._FUZZ``."""


def _vertical(
    canv: Any, start: float, end: float, x: float, blocks: list[tuple[float, float]] | None
) -> None:
    """A vertical rule from ``start`` up to ``end`` at ``x``, broken where spans cover it
    (``tables._hLine`` with the vertical line function)."""
    if not blocks or start >= blocks[-1][1] - _FUZZ or end <= blocks[0][0] + _FUZZ:
        canv.line(x, start, x, end)
        return
    i = 0
    while start < end - _FUZZ and i < len(blocks):
        y0, y1 = blocks[i]
        if y1 <= start + _FUZZ or y0 >= end - _FUZZ:
            i += 1
            continue
        if max(start, y0) > start:
            canv.line(x, start, x, max(start, y0))
        start = min(end, y1)
    if start < end - _FUZZ:
        canv.line(x, start, x, end)


def _edges(op: str, sc: int, ec: int, sr: int, er: int) -> list[tuple[bool, int, int, int]]:
    """The rules a ``LINEBELOW`` or ``BOX`` draws, in ``Table``'s order: (across, first and
    last cell, edge index)."""
    if op == "LINEBELOW":
        return [(True, sc, ec, r) for r in range(sr + 1, er + 2)]
    return [
        (True, sc, ec, sr),
        (True, sc, ec, er + 1),
        (False, sr, er, sc),
        (False, sr, er, ec + 1),
    ]


def _cell_list(value: Any) -> tuple[Flowable, ...]:
    """A cell's flowables, as ``Table._cellListProcess`` lists them."""
    if isinstance(value, Flowable):
        return (value,)
    return tuple(flatten(value))


def _list_height(
    canv: Any,
    cell: Sequence[Flowable],
    width: float,
    s: list[Any],
    sizes: list[tuple[float, float]] | None = None,
    room: float = 72000,
) -> float:
    """``Table._listCellGeom``'s height of a cell's flowables (each wrapped as it wraps
    them); ``sizes`` gets each one's width and height."""
    if not cell:
        return 0
    width = width - s[6] - s[7]
    room = room - s[8] - s[9]
    t: float = 0
    first: float | None = None
    after: float = 0
    for v in cell:
        vw, vh = v.wrapOn(canv, width, room)
        before = v.getSpaceBefore()
        after = v.getSpaceAfter()
        if sizes is not None:
            sizes.append((vw, vh))
        t += vh + after + before
        if first is None:
            first = before
    return t - (first or 0) - after


def styled_grid(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    style: TableStyle,
    fallback: Callable[[], Table],
) -> StyledGrid | None:
    """The ``StyledGrid`` printing what ``Table(rows, colWidths=widths, hAlign="LEFT")`` with
    ``style`` prints (``fallback`` makes that ``Table``), or ``None`` when ``style`` holds a
    command it does not read.

    It reads the per-cell commands (face, size, leading, text colour, alignment,
    paddings), ``BACKGROUND`` of a plain colour, ``ROWBACKGROUNDS``, ``LINEBELOW`` and
    ``BOX`` given a weight and colour only, and ``SPAN`` within one row; the rows must
    be sized by their content (no fixed row heights: the caller's ``Table`` has none).
    """
    nrows, ncols = len(rows), len(widths)
    if (
        not nrows
        or not ncols
        or any(len(r) != ncols for r in rows)
        or getattr(style, "_opts", None)  # table options (spaces around it): the Table's
        or any(not isinstance(w, (int, float)) for w in widths)
        or any(_unusual(v) for row in rows for v in row)
    ):
        return None
    read = _Read(ncols, nrows)
    if not all(read.command(cmd) for cmd in style.getCommands()):
        return None
    read.cells()  # every cell its own list, as Table gives every cell its own style
    if any(s[4] not in _SHARE or s[5] not in _VALIGNS for r in read.styles for s in r):
        return None
    spans = _span_ranges(read.spans, ncols, nrows) if read.spans else None
    return StyledGrid(rows, widths, read.styles, read.backgrounds, read.lines, spans, fallback)


_VALIGNS = ("TOP", "BOTTOM", "MIDDLE")


class _Read:
    """A ``TableStyle``'s commands read as ``Table.setStyle`` reads them: per-cell values into
    ``styles``, the rest kept in order by kind."""

    def __init__(self, ncols: int, nrows: int) -> None:
        # Commands over every cell (the first several of every grid style) change one
        # list all cells start from; the cells get lists of their own at the first
        # command naming some of them.
        self.base = list(_DEFAULT)
        self.styles: list[list[list[Any]]] = []
        self.ncols, self.nrows = ncols, nrows
        self.backgrounds: list[tuple[Any, ...]] = []
        self.lines: list[tuple[Any, ...]] = []
        self.spans: list[tuple[int, int, int, int]] = []

    def command(self, cmd: Sequence[Any]) -> bool:
        """Read one command; False when ``StyledGrid`` does not draw it."""
        op = cmd[0]
        if len(cmd) < 3 or not _cell_range(cmd[1], cmd[2]):
            return False
        (sc, sr), (ec, er) = cmd[1], cmd[2]
        if op in _CELL_FIELDS and len(cmd) == 4:
            self._cells(op, cmd[3], sc, ec, sr, er)
            return True
        if (op == "BACKGROUND" and len(cmd) == 4 and isinstance(cmd[3], Color)) or (
            op == "ROWBACKGROUNDS" and len(cmd) == 4 and _colour_cycle(cmd[3])
        ):
            self.backgrounds.append(tuple(cmd))
            return True
        if op in _LINES and len(cmd) == 5:  # weight and colour: no cap, dash or join
            self.lines.append(tuple(cmd))
            return isinstance(cmd[3], (int, float)) and isinstance(cmd[4], Color)
        if op == "SPAN" and len(cmd) == 3:
            x0, y0, x1, y1 = _norm_span(sc, sr, ec, er, self.ncols, self.nrows)
            self.spans.append((x0, y0, x1, y1))
            return y0 == y1  # spans over rows: left to the Table
        return False

    def _cells(self, op: str, value: Any, sc: int, ec: int, sr: int, er: int) -> None:
        if op == "TEXTCOLOR":
            value = colors.toColor(value, Color(0, 0, 0))
        k = _CELL_FIELDS[op]
        sc, ec, sr, er = _clamp(sc, ec, sr, er, self.ncols, self.nrows)
        if not self.styles and sc == sr == 0 and ec == self.ncols - 1 and er == self.nrows - 1:
            self.base[k] = value
            return
        for row in self.cells()[sr : er + 1]:
            for cell in row[sc : ec + 1]:
                cell[k] = value

    def cells(self) -> list[list[list[Any]]]:
        """Each cell's style list, made from ``base`` when first asked for."""
        if not self.styles:
            self.styles = [[list(self.base) for _ in range(self.ncols)] for _ in range(self.nrows)]
        return self.styles


def _unusual(value: Any) -> bool:
    """Whether a cell holds something ``StyledGrid`` leaves to the ``Table``: flowables that
    split themselves into a cell (``__split_only__``) or lists holding other than flowables."""
    if isinstance(value, Flowable):
        return bool(getattr(value, "__split_only__", None))
    if isinstance(value, (list, tuple)):
        return any(not isinstance(v, Flowable) or _unusual(v) for v in flatten(value))
    return False


def _cell_range(start: Any, stop: Any) -> bool:
    """Whether a command names cells by numbers (no special rows such as ``splitfirst``)."""
    return all(isinstance(n, int) for n in (*start, *stop))


def _clamp(sc: int, ec: int, sr: int, er: int, ncols: int, nrows: int) -> tuple[int, int, int, int]:
    """``Table.normCellRange``."""
    if sc < 0:
        sc = sc + ncols
    if ec < 0:
        ec = ec + ncols
    if sr < 0:
        sr = sr + nrows
    if er < 0:
        er = er + nrows
    return max(0, sc), min(ncols - 1, ec), max(0, sr), min(nrows - 1, er)


def _norm_span(
    x0: int, y0: int, x1: int, y1: int, ncols: int, nrows: int
) -> tuple[int, int, int, int]:
    """A ``SPAN``'s corners as ``Table._calcSpanRanges`` normalizes them."""
    if x0 < 0:
        x0 = x0 + ncols
    if x1 < 0:
        x1 = x1 + ncols
    if y0 < 0:
        y0 = y0 + nrows
    if y1 < 0:
        y1 = y1 + nrows
    if x0 > x1:
        x0, x1 = x1, x0
    if y0 > y1:
        y0, y1 = y1, y0
    return x0, y0, x1, y1


def _span_ranges(
    spans: list[tuple[int, int, int, int]], ncols: int, nrows: int
) -> dict[tuple[int, int], tuple[int, int, int, int] | None]:
    """``Table._spanRanges``: each cell's range, ``None`` for one covered by a span."""
    ranges: dict[tuple[int, int], tuple[int, int, int, int] | None] = {}
    for x in range(ncols):
        for y in range(nrows):
            ranges[x, y] = (x, y, x, y)
    for x0, y0, x1, y1 in spans:
        if x0 != x1 or y0 != y1:
            for y in range(y0, y1 + 1):
                for x in range(x0, x1 + 1):
                    ranges[x, y] = None
            ranges[x0, y0] = (x0, y0, x1, y1)
    return ranges


def _colour_cycle(arg: Any) -> bool:
    """Whether a ``ROWBACKGROUNDS`` argument is a list of colours and ``None``s."""
    return isinstance(arg, (list, tuple)) and all(c is None or isinstance(c, Color) for c in arg)
