"""Opening book: the first move of each seat against a uniformly random opponent, computed offline.

Strong cannot search the first moves in its budget: one open-hands solve of
the starting position against a random-player model takes about as much work
as it may spend on a whole move, so it used to play the greedy move there.
The best first move depends only on what the seat can see, and that is
small: its seven tiles (and, for seat 2, the tile seat 1 opened with). So it
is worked out once, offline, by ``scripts/tiles_opening_book.py``: each
move's value is its open-hands value against the random-player model
(:class:`builder.tiles.solver.Solver` with ``uniform``) averaged over
opponent hands drawn by their weight (determinized search, with far more
hands than fit in a move's budget). The book ships as data
(``resources/tiles/opening_uniform.json``) with the seed and the number of
hands that made it: every first move of seat 1 (88 situations, 24 hands
each) and of seat 2 (665 situations, 12 hands each). It also names the
random-player model its values were worked with (``solver.UNIFORM_MODEL``),
as a whole and, where an entry was valued with another, on that entry: an
entry valued with another model than today's is not played, since it
answers another question (the script values it again on its next run).

The game is the same under a turn of the element cycle ("FIRE melts ICE
freezes WIND blows STORM shocks WATER douses FIRE"): renaming every element
one step along the cycle keeps every beat a beat, and the UNKNOWN and the
territories are untouched. The book keeps one entry per situation up to that
turn (``canonical``), which divides its size by five.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from builder.tiles.elements import Counts, Kind, tiles_of
from builder.tiles.greedy import uniform_likelihood
from builder.tiles.inference import worlds
from builder.tiles.solver import UNIFORM_MODEL, Solver
from builder.tiles.state import Action, GameState, Move, parse_move
from resources import resource_path

BOOK_FILE = ("tiles", "opening_uniform.json")
"""Where the shipped book lives, under ``resources/``."""

FIRST_MODEL = "uniform-1"
"""The model of a book that names none: books were first made before they recorded it."""


def turn_kind(kind: Kind, steps: int) -> Kind:
    """``kind`` renamed ``steps`` places along the element cycle (the UNKNOWN stays itself)."""
    if kind is Kind.UNKNOWN:
        return kind
    return Kind((int(kind) + steps) % 5)


def turn_counts(counts: Counts, steps: int) -> Counts:
    """A hand with every element renamed ``steps`` places along the cycle."""
    turned = [0] * 6
    for k, n in enumerate(counts):
        turned[int(turn_kind(Kind(k), steps))] = n
    return (turned[0], turned[1], turned[2], turned[3], turned[4], turned[5])


def turn_move(move: Move, steps: int) -> Move:
    """A move with its tile and element renamed ``steps`` places along the cycle."""
    if move.action is Action.CONCEDE:
        return move
    assert move.tile is not None and move.element is not None
    return Move(move.action, turn_kind(move.tile, steps), turn_kind(move.element, steps))


def notation(move: Move) -> str:
    """A move's notation, the UNKNOWN's element named even on a beat (``b:U=W``): the book's."""
    if move.tile is Kind.UNKNOWN and move.action is Action.BEAT:
        assert move.element is not None
        return f"b:U={move.element.letter}"
    return str(move)


def _letters(counts: Counts) -> str:
    return "".join(k.letter for k in tiles_of(counts))


@dataclass(frozen=True, slots=True)
class Situation:
    """A first move's situation as the book names it, and the turn that maps the game onto it."""

    key: str
    steps: int  # the real game turned this many places is the book's situation


def canonical(state: GameState) -> Situation | None:
    """The book's name for a seat's first move (None past the first move of each seat).

    Seat 1's first move: its hand, turned to the first of its five turns in
    letter order ("1/FFIINSU"). Seat 2's first move: its hand and seat 1's
    opening move, turned so that the opened element is FIRE ("2/IINSSWW/o:U=F").
    """
    seat = state.to_move
    if state.chaos or len(state.log) != seat:
        return None
    if seat == 0:
        hand = state.hands[0]
        steps = min(range(5), key=lambda s: _letters(turn_counts(hand, s)))
        return Situation(f"1/{_letters(turn_counts(hand, steps))}", steps)
    opened = state.log[0].move
    if opened.element is None:
        return None
    steps = (5 - int(opened.element)) % 5
    letters = _letters(turn_counts(state.hands[1], steps))
    return Situation(f"2/{letters}/{notation(turn_move(opened, steps))}", steps)


def move_values(
    state: GameState, hands: int, rng: random.Random, solver: Solver
) -> dict[Move, float]:
    """Each legal move's mean open-hands value against a random player, over ``hands`` drawn hands.

    The opponent's hands are drawn with replacement by their weight (how
    many ways the unseen tiles make them, times how likely a random player
    holding them made the moves seen). ``solver`` must model the opponent's
    seat as uniform. The values are the mover's expected final margins.
    """
    seat = state.to_move
    found = worlds(state, seat, 1.0, uniform_likelihood)
    drawn = rng.choices(found, weights=[w.weight for w in found], k=hands)
    totals: dict[Move, float] = {}
    for (hand, pile), times in sorted(Counter((w.hand, w.pile) for w in drawn).items()):
        both = (state.hands[0], hand) if seat == 0 else (hand, state.hands[1])
        for move, value in solver.solve(state, both, pile).moves.items():
            totals[move] = totals.get(move, 0.0) + times * value
    return {move: total / hands for move, total in totals.items()}


@dataclass(frozen=True, slots=True)
class Book:
    """First moves by situation (in the book's turn of the cycle), for one variant and model."""

    variant: str
    moves: dict[str, str]
    model: str = UNIFORM_MODEL  # the random-player model its moves were worked out with

    def move(self, state: GameState) -> Move | None:
        """The book's move for the seat to move, turned back to the real game.

        None when the situation is not in it, or the book was made for another
        variant or with another random-player model than today's.
        """
        if state.variant.id != self.variant or self.model != UNIFORM_MODEL:
            return None
        found = canonical(state)
        if found is None or found.key not in self.moves:
            return None
        return turn_move(parse_move(self.moves[found.key]), -found.steps % 5)


def parse_book(text: str) -> Book:
    """A book from its JSON text; ValueError when it is not one (the file is data, never code)."""
    doc = json.loads(text)
    if not isinstance(doc, dict) or not isinstance(doc.get("variant"), str):
        raise ValueError("an opening book is a JSON object with a variant id")
    entries = doc.get("entries")
    if not isinstance(entries, dict):
        raise ValueError("an opening book needs its entries")
    model = doc.get("model", FIRST_MODEL)
    if not isinstance(model, str):
        raise ValueError("an opening book's model is named by a string")
    moves: dict[str, str] = {}
    for key, entry in entries.items():
        if not isinstance(entry, dict) or not isinstance(entry.get("best"), str):
            raise ValueError(f"opening book entry {key!r} has no best move")
        parse_move(entry["best"])  # a RulesError (a ValueError) when it is not a move
        if entry.get("model", model) == model:  # an entry valued with another model: stale
            moves[key] = entry["best"]
    return Book(doc["variant"], moves, model)


@cache
def shipped_book() -> Book | None:
    """The book shipped with Harbinger, or None when there is none."""
    path = resource_path(*BOOK_FILE)
    if not path.exists():
        return None
    return parse_book(path.read_text(encoding="utf-8"))


def best_of(values: dict[Move, float], order: Sequence[Move]) -> Move:
    """The highest-valued move, the first in ``order`` among equals."""
    return max(order, key=lambda m: values[m])
