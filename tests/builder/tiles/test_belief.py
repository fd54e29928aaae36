"""The belief search: exact best replies to a known opponent policy while its hand is hidden."""

from __future__ import annotations

import random
import time
from dataclasses import replace
from math import comb

import pytest

from builder.tiles.belief import BeliefSearch
from builder.tiles.elements import Counts, counts_of, tiles_of
from builder.tiles.greedy import greedy_move, strict_greedy_likelihood, uniform_likelihood
from builder.tiles.inference import World, unseen, worlds
from builder.tiles.players import BELIEF_TILES, SearchPlayer, best_reply
from builder.tiles.solver import Solver
from builder.tiles.state import (
    GameState,
    Move,
    apply,
    deal_from_seed,
    legal_moves,
    parse_deal,
    parse_move,
    start,
)
from builder.tiles.variants import variant

V6 = variant("v6")  # hidden hands and no Chaos round: no chance once the hands are dealt
V7 = variant("v7")


def _margin(state: GameState, seat: int) -> int:
    a, b = state.scores()
    return a - b if seat == 0 else b - a


def _brute(states: list[tuple[GameState, float]], seat: int, uniform: bool) -> float:
    """The hidden game's value for ``seat`` by the rules engine alone (no solver, no packing).

    ``states`` are the worlds (full states, the opponent's hand filled in)
    that agree with what ``seat`` has seen, with their weights. A pure
    strategy of ``seat`` picks one move per such set, so its best value is
    the max over its moves at its turns and, at the opponent's, the
    weighted mean over the moves the policy makes, the worlds split by them.
    """
    total = sum(w for _, w in states)
    first = states[0][0]
    if first.over:
        return sum(w * _margin(s, seat) for s, w in states) / total
    if first.to_move == seat:
        return max(
            _brute([(apply(s, m), w) for s, w in states], seat, uniform) for m in legal_moves(first)
        )
    branches: dict[Move, list[tuple[GameState, float]]] = {}
    for s, w in states:
        moves = legal_moves(s) if uniform else [greedy_move(s)]
        for m in moves:
            branches.setdefault(m, []).append((apply(s, m), w / len(moves)))
    value = 0.0
    for group in branches.values():
        value += sum(w for _, w in group) * _brute(group, seat, uniform)
    return value / total


def _with_hand(state: GameState, seat: int, world: World) -> GameState:
    hands = list(state.hands)
    hands[1 - seat] = world.hand
    return replace(state, hands=(hands[0], hands[1]), pile=tiles_of(world.pile))


def _position(v: str, seed: int, plies: int) -> GameState:
    """A position ``plies`` moves into a game of seed ``seed``: seat 2 greedy, seat 1 not quite."""
    s = start(variant(v), deal_from_seed(variant(v), seed))
    rng = random.Random(seed)
    for _ in range(plies):
        mixed = s.to_move == 0 and rng.random() < 0.4
        s = apply(s, rng.choice(legal_moves(s)) if mixed else greedy_move(s))
    return s


@pytest.mark.parametrize("seed", range(6))
def test_the_belief_value_is_the_brute_force_value_against_greedy(seed: int) -> None:
    s = _position("v6", seed, 8)
    seat = s.to_move
    found = worlds(s, seat, 1.0, strict_greedy_likelihood)
    assert found  # the hand it really holds explains its play if it played greedily
    search = BeliefSearch(Solver(V6, greedy=1 - seat), seat, node_limit=10**6)
    values = search.choose(s, found)
    assert values is not None and search.exact
    # depth 1 is determinized search (a fresh search: values kept from the full one are exact)
    pimc = BeliefSearch(Solver(V6, greedy=1 - seat), seat).values(s, found, 1)
    for move, value in values.items():
        brute = _brute(
            [(_with_hand(apply(s, move), seat, w), w.weight) for w in found], seat, False
        )
        assert value == pytest.approx(brute)
        assert value <= pimc[move] + 1e-9  # knowing the hand later can only look better


def test_determinized_search_fuses_strategies_the_belief_search_does_not() -> None:
    s = _position("v6", 7, 8)  # Player 1 to move; 4 hands explain greedy's play so far
    found = worlds(s, 0, 1.0, strict_greedy_likelihood)
    assert len(found) == 4
    exact = BeliefSearch(Solver(V6, greedy=1), 0).choose(s, found)
    pimc = BeliefSearch(Solver(V6, greedy=1), 0).values(s, found, 1)
    assert exact is not None and pimc is not None
    # determinized search counts on knowing the hand after this move: 1.5 points too hopeful
    assert max(pimc.values()) - max(exact.values()) == pytest.approx(1.5)
    assert max(exact.values()) == pytest.approx(-1.75)


def test_the_belief_value_is_the_brute_force_value_against_a_random_player() -> None:
    s = _position("v6", 3, 10)
    seat = s.to_move
    found = worlds(s, seat, 1.0, uniform_likelihood)
    search = BeliefSearch(Solver(V6, uniform=1 - seat), seat, node_limit=10**6)
    values = search.choose(s, found)
    assert values is not None and search.exact
    for move, value in values.items():
        brute = _brute([(_with_hand(apply(s, move), seat, w), w.weight) for w in found], seat, True)
        assert value == pytest.approx(brute)


def test_one_world_is_the_open_hands_value() -> None:
    s = _position("v7", 1, 4)
    seat = s.to_move
    world = World(s.hands[1 - seat], counts_of(s.pile), 1.0)  # the hand it really holds
    values = BeliefSearch(Solver(V7, greedy=1 - seat), seat).choose(s, [world])
    exact = Solver(V7, greedy=1 - seat).solve(s)
    assert values is not None and values == pytest.approx(exact.moves)


def test_the_opponents_turn_splits_the_worlds_by_its_move() -> None:
    # the worked example's deal: Player 1 opens with FIRE, it is Player 2's turn
    s = apply(start(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7)), parse_move("o:F"))
    search = BeliefSearch(Solver(V7, greedy=1), 0)
    found = worlds(s, 0, 1.0, strict_greedy_likelihood)
    # nothing seen yet: every 7 of the 14 unseen tiles, weighed by how many ways they come
    pool = unseen(s, 0)
    assert pool == (2, 1, 4, 2, 4, 1)  # F I N S W U neither in Player 1's hand nor on the board
    assert all(sum(w.hand) == 7 for w in found)
    assert sum(w.weight for w in found) == pytest.approx(1)
    ways = sum(_ways(pool, w.hand) for w in found)
    assert ways == comb(14, 7)
    pub, belief = search.root(s, found)
    branches = search.split(pub, belief)
    seen = [h for _, worlds_ in branches.values() for h, _ in worlds_]
    assert sorted(seen) == sorted(_after_move(search, pub, belief))  # a partition
    by_move = {code: sum(w for _, w in ws) for code, (_, ws) in branches.items()}
    # greedy beats FIRE with WATER when it holds one, else with the UNKNOWN, else opens
    held_water = sum(w.weight for w in found if w.hand[4])
    assert by_move[(0, 4, 4)] == pytest.approx(held_water)
    only_unknown = sum(w.weight for w in found if not w.hand[4] and w.hand[5])
    assert by_move[(0, 5, 4)] == pytest.approx(only_unknown)
    assert sum(by_move.values()) == pytest.approx(1)


def _ways(pool: Counts, hand: Counts) -> int:
    n = 1
    for k in range(6):
        n *= comb(pool[k], hand[k])
    return n


def _after_move(search: BeliefSearch, pub: tuple, belief: tuple) -> list[tuple[int, int]]:
    """Each world after its greedy move (hand less the tile played), for the partition check."""
    out = []
    for hidden, _ in belief:
        key = search._full(pub, hidden)
        code = search.solver.moves_of(key)[0]
        child = search.solver.step(key, code)
        out.append((child[1], child[9]))
    return out


def test_a_node_budget_stops_the_search_at_a_finished_depth() -> None:
    s = _position("v6", 2, 2)
    found = worlds(s, 0, 1.0, strict_greedy_likelihood)
    search = BeliefSearch(Solver(V6, greedy=1), 0, node_limit=40)
    values = search.choose(s, found)
    assert values is not None and set(values) == set(legal_moves(s))
    assert 1 <= search.depth < 6 and not search.exact and search.nodes <= 41
    late = BeliefSearch(Solver(V7, greedy=1), 0, deadline=time.process_time() - 1)
    assert late.choose(s, found) is None  # out of time before depth 1: the caller falls back


def test_strong_uses_the_belief_search_against_greedy_within_its_budget() -> None:
    strong = SearchPlayer(budget=0.3, hard_limit=0.5)
    strong.evidence = [10, 0, 0]  # a match so far against a player that never conceded able
    greedy_seat = 1
    s = start(V7, deal_from_seed(V7, 4))
    times = []
    while not s.over:
        if s.to_move == greedy_seat:
            s = apply(s, greedy_move(s))
            continue
        t0 = time.process_time()
        s = apply(s, strong.choose(s))
        times.append(time.process_time() - t0)
    assert strong.searches and max(times) < 1.0  # CPU seconds: the machine's load does not count


def test_a_played_tile_weighs_the_hand_by_the_copies_it_held() -> None:
    # the worked example: Player 1 opens with FIRE, Player 2 concedes dawn and opens with STORM
    s = start(V7, parse_deal("FFIIISS/SSFNIWU/FNNNWWW", V7))
    before = apply(s, parse_move("o:F"))
    after = apply(before, parse_move("o:S"))
    found = {w.hand: w.weight for w in worlds(after, 0, concede_when_able=1.0)}
    # brute force over the 14 unseen tiles one by one: every 7 of them is an equally likely
    # deal; the STORM played is one given tile, played one time in (the STORMs held)
    tiles = [k for k in range(6) for _ in range(unseen(before, 0)[k])]
    played = tiles.index(3)
    from itertools import combinations

    posterior: dict[tuple[int, ...], float] = {}
    for dealt in combinations(range(14), 7):
        if played not in dealt:
            continue
        hand = counts_of(tiles[i] for i in dealt if i != played)  # type: ignore[misc]
        storms = sum(1 for i in dealt if tiles[i] == 3)
        posterior[hand] = posterior.get(hand, 0.0) + 1 / storms
    total = sum(posterior.values())
    assert set(found) == set(posterior)
    for hand, weight in posterior.items():
        assert found[hand] == pytest.approx(weight / total)  # type: ignore[index]


@pytest.mark.slow  # 6.6 s of CPU (solver games)
def test_the_belief_carried_on_is_the_one_inferred_afresh() -> None:
    for seed in (5, 6):
        s = start(V7, deal_from_seed(V7, seed))
        search = BeliefSearch(Solver(V7, greedy=1), 0, node_limit=3)
        checked = 0
        while not s.over and not s.chaos:
            if s.to_move == 0:
                fresh = worlds(s, 0, 1.0, strict_greedy_likelihood)
                followed = search.follow(s)
                if s.log:
                    assert followed is not None
                    carried = {w.hand: w.weight for w in search.worlds_of(followed[1])}
                    assert carried == pytest.approx({w.hand: w.weight for w in fresh})
                    assert followed[0] == search.root(s, fresh)[0]
                    checked += 1
                search.choose(s, fresh)  # a tiny budget: it only has to remember the belief
                s = apply(s, legal_moves(s)[-1])
            else:
                s = apply(s, greedy_move(s))
        assert checked >= 5


def test_strong_skips_the_belief_search_against_a_random_player_on_its_second_move() -> None:
    """With 11 or more tiles left in the hands, Strong goes straight to determinized search.

    There the belief search cannot finish one turn deep in Strong's work
    bound (``BELIEF_TILES``); with fewer tiles it still runs, and the
    benchmark's ceiling, which has far more work per move, always runs it.
    """
    s = start(V7, deal_from_seed(V7, 8))
    s = apply(s, parse_move("o:" + next(k.letter for k in tiles_of(s.hands[0]))))
    s = apply(s, legal_moves(s)[-1])  # seat 2 opens the next territory: 12 tiles left
    assert sum(map(sum, s.hands)) == BELIEF_TILES + 2
    strong = SearchPlayer(assume="uniform", book=None)
    move = strong.choose(s)
    assert move in legal_moves(s) and not strong.searches and strong.last_worlds >= 1
    assert best_reply("uniform").belief_tiles > 2 * 7  # the ceiling always tries it
    while sum(map(sum, s.hands)) > BELIEF_TILES:
        s = apply(s, legal_moves(s)[-1])
    if s.to_move == 1:
        s = apply(s, legal_moves(s)[-1])
    strong.choose(s)
    assert strong.searches


def _random_position(v: str, seed: int, plies: int) -> GameState:
    """A position ``plies`` random moves into a game of seed ``seed`` (both seats at random)."""
    s = start(variant(v), deal_from_seed(variant(v), seed))
    rng = random.Random(seed)
    for _ in range(plies):
        s = apply(s, rng.choice(legal_moves(s)))
    return s


def _both_exact(s: GameState, policy: str) -> tuple[dict[Move, float], dict[Move, float]]:
    """The deepening search's and the branch-and-bound search's values, each exact, from scratch."""
    seat = s.to_move
    model = {"uniform": 1 - seat} if policy == "uniform" else {"greedy": 1 - seat}
    likely = uniform_likelihood if policy == "uniform" else strict_greedy_likelihood
    found = worlds(s, seat, 1.0, likely)
    deep = BeliefSearch(Solver(s.variant, **model), seat, node_limit=10**7)
    deepened = deep.choose(s, found)
    assert deepened is not None and deep.exact
    bnb = BeliefSearch(Solver(s.variant, **model), seat, node_limit=10**7)
    bounded = bnb.choose_bounded(s, found)
    assert bounded is not None and bnb.exact
    return deepened, bounded


@pytest.mark.parametrize(
    ("v", "plies", "policy"),
    [
        ("v7", 6, "uniform"),
        ("v7", 7, "uniform"),
        ("v6", 6, "uniform"),
        # about 3 s: the uniform cases hold the bounded search in the quick loop; CI runs
        # this one too
        pytest.param("v7", 6, "greedy", marks=pytest.mark.slow),
    ],
)
def test_branch_and_bound_finds_the_deepening_searchs_exact_value(
    v: str, plies: int, policy: str
) -> None:
    """The bounded search (the benchmark's ceiling) is a new search of the same hidden game.

    On every position of 12 games it gives the best move the exact value
    the deepening search gives, each move it valued exactly that move's
    value, and the rest at most the best (their bound cut them off).
    """
    checked = 0
    for seed in range(40, 52):
        if policy == "greedy":  # seat 2 plays greedily: Player 1 to move
            s = _position(v, seed, plies)
            if s.to_move != 0:
                continue
        else:
            s = _random_position(v, seed, plies)
        if s.over or s.chaos or len(legal_moves(s)) < 2:
            continue
        deepened, bounded = _both_exact(s, policy)
        assert set(bounded) == set(deepened)
        best = max(deepened.values())
        assert max(bounded.values()) == pytest.approx(best, abs=1e-9)
        for move, value in bounded.items():
            assert value <= best + 1e-9
            assert (
                value == pytest.approx(deepened[move], abs=1e-9) or value >= deepened[move] - 1e-9
            )
        checked += 1
    assert checked >= 8


def test_branch_and_bound_value_is_the_brute_force_value_against_a_random_player() -> None:
    """By the rules engine alone (``_brute``), the bounded search's best value is exact."""
    s = _position("v6", 3, 10)
    seat = s.to_move
    found = worlds(s, seat, 1.0, uniform_likelihood)
    search = BeliefSearch(Solver(V6, uniform=1 - seat), seat, node_limit=10**6)
    values = search.choose_bounded(s, found)
    assert values is not None and search.exact
    brute = max(
        _brute([(_with_hand(apply(s, m), seat, w), w.weight) for w in found], seat, True)
        for m in legal_moves(s)
    )
    assert max(values.values()) == pytest.approx(brute)


def test_the_ceiling_follows_its_bounded_search_from_move_to_move() -> None:
    """The ceiling plays a whole game against a random player, every searched move exact.

    From its second move on (its first is the book's, or here a search):
    the bounded search goes on from the belief of the move before.
    """
    ceiling = best_reply("uniform", work=3_000_000, seconds=60)
    rng = random.Random(5)
    s = _random_position("v7", 301, 4)  # past the first moves: each search takes well under 1 s
    while not s.over:
        player_move = ceiling.choose(s) if s.to_move == 0 else rng.choice(legal_moves(s))
        s = apply(s, player_move)
    assert ceiling.searched_moves >= 2
    assert ceiling.exact_moves == ceiling.searched_moves


def test_the_ceiling_takes_its_first_move_from_the_book_when_given_one() -> None:
    """No search finishes a first move in the benchmark's budget: the ceiling plays the book's."""
    from builder.tiles.opening import shipped_book

    book = shipped_book()
    assert book is not None
    s = start(V7, deal_from_seed(V7, 3))
    ceiling = best_reply("uniform", book=book)
    assert ceiling.choose(s) == book.move(s)
    assert ceiling.searched_moves == 0  # a book move is not a searched one


def test_a_moves_shortfall_is_the_exact_values_difference() -> None:
    """Shortfall = exact best value - the move's exact value (the deepening search's, here).

    Zero for the best move, and for every other move the difference of the
    two exact values, on the positions of 12 games 6 random moves in.
    """
    checked = 0
    for seed in range(40, 52):
        s = _random_position("v7", seed, 6)
        if s.over or s.chaos or len(legal_moves(s)) < 2:
            continue
        deepened, _ = _both_exact(s, "uniform")
        best = max(deepened.values())
        seat = s.to_move
        found = worlds(s, seat, 1.0, uniform_likelihood)
        for move, value in deepened.items():
            search = BeliefSearch(Solver(V7, uniform=1 - seat), seat, node_limit=10**7)
            assert search.shortfall(s, found, move) == pytest.approx(best - value, abs=1e-9)
        checked += 1
    assert checked >= 8
