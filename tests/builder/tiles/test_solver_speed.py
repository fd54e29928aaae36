"""The solver's shortcuts (move lists kept by shape, table hits inlined) change no value."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from builder.tiles.elements import Kind, counts_of
from builder.tiles.solver import Solver
from builder.tiles.state import GameState, Placed, apply, deal_from_seed, legal_moves, start
from builder.tiles.variants import variant

V7 = variant("v7")


def _dusk(top: Kind, seat0: tuple[Kind, ...], seat1: tuple[Kind, ...]) -> GameState:
    """Dusk reached: seat 1 ("Player 1") holds dawn, 3rd and 5th, seat 2 the 2nd, 4th and 6th.

    ``top`` is seat 1's tile on dusk; seat 2 is to move; no tiles are left face down.
    """
    s = start(V7, deal_from_seed(V7, 0))
    board = [(Placed(Kind.FIRE, Kind.FIRE, 0),)] * 6 + [(Placed(top, top, 0),)]
    return replace(
        s,
        hands=(counts_of(seat0), counts_of(seat1)),
        pile=(),
        board=tuple(board),
        markers=(0, 1, 0, 1, 0, 1, None),
        pos=6,
        to_move=1,
    )


def test_a_random_player_at_dusk_worked_by_hand() -> None:
    """Rules: "WATER douses FIRE"; "the first 5 spaces worth 1 each, the sixth worth 2, and the
    seventh worth 3"; "A tile may be placed ... on top of the specific element tile that it can
    overcome".

    Seat 1 holds 1 + 1 + 1 = 3 points, seat 2 1 + 1 + 2 = 4, and seat 1's FIRE is on dusk (3).
    Seat 2 holds WATER and ICE: it may douse the FIRE with WATER or concede dusk (ICE overcomes
    nothing there). Conceding: seat 1 has 6, seat 2 has 4, margin -2 for seat 2. Dousing: seat 1
    holds only ICE, which does not overcome WATER (STORM does), so it concedes: 3 against 7,
    margin +4 for seat 2. A random seat 2 makes each move half the time: (4 - 2) / 2 = +1 for it;
    a best-playing one douses: +4. (The solver's ``value`` is seat 1's margin: -1 and -4.)
    """
    s = _dusk(Kind.FIRE, (Kind.ICE,), (Kind.WATER, Kind.ICE))
    assert {str(m) for m in legal_moves(s)} == {"b:W", "c"}
    modelled = Solver(V7, uniform=1)
    assert {str(m): v for m, v in modelled.solve(s).moves.items()} == {"b:W": 4.0, "c": -2.0}
    assert modelled.value(modelled.key_of(s)) == pytest.approx(-1.0)
    best = Solver(V7)
    assert best.value(best.key_of(s)) == pytest.approx(-4.0)


@pytest.mark.parametrize(
    ("variant_id", "model"), [("v7", "uniform"), ("v7", "greedy"), ("v2-cap", "")]
)
def test_a_solver_kept_across_positions_gives_a_fresh_solvers_values(
    variant_id: str, model: str
) -> None:
    """Every position of a few random games: the same values from one solver kept throughout
    (its move lists and table filled by earlier positions) as from a new solver each time."""
    v = variant(variant_id)
    opts = {"uniform": {"uniform": 1}, "greedy": {"greedy": 1}, "": {}}[model]
    kept = Solver(v, **opts)  # type: ignore[arg-type]
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        s = start(v, deal_from_seed(v, seed))
        for _ in range(6):  # into the game, where a fresh solve is quick
            s = apply(s, rng.choice(legal_moves(s)))
        while not s.over:
            if s.to_move == 0 or not model:
                fresh = Solver(v, **opts).solve(s)  # type: ignore[arg-type]
                again = kept.solve(s)
                assert again.moves == pytest.approx(fresh.moves)
                checked += 1
            s = apply(s, rng.choice(legal_moves(s)))
    assert checked >= 6
