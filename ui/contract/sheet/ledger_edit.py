"""Edit and Remove on every ledger line: the sheet's ledger views (Exp log, Contracts, Journals).

The ledger is append-only. Edit and Remove never change a recorded entry:
they run ``Operations.edit_entry`` / ``Operations.remove_entry``, which append
a correction (``builder.contract.correcting``); both are undoable like every
operation. The views then show the corrected history: a removed line struck
through, an edited one as it now stands, its old version struck through above
it in the Exp log.

:class:`LedgerActions` gives a :class:`~ui.widgets.tables.ListTable` the
Edit… and Remove buttons, the context menu, double-click (Edit) and the Delete
key (Remove). :func:`entry_form` is the Edit dialog, built from the entry's
own fields.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Sequence
from datetime import date
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QWidget

from builder.contract.character import AssetPick, Journal
from builder.contract.correcting import current_entry
from builder.contract.ledger.earning import count_words
from builder.contract.wording import entry_kind_name, entry_label
from ui.contract.dialogs.form import Field, FormDialog
from ui.widgets.common import title_case
from ui.widgets.tables import ListTable

LABELS: dict[str, str] = {
    "home": "At &home (the home playgroup)",
    "commission": "&Commission",
    "cycle": "C&ycle",
    "cycle_final": "Last Contract of its C&ycle",
    "gm": "&GM",
    "to_rating": "&To rating",
    "exp": "&Exp paid",
    "gift_id": "&Gift",
    "cost_before": "Cost &before",
    "cost_after": "Cost &after",
    "severity_before": "Severity &before",
    "severity_after": "Severity &after",
    "loose_end": "&Loose End",
}
"""Labels for entry fields whose name alone reads badly; others are title-cased."""

MULTILINE = frozenset({"notes", "note", "text", "cause"})
SIGNED = frozenset({"credits", "improvements"})
"""Integer fields that may be negative (a Gift change's refunds)."""


def today() -> str:
    """Today's date as the ledger writes dates (YYYY-MM-DD)."""
    return date.today().isoformat()


def _field(name: str, hint: Any, value: Any) -> Field | None:
    """The form field for one entry field (None for a value the form does not edit)."""
    label = LABELS.get(name, f"&{title_case(name)}")
    if hint is bool:
        return Field(name, label, "bool", value)
    if hint is int:
        low = -99 if name in SIGNED else 0
        return Field(name, label, "int", value, minimum=low, maximum=1_000_000)
    if hint is str:
        return Field(name, label, "multiline" if name in MULTILINE else "text", value)
    if isinstance(hint, type) and issubclass(hint, StrEnum):
        choices = [(title_case(member.value), member) for member in hint]
        current = value if value in {m.value for m in hint} else None
        return Field(name, label, "choice", hint(current) if current else None, choices=choices)
    return None


def entry_form(
    entry: Any,
    title: str,
    parent: QWidget | None = None,
    *,
    extra: Sequence[Field] = (),
    help_text: str = "",
) -> FormDialog:
    """A dialog with one field per editable field of ``entry``, plus the correction's reason
    (and ``extra`` fields after it: the leader's name when a correction is suggested).

    Fields the form cannot show (an Asset bought) keep their recorded value.
    """
    hints = typing.get_type_hints(type(entry))
    fields = [
        spec
        for f in dataclasses.fields(entry)
        if (spec := _field(f.name, hints[f.name], getattr(entry, f.name))) is not None
    ]
    fields.append(
        Field(
            "reason",
            "&Why the correction",
            placeholder="For the leader: what was wrong",
            tooltip="The ledger keeps the old entry; the leader's audit lists this correction.",
        )
    )
    fields += extra
    return FormDialog(
        title,
        fields,
        help_text=help_text
        or "The recorded entry is kept; this correction takes its place in the "
        "history, and Undo takes it back.",
        parent=parent,
    )


def edited_entry(entry: Any, values: dict[str, Any]) -> Any:
    """``entry`` with the form's values; a Journal with text has its words counted again."""
    names = {f.name for f in dataclasses.fields(entry)}
    changes = {k: v for k, v in values.items() if k in names and not isinstance(v, AssetPick)}
    edited = dataclasses.replace(entry, **changes)
    if isinstance(edited, Journal) and edited.text:
        edited = dataclasses.replace(edited, words=count_words(edited.text))
    return edited


def strike_row(table: ListTable, row: int, tooltip: str) -> None:
    """Show one row of a table as no longer counting: struck through and greyed."""
    grid = table.table
    for column in range(grid.columnCount()):
        item = grid.item(row, column)
        if item is None:
            continue
        font = item.font()
        font.setStrikeOut(True)
        item.setFont(font)
        item.setForeground(QColor(Qt.GlobalColor.gray))
        item.setToolTip(tooltip)


class LedgerActions:
    """Edit… and Remove for the ledger lines of one table.

    ``index_of(row)`` gives the ledger index a table row shows (-1: none). The
    owner tab keeps ``ctx`` current; ``host`` runs the operations.
    """

    def __init__(
        self,
        tab: Any,
        table: ListTable,
        index_of: Callable[[int], int],
    ) -> None:
        self.tab = tab
        self.table = table
        self.index_of = index_of
        table.add_button.hide()
        table.edit_button.show()
        table.remove_button.show()
        table.edit_button.setToolTip("Correct this entry (the recorded one is kept)")
        table.remove_button.setToolTip("Remove this entry from the history (undoable)")
        table.edit_requested.connect(self.edit)
        table.remove_requested.connect(self.remove)
        grid = table.table
        grid.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        grid.customContextMenuRequested.connect(self._menu)
        self.delete_key = QShortcut(QKeySequence(Qt.Key.Key_Delete), grid)
        self.delete_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        self.delete_key.activated.connect(self._remove_selected)
        grid.itemSelectionChanged.connect(self.update_buttons)

    # ------------------------------------------------------------------ state

    def _contractor(self) -> Any:
        ctx = self.tab.ctx
        return ctx.contractor if ctx is not None else None

    def _index(self, row: int) -> int:
        return self.index_of(row) if row >= 0 else -1

    def removed(self, index: int) -> bool:
        contractor = self._contractor()
        return contractor is not None and current_entry(contractor, index) is None

    def update_buttons(self) -> None:
        """Edit for any ledger line; Remove only for one that still counts."""
        index = self._index(self.table.current_row())
        self.table.edit_button.setEnabled(index >= 0)
        self.table.remove_button.setEnabled(index >= 0 and not self.removed(index))
        if index >= 0 and self.removed(index):
            self.table.edit_button.setToolTip("Put this removed entry back, corrected if need be")
        else:
            self.table.edit_button.setToolTip("Correct this entry (the recorded one is kept)")

    # ------------------------------------------------------------------ actions

    def edit_dialog(self, row: int) -> FormDialog | None:
        """The Edit dialog for a table row (None for a row that is no ledger line)."""
        index = self._index(row)
        contractor = self._contractor()
        if index < 0 or contractor is None:
            return None
        entry = current_entry(contractor, index)
        restoring = entry is None
        if entry is None:
            entry = contractor.ledger[index]
        label = entry_label(contractor.ledger, index)
        title = f"Put back {label}" if restoring else f"Edit {label}"
        dialog = entry_form(entry, title)
        dialog.accepted.connect(
            lambda: self.tab.host.run(
                lambda: self.tab.host.ops.edit_entry(
                    contractor,
                    index,
                    edited_entry(entry, dialog.values()),
                    today(),
                    dialog.values()["reason"],
                )
            )
        )
        return dialog

    def edit(self, row: int) -> None:
        dialog = self.edit_dialog(row)
        if dialog is not None:
            self.tab.host.show_dialog(dialog)

    def remove(self, row: int) -> None:
        index = self._index(row)
        contractor = self._contractor()
        if index < 0 or contractor is None or self.removed(index):
            return
        self.tab.host.run(lambda: self.tab.host.ops.remove_entry(contractor, index, today()))

    def _remove_selected(self) -> None:
        self.remove(self.table.current_row())

    def _menu(self, point: QPoint) -> None:
        grid = self.table.table
        item = grid.itemAt(point)
        if item is None:
            return
        row = item.row()
        grid.selectRow(row)
        menu = self.context_menu(row)
        if menu is not None:
            menu.exec(grid.viewport().mapToGlobal(point))

    def context_menu(self, row: int) -> QMenu | None:
        """The right-click menu of a row: Edit… and Remove (Delete)."""
        index = self._index(row)
        contractor = self._contractor()
        if index < 0 or contractor is None:
            return None
        kind = entry_kind_name(contractor.ledger[index])
        menu = QMenu(self.table)
        edit = menu.addAction(
            f"Put back this {kind}…" if self.removed(index) else f"&Edit this {kind}…"
        )
        edit.triggered.connect(lambda: self.edit(row))
        remove = menu.addAction(f"&Remove this {kind}")
        remove.setShortcut(QKeySequence(Qt.Key.Key_Delete))
        remove.setEnabled(not self.removed(index))
        remove.triggered.connect(lambda: self.remove(row))
        return menu


__all__ = ["LedgerActions", "edited_entry", "entry_form", "strike_row", "today"]
