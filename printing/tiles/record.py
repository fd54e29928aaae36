"""A finished tile game on paper: who played, the variant, the deal, every move and the result.

The moves are worded by the game's own registry entry (``describe_entry``, a
replay of the record), so the printed record reads like the game log in the
app. The board and tiles to cut out are ``printing.tiles.sheet``'s.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from reportlab.platypus import Flowable, Spacer

from builder.core.registry import describe_entry
from builder.tiles.record import GameRecord, replay_record, result_text
from builder.tiles.state import RulesError
from printing.common.flowables import grid
from printing.common.layout import Output, Paper, RunningHead, SectionStart, build, make_document
from printing.common.layout import frame_width as _frame_width
from printing.common.roster import RosterSheet
from printing.common.sections import (
    keep_headings_with_next,
    labelled,
    section_heading,
    sheet_styles,
)
from printing.common.text import para

GAME = "Covenants"


def _result(game: GameRecord) -> str:
    first, second = game.players
    return f"{result_text(game)} ({first} first, {second} second)"


def _seats(game: GameRecord) -> list[int]:
    """Who made each move, from a replay of the record (empty when it does not replay)."""
    try:
        return [event.seat for event in replay_record(game)[-1].log]
    except (RulesError, ValueError, KeyError, IndexError):
        return []


def record_story(
    game: GameRecord,
    width: float,
    *,
    key: str = "0",
    outline: bool = False,
    on_start: Callable[[], None] | None = None,
) -> list[Flowable]:
    """The flowables of one game record, ``width`` points wide (a roster may hold several)."""
    s = sheet_styles()
    head = RunningHead(key, f"{game.name} — {GAME}", game.played_at, game.name if outline else "")
    story: list[Flowable] = [SectionStart(head, on_start), para(game.name, s.title)]
    story += [
        para(labelled("Variant:", game.variant), s.body),
        para(labelled("Deal:", game.deal), s.body),
        para(labelled("Result:", _result(game)), s.body),
        Spacer(1, 6),
    ]
    story += section_heading("Moves", s)
    seats = _seats(game)
    rows = [
        [
            para(str(i + 1), s.cell),
            para(game.players[seats[i]] if i < len(seats) else "", s.cell),
            para(describe_entry(game, i), s.cell),
        ]
        for i in range(len(game.moves))
    ]
    if rows:
        widths = [0.08 * width, 0.22 * width, 0.7 * width]
        story.append(grid([["#", "Player", "Move"], *rows], widths))
    else:
        story.append(para("No moves were played.", s.muted))
    return keep_headings_with_next(story)


def render_record(game: GameRecord, out: Output, paper: Paper = "letter") -> int:
    """Print one game record; returns the page count."""
    doc = make_document(out, paper, title=f"{game.name} — {GAME}", subject=f"{GAME}: game record")
    return build(doc, record_story(game, _frame_width(paper)))


def roster_sheet(game: GameRecord) -> RosterSheet:
    """This game's record as a roster prints it (alone, or inside one shared file)."""
    return RosterSheet(
        name=game.name,
        ident=game.id,
        noun="game",
        render=partial(render_record, game),
        story=partial(record_story, game),
    )
