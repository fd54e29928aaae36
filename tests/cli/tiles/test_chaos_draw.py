"""The terminal game shows the draw that decides the Chaos round (issue 33, item 6).

covenants-tile-game.txt: "Chaos Rounds: If players run out of tiles before every
space has been claimed (or the score is a 5-5 draw), they each draw one random tile
per turn from the leftover tiles. If the tiles run out, or one player has no
possible moves on their turn, the game ends."

The deals are the ones tests/builder/tiles/test_rules.py works through by hand.
"""

from __future__ import annotations

from builder.tiles.state import apply, parse_move, start
from harbinger.commands.tiles import draw_note, render
from tests.builder.tiles.test_rules import ALL_ON_DAWN, TIED_AT_DUSK, V7, _deal


def _states(the_deal, moves):  # type: ignore[no-untyped-def]
    s = start(V7, the_deal)
    states = [s]
    for text in moves:
        s = apply(s, parse_move(text, s))
        states.append(s)
    return states


def test_the_draw_that_starts_the_chaos_round_is_named() -> None:
    """Both hands empty before dusk: P1 draws the ICE (the pile's first tile)."""
    *_, before, after = _states(_deal("FSIWNFS", "WNFSINW", "IUFNSWI"), ALL_ON_DAWN)
    assert after.chaos and not before.chaos
    assert draw_note(before, after) == "Chaos round: P1 draws ICE from the pile and must play it."
    assert render(after, 0).splitlines()[-1] == (
        "Chaos round: P1 drew ICE from the pile; the drawn tile must be played"
    )


def test_a_drawn_tile_with_no_move_ends_the_game_and_says_why() -> None:
    """Tied 5-5 at dusk: P1 draws a WATER, which cannot beat dusk's tile: dusk goes to P2."""
    *_, before, after = _states(_deal("FIINNFS", "IFSSIWN", "WUFWWNS"), TIED_AT_DUSK)
    assert after.over and after.markers[6] == 1
    assert draw_note(before, after) == (
        "Chaos round: P1 draws WATER, which has no legal move: "
        "the space #7 goes to P2 and the game ends."
    )
    assert "Chaos round" not in render(after, 0)


def test_a_move_without_a_draw_says_nothing() -> None:
    first, second = _states(_deal("FSIWNFS", "WNFSINW", "IUFNSWI"), ALL_ON_DAWN[:1])
    assert draw_note(first, second) == ""
