"""The Coven on paper: a practitioner sheet and the town sheet with its map (issue 19, item 8).

Both print from a chronicle folded by ``builder.coven.state.fold``: nothing
here decides a rule. User text goes through ``printing.common.text`` so it
prints exactly as typed.

Entry points:

- ``render_practitioner_sheet(chronicle, practitioner_id, out, paper="letter") -> int``
- ``render_town_sheet(chronicle, out, paper="letter") -> int``
- ``render_chronicle(chronicle, out, paper="letter") -> int`` (town, then each practitioner)
- ``roster_sheet(chronicle) -> RosterSheet`` (for ``printing.systems``)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from reportlab.graphics.shapes import Circle, Drawing, Line, Rect, String
from reportlab.lib.colors import Color, HexColor, white
from reportlab.platypus import Flowable, PageBreak, Spacer

from builder.coven.chronicle import OTHERS, QUESTIONS, Chronicle, Colour, Kind
from builder.coven.graph import town_map
from builder.coven.odds import largest_conflict_error, short_conflict_chance, town_chances
from builder.coven.state import CovenState, fold
from builder.coven.wording import card_label
from printing.common.flowables import grid
from printing.common.fonts import SANS, SANS_BOLD
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
from printing.common.styles import INK, RULE, Styles, make_styles
from printing.common.text import markup, one_line, para

RED_INK = HexColor("#9b1c1c")
KIND_LABEL = {Kind.PERSON: "person", Kind.PLACE: "place", Kind.ORGANISATION: "org."}
KIND_FILL = {
    Kind.PERSON: HexColor("#d9e6f2"),
    Kind.PLACE: HexColor("#e3efd9"),
    Kind.ORGANISATION: HexColor("#f2ead9"),
}


def _status(state: CovenState, element_id: str) -> str:
    if element_id in state.destroyed:
        return "destroyed"
    if element_id in state.corrupt:
        return "corrupt"
    return f"{state.markers.get(element_id, 0)} of 3 markers"


def _element_name(chronicle: Chronicle, state: CovenState, element_id: str) -> str:
    element = state.elements.get(element_id)
    return element.name if element else element_id


def practitioner_story(
    chronicle: Chronicle, practitioner_id: str, width: float, s: Styles
) -> list[Flowable]:
    """A practitioner's sheet alone: its running head, then ``practitioner_body``."""
    practitioner = chronicle.practitioner(practitioner_id)
    head = RunningHead(practitioner_id, practitioner.name, practitioner.player)
    return [SectionStart(head), *practitioner_body(chronicle, practitioner_id, width, s)]


def practitioner_body(
    chronicle: Chronicle, practitioner_id: str, width: float, s: Styles
) -> list[Flowable]:
    """The practitioner's answers and every trait card they hold now, white then red."""
    state = fold(chronicle)
    practitioner = chronicle.practitioner(practitioner_id)
    other = practitioner_id in state.other
    story: list[Flowable] = [
        para(practitioner.name, s.title),
        para(
            markup(
                "Practitioner of {town} · played by {player} · {status}",
                town=chronicle.town,
                player=practitioner.player or "—",
                status="Other (humanity lost)" if other else "human",
            ),
            s.subtitle,
        ),
        para("Questions", s.heading),
    ]
    rows: list[list[Any]] = [["Question", "Answer"]]
    for i, question in enumerate(QUESTIONS):
        answer = practitioner.answers[i] if i < len(practitioner.answers) else ""
        rows.append([para(question, s.cell), para(answer, s.cell)])
    story.append(grid(rows, [width * 0.4, width * 0.6]))
    held = state.held(practitioner_id)
    for colour, title in ((Colour.WHITE, "White traits"), (Colour.RED, "Red traits")):
        cards = [c for c in held if c.colour is colour]
        story.append(para(f"{title} ({len(cards)})", s.heading))
        rows = [["Card", "Trait", "Tied to"]]
        for number, card in enumerate(cards, 1):
            ties = ", ".join(_element_name(chronicle, state, t) for t in card.tied_to)
            rows.append([str(number), para(card_label(card, number), s.cell), para(ties, s.cell)])
        story.append(grid(rows, [width * 0.14, width * 0.58, width * 0.28]))
    lost = [
        c
        for c in state.cards.values()
        if c.owner == practitioner_id and c.holder != practitioner_id
    ]
    if lost:
        story.append(para("White cards given up", s.heading))
        for card in lost:
            holder = "the Others" if card.holder == OTHERS else card.holder
            story.append(para(markup("{t} (now with {h})", t=card.text, h=holder), s.body))
    return story


def render_practitioner_sheet(
    chronicle: Chronicle, practitioner_id: str, out: Output, paper: Paper = "letter"
) -> int:
    """Print one practitioner's sheet; returns the page count."""
    practitioner = chronicle.practitioner(practitioner_id)
    doc = make_document(
        out,
        paper,
        title=f"{practitioner.name} — The Coven",
        subject="The Coven: practitioner sheet",
        author=practitioner.player,
    )
    width = frame_width(paper)
    return build(doc, practitioner_story(chronicle, practitioner_id, width, make_styles()))


def town_drawing(state: CovenState, width: float, height: float) -> Drawing:
    """The town map: links as lines, elements as labelled circles coloured by kind.

    A corrupt element is ringed in red; a destroyed place is crossed out; the
    markers show as dots under the name.
    """
    drawing = Drawing(width, height)
    # types-reportlab types Rect's **kw as the TypedDict itself (an Unpack left out).
    border = Rect(0, 0, width, height, strokeColor=RULE, fillColor=white, strokeWidth=0.5)  # type: ignore[arg-type]
    drawing.add(border)
    nodes, links = town_map(state)
    at = {n.id: (n.x * width, n.y * height) for n in nodes}
    for a, b in links:
        if a in at and b in at:
            drawing.add(Line(*at[a], *at[b], strokeColor=RULE, strokeWidth=0.7))
    radius = min(width, height) * 0.05
    for node in nodes:
        x, y = at[node.id]
        ring = RED_INK if node.corrupt or node.destroyed else INK
        drawing.add(
            Circle(
                x,
                y,
                radius,
                fillColor=KIND_FILL[node.kind],
                strokeColor=ring,
                strokeWidth=2 if node.corrupt else 0.7,
            )
        )
        if node.destroyed:
            drawing.add(Line(x - radius, y - radius, x + radius, y + radius, strokeColor=RED_INK))
            drawing.add(Line(x - radius, y + radius, x + radius, y - radius, strokeColor=RED_INK))
        for i in range(node.markers):
            drawing.add(Circle(x - 6 + 6 * i, y - radius - 5, 2, fillColor=RED_INK, strokeWidth=0))
        label = one_line(node.name)[:28]
        drawing.add(
            String(
                x,
                y + radius + 3,
                label,
                fontName=SANS_BOLD,
                fontSize=7,
                textAnchor="middle",
                fillColor=INK,
            )
        )
        drawing.add(
            String(
                x,
                y - 3,
                "beachhead" if node.beachhead else KIND_LABEL[node.kind],
                fontName=SANS,
                fontSize=6,
                textAnchor="middle",
                fillColor=Color(0.3, 0.3, 0.3),
            )
        )
    return drawing


def _town_head(chronicle: Chronicle, key: str = "town", outline: bool = False) -> RunningHead:
    return RunningHead(
        key,
        f"{chronicle.town} — The Coven",
        f"The Others: {chronicle.others_player}",
        chronicle.town if outline else "",
    )


def town_story(chronicle: Chronicle, width: float, s: Styles) -> list[Flowable]:
    """The town sheet alone: its running head, then ``town_body``."""
    return [SectionStart(_town_head(chronicle)), *town_body(chronicle, width, s)]


def town_body(chronicle: Chronicle, width: float, s: Styles) -> list[Flowable]:
    """The town sheet: the Others' goal, the map, every element with its state and odds."""
    state = fold(chronicle)
    chances = town_chances(state)
    outcome = {
        OTHERS: f"The Others have won: {state.win_reason}.",
        "practitioners": f"The practitioners have won: {state.win_reason}.",
    }.get(state.winner, f"Week {state.week}; the next deal is {state.deal_size} cards.")
    story: list[Flowable] = [
        para(chronicle.town, s.title),
        para(
            markup(
                "The Others ({d}) · goal: {g}",
                d=chronicle.others_description or "undescribed",
                g=chronicle.goal.label,
            ),
            s.subtitle,
        ),
        para(outcome, s.body),
        Spacer(1, 4),
        town_drawing(state, width, width * 0.62),
        para("Elements", s.heading),
    ]
    rows: list[list[Any]] = [["Element", "Kind", "State", "Linked to", "Falls this week"]]
    for element in state.elements.values():
        links = [b if a == element.id else a for a, b in state.links if element.id in (a, b)]
        chance = chances.get(element.id)
        rows.append(
            [
                para(element.name + (" (beachhead)" if element.beachhead else ""), s.cell),
                element.kind.value,
                _status(state, element.id),
                para(", ".join(_element_name(chronicle, state, x) for x in links), s.cell),
                "—" if chance is None else f"{float(chance):.1%}",
            ]
        )
    story.append(grid(rows, [width * 0.24, width * 0.13, width * 0.15, width * 0.33, width * 0.15]))
    story.append(
        para(
            "“Falls this week” is the exact chance the next deal holds a card able to give the "
            "element its third marker (one marker per element per week).",
            s.muted,
        )
    )
    story.extend(conflict_odds(width, s))
    return story


CONFLICT_MINE = range(1, 9)
"""The practitioner's cards in the printed grid: traits worth 1 card up to 8 cards."""
CONFLICT_THEIRS = {2: "routine", 3: "challenging", 4: "ridiculous", 5: "one step more"}
"""The Others' cards against one practitioner ("Routine 1 + 1 per player involved", ...)."""


def conflict_odds(width: float, s: Styles) -> list[Flowable]:
    """The conflict grid: a practitioner's chance against the Others, by each side's cards."""
    rows: list[list[Any]] = [["Others' cards", *(f"you {k}" for k in CONFLICT_MINE)]]
    for theirs, level in CONFLICT_THEIRS.items():
        rows.append(
            [f"{theirs} ({level})", *(short_conflict_chance(k, theirs) for k in CONFLICT_MINE)]
        )
    error = largest_conflict_error([(k, m) for k in CONFLICT_MINE for m in CONFLICT_THEIRS])
    first = width * 0.2
    return [
        para("Conflict odds", s.heading),
        grid(rows, [first] + [(width - first) / len(CONFLICT_MINE)] * len(CONFLICT_MINE)),
        para(
            "The chance one practitioner wins a conflict against the Others: your cards are 1 "
            "per white trait and 2 per red trait you bring; the Others hold Routine 2, "
            "Challenging 3, Ridiculous 4, one more at a corrupt place. Ties count as the "
            "high-card rounds settle them (an even chance). Plain figures are exact (every deal "
            f"counted); “≈” figures are estimates, one standard error at most {error:.2%}.",
            s.muted,
        ),
    ]


def render_town_sheet(chronicle: Chronicle, out: Output, paper: Paper = "letter") -> int:
    """Print the town sheet; returns the page count."""
    doc = make_document(
        out,
        paper,
        title=f"{chronicle.town} — The Coven",
        subject="The Coven: town sheet",
        author=chronicle.others_player,
    )
    width = frame_width(paper)
    return build(doc, town_story(chronicle, width, make_styles()))


def chronicle_story(
    chronicle: Chronicle,
    width: float,
    *,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The whole chronicle on paper: the town sheet, then each practitioner's sheet.

    One running head (and one page count, ``key``) for all of it, so a roster
    of several chronicles prints each as one sheet.
    """
    s = make_styles()
    story: list[Flowable] = [SectionStart(_town_head(chronicle, key, outline), on_start)]
    story += town_body(chronicle, width, s)
    for practitioner in chronicle.practitioners:
        story.append(PageBreak())
        story += practitioner_body(chronicle, practitioner.id, width, s)
    return story


def render_chronicle(chronicle: Chronicle, out: Output, paper: Paper = "letter") -> int:
    """Print the town sheet and every practitioner's sheet in one file; returns the page count."""
    doc = make_document(
        out,
        paper,
        title=f"{chronicle.town} — The Coven",
        subject="The Coven: town and practitioners",
        author=chronicle.others_player,
    )
    return build(doc, chronicle_story(chronicle, frame_width(paper)))


def roster_sheet(chronicle: Chronicle) -> RosterSheet:
    """The chronicle as the shared printer table prints it (alone, or inside a roster)."""
    return RosterSheet(
        name=chronicle.town,
        ident=chronicle.id,
        noun="chronicle",
        render=partial(render_chronicle, chronicle),
        story=partial(chronicle_story, chronicle),
    )
