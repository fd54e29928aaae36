"""The tile game's operations: a finished game kept in the library, and taken out again.

A game record never changes once played (its moves are its history), so the
only operations are keeping a game (:func:`save_game`) and deleting one
(:func:`delete`); both are one shared ``CharacterCommand`` on the game's own
undo stack, so Edit → Undo takes a save or a deletion back.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.tiles.record import GameRecord

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


def store(library: object, held: GameRecord | None, wanted: GameRecord | None) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (None: no such game)."""
    if wanted is None:
        if held is not None:
            library.delete(held.id)  # type: ignore[attr-defined]
        return
    library.save(wanted)  # type: ignore[attr-defined]


def _commit(
    workspace: Workspace, name: str, before: GameRecord | None, after: GameRecord | None
) -> Change:
    from ui.workspace import Change

    target = after if after is not None else before
    change = Change(name=name, character_id=target.id if target else "", roster=True)
    workspace.commit(change, before, after, store)
    return change


def save_game(workspace: Workspace, game: GameRecord) -> Change:
    """Keep a played game in the library (Undo removes it again)."""
    return _commit(workspace, f"Keep the game {game.name}", None, game)


def delete(workspace: Workspace, game: GameRecord) -> Change:
    """Remove a kept game (Undo puts it back)."""
    return _commit(workspace, f"Delete the game {game.name}", game, None)
