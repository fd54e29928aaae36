"""Playing whole games between computer players, with each move timed (bench and tests)."""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from builder.tiles.players import Player
from builder.tiles.state import Deal, GameState, apply, start
from builder.tiles.variants import Variant


@dataclass
class Tally:
    """One player's results over several games: points, wins/draws/losses, move times."""

    points: int = 0
    against: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    times: list[float] = field(default_factory=list)

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    @property
    def share(self) -> float:
        """Share of all points scored in these games that were this player's."""
        total = self.points + self.against
        return self.points / total if total else 0.5

    def add(self, mine: int, theirs: int) -> None:
        self.points += mine
        self.against += theirs
        if mine > theirs:
            self.wins += 1
        elif mine == theirs:
            self.draws += 1
        else:
            self.losses += 1


def play_game(
    variant: Variant,
    deal: Deal,
    seats: tuple[Player, Player],
    timed: Player | None = None,
    times: list[float] | None = None,
) -> GameState:
    """Play a game to its end; the CPU seconds ``timed`` spends on each move go into ``times``.

    Process CPU time, not wall time: a loaded machine does not make a move
    look slower than it is, and a player's own deadline does not cap it.
    """
    state = start(variant, deal)
    while not state.over:
        player = seats[state.to_move]
        t0 = time.process_time()
        move = player.choose(state)
        if player is timed and times is not None:
            times.append(time.process_time() - t0)
        state = apply(state, move)
    return state


def first_seat(match_seed: int, game_index: int) -> int:
    """Which player of a match takes seat 1 (moves first) in its ``game_index``-th game.

    Reading (the text is silent): who starts is drawn at random for the first
    game and alternates after that.
    """
    return (random.Random(match_seed).randrange(2) + game_index) % 2
