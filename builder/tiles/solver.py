"""The exact solver of the open-hands game: the best play when both hands are known.

With both hands visible the only chance left is the order of the face-down
pile in the Chaos round, so a position has an exact value: the expected final
score difference (seat 1 minus seat 2) when both sides play their best and
the pile is drawn at random. :class:`Solver` computes it by memoised minimax
(expectation over the pile's draws), on a packed copy of the rules in
``builder.tiles.state``; tests check both agree on every move of many games.

A position here is ``(h0, h1, pos, top, owner, height, diff, mover, chaos,
pile)``: hands and pile as counts packed 4 bits per kind, ``top`` the element
on the current territory (-1 for none), ``diff`` the signed value of the
territories already conceded.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from builder.tiles.elements import KINDS, Counts, Kind, beaten_by
from builder.tiles.state import Action, GameState, Move, legal_moves
from builder.tiles.variants import Variant

_U = int(Kind.UNKNOWN)
_BEATER = tuple(int(beaten_by(Kind(e))) for e in range(5))
_SHIFT = tuple(4 * k for k in range(6))
_ONE = tuple(1 << s for s in _SHIFT)

Key = tuple[int, int, int, int, int, int, int, int, bool, int]
INF = float("inf")
Code = tuple[int, int, int]

UNIFORM_MODEL = "uniform-2"
"""Which random-player model ``Solver(uniform=...)`` solves, named for data computed with it.

The opening book records the model it was built with and is not used under
another. ``uniform-1``: the random player's Chaos-round draws were played at
their best for it; ``uniform-2``: at random too, as ``RandomPlayer`` plays
them. Name a new one whenever a change to the model changes its values.
"""


def pack(counts: tuple[int, ...]) -> int:
    """Counts as one int, 4 bits per kind."""
    return sum(n << _SHIFT[k] for k, n in enumerate(counts))


def unpack(packed: int) -> list[int]:
    return [(packed >> _SHIFT[k]) & 15 for k in range(6)]


class TooLarge(RuntimeError):
    """The position needs more search than allowed (``node_limit`` or ``deadline``)."""


@dataclass(frozen=True, slots=True)
class Solution:
    """A position's exact value for the player to move, and every legal move's value."""

    value: float  # for the player to move: their expected final margin
    moves: dict[Move, float]  # each legal move's value for the player to move

    @property
    def best(self) -> Move:
        """The best move (first in rules order among equals)."""
        return max(self.moves, key=lambda m: self.moves[m])


class Solver:
    """Exact open-hands values for one variant, with a transposition table kept between calls.

    Two bounds stop a search with :class:`TooLarge`: ``node_limit``, the
    positions one :meth:`solve` may search, and ``work_limit``, the positions
    searched in all since the caller last set ``work`` to 0 (a player's work
    for one move: its cost, bounded by the algorithm whatever the machine's
    load). ``deadline`` is only a safety net.

    ``must_beat`` (a seat) solves a modified game in which that seat always
    beats when it can, and ``greedy`` one in which that seat plays the greedy
    player's move (``builder.tiles.players.greedy_move``), and ``uniform`` one
    in which that seat picks any legal move at random (its value is the mean
    of its moves', in the Chaos round too): models of opponents known to play
    that way, for the Strong player's opponent modelling. None for all three
    is the true game.
    """

    def __init__(
        self,
        variant: Variant,
        table_limit: int = 400_000,
        node_limit: int | None = None,
        must_beat: int | None = None,
        greedy: int | None = None,
        uniform: int | None = None,
    ) -> None:
        self.variant = variant
        self.values = variant.territories
        self.last = len(variant.territories) - 1
        self.cap = variant.cap
        self.table: dict[Key, tuple[float, float]] = {}
        self._move_lists: dict[tuple[int, int, bool, bool, int, bool], list[Code]] = {}
        self.table_limit = table_limit
        self.node_limit = node_limit
        self.must_beat = must_beat
        self.greedy = greedy
        self.uniform = uniform
        self.everything = pack(
            tuple(a + b + c for a, b, c in zip(variant.deck, *variant.fixed, strict=True))
        )
        self.nodes = 0
        self.deadline = 0.0  # a time.process_time() value (CPU seconds) to give up at (0: none)
        self.work = 0  # positions searched since the caller last set it to 0, over all solves
        self.work_limit: int | None = None  # TooLarge past this many (None: no bound)

    # -- public -------------------------------------------------------------

    def key_of(
        self,
        state: GameState,
        hands: tuple[Counts, Counts] | None = None,
        pile: Counts | None = None,
    ) -> Key:
        """The packed position of a state (optionally with other hands and pile mix)."""
        h = hands if hands is not None else state.hands
        top = state.top
        diff = 0
        for t, marker in enumerate(state.markers):
            if marker is not None:
                diff += self.values[t] if marker == 0 else -self.values[t]
        if pile is None:
            pile_counts = [0] * 6
            for k in state.pile:
                pile_counts[k] += 1
            # Counts is a six-tuple (one count per kind); tuple() of six gives tuple[int, ...].
            pile = tuple(pile_counts)  # type: ignore[assignment]
        assert pile is not None
        return (
            pack(h[0]),
            pack(h[1]),
            state.pos,
            int(top.element) if top else -1,
            top.seat if top else 0,
            len(state.board[state.pos]) if state.pos >= 0 else 0,
            diff,
            state.to_move,
            state.chaos,
            pack(pile),
        )

    def solve(
        self,
        state: GameState,
        hands: tuple[Counts, Counts] | None = None,
        pile: Counts | None = None,
    ) -> Solution:
        """Values of ``state`` and its legal moves, for the player to move.

        ``hands`` and ``pile`` put other tiles in the position (a determinized
        world); the player to move's own hand must be the real one, since the
        moves come from ``state``.
        """
        if len(self.table) > self.table_limit:
            self.table.clear()
        self.nodes = 0
        key = self.key_of(state, hands, pile)
        sign = 1 if state.to_move == 0 else -1
        moves = {m: sign * self._child(key, m) for m in legal_moves(state)}
        value = max(moves.values()) if moves else sign * self._end(key)
        return Solution(value, moves)

    # -- search -------------------------------------------------------------

    def _end(self, key: Key) -> float:
        """The final margin when the game stops here (current territory to its top tile)."""
        _h0, _h1, pos, top, owner, _n, diff, _m, _c, _p = key
        if top >= 0:
            diff += self.values[pos] if owner == 0 else -self.values[pos]
        return diff

    def _child(self, key: Key, move: Move, alpha: float = -INF, beta: float = INF) -> float:
        """The value (seat-1 margin) after ``move`` from ``key``."""
        return self._after(key, _CODE[move], alpha, beta)

    def _after(self, key: Key, code: Code, alpha: float = -INF, beta: float = INF) -> float:
        """The value after the move coded (action, tile, element); action 0 beat, 1 open."""
        if code[0] == 2:
            return self._end(key)
        return self._value(self.step(key, code), alpha, beta)

    def step(self, key: Key, code: Code) -> Key:
        """The position after the beat or open coded ``code`` (not a concession), unsettled.

        The hand phase's end and the Chaos round's draws are settled when the
        child is valued (:meth:`value`).
        """
        action, tile, element = code
        h0, h1, pos, top, _owner, n, diff, mover, chaos, pile = key
        hand = 0 if chaos else (h0 if mover == 0 else h1) - _ONE[tile]
        if action == 0:
            n += 1
        else:
            if top >= 0:
                diff += -self.values[pos] if mover == 0 else self.values[pos]
            pos += 1
            n = 1
        if mover == 0:
            return (hand, h1, pos, element, 0, n, diff, 1, chaos, pile)
        return (h0, hand, pos, element, 1, n, diff, 0, chaos, pile)

    def value(self, key: Key) -> float:
        """The exact seat-1 margin of a packed position (full window)."""
        return self._value(key)

    def end(self, key: Key) -> float:
        """The seat-1 margin if the game stopped at ``key`` (the value of conceding dusk)."""
        return self._end(key)

    def moves_of(self, key: Key) -> list[Code]:
        """The coded moves of the player to move at ``key`` (one for a greedy-model seat)."""
        return self._moves(key, key[0] if key[7] == 0 else key[1])

    def _value(self, key: Key, alpha: float = -INF, beta: float = INF) -> float:  # noqa: C901, PLR0912  (complexity 12, 13 branches when the limits came in)
        """The seat-1 margin of ``key``, exact when it falls inside (alpha, beta).

        Alpha-beta with a transposition table of (lower, upper) bounds; the
        Chaos round's chance nodes are always searched with the full window.
        """
        got = self.table.get(key)
        if got is not None:
            lo, hi = got
            if lo == hi or lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            alpha, beta = max(alpha, lo), min(beta, hi)
        else:
            lo, hi = -INF, INF
        self.nodes += 1
        self.work += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise TooLarge(f"more than {self.node_limit} positions to search")
        if self.work_limit is not None and self.work > self.work_limit:
            raise TooLarge(f"more than {self.work_limit} positions searched for this move")
        if self.deadline and not self.nodes & 511 and time.process_time() > self.deadline:
            raise TooLarge("out of time")
        h0, h1, pos, _top, _owner, _n, _diff, mover, chaos, pile = key
        hand = h0 if mover == 0 else h1
        if not chaos and hand and mover == self.uniform:
            result = self._mean(key, hand)
            self.table[key] = (result, result)
            return result
        if not chaos and hand:
            result = self._best(key, hand, alpha, beta)
            if result <= alpha:
                hi = min(hi, result)
            elif result >= beta:
                lo = max(lo, result)
            else:
                lo = hi = result
            self.table[key] = (lo, hi)
            return result
        end = self._end(key)
        if not chaos:
            tied = end == 0
            if not (self.variant.chaos and pile and (pos < self.last or tied)):
                self.table[key] = (end, end)
                return end
        result = self._draw(key, end) if pile else end
        self.table[key] = (result, result)
        return result

    def _draw(self, key: Key, end: float) -> float:
        """Expectation over the Chaos round's next draw from the pile."""
        h0, h1, pos, top, owner, n, diff, mover, _chaos, pile = key
        counts = unpack(pile)
        total = sum(counts)
        expected = 0.0
        for k in KINDS:
            c = counts[k]
            if not c:
                continue
            drawn = _ONE[k]
            rest = pile - drawn
            nh0, nh1 = (drawn, h1) if mover == 0 else (h0, drawn)
            sub = (nh0, nh1, pos, top, owner, n, diff, mover, True, rest)
            # a drawn tile that fits nowhere forfeits the territory: the game ends as it stands
            if not self._has_move(sub, drawn):
                v = end
            elif mover == self.uniform:  # the random player plays its drawn tile at random too
                v = self._mean(sub, drawn)
            else:
                v = self._best(sub, drawn)
            expected += c * v
        return expected / total

    def _mean(self, key: Key, hand: int) -> float:
        """The random-player model's turn: the mean of the values of its legal moves.

        In the Chaos round too: the random player picks any legal move for the
        tile it drew (``RandomPlayer``), not the one best for it.
        """
        moves = self._moves(key, hand)
        total = 0.0
        table = self.table
        for code in moves:  # _after and the table's exact hits inlined: the hottest loop
            if code[0] == 2:
                total += self._end(key)
                continue
            child = self.step(key, code)
            got = table.get(child)
            total += got[0] if got is not None and got[0] == got[1] else self._value(child)
        return total / len(moves)

    def _has_move(self, key: Key, hand: int) -> bool:
        _h0, _h1, pos, top, _o, n, _d, _m, _c, _p = key
        if pos < self.last:
            return True
        if top < 0 or (self.cap and n >= self.cap):
            return False
        return bool((hand >> _SHIFT[_BEATER[top]]) & 15 or (hand >> _SHIFT[_U]) & 15)

    def _best(self, key: Key, hand: int, alpha: float = -INF, beta: float = INF) -> float:
        """Max (seat 1) or min (seat 2) over the moves of ``hand``, cut off outside the window."""
        maximize = key[7] == 0
        best = -INF if maximize else INF
        table = self.table
        for move in self._moves(key, hand):  # coded moves (_after and exact hits inlined)
            if move[0] == 2:
                v = self._end(key)
            else:
                child = self.step(key, move)
                got = table.get(child)
                if got is not None and got[0] == got[1]:
                    v = got[0]
                else:
                    v = self._value(child, alpha, beta)
            if maximize:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
            elif v < best:
                best = v
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        return best

    def _moves(self, key: Key, hand: int) -> list[Code]:
        """The coded moves of ``hand`` at ``key``, beats first (they cut off most often).

        The list depends only on the hand, the top tile, whether the cap and
        dusk allow a beat and an open, the mover and the Chaos round, so it is
        kept by those (except for a greedy-model seat, whose open depends on
        the unseen tiles too). Callers must not change it.
        """
        _h0, _h1, pos, top, _o, n, _d, mover, chaos, _p = key
        if mover == self.greedy:
            return self._list_moves(key, hand)
        shape = (hand, top, pos < self.last, not self.cap or n < self.cap, mover, chaos)
        found = self._move_lists.get(shape)
        if found is None:
            found = self._move_lists[shape] = self._list_moves(key, hand)
        return found

    def _list_moves(self, key: Key, hand: int) -> list[Code]:  # noqa: C901  (complexity 11 when the limits came in)
        """The coded moves of ``hand`` at ``key``, worked out (see :meth:`_moves`)."""
        _h0, _h1, pos, top, _o, n, _d, mover, chaos, _p = key
        moves: list[Code] = []
        if top >= 0 and (not self.cap or n < self.cap):
            need = _BEATER[top]
            if (hand >> _SHIFT[need]) & 15:
                moves.append((0, need, need))
            if (hand >> _SHIFT[_U]) & 15:
                moves.append((0, _U, need))
            if moves and mover in (self.must_beat, self.greedy):
                return moves[:1] if mover == self.greedy else moves
        if mover == self.greedy:
            return [self._greedy_open(key, hand)]
        if pos < self.last:
            for k in range(5):
                if (hand >> _SHIFT[k]) & 15:
                    moves.append((1, k, k))
            if (hand >> _SHIFT[_U]) & 15:
                moves.extend(_U_OPENS)
        elif not chaos and top >= 0:
            moves.append((2, 0, 0))
        return moves

    def _greedy_open(self, key: Key, hand: int) -> Code:
        """The greedy player's move when it cannot beat: its least useful tile (see players)."""
        h0, h1, pos, _top, _o, _n, _d, mover, _chaos, pile = key
        if pos >= self.last:
            return (2, 0, 0)
        pool = unpack(h1 + pile if mover == 0 else h0 + pile)
        counts = unpack(hand)
        best: tuple[int, int, int] | None = None
        for k in range(5):
            if counts[k]:
                rank = (pool[(k + 1) % 5], -counts[k], k)
                if best is None or rank < best:
                    best = rank
        if best is not None:
            return (1, best[2], best[2])
        e = min(range(5), key=lambda el: pool[_BEATER[el]])
        return (1, _U, e)


_U_OPENS: tuple[Code, ...] = tuple((1, _U, e) for e in range(5))


def _code(move: Move) -> Code:
    if move.action is Action.CONCEDE:
        return (2, 0, 0)
    assert move.tile is not None and move.element is not None
    return (0 if move.action is Action.BEAT else 1, int(move.tile), int(move.element))


class _Codes(dict[Move, Code]):
    def __missing__(self, move: Move) -> Code:
        self[move] = code = _code(move)
        return code


_CODE = _Codes()
