"""An imported "Active" Gift gets its Style from the Gifts tab in one step, with undo.

"Activation Styles" lists Activated ("requires the user to do something"),
Targeted ("requires the user to select a target and do something"), Trap and
Passive; the website's archive says only "Active" for the first two. Odile
Marsh's Needle Rain is "A 3 point Active Injure power", and Injure takes
Targeted or Trap: of Activated and Targeted, only Targeted.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from PySide6.QtWidgets import QAbstractButton, QMessageBox

from builder.contract.audit import audit_contractor
from builder.contract.character import GiftChangeKind
from builder.contract.gifts import default_catalog
from ui.main_window import MainWindow

ODILE = Path(__file__).parents[2] / "data" / "website_archives" / "veteran-odile-marsh.md"


def _import_odile(window: MainWindow, qtbot) -> None:
    window.import_files([ODILE])
    qtbot.waitUntil(lambda: window.tasks.pending() == 0, timeout=30000)
    box = window.current_dialog
    assert isinstance(box, QMessageBox) and box.windowTitle() == "Import report"
    # The report already says what to do about the Style.
    assert "Choose Style…" in box.text()
    box.close()
    [line] = window.roster.lines()
    window.roster.select(line.id)


def _style_errors(window: MainWindow) -> list[str]:
    audit = audit_contractor(window.contractor, default_catalog())
    return [f.where for f in audit.findings if f.rule == "gift.style_not_allowed"]


def test_choose_style_on_the_gifts_tab_fixes_the_gift_and_undo_takes_it_back(
    window: MainWindow, qtbot
) -> None:
    _import_odile(window, qtbot)
    tab = window.sheet.gifts_tab
    tab.table.table.selectRow(0)
    assert tab.table.cell(0, 3) == "Active"
    assert not tab.style_button.isHidden()
    assert tab.style_note.text().startswith(
        "Style to choose: The website's 'Active' is the rules' Activated or Targeted Style, "
        "and of those two Injure allows Targeted."
    )
    assert [a.text() for a in tab.style_menu.actions()] == ["Targeted"]
    assert _style_errors(window) == ["gifts[0].draft.style", "gifts[1].draft.style"]

    tab.style_menu.actions()[0].trigger()
    assert tab.table.cell(0, 3) == "Targeted"
    assert tab.table.cell(0, 4) == "3"
    assert _style_errors(window) == ["gifts[1].draft.style"]
    last = window.contractor.ledger[-1]
    assert (last.kind, last.cost_before, last.cost_after) == (GiftChangeKind.ADJUSTMENT, 3, 3)
    tab.table.table.selectRow(0)
    assert tab.style_button.isHidden() and tab.style_note.isHidden()

    # Far Step is a Teleport: Activated is its one choice.
    tab.table.table.selectRow(1)
    assert [a.text() for a in tab.style_menu.actions()] == ["Activated"]

    window.actions["undo"].trigger()
    assert window.sheet.gifts_tab.table.cell(0, 3) == "Active"
    assert _style_errors(window) == ["gifts[0].draft.style", "gifts[1].draft.style"]


def test_each_alt_letter_on_the_gifts_tab_is_taken_once(window: MainWindow, qtbot) -> None:
    """Alt+letter presses a button only when one widget in sight takes that letter; with two,
    Qt moves the focus between them instead. On the Gifts tab with a Style to choose: the
    seven tab labels, the header's two buttons and the tab's own buttons."""
    _import_odile(window, qtbot)
    window.show()
    sheet = window.sheet
    sheet.tabs.setCurrentWidget(sheet.gifts_tab)
    tab = sheet.gifts_tab
    tab.table.table.selectRow(0)
    assert tab.style_button.isVisibleTo(window)
    texts = [sheet.tabs.tabText(i) for i in range(sheet.tabs.count())]
    texts += [b.text() for b in sheet.findChildren(QAbstractButton) if b.isVisibleTo(window)]
    keys = Counter(
        found.group(1).lower()
        for text in texts
        if (found := re.search(r"&([^&\s])", text.replace("&&", "")))
    )
    assert [key for key, n in keys.items() if n > 1] == []
    assert keys["l"] == 1  # Choose Sty&le…
