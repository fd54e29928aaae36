"""The compact contractor sheet: the whole contractor on two pages for the table.

Beside the full sheet (``printing.contract.sheet``), this prints what a player
looks at during a session on two pages, no text under 7 pt (issue 33 item 4):
ratings, Body and Mind with the Penalty, the derived pools, Source and Limits,
then the Gifts with their System Text, Assets and Liabilities, Stock, Health,
Story and the rewards to spend, flowing over both pages. When everything does
not fit on two pages, the longest System Texts give way to a line saying the
text is on that Gift's card, one Gift at a time, until it fits. What is left of
page two is ruled for notes. The Exp log and the rule check stay on the full sheet.

Nothing here computes a rule: each number comes from the ``PrintSnapshot``.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Sequence
from dataclasses import fields, replace
from functools import partial
from pathlib import Path

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, KeepTogether, PageBreak, Paragraph, Spacer

from printing.common.flowables import fit, grid, plain_table
from printing.common.layout import (
    MARGIN_BOTTOM,
    MARGIN_TOP,
    Output,
    Paper,
    SectionStart,
    build,
    frame_width,
    make_document,
    paper_size,
)
from printing.common.roster import RosterSheet
from printing.common.sections import keep_headings_with_next, labelled, section_heading
from printing.common.styles import RULE, Styles, make_styles
from printing.common.text import Markup, join, literal, markup, para
from printing.contract.gift_blocks import gift_classification
from printing.contract.sheet import ratings_block, running_head, title_block, track_block
from printing.contract.views import (
    AssetView,
    GiftView,
    ItemView,
    LegendaryView,
    PrintSnapshot,
    TotalLine,
)
from printing.contract.weapon_print import weapons_section

COMPACT_BASE = 8.0
"""Body text size of the compact sheet, in points (the full sheet uses 8.5)."""

MIN_SIZE = 7.0
"""No text on the compact sheet is set smaller than this, in points."""

CARDS_NOTE = "System Text on its Gift card (no room on this sheet)."
"""Printed in place of a Gift's System Text that does not fit on the two pages."""

PAGES = 2
"""The compact sheet's page count for an ordinary contractor."""

PAGE_SLACKS = (40.0, 110.0, 220.0)
"""Points per page kept free when measuring, tried in turn until the sheet fits:
headings that move to the next page (``HEADING_ROOM``), Gifts kept whole and
tables that split leave some room unused at a page's foot."""


def compact_styles() -> Styles:
    """The compact sheet's styles: ``COMPACT_BASE`` body text, nothing under ``MIN_SIZE``."""
    s = make_styles(COMPACT_BASE)
    lead = MIN_SIZE * 1.18

    def at_least(style: ParagraphStyle) -> ParagraphStyle:
        if style.fontSize >= MIN_SIZE:
            return style
        grown = ParagraphStyle(style.name, parent=style)
        grown.fontSize = MIN_SIZE
        grown.leading = max(style.leading, lead)
        return grown

    return Styles(**{f.name: at_least(getattr(s, f.name)) for f in fields(Styles)})


def frame_height(paper: Paper) -> float:
    """Height in points of the text frame of one page on ``paper``."""
    return paper_size(paper)[1] - MARGIN_TOP - MARGIN_BOTTOM


def render_compact_sheet(snapshot: PrintSnapshot, out: Output, paper: Paper = "letter") -> int:
    """Print ``snapshot`` as the two-page compact sheet to ``out``; returns the page count.

    The Gifts' System Texts are fitted by measuring (``compact_story``); should the
    laid-out sheet still run past two pages, it is laid out again keeping more room
    free per page, so fewer System Texts print; should it take one page, it is laid
    out again with the sections after the Gifts on page two. Only the final layout
    is written.
    """
    data, pages = b"", 0
    for slack in PAGE_SLACKS:
        data, pages = _laid_out(snapshot, paper, slack, None)
        if pages < PAGES:
            data, pages = _laid_out(snapshot, paper, slack, True)
        if pages <= PAGES:
            break
    if isinstance(out, str | Path):
        Path(out).write_bytes(data)
    else:
        out.write(data)
    return pages


def _laid_out(
    snapshot: PrintSnapshot, paper: Paper, slack: float, split: bool | None
) -> tuple[bytes, int]:
    """The compact sheet's PDF bytes and page count (see ``compact_story``)."""
    buffer = io.BytesIO()
    doc = make_document(
        buffer,
        paper,
        title=f"{snapshot.name} — compact contractor sheet",
        subject="The Contract: compact contractor sheet",
        author=snapshot.player,
    )
    story = compact_story(
        snapshot, frame_width(paper), height=frame_height(paper), slack=slack, split=split
    )
    pages = build(doc, story)
    return buffer.getvalue(), pages


def roster_compact(snapshot: PrintSnapshot) -> RosterSheet:
    """This contractor's compact sheet as a roster prints it (alone or in one shared file)."""
    return RosterSheet(
        name=snapshot.name,
        ident=snapshot.contractor_id,
        noun="contractor",
        render=partial(render_compact_sheet, snapshot),
        story=partial(compact_story, snapshot),
    )


def compact_story(
    snapshot: PrintSnapshot,
    width: float,
    *,
    height: float | None = None,
    slack: float = PAGE_SLACKS[1],
    split: bool | None = None,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of the compact sheet, ``width`` points wide, for pages whose
    text frame is ``height`` points tall (Letter's, the shorter, when not given),
    keeping ``slack`` points of each page free when measuring what fits.
    ``split`` True starts the sections after the Gifts on a new page, False never;
    None (the default) does so when everything measures to fit on one page, so a
    small contractor still gets the two-page sheet.

    The contractor's ratings and tracks come first, then Gifts and the rest flow
    over the two pages; Gifts whose System Text does not fit print ``CARDS_NOTE``.
    ``key``, ``outline`` and ``on_start`` work as for the full sheet
    (``printing.contract.sheet.sheet_story``), so a roster can print compact sheets.
    """
    s = compact_styles()
    head = running_head(snapshot, key, outline=outline)
    head = replace(head, title=f"{snapshot.name} — Compact sheet")
    before: list[Flowable] = [SectionStart(head, on_start)]
    before += title_block(snapshot, width, s)
    before += ratings_block(snapshot, width, s)
    before += _tracks(snapshot, width, s)
    before += _source_and_limits(snapshot, width, s)
    after = _assets(snapshot, width, s)
    after += _stock(snapshot, width, s)
    after += weapons_section(snapshot.weapons, width, s)
    after += _health(snapshot, width, s)
    after += _story(snapshot, width, s)
    after += _rewards(snapshot, width, s)
    after.append(NoteLines(s))
    page = height or frame_height("letter")
    fixed = _height(before, width) + _height(after, width)
    gifts = _gifts(snapshot, width, s, PAGES * (page - slack) - fixed)
    if split is None:
        split = fixed + _height(gifts, width) <= page
    if split:
        gifts.append(PageBreak())
    return keep_headings_with_next([*before, *gifts, *after])


class NoteLines(Flowable):
    """ "Notes" and ruled lines to write on in pencil, filling what is left of the last page.

    It takes exactly the room left in the frame, so it never starts a page of its
    own; with less than ``MIN_ROOM`` points left it prints nothing.
    """

    MIN_ROOM = 40.0
    LINE_GAP = 18.0

    def __init__(self, s: Styles) -> None:
        super().__init__()
        self.style = s.heading
        self.width = 0.0
        self.height = 0.0

    def wrap(self, availWidth: float, availHeight: float) -> tuple[float, float]:
        self.width = availWidth
        # Measuring (1e6 points free) counts nothing: the lines only use what is left.
        room = availHeight if availHeight < 1e5 else 0.0
        self.height = room if room >= self.MIN_ROOM else 0.0
        return self.width, self.height

    def draw(self) -> None:
        if not self.height:
            return
        canv = self.canv
        canv.saveState()
        top = self.height - self.style.fontSize - 8
        canv.setFont(self.style.fontName, self.style.fontSize)
        canv.setFillColor(self.style.textColor)
        canv.drawString(0, top, "Notes")
        canv.setStrokeColor(RULE)
        canv.setLineWidth(0.5)
        y = top - self.LINE_GAP
        while y >= 0:
            canv.line(0, y, self.width, y)
            y -= self.LINE_GAP
        canv.restoreState()


def _height(flowables: Sequence[Flowable], width: float) -> float:
    """Points ``flowables`` take laid out one after another ``width`` points wide."""
    total = 0.0
    for f in flowables:
        if isinstance(f, KeepTogether):
            # KeepTogether reports a huge height to force its split; measure what it holds.
            total += _height(f._content, width)  # type: ignore[attr-defined]
            continue
        total += f.wrap(width, 1e6)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total


# --------------------------------------------------------------------------- the contractor


def _tracks(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Body, Mind and Penalty", s)
    gap = 10.0
    half = (width - gap) / 2
    cells: list[Flowable | str | list[Flowable]] = []
    for track in (snap.body, snap.mind):
        cells.append(track_block(track, half, s) if track is not None else "")
    out.append(plain_table([[cells[0], "", cells[1]]], [half, gap, half]))
    if snap.penalty:
        out.append(para(labelled("Total Penalty:", snap.penalty), s.body))
    if snap.derived:
        pairs = [markup("<b>{l}</b> {v}", l=d.label, v=d.value) for d in snap.derived]
        out.append(para(join(pairs), s.small))
    return out


def _source_and_limits(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = []
    if snap.source is not None:
        src = snap.source
        out += section_heading("Source", s)
        line = markup("<b>{n}</b> rating {r}", n=src.name, r=src.rating)
        if src.allowance:
            line = join([line, literal(src.allowance)])
        out.append(para(line, s.body))
        if src.replenishment:
            out.append(para(labelled("Replenishment:", "; ".join(src.replenishment)), s.small))
    out += section_heading("Limits", s)
    if snap.limits:
        out.append(
            para(
                join(
                    [
                        markup("<b>{n}</b> (custom)", n=lim.name)
                        if lim.custom
                        else markup("<b>{n}</b>", n=lim.name)
                        for lim in snap.limits
                    ]
                ),
                s.body,
            )
        )
    else:
        out.append(para("None recorded.", s.muted))
    return out


# --------------------------------------------------------------------------- Gifts and the rest


def _gifts(snap: PrintSnapshot, width: float, s: Styles, room: float) -> list[Flowable]:
    """The Gifts, each with its System Text while the whole sheet fits ``room`` points.

    When it does not, the Gift with the tallest System Text still printed gives
    it up for ``CARDS_NOTE``, and so on until the Gifts fit (or none is left).
    """
    out = section_heading("Gifts", s)
    if not snap.gifts:
        out.append(para("No Gifts.", s.muted))
        return out
    blocks = [_gift_block(g, s, with_text=True) for g in snap.gifts]
    heights = [_height(b, width) for b in blocks]
    with_text = set(range(len(blocks)))
    room -= _height(out, width)
    while sum(heights) > room and with_text:
        tallest = max(with_text, key=lambda i: heights[i])
        with_text.discard(tallest)
        blocks[tallest] = _gift_block(snap.gifts[tallest], s, with_text=False)
        heights[tallest] = _height(blocks[tallest], width)
    # A Gift's name stays with its text; a block taller than a page still splits.
    out += [KeepTogether(block) for block in blocks]
    return out


def _gift_block(gift: GiftView, s: Styles, *, with_text: bool) -> list[Flowable]:
    """One Gift: name, cost and tagline; classification; its System Text or ``CARDS_NOTE``."""
    title = markup("<b>{n}</b> · Cost {c}", n=gift.name or "Unnamed Gift", c=gift.cost)
    if gift.tagline:
        title = join([title, markup("<i>{t}</i>", t=gift.tagline)], " — ")
    out: list[Flowable] = [para(title, s.subheading), para(gift_classification(gift), s.small)]
    if gift.inactive:
        out.append(para(f"Inactive: {gift.inactive}; its Effects do not work.", s.warning))
    if with_text:
        out.append(para(markup("<b>System.</b> {t}", t=gift.system_text or "—"), s.body))
    else:
        out.append(para(CARDS_NOTE, s.muted))
    return out


def _line(label: str, value: Markup) -> Markup:
    """ "<b>Label</b> value", "none" when there is nothing to list."""
    return markup("<b>{l}</b> {v}", l=label, v=value or literal("none"))


def _asset_line(title: str, items: Sequence[AssetView], s: Styles) -> Paragraph:
    """ "Assets: Contacts (2) — Once per Contract, ask a favor. · Keen Sense (3)"."""
    return para(
        _line(
            f"{title}:",
            join(
                [
                    markup("{n} ({v}) — {x}", n=a.name, v=a.value, x=a.system)
                    if a.system
                    else markup("{n} ({v})", n=a.name, v=a.value)
                    for a in items
                ]
            ),
        ),
        s.body,
    )


def _assets(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Assets and Liabilities", s)
    out.append(_asset_line("Assets", snap.assets, s))
    out.append(_asset_line("Liabilities", snap.liabilities, s))
    return out


def _item(item: ItemView) -> Markup:
    if item.quantity is None:
        return literal(item.name)
    if item.state:
        return markup("{n} ×{q} ({s})", n=item.name, q=item.quantity, s=item.state)
    return markup("{n} ×{q}", n=item.name, q=item.quantity)


def _legendary(artifact: LegendaryView) -> Markup:
    """ "Sunsword (stolen): Ember Blade 1, Solar Flare 1" — each Gift with its Gift Cost."""
    gifts = ", ".join(f"{name} {cost}" for name, cost in artifact.gifts) or "no Gift yet"
    if artifact.state == "held":
        state = ""
    elif artifact.in_hand:
        state = f" ({artifact.state})"
    else:
        state = f" ({artifact.state}; its Gifts inactive)"
    return markup("{n}{s}: {g}", n=artifact.name, s=state, g=gifts)


def _stock(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Stock", s)
    st = snap.stock
    groups = (
        ("Equipment", st.equipment),
        ("Artifacts", st.artifacts),
        ("Consumables", st.consumables),
        ("Trophies", st.trophies),
        ("Conditions", st.conditions),
        ("Circumstances", st.circumstances),
    )
    lines = [
        para(_line(f"{title}:", join([_item(i) for i in items])), s.body)
        for title, items in groups
        if items
    ]
    if st.legendary:
        artifacts = join([_legendary(a) for a in st.legendary], "; ")
        lines.append(para(_line("Legendary Artifacts:", artifacts), s.body))
    out += lines or [para("No Stock recorded.", s.muted)]
    return out


def _health(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Health", s)
    h = snap.health
    injuries = join(
        [
            markup(
                "{d} (Severity {n}{st})",
                d=i.description,
                n=i.severity,
                st=", stabilized" if i.stabilized else "",
            )
            for i in h.injuries
        ]
    )
    out.append(
        para(
            join([labelled("Mind damage:", str(h.mind_damage)), _line("Injuries:", injuries)]),
            s.body,
        )
    )
    for scar in h.battle_scars:
        out.append(
            para(markup("<b>{n}</b> ({t}): {x}", n=scar.name, t=scar.tier, x=scar.system), s.small)
        )
    for trauma in h.traumas:
        out.append(para(markup("<b>{n}</b>: {x}", n=trauma.name, x=trauma.system), s.small))
    return out


def _story(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Story", s)
    victories = snap.victories
    line = markup(
        "<b>Contracts attended</b> {n} ({v} {w}) · <b>Journals</b> {j}",
        n=len(snap.contracts),
        v=victories,
        w="victory" if victories == 1 else "victories",
        j=len(snap.journals),
    )
    if snap.contracts:
        last = snap.contracts[-1]
        line = join([line, markup("<b>Last</b> {d} {t}", d=last.date, t=last.scenario)])
    out.append(para(line, s.body))
    open_ends = [le for le in snap.loose_ends if not le.resolved]
    if open_ends:
        widths = [width * 0.38, width * 0.16, width * 0.1, width * 0.36]
        rows: list[list[Flowable | str]] = [["Loose End", "Threat level", "Cutoff", "Threat"]]
        rows += [
            [
                fit(le.title, s.cell_bold, widths[0]),
                fit(le.threat_level, s.cell, widths[1]),
                str(le.cutoff_remaining),
                fit(le.threat or "Hidden until the Cutoff reaches 0.", s.small, widths[3]),
            ]
            for le in open_ends
        ]
        out.append(grid(rows, widths, center=(2,), fonts={0: s.cell_bold, 3: s.small}))
    return out


def _strong(totals: Sequence[TotalLine]) -> list[TotalLine]:
    return [t for t in totals if t.strong or t.label.endswith("available")]


def _rewards(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("To spend", s)
    lines = [t for t in _strong(snap.exp_totals) if "available" in t.label.lower()]
    lines += [t for t in snap.reward_totals if t.label.lower().endswith("available")]
    if lines:
        out.append(
            para(join([markup("<b>{l}</b> {v}", l=t.label, v=t.value) for t in lines]), s.body)
        )
    if snap.findings:
        n = len(snap.findings)
        out.append(Spacer(1, 3))
        out.append(
            para(
                f"The rule check has {n} {'note' if n == 1 else 'notes'}: see the full sheet.",
                s.warning,
            )
        )
    return out
