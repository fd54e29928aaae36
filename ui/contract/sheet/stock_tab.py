"""The Stock tab: Equipment, crafted Artifacts and Consumables, Trophies, Conditions
and Circumstances. All free-form sheet lines; each edit is one undoable operation."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import CraftedItem, Item
from builder.contract.derived import DERIVED_RULES
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext
from ui.contract.sheet.names import entries, entry_name
from ui.widgets.common import heading
from ui.widgets.tables import ListTable

# (Stock field, title, catalog table with stock suggestions, help)
ITEM_SHELVES: tuple[tuple[str, str, str, str], ...] = (
    (
        "equipment",
        "Equipment",
        "",
        "Anything your contractor would reasonably own and carry. If it is not written here, "
        "they do not have it.",
    ),
    ("trophies", "Trophies", "trophies", "Special items won in play."),
    (
        "conditions",
        "Conditions",
        "conditions",
        "Your contractor's own state (hurt, cursed, famous...). Each carries its own effect.",
    ),
    (
        "circumstances",
        "Circumstances",
        "circumstances",
        "Your contractor's situation in the world (rich, wanted, owed a favor...).",
    ),
)
CRAFTED_SHELVES: tuple[tuple[str, str], ...] = (
    ("artifacts", "Artifacts"),
    ("consumables", "Consumables"),
)


class StockTab(SheetTab):
    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:
        super().__init__(host, parent)
        self.tables: dict[str, ListTable] = {}
        body = QWidget()
        column = QVBoxLayout(body)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self._load_row())
        grid = QGridLayout()
        column.addLayout(grid, 1)
        grid.setContentsMargins(16, 12, 16, 12)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(16)
        shelves = [(f, t) for f, t, _c, _h in ITEM_SHELVES[:1]]
        shelves += list(CRAFTED_SHELVES)
        shelves += [(f, t) for f, t, _c, _h in ITEM_SHELVES[1:]]
        for i, (field, title) in enumerate(shelves):
            crafted = field in dict(CRAFTED_SHELVES)
            columns = ("Item", "Qty", "Notes") if crafted else ("Name", "Details")
            table = ListTable(title, columns)
            self.tables[field] = table
            grid.addWidget(table, i // 2, i % 2)
            table.add_requested.connect(lambda f=field: self._form(f, -1))
            table.edit_requested.connect(lambda row, f=field: self._form(f, row))
            table.remove_requested.connect(lambda row, f=field: self._remove(f, row))
        grid.setRowStretch(len(shelves) // 2 + 1, 1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(body)
        outer = QVBoxLayout(self)
        outer.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(scroll)

    def _load_row(self) -> QHBoxLayout:
        """Carried weight and the unencumbered toggle ("Encumbrance"), with builder's result."""
        self.carried = QSpinBox()
        self.carried.setRange(0, 2000)
        self.carried.setSuffix(" lb")
        self.carried.setSpecialValueText("not tracked")
        self.carried.setKeyboardTracking(False)
        self.carried.setAccessibleName("Carried weight")
        self.carried.setToolTip(DERIVED_RULES["carry_lb"])
        self.unencumbered = QCheckBox("&Unencumbered (clothes and one small item)")
        self.unencumbered.setToolTip(
            "Carrying nothing but clothes and a small object in hand: +1 die to physical actions."
        )
        self.load = QLabel()
        self.load.setAccessibleName("Encumbrance")
        self.load.setToolTip(DERIVED_RULES["carry_lb"])
        label = QLabel("&Carried")
        label.setBuddy(self.carried)
        row = QHBoxLayout()
        row.setContentsMargins(16, 12, 16, 0)
        row.addWidget(heading("Load", level=2))
        row.addSpacing(12)
        row.addWidget(label)
        row.addWidget(self.carried)
        row.addSpacing(12)
        row.addWidget(self.unencumbered)
        row.addSpacing(12)
        row.addWidget(self.load, 1)
        self.carried.valueChanged.connect(self._set_carried)
        self.unencumbered.toggled.connect(self._set_unencumbered)
        return row

    def _show_load(self, ctx: SheetContext) -> None:
        stock = ctx.contractor.stock
        derived = ctx.report.derived
        for widget, value in ((self.carried, stock.carried_lb), (self.unencumbered, None)):
            widget.blockSignals(True)
            if value is None:
                widget.setChecked(stock.unencumbered)
            else:
                widget.setValue(value)
            widget.blockSignals(False)
        text = f"Limit {derived.carry_lb} lb"
        if derived.encumbrance_penalty:
            text += (
                f" · {derived.carry_over_lb} lb over: −{derived.encumbrance_penalty} "
                f"{'die' if derived.encumbrance_penalty == 1 else 'dice'} on every roll"
            )
        elif derived.carry_over_lb:
            text += f" · {derived.carry_over_lb} lb over"
        elif derived.unencumbered_bonus:
            text += f" · +{derived.unencumbered_bonus} die to physical actions"
        self.load.setText(text)

    def _set_carried(self, value: int) -> None:
        if self.ctx is None or value == self.ctx.contractor.stock.carried_lb:
            return
        contractor = self.ctx.contractor
        stock = replace(contractor.stock, carried_lb=value)
        self.host.run(lambda: self.host.ops.edit_stock(contractor, stock, "carried weight"))

    def _set_unencumbered(self, checked: bool) -> None:
        if self.ctx is None or checked == self.ctx.contractor.stock.unencumbered:
            return
        contractor = self.ctx.contractor
        stock = replace(contractor.stock, unencumbered=checked)
        self.host.run(lambda: self.host.ops.edit_stock(contractor, stock, "unencumbered"))

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        self._show_load(ctx)
        stock = ctx.contractor.stock
        for field, table in self.tables.items():
            values = getattr(stock, field)
            if field in dict(CRAFTED_SHELVES):
                table.set_rows([(v.name, str(v.quantity), v.detail) for v in values])
            else:
                table.set_rows([(v.name, v.detail) for v in values], [v.detail for v in values])

    def _save(self, field: str, values: tuple[Any, ...], what: str) -> None:
        contractor = self.ctx.contractor
        stock = replace(contractor.stock, **{field: values})
        self.host.run(lambda: self.host.ops.edit_stock(contractor, stock, what))

    def _remove(self, field: str, row: int) -> None:
        values = getattr(self.ctx.contractor.stock, field)
        self._save(field, values[:row] + values[row + 1 :], f"{self.tables[field].title.text()}")

    def _put(self, field: str, row: int, value: Any) -> None:
        values = list(getattr(self.ctx.contractor.stock, field))
        if row < 0:
            values.append(value)
        else:
            values[row] = value
        self._save(field, tuple(values), self.tables[field].title.text())

    def _form(self, field: str, row: int) -> None:
        title = self.tables[field].title.text()
        values = getattr(self.ctx.contractor.stock, field)
        if field in dict(CRAFTED_SHELVES):
            current = values[row] if row >= 0 else CraftedItem("")
            form = FormDialog(
                title,
                [
                    Field("name", "&Item", value=current.name, required=True),
                    Field("quantity", "&Quantity", "int", current.quantity, minimum=0),
                    Field("detail", "&Notes", "multiline", current.detail),
                ],
                help_text="Crafted items usually come from the Craft action, which charges the "
                "Exp; edit here to fix a line or record one used up.",
            )
            form.accepted.connect(
                lambda: self._put(
                    field,
                    row,
                    CraftedItem(
                        form.values()["name"],
                        current.gift_id,
                        form.values()["quantity"],
                        form.values()["detail"],
                    ),
                )
            )
        else:
            current = values[row] if row >= 0 else Item("")
            spec = next(s for s in ITEM_SHELVES if s[0] == field)
            stock = entries(self.host.catalog, spec[2]) if spec[2] else []
            name_field = (
                Field(
                    "name",
                    "&Name",
                    "choice",
                    current.name,
                    required=True,
                    editable=True,
                    choices=[(entry_name(e), entry_name(e)) for e in stock],
                )
                if stock
                else Field("name", "&Name", value=current.name, required=True)
            )
            form = FormDialog(
                title,
                [name_field, Field("detail", "&Details", "multiline", current.detail)],
                help_text=spec[3],
            )
            by_name = {entry_name(e): e for e in stock}
            if stock:

                def fill() -> None:
                    entry = by_name.get(form.values()["name"])
                    if entry is not None and not form.values()["detail"]:
                        form.set_value("detail", getattr(entry, "system", ""))

                form.editors["name"].currentTextChanged.connect(lambda _t: fill())
            form.accepted.connect(
                lambda: self._put(field, row, Item(form.values()["name"], form.values()["detail"]))
            )
        self.host.show_dialog(form)
