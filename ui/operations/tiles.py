"""The tile game's operations as the desktop runs them: app-layer plans committed with undo.

``harbinger.app.tiles`` works out keeping a played game and deleting one;
each is one shared ``CharacterCommand`` on the game's own undo stack, so
Edit → Undo takes a save or a deletion back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.tiles.record import GameRecord
from harbinger.app import tiles as app

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace

store = app.store


def save_game(workspace: Workspace, game: GameRecord) -> Change:
    """Keep a played game in the library (Undo removes it again)."""
    return workspace.run(app.save_game(game), store)


def delete(workspace: Workspace, game: GameRecord) -> Change:
    """Remove a kept game (Undo puts it back)."""
    return workspace.run(app.delete(game), store)
