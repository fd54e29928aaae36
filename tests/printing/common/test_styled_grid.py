"""A styled grid (``printing.common.styled_grid``) prints the bytes reportlab's ``Table``
prints for the same rows and style: every table look of the contractor sheet (ratings
under a spanned title with middle-aligned dots, totals with bold rows, penalty bands with
the current one lit, the boxed vitals, the concept with spanned long rows), side by side
and on their own, started at heights that put page ends in and between them."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.colors import Color
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from printing.common.flowables import DotRating, fit, grid, plain_table
from printing.common.fonts import SANS_BOLD
from printing.common.layout import build, frame_width, make_document
from printing.common.sections import sheet_styles
from printing.common.styled_grid import StyledGrid, styled_grid
from printing.common.styles import HIGHLIGHT, SHADE
from printing.common.text import para


def _ratings(title: str, count: int, width: float, lean: bool) -> Flowable:
    """The sheet's rating table: a title spanning the row, names, dots, numbers."""
    s = sheet_styles()
    name = width - 58.0 - 16.0
    rows: list[list[object]] = [[title, "", ""]]
    rows += [
        [fit(f"Rating {n} " + "long name " * (n % 3), s.cell, name), DotRating(n % 6, 5), str(n)]
        for n in range(count)
    ]
    return grid(
        rows,
        [name, 58.0, 16.0],
        right=(2,),
        extra=[("SPAN", (0, 0), (-1, 0)), ("VALIGN", (1, 1), (1, -1), "MIDDLE")],
        lean=lean,
    )


def _totals(count: int, width: float, lean: bool) -> Flowable:
    """The sheet's totals table: some rows bold by a command of their own."""
    s = sheet_styles()
    rows: list[list[object]] = [["Exp", ""]]
    bold = []
    for n in range(1, count + 1):
        strong = n % 3 == 0
        label = fit(
            f"Line {n} " + "of the ledger " * (n % 4),
            s.cell_bold if strong else s.cell,
            width * 0.78,
        )
        rows.append([label, str(n * 7)])
        if strong:
            bold.append(("FONTNAME", (0, n), (1, n), SANS_BOLD))
    return grid(
        rows,
        [width * 0.78, width * 0.22],
        right=(1,),
        extra=[("SPAN", (0, 0), (-1, 0)), *bold],
        lean=lean,
    )


def _bands(current: int, width: float, lean: bool) -> Flowable:
    """Penalty bands in the small face, the current band lit, no banding."""
    s = sheet_styles()
    widths = [width * 0.34, width * 0.26, width * 0.4]
    rows: list[list[object]] = [["Body remaining", "State", "Penalty"]]
    rows += [
        [
            fit(t, s.small, w)
            for t, w in zip((f"{n}", "Hurt " * (n % 3 + 1), f"−{n}"), widths, strict=True)
        ]
        for n in range(8)
    ]
    return grid(
        rows,
        widths,
        zebra=False,
        extra=[("BACKGROUND", (0, current + 1), (-1, current + 1), HIGHLIGHT)],
        fonts={0: s.small, 1: s.small, 2: s.small},
        lean=lean,
    )


def _vitals(width: float, lean: bool) -> Flowable:
    s = sheet_styles()
    labels = ["Status", "Exp", "Victories", "Body", "Mind", "Source"]
    cells = [[para(v, s.label) for v in labels], [para(f"{n * 3}", s.cell_bold) for n in range(6)]]
    return grid(
        cells,
        [width / 6] * 6,
        header=False,
        zebra=False,
        extra=[("BOX", (0, 0), (-1, -1), 0.6, SHADE), ("BACKGROUND", (0, 0), (-1, 0), SHADE)],
        lines=False,
        lean=lean,
    )


def _concept(long_rows: int, width: float, lean: bool) -> Flowable:
    s = sheet_styles()
    rows: list[list[object]] = [
        [
            para("Archetype", s.label),
            para("Fixer", s.cell),
            para("Paradigm", s.label),
            para("Debt", s.cell),
        ]
    ]
    for n in range(long_rows):
        text = f"Background {n}: " + "grew up above a glass shop " * (n * 4 + 1)
        rows.append([para("Background", s.label), para(text, s.cell), "", ""])
    spans = [("SPAN", (1, 1 + n), (3, 1 + n)) for n in range(long_rows)]
    label, value = width * 0.14, width / 2 - width * 0.14
    return grid(
        rows, [label, value, label, value], header=False, zebra=False, extra=spans, lean=lean
    )


def _story(lead: float, *, lean: bool) -> list[Flowable]:
    width = frame_width("letter")
    gap = 10.0
    col = (width - 2 * gap) / 3
    half = (width - 12) / 2
    story: list[Flowable] = [Spacer(1, lead)]
    for n in range(6):
        story.append(_vitals(width, lean))
        story.append(_concept(n % 3 + 1, width, lean))
        story.append(
            plain_table(
                [
                    [
                        _ratings("Attributes", 5 + n, col, lean),
                        "",
                        _ratings("Abilities", 10 - n, col, lean),
                        "",
                        _ratings("Abilities (cont.)", 3 + n, col, lean),
                    ]
                ],
                [col, gap, col, gap, col],
            )
        )
        story.append(
            plain_table(
                [[_totals(6 + n, half, lean), "", _totals(9, half, lean)]], [half, 12, half]
            )
        )
        story.append(
            plain_table([[_bands(n, half, lean), "", _bands(7 - n, half, lean)]], [half, 12, half])
        )
        story.append(_totals(8 + 9 * n, width, lean))  # on its own: splits at page ends
        story.append(Spacer(1, 7 * n))
    return story


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    build(make_document(buffer, "letter", title="t", subject="s"), story)
    return buffer.getvalue()


@pytest.mark.parametrize("lead", [0.0, 233.0, 517.0])
def test_styled_grids_print_byte_for_byte_as_reportlabs_tables(
    lead: float, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The whole PDF, every page end included, is the one reportlab's ``Table`` prints."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    width = frame_width("letter")
    assert isinstance(_ratings("A", 3, width / 3, True), StyledGrid)
    assert isinstance(_ratings("A", 3, width / 3, False), Table)
    for made in (
        _totals(4, width, True),
        _bands(2, width, True),
        _vitals(width, True),
        _concept(2, width, True),
    ):
        assert isinstance(made, StyledGrid)
    mine = _pdf(_story(lead, lean=True))
    theirs = _pdf(_story(lead, lean=False))
    assert mine.count(b"/Type /Page\n") >= 6
    assert mine == theirs


def test_a_styled_grid_taller_than_the_room_left_splits_as_the_table_splits(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A totals table of 90 rows after a spacer: it splits over pages, where the
    ``Table`` splits, with its title row repeated, and every page is the same."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    width = frame_width("letter")
    for lead in (0.0, 400.0):
        mine = _pdf([Spacer(1, lead), _totals(90, width, True)])
        theirs = _pdf([Spacer(1, lead), _totals(90, width, False)])
        assert mine.count(b"/Type /Page\n") >= 2
        assert mine == theirs


def _style(*extra: tuple[object, ...]) -> TableStyle:
    return TableStyle([("FONTNAME", (0, 0), (-1, -1), SANS_BOLD), *extra])


def _never() -> Table:
    raise AssertionError("the Table is built only when asked for")


@pytest.mark.parametrize(
    "command",
    [
        ("LINEAFTER", (0, 0), (0, -1), 0.25, SHADE),  # a rule it does not draw
        ("SPAN", (0, 0), (0, 1)),  # a span over rows
        ("BACKGROUND", (0, 0), (-1, 0), ["VERTICAL", SHADE, HIGHLIGHT]),  # a gradient
        ("ALIGN", (0, 0), (-1, -1), "DECIMAL"),
        ("LINEBELOW", (0, 0), (-1, -1), 0.25, SHADE, "butt"),  # a cap of its own
        ("TEXTCOLOR", (0, "splitlast"), (-1, "splitlast"), Color(1, 0, 0)),
    ],
)
def test_a_command_it_does_not_read_leaves_the_table_to_reportlab(
    command: tuple[object, ...],
) -> None:
    rows = [["a", "b"], ["c", "d"]]
    assert styled_grid(rows, [50.0, 50.0], _style(command), _never) is None
    assert isinstance(styled_grid(rows, [50.0, 50.0], _style(), _never), StyledGrid)
    made = grid(rows, [50.0, 50.0], extra=[command])
    assert isinstance(made, Table)
