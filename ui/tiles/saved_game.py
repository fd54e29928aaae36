"""A tile game kept in the library: replayed move by move in the main window and in review.

``SavedGameSheet`` is what the main window shows for a saved game (``ui.systems``
names it); it follows the workspace like every game's sheet. ``ReadOnlyGameSheet``
is review mode's view of a game file: the same replay, plus the moves as words.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLabel, QListWidget, QTabWidget, QVBoxLayout, QWidget

from builder.core.registry import describe_entry
from builder.tiles.record import GameRecord, result_text
from ui.style import ruled_tabs
from ui.tiles.replay import ReplayWidget


def _result(game: GameRecord) -> str:
    text = result_text(game)
    return text[:1].upper() + text[1:]


class SavedGameSheet(QWidget):
    """One saved game in the sheet area: who played, the result and a replay."""

    def __init__(self, workspace: Any, game_id: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character_id = game_id
        self.character: GameRecord = workspace.library.load(game_id)
        self.undo_stack = workspace.stack_for(game_id)
        layout = QVBoxLayout(self)
        title = QLabel(f"<h2>{_escape(self.character.name)}</h2>", self)
        layout.addWidget(title)
        layout.addWidget(QLabel(_result(self.character), self))
        self.replay = ReplayWidget(self.character, self)
        layout.addWidget(self.replay, 1)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class ReadOnlyGameSheet(QWidget):
    """A game file in review mode: the replay, and every move in words."""

    TABS = ("Board", "Moves")

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.character: Any = None
        self.result = QLabel(self)
        self.moves = QListWidget(self)
        self.board_page = QWidget(self)
        QVBoxLayout(self.board_page)
        self.tabs = ruled_tabs(QTabWidget(self))
        self.tabs.addTab(self.board_page, self.TABS[0])
        self.tabs.addTab(self.moves, self.TABS[1])
        layout = QVBoxLayout(self)
        layout.addWidget(self.result)
        layout.addWidget(self.tabs, 1)

    def show_character(self, character: Any) -> None:
        """Show a saved game: its result, a replay, and its moves as the game words them."""
        self.character = character
        self.result.setText(f"{character.name}: {_result(character)}")
        box = self.board_page.layout()
        while box.count():
            item = box.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        try:
            box.addWidget(ReplayWidget(character, self.board_page))
        except ValueError as exc:  # a record that does not replay: the audit says why
            box.addWidget(QLabel(f"This game does not replay: {exc}", self.board_page))
        self.moves.clear()
        for i in range(len(character.moves)):
            self.moves.addItem(f"{i + 1}. {describe_entry(character, i)}")

    def current_tab(self) -> str:
        return self.TABS[self.tabs.currentIndex()]

    def jump_to(self, where: str) -> bool:
        """Select the move a finding points at ("moves[3]"), else show the board."""
        if where.startswith("moves[") and where.endswith("]") and where[6:-1].isdigit():
            self.tabs.setCurrentIndex(1)
            self.moves.setCurrentRow(int(where[6:-1]))
            return True
        self.tabs.setCurrentIndex(0)
        return bool(where)
