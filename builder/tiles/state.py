"""The rules of Covenants: the deal, the game state, legal moves and scoring.

A :class:`GameState` is an immutable value; :func:`apply` gives the next one,
so undo is going back to the previous value (:class:`Game`). Seat 0 is
"Player 1", who moves first.

The turn (rules text, "Each player takes their turn placing one ... tile"):
the first tile goes on dawn; after that the player to move either places the
one element that overcomes the top tile of the current territory on it
(:attr:`Action.BEAT`), or concedes the current territory to the opponent
with a control marker and places any tile on the next one
(:attr:`Action.OPEN`). Conceding is allowed even when a beat is possible
("cannot (or chooses not to)"); territories are never skipped or revisited.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from enum import StrEnum

from builder.tiles.elements import (
    ELEMENTS,
    KINDS,
    NO_TILES,
    Counts,
    Kind,
    add,
    beaten_by,
    counts_of,
    kind_named,
    parse_tiles,
    take,
    tiles_of,
)
from builder.tiles.variants import Variant


class RulesError(ValueError):
    """A move the rules do not allow here; the message says why, for the player."""


class Action(StrEnum):
    """What a move does."""

    BEAT = "beat"  # place the overcoming element on the current territory
    OPEN = "open"  # concede the current territory (if any) and place on the next one
    CONCEDE = "concede"  # concede dusk: the game ends (Reading)


@dataclass(frozen=True, slots=True)
class Move:
    """One move: the action, the tile taken from the hand and the element it plays as.

    ``element`` equals ``tile`` except for the UNKNOWN, which plays as the
    element its player announces. A CONCEDE has neither.
    """

    action: Action
    tile: Kind | None = None
    element: Kind | None = None

    def __str__(self) -> str:
        """Notation: ``b:F`` beat with FIRE, ``o:U=N`` open with the UNKNOWN as WIND, ``c``."""
        if self.action is Action.CONCEDE:
            return "c"
        assert self.tile is not None and self.element is not None
        text = f"{self.action.value[0]}:{self.tile.letter}"
        if self.tile is Kind.UNKNOWN and self.action is Action.OPEN:
            text += f"={self.element.letter}"
        return text

    def describe(self, *, you: bool = False) -> str:
        """The move in words: "beats with FIRE", "opens with the UNKNOWN as WIND".

        ``you``: said of a player called "You" ("open with FIRE", "concede dusk").
        """
        if self.action is Action.CONCEDE:
            return "concede dusk" if you else "concedes dusk"
        assert self.tile is not None and self.element is not None
        what = (
            f"the UNKNOWN as {self.element.name}" if self.tile is Kind.UNKNOWN else self.tile.name
        )
        verb = "beat" if self.action is Action.BEAT else "open"
        return f"{verb if you else verb + 's'} with {what}"

    def said_of(self, player: str) -> str:
        """The move as a sentence about ``player``: "Ada opens with FIRE", "You open with FIRE"."""
        return f"{player} {self.describe(you=player.strip().lower() == 'you')}"


def beat(tile: Kind, element: Kind | None = None) -> Move:
    return Move(Action.BEAT, tile, element if element is not None else tile)


def open_(tile: Kind, element: Kind | None = None) -> Move:
    return Move(Action.OPEN, tile, element if element is not None else tile)


CONCEDE = Move(Action.CONCEDE)


def parse_move(text: str, state: GameState | None = None) -> Move:
    """A move from notation or words: ``b:F``, ``beat fire``, ``o:U=N``, ``open u as wind``, ``c``.

    A beat with the UNKNOWN needs no element: it is the one that overcomes the
    top tile (given ``state``). ValueError says what is wrong.
    """
    words = text.strip().lower().replace(":", " ").replace("=", " as ").split()
    if not words:
        raise ValueError("empty move")
    verb, rest = words[0], [w for w in words[1:] if w != "as"]
    if verb in ("c", "concede"):
        return CONCEDE
    if verb not in ("b", "beat", "o", "open"):
        raise ValueError(f"{verb!r}: a move starts with beat (b), open (o) or concede (c)")
    if not rest or len(rest) > 2:
        raise ValueError("name one tile, and for the UNKNOWN on open what it plays as")
    tile = kind_named(rest[0])
    element = kind_named(rest[1]) if len(rest) == 2 else None
    if element is Kind.UNKNOWN:
        raise ValueError("the UNKNOWN plays as one of the five elements")
    if verb in ("b", "beat"):
        if element is None and tile is Kind.UNKNOWN and state is not None and state.top:
            element = beaten_by(state.top.element)
        return beat(tile, element if element is not None else tile)
    if tile is Kind.UNKNOWN and element is None:
        raise ValueError("opening with the UNKNOWN: say what it plays as (o:U=F)")
    return open_(tile, element if element is not None else tile)


@dataclass(frozen=True, slots=True)
class Placed:
    """A tile on the board: which tile, as which element, whose."""

    tile: Kind
    element: Kind
    seat: int


@dataclass(frozen=True, slots=True)
class Event:
    """One move in the game's log, with what a watcher saw when it was made."""

    seat: int
    move: Move
    top: Kind | None  # the element on top of the current territory before the move
    chaos: bool  # made in the Chaos round, with a drawn tile


@dataclass(frozen=True, slots=True)
class Deal:
    """The tiles each seat holds after the deal and the face-down pile, in draw order."""

    hands: tuple[Counts, Counts]
    pile: tuple[Kind, ...] = ()

    def __str__(self) -> str:
        """The deal string: ``FFIISSU/NNSSWWF/FINSW..`` (seat 1 / seat 2 / pile)."""
        return "/".join(
            "".join(k.letter for k in part) or "-"
            for part in (tiles_of(self.hands[0]), tiles_of(self.hands[1]), self.pile)
        )


def parse_deal(text: str, variant: Variant) -> Deal:
    """A deal from its string; ValueError when it is not a deal of ``variant``'s tiles."""
    parts = text.strip().split("/")
    if len(parts) not in (2, 3):
        raise ValueError("a deal is HAND1/HAND2/PILE, e.g. FFIISSU/NNSSWWF/FINSWWI")
    one, two = counts_of(parse_tiles(parts[0])), counts_of(parse_tiles(parts[1]))
    pile = parse_tiles(parts[2]) if len(parts) == 3 else ()
    if (sum(one), sum(two)) != variant.hand_sizes:
        raise ValueError(f"{variant.id} deals {variant.hand_sizes[0]} and {variant.hand_sizes[1]}")
    everything = add(add(one, two), counts_of(pile))
    wanted = add(add(variant.deck, variant.fixed[0]), variant.fixed[1])
    if everything != wanted:
        raise ValueError(f"the deal's tiles are not {variant.id}'s set")
    for seat, hand in enumerate((one, two)):
        if any(hand[k] < variant.fixed[seat][k] for k in KINDS):
            raise ValueError(f"seat {seat + 1} lacks the tiles {variant.id} gives it")
    return Deal((one, two), pile)


def deal(variant: Variant, rng: random.Random) -> Deal:
    """Shuffle the variant's deck and deal ``draw`` tiles to each seat, alternately.

    Reading: players "take turns drawing", seat 1 first; the rest is the
    face-down pile, drawn from in the same order in the Chaos round.
    """
    bag = list(tiles_of(variant.deck))
    rng.shuffle(bag)
    drawn = bag[: 2 * variant.draw]
    hands = (
        add(variant.fixed[0], counts_of(drawn[0::2])),
        add(variant.fixed[1], counts_of(drawn[1::2])),
    )
    return Deal(hands, tuple(bag[2 * variant.draw :]))


def deal_from_seed(variant: Variant, seed: int) -> Deal:
    """The deal of a seeded ``random.Random``: the same seed always deals the same tiles."""
    return deal(variant, random.Random(seed))


@dataclass(frozen=True, slots=True)
class GameState:
    """Everything about a game at one moment.

    ``board[t]`` is the stack of tiles on territory ``t`` (bottom first);
    ``markers[t]`` is the seat a territory was conceded (or forfeited) to.
    ``pos`` is the current territory (-1 before the first move). In the Chaos
    round the player to move's hand holds just the tile they drew.
    """

    variant: Variant
    hands: tuple[Counts, Counts]
    pile: tuple[Kind, ...]
    board: tuple[tuple[Placed, ...], ...]
    markers: tuple[int | None, ...]
    pos: int = -1
    to_move: int = 0
    chaos: bool = False
    over: bool = False
    log: tuple[Event, ...] = field(default=(), compare=True)

    @property
    def last(self) -> int:
        """Index of dusk, the last territory."""
        return len(self.variant.territories) - 1

    @property
    def top(self) -> Placed | None:
        """The top tile of the current territory, if any."""
        if self.pos < 0 or not self.board[self.pos]:
            return None
        return self.board[self.pos][-1]

    def owner(self, territory: int) -> int | None:
        """Who controls a territory now: its marker, else its top tile's seat, else nobody."""
        if self.markers[territory] is not None:
            return self.markers[territory]
        stack = self.board[territory]
        return stack[-1].seat if stack else None

    def scores(self) -> tuple[int, int]:
        """Each seat's total of the territories it controls (empty ones score for nobody)."""
        s = [0, 0]
        for t, value in enumerate(self.variant.territories):
            who = self.owner(t)
            if who is not None:
                s[who] += value
        return (s[0], s[1])

    def winner(self) -> int | None:
        """The seat with the higher score (None for a tie); meaningful once ``over``."""
        a, b = self.scores()
        return None if a == b else (0 if a > b else 1)


def start(variant: Variant, the_deal: Deal) -> GameState:
    """The state before the first move."""
    n = len(variant.territories)
    return GameState(variant, the_deal.hands, the_deal.pile, ((),) * n, (None,) * n)


def _can_stack(state: GameState) -> bool:
    cap = state.variant.cap
    return not cap or len(state.board[state.pos]) < cap


def legal_moves(state: GameState) -> list[Move]:
    """Every move the player to move may make, UNKNOWN declarations spelled out."""
    if state.over:
        return []
    hand = state.hands[state.to_move]
    moves: list[Move] = []
    top = state.top
    if top is not None and _can_stack(state):
        need = beaten_by(top.element)
        if hand[need]:
            moves.append(beat(need))
        if hand[Kind.UNKNOWN]:
            moves.append(beat(Kind.UNKNOWN, need))
    if state.pos < state.last:
        for k in ELEMENTS:
            if hand[k]:
                moves.append(open_(k))
        if hand[Kind.UNKNOWN]:
            moves.extend(open_(Kind.UNKNOWN, e) for e in ELEMENTS)
    elif not state.chaos and top is not None:
        moves.append(CONCEDE)
    return moves


def check_move(state: GameState, move: Move) -> None:  # noqa: C901  (complexity 12 when the limits came in)
    """RulesError saying why ``move`` is not allowed now; None when it is."""
    if state.over:
        raise RulesError("the game is over")
    hand = state.hands[state.to_move]
    top = state.top
    if move.action is Action.CONCEDE:
        if state.chaos:
            raise RulesError("in the Chaos round the drawn tile must be played")
        if top is None or state.pos < state.last:
            raise RulesError("only dusk is conceded on its own; elsewhere open the next territory")
        return
    assert move.tile is not None and move.element is not None
    if not hand[move.tile]:
        raise RulesError(f"you hold no {move.tile.name} tile")
    if move.tile is not Kind.UNKNOWN and move.element is not move.tile:
        raise RulesError(f"a {move.tile.name} tile plays as {move.tile.name}")
    if move.action is Action.BEAT:
        if top is None:
            raise RulesError("there is no tile to beat: the first tile goes on dawn")
        need = beaten_by(top.element)
        if move.element is not need:
            raise RulesError(
                f"{move.element.name} does not overcome {top.element.name}: only {need.name} does"
            )
        if not _can_stack(state):
            raise RulesError(f"this territory already holds {state.variant.cap} tiles (the cap)")
        return
    if state.pos >= state.last:
        raise RulesError("dusk is the last territory: beat its tile or concede it")


def _settle(state: GameState) -> GameState:
    """After a move: end the hand phase, start or go on with the Chaos round, or end the game."""
    mover = state.to_move
    if not state.chaos:
        if sum(state.hands[mover]):
            return state
        a, b = state.scores()
        unsettled = state.pos < state.last or a == b
        if not (state.variant.chaos and state.pile and unsettled):
            return replace(state, over=True)
        state = replace(state, chaos=True)
    elif not state.pile:
        return replace(state, over=True)
    # Chaos round: the player to move draws the next face-down tile and must play it.
    drawn, pile = state.pile[0], state.pile[1:]
    hands = list(state.hands)
    hands[mover] = add(hands[mover], counts_of((drawn,)))
    state = replace(state, hands=(hands[0], hands[1]), pile=pile)
    if legal_moves(state):
        return state
    # "the player without a possible move forfeits the space they would play on"
    markers = list(state.markers)
    markers[state.pos] = 1 - mover
    hands[mover] = NO_TILES
    return replace(state, markers=tuple(markers), hands=(hands[0], hands[1]), over=True)


def apply(state: GameState, move: Move) -> GameState:
    """The state after ``move``; RulesError (saying why) when it is not allowed.

    A beat with the UNKNOWN may leave its element open (``b:U``): it can only
    be the element that overcomes the top tile.
    """
    top = state.top
    if move.action is Action.BEAT and move.element is Kind.UNKNOWN and top is not None:
        move = beat(Kind.UNKNOWN, beaten_by(top.element))
    check_move(state, move)
    seat = state.to_move
    event = Event(seat, move, top.element if top else None, state.chaos)
    markers = list(state.markers)
    if move.action is Action.CONCEDE:
        markers[state.pos] = 1 - seat
        return replace(state, markers=tuple(markers), over=True, log=(*state.log, event))
    assert move.tile is not None and move.element is not None
    hands = list(state.hands)
    hands[seat] = take(hands[seat], move.tile)
    board = list(state.board)
    pos = state.pos
    if move.action is Action.OPEN:
        if top is not None:
            markers[pos] = 1 - seat  # the concession: a control marker for the opponent
        pos += 1
    board[pos] = (*board[pos], Placed(move.tile, move.element, seat))
    after = replace(
        state,
        hands=(hands[0], hands[1]),
        board=tuple(board),
        markers=tuple(markers),
        pos=pos,
        to_move=1 - seat,
        log=(*state.log, event),
    )
    return _settle(after)


def replay(variant: Variant, the_deal: Deal, moves: list[Move]) -> Iterator[GameState]:
    """Every state of a game from its deal and moves (the start first); RulesError on a bad move."""
    state = start(variant, the_deal)
    yield state
    for i, move in enumerate(moves):
        try:
            state = apply(state, move)
        except RulesError as exc:
            raise RulesError(f"move {i + 1} ({move}): {exc}") from None
        yield state


class Game:
    """A game being played: the current state, its history, and undo (Anki-style)."""

    def __init__(self, variant: Variant, the_deal: Deal) -> None:
        self.variant = variant
        self.deal = the_deal
        self._states: list[GameState] = [start(variant, the_deal)]

    @property
    def state(self) -> GameState:
        return self._states[-1]

    @property
    def moves(self) -> list[Move]:
        return [e.move for e in self.state.log]

    def play(self, move: Move) -> GameState:
        """Make a move (RulesError when illegal, leaving the game as it was)."""
        self._states.append(apply(self.state, move))
        return self.state

    def can_undo(self) -> bool:
        return len(self._states) > 1

    def undo(self) -> GameState:
        """Take back the last move; the state is exactly the one before it."""
        if not self.can_undo():
            raise RulesError("no move to take back")
        self._states.pop()
        return self.state
