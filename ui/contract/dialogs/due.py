"""What Is Due: the leader's list, and the badges in the roster (issue 32 item 4).

The items are ``harbinger.app.contract.reports.due`` (the rules are in
``builder.contract.due``); this module only shows them. Asking once turns the
roster's badges on for the window: they are worked out again after every
change, since reading every contractor costs more than the roster's own rows.
"""

from __future__ import annotations

import weakref
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from harbinger.app.contract.reports import ContractorDue, due, due_one
from ui.widgets.common import help_note


class DueDialog(QDialog):
    """Every contractor with something due, each item under its contractor."""

    def __init__(self, found: tuple[ContractorDue, ...], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("What Is Due")
        layout = QVBoxLayout(self)
        layout.addWidget(
            help_note(
                "Loose Ends at their Cutoff, unspent Gift Credits and Improvements, free "
                "Consumables of this Downtime not crafted, approved parts changed since, and "
                "Journals claimed but not written. The roster shows the same as badges."
            )
        )
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Contractor", "What is due"])
        self.tree.header().setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for one in found:
            who = f"{one.name} ({one.player})" if one.player else one.name
            top = QTreeWidgetItem([who, " · ".join(one.badges)])
            top.addChildren([QTreeWidgetItem(["", item.message]) for item in one.items])
            self.tree.addTopLevelItem(top)
        self.tree.expandAll()
        if not found:
            self.tree.addTopLevelItem(QTreeWidgetItem(["", "Nothing is due."]))
        layout.addWidget(self.tree, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.resize(900, 560)

    def messages(self) -> dict[str, list[str]]:
        """The list as shown: each contractor's line and its items' sentences."""
        shown: dict[str, list[str]] = {}
        for i in range(self.tree.topLevelItemCount()):
            top = self.tree.topLevelItem(i)
            shown[top.text(0)] = [top.child(j).text(1) for j in range(top.childCount())]
        return shown


def refresh_badges(window: Any) -> tuple[ContractorDue, ...]:
    """Work out what is due in the window's library and show it as roster badges."""
    library = window.workspace.library
    found = due(library) if library is not None else ()
    window._due_badges = {one.id: one.badges for one in found}
    window.roster.set_badges(window._due_badges)
    return found


def follow_change(window: Any, change: Any = None) -> None:
    """Keep the badges current: one contractor changed is read again alone, anything
    wider (a whole table, an import, another library) reads them all."""
    library = window.workspace.library
    character_id = getattr(change, "character_id", "")
    if library is None or not character_id or not hasattr(window, "_due_badges"):
        refresh_badges(window)
        return
    one = due_one(library, character_id)
    badges = dict(window._due_badges)
    badges.pop(character_id, None)
    if one is not None and one.items:
        badges[character_id] = one.badges
    window._due_badges = badges
    window.roster.set_badges(badges)


def show_due(window: Any) -> None:
    """Open What Is Due and keep the roster's badges current from now on."""
    found = refresh_badges(window)
    if not getattr(window, "_due_badges_on", False):
        window._due_badges_on = True
        # Weak: the window owns the workspace; a strong reference back would be a cycle
        # through Qt-owned objects.
        ref = weakref.ref(window)

        def follow(change: object = None) -> None:
            shown = ref()
            if shown is not None:
                follow_change(shown, change)

        window.workspace.changed.connect(follow)
        window.workspace.library_changed.connect(lambda: follow(None))
    window._show_dialog(DueDialog(found, window))


__all__ = ["DueDialog", "follow_change", "refresh_badges", "show_due"]
