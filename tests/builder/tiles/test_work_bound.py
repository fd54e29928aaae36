"""A Strong move's cost is bounded by its work, not by the clock (issue 28, item 5)."""

from __future__ import annotations

import random

from builder.tiles.players import RandomPlayer, SearchPlayer
from builder.tiles.state import apply, deal_from_seed, start
from builder.tiles.variants import variant

V7 = variant("v7")


def _game(work: int, seed: int) -> tuple[list[str], list[int]]:
    """Strong (seat 1, the clock out of play) against a random player: its moves and work."""
    strong = SearchPlayer(budget=1000.0, hard_limit=1000.0, work=work)
    strong.evidence = [0, 0, 2]  # a match so far against a player that wasted the UNKNOWN
    other = RandomPlayer(random.Random(seed))
    s = start(V7, deal_from_seed(V7, seed))
    moves: list[str] = []
    spent: list[int] = []
    while not s.over:
        if s.to_move == 0:
            for solver in strong.solvers.values():
                solver.work = 0
            move = strong.choose(s)
            moves.append(str(move))
            spent.append(max((x.work for x in strong.solvers.values()), default=0))
        else:
            move = other.choose(s)
        s = apply(s, move)
    return moves, spent


def test_every_move_stays_within_its_work_and_is_the_same_whatever_the_clock() -> None:
    moves, spent = _game(4_000, 11)
    assert spent and max(spent) <= 4_000 + 400  # a belief node's worlds may overshoot once
    again, _ = _game(4_000, 11)
    assert again == moves  # no deadline decided anything: the same deal plays the same
