"""Two small looks of the roster (issue 29, item 3): the leader's due badge in a column of
its own beside the names, and rows that follow a font changed while the app runs."""

from __future__ import annotations

from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import QApplication

from models.values import RosterRow
from ui.roster import DUE_COLUMN, RosterPanel, cell_text
from ui.style import apply_theme

DEFAULT_WIDTH = 380
"""The roster's width in a new main window (``ui.main_window``: the splitter's sizes)."""


def _rows() -> list[RosterRow]:
    names = ["Ines Varga", "Bartholomew Quincey-Stavros", "Lex"]
    return [
        RosterRow(f"c{i}", name, "Dana", 3, True, "unreviewed", "2026-05-01 09:30", "contract", "")
        for i, name in enumerate(names)
    ]


def _panel(qtbot) -> RosterPanel:  # type: ignore[no-untyped-def]
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows(_rows())
    roster.resize(DEFAULT_WIDTH, 400)
    roster.show()
    qtbot.waitExposed(roster)
    return roster


def test_the_due_badge_has_its_column_beside_the_names(qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = _panel(qtbot)
    header = roster.tree.header()
    assert roster.tree.isColumnHidden(DUE_COLUMN)  # nothing due: no column
    roster.set_badges({"c0": ["Loose End"], "c1": ["Gift Credits", "Improvements"]})
    assert not roster.tree.isColumnHidden(DUE_COLUMN)
    assert header.visualIndex(DUE_COLUMN) == 1  # right after Name
    lines = {line.id: line for line in roster.lines()}
    assert cell_text(lines["c0"], 0) == "Ines Varga"  # the name is never followed by it
    assert cell_text(lines["c0"], DUE_COLUMN) == "⚑ 1"  # the flag and how many
    assert cell_text(lines["c1"], DUE_COLUMN) == "⚑ 2"
    assert cell_text(lines["c2"], DUE_COLUMN) == ""
    metrics = roster.tree.fontMetrics()
    # Names whole, and the flag always in sight at the default width.
    assert header.sectionSize(0) >= metrics.horizontalAdvance("Bartholomew Quincey-Stavros")
    assert header.sectionSize(DUE_COLUMN) >= metrics.horizontalAdvance("⚑ 2")
    # The words are in the tooltip: the Due cell's, and the name's.
    index = roster.model.index(2, DUE_COLUMN)  # Dana's row, Bartholomew, Ines
    assert index.data(3) == "Due: Loose End"
    assert roster.model.index(1, DUE_COLUMN).data(3) == "Due: Gift Credits, Improvements"
    assert "due: Loose End" in roster.model.index(2, 0).data(3)

    roster.set_badges({})
    assert roster.tree.isColumnHidden(DUE_COLUMN)


def test_rows_follow_the_application_font_changed_while_running(app: QApplication, qtbot) -> None:  # type: ignore[no-untyped-def]
    """The styled application (as the app runs): a new application font reaches the widgets
    when the style is applied again (Preferences' theme does it)."""
    roster = _panel(qtbot)
    rows = roster.tree.verticalHeader()
    before = rows.defaultSectionSize()
    old = app.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * 2)
    try:
        app.setFont(big)
        apply_theme(app)
        qtbot.waitUntil(lambda: roster.tree.font().pointSizeF() == big.pointSizeF())
        assert rows.defaultSectionSize() == QFontMetrics(big).height() + 6 > before
        assert roster.tree.rowHeight(1) == rows.defaultSectionSize()
        width = roster.tree.header().sectionSize(0)
        assert width >= QFontMetrics(big).horizontalAdvance("Bartholomew Quincey-Stavros")
    finally:
        app.setFont(old)
        apply_theme(app)
    qtbot.waitUntil(lambda: rows.defaultSectionSize() == before)


def test_rows_follow_a_font_given_to_the_roster(app: QApplication, qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = _panel(qtbot)
    roster.setStyleSheet("font-size: 5pt")
    small = roster.tree.font()
    assert small.pointSizeF() == 5
    assert roster.tree.verticalHeader().defaultSectionSize() == QFontMetrics(small).height() + 6
    player_row = roster.model.index(0, 0)
    assert player_row.data(6).pointSizeF() == 5  # the bold player row too


def test_badges_that_change_nothing_on_screen_rebuild_nothing(qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = _panel(qtbot)
    roster.set_badges({"c0": ["Loose End"]})
    resets: list[int] = []
    changed: list[int] = []
    roster.model.modelReset.connect(lambda: resets.append(1))
    roster.model.dataChanged.connect(lambda a, _b: changed.append(a.row()))
    roster.set_badges({"c0": ["Loose End"]})  # the same again
    assert (resets, changed) == ([], [])
    roster.set_badges({"c0": ["Loose End"], "c2": ["Loose End"]})  # a text already shown
    assert (resets, changed) == ([], [3])  # Dana's row, Bartholomew, Ines, Lex
    assert roster.model.index(3, DUE_COLUMN).data() == "⚑ 1"
    roster.set_badges({})  # the column goes: the list is laid out again
    assert resets == [1]
    assert roster.tree.isColumnHidden(DUE_COLUMN)


def test_with_short_names_the_due_column_fits_the_default_width(qtbot) -> None:  # type: ignore[no-untyped-def]
    roster = RosterPanel()
    qtbot.addWidget(roster)
    roster.set_rows([r for r in _rows() if r.id != "c1"])  # Ines Varga, Lex
    roster.resize(DEFAULT_WIDTH, 400)
    roster.show()
    qtbot.waitExposed(roster)
    roster.set_badges({"c0": ["Gift Credits", "Improvements", "Loose End"]})
    tree = roster.tree
    assert tree.horizontalScrollBar().maximum() == 0  # no sideways scroll for the badge
    metrics = tree.fontMetrics()
    assert tree.header().sectionSize(DUE_COLUMN) >= metrics.horizontalAdvance("⚑ 3")
    assert tree.header().sectionSize(0) >= metrics.horizontalAdvance("Ines Varga")
