"""The Covenant character sheet as a PDF, with a layout of its own (SPEC §4, §5).

A Covenant character has no Attributes or Exp: the sheet is built around what
a player handles at the table. Page order: name and the Discipline strip;
Ties (each worth 100 Discipline while held); Discipline by damage severity as
tick tracks; Tokens; Goals; every asset with each of its uses and a box to
tick when it is used (the recharge printed beside it); Conditions and Drains;
a summary of the play log; rule findings and notes.

``CovenantPrint`` (``printing.covenant.snapshot``) is the only input of the
printer: a frozen, display-ready value assembled by ``covenant_print`` from
builder's evaluation. Nothing here computes a rule; user text goes through
``printing.common.text`` so it prints exactly as typed.

Entry points:

- ``render_covenant_sheet(snapshot_or_character, out, paper="letter") -> int`` (pages)
- ``covenant_story(snapshot, width, key=..., outline=..., on_start=...)`` for a roster file
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

from reportlab.platypus import Flowable, Spacer

from builder.covenant.character import DISCIPLINE_PER_TIE, CovenantCharacter
from builder.covenant.wording import RECHARGE_LABELS
from printing.common.flowables import TickTrack, fit, grid, plain_table
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
from printing.common.sections import keep_headings_with_next, section_heading, sheet_styles
from printing.common.styles import SHADE, Styles
from printing.common.text import Markup, markup, para
from printing.covenant.snapshot import CovenantPrint, EffectLine, covenant_print

DISCIPLINE_PER_BOX = 5
"""Discipline one printed box stands for on the damage tracks (a display unit, not a rule)."""


# --------------------------------------------------------------------------- printing


def render_covenant_sheet(
    snapshot: CovenantPrint | CovenantCharacter, out: Output, paper: Paper = "letter"
) -> int:
    """Print a Covenant character sheet to ``out``; returns the page count.

    ``snapshot`` is a ``CovenantPrint``, or a ``CovenantCharacter`` to evaluate
    with builder first (what ``harbinger sheet pdf`` passes). ``out`` is a file
    path or a binary stream; ``paper`` is "letter" or "a4".
    """
    if isinstance(snapshot, CovenantCharacter):
        snapshot = covenant_print(snapshot)
    doc = make_document(
        out,
        paper,
        title=f"{snapshot.name} — Covenant character sheet",
        subject="Covenant: character sheet",
        author=snapshot.player,
    )
    return build(doc, covenant_story(snapshot, frame_width(paper)))


def roster_sheet(snapshot: CovenantPrint | CovenantCharacter) -> RosterSheet:
    """This character's sheet as a roster prints it (alone, or inside one shared file)."""
    if isinstance(snapshot, CovenantCharacter):
        snapshot = covenant_print(snapshot)
    return RosterSheet(
        name=snapshot.name,
        ident=snapshot.character_id,
        noun="covenant character",
        render=partial(render_covenant_sheet, snapshot),
        story=partial(covenant_story, snapshot),
    )


def running_head(snapshot: CovenantPrint, key: str = "0", *, outline: bool = False) -> RunningHead:
    """The header every page of this character's sheet carries (player, Discipline)."""
    detail = " · ".join(
        p
        for p in (
            f"Player: {snapshot.player}" if snapshot.player else "",
            f"Discipline {snapshot.total}",
        )
        if p
    )
    return RunningHead(
        key=key,
        title=f"{snapshot.name} — Covenant character",
        detail=detail,
        outline=snapshot.name if outline else "",
    )


def covenant_story(
    snapshot: CovenantPrint,
    width: float,
    *,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of one Covenant sheet, ``width`` points wide.

    ``key`` keeps page numbering apart when several sheets share a file;
    ``outline`` adds a PDF bookmark; ``on_start`` is called when layout
    reaches this sheet (a roster printed as one file reports progress so).
    """
    s = sheet_styles()
    story: list[Flowable] = [SectionStart(running_head(snapshot, key, outline=outline), on_start)]
    story += _title(snapshot, width, s)
    story += _ties(snapshot, width, s)
    story += _discipline(snapshot, width, s)
    story += _tokens_and_goals(snapshot, width, s)
    story += _assets(snapshot, width, s)
    story += _conditions(snapshot, width, s)
    story += _log(snapshot, width, s)
    story += _findings_and_notes(snapshot, width, s)
    return keep_headings_with_next(story)


def _title(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = [para(snap.name, s.title)]
    parts = [
        markup("Player: {p}", p=snap.player) if snap.player else "",
        markup("Pronouns: {p}", p=snap.pronouns) if snap.pronouns else "",
        markup("{phase}", phase=snap.phase),
    ]
    out.append(para(Markup(" · ".join(p for p in parts if p)), s.subtitle))
    if snap.state:
        out.append(para(snap.state, s.warning))
    vitals = [
        ("Discipline", str(snap.total)),
        ("Free", str(snap.free)),
        ("Scene damage", str(snap.scene)),
        ("Chapter damage", str(snap.chapter)),
        ("Long-term damage", str(snap.long_term)),
        ("Ties held", str(sum(1 for t in snap.ties if t.held))),
        ("Tokens", str(snap.tokens_available)),
    ]
    per = width / len(vitals)
    out.append(
        grid(
            [[fit(label, s.label, per) for label, _ in vitals], [value for _, value in vitals]],
            [per] * len(vitals),
            header=False,
            zebra=False,
            lines=False,
            fonts={i: s.label for i in range(len(vitals))},
            extra=[
                ("BOX", (0, 0), (-1, -1), 0.6, SHADE),
                ("BACKGROUND", (0, 0), (-1, 0), SHADE),
                ("FONTSIZE", (0, 1), (-1, 1), 13),
                ("LEADING", (0, 1), (-1, 1), 16),
                ("FONTNAME", (0, 1), (-1, 1), s.cell_bold.fontName),
                ("FONTNAME", (0, 0), (-1, 0), s.label.fontName),
            ],
        )
    )
    if snap.description:
        out.append(Spacer(1, 4))
        out.append(para(snap.description, s.italic))
    return out


def _ties(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Ties", s)
    if not snap.ties:
        return [*out, para("No Ties.", s.muted)]
    widths = [width * 0.24, width * 0.5, width * 0.12, width * 0.14]
    rows: list[list[Flowable | str]] = [["Tie", "Details", "Discipline", "State"]]
    rows += [
        [
            fit(t.name, s.cell_bold, widths[0]),
            fit(t.details or "—", s.cell, widths[1]),
            str(t.discipline),
            t.status.capitalize() if t.held else "Lost",
        ]
        for t in snap.ties
    ]
    out.append(grid(rows, widths, right=(2,), fonts={0: s.cell_bold}))
    out.append(Spacer(1, 2))
    out.append(
        para(
            markup(
                "Each Tie held gives {n} Discipline; a Tie can be tapped like a Trait and still "
                "gives its Discipline. Losing every Tie takes the character out of the game.",
                n=DISCIPLINE_PER_TIE,
            ),
            s.muted,
        )
    )
    return out


def _track_row(label: str, value: int, total: int, width: float, s: Styles) -> list[Flowable]:
    boxes = -(-total // DISCIPLINE_PER_BOX)
    return [
        para(markup("<b>{label}</b> {value}", label=label, value=value), s.subheading),
        TickTrack(boxes, value // DISCIPLINE_PER_BOX, size=8.0),
        Spacer(1, 2),
    ]


def _discipline(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Discipline by damage severity", s)
    out.append(
        para(
            markup(
                "Free {free} + scene {scene} + chapter {chapter} + long-term {lt} = {total}. "
                "Spent and lost Discipline moves from free Discipline into a damage box; "
                "scene damage comes back at the end of each scene, chapter damage at the end "
                "of each chapter, long-term damage only through quests or implants. "
                "Each box below is {per} Discipline; crossed boxes show the damage now.",
                free=snap.free,
                scene=snap.scene,
                chapter=snap.chapter,
                lt=snap.long_term,
                total=snap.total,
                per=DISCIPLINE_PER_BOX,
            ),
            s.small,
        )
    )
    out.append(Spacer(1, 3))
    for label, value in (
        ("Scene damage", snap.scene),
        ("Chapter damage", snap.chapter),
        ("Long-term damage", snap.long_term),
    ):
        out += _track_row(label, value, snap.total, width, s)
    return out


def _tokens_and_goals(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Tokens and Goals", s)
    gap = 12.0
    left_w = width * 0.36
    right_w = width - left_w - gap
    token_rows: list[list[Flowable | str]] = [
        ["Tokens", ""],
        ["Starting tokens", str(snap.tokens_starting)],
        ["From chapters survived", f"+{snap.tokens_from_chapters}"],
        ["Spent at creation", f"\u2212{snap.tokens_spent_at_creation}"],
        ["Spent in play", f"\u2212{snap.tokens_spent_in_play}"],
        ["Available", str(snap.tokens_available)],
    ]
    tokens = grid(
        token_rows,
        [left_w * 0.7, left_w * 0.3],
        right=(1,),
        extra=[("FONTNAME", (0, -1), (-1, -1), s.cell_bold.fontName)],
    )
    left: list[Flowable] = [
        tokens,
        Spacer(1, 4),
        para("Tick a box for each token spent:", s.small),
        Spacer(1, 2),
        TickTrack(snap.tokens_available, 0, size=9.0),
        Spacer(1, 3),
        para(
            "One token buys a Trait or an Ability between chapters, or one story control: "
            "scene edit, second wind, recharge, cure, succeed or fail.",
            s.muted,
        ),
    ]
    right: list[Flowable] = []
    if snap.goals:
        for g in snap.goals:
            title = markup("{slot} goal: {name}", slot=g.slot.capitalize(), name=g.name)
            rows: list[list[Flowable | str]] = [
                [para(title, s.header_cell), ""],
                ["Conditions", para(g.conditions, s.cell)],
                ["Stakes", para(g.stakes, s.cell)],
                ["Catharsis", para(g.catharsis, s.cell)],
                ["Deadline", para(g.deadline or "—", s.cell)],
            ]
            right.append(
                grid(
                    rows,
                    [right_w * 0.22, right_w * 0.78],
                    zebra=False,
                    extra=[("SPAN", (0, 0), (-1, 0))],
                    fonts={0: s.label},
                )
            )
            right.append(Spacer(1, 5))
    else:
        right.append(para("No goals set.", s.muted))
    out.append(plain_table([[left, "", right]], [left_w, gap, right_w]))
    return out


_ASSET_GROUPS = (
    ("trait", "Traits"),
    ("gear", "Gear"),
    ("ability", "Abilities"),
    ("goal", "Goals"),
)


def _assets(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Assets and their uses", s)
    out.append(
        para(
            "Using any one use of an asset locks the whole asset until that use recharges. "
            "Tick the box of the use you spend; clear it when it recharges.",
            s.muted,
        )
    )
    out.append(Spacer(1, 3))
    widths = [width * 0.22, width * 0.15, width * 0.27, width * 0.26, width * 0.1]
    any_printed = False
    for source, title in _ASSET_GROUPS:
        group = [a for a in snap.assets if a.source == source]
        if not group:
            continue
        any_printed = True
        rows: list[list[Flowable | str]] = [[title, "Use", "Recharge", "Effect", "Used"]]
        spans: list[tuple[object, ...]] = []
        for a in group:
            start = len(rows)
            for i, u in enumerate(a.uses):
                first = i == 0
                name_cell: Flowable | str = ""
                if first:
                    text = (
                        markup(
                            "<b>{name}</b><br/>{state}",
                            name=a.name,
                            state=a.status.capitalize(),
                        )
                        if not a.description
                        else markup(
                            "<b>{name}</b><br/>{state}<br/><i>{d}</i>",
                            name=a.name,
                            state=a.status.capitalize(),
                            d=a.description,
                        )
                    )
                    name_cell = para(text, s.small)
                rows.append(
                    [
                        name_cell,
                        fit(u.name, s.cell, widths[1]),
                        fit(RECHARGE_LABELS[u.recharge], s.small, widths[2]),
                        fit(u.effect or "—", s.small, widths[3]),
                        TickTrack(1, 1 if u.locked_by else 0, size=9.0),
                    ]
                )
            if len(a.uses) > 1:
                spans.append(("SPAN", (0, start), (0, len(rows) - 1)))
        out.append(
            grid(
                rows,
                widths,
                center=(4,),
                fonts={1: s.cell, 2: s.small, 3: s.small},
                extra=[*spans, ("ALIGN", (4, 1), (4, -1), "CENTER")],
                zebra=False,
            )
        )
        out.append(Spacer(1, 6))
    if not any_printed:
        out.append(para("No Traits, gear, Abilities or Goals.", s.muted))
    return out


def _effects_table(
    title: str, what: str, items: Sequence[EffectLine], width: float, s: Styles
) -> Flowable:
    widths = [width * 0.22, width * 0.38, width * 0.28, width * 0.12]
    rows: list[list[Flowable | str]] = [[title, what, "Cure", "Kind"]]
    rows += [
        [
            fit(e.name, s.cell_bold, widths[0]),
            fit(e.what, s.cell, widths[1]),
            fit(e.cure, s.cell, widths[2]),
            "Lingering" if e.lingering else "Fast",
        ]
        for e in items
    ]
    return grid(rows, widths, fonts={0: s.cell_bold, 3: s.small})


def _conditions(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Conditions and Drains", s)
    if not snap.conditions and not snap.drains:
        out.append(para("None at the moment.", s.muted))
    if snap.conditions:
        out.append(_effects_table("Condition", "Effect", snap.conditions, width, s))
        out.append(Spacer(1, 4))
    if snap.drains:
        out.append(_effects_table("Drain", "Damage", snap.drains, width, s))
    out.append(Spacer(1, 2))
    out.append(
        para(
            "Fast conditions and drains end with the scene; lingering ones last until cured.",
            s.muted,
        )
    )
    return out


def _log(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out = section_heading("Play log", s)
    out.append(
        para(
            markup(
                "{n} entries · {scenes} scenes ended · {chapters} chapters survived.",
                n=snap.log_total,
                scenes=snap.scenes_ended,
                chapters=snap.chapters_survived,
            ),
            s.body,
        )
    )
    if not snap.log_lines:
        out.append(para("Nothing played yet.", s.muted))
        return out
    shown = len(snap.log_lines)
    if shown < snap.log_total:
        out.append(
            para(
                markup(
                    "The newest {shown} entries; {older} earlier entries are in the file.",
                    shown=shown,
                    older=snap.log_total - shown,
                ),
                s.muted,
            )
        )
    widths = [width * 0.08, width * 0.92]
    rows: list[list[Flowable | str]] = [["#", "Entry"]]
    rows += [[str(n), fit(text, s.cell, widths[1])] for n, text in snap.log_lines]
    out.append(grid(rows, widths, right=(0,)))
    return out


def _findings_and_notes(snap: CovenantPrint, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = []
    if snap.findings:
        out += section_heading("Rule check", s)
        widths = [width * 0.1, width * 0.7, width * 0.2]
        rows: list[list[Flowable | str]] = [["", "Finding", "Where"]]
        rows += [
            [
                fit(sev.capitalize(), s.cell_bold, widths[0]),
                fit(message, s.cell, widths[1]),
                fit(where, s.small, widths[2]),
            ]
            for sev, message, where in snap.findings
        ]
        out.append(grid(rows, widths, fonts={0: s.cell_bold, 2: s.small}))
    if snap.notes:
        out += section_heading("Notes", s)
        out.append(para(snap.notes, s.body))
    return out
