"""The exact open-hands solver agrees with the rules engine, and the players play legally."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from builder.tiles.elements import NO_TILES, Kind
from builder.tiles.inference import unseen, worlds
from builder.tiles.match import Tally, play_game
from builder.tiles.players import greedy_move, make_player
from builder.tiles.solver import Solver, TooLarge
from builder.tiles.state import (
    GameState,
    Move,
    Placed,
    apply,
    deal_from_seed,
    legal_moves,
    parse_deal,
    parse_move,
    start,
)
from builder.tiles.variants import variant

V7 = variant("v7")


def test_solver_values_agree_with_the_engine_move_by_move() -> None:
    solver = Solver(V7)
    rng = random.Random(5)
    checked = 0
    for seed in range(6):
        s = start(V7, deal_from_seed(V7, seed))
        for _ in range(4):  # skip into the game, where solves are fast
            s = apply(s, rng.choice(legal_moves(s)))
        while not s.over:
            solution = solver.solve(s)
            for move, value in solution.moves.items():
                child = apply(s, move)
                if child.chaos and not s.chaos:
                    continue  # the engine has drawn a tile; the solver averages the draws
                if child.over:
                    a, b = child.scores()
                    exact = a - b
                else:
                    exact = solver.solve(child).value * (1 if child.to_move == 0 else -1)
                assert value == pytest.approx(exact * (1 if s.to_move == 0 else -1))
                checked += 1
            s = apply(s, rng.choice(legal_moves(s)))
    assert checked > 100


def test_oracle_against_itself_ends_at_the_solved_value_without_chaos() -> None:
    the_deal = deal_from_seed(V7, 3)
    value = Solver(V7).solve(start(V7, the_deal)).value
    oracle = make_player("oracle")
    end = play_game(V7, the_deal, (oracle, oracle))
    a, b = end.scores()
    assert value == -2 and a - b == -2 and not end.chaos


def test_the_worked_example_deal_solved() -> None:
    the_deal = parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7)
    solution = Solver(V7).solve(start(V7, the_deal))
    # Player 2 lost nothing by the example's play: with best play she wins 7-3, not 6-4
    assert solution.value == -4 and {str(m): v for m, v in solution.moves.items()} == {
        "o:F": -4,
        "o:I": -4,
        "o:S": -4,
    }


def test_node_limit_stops_a_search_too_large() -> None:
    v1 = variant("v1")
    with pytest.raises(TooLarge):
        Solver(v1, node_limit=1000).solve(start(v1, deal_from_seed(v1, 0)))


def test_inference_counts_hands_and_weighs_concessions() -> None:
    s = start(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7))
    s = apply(s, parse_move("o:F"))
    s = apply(s, parse_move("o:S"))  # P2 conceded dawn instead of beating FIRE with WATER
    assert unseen(s, 0) == (2, 1, 4, 1, 4, 1)
    blind = worlds(s, 0, concede_when_able=1.0)
    seen = worlds(s, 0, concede_when_able=0.0)
    assert sum(w.weight for w in blind) == pytest.approx(1.0)
    assert all(w.hand[4] == 0 and w.hand[5] == 0 for w in seen)  # no WATER, no UNKNOWN
    assert any(w.hand[4] > 0 for w in blind)
    assert all(sum(w.hand) == 6 and sum(w.pile) == 7 for w in blind)


def test_greedy_beats_when_it_can_else_opens_with_its_least_useful_tile() -> None:
    s = start(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7))
    s = apply(s, parse_move("o:F"))
    assert str(greedy_move(s)) == "b:W"
    s = apply(s, parse_move("o:S"))  # P1 holds no WIND
    # FIRE's prey (ICE): 3 in P1's hand, 1 unseen; ICE's prey (WIND): 4 unseen; STORM's: 4
    assert str(greedy_move(s)) == "o:F"


@pytest.mark.parametrize(
    "level",
    # Strong spends up to its move-time budget on every move: two games cost about 3 s of CPU
    # (23 s under load in the quick loop), so the quick loop leaves it to CI.
    ["random", "greedy", "easy", "normal", pytest.param("strong", marks=pytest.mark.slow)],
)
def test_every_level_finishes_games_legally(level: str) -> None:
    player = make_player(level, 1)
    other = make_player("greedy")
    tally = Tally()
    for seed in range(2):
        seats = (player, other) if seed % 2 == 0 else (other, player)
        end = play_game(V7, deal_from_seed(V7, seed), seats, player, tally.times)
        assert end.over
        sc = end.scores()
        tally.add(sc[seed % 2], sc[1 - seed % 2])
    assert tally.games == 2 and len(tally.times) >= 7
    assert max(tally.times) < 2.0


def test_the_solvers_greedy_model_is_the_greedy_player() -> None:
    from builder.tiles.solver import _CODE

    rng = random.Random(11)
    checked = 0
    for seed in range(30):
        s = start(V7, deal_from_seed(V7, seed))
        model = Solver(V7, greedy=s.to_move)
        while not s.over:
            model.greedy = s.to_move
            key = model.key_of(s)
            hand = key[0] if s.to_move == 0 else key[1]
            assert model._moves(key, hand) == [_CODE[greedy_move(s)]]
            checked += 1
            s = apply(s, rng.choice(legal_moves(s)))
    assert checked == 293


def test_who_starts_is_random_then_alternates() -> None:
    from builder.tiles.match import first_seat

    assert [first_seat(7, g) for g in range(4)] in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert {first_seat(s, 0) for s in range(20)} == {0, 1}


def test_evidence_from_the_worked_example() -> None:
    from builder.tiles.inference import concession_evidence, wasteful_unknowns
    from builder.tiles.state import replay

    moves = "o:F o:S o:I b:F o:S b:N b:I o:S o:I o:I b:F b:W b:S b:U".split()  # noqa: SIM905
    end = list(
        replay(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7), [parse_move(m) for m in moves])
    )[-1]
    # Player 2 conceded three times, each time holding the UNKNOWN she played at the end
    # (and at dawn the WATER too): each concession is proven made "while able"
    assert concession_evidence(end, 0) == (3, 3)
    assert concession_evidence(end, 1) == (3, 0)
    assert wasteful_unknowns(end, 1) == 0
    wasteful = apply(start(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7)), parse_move("o:F"))
    wasteful = apply(wasteful, parse_move("o:U=S"))
    assert wasteful_unknowns(wasteful, 1) == 1


@pytest.mark.slow  # 3.7 s of CPU (solver games)
def test_strong_takes_a_never_conceding_when_able_opponent_for_greedy() -> None:
    from builder.tiles.players import SearchPlayer

    strong = SearchPlayer(budget=0.2)
    greedy = make_player("greedy")
    models = []
    for seed in range(3):
        s = start(V7, deal_from_seed(V7, seed))
        while not s.over:
            if s.to_move == 0:
                models.append(strong._observe(s))
                s = apply(s, strong.choose(s))
            else:
                s = apply(s, greedy.choose(s))
    assert models[0] == "" and models[-1] == "greedy"


def test_the_concession_evidence_rate_is_learned_over_a_match() -> None:
    from builder.tiles.players import SearchPlayer

    strong = SearchPlayer()
    assert strong._concession_rate(0, 0) == pytest.approx(1 / 3)  # prior: 1 in 4 proven
    strong.evidence = [20, 0, 0]
    assert strong._concession_rate(0, 0) == 0.05  # never while able: strong evidence
    strong.evidence = [40, 20, 0]
    assert strong._concession_rate(2, 1) == pytest.approx(22 / 24)  # about half: little evidence
    assert SearchPlayer(concede_when_able=1.0)._concession_rate(5, 0) == 1.0


def _chaos_position(pile: tuple[Kind, ...]) -> GameState:
    """Chaos round on v7, seat 1 to play its drawn ICE on territory 5, which holds seat 2's STORM.

    Dawn and territory 2 are seat 1's, territories 3 and 4 seat 2's (1 point
    each: "the first 5 spaces worth 1 each, the sixth worth 2, and the
    seventh worth 3"); the hands are empty and ``pile`` is what is left.
    """
    s = start(V7, deal_from_seed(V7, 0))
    board = ((),) * 4 + ((Placed(Kind.STORM, Kind.STORM, 1),),) + ((),) * 2
    return replace(
        s,
        hands=((0, 1, 0, 0, 0, 0), NO_TILES),
        pile=pile,
        board=board,
        markers=(0, 0, 1, 1, None, None, None),
        pos=4,
        to_move=0,
        chaos=True,
    )


def _engine_value(state: GameState, random_seat: int) -> float:
    """Seat 1's margin by the rules engine alone: ``random_seat`` moves at random, the other best.

    The pile's order is chance: after each move the engine draws ``pile[0]``,
    so every tile kind left is put first in turn, weighed by its count (no
    player may choose knowing the order).
    """
    if state.over:
        a, b = state.scores()
        return a - b
    values = [_after_move(state, m, random_seat) for m in legal_moves(state)]
    if state.to_move == random_seat:
        return sum(values) / len(values)
    return max(values) if state.to_move == 0 else min(values)


def _after_move(state: GameState, move: Move, random_seat: int) -> float:
    """The value after ``move``, averaged over which tile of the pile is drawn next."""
    pile = state.pile
    if not pile:
        return _engine_value(apply(state, move), random_seat)
    total = 0.0
    for kind in set(pile):
        rest = list(pile)
        rest.remove(kind)
        drawn_first = replace(state, pile=(kind, *rest))
        total += pile.count(kind) * _engine_value(apply(drawn_first, move), random_seat)
    return total / len(pile)


def test_the_random_player_model_plays_its_chaos_draws_at_random() -> None:
    """A random player plays the tile it draws in the Chaos round at random, not at its best.

    Rules: "they each draw one random tile per turn from the remaining (7)
    tiles"; "FIRE melts ICE freezes WIND blows STORM shocks WATER douses
    FIRE"; "the player without a possible move forfeits the space they would
    play on". Seat 1's ICE cannot beat STORM: it opens territory 6 (2 points),
    conceding territory 5 to seat 2 (margin 2 - 2 - 1 = -1). The pile holds
    FIRE and WATER, drawn in either order:

    - seat 2 draws FIRE (FIRE melts ICE): beating territory 6 leaves seat 1
      its WATER to douse the FIRE and take it back (-1 + 2 = +1); opening dusk
      with FIRE concedes territory 6 (+2) and seat 1's WATER douses it, dusk
      too (-1 + 2 + 3 = +4). Seat 2 at its best: +1; at random: 2.5.
    - seat 2 draws WATER: it cannot beat ICE, opens dusk conceding territory 6
      (+2), and seat 1's FIRE fits nowhere at dusk: forfeited (-1 + 2 - 3 = -2).

    Value for seat 1: (1 - 2) / 2 = -0.5 against the best play, (2.5 - 2) / 2
    = 0.25 against the random player.
    """
    s = _chaos_position((Kind.FIRE, Kind.WATER))
    assert Solver(V7).solve(s).value == -0.5
    assert Solver(V7, uniform=1).solve(s).value == 0.25
    assert _engine_value(s, 1) == 0.25
    assert _engine_value(s, 2) == -0.5  # no seat plays at random


def test_the_random_player_model_agrees_with_the_engine_in_chaos_rounds() -> None:
    """On every Chaos-round position of a few games, the model's value is the engine's.

    The engine's value (``_engine_value``) draws each tile left in turn,
    averages the random seat's moves and takes the other's best.
    Mostly greedy play (it beats whenever it can) uses up the hands before
    dusk, so the games reach the Chaos round.
    """
    rng = random.Random(3)
    checked = 0
    for seed in range(30):
        s = start(V7, deal_from_seed(V7, seed))
        while not s.over and (not s.chaos or len(s.pile) > 5):
            s = apply(s, greedy_move(s) if rng.random() < 0.8 else rng.choice(legal_moves(s)))
        if s.over:
            continue
        for seat in (0, 1):
            want = _engine_value(s, seat)
            solution = Solver(V7, uniform=seat).solve(s)
            got = solution.value * (1 if s.to_move == 0 else -1)
            if s.to_move == seat:  # the root is always searched for the mover's best
                continue
            assert got == pytest.approx(want)
            checked += 1
    assert checked == 8
