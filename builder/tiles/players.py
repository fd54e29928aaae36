"""Computer players of Covenants: random, greedy, the all-seeing solver, and three levels.

Every player answers :meth:`Player.choose` for the seat to move. Only
:class:`Oracle` looks at the opponent's hand (it is the benchmark's
all-seeing opponent); the others use what their seat can see: their own
hand, the board, the log, and tile counts (``builder.tiles.inference``).

- :class:`RandomPlayer`: any legal move, uniformly.
- :class:`GreedyPlayer`: beats when it can, else opens with its least useful tile.
- Easy: greedy half the time, random otherwise.
- Normal: greedy until at most 8 tiles are left in the hands, then
  determinized search: exact open-hands values averaged over opponent hands
  drawn from the unseen tiles, blind to what the play reveals.
- Strong: the same search over hands weighted by how likely the opponent's
  concessions were under each (a concession suggests it lacks the beater),
  heaviest hands first, within a bound on its work (60,000 positions and
  belief worlds per move, about 0.6 s of CPU here) and a CPU-time safety net. It
  also models the opponent: once it has seen several concessions and never
  one made while holding the beater, it takes the opponent for one that
  always beats when it can and else opens with its least useful tile (the
  greedy player), and searches the game against that policy instead; once it
  has seen it twice open with the UNKNOWN while holding other tiles, it takes
  it for a random player. Against a modelled opponent it searches over
  beliefs (``builder.tiles.belief``): one move for every hand the opponent
  may hold, the hands split by the move it makes, which is the best reply to
  that policy with its hand hidden; determinized search is its fallback when
  the belief search cannot finish one turn deep in the time, and its only
  search against a random player while 11 or more tiles are in the hands,
  where that is known beforehand (``BELIEF_TILES``). Its first move
  of a game against a random player, beyond that search in the time, comes
  from an opening book worked out offline (``builder.tiles.opening``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import Protocol

from builder.tiles.belief import BeliefSearch
from builder.tiles.elements import ELEMENTS
from builder.tiles.greedy import (
    greedy_likelihood,
    greedy_move,
    strict_greedy_likelihood,
    uniform_likelihood,
)
from builder.tiles.inference import (
    CONCEDE_WHEN_ABLE,
    World,
    concession_evidence,
    wasteful_unknowns,
    worlds,
)
from builder.tiles.opening import Book, shipped_book
from builder.tiles.solver import Solver, TooLarge
from builder.tiles.state import GameState, Move, legal_moves

LEVELS = ("easy", "normal", "strong")

UNIFORM_TILES = 9
"""Most tiles left in both hands for which Strong searches against a random-player model."""

BELIEF_TILES = 10
"""Most tiles left in both hands for which Strong tries the belief search against a random player.

With more (its second move of a game) the belief search cannot finish even
one turn deep in the work bound: it spent two thirds of the work and left the
determinized search room for one or two opponent hands, and the move picked
from one hand loses 0.16 points of margin a game on average against the move
picked from 60 (0.04 from two, nothing from three or more; 16 positions of
deals 3000-3015). Determinized search alone fits three hands or more there.
"""


class Player(Protocol):
    name: str

    def choose(self, state: GameState) -> Move:
        """The move this player makes for the seat to move."""
        ...


@dataclass
class RandomPlayer:
    """Plays a uniformly random legal move."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "random"

    def choose(self, state: GameState) -> Move:
        return self.rng.choice(legal_moves(state))


@dataclass
class GreedyPlayer:
    """The benchmark's greedy player (see :func:`greedy_move`)."""

    name: str = "greedy"

    def choose(self, state: GameState) -> Move:
        return greedy_move(state)


@dataclass
class Oracle:
    """Sees both hands and plays the exact open-hands solution (greedy where too large to solve)."""

    node_limit: int | None = 3_000_000
    name: str = "oracle"
    solver: Solver | None = None

    def choose(self, state: GameState) -> Move:
        if self.solver is None or self.solver.variant != state.variant:
            self.solver = Solver(state.variant, node_limit=self.node_limit)
        try:
            return self.solver.solve(state).best
        except TooLarge:
            return greedy_move(state)


@dataclass
class EasyPlayer:
    """Easy: the greedy move half the time, a random one otherwise."""

    rng: random.Random = field(default_factory=random.Random)
    name: str = "easy"

    def choose(self, state: GameState) -> Move:
        if self.rng.random() < 0.5:
            return greedy_move(state)
        return self.rng.choice(legal_moves(state))


@dataclass
class SearchPlayer:
    """Determinized search: exact values of each move averaged over possible opponent hands.

    ``concede_when_able`` is the inference's likelihood of conceding with a
    beater in hand (1: no inference); ``budget`` the seconds per move;
    ``max_worlds`` caps the hands searched. Worlds go heaviest first, and the
    search stops when the next one would not fit in the budget.
    """

    name: str = "strong"
    budget: float = 0.55  # CPU seconds: a safety net; ``work`` bounds the search first
    hard_limit: float = 0.75  # CPU seconds: a search still running then is abandoned
    work: int | None = 60_000  # positions (and belief worlds) searched per move at most
    max_worlds: int = 64
    concede_when_able: float = CONCEDE_WHEN_ABLE
    node_limit: int = 150_000
    model_opponent: bool = True
    horizon: int = 0  # search only when at most this many tiles are left in hands (0: always)
    belief: bool = True  # against a modelled opponent, search over beliefs (module belief)
    belief_nodes: int = 200_000
    belief_worlds: int = 400
    belief_tiles: int = BELIEF_TILES  # against a random player, belief search only up to this
    bounded: bool = False  # try the exact belief search by branch and bound first (the ceiling)
    solvers: dict[tuple[str, str, int], Solver] = field(default_factory=dict)
    searches: dict[tuple[str, str, int], BeliefSearch] = field(default_factory=dict)
    last_depth: int = 0
    last_exact: bool = False  # whether the last move searched was the exact best reply to the model
    last_value: float = 0.0  # the belief search's value of its last move (my expected margin)
    searched_moves: int = 0  # moves searched (more than one legal move), for the benchmark
    exact_moves: int = 0  # of those, moves that were the exact best reply to the model
    last_worlds: int = 0
    rate: float = CONCEDE_WHEN_ABLE
    evidence: list[int] = field(default_factory=lambda: [0, 0, 0])  # earlier games'
    assume: str = ""  # the opponent's policy when it is known beforehand ("uniform", "greedy")
    book: Book | None = field(default_factory=shipped_book)  # first moves against a random player
    _game: tuple[int, int, int, int] = (0, 0, 0, 0)  # this game's log length and evidence

    def _observe(self, state: GameState) -> str:
        """Fold in the opponent's play; the model to search against: "greedy", "uniform" or "".

        "greedy" once it has made several concessions and never one while
        holding the beater; "uniform" once it has twice opened a territory with
        the UNKNOWN while other tiles were in its hand (a waste no reasoning
        player makes). Evidence carries over from game to game (the player is
        kept for a match): a new game is noticed by a shorter log.
        """
        length, conceded, proven, wasteful = self._game
        if len(state.log) < length:
            for i, n in enumerate((conceded, proven, wasteful)):
                self.evidence[i] += n
        conceded, proven = concession_evidence(state, state.to_move)
        wasteful = wasteful_unknowns(state, 1 - state.to_move)
        self._game = (len(state.log), conceded, proven, wasteful)
        self.rate = self._concession_rate(conceded, proven)
        if self.assume:
            return self.assume
        if not self.model_opponent:
            return ""
        if self.evidence[2] + wasteful >= 2:
            return "uniform"
        if self.evidence[0] + conceded >= 3 and self.evidence[1] + proven == 0:
            return "greedy"
        return ""

    def _concession_rate(self, conceded: int, proven: int) -> float:
        """The likelihood ratio of a concession with a beater in hand against one without.

        Estimated from the share ``r`` of the opponent's concessions proven
        made while able (with a prior of 1 in 4): if a player can beat about
        half the time, r = e / (1 + e), so e = r / (1 - r). A player who never
        does so gives e near 0 (strong evidence); one who concedes regardless
        of its hand gives e near 1 (no evidence).
        """
        if self.concede_when_able >= 1:
            return 1.0
        r = (self.evidence[1] + proven + 1) / (self.evidence[0] + conceded + 4)
        return max(0.05, min(1.0, r / (1 - r)))

    def _solver(self, state: GameState, model: str) -> Solver:
        opp = 1 - state.to_move
        key = (state.variant.id, model, opp)
        if key not in self.solvers:
            self.solvers[key] = Solver(
                state.variant,
                node_limit=self.node_limit,
                greedy=opp if model == "greedy" else None,
                uniform=opp if model == "uniform" else None,
            )
        return self.solvers[key]

    def _belief_move(
        self, state: GameState, model: str, started: float
    ) -> tuple[Move | None, list[World] | None]:
        """The belief search's move against the modelled opponent, and the worlds it used.

        The belief goes on from my last move when it can (the worlds of the
        branch of the opponent's reply); else the opponent hands are those its
        moves so far allow under the model (a greedy player's ruled in or
        out, a random player's weighed by how likely its moves were), at most
        ``belief_worlds`` of the heaviest. The move is None when the search
        ran out of time (then determinized search goes on over the same
        worlds); the worlds are None when no hand explains the opponent's
        play under the model.
        """
        seat = state.to_move
        key = (state.variant.id, model, seat)
        solver = self._solver(state, model)
        solver.work = 0
        solver.work_limit = None if self.work is None else self.work * 2 // 3
        search = self.searches.get(key)
        if search is None:
            search = BeliefSearch(self._solver(state, model), seat, self.belief_nodes)
            self.searches[key] = search
        followed = search.follow(state)
        if followed is not None:
            found = search.worlds_of(followed[1])
        else:
            likely = strict_greedy_likelihood if model == "greedy" else uniform_likelihood
            found = worlds(state, seat, 1.0, likely)[: self.belief_worlds]
            if not found:
                return None, None  # no hand explains its play: it is not the modelled player
        search.deadline = started + self.budget
        search.solver.deadline = started + self.hard_limit
        values = None
        if self.bounded:
            search.deadline = started + self.budget / 2
            values = search.choose_bounded(state, None if followed is not None else found)
            search.deadline = started + self.budget
            solver.work = 0
            followed = None  # the bounded search has moved the belief on: pass the worlds
        if values is None:
            values = search.choose(state, None if followed is not None else found)
        self.last_depth = search.depth
        self.last_exact = values is not None and search.exact
        if values is None:
            return None, found
        best = max(values, key=lambda m: values[m])
        self.last_value = values[best]
        return best, found

    def _belief_fits(self, state: GameState, model: str) -> bool:
        """Whether the belief search can finish one turn deep here (see ``BELIEF_TILES``)."""
        return model != "uniform" or sum(map(sum, state.hands)) <= self.belief_tiles

    def _unsearched(self, state: GameState, model: str, moves: list[Move]) -> Move | None:
        """The move when no search is called for: the only one, the book's, or greedy's early."""
        if len(moves) == 1:
            return moves[0]
        if model == "uniform" and self.book is not None:
            opening = self.book.move(state)
            if opening in moves:
                return opening  # worked out offline (module opening): beyond a move's budget
        if self.horizon and sum(map(sum, state.hands)) > self.horizon:
            return greedy_move(state)
        return None

    def choose(self, state: GameState) -> Move:  # noqa: C901  (complexity 12 when the limits came in)
        started = time.process_time()
        seat = state.to_move
        opp = 1 - seat
        model = self._observe(state)
        moves = legal_moves(state)
        unsearched = self._unsearched(state, model, moves)
        if unsearched is not None:
            return unsearched
        if model == "uniform" and sum(map(sum, state.hands)) > UNIFORM_TILES and not self.belief:
            model = ""  # too slow to search early: no pruning at a random player's turns
        known: list[World] | None = None
        budget = self.budget
        self.last_exact = False
        self.searched_moves += 1
        if model and self.belief and self._belief_fits(state, model):
            move, known = self._belief_move(state, model, started)
            if move is not None:
                self.exact_moves += self.last_exact
                return move
            budget = self.hard_limit  # go on over the worlds the search has begun to solve
        always_beats = model == "greedy"
        solver = self._solver(state, model)
        if known is None:
            solver.work = 0  # the belief search's work, if any, still counts
        solver.work_limit = self.work
        likelihood = 0.0 if always_beats else self.rate
        totals = dict.fromkeys(moves, 0.0)
        weight_seen = 0.0
        slowest = 0.0
        self.last_worlds = 0
        extra = greedy_likelihood if always_beats else None
        limit = 4 * self.max_worlds if always_beats else self.max_worlds  # model solves are fast
        if known is None:
            known = worlds(state, seat, likelihood, extra)[:limit]
        for world in known:
            t0 = time.process_time()
            if self.last_worlds and t0 + slowest - started > budget:
                break
            hands = list(state.hands)
            hands[opp] = world.hand
            solver.deadline = started + self.hard_limit
            try:
                solution = solver.solve(state, (hands[0], hands[1]), world.pile)
            except TooLarge:
                break
            for m, value in solution.moves.items():
                totals[m] += world.weight * value
            weight_seen += world.weight
            self.last_worlds += 1
            slowest = max(slowest, time.process_time() - t0)
        if not weight_seen:
            return greedy_move(state)
        return max(moves, key=lambda m: totals[m])


def best_reply(
    policy: str, work: int = 2_000_000, seconds: float = 30.0, book: Book | None = None
) -> SearchPlayer:
    """The benchmark's ceiling: the best reply to a player known to play ``policy``.

    ``policy`` is "uniform" (the random player) or "greedy". It searches over
    beliefs (the opponent's hand hidden, weighed by how likely its play was
    under the policy) from the first move, with ``work`` positions and
    ``seconds`` of CPU per move instead of Strong's budget: where the search
    finishes it is the exact best reply with the hand hidden
    (``last_exact``), elsewhere the deepest search that fits. It tries the
    exact search by branch and bound first, with half the work and time
    (``BeliefSearch.choose_bounded``). ``book`` gives
    its first move of a game against a random player instead (the search
    cannot finish that move in any budget a benchmark of many deals affords).
    """
    return SearchPlayer(
        name=f"best reply to {policy}",
        budget=seconds,
        hard_limit=seconds,
        work=work,
        node_limit=work,
        belief_nodes=work,
        belief_worlds=10_000,
        belief_tiles=99,
        max_worlds=10_000,
        assume=policy,
        book=book,
        bounded=True,
    )


def make_player(level: str, seed: int = 0) -> Player:
    """A computer player by name: random, greedy, oracle, easy, normal or strong."""
    rng = random.Random(seed)
    if level == "random":
        return RandomPlayer(rng)
    if level == "greedy":
        return GreedyPlayer()
    if level == "oracle":
        return Oracle()
    if level == "easy":
        return EasyPlayer(rng)
    if level == "normal":
        return SearchPlayer(
            name="normal",
            budget=0.25,
            work=25_000,
            max_worlds=6,
            concede_when_able=1.0,
            model_opponent=False,
            horizon=8,
        )
    if level == "strong":
        return SearchPlayer()
    raise ValueError(f"no player {level!r} (random, greedy, oracle, {', '.join(LEVELS)})")


__all__ = ["ELEMENTS", "LEVELS", "Player", "greedy_move", "make_player"]
