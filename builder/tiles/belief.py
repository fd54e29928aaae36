"""The best reply to an opponent of known policy while its hand stays hidden: belief search.

Averaging open-hands values over possible opponent hands (determinized
search) assumes that after my move I will know the hand I am facing, and so
picks moves no single strategy could make good on ("strategy fusion"). When
the opponent's policy is known, the hidden game can be searched as it is:

- a node is the public position (board, my hand, who moves) plus a *belief*:
  the opponent hands still possible ("worlds", each with the pile that goes
  with it) and their weights;
- at my turn I choose ONE move for the whole belief (the moves depend only on
  my hand and the board, which every world shares);
- at the opponent's turn every world makes its move(s) under the model, and
  the worlds are split by the move seen: a greedy opponent is deterministic,
  so each world goes to exactly one child; a uniformly random one makes each
  of its legal moves with probability 1 / (their number), which multiplies
  the world's weight in that child;
- a belief of one world, the end of the hand phase, and the Chaos round
  (where both hands are empty and the pile is known, only its order is
  chance) are valued exactly by the open-hands solver (:mod:`solver`), whose
  model seat plays the same policy.

The search deepens one of my turns at a time; at the depth limit a node is
valued as determinized search would (the weighted mean of the worlds'
open-hands values), so depth 1 is determinized search itself, and a search
that never reaches the limit is the exact best reply to the model. Values
are kept per (position, belief) and reused across depths when exact.

:meth:`BeliefSearch.choose_bounded` searches for the exact best reply
without a depth limit, by branch and bound: determinized search's value of a
node is an upper bound on its hidden-hand value (seeing the hand can only
help against a fixed policy), so a move of mine whose bound is no better
than a move already valued is never searched, and at the opponent's turn the
branches stop once the rest cannot lift the node above what I have
elsewhere. Against a random player it is exact from the second move of a
game in seconds (the deepening search is not, in minutes).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from builder.tiles.elements import KINDS, Counts
from builder.tiles.inference import World
from builder.tiles.solver import INF, Code, Key, Solver, TooLarge, pack, unpack
from builder.tiles.state import Action, GameState, Move, legal_moves

Hidden = tuple[int, int]
"""One world: the opponent's hand and the pile, packed as in :mod:`solver`."""

Belief = tuple[tuple[Hidden, float], ...]
"""Worlds with their (unnormalised) weights, in a fixed order."""


def _counts(packed: int) -> Counts:
    c = unpack(packed)
    return (c[0], c[1], c[2], c[3], c[4], c[5])


class _Moves(dict[Code, Move]):
    """Moves by their solver coding (the inverse of :func:`code_of`)."""

    def __missing__(self, code: Code) -> Move:
        action, tile, element = code
        kinds = list(KINDS)
        if action == 2:
            move = Move(Action.CONCEDE)
        else:
            move = Move(Action.BEAT if action == 0 else Action.OPEN, kinds[tile], kinds[element])
        self[code] = move
        return move


_MOVE_OF = _Moves()


def code_of(move: Move) -> Code:
    """A move in the solver's coding: (action, tile, element); action 0 beat, 1 open, 2 concede."""
    if move.action is Action.CONCEDE:
        return (2, 0, 0)
    assert move.tile is not None and move.element is not None
    return (0 if move.action is Action.BEAT else 1, int(move.tile), int(move.element))


@dataclass
class BeliefSearch:
    """Search over beliefs for ``seat`` against the opponent policy built into ``solver``.

    ``solver`` must model the opponent (``Solver(variant, greedy=opp)`` or
    ``uniform=opp``); its values are then those of the best reply to that
    policy with open hands. ``node_limit`` caps the belief nodes of one
    :meth:`choose`, ``deadline`` (a ``time.process_time()`` value, 0 for
    none) the time; past either the deepest finished depth is used.
    """

    solver: Solver
    seat: int
    node_limit: int = 20_000
    deadline: float = 0.0
    max_depth: int = 8
    nodes: int = 0
    depth: int = 0  # the deepest depth finished by the last choose()
    exact: bool = False  # whether that depth reached no limit (the exact best reply)
    memo_limit: int = 300_000
    _memo: dict[tuple[Key, frozenset[object]], tuple[int, float, bool]] = field(
        default_factory=dict
    )
    _bounds: dict[tuple[Key, frozenset[object]], tuple[float, bool]] = field(
        default_factory=dict
    )  # choose_bounded's values: (value, exact), else an upper bound
    _cut: bool = False
    _solves: int = 0  # worlds valued by the solver (the clock is read once every 16)
    _last: tuple[int, Key, Belief] | None = (
        None  # the log length, position and belief last searched
    )

    @property
    def uniform(self) -> bool:
        return self.solver.uniform == 1 - self.seat

    # -- public -------------------------------------------------------------

    def values(self, state: GameState, worlds: Sequence[World], depth: int) -> dict[Move, float]:
        """Each legal move's value for me (my expected margin) searched ``depth`` turns deep."""
        return self._values(state, *self.root(state, worlds), depth)

    def _values(self, state: GameState, pub: Key, belief: Belief, depth: int) -> dict[Move, float]:
        self._cut = False
        return {m: self._mine(pub, belief, code_of(m), depth) for m in legal_moves(state)}

    def choose(
        self, state: GameState, worlds: Sequence[World] | None = None
    ) -> dict[Move, float] | None:
        """Move values from the deepest search that fits the limits (None if not even depth 1).

        ``worlds`` None continues the belief of the last :meth:`played` move
        (see :meth:`follow`). Deepens until the search is exact,
        ``max_depth`` is reached, or a limit stops it (the unfinished depth is
        thrown away). Node values are kept from move to move: the belief after
        the opponent's reply is one the previous search has already met.
        """
        pub, belief = self._start(state, worlds)
        self.nodes = 0
        if len(self._memo) > self.memo_limit:
            self._memo.clear()
        if len(self.solver.table) > self.solver.table_limit:
            self.solver.table.clear()
        self._last = (len(state.log), pub, belief)
        best: dict[Move, float] | None = None
        self.depth, self.exact = 0, False
        for depth in range(1, self.max_depth + 1):
            try:
                found = self._values(state, pub, belief, depth)
            except TooLarge:
                break
            best, self.depth, self.exact = found, depth, not self._cut
            if self.exact:
                break
        return best

    def choose_bounded(
        self, state: GameState, worlds: Sequence[World] | None = None
    ) -> dict[Move, float] | None:
        """The exact best reply by branch and bound (None when a limit stops it first).

        The same values as :meth:`choose` where that search is exact, with
        far fewer nodes: determinized search's value of a node (each world
        played with open hands) is an upper bound on its value with the hand
        hidden, since seeing the hand never hurts against a fixed policy. My
        moves are searched best bound first and a move whose bound is no
        better than a move already valued exactly is not searched; at the
        opponent's turn the branches are searched until the bounds of the
        rest cannot lift the node above what I already have elsewhere.
        Returns the exact value of the best move and, for the others, their
        exact value or an upper bound no better than the best's.
        """
        pub, belief = self._start(state, worlds)
        self.nodes = 0
        if len(self._bounds) > self.memo_limit or self._last is None or self._last[0] > len(
            state.log
        ):
            self._bounds.clear()  # full, or a new game: its beliefs are not met again
        if len(self.solver.table) > self.solver.table_limit:
            self.solver.table.clear()
        self._last = (len(state.log), pub, belief)
        self.depth, self.exact = 0, False
        found: dict[Move, float] = {}
        try:
            options = self._options(pub, belief, [code_of(m) for m in legal_moves(state)])
            best = -INF
            for bound, code, child in options:
                if bound <= best or child is None:
                    value = bound  # no better than the best, or a concession's exact value
                    best = max(best, bound) if child is None else best
                else:
                    value, exact = self._bounded(child, belief, best)
                    if exact:
                        best = max(best, value)
                found[_MOVE_OF[code]] = value
        except TooLarge:
            return None
        self.depth, self.exact = self.max_depth, True
        return {m: found[m] for m in legal_moves(state)}

    def shortfall(self, state: GameState, worlds: Sequence[World], move: Move) -> float | None:
        """How much less than the exact best reply ``move`` expects: best value minus its value.

        Both exact (the bounded search, then ``move`` searched to its exact
        value); None when a limit stops either. Summed over a player's moves
        in its own games, its mean is that player's expected shortfall from
        the best reply (the performance-difference lemma), with far less
        noise than comparing the two players' results.
        """
        values = self.choose_bounded(state, worlds)
        if values is None:
            return None
        best = max(values.values())
        code = code_of(move)
        pub, belief = self.root(state, worlds)
        if code[0] == 2:
            end = self.solver.end(pub)
            return best - (end if self.seat == 0 else -end)
        try:
            value, exact = self._bounded(self.solver.step(pub, code), belief, -INF)
        except TooLarge:
            return None
        assert exact  # with no floor every node is valued exactly
        return best - value

    def _options(
        self, pub: Key, belief: Belief, codes: Sequence[Code]
    ) -> list[tuple[float, Code, Key | None]]:
        """My moves with their bounds, best first: (bound, move, position after it or None).

        A concession of dusk has its exact value (no position after it);
        every other move the determinized value of the position after it.
        """
        options: list[tuple[float, Code, Key | None]] = []
        for code in codes:
            if code[0] == 2:
                end = self.solver.end(pub)
                options.append((end if self.seat == 0 else -end, code, None))
            else:
                child = self.solver.step(pub, code)
                options.append((self._leaf(child, belief), code, child))
        options.sort(key=lambda o: -o[0])
        return options

    def _settled(self, pub: Key, belief: Belief) -> bool:
        """Whether determinized search's value of a node is its exact value (no doubt to play)."""
        if len(belief) == 1:
            return True
        first = self._full(pub, belief[0][0])
        return bool(pub[8] or not (first[0] if pub[7] == 0 else first[1]))

    def _bounded(self, pub: Key, belief: Belief, alpha: float) -> tuple[float, bool]:
        """(value, exact) of a node: exact, or an upper bound no more than ``alpha``."""
        if self._settled(pub, belief):
            return self._leaf(pub, belief), True
        memo_key = self._memo_key(pub, belief)
        got = self._bounds.get(memo_key)
        if got is not None and (got[1] or got[0] <= alpha):
            return got
        self._tick(len(belief))
        if pub[7] == self.seat:
            found = self._bounded_mine(pub, belief, alpha)
        else:
            found = self._bounded_theirs(pub, belief, alpha)
        if got is None or found[1] or found[0] < got[0]:
            self._bounds[memo_key] = found
        return found

    def _bounded_mine(self, pub: Key, belief: Belief, alpha: float) -> tuple[float, bool]:
        """My turn: the best of my moves, those whose bound cannot win left unsearched."""
        codes = self.solver.moves_of(self._full(pub, belief[0][0]))
        best = -INF  # the best exact value found
        bound = -INF  # the best upper bound of the moves not valued exactly
        for ub, _code, child in self._options(pub, belief, codes):
            floor = max(alpha, best)
            if ub <= floor:
                bound = max(bound, ub)
                break  # the rest are bounded lower still
            if child is None:
                best = max(best, ub)
                continue
            value, exact = self._bounded(child, belief, floor)
            if exact:
                best = max(best, value)
            else:
                bound = max(bound, value)
        if best > alpha or bound == -INF:
            return best, True
        return max(best, bound), False

    def _bounded_theirs(self, pub: Key, belief: Belief, alpha: float) -> tuple[float, bool]:
        """The opponent's turn: its moves' branches, weighed, until the rest cannot reach alpha."""
        total = sum(w for _, w in belief)
        branches: list[tuple[float, float, Key | None, Belief]] = []
        running = 0.0
        for child, worlds in self.split(pub, belief).values():
            p = sum(w for _, w in worlds) / total
            if child is None:
                end = self.solver.end(pub)
                ub = end if self.seat == 0 else -end
            else:
                ub = self._leaf(child, worlds)
            running += p * ub
            branches.append((p, ub, child, worlds))
        branches.sort(key=lambda b: -b[0])
        exact = True
        for p, ub, child, worlds in branches:
            if running <= alpha:
                return running, False
            if child is None or self._settled(child, worlds):
                continue  # its bound is its value
            rest = running - p * ub
            value, exact_child = self._bounded(child, worlds, (alpha - rest) / p)
            running = rest + p * value
            exact = exact and exact_child
        return running, exact

    def _start(self, state: GameState, worlds: Sequence[World] | None) -> tuple[Key, Belief]:
        """Where a search starts: a new belief over ``worlds``, or the last one followed."""
        if worlds is not None:
            return self.root(state, worlds)
        followed = self.follow(state)
        if followed is None:
            raise ValueError("no belief to follow: pass the worlds")
        return followed

    def root(self, state: GameState, worlds: Sequence[World]) -> tuple[Key, Belief]:
        """The public position (opponent hand and pile blanked) and the belief of ``worlds``."""
        key = self.solver.key_of(state)
        belief = tuple(((pack(w.hand), pack(w.pile)), w.weight) for w in worlds)
        return self._public(key), belief

    def follow(self, state: GameState) -> tuple[Key, Belief] | None:
        """The belief now, carried on from the last :meth:`choose` (None when it cannot be).

        It can when the game has gone on by my move and one of the
        opponent's in the hand phase: the worlds are those of the branch of
        the move it made, so they keep their weights (and the search its
        values). None after anything else, or when no world made that move
        (the opponent is not the modelled player).
        """
        if self._last is None:
            return None
        length, pub, belief = self._last
        if len(state.log) != length + 2 or state.chaos:
            return None
        mine, theirs = state.log[-2], state.log[-1]
        if mine.seat != self.seat or theirs.seat == self.seat or mine.move.action is Action.CONCEDE:
            return None
        after = self.split(self.solver.step(pub, code_of(mine.move)), belief)
        branch = after.get(code_of(theirs.move))
        if branch is None or branch[0] is None:
            return None
        now = self._public(self.solver.key_of(state))
        return (now, branch[1]) if branch[0] == now else None

    def worlds_of(self, belief: Belief) -> list[World]:
        """A belief as :class:`World` values, weights summing to 1 (for determinized search)."""
        total = sum(w for _, w in belief)
        return [World(_counts(h), _counts(p), w / total) for (h, p), w in belief]

    # -- search -------------------------------------------------------------

    def _public(self, key: Key) -> Key:
        h0, h1, pos, top, owner, n, diff, mover, chaos, _pile = key
        if self.seat == 0:
            return (h0, 0, pos, top, owner, n, diff, mover, chaos, 0)
        return (0, h1, pos, top, owner, n, diff, mover, chaos, 0)

    def _full(self, pub: Key, hidden: Hidden) -> Key:
        h0, h1, pos, top, owner, n, diff, mover, chaos, _pile = pub
        hand, pile = hidden
        if self.seat == 0:
            return (h0, hand, pos, top, owner, n, diff, mover, chaos, pile)
        return (hand, h1, pos, top, owner, n, diff, mover, chaos, pile)

    def _exact(self, key: Key) -> float:
        """My margin of one world's position under the model, from the solver.

        The clock is read once every 16 worlds: a CPU-clock read costs about
        as much as a small solve, and the solver reads it itself while it works.
        """
        self._solves += 1
        if self.deadline and not self._solves & 15 and time.process_time() > self.deadline:
            raise TooLarge("out of time")
        self.solver.nodes = 0
        value = self.solver.value(key)
        return value if self.seat == 0 else -value

    def _charge(self, worlds: int) -> None:
        """Count ``worlds`` units of work on the solver's per-move bound (``Solver.work_limit``)."""
        solver = self.solver
        solver.work += worlds
        if solver.work_limit is not None and solver.work > solver.work_limit:
            raise TooLarge(f"more than {solver.work_limit} positions searched for this move")

    def _leaf(self, pub: Key, belief: Belief) -> float:
        """The weighted mean of the worlds' exact values (determinized search's estimate)."""
        self._charge(len(belief))
        total = sum(w for _, w in belief)
        return sum(w * self._exact(self._full(pub, h)) for h, w in belief) / total

    def _memo_key(self, pub: Key, belief: Belief) -> tuple[Key, frozenset[object]]:
        """What a node's value depends on: the position, the worlds and their relative weights.

        Against a greedy model a world's weight is its prior, the same on
        every path and from move to move, so the worlds alone name the belief;
        against a random one the weights depend on the path and are part of it.
        """
        if not self.uniform:
            return pub, frozenset(h for h, _ in belief)
        total = sum(w for _, w in belief)
        return pub, frozenset((h, round(w / total, 9)) for h, w in belief)

    def _tick(self, worlds: int = 1) -> None:
        """Count a belief node, and its worlds as work on the solver's bound for this move."""
        self.nodes += 1
        self._charge(worlds)
        if self.nodes > self.node_limit:
            raise TooLarge(f"more than {self.node_limit} belief nodes")
        if self.deadline and not self.nodes & 63 and time.process_time() > self.deadline:
            raise TooLarge("out of time")

    def _mine(self, pub: Key, belief: Belief, code: Code, depth: int) -> float:
        """My margin after I play ``code`` (one move for every world)."""
        if code[0] == 2:
            end = self.solver.end(pub)
            return end if self.seat == 0 else -end
        return self._node(self.solver.step(pub, code), belief, depth - 1)

    def _node(self, pub: Key, belief: Belief, depth: int) -> float:
        """My margin at a position with a belief; ``depth`` more of my turns to search."""
        if len(belief) == 1:
            return self._exact(self._full(pub, belief[0][0]))
        mover, chaos = pub[7], pub[8]
        first = self._full(pub, belief[0][0])
        if chaos or not (first[0] if mover == 0 else first[1]):
            return self._leaf(pub, belief)  # the hand phase is over: no choice under doubt left
        if mover == self.seat and depth <= 0:
            self._cut = True
            return self._leaf(pub, belief)
        memo_key = self._memo_key(pub, belief)
        got = self._memo.get(memo_key)
        if got is not None and (got[2] or got[0] >= depth):
            if not got[2]:
                self._cut = True
            return got[1]
        self._tick(len(belief))
        was_cut, self._cut = self._cut, False
        if mover == self.seat:
            value = max(
                self._mine(pub, belief, code, depth) for code in self.solver.moves_of(first)
            )
        else:
            value = self._theirs(pub, belief, depth)
        self._memo[memo_key] = (depth, value, not self._cut)
        self._cut = self._cut or was_cut
        return value

    def split(self, pub: Key, belief: Belief) -> dict[Code, tuple[Key | None, Belief]]:
        """The opponent's turn: each move it may make, the position after it, and its worlds.

        Every world goes where its move(s) under the model lead, with its
        weight times the move's probability; a concession of dusk ends the
        game (no position after it, None).
        """
        found: dict[Code, tuple[Key | None, list[tuple[Hidden, float]]]] = {}
        for hidden, weight in belief:
            key = self._full(pub, hidden)
            codes = self.solver.moves_of(key)
            share = weight / len(codes) if self.uniform else weight
            for code in codes if self.uniform else codes[:1]:
                if code[0] == 2:
                    found.setdefault(code, (None, []))[1].append((hidden, share))
                    continue
                child = self.solver.step(key, code)
                opp_hand = child[1] if self.seat == 0 else child[0]
                branch = found.setdefault(code, (self._public(child), []))
                branch[1].append(((opp_hand, child[9]), share))
        return {code: (child, tuple(worlds)) for code, (child, worlds) in found.items()}

    def _theirs(self, pub: Key, belief: Belief, depth: int) -> float:
        """The opponent moves: the branches' values weighed by how likely each move is."""
        total = sum(w for _, w in belief)
        value = 0.0
        for child, worlds in self.split(pub, belief).values():
            weight = sum(w for _, w in worlds)
            if child is None:
                end = self.solver.end(pub)
                value += weight * (end if self.seat == 0 else -end)
            else:
                value += weight * self._node(child, worlds, depth)
        return value / total
