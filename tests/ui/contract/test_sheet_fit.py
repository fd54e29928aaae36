"""The sheet fits a 1280-pixel window with the app font at 1.5×: no sideways scroll.

At 1.5× the sheet once asked for 929 pixels where its scroll area had 754: the
header's figures line and its check sat on one line that could not wrap, the
name and the two header buttons on another, and the Exp tab put its two figure
columns side by side whatever the width. Those now wrap or stack when short of
room, and stay side by side when there is room for them.

With the Dice dock open as well, the roster (508 pixels at 1.5×, held by its
Status filter's longest choice) left the sheet 430: the sheet scrolled sideways,
and the Concept tab, in a scroll area of its own, squeezed its Assets table's
Details column to 38 pixels. Now the roster's filters shrink, the roster gives
way to a sheet that would scroll, a tab's own scroll area asks for its page's
width, and the Concept tab puts its tables under the concept when the Assets
table (Details at least 10 "M" wide) does not fit beside it.

The Dice dock is 18 "M" wide. In a plain scroll area its word-wrapped labels got
the height of fewer lines than they wrap to at that width (a Battle Scar's
words, the pool), and its form layouts laid wrapped rows out a line short once
their text changed; the Stats and Stock tabs, the Exp log's Entry column and
every scroll area of a tab are held to the same rule: nothing cut short,
nothing scrolling sideways, at 1×, 1.5× and 2× the font.

Beside the dock the Story tab's Contracts table gave Scenario 71 pixels while
Commission, a "yes", was titled in full: Scenario now keeps 8 "M". The header's
figures wrap between figures, with no "·" left at the end of a line.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QApplication,
    QDockWidget,
    QLabel,
    QScrollArea,
    QTableWidget,
    QWidget,
)

from ui.contract.dice_panel import DicePanel
from ui.contract.sheet.story_tab import SCENARIO_EMS
from ui.main_window import MainWindow
from ui.style import apply_theme
from ui.widgets.reflow import ReflowRow


def _scroll_area(window: MainWindow) -> QScrollArea:
    widget = window.sheet.parentWidget()
    while not isinstance(widget, QScrollArea):
        widget = widget.parentWidget()
    return widget


def _sideways(page: QWidget) -> list[str]:
    """The scroll areas of a sheet's tab (the tab itself, its page, a table) shown
    scrolling sideways, with by how much (those that may show a sideways scroll bar)."""
    areas = page.findChildren(QAbstractScrollArea)
    if isinstance(page, QAbstractScrollArea):
        areas.append(page)
    never = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
    # a log of one line per entry (the Exp log) scrolls rather than squeeze its Entry
    shown = [
        a
        for a in areas
        if a.isVisible()
        and a.horizontalScrollBarPolicy() != never
        and not getattr(a, "scroll_keeps_ems", 0)
    ]
    return [
        f"{type(a).__name__} in {type(a.parentWidget()).__name__}: {bar.maximum()}"
        for a in shown
        if (bar := a.horizontalScrollBar()).maximum() > 0
    ]


def _contractors(window: MainWindow) -> list[str]:
    library = window.workspace.library
    return [line.id for line in window.roster.lines() if library.system_of(line.id) == "contract"]


@contextmanager
def _at_one_and_a_half(
    app: QApplication, window: QWidget, qtbot, scale: float = 1.5
) -> Iterator[QFont]:
    """``window`` shown at 1280×800 with the app font ``scale`` times as big (and the
    theme applied again, as the app does); the font and theme come back afterwards."""
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    old = app.font()
    big = QFont(old)
    big.setPointSizeF(old.pointSizeF() * scale)
    try:
        app.setFont(big)
        apply_theme(app)
        yield big
    finally:
        app.setFont(old)
        apply_theme(app)


def _assert_reflowed(sheet: QWidget, qtbot) -> None:
    """Every ReflowRow of the sheet (of the tabs built so far) puts its parts side by side
    exactly when they fit so."""
    rows = sheet.findChildren(ReflowRow)
    assert len(rows) >= 7  # header, Exp, Stats, Stock's three pairs and Load

    def settled() -> None:
        wrong = [r for r in rows if r.side_by_side() != (r.width() >= r.row_width())]
        assert wrong == []

    qtbot.waitUntil(settled, timeout=3000)


def _assert_exp_log_readable(sheet, qtbot) -> None:
    """The Exp log shows eight entries, its Entry column at least 12 "M" wide (the log
    scrolls sideways rather than cut every entry to a word)."""
    sheet.tabs.setCurrentWidget(sheet.exp_tab)
    table = sheet.exp_tab.log.table
    header = table.horizontalHeader()
    entry = _column(table, "Entry")
    assert table.rowCount() >= 8  # Ines Varga's log is longer than that

    def readable() -> None:
        assert header.sectionSize(entry) >= table.fontMetrics().horizontalAdvance("M") * 12
        rows = sum(table.rowHeight(r) for r in range(8))
        assert table.viewport().height() >= rows

    qtbot.waitUntil(readable, timeout=3000)


def test_every_tab_fits_1280_pixels_at_one_and_a_half_times_the_font(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot) as big:
        contractors = _contractors(window)
        assert len(contractors) >= 3
        for contractor in contractors:
            assert window.open_character(contractor)
            sheet = window.sheet
            qtbot.waitUntil(lambda s=sheet: s.font().pointSizeF() == big.pointSizeF())
            area = _scroll_area(window)
            for i in range(sheet.tabs.count()):
                sheet.tabs.setCurrentIndex(i)

                def fits(s=sheet, a=area) -> None:
                    assert s.minimumSizeHint().width() <= a.viewport().width()
                    assert a.horizontalScrollBar().maximum() == 0

                qtbot.waitUntil(fits, timeout=3000)
            # side by side exactly when the parts fit so (else one under another): the
            # header, the Exp figures, Stats' columns, Stock's pairs of tables and its Load
            _assert_reflowed(sheet, qtbot)


def test_with_room_the_header_and_the_exp_columns_stay_side_by_side(
    examples_window: MainWindow, qtbot
) -> None:
    """And Stats' two columns, and Stock's tables two by two with its Load on one line."""
    window = examples_window
    window.resize(1280, 800)
    window.show()
    qtbot.waitExposed(window)
    assert window.open_character(_contractors(window)[0])
    sheet = window.sheet
    sheet.tabs.setCurrentWidget(sheet.exp_tab)
    qtbot.waitUntil(lambda: sheet.top.side_by_side() and sheet.exp_tab.top.side_by_side())
    assert _scroll_area(window).horizontalScrollBar().maximum() == 0
    sheet.tabs.setCurrentWidget(sheet.stats_tab)
    qtbot.waitUntil(lambda: sheet.stats_tab.columns.side_by_side())
    sheet.tabs.setCurrentWidget(sheet.stock_tab)
    stock = sheet.stock_tab
    rows = [*stock.shelf_pairs, stock.load_parts]
    qtbot.waitUntil(lambda: all(row.side_by_side() for row in rows))
    assert _sideways(stock) == []


def _column(table: QTableWidget, title: str) -> int:
    """The index of the column headed ``title``."""
    titles = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    return titles.index(title)


def _assert_details_has_room(sheet, qtbot) -> None:
    """The Assets table's columns fit its width, and Details keeps its 10 "M"."""
    table = sheet.concept_tab.assets.table
    header = table.horizontalHeader()
    details = _column(table, "Details")
    least = table.fontMetrics().horizontalAdvance("M") * 10

    def roomy() -> None:
        assert header.sectionSize(details) >= least
        total = sum(header.sectionSize(c) for c in range(header.count()))
        assert total <= table.viewport().width()

    qtbot.waitUntil(roomy, timeout=3000)


def test_with_the_dice_dock_open_every_tab_fits_1280_pixels_at_one_and_a_half_times_the_font(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot) as big:
        assert window.open_character(_contractors(window)[0])
        window.actions["dice"].trigger()
        dock = window.parts["contract"].dice_dock
        # shown, with its panel (made on first show) in place
        qtbot.waitUntil(lambda: dock.widget() is not None)
        qtbot.waitUntil(lambda: dock.width() >= dock.sizeHint().width())
        sheet = window.sheet
        qtbot.waitUntil(lambda: sheet.font().pointSizeF() == big.pointSizeF())
        area = _scroll_area(window)
        # the roster's filters no longer hold it at 508 pixels
        assert window.roster.minimumSizeHint().width() < 508
        for i in range(sheet.tabs.count()):
            sheet.tabs.setCurrentIndex(i)

            def fits(s=sheet, a=area) -> None:
                assert s.minimumSizeHint().width() <= a.viewport().width()
                assert a.horizontalScrollBar().maximum() == 0
                tab = s.tabs.tabText(s.tabs.currentIndex())
                assert (tab, _sideways(s.tabs.currentWidget())) == (tab, [])

            qtbot.waitUntil(fits, timeout=3000)
        _assert_reflowed(sheet, qtbot)
        _assert_exp_log_readable(sheet, qtbot)
        # Stock's tables one under another: two side by side would not fit beside the dock
        assert not any(pair.side_by_side() for pair in sheet.stock_tab.shelf_pairs)
        # the dock, the sheet and the roster share the window
        assert window.roster.width() + window.stack.width() + dock.width() <= window.width()
        sheet.tabs.setCurrentWidget(sheet.concept_tab)
        _assert_details_has_room(sheet, qtbot)
        # the divider moved so the sheet is 100 pixels short: the roster gives them back
        sheet.tabs.setCurrentWidget(sheet.concept_tab)
        qtbot.waitUntil(lambda: area.horizontalScrollBar().maximum() == 0)
        qtbot.wait(100)
        roster, stack = window.splitter.sizes()
        spare = area.viewport().width() - sheet.minimumSizeHint().width()
        wide = roster + spare + 100
        window.splitter.setSizes([wide, stack - spare - 100])
        window.splitter.splitterMoved.emit(wide, 1)  # as a drag does: where it is put stands
        qtbot.waitUntil(lambda: window.roster.width() < wide)
        qtbot.waitUntil(lambda: area.horizontalScrollBar().maximum() == 0)
        # the dock closed: the sheet has room again and the roster takes back what it lent
        narrow = window.roster.width()
        window.actions["dice"].trigger()
        qtbot.waitUntil(lambda: dock.isHidden())
        qtbot.waitUntil(lambda: window.roster.width() > narrow)
        qtbot.waitUntil(lambda: area.horizontalScrollBar().maximum() == 0)
        assert window.roster.width() <= wide
        _assert_details_has_room(sheet, qtbot)


def test_at_one_and_a_half_times_the_font_the_assets_details_column_has_room(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot) as big:
        assert window.open_character(_contractors(window)[0])
        sheet = window.sheet
        qtbot.waitUntil(lambda: sheet.font().pointSizeF() == big.pointSizeF())
        sheet.tabs.setCurrentWidget(sheet.concept_tab)
        _assert_details_has_room(sheet, qtbot)


def _text(widget: QWidget) -> str:
    text = getattr(widget, "text", None)
    return text() if callable(text) else type(widget).__name__


def _cut_short(root: QWidget) -> list[str]:
    """What ``root`` shows cut: a wrapped text (a word-wrapped label, a WrapCheck) lower
    than the lines it wraps to at its width, or a label that cannot wrap narrower than
    its text."""
    cut = []
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or not _text(widget):
            continue
        width, height = widget.width(), widget.height()
        high, wide = widget.heightForWidth(width), widget.minimumSizeHint().width()
        if widget.hasHeightForWidth() and height < high:
            cut.append(f"{_text(widget)!r}: {height} px high, needs {high}")
        elif isinstance(widget, QLabel) and width < wide:
            cut.append(f"{_text(widget)!r}: {width} px wide, needs {wide}")
    return cut


def _assert_dock_whole(dock: QWidget) -> None:
    """Nothing in the Dice dock cut short: wrapped lines whole, the panel as high as its
    layout needs at the width it has, no sideways scroll, its maximum not below its least."""
    area = dock.widget()
    panel = area.widget()
    assert _cut_short(dock) == []
    assert panel.height() >= panel.layout().totalHeightForWidth(panel.width())
    assert area.horizontalScrollBar().maximum() == 0
    assert area.maximumWidth() >= area.minimumSizeHint().width()
    assert panel.width() >= panel.minimumSizeHint().width()


def open_ines(window: MainWindow) -> None:
    """Open Ines Varga, the Seasoned example (a Battle Scar, a Trauma, wounds)."""
    ines = next(line.id for line in window.roster.lines() if line.name == "Ines Varga")
    assert window.open_character(ines)


def _ines_with_dice(window: MainWindow, qtbot) -> tuple[QDockWidget, DicePanel]:  # type: ignore[no-untyped-def]
    """Open Ines Varga (a Battle Scar, Tinnitus, with a roll modifier; wounds for a
    Penalty) with the Dice dock shown; her dock and its panel."""
    open_ines(window)
    window.actions["dice"].trigger()
    part = window.parts["contract"]
    dock, panel = part.dice_dock, part.dice_panel
    qtbot.waitUntil(lambda: dock.widget() is not None and panel.isVisible())
    return dock, panel


def test_a_dice_dock_open_before_the_font_grows_shows_every_line_whole(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    """The dock made and shown at the usual font (as a window restored with it open),
    then the font 1.5× as big: the panel's height follows the new wrapping."""
    window = examples_window
    dock, panel = _ines_with_dice(window, qtbot)
    with _at_one_and_a_half(app, window, qtbot) as big:
        qtbot.waitUntil(lambda: panel.font().pointSizeF() == big.pointSizeF())
        panel.tick("Tinnitus")
        qtbot.waitUntil(lambda: _assert_dock_whole(dock), timeout=3000)


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_the_dice_dock_shows_every_wrapped_line_whole_at_any_font(
    app: QApplication, examples_window: MainWindow, qtbot, scale: float
) -> None:
    """At 18 "M" a Battle Scar's words and the pool's notes wrap to three or four lines:
    the dock gives them those lines (a scroll area alone gave them one line's height),
    and is never narrower than a line that cannot wrap ('Exceptional (6+)' and its %)."""
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot, scale) as big:
        dock, panel = _ines_with_dice(window, qtbot)
        qtbot.waitUntil(lambda: panel.font().pointSizeF() == big.pointSizeF())
        panel.choose("Brawn")  # Penalty, and no Ability: the pool line's longest notes
        assert panel.scar_checks and "Tinnitus" in panel.scar_checks[0][0].text()
        area = dock.widget()
        ems = panel.fontMetrics().horizontalAdvance("M") * 18

        def whole() -> None:
            _assert_dock_whole(dock)

        qtbot.waitUntil(whole, timeout=3000)
        # 18 "M" wide, or as wide as its widest line that cannot wrap when that is more
        assert area.maximumWidth() == max(ems, panel.minimumSizeHint().width()) + (
            area.verticalScrollBar().sizeHint().width()
        )
        # a longer pool line later (a scar ticked), and dice rolled, still get their lines
        panel.tick("Tinnitus")
        panel.roller.button.click()
        panel.roller.button.click()
        qtbot.waitUntil(whole, timeout=3000)
        # the attack calculator opened, on two targets: its damage lines wrap too
        panel.attack_box.setChecked(True)
        panel.attack_box.split.setChecked(True)
        qtbot.waitUntil(whole, timeout=3000)


def test_beside_the_dice_dock_the_contracts_scenario_column_is_readable(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    """At 1.5× beside the Dice dock, Commission (a "yes") titled in full was the widest
    column and squeezed Scenario to 71 pixels ("Scenaric", "Lant…"). Commission has a
    short title now, the word in its tooltip, and Scenario keeps its 8 "M" with Ines
    Varga's 24 Contracts (their scroll bar counted), the sheet not scrolling sideways."""
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot) as big:
        _ines_with_dice(window, qtbot)
        sheet = window.sheet
        qtbot.waitUntil(lambda: sheet.font().pointSizeF() == big.pointSizeF())
        sheet.tabs.setCurrentWidget(sheet.story_tab)
        table = sheet.story_tab.contracts.table
        header = table.horizontalHeader()
        assert table.rowCount() > table.max_rows
        scenario, commission = _column(table, "Scenario"), _column(table, "Comm.")
        area = _scroll_area(window)

        def readable() -> None:
            ems = table.fontMetrics().horizontalAdvance("M") * SCENARIO_EMS
            assert header.sectionSize(scenario) >= ems
            content = max(header.sectionSizeHint(commission), table.sizeHintForColumn(commission))
            assert header.sectionSize(commission) <= content
            assert area.horizontalScrollBar().maximum() == 0
            assert _sideways(sheet.story_tab) == []
            # the columns laid out at the width the table has (not before it is shown)
            assert sum(header.sectionSize(c) for c in range(header.count())) == (
                table.viewport().width()
            )

        qtbot.waitUntil(readable, timeout=3000)
        qtbot.wait(200)  # and so it stays once the roster has given what it gives
        readable()
        assert table.horizontalHeaderItem(commission).toolTip().startswith("Commission")


def test_the_headers_figures_wrap_between_figures_with_no_dot_at_a_line_end(
    app: QApplication, examples_window: MainWindow, qtbot
) -> None:
    """At 1.5× beside the Dice dock the figures take two lines: each line as wide as the
    label at most, a whole number of figures with "·" only between two of them (a word
    wrap broke after the "·", which ended a line separating nothing). With room, one line."""
    window = examples_window
    with _at_one_and_a_half(app, window, qtbot) as big:
        _ines_with_dice(window, qtbot)
        sheet = window.sheet
        qtbot.waitUntil(lambda: sheet.font().pointSizeF() == big.pointSizeF())
        figures = sheet.figures
        words = ("Exp available 47", "Gift Credits 3", "Improvements 0", "Victories 11")

        def clean() -> None:
            lines = figures.text().split("\n")
            assert len(lines) >= 2
            metrics = figures.fontMetrics()
            assert all(metrics.horizontalAdvance(line) <= figures.width() for line in lines)
            assert [part for line in lines for part in line.split("   ·   ")] == list(words)
            assert all(not line.strip().startswith("·") for line in lines)
            assert all(not line.strip().endswith("·") for line in lines)
            assert figures.height() >= figures.heightForWidth(figures.width())

        qtbot.waitUntil(clean, timeout=3000)
        window.actions["dice"].trigger()  # the dock closed, and the font as usual: one line
    qtbot.waitUntil(lambda: figures.text() == "   ·   ".join(words), timeout=3000)
