"""No shortcut is bound twice in any window (issue 16, item 2).

Each window is walked with everything it can hold open: the main window with
a contractor's and a Covenant character's tabs and the Dice dock, the Gift
Builder, the review window, the creation wizards and the contractor's
dialogs. Within one window every key sequence may belong to one action only
(an action may list a key twice, as Qt's standard keys sometimes do).
"""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QDialog, QWidget

from ui.main_window import MainWindow


def bound_keys(window: QWidget) -> Counter[str]:
    """How many actions and shortcuts of ``window`` (and its children) take each key."""
    counts: Counter[str] = Counter()
    for action in window.findChildren(QAction):
        counts.update({k.toString() for k in action.shortcuts() if not k.isEmpty()})
    for shortcut in window.findChildren(QShortcut):
        keys = shortcut.keys()  # QShortcut.keys(), not a mapping
        # A widget-scoped key fires only in its own widget (Delete in each ledger
        # table): it can clash only with another on that same widget.
        scope = ""
        if shortcut.context() == Qt.ShortcutContext.WidgetShortcut:
            scope = f" in {type(shortcut.parent()).__name__} {id(shortcut.parent()):x}"
        counts.update({k.toString() + scope for k in keys if not k.isEmpty()})
    return counts


def twice(window: QWidget) -> list[str]:
    return sorted(key for key, count in bound_keys(window).items() if count > 1)


def test_no_window_binds_a_shortcut_twice(examples_window: MainWindow, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = examples_window  # a library holding the examples (loaded once per session)
    library = window.workspace.library
    by_system: dict[str, str] = {}
    for cid in window.roster.visible_ids():
        by_system.setdefault(library.system_of(cid), cid)
    window.open_character(by_system["covenant"])
    window.open_character(by_system["contract"])
    for index in range(window.sheet.tabs.count()):  # each sheet tab is made when first shown
        window.sheet.tabs.setCurrentIndex(index)
    window.dice_dock.show()
    keys = bound_keys(window)
    for key in ("Ctrl+W", "F1", "Ctrl+Z", "Ctrl+Shift+N", "Ctrl+Shift+C", "Ctrl+D"):
        assert keys[key] == 1, key
    assert twice(window) == []
    assert window.actions["close_tab"].shortcut() == QKeySequence("Ctrl+W")

    # The contractor's dialogs, each a window of its own while it is open.
    from ui.actions import MORE_ACTIONS

    for key in ("record_contract", "spend_exp", "journal", *(k for k, _t in MORE_ACTIONS)):
        if not window.actions[key].isEnabled():
            continue
        window.actions[key].trigger()
        dialog = window.current_dialog
        assert isinstance(dialog, QDialog)
        assert twice(dialog) == [], key
        dialog.reject()

    window.sheet.gifts_tab.open_builder()
    builder = window.current_dialog
    assert "Gift Builder" in builder.windowTitle()
    assert twice(builder) == []
    builder.reject()

    for key in ("new_contractor", "new_covenant"):
        window.actions[key].trigger()
        wizard = window.current_dialog
        assert twice(wizard) == [], key
        wizard.reject()

    review = window.open_review()
    assert twice(review) == []
    review.close()
