"""The tile game's operations: a finished game kept in the library, and taken out again.

A game record never changes once played (its moves are its history), so the
only operations are keeping a game (:func:`save_game`) and deleting one
(:func:`delete`). :func:`store` saves or deletes the whole record.
"""

from __future__ import annotations

from builder.tiles.record import GameRecord
from harbinger.app.common import Plan, store_whole

store = store_whole
"""How the library is made to hold a game record (kept whole, never changed)."""


def save_game(game: GameRecord) -> Plan[GameRecord]:
    """Keep a played game in the library (undo removes it again)."""
    return Plan(f"Keep the game {game.name}", None, game, roster=True)


def delete(game: GameRecord) -> Plan[GameRecord]:
    """Remove a kept game (undo puts it back)."""
    return Plan(f"Delete the game {game.name}", game, None, roster=True)
