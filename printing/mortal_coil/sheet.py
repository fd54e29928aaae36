"""*This Mortal Coil* sheets as PDFs: a spacefarer, a blank spacefarer sheet, and a crew.

The spacefarer sheet shows what a player handles at the table: HP and the
three abilities (current and maximum, with the exact chance each save passes),
armor and stability, the ten inventory slots (gear, fatigue, fallout), credits,
the play log and notes. Every number comes from ``builder.mortal_coil``
(``rules.fold``, ``odds.save_pass``); nothing here computes a rule. User text
goes through ``printing.common.text`` so it prints exactly as typed.

Entry points (``out`` is a path or a binary stream, ``paper`` "letter" or "a4"):

- ``render_spacefarer_sheet(character, out, paper) -> int`` (pages)
- ``render_blank_spacefarer_sheet(out, paper) -> int``
- ``render_crew_sheet(crew, out, paper, member_names) -> int``
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache, partial

from reportlab.platypus import CondPageBreak, Flowable, Spacer

from builder.mortal_coil.character import (
    ABILITIES,
    DEFAULT_SMALL_PER_SLOT,
    INVENTORY_SLOTS,
    Spacefarer,
)
from builder.mortal_coil.combat import CarrierKind, carrier_line, carrier_lines, combat_lines
from builder.mortal_coil.crew import Crew, daily_wages
from builder.mortal_coil.odds import save_pass
from builder.mortal_coil.rules import State, fold
from builder.mortal_coil.wording import describe, slot_lines
from printing.common.flowables import TickTrack, WriteLine, fit, grid
from printing.common.layout import Output, Paper, RunningHead, SectionStart, build, make_document
from printing.common.layout import frame_width as _frame_width
from printing.common.roster import RosterSheet
from printing.common.sections import keep_headings_with_next
from printing.common.styles import SHADE, Styles, make_styles
from printing.common.text import Markup, markup, para

LOG_LINES_PRINTED = 60
"""Newest play-log entries printed in full; older ones are counted, not listed."""

GAME = "This Mortal Coil"


@lru_cache(maxsize=2)
def styles(base: float = 8.5) -> Styles:
    return make_styles(base)


def _heading(text: str, s: Styles) -> list[Flowable]:
    return [CondPageBreak(72), para(text, s.heading)]


def _percent(ability: int) -> str:
    p = save_pass(ability)
    return f"{p.numerator}/{p.denominator} ({float(p) * 100:.0f}%)"


def _strip(cells: list[tuple[str, str]], width: float, s: Styles) -> Flowable:
    """A row of labelled big numbers (HP, STR, ...) across the page."""
    per = width / len(cells)
    return grid(
        [[fit(label, s.label, per) for label, _ in cells], [value for _, value in cells]],
        [per] * len(cells),
        header=False,
        zebra=False,
        lines=False,
        fonts={i: s.label for i in range(len(cells))},
        extra=[
            ("BOX", (0, 0), (-1, -1), 0.6, SHADE),
            ("BACKGROUND", (0, 0), (-1, 0), SHADE),
            ("FONTSIZE", (0, 1), (-1, 1), 13),
            ("LEADING", (0, 1), (-1, 1), 16),
            ("FONTNAME", (0, 1), (-1, 1), s.cell_bold.fontName),
            ("FONTNAME", (0, 0), (-1, 0), s.label.fontName),
        ],
    )


def _status(state: State) -> str:
    if state.retired:
        return f"Retired: {state.retired_reason}."
    parts = []
    if state.disabled:
        parts.append("Disabled by critical damage: dies within an hour without aid and rest.")
    if state.fallout_owed:
        parts.append(f"{state.fallout_owed} fallout to take (critical stress).")
    if state.deprived:
        parts.append(f"Deprived for {state.deprived_days} day(s): no recovery.")
    if state.inventory_full:
        parts.append("Every slot is full: HP is held at 0.")
    return " ".join(parts)


def _title(c: Spacefarer, state: State, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = [para(c.name or "(unnamed)", s.title)]
    parts = [
        markup("Player: {p}", p=c.player) if c.player else "",
        markup("Pronouns: {p}", p=c.pronouns) if c.pronouns else "",
        markup("Background: {b}", b=c.background) if c.background else "",
    ]
    out.append(para(Markup(" · ".join(p for p in parts if p)) or GAME, s.subtitle))
    status = _status(state)
    if status:
        out.append(para(status, s.warning))
    out.append(
        _strip(
            [
                ("HP", f"{state.effective_hp}/{state.hp_max}"),
                *((a.label, f"{state.current(a)}/{state.maximum(a)}") for a in ABILITIES),
                ("Armor", str(c.armor)),
                ("Stability", str(c.stability)),
                ("Credits", str(c.credits)),
            ],
            width,
            s,
        )
    )
    return out


def _abilities(state: State, width: float, s: Styles) -> list[Flowable]:
    out = _heading("Abilities and saves", s)
    widths = [width * 0.12, width * 0.12, width * 0.12, width * 0.24, width * 0.4]
    rows: list[list[Flowable | str]] = [["Ability", "Current", "Maximum", "Save passes", "Loss"]]
    for a in ABILITIES:
        now, top = state.current(a), state.maximum(a)
        rows.append([a.label, str(now), str(top), _percent(now), TickTrack(top, top - now, size=7)])
    out.append(grid(rows, widths, right=(1, 2), fonts={0: s.cell_bold}))
    out.append(Spacer(1, 2))
    out.append(
        para(
            "Roll a d20 equal to or under the ability to pass; a 1 always passes, a 20 always "
            "fails. Damage past 0 HP comes off STR (then a STR save against critical damage), "
            "stress past 0 HP off CTRL (then a CTRL save against fallout). An ability at 0 "
            "retires the character.",
            s.muted,
        )
    )
    out += [para("HP", s.subheading), TickTrack(state.hp_max, state.hp_max - state.hp, size=10)]
    return out


def _combat(c: Spacefarer, state: State, width: float, s: Styles) -> list[Flowable]:
    """Movement, the start-of-combat and retreat DEX saves, blast and carriers."""
    out = _heading("Combat", s)
    out += [
        para(line, s.body)
        for line in (
            *combat_lines(state.dex_now, state.disabled, c.small_per_slot),
            *carrier_lines(c),
        )
    ]
    return out


def _slots(c: Spacefarer, state: State, width: float, s: Styles) -> list[Flowable]:
    out = _heading(f"Inventory: {state.slots_used} of {INVENTORY_SLOTS} slots", s)
    widths = [width * 0.08, width * 0.92]
    rows: list[list[Flowable | str]] = [["Slot", "Carried"]]
    for i, line in enumerate(slot_lines(c, state.fatigue, state.fallout), start=1):
        rows.append([str(i), fit(line, s.cell, widths[1]) if line else ""])
    out.append(grid(rows, widths, right=(0,), row_height=14))
    out.append(
        para(
            markup(
                "Bulky items take two slots; up to {n} small items share one. Fatigue and "
                "fallout take a slot each. With every slot full, HP is held at 0.",
                n=c.small_per_slot,
            ),
            s.muted,
        )
    )
    return out


def _log(c: Spacefarer, state: State, width: float, s: Styles) -> list[Flowable]:
    out = _heading("Play log", s)
    if not c.log:
        return [*out, para("Nothing played yet.", s.muted)]
    first = max(0, len(c.log) - LOG_LINES_PRINTED)
    if first:
        out.append(para(f"The newest {LOG_LINES_PRINTED} of {len(c.log)} entries.", s.muted))
    widths = [width * 0.08, width * 0.92]
    rows: list[list[Flowable | str]] = [["#", "Entry"]]
    for i in range(first, len(c.log)):
        text = describe(c.log[i]) + (" (refused)" if i in state.refused else "")
        rows.append([str(i + 1), fit(text, s.cell, widths[1])])
    out.append(grid(rows, widths, right=(0,)))
    return out


def _notes(c: Spacefarer, state: State, width: float, s: Styles) -> list[Flowable]:
    out: list[Flowable] = []
    if state.findings:
        out += _heading("Rule check", s)
        out += [para(markup("{m} ({w})", m=f.message, w=f.where), s.body) for f in state.findings]
    if c.notes:
        out += _heading("Notes", s)
        out.append(para(c.notes, s.body))
    return out


def spacefarer_story(
    c: Spacefarer,
    width: float,
    *,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of one spacefarer sheet, ``width`` points wide.

    ``key``, ``outline`` and ``on_start`` are for a roster file holding several
    sheets: page numbering, a PDF bookmark, a progress call (``RosterSheet``).
    """
    s = styles()
    state = fold(c)
    detail = f"Player: {c.player}" if c.player else f"HP {state.hp_max}"
    title = f"{c.name or '(unnamed)'} — {GAME} spacefarer"
    head = RunningHead(key, title, detail, outline=c.name if outline else "")
    story: list[Flowable] = [SectionStart(head, on_start)]
    story += _title(c, state, width, s)
    story += _abilities(state, width, s)
    story += _combat(c, state, width, s)
    story += _slots(c, state, width, s)
    story += _log(c, state, width, s)
    story += _notes(c, state, width, s)
    return keep_headings_with_next(story)


def render_spacefarer_sheet(character: Spacefarer, out: Output, paper: Paper = "letter") -> int:
    """Print a spacefarer's sheet; returns the page count."""
    doc = make_document(
        out,
        paper,
        title=f"{character.name} — {GAME} character sheet",
        subject=f"{GAME}: character sheet",
        author=character.player,
    )
    return build(doc, spacefarer_story(character, _frame_width(paper)))


def render_blank_spacefarer_sheet(out: Output, paper: Paper = "letter") -> int:
    """Print an empty spacefarer sheet to fill in by hand; returns the page count."""
    s = styles()
    width = _frame_width(paper)
    story: list[Flowable] = [
        SectionStart(RunningHead("blank", f"{GAME} spacefarer", "blank sheet"))
    ]
    story += [para(f"{GAME} — spacefarer", s.title)]
    for label in ("Name", "Pronouns", "Background", "Player", "Crew"):
        story += [WriteLine(label), Spacer(1, 4)]
    story += _heading("Abilities and saves", s)
    widths = [width * 0.16, width * 0.16, width * 0.16, width * 0.52]
    rows: list[list[Flowable | str]] = [["Ability", "Current", "Maximum", "Notes"]]
    rows += [[a.label, "", "", ""] for a in ABILITIES]
    rows += [["HP", "", "", ""], ["Armor", "", "", ""], ["Stability", "", "", ""]]
    story.append(grid(rows, widths, row_height=18, fonts={0: s.cell_bold}))
    story.append(
        para(
            "Creation: roll 3d6 for STR, DEX and CTRL in order (you may swap two results), "
            "then 1d6 for maximum HP. Saves: d20 equal to or under the ability; 1 passes, "
            "20 fails.",
            s.muted,
        )
    )
    story += _heading("Inventory (10 slots)", s)
    slot_rows: list[list[Flowable | str]] = [["Slot", "Carried"]]
    slot_rows += [[str(i), ""] for i in range(1, INVENTORY_SLOTS + 1)]
    story.append(grid(slot_rows, [width * 0.08, width * 0.92], right=(0,), row_height=18))
    story += _heading("Credits and notes", s)
    story += [WriteLine("Credits"), Spacer(1, 6)] + [WriteLine(""), Spacer(1, 6)] * 5
    doc = make_document(
        out, paper, title=f"{GAME} blank character sheet", subject=f"{GAME}: blank sheet"
    )
    return build(doc, keep_headings_with_next(story))


def render_crew_sheet(
    crew: Crew,
    out: Output,
    paper: Paper = "letter",
    member_names: Mapping[str, str] | None = None,
) -> int:
    """Print a crew sheet: members, ship and breech protection, associates, shared credits.

    ``member_names`` maps a member's character id to the name to print (the id
    prints when it is missing).
    """
    s = styles()
    width = _frame_width(paper)
    names = member_names or {}
    ship = crew.ship
    story: list[Flowable] = [
        SectionStart(RunningHead(crew.id, f"{crew.name} — {GAME} crew", f"Credits {crew.credits}"))
    ]
    story.append(para(crew.name or "(unnamed crew)", s.title))
    story.append(
        _strip(
            [
                ("Members", str(len(crew.members))),
                ("Ship BP", f"{ship.bp}/{ship.bp_max}"),
                ("Shared credits", str(crew.credits)),
                ("Wages a day", str(daily_wages(crew))),
            ],
            width,
            s,
        )
    )
    story += _heading("Members", s)
    if crew.members:
        story += [para(names.get(m, m), s.body) for m in crew.members]
    else:
        story.append(para("No members yet.", s.muted))
    story += _heading(markup("Ship: {n}", n=ship.name or "(unnamed)"), s)
    story.append(para(markup("Hull: {h}", h=ship.hull or "—"), s.body))
    if ship.destroyed:
        story.append(para("Destroyed by breech damage.", s.warning))
    story += [
        para("Breech protection", s.subheading),
        TickTrack(ship.bp_max, ship.bp_max - ship.bp),
    ]
    story.append(
        para(
            "At 0 BP, any further breech damage destroys the ship. Only weapons and abilities "
            "with the breech tag affect BP.",
            s.muted,
        )
    )
    if ship.notes:
        story.append(para(ship.notes, s.body))
    story += _heading("Associates", s)
    if crew.associates:
        widths = [width * 0.28] + [width * 0.12] * 6
        rows: list[list[Flowable | str]] = [["Name", "STR", "DEX", "CTRL", "HP", "Weapon", "Wage"]]
        rows += [
            [
                fit(a.name, s.cell_bold, widths[0]),
                str(a.str_max),
                str(a.dex_max),
                str(a.ctrl_max),
                str(a.hp_max),
                f"d{a.weapon_die}",
                str(a.daily_wage),
            ]
            for a in crew.associates
        ]
        story.append(grid(rows, widths, right=(1, 2, 3, 4, 6)))
        story += [
            para(
                carrier_line(CarrierKind.ASSOCIATE, a.name, a.carried, DEFAULT_SMALL_PER_SLOT),
                s.body,
            )
            for a in crew.associates
            if a.carried
        ]
    else:
        story.append(para("No associates hired.", s.muted))
    if crew.notes:
        story += _heading("Notes", s)
        story.append(para(crew.notes, s.body))
    doc = make_document(out, paper, title=f"{crew.name} — {GAME} crew", subject=f"{GAME}: crew")
    return build(doc, keep_headings_with_next(story))


def roster_sheet(character: Spacefarer) -> RosterSheet:
    """This spacefarer's sheet as a roster prints it (alone, or inside one shared file)."""
    return RosterSheet(
        name=character.name,
        ident=character.id,
        noun="spacefarer",
        render=partial(render_spacefarer_sheet, character),
        story=partial(spacefarer_story, character),
    )
