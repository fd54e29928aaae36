"""A blank contractor sheet for building a contractor with a pencil, with the cost rules.

Same sections as the filled sheet, with room to write: ruled lines for the
concept, empty dots for ratings (the 6th Ability dot dashed: Seasoned and
up), boxes for Body, Mind and Source, and empty rows for Gifts, Stock,
Health, Contracts and the Exp log. The last page is a rules reference: every
price and table a player needs to spend the starting Exp by hand. Its figures
come from ``printing.contract.reference``.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.platypus import Flowable, KeepTogether, PageBreak, Spacer

from builder.contract.sheet_catalog import SheetCatalog, load_sheet_catalog
from printing.common.flowables import DotRating, TickTrack, WriteLine, grid, plain_table
from printing.common.layout import (
    Output,
    Paper,
    RunningHead,
    SectionStart,
    build,
    frame_width,
    make_document,
)
from printing.common.sections import keep_headings_with_next, sheet_styles
from printing.common.styles import SHADE, Styles
from printing.common.text import markup, para
from printing.contract import reference as ref
from printing.contract.views import PenaltyBand

TRACK_BOXES = 9
"""Boxes printed for Body and Mind: Mind never exceeds 9, and Body reaches 9 at Brawn 7–8."""

GIFT_BOXES = 3
"""Empty Gift boxes on the blank sheet; a page of them, more Gifts go on Gift cards."""

ROW = 15.0
"""Height of an empty row to write in, in points."""


def render_blank_sheet(out: Output, paper: Paper = "letter") -> int:
    """Print a blank contractor sheet with the cost rules to ``out``; returns the page count."""
    doc = make_document(
        out, paper, title="Blank contractor sheet", subject="The Contract: blank contractor sheet"
    )
    return build(doc, blank_story(frame_width(paper)))


def blank_story(width: float, catalog: SheetCatalog | None = None) -> list[Flowable]:
    """The flowables of the blank sheet, ``width`` points wide.

    Attribute, Ability and Limit names come from the sheet catalog.
    """
    s = sheet_styles()
    cat = catalog or load_sheet_catalog()
    story: list[Flowable] = [
        SectionStart(RunningHead("blank", "Contractor sheet", "The Contract · blank, for pencil"))
    ]
    story += _front(width, s, cat)
    story.append(PageBreak())
    story += _powers(width, s, cat)
    story.append(PageBreak())
    story += _possessions(width, s)
    story.append(PageBreak())
    story += _history(width, s)
    story.append(PageBreak())
    story += _reference(width, s)
    return keep_headings_with_next(story)


def _heading(text: str, s: Styles) -> Flowable:
    return para(text, s.heading)


def _lines(labels: Sequence[str], width: float, columns: int = 2) -> Flowable:
    gap = 14.0
    col = (width - gap * (columns - 1)) / columns
    rows = []
    for i in range(0, len(labels), columns):
        row: list[Flowable | str] = []
        for j, label in enumerate(labels[i : i + columns]):
            if j:
                row.append("")
            row.append(WriteLine(label, height=18, label_width=78))
        while len(row) < 2 * columns - 1:
            row.append("")
        rows.append(row)
    widths: list[float] = []
    for j in range(columns):
        if j:
            widths.append(gap)
        widths.append(col)
    return plain_table(rows, widths)


def _blank_rows(
    headers: Sequence[str], fractions: Sequence[float], count: int, width: float, s: Styles
) -> Flowable:
    rows: list[list[Flowable | str]] = [[para(h, s.header_cell) for h in headers]]
    rows += [[""] * len(headers) for _ in range(count)]
    return grid(
        rows,
        [width * f for f in fractions],
        zebra=False,
        row_height=ROW,
        extra=[("LINEAFTER", (0, 1), (-2, -1), 0.25, SHADE)],
    )


def _dots_table(
    title: str,
    names: Sequence[str],
    start: int,
    maximum: int,
    optional_from: int | None,
    width: float,
    s: Styles,
) -> Flowable:
    rows: list[list[Flowable | str]] = [[para(title, s.header_cell), ""]]
    for name in names:
        label: Flowable = para(name, s.cell) if name else WriteLine(height=11)
        rows.append([label, DotRating(start, maximum, optional_from=optional_from)])
    dots = 60.0
    return grid(
        rows,
        [width - dots, dots],
        extra=[("SPAN", (0, 0), (-1, 0)), ("VALIGN", (1, 1), (1, -1), "MIDDLE")],
    )


def _band_table(title: str, bands: Sequence[PenaltyBand], width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [
        [para(title, s.header_cell), para("State", s.header_cell), para("Penalty", s.header_cell)]
    ]
    rows += [
        [para(b.remaining, s.small), para(b.state, s.small), para(b.penalty, s.small)]
        for b in bands
    ]
    return grid(rows, [width * 0.3, width * 0.3, width * 0.4], zebra=False)


def _front(width: float, s: Styles, cat: SheetCatalog) -> list[Flowable]:
    attribute_names = [a.name for a in cat.attributes]
    ability_names = [a.name for a in cat.abilities]
    out: list[Flowable] = [
        para("Contractor sheet", s.title),
        para(
            markup(
                "Build with {exp} Exp. Prices and tables are on the last page.",
                exp=ref.STARTING_EXP,
            ),
            s.subtitle,
        ),
        _heading("Concept", s),
        _lines(
            [
                "Name",
                "Player",
                "Archetype",
                "Paradigm",
                "Ambition",
                "Pronouns",
                "Age",
                "Home playgroup",
            ],
            width,
        ),
        _lines(["Appearance", "Background", ""], width, columns=1),
        _heading("Attributes and Abilities", s),
    ]
    gap = 10.0
    col = (width - 2 * gap) / 3
    start = ref.ATTRIBUTE_START
    attrs = _dots_table(
        f"Attributes (start at {start})", attribute_names, start, ref.ATTRIBUTE_MAX, None, col, s
    )
    secondary = _dots_table(
        "Secondary Abilities",
        [""] * 4,
        0,
        ref.ABILITY_MAX_SEASONED,
        ref.ABILITY_MAX_SEASONED,
        col,
        s,
    )
    half = (len(ability_names) + 1) // 2
    six = ref.ABILITY_MAX_SEASONED
    out.append(
        plain_table(
            [
                [
                    [attrs, Spacer(1, 6), secondary],
                    "",
                    _dots_table("Abilities", ability_names[:half], 0, six, six, col, s),
                    "",
                    _dots_table("Abilities (cont.)", ability_names[half:], 0, six, six, col, s),
                ]
            ],
            [col, gap, col, gap, col],
        )
    )
    out.append(para("Dashed 6th dot: Seasoned, Professional and Veteran only.", s.muted))
    out.append(_heading("Body, Mind and Penalty", s))
    half_w = (width - 12) / 2
    left: list[Flowable] = [
        para("Body", s.subheading),
        TickTrack(TRACK_BOXES, 0, size=12),
        para("Cross out the boxes above your Body rating.", s.muted),
        para("Mind", s.subheading),
        TickTrack(TRACK_BOXES, 0, size=12),
        para("Cross out the boxes above your Mind rating.", s.muted),
        Spacer(1, 4),
        WriteLine("Total Penalty", height=18, label_width=80),
    ]
    right: list[Flowable] = [
        WriteLine(label, height=18, label_width=100)
        for label in (
            "Initiative pool",
            "Free movement",
            "Extra sprint steps",
            "Carry limit",
            "Lift maximum",
        )
    ]
    out.append(plain_table([[left, "", right]], [half_w, 12, half_w]))
    out.append(Spacer(1, 6))
    out.append(
        plain_table(
            [
                [
                    _band_table("Body remaining", ref.body_table(), half_w, s),
                    "",
                    _band_table("Mind remaining", ref.mind_table(), half_w, s),
                ]
            ],
            [half_w, 12, half_w],
        )
    )
    return out


def _gift_box(width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [
        [WriteLine("Gift", label_width=40), WriteLine("Cost", label_width=30)],
        [WriteLine("Type", label_width=40), WriteLine("Style", label_width=30)],
        [WriteLine("Effect", label_width=40), WriteLine("Tagline", label_width=40)],
        [WriteLine("System", label_width=40), ""],
        [WriteLine(), ""],
        [WriteLine(), ""],
        [WriteLine("Description", label_width=60), ""],
    ]
    table = grid(
        rows,
        [width * 0.62, width * 0.38],
        header=False,
        zebra=False,
        extra=[
            ("SPAN", (0, 3), (1, 3)),
            ("SPAN", (0, 4), (1, 4)),
            ("SPAN", (0, 5), (1, 5)),
            ("SPAN", (0, 6), (1, 6)),
            ("BOX", (0, 0), (-1, -1), 0.6, SHADE),
        ],
        lines=False,
    )
    return KeepTogether([table])


def _powers(width: float, s: Styles, cat: SheetCatalog) -> list[Flowable]:
    usual = ", ".join(limit.name for limit in cat.default_limits)
    out: list[Flowable] = [
        _heading("Source", s),
        _lines(["Source name", "Rating"], width),
        para("Source points to tick:", s.small),
        Spacer(1, 3),
        TickTrack(10, 0, size=12),
        Spacer(1, 4),
        _lines(["Replenishment", "Replenishment", "Replenishment"], width, columns=1),
        _heading("Limits", s),
        para(markup("Usual Limits: {u}. A custom Limit needs leader approval.", u=usual), s.muted),
        _blank_rows(["Limit", "What it means"], [0.3, 0.7], 3, width, s),
        _heading("Gifts", s),
    ]
    for _ in range(GIFT_BOXES):
        out.append(_gift_box(width, s))
        out.append(Spacer(1, 6))
    return out


def _possessions(width: float, s: Styles) -> list[Flowable]:
    return [
        _heading("Assets and Liabilities", s),
        _blank_rows(
            ["Asset or Liability", "Value", "System", "Restricted"],
            [0.3, 0.08, 0.5, 0.12],
            8,
            width,
            s,
        ),
        _heading("Stock", s),
        para("Equipment, Artifacts, Consumables, Trophies, Conditions, Circumstances.", s.muted),
        _blank_rows(["Kind", "Item", "Qty", "Detail"], [0.16, 0.3, 0.06, 0.48], 12, width, s),
        _heading("Health", s),
        _blank_rows(["Injury", "Severity", "Stabilized"], [0.7, 0.15, 0.15], 5, width, s),
        Spacer(1, 5),
        _blank_rows(["Battle Scar", "Tier", "System"], [0.3, 0.14, 0.56], 4, width, s),
        Spacer(1, 5),
        _blank_rows(["Trauma", "System"], [0.3, 0.7], 4, width, s),
        Spacer(1, 5),
        WriteLine("Mind damage", height=18, label_width=80),
    ]


def _history(width: float, s: Styles) -> list[Flowable]:
    return [
        _heading("Story", s),
        _blank_rows(
            ["#", "Date", "Scenario", "Home/Away", "Outcome", "Commission", "Journals", "Exp"],
            [0.04, 0.1, 0.32, 0.12, 0.12, 0.12, 0.1, 0.08],
            14,
            width,
            s,
        ),
        para("Loose Ends", s.subheading),
        _blank_rows(["Loose End", "Threat level", "Cutoff"], [0.6, 0.25, 0.15], 4, width, s),
        _heading("Experience and rewards", s),
        _blank_rows(
            ["Date", "Entry", "Exp", "Exp left", "Credits / Improvements"],
            [0.12, 0.5, 0.08, 0.1, 0.2],
            16,
            width,
            s,
        ),
    ]


def _price_table(title: str, steps: Sequence[ref.PriceStep], width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [
        [para(title, s.header_cell), "", ""],
        [para("Rank", s.label), para("Exp", s.label), ""],
    ]
    rows += [
        [
            para(f"{p.rating} → {p.rating + 1}", s.cell),
            para(str(p.exp), s.cell_bold),
            para(p.note, s.muted),
        ]
        for p in steps
    ]
    return grid(rows, [width * 0.3, width * 0.2, width * 0.5], extra=[("SPAN", (0, 0), (-1, 0))])


def _pairs(
    title: str,
    pairs: Sequence[tuple[str, str]],
    width: float,
    s: Styles,
    split: float = 0.45,
    *,
    bold: bool = True,
) -> Flowable:
    rows: list[list[Flowable | str]] = [[para(title, s.header_cell), ""]]
    value_style = s.cell_bold if bold else s.cell
    rows += [[para(a, s.cell), para(b, value_style)] for a, b in pairs]
    return grid(rows, [width * split, width * (1 - split)], extra=[("SPAN", (0, 0), (-1, 0))])


def _reference(width: float, s: Styles) -> list[Flowable]:
    gap = 10.0
    third = (width - 2 * gap) / 3
    half = (width - gap) / 2
    prices = plain_table(
        [
            [
                _price_table("Attribute (5 × rating)", ref.attribute_prices(), third, s),
                "",
                _price_table(
                    "Ability (first rank 2, then 2 × rating)", ref.ability_prices(), third, s
                ),
                "",
                _price_table("Source (2 × rating)", ref.source_prices(), third, s),
            ]
        ],
        [third, gap, third, gap, third],
    )
    body = [(b, str(v)) for b, v in ref.body_by_brawn()]
    lift = [(str(b), f"{lb} lb") for b, lb in ref.lift_by_brawn()]
    tables = plain_table(
        [
            [
                _pairs("Brawn → Body", body, third, s, 0.5),
                "",
                _pairs("Brawn → Lift maximum", lift, third, s, 0.5),
                "",
                _pairs("Source replenishment", ref.replenishment(), third, s, 0.42),
            ]
        ],
        [third, gap, third, gap, third],
    )
    return [
        _heading("Rules reference: spending Exp", s),
        para(
            markup(
                "Every contractor starts with <b>{exp} Exp</b>. Raise a rating one rank at a time; "
                "each rank costs the price of the rank you are leaving.",
                exp=ref.STARTING_EXP,
            ),
            s.body,
        ),
        prices,
        Spacer(1, 8),
        plain_table(
            [
                [
                    _pairs("Other prices", ref.spending(), half, s),
                    "",
                    _pairs("Earning Exp and rewards", ref.earning(), half, s, 0.5),
                ]
            ],
            [half, gap, half],
        ),
        Spacer(1, 8),
        para(ref.gift_cost_rule(), s.body),
        _heading("Rules reference: derived values", s),
        _pairs("Derived value", ref.formulas(), width, s, 0.22, bold=False),
        Spacer(1, 8),
        tables,
    ]
