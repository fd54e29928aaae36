"""The compact contractor sheet: the whole contractor on two pages for the table.

Beside the full sheet (``printing.contract.sheet``), this prints what a player
looks at during a session, small: ratings, Body and Mind with the Penalty, the
derived pools, Source and Limits on the first page; Gifts in short form (name,
cost, classification and tagline; the full System Text is on the Gift cards),
Assets and Liabilities, Stock, Health, Story and the rewards to spend on the
second. The Exp log and the rule check stay on the full sheet.

Nothing here computes a rule: each number comes from the ``PrintSnapshot``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial

from reportlab.platypus import Flowable, PageBreak, Spacer

from printing.common.flowables import fit, grid, plain_table
from printing.common.layout import Output, Paper, SectionStart, build, frame_width, make_document
from printing.common.roster import RosterSheet
from printing.common.sections import keep_headings_with_next, labelled, section_heading
from printing.common.styles import Styles, make_styles
from printing.common.text import Markup, join, literal, markup, para
from printing.contract.gift_blocks import gift_classification
from printing.contract.sheet import _ratings, _title_block, _track_block, running_head
from printing.contract.views import AssetView, ItemView, LegendaryView, PrintSnapshot, TotalLine

COMPACT_BASE = 7.0
"""Body text size of the compact sheet, in points (the full sheet uses 8.5)."""

CARDS_NOTE = "The full System Text of every Gift is on its Gift card."


def render_compact_sheet(snapshot: PrintSnapshot, out: Output, paper: Paper = "letter") -> int:
    """Print ``snapshot`` as the two-page compact sheet to ``out``; returns the page count."""
    doc = make_document(
        out,
        paper,
        title=f"{snapshot.name} — compact contractor sheet",
        subject="The Contract: compact contractor sheet",
        author=snapshot.player,
    )
    return build(doc, compact_story(snapshot, frame_width(paper)))


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
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of the compact sheet: page one the contractor, page two the rest.

    ``key``, ``outline`` and ``on_start`` work as for the full sheet
    (``printing.contract.sheet.sheet_story``), so a roster can print compact sheets.
    """
    s = make_styles(COMPACT_BASE)
    head = running_head(snapshot, key, outline=outline)
    head = replace(head, title=f"{snapshot.name} — Compact sheet")
    story: list[Flowable] = [SectionStart(head, on_start)]
    story += _title_block(snapshot, width, s)
    story += _ratings(snapshot, width, s)
    story += _tracks(snapshot, width, s)
    story += _source_and_limits(snapshot, width, s)
    story.append(PageBreak())
    story += _gifts(snapshot, width, s)
    story += _assets(snapshot, width, s)
    story += _stock(snapshot, width, s)
    story += _health(snapshot, width, s)
    story += _story(snapshot, width, s)
    story += _rewards(snapshot, width, s)
    return keep_headings_with_next(story)


# --------------------------------------------------------------------------- page one


def _tracks(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Body, Mind and Penalty", s)
    gap = 10.0
    half = (width - gap) / 2
    cells: list[Flowable | str | list[Flowable]] = []
    for track in (snap.body, snap.mind):
        cells.append(_track_block(track, half, s) if track is not None else "")
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


# --------------------------------------------------------------------------- page two


def _gifts(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Gifts", s)
    if not snap.gifts:
        out.append(para("No Gifts.", s.muted))
        return out
    widths = [width * 0.24, width * 0.07, width * 0.36, width * 0.33]
    rows: list[list[Flowable | str]] = [["Gift", "Cost", "Classification", "Tagline"]]
    rows += [
        [
            fit(g.name or "Unnamed Gift", s.cell_bold, widths[0]),
            str(g.cost),
            para(gift_classification(g), s.small),
            fit(g.tagline, s.small, widths[3]),
        ]
        for g in snap.gifts
    ]
    out.append(grid(rows, widths, center=(1,), fonts={0: s.cell_bold, 3: s.small}))
    out.append(para(CARDS_NOTE, s.muted))
    return out


def _line(label: str, value: Markup) -> Markup:
    """ "<b>Label</b> value", "none" when there is nothing to list."""
    return markup("<b>{l}</b> {v}", l=label, v=value or literal("none"))


def _names(items: Sequence[AssetView]) -> Markup:
    return join([markup("{n} ({v})", n=a.name, v=a.value) for a in items])


def _assets(snap: PrintSnapshot, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Assets and Liabilities", s)
    out.append(para(_line("Assets:", _names(snap.assets)), s.body))
    out.append(para(_line("Liabilities:", _names(snap.liabilities)), s.body))
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
