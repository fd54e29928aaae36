"""Covenants in the main window: a played game is kept in the library, replayed, reviewed.

The game is the rules text's worked example (deal FFIIISS/SSFNIWU/FNNNWWW, 14
moves): Player 2 wins 6–4. A kept game is one undoable operation on the
game's own stack; it opens from the roster as a replay, exports as a
``harbinger.tiles-game`` file and opens in review mode with every move worded.
"""

from __future__ import annotations

from pathlib import Path

from builder.tiles.record import GameRecord, record_of
from builder.tiles.state import parse_deal, parse_move, replay
from builder.tiles.variants import variant
from ui.main_window import MainWindow
from ui.systems import system_ui
from ui.tiles.board import TilesGameWidget
from ui.tiles.play_dialog import PlayTilesDialog
from ui.tiles.saved_game import ReadOnlyGameSheet, SavedGameSheet

V7 = variant("v7")
DEAL = "FFIIISS/SSFNIWU/FNNNWWW"
MOVES = ["o:F", "o:S", "o:I", "b:F", "o:S", "b:N", "b:I", "o:S", "o:I", "o:I", "b:F", "b:W"]
MOVES += ["b:S", "b:U"]


def worked_example() -> GameRecord:
    end = list(replay(V7, parse_deal(DEAL, V7), [parse_move(m) for m in MOVES]))[-1]
    return record_of(end, ("Thest", "Ada"), DEAL, "game-1", played_at="2026-11-24T12:00:00Z")


def test_a_played_game_is_kept_replayed_undone_and_reviewed(
    window: MainWindow, tmp_path: Path, qtbot
) -> None:
    window.actions["play_tiles"].trigger()
    dialog = window.current_dialog
    assert isinstance(dialog, PlayTilesDialog)
    dialog.opponent.setCurrentIndex(0)  # the computer, easy
    dialog.start_button.click()
    assert isinstance(dialog.board, TilesGameWidget)
    # The board reports a finished game with this signal; the worked example stands in.
    dialog.board.finished.emit(worked_example())
    assert window.workspace.library.load("game-1") == worked_example()
    assert window.workspace.stack_for("game-1").undoText() == "Keep the game Thest vs Ada"
    dialog.close()

    assert system_ui("tiles").show(window, "game-1")  # what a double-click in the roster does
    sheet = window.game_sheet
    assert isinstance(sheet, SavedGameSheet)
    assert sheet.replay.slider.maximum() == len(MOVES)

    export = tmp_path / "game.json"
    window.export_file(export)
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=20000)
    window.actions["review"].trigger()
    review = window.review_window
    with qtbot.waitSignal(review.files_loaded, timeout=30000):
        review.open_paths([export])
    review.select_file("game.json")
    shown = review.sheet.for_system("tiles")
    assert isinstance(shown, ReadOnlyGameSheet)
    assert shown.result.text() == "Thest vs Ada: Ada won, 4–6"
    assert shown.moves.count() == 14
    assert shown.moves.item(13).text() == "14. beats with the UNKNOWN as WIND"

    window.workspace.undo_group.setActiveStack(window.workspace.stack_for("game-1"))
    window.workspace.stack_for("game-1").undo()
    assert not window.workspace.library.exists("game-1")
