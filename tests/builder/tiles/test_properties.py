"""Property tests: random legal games end, never score more than the board, and undo is exact."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from builder.tiles.state import Game, deal_from_seed, legal_moves
from builder.tiles.variants import variants
from tests.hypothesis_profiles import examples

VARIANT_IDS = sorted(variants())


@settings(max_examples=examples(150), deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    choices=st.integers(0, 2**32 - 1),
    variant_id=st.sampled_from(VARIANT_IDS),
)
def test_random_legal_games_end_score_within_the_board_and_undo_exactly(
    seed: int, choices: int, variant_id: str
) -> None:
    v = variants()[variant_id]
    game = Game(v, deal_from_seed(v, seed))
    rng = random.Random(choices)
    seen = [game.state]
    tiles = sum(v.hand_sizes) + v.leftovers
    while not game.state.over:
        moves = legal_moves(game.state)
        assert moves, "a game that is not over always has a move"
        game.play(rng.choice(moves))
        seen.append(game.state)
        assert len(seen) <= tiles + 2
    a, b = game.state.scores()
    assert a + b <= v.total
    while game.can_undo():
        seen.pop()
        assert game.undo() == seen[-1]
    assert game.state == seen[0]
