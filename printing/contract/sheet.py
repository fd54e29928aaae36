"""The full contractor sheet as a PDF ("Character Sheet").

Page order follows the sheet a player knows: concept and vitals, Attributes
and Abilities, Body, Mind and Penalty, Source and Limits, Gifts, Assets and
Liabilities, Stock, Health, Story, and the Exp and reward log. Every section
flows onto further pages as needed; tables repeat their header row and split
even inside a row, so nothing is ever clipped. A long career prints its latest
Contracts, Journals and log lines in full and the earlier ones one line each in
an appendix at the end ("Earlier history", ``printing.contract.history``).

Nothing here computes a rule: each number comes from the ``PrintSnapshot``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from reportlab.platypus import Flowable, Spacer

from builder.core.collector import collector_paused
from printing.common.flowables import DotRating, TickTrack, fit, grid, plain_table
from printing.common.layout import (
    Output,
    Paper,
    RunningHead,
    SectionStart,
    build,
    frame_width,
    make_document,
)
from printing.common.roster import RosterSheet
from printing.common.sections import (
    keep_headings_with_next,
    labelled,
    section_heading,
    sheet_styles,
)
from printing.common.styles import HIGHLIGHT, SHADE, Styles
from printing.common.text import Markup, join, markup, para, text_budget
from printing.contract.gift_blocks import gifts_section
from printing.contract.history import appendix_section
from printing.contract.record import findings_and_notes, ledger_section, story_section, yes
from printing.contract.suggestion_print import suggestions_section
from printing.contract.views import (
    AssetView,
    ItemView,
    LegendaryView,
    PrintSnapshot,
    RatingView,
    StatView,
    TrackView,
)
from printing.contract.weapon_print import weapons_section

NONE_RECORDED = "None recorded."

PRINT_BUDGET = 300_000
"""Most characters of long text one contractor's sheet prints (about 100 pages; issue 13).
A real sheet holds a few thousand; a hostile file 4 MB, which would take minutes to lay out."""


def render_contractor_sheet(snapshot: PrintSnapshot, out: Output, paper: Paper = "letter") -> int:
    """Print ``snapshot`` as a full contractor sheet to ``out``; returns the page count.

    ``out`` is a file path or a binary stream; ``paper`` is "letter" or "a4".
    """
    # The collector resumes once the story and the document are dropped, so its first
    # pass has not to walk them (``collector_paused``).
    with collector_paused():
        pages = build(
            make_document(
                out,
                paper,
                title=f"{snapshot.name} — contractor sheet",
                subject="The Contract: contractor sheet",
                author=snapshot.player,
            ),
            sheet_story(snapshot, frame_width(paper)),
        )
    return pages


def roster_sheet(snapshot: PrintSnapshot) -> RosterSheet:
    """This contractor's sheet as a roster prints it (alone, or inside one shared file)."""
    return RosterSheet(
        name=snapshot.name,
        ident=snapshot.contractor_id,
        noun="contractor",
        render=partial(render_contractor_sheet, snapshot),
        story=partial(sheet_story, snapshot),
    )


def running_head(snapshot: PrintSnapshot, key: str = "0", *, outline: bool = False) -> RunningHead:
    """The header every page of this contractor's sheet carries."""
    detail = " · ".join(
        part
        for part in (
            f"Player: {snapshot.player}" if snapshot.player else "",
            snapshot.status,
        )
        if part
    )
    return RunningHead(
        key=key,
        title=f"{snapshot.name} — Contractor sheet",
        detail=detail,
        outline=snapshot.name if outline else "",
    )


def sheet_story(
    snapshot: PrintSnapshot,
    width: float,
    *,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of one contractor's sheet, ``width`` points wide.

    ``key`` keeps page numbering apart when several sheets share a file;
    ``outline`` adds a PDF bookmark; ``on_start`` is called when layout
    reaches this sheet.
    """
    s = sheet_styles()
    head = running_head(snapshot, key, outline=outline)
    story: list[Flowable] = [SectionStart(head, on_start)]
    with text_budget(PRINT_BUDGET):
        story += title_block(snapshot, width, s)
        story += ratings_block(snapshot, width, s)
        story += _body_mind(snapshot, width, s)
        story += _source_and_limits(snapshot, width, s)
        story += gifts_section(snapshot.gifts, width, s)
        story += _assets(snapshot, width, s)
        story += _stock(snapshot, width, s)
        story += weapons_section(snapshot.weapons, width, s)
        story += _health(snapshot, width, s)
        story += story_section(snapshot, width, s)
        story += suggestions_section(snapshot.suggestions, width, s)
        story += ledger_section(snapshot, width, s)
        story += findings_and_notes(snapshot, width, s)
        story += appendix_section(snapshot, width, s)
    return keep_headings_with_next(story)


# --------------------------------------------------------------------------- sections


def title_block(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """The name, who plays it, Status and totals at the head of a sheet (full and compact)."""
    out: list[Flowable] = [para(snap.name, s.title)]
    subtitle = join(
        [
            markup("Player: {p}", p=snap.player) if snap.player else Markup(""),
            markup(
                "{st} ({v} {w})",
                st=snap.status,
                v=snap.victories,
                w="victory" if snap.victories == 1 else "victories",
            )
            if snap.status
            else Markup(""),
        ]
    )
    if subtitle:
        out.append(para(subtitle, s.subtitle))
    if snap.vitals:
        cells = [
            [para(v.label, s.label) for v in snap.vitals],
            [para(v.value, s.cell_bold) for v in snap.vitals],
        ]
        per = width / len(snap.vitals)
        out.append(
            grid(
                cells,
                [per] * len(snap.vitals),
                header=False,
                zebra=False,
                extra=[
                    ("BOX", (0, 0), (-1, -1), 0.6, SHADE),
                    ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ],
                lines=False,
            )
        )
    if snap.concept:
        out += section_heading("Concept", s)
        short = [c for c in snap.concept if len(c.value) <= 48 and "\n" not in c.value]
        long = [c for c in snap.concept if c not in short]
        rows: list[list[Flowable | str]] = []
        for i in range(0, len(short), 2):
            pair = short[i : i + 2]
            row: list[Flowable | str] = []
            for c in pair:
                row += [para(c.label, s.label), para(c.value, s.cell)]
            row += [""] * (4 - len(row))
            rows.append(row)
        for c in long:
            rows.append([para(c.label, s.label), para(c.value, s.cell), "", ""])
        label_w = width * 0.14
        value_w = width / 2 - label_w
        spans = [
            ("SPAN", (1, len(rows) - len(long) + i), (3, len(rows) - len(long) + i))
            for i in range(len(long))
        ]
        out.append(
            grid(rows, [label_w, value_w, label_w, value_w], header=False, zebra=False, extra=spans)
        )
    return out


def _rating_rows(
    ratings: Sequence[RatingView], s: Styles, name_width: float
) -> list[list[Flowable | str]]:
    return [
        [fit(r.name, s.cell, name_width), DotRating(r.rating, r.maximum), str(r.rating)]
        for r in ratings
    ]


def _rating_table(title: str, ratings: Sequence[RatingView], width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [[title, "", ""]]
    dots = 58.0
    number = 16.0
    rows += _rating_rows(ratings, s, width - dots - number) or [
        [para(NONE_RECORDED, s.muted), "", ""]
    ]
    return grid(
        rows,
        [width - dots - number, dots, number],
        right=(2,),
        extra=[("SPAN", (0, 0), (-1, 0)), ("VALIGN", (1, 1), (1, -1), "MIDDLE")],
    )


def ratings_block(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    """Attributes and Abilities in three columns (the full and the compact sheet)."""
    out = section_heading("Attributes and Abilities", s)
    gap = 10.0
    col = (width - 2 * gap) / 3
    half = (len(snap.abilities) + 1) // 2
    out.append(
        plain_table(
            [
                [
                    _rating_table("Attributes", snap.attributes, col, s),
                    "",
                    _rating_table("Abilities", snap.abilities[:half], col, s),
                    "",
                    _rating_table("Abilities (cont.)", snap.abilities[half:], col, s),
                ]
            ],
            [col, gap, col, gap, col],
        )
    )
    out.append(Spacer(1, 6))
    if snap.secondary:
        per_row = 3
        rows: list[list[Flowable | str]] = []
        for i in range(0, len(snap.secondary), per_row):
            chunk = list(snap.secondary[i : i + per_row])
            row: list[Flowable | str] = []
            for r in chunk:
                row += [
                    fit(r.name, s.cell, col - 58.0 - 16.0),
                    DotRating(r.rating, r.maximum),
                    str(r.rating),
                ]
            row += [""] * (3 * per_row - len(row))
            rows.append(row)
        dots, number = 58.0, 16.0
        name = col - dots - number
        header: list[Flowable | str] = ["Secondary Abilities", *[""] * 8]
        out.append(
            grid(
                [header, *rows],
                [name, dots, number + gap, name, dots, number + gap, name, dots, number],
                right=(2, 5, 8),
                extra=[("SPAN", (0, 0), (-1, 0)), ("VALIGN", (0, 1), (-1, -1), "MIDDLE")],
            )
        )
    else:
        out.append(para(markup("<b>Secondary Abilities:</b> none."), s.body))
    return out


def track_block(track: TrackView, width: float, s: Styles) -> list[Flowable]:
    """One of Body and Mind: its rating and boxes (the full and the compact sheet)."""
    return [
        para(
            markup("<b>{name}</b> {rating}", name=track.name, rating=track.rating),
            s.subheading,
        ),
        TickTrack(track.rating, track.damage, size=11),
        Spacer(1, 2),
        para(
            markup(
                "Damage {d} · Remaining {r} · {name} penalty {p}",
                d=track.damage,
                r=track.remaining,
                name=track.name,
                p=track.penalty,
            ),
            s.small,
        ),
    ]


def _band_table(track: TrackView, width: float, s: Styles) -> Flowable:
    rows: list[list[Flowable | str]] = [
        [
            f"{track.name} remaining",
            "State",
            "Penalty",
        ]
    ]
    widths = [width * 0.34, width * 0.26, width * 0.4]
    rows += [
        [
            fit(text, s.small, w)
            for text, w in zip((b.remaining, b.state, b.penalty), widths, strict=True)
        ]
        for b in track.bands
    ]
    extra = []
    if track.current is not None and 0 <= track.current < len(track.bands):
        row = track.current + 1
        extra = [("BACKGROUND", (0, row), (-1, row), HIGHLIGHT)]
    return grid(rows, widths, zebra=False, extra=extra, fonts={0: s.small, 1: s.small, 2: s.small})


def _stat_rows(
    stats: Sequence[StatView], s: Styles, widths: Sequence[float]
) -> list[list[Flowable | str]]:
    return [
        [
            fit(st.label, s.cell, widths[0]),
            fit(st.value, s.cell_bold, widths[1]),
            fit(st.note, s.muted, widths[2]),
        ]
        for st in stats
    ]


def _body_mind(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Body, Mind and Penalty", s)
    gap = 12.0
    half = (width - gap) / 2
    left: list[Flowable] = []
    for track in (snap.body, snap.mind):
        if track is not None:
            left += track_block(track, half, s)
            left.append(Spacer(1, 4))
    if snap.penalty:
        left.append(para(labelled("Total Penalty:", snap.penalty), s.body))
    right: list[Flowable] = []
    if snap.derived:
        rows: list[list[Flowable | str]] = [["Derived value", "Value", "From"]]
        widths = [half * 0.38, half * 0.27, half * 0.35]
        rows += _stat_rows(snap.derived, s, widths)
        right.append(grid(rows, widths, fonts={1: s.cell_bold, 2: s.muted}))
    out.append(plain_table([[left or "", "", right or ""]], [half, gap, half]))
    tables = [t for t in (snap.body, snap.mind) if t is not None and t.bands]
    if tables:
        out.append(Spacer(1, 6))
        cells: list[Flowable | str] = []
        for t in tables:
            cells += [_band_table(t, half, s), ""]
        out.append(plain_table([cells[:-1]], [half, gap, half][: len(cells) - 1]))
    return out


def _source_and_limits(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = []
    if snap.source is not None:
        src = snap.source
        out += section_heading("Source", s)
        out.append(
            para(
                markup("<b>{name}</b> rating {r} · pool to tick:", name=src.name, r=src.rating),
                s.body,
            )
        )
        out.append(TickTrack(src.rating, 0, size=11))
        out.append(Spacer(1, 3))
        if src.allowance:
            out.append(para(src.allowance, s.muted))
        if src.replenishment:
            rows: list[list[Flowable | str]] = [["Replenishment condition"]]
            rows += [[para(c, s.cell)] for c in src.replenishment]
            out.append(grid(rows, [width]))
        elif src.conditions_allowed:
            # With none allowed yet the allowance line already says so: say it once.
            out.append(para("No replenishment conditions chosen yet.", s.muted))
    out += section_heading("Limits", s)
    if snap.limits:
        widths = [width * 0.25, width * 0.63, width * 0.12]
        rows2: list[list[Flowable | str]] = [["Limit", "What it means", ""]]
        rows2 += [
            [
                fit(lim.name, s.cell_bold, widths[0]),
                fit(lim.description, s.cell, widths[1]),
                "Custom" if lim.custom else "",
            ]
            for lim in snap.limits
        ]
        out.append(grid(rows2, widths, fonts={0: s.cell_bold, 2: s.muted}))
    else:
        out.append(para(NONE_RECORDED, s.muted))
    return out


def _asset_rows(
    items: Sequence[AssetView], s: Styles, widths: Sequence[float]
) -> list[list[Flowable | str]]:
    rows: list[list[Any]] = []  # the name cell is a list of flowables
    for a in items:
        name: list[Flowable] = [para(a.name, s.cell_bold)]
        if a.detail:
            name.append(para(a.detail, s.small))
        approval = "Restricted: leader approval" if a.restricted else ""
        rows.append(
            [
                name,
                str(a.value),
                fit(a.system, s.cell, widths[2]),
                fit(approval, s.warning, widths[3]),
            ]
        )
    return rows


def _assets(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Assets and Liabilities", s)
    widths = [width * 0.27, width * 0.07, width * 0.51, width * 0.15]
    for title, items in (("Asset", snap.assets), ("Liability", snap.liabilities)):
        header: list[Flowable | str] = [
            title,
            "Value",
            "System",
            "",
        ]
        if items:
            out.append(
                grid(
                    [header, *_asset_rows(items, s, widths)],
                    widths,
                    center=(1,),
                    fonts={3: s.warning},
                )
            )
        else:
            out.append(para(f"No {'Assets' if title == 'Asset' else 'Liabilities'}.", s.muted))
        out.append(Spacer(1, 5))
    return out


def _item_table(title: str, items: Sequence[ItemView], width: float, s: Styles) -> Flowable:
    header: list[Flowable | str] = [
        title,
        "Qty",
        "Detail",
        "From",
    ]
    rows: list[list[Flowable | str]] = [header]
    widths = [width * 0.28, width * 0.06, width * 0.48, width * 0.18]
    for it in items:
        rows.append(
            [
                fit(f"{it.name} ({it.state})" if it.state else it.name, s.cell_bold, widths[0]),
                "" if it.quantity is None else str(it.quantity),
                fit(it.detail, s.cell, widths[2]),
                fit(it.source, s.small, widths[3]),
            ]
        )
    return grid(rows, widths, center=(1,), fonts={0: s.cell_bold, 3: s.small})


def _stock(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Stock", s)
    stock = snap.stock
    groups = (
        ("Equipment", stock.equipment),
        ("Artifact", stock.artifacts),
        ("Consumable", stock.consumables),
        ("Trophy", stock.trophies),
        ("Condition", stock.conditions),
        ("Circumstance", stock.circumstances),
    )
    any_items = False
    for title, items in groups:
        if items:
            any_items = True
            out.append(_item_table(title, items, width, s))
            out.append(Spacer(1, 5))
    if stock.legendary:
        any_items = True
        out += [_legendary_table(stock.legendary, width, s), Spacer(1, 5)]
    if stock.log:
        out += [_item_log(stock.log, width, s), Spacer(1, 5)]
    if not any_items:
        out.append(para("No Stock recorded.", s.muted))
    return out


def _legendary_table(artifacts: Sequence[LegendaryView], width: float, s: Styles) -> Flowable:
    """Each Legendary Artifact with its state and every Gift invested in it, with its cost."""
    widths = [width * 0.24, width * 0.12, width * 0.32, width * 0.32]
    rows: list[list[Flowable | str]] = [
        ["Legendary Artifact", "State", "Gifts (Gift Cost)", "Description"]
    ]
    for a in artifacts:
        gifts = ", ".join(f"{name} ({cost})" for name, cost in a.gifts) or "none yet"
        if not a.in_hand:
            gifts += " — inactive while not in hand"
        rows.append(
            [
                fit(a.name, s.cell_bold, widths[0]),
                fit(a.state, s.cell, widths[1]),
                fit(gifts, s.cell, widths[2]),
                fit(a.description, s.cell, widths[3]),
            ]
        )
    return grid(rows, widths, fonts={0: s.cell_bold})


def _item_log(log: Sequence[tuple[str, str, str]], width: float, s: Styles) -> Flowable:
    """The dated item log, newest first: states, uses and hand-overs."""
    widths = [width * 0.14, width * 0.26, width * 0.6]
    rows: list[list[Flowable | str]] = [["Item log", "Item", "What happened"]]
    rows += [
        [date, fit(item, s.cell, widths[1]), fit(what, s.cell, widths[2])]
        for date, item, what in log
    ]
    return grid(rows, widths)


def _health(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Health", s)
    h = snap.health
    out.append(para(labelled("Mind damage:", str(h.mind_damage)), s.body))
    if h.injuries:
        rows: list[list[Flowable | str]] = [["Injury", "Severity", "Stabilized"]]
        widths = [width * 0.7, width * 0.15, width * 0.15]
        rows += [
            [fit(i.description, s.cell, widths[0]), str(i.severity), yes(i.stabilized)]
            for i in h.injuries
        ]
        out.append(grid(rows, widths, center=(1, 2)))
    else:
        out.append(para("No Injuries.", s.muted))
    out.append(Spacer(1, 5))
    if h.battle_scars:
        rows = [["Battle Scar", "Tier", "System"]]
        widths = [width * 0.28, width * 0.12, width * 0.6]
        rows += [
            [
                fit(b.name, s.cell_bold, widths[0]),
                fit(b.tier, s.cell, widths[1]),
                fit(b.system, s.cell, widths[2]),
            ]
            for b in h.battle_scars
        ]
        out.append(grid(rows, widths, fonts={0: s.cell_bold}))
    else:
        out.append(para("No Battle Scars.", s.muted))
    out.append(Spacer(1, 5))
    if h.traumas:
        rows = [["Trauma", "System"]]
        widths = [width * 0.28, width * 0.72]
        rows += [
            [fit(t.name, s.cell_bold, widths[0]), fit(t.system, s.cell, widths[1])]
            for t in h.traumas
        ]
        out.append(grid(rows, widths, fonts={0: s.cell_bold}))
    else:
        out.append(para("No Traumas.", s.muted))
    return out
