"""The Covenants board: a game by clicks against Easy, hot-seat, undo, refusals, screenshots."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QImage

from builder.tiles.elements import Kind
from builder.tiles.players import make_player
from builder.tiles.record import audit_record
from builder.tiles.state import Action, deal_from_seed, legal_moves
from builder.tiles.variants import variant
from ui.tiles.board import TilesGameWidget

pytestmark = pytest.mark.qt

V7 = variant("v7")
SHOTS = Path(os.environ.get("TILES_SHOTS", "/tmp/tiles-shots"))


def _click_territory(qtbot, widget: TilesGameWidget, t: int) -> None:  # type: ignore[no-untyped-def]
    c = widget.board.territory_center(t)
    qtbot.mouseClick(widget.board, Qt.MouseButton.LeftButton, pos=QPoint(int(c.x()), int(c.y())))


def _click_tile(qtbot, widget: TilesGameWidget, kind: Kind) -> None:  # type: ignore[no-untyped-def]
    button = next(b for b in widget.hand_buttons if b.property("kind") == kind.name)
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)


def _play_first_legal(qtbot, widget: TilesGameWidget) -> None:  # type: ignore[no-untyped-def]
    move = legal_moves(widget.state)[0]
    if move.action is Action.CONCEDE:
        qtbot.mouseClick(widget.concede_button, Qt.MouseButton.LeftButton)
        return
    assert move.tile is not None and move.element is not None
    _click_tile(qtbot, widget, move.tile)
    target = widget.state.pos if move.action is Action.BEAT else widget.state.pos + 1
    assert target in widget.board.targets  # legal targets are highlighted
    if move.tile is Kind.UNKNOWN and move.action is Action.OPEN:
        qtbot.mouseClick(widget.declare_buttons[move.element], Qt.MouseButton.LeftButton)
    _click_territory(qtbot, widget, target)


def _shot(widget: TilesGameWidget, name: str, scale: float) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    image = QImage(int(widget.width() * scale), int(widget.height() * scale),
                   QImage.Format.Format_ARGB32)  # fmt: skip
    image.setDevicePixelRatio(scale)
    image.fill(0xFFFFFFFF)
    widget.render(image)
    path = SHOTS / name
    image.save(str(path))
    return path


def test_a_whole_game_by_clicks_against_easy(qtbot) -> None:  # type: ignore[no-untyped-def]
    widget = TilesGameWidget(
        V7, deal_from_seed(V7, 4), ("Ada", "Computer"), make_player("easy", 4), 1, seed=4
    )
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    widget.show()
    finished = []
    widget.finished.connect(finished.append)
    for _ in range(40):
        if widget.state.over:
            break
        qtbot.waitUntil(lambda: widget.human_to_move() or widget.state.over, timeout=10000)
        if widget.state.over:
            break
        before = len(widget.state.log)
        _play_first_legal(qtbot, widget)
        assert len(widget.state.log) > before
    qtbot.waitUntil(lambda: bool(finished), timeout=10000)
    record = finished[0]
    assert record.finished and audit_record(record).passed
    assert widget.log.count() == len(record.moves)
    assert widget.status.text().startswith("Game over: ")
    assert _shot(widget, "board-1280x800.png", 1.0).exists()
    assert _shot(widget, "board-1280x800@2x.png", 2.0).exists()


def test_refusals_say_why_and_undo_takes_back(qtbot) -> None:  # type: ignore[no-untyped-def]
    widget = TilesGameWidget(V7, deal_from_seed(V7, 4), computer=None)
    qtbot.addWidget(widget)
    widget.resize(1280, 800)
    assert widget.covered and "hand the screen over" in widget.status.text()
    qtbot.mouseClick(widget.show_button, Qt.MouseButton.LeftButton)
    assert not widget.covered
    _click_territory(qtbot, widget, 0)
    assert widget.status.text() == "Pick a tile from your hand first."
    kind = next(k for k in Kind if widget.state.hands[0][k] and k is not Kind.UNKNOWN)
    _click_tile(qtbot, widget, kind)
    _click_territory(qtbot, widget, 3)
    assert "never skipped" in widget.status.text()
    _click_territory(qtbot, widget, 0)
    assert len(widget.state.log) == 1 and widget.covered  # hot-seat: covered for player 2
    qtbot.mouseClick(widget.show_button, Qt.MouseButton.LeftButton)
    wrong = next(
        k for k in Kind
        if widget.state.hands[1][k] and k is not Kind.UNKNOWN
        and all(m.tile is not k or m.action is not Action.BEAT for m in legal_moves(widget.state))
    )  # fmt: skip
    _click_tile(qtbot, widget, wrong)
    _click_territory(qtbot, widget, 0)
    assert widget.status.text().startswith("Not allowed: ") and "does not overcome" in (
        widget.status.text()
    )
    qtbot.mouseClick(widget.undo_button, Qt.MouseButton.LeftButton)
    assert widget.state.log == () and widget.log.count() == 0


def test_replay_a_saved_game_move_by_move(qtbot) -> None:  # type: ignore[no-untyped-def]
    from builder.tiles.record import GameRecord
    from ui.tiles.replay import ReplayWidget

    moves = [
        "o:F",
        "o:S",
        "o:I",
        "b:F",
        "o:S",
        "b:N",
        "b:I",
        "o:S",
        "o:I",
        "o:I",
        "b:F",
        "b:W",
        "b:S",
        "b:U",
    ]
    record = GameRecord(
        "g", ("Thest", "Ada"), "v7", "FFIIISS/SSFNIWU/FNNNWWW", tuple(moves), (4, 6), 1
    )
    widget = ReplayWidget(record)
    qtbot.addWidget(widget)
    assert widget.caption.text() == "the deal — score 0–0"
    qtbot.mouseClick(widget.buttons["Forward"], Qt.MouseButton.LeftButton)
    assert widget.caption.text() == "move 1: Thest opens with FIRE — score 1–0"
    qtbot.mouseClick(widget.buttons["Last"], Qt.MouseButton.LeftButton)
    assert widget.caption.text() == ("move 14: Ada beats with the UNKNOWN as WIND — score 4–6")
