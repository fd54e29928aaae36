"""Drawn pieces of a sheet: rating dots, tick-box tracks and the house table style."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from reportlab.lib.colors import Color, black
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.platypus import Flowable, Table, TableStyle

from printing.common.fonts import SANS, SANS_BOLD
from printing.common.long_tables import LONG_TABLE_ROWS, TableParts, in_parts
from printing.common.plain_cell import PlainCell, plain_cell_fits
from printing.common.styled_grid import StyledGrid, styled_grid
from printing.common.styles import ACCENT, INK, RULE, SHADE
from printing.common.text import clean, para
from printing.common.text_grid import (
    CellFont,
    GridLook,
    PlainGrid,
    ShadedRow,
    TextGrid,
    column_fonts,
)

CELL_SIZE = 8.5
"""Point size of plain-text table cells, the same as body paragraphs."""

CELL_PADDING = 3.0
"""Left and right padding inside a table cell."""


class DotRating(Flowable):
    """A rating as a row of dots, ``rating`` of ``maximum`` filled.

    Dots from ``optional_from`` on (1-based) are drawn dashed: on the blank
    sheet this marks the 6th Ability rank open only to Seasoned and above.
    """

    def __init__(
        self, rating: int, maximum: int, *, size: float = 6.5, optional_from: int | None = None
    ) -> None:
        super().__init__()
        self.rating = max(0, rating)
        self.maximum = max(maximum, self.rating)
        self.size = size
        self.gap = size * 0.45
        self.optional_from = optional_from
        self.width = self.maximum * (size + self.gap) - self.gap if self.maximum else 0
        self.height = size

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canv: Any = self.canv  # its page code and stroke-and-fill are not in the stubs
        r = self.size / 2
        canv.saveState()
        canv.setLineWidth(0.7)
        canv.setStrokeColor(INK)
        canv.setFillColor(INK)
        dashed: bool | None = None
        for i in range(self.maximum):
            cx = r + i * (self.size + self.gap)
            filled = i < self.rating
            dash = self.optional_from is not None and i + 1 >= self.optional_from and not filled
            if dash != dashed:
                canv.setDash(1, 1.2) if dash else canv.setDash()
                dashed = dash
            canv._code.extend(_circle_path(cx, r, r - 0.35))
            canv._strokeAndFill(1, 1 if filled else 0)
        canv.restoreState()


_CIRCLES: dict[tuple[float, float, float], tuple[str, ...]] = {}
"""The path operators of each circle a rating has drawn: a sheet draws the same few dozen
circles again and again, and reportlab works out each one's Bézier curves anew."""


def _circle_path(x: float, y: float, r: float) -> tuple[str, ...]:
    """The operators ``canvas.circle(x, y, r)`` writes before its stroke and fill operator."""
    key = (x, y, r)
    path = _CIRCLES.get(key)
    if path is None:
        code: list[str] = []
        PDFPathObject(code=code).ellipse(x - r, y - r, 2 * r, 2 * r)
        if len(_CIRCLES) < 4096:
            _CIRCLES[key] = tuple(code)
        path = tuple(code)
    return path


class TickTrack(Flowable):
    """A row of boxes to tick in pencil; the first ``marked`` are already crossed.

    Body and Mind print one box per point of their rating, with recorded
    damage crossed, so a player can keep ticking at the table. Rows wrap when
    there are more boxes than fit the width.
    """

    def __init__(self, boxes: int, marked: int = 0, *, size: float = 10.0) -> None:
        super().__init__()
        self.boxes = max(0, boxes)
        self.marked = max(0, min(marked, self.boxes))
        self.size = size
        self.gap = size * 0.3
        self._per_row = max(1, self.boxes)

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        step = self.size + self.gap
        self._per_row = max(1, min(max(self.boxes, 1), int((availWidth + self.gap) // step)))
        rows = max(1, -(-self.boxes // self._per_row))
        self.width = min(self.boxes, self._per_row) * step - self.gap if self.boxes else 0
        self.height = rows * step - self.gap
        return self.width, self.height

    def draw(self) -> None:
        canv = self.canv
        step = self.size + self.gap
        rows = max(1, -(-self.boxes // self._per_row))
        canv.saveState()
        canv.setLineWidth(0.7)
        canv.setStrokeColor(INK)
        for i in range(self.boxes):
            row, col = divmod(i, self._per_row)
            x = col * step
            y = (rows - 1 - row) * step
            if i < self.marked:
                canv.setFillColor(SHADE)
                canv.rect(x, y, self.size, self.size, stroke=1, fill=1)
                canv.line(x + 1.5, y + 1.5, x + self.size - 1.5, y + self.size - 1.5)
                canv.line(x + 1.5, y + self.size - 1.5, x + self.size - 1.5, y + 1.5)
            else:
                canv.rect(x, y, self.size, self.size, stroke=1, fill=0)
        canv.restoreState()


class WriteLine(Flowable):
    """An empty ruled line to write on (blank sheet), optionally with a label before it."""

    def __init__(self, label: str = "", *, height: float = 16.0, label_width: float = 0.0) -> None:
        super().__init__()
        self.label = label
        self.height = height
        self.label_width = label_width
        self.width = 0.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        return availWidth, self.height

    def draw(self) -> None:
        canv = self.canv
        canv.saveState()
        x = 0.0
        if self.label:
            canv.setFont(SANS_BOLD, 7.5)
            canv.setFillColor(INK)
            canv.drawString(0, 3, self.label)
            x = self.label_width or canv.stringWidth(self.label, SANS_BOLD, 7.5) + 4
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        canv.line(x, 1, self.width, 1)
        canv.restoreState()


def fit(text: str, style: ParagraphStyle, width: float) -> Flowable | str:
    """A cell for user text: a plain string when it fits on one line, else a wrapped cell.

    A plain cell is drawn literally and costs a fraction of a paragraph, and
    most cells (dates, names, short entries) fit. Longer plain text becomes a
    ``PlainCell``, which wraps as the paragraph does for less; text it does not
    cover (line breaks, very long text) stays a paragraph. ``width`` is the column
    width; the column must draw plain cells in ``style`` (``grid(fonts=...)``).
    """
    value = clean(text)
    room = width - 2 * CELL_PADDING - 0.5
    if "\n" not in value and stringWidth(value, style.fontName, style.fontSize) <= room:
        return value
    if plain_cell_fits(value, style):  # wraps as the paragraph would, at a fraction of its cost
        return PlainCell(value, style)
    return para(value, style)


def grid_style(
    *,
    header: bool = True,
    zebra: bool = True,
    rows: int = 0,
    lines: bool = True,
    extra: Sequence[Any] = (),
) -> TableStyle:
    """The table look used everywhere: thin rules, a dark header row, light banding.

    FONTNAME is set for every cell so a plain-string cell never falls back to
    Helvetica, which would put an unembedded base-14 font in the PDF.
    """
    commands: list[Any] = [
        ("FONTNAME", (0, 0), (-1, -1), SANS),
        ("FONTSIZE", (0, 0), (-1, -1), CELL_SIZE),
        ("LEADING", (0, 0), (-1, -1), CELL_SIZE * 1.22),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2.5),
    ]
    if lines:
        commands.append(("LINEBELOW", (0, 0), (-1, -1), 0.25, RULE))
    if header:
        commands += [
            ("BACKGROUND", (0, 0), (-1, 0), ACCENT),
            ("FONTNAME", (0, 0), (-1, 0), SANS_BOLD),
            ("TEXTCOLOR", (0, 0), (-1, 0), Color(1, 1, 1)),
        ]
    if zebra and rows:
        first = 1 if header else 0
        commands.append(("ROWBACKGROUNDS", (0, first), (-1, -1), [None, Color(0.96, 0.96, 0.96)]))
    commands.extend(extra)
    return TableStyle(commands)


def grid(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    *,
    header: bool = True,
    zebra: bool = True,
    extra: Sequence[Any] = (),
    row_height: float | None = None,
    lines: bool = True,
    right: Sequence[int] = (),
    center: Sequence[int] = (),
    fonts: Mapping[int, ParagraphStyle] | None = None,
    lean: bool = True,
) -> Table | TextGrid | StyledGrid | TableParts:
    """A table that splits between rows, and inside a row whose text is taller than a page.

    The header row repeats on every page the table spans. ``row_height`` fixes
    the height of the body rows (blank rows to write in). ``right`` and
    ``center`` name columns whose plain-text cells are aligned that way;
    ``fonts`` gives the paragraph style whose face, size and colour plain
    cells of a column take (see ``fit``).

    Plain ``str`` cells are drawn as single lines without wrapping (they are
    far cheaper than paragraphs): use them only for Harbinger's own short
    words and for numbers; user text goes in a paragraph.

    With nothing in ``extra`` the table is a ``TextGrid`` (``printing.common.text_grid``),
    which prints the same as reportlab's ``Table`` at a fraction of the cost. Otherwise
    it is a ``StyledGrid`` (``printing.common.styled_grid``) printing the very bytes of
    reportlab's ``Table`` when it reads every command, else that ``Table``; one of more
    than ``LONG_TABLE_ROWS`` body rows comes back as ``TableParts``
    (``printing.common.long_tables``): it prints the same but lays out in a time in
    proportion to its rows; put such a table in the story, not in a cell.
    ``lean=False`` gives reportlab's ``Table`` always: the reference the lean grids are
    tested against.
    """
    extra_given = bool(extra)
    aligned: list[tuple[Any, ...]] = [("ALIGN", (c, 0), (c, -1), "RIGHT") for c in right]
    aligned += [("ALIGN", (c, 0), (c, -1), "CENTER") for c in center]
    first = 1 if header else 0
    for c, font in (fonts or {}).items():
        aligned += [
            ("FONTNAME", (c, first), (c, -1), font.fontName),
            ("FONTSIZE", (c, first), (c, -1), font.fontSize),
            ("LEADING", (c, first), (c, -1), font.leading),
            ("TEXTCOLOR", (c, first), (c, -1), font.textColor),
        ]
    extra = [*aligned, *extra]
    heights = None
    if row_height is not None:
        heights = [None] * (1 if header else 0) + [row_height] * (len(rows) - (1 if header else 0))
    style = grid_style(header=header, zebra=zebra, rows=len(rows), lines=lines, extra=extra)

    def table(cells: list[list[Any]], commands: Any, row_heights: Any) -> Table:
        made = Table(
            cells,
            colWidths=list(widths),
            rowHeights=row_heights,
            repeatRows=first,
            splitByRow=1,
            splitInRow=1,
            hAlign="LEFT",
        )
        made.setStyle(commands if isinstance(commands, TableStyle) else TableStyle(commands))
        return made

    if not extra_given and lean:  # the house look alone: the lean grid prints it (issue 29)
        return _text_grid(
            rows, widths, first, zebra, lines, right, center, fonts, row_height, style
        )
    if len(rows) - first > LONG_TABLE_ROWS:  # issue 13: layout time in proportion to rows
        return TableParts(in_parts(rows, first, style.getCommands(), heights, table))
    if heights is None and lean:  # the Table's look and bytes without its per-cell work (issue 29)
        styled = styled_grid(
            rows, widths, style, lambda: table([list(r) for r in rows], style, None)
        )
        if styled is not None:
            return styled
    return table([list(r) for r in rows], style, heights)


_WHITE = Color(1, 1, 1)
_BAND = Color(0.96, 0.96, 0.96)


def _text_grid(
    rows: Sequence[Sequence[Any]],
    widths: Sequence[float],
    first: int,
    zebra: bool,
    lines: bool,
    right: Sequence[int],
    center: Sequence[int],
    fonts: Mapping[int, ParagraphStyle] | None,
    row_height: float | None,
    style: TableStyle,
) -> TextGrid:
    """``grid``'s table as a ``TextGrid``, looking the same as the reportlab ``Table`` that
    ``style`` describes; that ``Table`` is the fallback.

    No parts however long: a grid carries its row heights into the rest it leaves for the
    next page, so laying it out takes time in proportion to its rows (issue 13).
    """
    look = GridLook(
        left=CELL_PADDING,
        right=CELL_PADDING,
        top=1.5,
        bottom=2.5,
        rule=RULE if lines else None,
        rule_width=0.25,
        header_fill=ACCENT if first else None,
        band=_BAND if zebra and rows else None,
    )
    body: CellFont = (SANS, CELL_SIZE, CELL_SIZE * 1.22, black)
    chosen = {c: (f.fontName, f.fontSize, f.leading, f.textColor) for c, f in (fonts or {}).items()}
    columns = len(widths)
    body_fonts = column_fonts(columns, body, chosen)
    head_fonts = [(SANS_BOLD, CELL_SIZE, CELL_SIZE * 1.22, _WHITE)] * columns
    aligns = ["LEFT"] * columns
    for c in right:
        aligns[c] = "RIGHT"
    for c in center:
        aligns[c] = "CENTER"

    def fallback(cells: list[list[Any]]) -> Table:
        heights = None
        if row_height is not None:
            heights = [None] * first + [row_height] * (len(cells) - first)
        made = Table(
            cells,
            colWidths=list(widths),
            rowHeights=heights,
            repeatRows=first,
            splitByRow=1,
            splitInRow=1,
            hAlign="LEFT",
        )
        made.setStyle(style)
        return made

    def part(cells: Sequence[Sequence[Any]]) -> TextGrid:
        return TextGrid(
            cells,
            widths,
            header=first,
            look=look,
            fonts=(head_fonts, body_fonts),
            aligns=aligns,
            row_height=row_height,
            fallback=fallback,
        )

    return part(rows)


def shaded_row(
    cells: Sequence[Sequence[Flowable]], widths: Sequence[float], fill: Color
) -> Flowable:
    """One row of flowable cells on ``fill``: ``grid(header=False, zebra=False, lines=False,
    extra=[("BACKGROUND", (0, 0), (-1, -1), fill)])``, printed by a ``ShadedRow`` with the
    same bytes as that reportlab ``Table`` (issue 29)."""
    extra = [("BACKGROUND", (0, 0), (-1, -1), fill)]
    style = grid_style(header=False, zebra=False, rows=1, lines=False, extra=extra)

    def table(rows: list[list[Any]]) -> Table:
        made = Table(
            rows,
            colWidths=list(widths),
            rowHeights=None,
            repeatRows=0,
            splitByRow=1,
            splitInRow=1,
            hAlign="LEFT",
        )
        made.setStyle(style)
        return made

    look = GridLook(
        left=CELL_PADDING,
        right=CELL_PADDING,
        top=1.5,
        bottom=2.5,
        rule=None,
        rule_width=0.25,
        header_fill=None,
        band=None,
    )
    face: CellFont = (SANS, CELL_SIZE, CELL_SIZE * 1.22, black)
    return ShadedRow(cells, widths, look=look, face=face, fill=fill, fallback=table)


def plain_table(
    rows: Sequence[Sequence[Any]], widths: Sequence[float], extra: Sequence[Any] = ()
) -> Table | PlainGrid:
    """A table used only to place things side by side: no rules, no padding.

    With nothing in ``extra`` it is a ``PlainGrid``, which prints the same as the
    reportlab ``Table`` it stands for at a fraction of the cost (issue 29); that
    ``Table`` is its fallback for a split inside a row.
    """
    style = TableStyle(
        [
            ("FONTNAME", (0, 0), (-1, -1), SANS),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            *extra,
        ]
    )

    def table(cells: Sequence[Sequence[Any]]) -> Table:
        made = Table([list(r) for r in cells], colWidths=list(widths), hAlign="LEFT")
        made.setStyle(style)
        return made

    if extra:
        return table(rows)
    columns = len(widths)
    return PlainGrid(
        rows,
        widths,
        header=0,
        look=_PLAIN_LOOK,
        fonts=([], [_PLAIN_FACE] * columns),
        aligns=["LEFT"] * columns,
        row_height=None,
        fallback=table,
    )


_PLAIN_LOOK = GridLook(
    left=0, right=0, top=0, bottom=0, rule=None, rule_width=0, header_fill=None, band=None
)
_PLAIN_FACE: CellFont = (SANS, 10, 12, black)
"""reportlab's default cell face (``CellStyle``) in the sheet font: ``plain_table``'s."""
