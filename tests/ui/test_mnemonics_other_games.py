"""Alt+letters in sight on the other games' sheets: each page of their tabs.

Alt+letter opens a menu or presses a button only when one thing in sight takes that
letter; with two, Qt moves the focus between them (or does nothing) instead. The
Contract's sheet has its own walk (tests/ui/contract/test_mnemonics.py); this one opens
each shipped example of the other games and shows each page of every tab widget in sight.
"""

from __future__ import annotations

from PySide6.QtWidgets import QTabWidget

from tests.ui.mnemonics import in_sight, repeated
from ui.main_window import MainWindow


def test_each_page_of_the_other_games_takes_each_alt_letter_once(
    examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    window.show()
    qtbot.waitExposed(window)
    library = window.workspace.library
    games: set[str] = set()
    for line in window.roster.lines():
        game = library.system_of(line.id)
        if game == "contract":
            continue
        assert window.open_character(line.id)
        games.add(game)
        for tabs in [t for t in window.findChildren(QTabWidget) if t.isVisible()]:
            for i in range(tabs.count()):
                tabs.setCurrentIndex(i)
                assert repeated(in_sight(window)) == {}, (game, line.name, tabs.tabText(i))
    assert {"covenant", "mortal-coil", "coven"} <= games
