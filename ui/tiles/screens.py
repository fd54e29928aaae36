"""What the Covenants tile game adds to the desktop app (``ui.contributions``): a saved
game's sheet, "Play Covenants…", deletion and the review sheet.

Read at start-up: every function imports its screens when first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.contributions import (
    ReviewWords,
    SystemUi,
    WindowAction,
    open_dialog,
    print_by_registry,
    show_sheet,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.workspace import Change, Workspace


def _show(window: Any, game_id: str) -> bool:
    from ui.tiles.saved_game import SavedGameSheet

    return show_sheet(window, game_id, lambda: SavedGameSheet(window.workspace, game_id, window))


def _delete(workspace: Workspace, game: Any) -> Change:
    from ui.operations.tiles import delete

    return delete(workspace, game)


def _review_sheet(parent: QWidget | None) -> Any:
    from ui.tiles.saved_game import ReadOnlyGameSheet

    return ReadOnlyGameSheet(parent)


def play(window: Any) -> None:
    """Open a game; a finished game is kept in the library (undoably)."""
    if window.workspace.library is None:
        return
    from ui.operations.tiles import save_game
    from ui.tiles.play_dialog import PlayTilesDialog

    dialog = PlayTilesDialog(window)
    dialog.kept.connect(
        lambda game: window.run_operation(lambda: save_game(window.workspace, game))
    )
    open_dialog(window, dialog)


SCREENS = SystemUi(
    "tiles",
    _show,
    print_by_registry,
    _delete,
    _review_sheet,
    ReviewWords("Whole game", "The game: players, deal, result", "Moves"),
    roster_label="Covenants (tile game)",
    roster_short="Tiles",
    actions=(
        WindowAction(
            "play_tiles",
            "Play &Covenants…",
            play,
            "Ctrl+Shift+G",
            "Play the Covenants tile game against the computer or a friend; keep finished games",
        ),
    ),
)
