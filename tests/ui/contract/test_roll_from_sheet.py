"""Roll from the sheet, and a Dice dock that follows the tab shown (issue 33, item 5)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from ui.contract.dice_panel import NO_ABILITY
from ui.main_window import MainWindow


@pytest.fixture
def window(examples_window: MainWindow) -> MainWindow:
    """This module's tests start on a library holding the shipped examples."""
    return examples_window


def _open_examples(window: MainWindow, qtbot) -> dict[str, str]:  # type: ignore[no-untyped-def]
    """The first living example character's id per game system (this module's ``window``
    starts on a library holding the examples)."""
    library = window.workspace.library
    ids: dict[str, str] = {}
    for cid in window.roster.visible_ids():
        ids.setdefault(library.system_of(cid), cid)
    return ids


def _wren(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Open Wren Halloway (resources/examples/newbie-wren-halloway.json) on her Stats tab."""
    ids = _open_examples(window, qtbot)
    library = window.workspace.library
    wren = next(
        line.id
        for line in window.roster.lines()
        if line.name == "Wren Halloway" and library.system_of(line.id) == "contract"
    )
    assert window.open_character(wren)
    window.sheet.tabs.setCurrentWidget(window.sheet.stats_tab)
    assert ids["covenant"]


def test_clicking_an_attribute_then_an_ability_opens_that_roll(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """"The Player rolls a number of ten-sided dice (d10s) equal to the sum of their
    Contractor's ratings in the named Attribute and Ability" (the-contract-rules.txt 398).

    Wren's creation gives Intellect 3 and Medicine 3, and she has no Injury or Mind
    Damage (no Penalty): 3 + 3 = 6 dice at the Difficulty shown.
    """
    _wren(window, qtbot)
    stats = window.sheet.stats_tab
    intellect = next(r for r in stats.attribute_rows.values() if r.name.text() == "Intellect")
    medicine = next(r for r in stats.ability_rows.values() if r.name.text() == "Medicine")
    assert "Click to roll" in intellect.name.toolTip()

    qtbot.mouseClick(intellect.name, Qt.MouseButton.LeftButton)
    dock = window.dice_dock
    assert dock.isVisible() and window.actions["dice"].isChecked()
    panel = window.dice_panel
    assert panel.first.currentText() == "Intellect"
    assert panel.second.currentText() == NO_ABILITY

    qtbot.mouseClick(medicine.name, Qt.MouseButton.LeftButton)
    assert (panel.first.currentText(), panel.second.currentText()) == ("Intellect", "Medicine")
    assert panel.pool_label.text() == "Intellect 3 + Medicine 3 = 6 dice"
    assert panel.distribution is not None and panel.distribution.pool == 6
    assert panel.difficulty.value() == 6  # "usually 6"; ready to type over
    assert panel.difficulty.hasFocus() or not window.isActiveWindow()
    assert panel.difficulty.lineEdit().selectedText() == "6"

    # Enter on a focused name asks for the roll too (keyboard users).
    alertness = next(r for r in stats.ability_rows.values() if r.name.text() == "Alertness")
    alertness.name.setFocus()
    qtbot.keyClick(alertness.name, Qt.Key.Key_Return)
    assert panel.pool_label.text() == "Intellect 3 + Alertness 2 = 5 dice"


def test_the_dice_dock_shows_no_one_for_another_games_character(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    _wren(window, qtbot)
    stats = window.sheet.stats_tab
    perception = next(r for r in stats.attribute_rows.values() if r.name.text() == "Perception")
    qtbot.mouseClick(perception.name, Qt.MouseButton.LeftButton)
    panel = window.dice_panel
    panel.roller.roll()
    assert len(panel.roller.log.rolls) == 1
    wren_tab = window.tabs.currentIndex()

    library = window.workspace.library
    covenant = next(c for c in window.roster.visible_ids() if library.system_of(c) == "covenant")
    window.open_character(covenant)
    assert window.game_sheet is not None
    assert panel.showing_nothing()
    assert not panel.body.isVisible() and panel.nothing.isVisible()
    assert "No contractor is shown" in panel.nothing.text()
    assert panel.roller.log.rolls == ()  # not Wren's rolls under another character

    window.tabs.setCurrentIndex(wren_tab)
    assert not panel.showing_nothing()
    assert panel.first.currentText() == "Perception"
    assert len(panel.roller.log.rolls) == 1  # Wren's own log is back

    window.close_character(covenant)
    window.close_character()
    assert window.tabs.count() == 0
    assert panel.showing_nothing()


def test_a_gifts_roll_opens_in_the_dice_dock(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Ines Varga's Ember Lance: "Roll Intellect + Occult at Difficulty 6"
    (resources/examples/seasoned-ines-varga.json). Her file: Intellect 3 at creation,
    raised to 4; Occult 3, raised to 4 then 5. The pool is their sum (the-contract-rules.txt
    398: "equal to the sum of their Contractor's ratings"): 4 + 5 = 9 dice."""
    _open_examples(window, qtbot)
    ines = next(line.id for line in window.roster.lines() if line.name == "Ines Varga")
    assert window.open_character(ines)
    gifts = window.sheet.gifts_tab
    window.sheet.tabs.setCurrentWidget(gifts)
    gifts.table.table.selectRow(0)
    assert gifts.name.text().startswith("Ember Lance")
    assert gifts.roll_button.isVisibleTo(gifts)
    qtbot.mouseClick(gifts.roll_button, Qt.MouseButton.LeftButton)
    panel = window.dice_panel
    assert window.dice_dock.isVisible()
    assert (panel.first.currentText(), panel.second.currentText()) == ("Intellect", "Occult")
    assert panel.difficulty.value() == 6
    assert panel.pool_label.text().startswith("Intellect 4 + Occult 5 = 9 dice")
    # A Gift that asks for no roll (Cinder Stitch heals by touch) offers none.
    stitch = next(
        i for i, g in enumerate(window.contractor.gifts) if g.draft.name == "Cinder Stitch"
    )
    gifts.table.table.selectRow(stitch)
    assert not gifts.roll_button.isVisibleTo(gifts)


def test_no_label_in_the_dice_dock_is_clipped(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """Every label and check box of the Dice panel fits its width and has the height its
    wrapped text needs (the unencumbered toggle's rule once ran off the dock's edge and
    pushed the pool line into one and a half lines)."""
    from PySide6.QtWidgets import QCheckBox, QLabel

    window.resize(1280, 800)
    _wren(window, qtbot)
    stats = window.sheet.stats_tab
    qtbot.mouseClick(stats.attribute_rows["intellect"].name, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(stats.ability_rows["medicine"].name, Qt.MouseButton.LeftButton)
    panel = window.dice_panel
    qtbot.waitUntil(lambda: panel.isVisible())
    viewport = panel.parentWidget()
    assert panel.width() <= viewport.width()  # no sideways scrolling: everything fits
    for widget in [*panel.findChildren(QLabel), *panel.findChildren(QCheckBox)]:
        if not widget.isVisible() or not widget.text():
            continue
        right = widget.mapTo(panel, widget.rect().topRight()).x()
        assert right <= panel.width(), widget.text()
        if widget.hasHeightForWidth():
            assert widget.height() >= widget.heightForWidth(widget.width()), widget.text()
    assert panel.unencumbered.height() > panel.unencumbered.fontMetrics().height() * 1.5


def test_choose_sets_every_field_and_the_ability_box(window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    """``choose`` changes the three fields with their signals held: the pool and the
    Ability box still follow the new choice (Body, Mind and Initiative take no Ability).
    Wren: Intellect 3 + Medicine 3 = 6 dice, at the Difficulty chosen."""
    _wren(window, qtbot)
    window.actions["dice"].trigger()
    panel = window.dice_panel
    panel.choose("Body")
    assert not panel.second.isEnabled()
    assert panel.pool_label.text().startswith("Body ")
    panel.choose("Intellect", "Medicine", 8)
    assert panel.second.isEnabled()
    assert (panel.first.currentText(), panel.second.currentText()) == ("Intellect", "Medicine")
    assert panel.difficulty.value() == 8
    assert panel.pool_label.text() == "Intellect 3 + Medicine 3 = 6 dice"
    assert panel.distribution is not None and panel.distribution.pool == 6
    assert panel.distribution.difficulty == 8
