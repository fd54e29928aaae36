"""The roster fits its panel: no word cut at the default width, no sideways scroll after the
application font doubles (issue 29, trust item 2).

A new main window gives the roster 380 pixels. With the example library and the
leader's badges on, the six columns once showed "Seaso…", "Unrev…", "The C…"; a
doubled font scrolled sideways. The cells now show short forms ("⚑ 4", "○",
"Mortal Coil"), whole in their tooltips, and a column that cannot fit whole is
left out (Game first: the name's tooltip names the game).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication

from ui.contract.dialogs.due import refresh_badges
from ui.main_window import MainWindow
from ui.roster import _TEXT_MARGIN, DUE_COLUMN, GAME_COLUMN, RosterPanel
from ui.settings import AppSettings
from ui.style import apply_theme


def _examples_with_badges(open_window: Callable[..., MainWindow], path: Path, qtbot) -> MainWindow:  # type: ignore[no-untyped-def]
    window = open_window(path)
    window.resize(1280, 800)
    window.load_examples()
    qtbot.waitUntil(lambda: len(window.roster.lines()) >= 5, timeout=20000)
    assert refresh_badges(window)  # the leader asked: Ines Varga has something due
    qtbot.waitUntil(lambda: not window.roster.tree.isColumnHidden(DUE_COLUMN))
    return window


def _cut(roster: RosterPanel) -> list[str]:
    """Every shown cell and column title whose text is wider than its column's room."""
    tree, model = roster.tree, roster.model
    header = tree.header()
    metrics = tree.fontMetrics()
    titles = header.fontMetrics()
    cut = []
    for col in range(1, len(roster.COLUMNS)):
        if tree.isColumnHidden(col):
            continue
        room = header.sectionSize(col) - 2 * _TEXT_MARGIN
        if titles.horizontalAdvance(roster.TITLES[col]) > room:
            cut.append(f"title {roster.TITLES[col]!r}")
        for row in range(model.rowCount()):
            if model.is_player_row(row):
                continue
            text = str(model.index(row, col).data() or "")
            if metrics.horizontalAdvance(text) > room:
                cut.append(f"{roster.COLUMNS[col]} {text!r} in {header.sectionSize(col)} px")
    return cut


def test_every_column_is_whole_at_the_default_width_with_badges(
    open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window = _examples_with_badges(open_window, library_path, qtbot)
    roster = window.roster
    tree = roster.tree
    assert roster.width() <= 400  # the default panel, not one widened to fit
    assert all(not tree.isColumnHidden(c) for c in range(len(roster.COLUMNS)))
    assert _cut(roster) == []
    assert tree.horizontalScrollBar().maximum() == 0
    names = {line.name: line for line in roster.lines()}
    varga = next(
        r for r in range(roster.model.rowCount()) if roster.model.index(r, 0).data() == "Ines Varga"
    )
    assert roster.model.index(varga, DUE_COLUMN).data() == f"⚑ {len(names['Ines Varga'].badges)}"
    assert roster.model.index(varga, DUE_COLUMN).data(3).startswith("Due: Loose End, ")
    assert roster.model.index(varga, 3).data() == "○"
    assert roster.model.index(varga, 3).data(3) == "Unreviewed"
    assert roster.model.index(varga, GAME_COLUMN).data(3) == "The Contract"


def test_a_doubled_font_brings_no_sideways_scroll(
    app: QApplication, open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    window = _examples_with_badges(open_window, library_path, qtbot)
    roster = window.roster
    tree = roster.tree
    old = app.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 2)
    try:
        app.setFont(big)
        apply_theme(app)
        qtbot.waitUntil(lambda: tree.font().pointSizeF() == big.pointSizeF())

        def settled() -> None:  # the layout settles (the splitter, the header's font)
            assert tree.horizontalScrollBar().maximum() == 0
            assert _cut(roster) == []

        qtbot.waitUntil(settled, timeout=5000)
        assert not tree.isColumnHidden(1) and not tree.isColumnHidden(DUE_COLUMN)
        width = tree.header().sectionSize(0)
        assert width >= tree.fontMetrics().horizontalAdvance("Ines Okafor-Vell")
    finally:
        app.setFont(old)
        apply_theme(app)
    qtbot.waitUntil(lambda: not tree.isColumnHidden(GAME_COLUMN))  # room again: back


def test_the_font_alone_doubled_while_the_app_runs_reaches_the_roster_which_refits(
    app: QApplication, open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Only the application font changes (as a desktop's font setting does), no theme is
    re-applied: Qt does not hand a new application font to widgets under an application
    style sheet, so the roster kept its old font, or kept the Name column's old width.
    Now the font reaches every widget and the roster refits: no sideways scroll, no cut
    cell, the longest example name whole. Re-applying the theme afterwards (Preferences)
    keeps the user's doubled font instead of bringing the old size back."""
    window = _examples_with_badges(open_window, library_path, qtbot)
    window.show()
    roster = window.roster
    tree = roster.tree
    old = app.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 2)
    narrow = tree.header().sectionSize(0)

    def settled() -> None:
        assert tree.font().pointSizeF() == big.pointSizeF()
        assert roster.search.font().pointSizeF() == big.pointSizeF()
        assert tree.horizontalScrollBar().maximum() == 0
        assert _cut(roster) == []
        assert tree.header().sectionSize(0) >= tree.fontMetrics().horizontalAdvance(
            "Ines Okafor-Vell"
        )

    try:
        app.setFont(big)
        qtbot.waitUntil(settled, timeout=5000)
        assert tree.header().sectionSize(0) > narrow
        apply_theme(app)
        qtbot.wait(50)
        settled()
        assert app.font().pointSizeF() == big.pointSizeF()
    finally:
        app.setFont(old)
    qtbot.waitUntil(lambda: tree.font().pointSizeF() == old.pointSizeF(), timeout=5000)
    qtbot.waitUntil(lambda: not tree.isColumnHidden(GAME_COLUMN))  # room again: back


def test_columns_the_user_hides_stay_hidden_in_the_next_run(
    open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """Right-click on the titles: a check per column after Name. Unchecking Victories hides
    it, gives its room to the others and is remembered in the settings; a new window
    on the same settings opens with it hidden; checking it again brings it back."""
    window = _examples_with_badges(open_window, library_path, qtbot)
    roster = window.roster
    header = roster.tree.header()
    header.customContextMenuRequested.emit(header.rect().center())
    menu = roster.column_menu
    assert [a.text() for a in menu.actions()] == [
        "Show Due",
        "Show Status",
        "Show Victories",
        "Show Approval",
        "Show Game",
    ]
    assert all(a.isChecked() for a in menu.actions())
    name_before = header.sectionSize(0)
    menu.actions()[2].trigger()  # Victories off
    menu.close()
    assert roster.tree.isColumnHidden(2)
    assert header.sectionSize(0) > name_before  # its room went to the names
    assert AppSettings().roster_hidden_columns() == ["Victories"]
    window.close()

    again = open_window(library_path)
    assert again.roster.tree.isColumnHidden(2)
    assert not again.roster.column_shown(2)
    again.roster.set_column_shown(2, True)
    assert not again.roster.tree.isColumnHidden(2)
    assert AppSettings().roster_hidden_columns() == []


def test_ctrl_shift_d_opens_what_is_due_and_badges_the_roster(
    open_window: Callable[..., MainWindow], library_path: Path, qtbot
) -> None:  # type: ignore[no-untyped-def]
    """The leader's list of what is due has a key of its own, like the other View entries."""
    from PySide6.QtCore import Qt

    from ui.contract.dialogs.due import DueDialog

    window = open_window(library_path)
    window.load_examples()
    qtbot.waitUntil(lambda: len(window.roster.lines()) >= 5, timeout=20000)
    assert window.actions["what_is_due"].shortcut().toString() == "Ctrl+Shift+D"
    window.activateWindow()
    qtbot.keyClick(
        window,
        Qt.Key.Key_D,
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
    )
    qtbot.waitUntil(lambda: isinstance(window.current_dialog, DueDialog))
    assert "Ines Varga (Dana)" in window.current_dialog.messages()
    assert not window.roster.tree.isColumnHidden(DUE_COLUMN)
    window.current_dialog.reject()


def test_every_title_says_its_column_in_words_and_how_to_choose_columns(qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = RosterPanel()
    qtbot.addWidget(roster)
    header = roster.tree.header()
    tips = [header.model().headerData(c, header.orientation(), 3) for c in range(header.count())]
    assert tips[2] == "Victories\nRight-click the titles to choose the columns shown."
    assert tips[3].startswith("Approval: ✓ approved, ○ unreviewed, ✎ changes requested\n")
    assert all(tip.endswith(RosterPanel.COLUMNS_HINT) for tip in tips)
