"""The roster shows whole names, however narrow the panel (issue 16, item 8)."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt

from models.values import RosterEntry
from ui.roster import GAME_COLUMN, RosterPanel

NAMES = ["Ines Varga", "Wren Halloway", "Bartholomew Quillingsworth-Arden", "Orrin Vale"]


def panel(qtbot, width: int) -> RosterPanel:
    roster = RosterPanel()
    qtbot.addWidget(roster)
    rows = [
        RosterEntry(f"id{i}", name, "Dana", 11, i != 3, "changes_requested", datetime(2025, 1, 1))
        for i, name in enumerate(NAMES)
    ]
    roster.life_filter.setCurrentIndex(roster.life_filter.findData("any"))
    roster.set_rows(rows)
    roster.resize(width, 300)
    roster.show()
    qtbot.waitExposed(roster)
    return roster


def shown_widths(roster: RosterPanel) -> dict[str, tuple[int, int]]:
    """Each name: (width of its cell, width its text needs)."""
    metrics = roster.tree.fontMetrics()
    group = roster.model.item(0, 0)
    found = {}
    for row in range(group.rowCount()):
        item = group.child(row, 0)
        rect = roster.tree.visualRect(item.index())
        found[item.text()] = (rect.width(), metrics.horizontalAdvance(item.text()))
    return found


def test_a_narrow_roster_cuts_the_other_columns_never_the_names(qtbot) -> None:
    roster = panel(qtbot, 200)  # narrower than it lets itself be (its list's least width)
    widths = shown_widths(roster)
    assert sorted(widths) == sorted([*NAMES[:3], "✝ Orrin Vale"])
    for name, (cell, text) in widths.items():
        assert cell >= text, name
    # Issue 29: the other columns give way ("Chang…", whole in the tooltip) before the list
    # scrolls sideways.
    assert roster.tree.horizontalScrollBar().maximum() == 0
    approval = roster.model.index(1, 3)
    assert approval.data(Qt.ItemDataRole.ToolTipRole) == "Changes requested"
    assert roster.tree.header().sectionSize(3) < roster.tree.fontMetrics().horizontalAdvance(
        "Changes requested"
    )


def test_a_long_name_stays_whole_and_the_last_columns_make_way(qtbot) -> None:
    """The other columns give way to a long name: Game is left out first (the name's
    tooltip names the game) rather than the list scrolling sideways."""
    roster = panel(qtbot, 200)
    long_name = "Bartholomew Quillingsworth-Arden of the Northern Reach"  # past NAME_CHARS
    roster.set_rows(
        [RosterEntry("x", long_name, "Dana", 1, True, "pending", datetime(2025, 1, 1), "coven")]
    )
    name = roster.tree.visualRect(roster.model.index(1, 0)).width()
    assert name >= roster.tree.fontMetrics().horizontalAdvance("Bartholomew Quillingsworth")
    assert roster.tree.isColumnHidden(GAME_COLUMN)
    assert not roster.tree.isColumnHidden(1)  # Status stays
    assert roster.tree.horizontalScrollBar().maximum() == 0


def test_a_wide_roster_gives_the_room_to_the_names(qtbot) -> None:
    roster = panel(qtbot, 900)
    header = roster.tree.header()
    used = sum(header.sectionSize(c) for c in range(header.count()))
    assert used == roster.tree.viewport().width()
    assert roster.tree.horizontalScrollBar().maximum() == 0


def test_the_names_are_refitted_when_a_scroll_bar_comes_and_goes(qtbot) -> None:
    roster = panel(qtbot, 900)
    header = roster.tree.header()
    wide = roster.tree.viewport().width()
    many = [
        RosterEntry(f"m{i}", f"Member {i}", "Dana", 1, True, "approved", datetime(2025, 1, 1))
        for i in range(60)
    ]
    roster.set_rows(many)  # taller than the panel: a vertical scroll bar takes some width
    qtbot.waitUntil(lambda: roster.tree.verticalScrollBar().isVisible())
    qtbot.waitUntil(lambda: roster.tree.viewport().width() < wide)
    qtbot.waitUntil(
        lambda: (
            sum(header.sectionSize(c) for c in range(header.count()))
            == roster.tree.viewport().width()
        )
    )
    assert roster.tree.horizontalScrollBar().maximum() == 0

    roster.set_rows(many[:2])  # the scroll bar goes: the names get its width back
    qtbot.waitUntil(lambda: roster.tree.viewport().width() == wide)
    qtbot.waitUntil(lambda: sum(header.sectionSize(c) for c in range(header.count())) == wide)
