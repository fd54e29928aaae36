"""The Stock tab: Equipment, crafted Artifacts and Consumables, Legendary Artifacts,
Trophies, Conditions and Circumstances, and the item log. Each edit is one undoable
operation; an item's state, a Use and a hand-over are the item operations of
``harbinger.app.contract.items`` (issue 31), and an item not in hand is greyed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import CraftedItem, Item, ItemState, TransferKind
from builder.contract.derived import DERIVED_RULES
from builder.contract.items import ItemKind, is_legendary_gift
from ui.contract.dialogs.form import Field, FormDialog
from ui.contract.sheet import item_forms
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext
from ui.contract.sheet.names import entries, entry_name
from ui.widgets.common import heading
from ui.widgets.down_scroll import DownScroll
from ui.widgets.reflow import ReflowRow
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
        # Two tables a row while the tab is wide enough for both, else one under another
        # (at 1.5× the font with the Dice dock open two need 900-odd pixels): in reading
        # order either way, and the tab scrolls down, never sideways.
        shelf_rows = QVBoxLayout()
        column.addLayout(shelf_rows, 1)
        shelf_rows.setContentsMargins(16, 12, 16, 12)
        shelf_rows.setSpacing(16)
        shelves = [(f, t) for f, t, _c, _h in ITEM_SHELVES[:1]]
        shelves += list(CRAFTED_SHELVES)
        shelves += [(f, t) for f, t, _c, _h in ITEM_SHELVES[1:]]
        self.shelf_pairs: list[ReflowRow] = []
        for i, (field, title) in enumerate(shelves):
            crafted = field in dict(CRAFTED_SHELVES)
            columns = ("Item", "Qty", "State", "Notes") if crafted else ("Name", "Details")
            table = ListTable(title, columns, mnemonics=False)
            self.tables[field] = table
            if i % 2 == 0:
                self.shelf_pairs.append(ReflowRow(spacing=24, stacked_spacing=16))
                shelf_rows.addWidget(self.shelf_pairs[-1])
            self.shelf_pairs[-1].add_widget(table, 1)
            table.add_requested.connect(lambda f=field: self._form(f, -1))
            table.edit_requested.connect(lambda row, f=field: self._form(f, row))
            table.remove_requested.connect(lambda row, f=field: self._remove(f, row))
        self._item_buttons()
        self.legendary = ListTable(
            "Legendary Artifacts",
            ("Artifact", "State", "Gifts (cost)", "Description"),
            mnemonics=False,
        )
        self.legendary.add_requested.connect(self._add_artifact)
        self.legendary.edit_requested.connect(self._edit_artifact)
        self.legendary.remove_requested.connect(self._remove_artifact)
        self.invest_button = self.legendary.row_button(
            "Invest Gift…", "Invest a held Legendary Artifact Gift in this artifact"
        )
        self.invest_button.clicked.connect(self._invest)
        self.state_buttons["legendary"] = self.legendary.row_button(
            "State…", "Mark it lost, stolen, destroyed, left at home, recovered..."
        )
        self.state_buttons["legendary"].clicked.connect(lambda: self._state("legendary"))
        self.log = ListTable("Item log", ("Date", "Item", "What happened"), editable=False)
        self.log.empty_text = "No item has changed hands or state yet."
        shelf_rows.addWidget(self.legendary)
        shelf_rows.addWidget(self.log)
        shelf_rows.addStretch(1)
        scroll = DownScroll(body)
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
        label = QLabel("C&arried")
        label.setBuddy(self.carried)
        weight = QHBoxLayout()
        weight.addWidget(heading("Load", level=2))
        weight.addSpacing(12)
        weight.addWidget(label)
        weight.addWidget(self.carried)
        toggle = QHBoxLayout()
        toggle.addWidget(self.unencumbered)
        toggle.addSpacing(12)
        self.load.setWordWrap(True)
        toggle.addWidget(self.load, 1)
        # The toggle and builder's result go under the weight when the tab is narrow.
        self.load_parts = ReflowRow(spacing=12, stacked_spacing=4)
        self.load_parts.add_layout(weight)
        self.load_parts.add_layout(toggle, 1)
        row = QHBoxLayout()
        row.setContentsMargins(16, 12, 16, 0)
        row.addWidget(self.load_parts)
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
                table.set_rows(
                    [
                        (v.name, str(v.quantity), item_forms.state_words(v.state), v.detail)
                        for v in values
                    ]
                )
                item_forms.grey_rows(table, [not item_forms.in_hand(v.state) for v in values])
            else:
                table.set_rows([(v.name, v.detail) for v in values], [v.detail for v in values])
        artifacts = stock.legendary
        self.legendary.set_rows(
            [
                (
                    a.name,
                    item_forms.state_words(a.state),
                    item_forms.gift_labels(ctx.contractor, a) or "none yet",
                    a.description,
                )
                for a in artifacts
            ],
            [
                ""
                if item_forms.in_hand(a.state)
                else "Not in hand: the Gifts invested in it are "
                "inactive (no dice bonuses); the audit still counts their cost."
                for a in artifacts
            ],
        )
        item_forms.grey_rows(self.legendary, [not item_forms.in_hand(a.state) for a in artifacts])
        self.log.set_rows(item_forms.log_rows(stock.item_log))

    # ------------------------------------------------------------------ item operations

    def _item_buttons(self) -> None:
        """State… on Artifacts and Consumables, Use on Consumables, Hand over… on both."""
        self.state_buttons: dict[str, Any] = {}
        self.give_buttons: dict[str, Any] = {}
        for field, _title in CRAFTED_SHELVES:
            table = self.tables[field]
            state = table.row_button("State…", "Mark it lost, stolen, left at home, recovered...")
            state.clicked.connect(lambda _c=False, f=field: self._state(f))
            self.state_buttons[field] = state
            give = table.row_button(
                "Hand over…", "Give, trade, steal or loot it to another contractor"
            )
            give.clicked.connect(lambda _c=False, f=field: self._give(f))
            self.give_buttons[field] = give
        self.use_button = self.tables["consumables"].row_button(
            "Use", "Use one: the quantity drops by one and the use is logged"
        )
        self.use_button.clicked.connect(self._use)

    def _selected(self, field: str) -> Any:
        table = self.legendary if field == "legendary" else self.tables[field]
        row = table.current_row()
        values = getattr(self.ctx.contractor.stock, field)
        return values[row] if 0 <= row < len(values) else None

    def _state(self, field: str) -> None:
        item = self._selected(field)
        if item is None:
            return
        kind = {"legendary": ItemKind.LEGENDARY, "artifacts": ItemKind.ARTIFACT}.get(
            field, ItemKind.CONSUMABLE
        )
        form = item_forms.state_form(item.name, item.state)
        contractor = self.ctx.contractor

        def done() -> None:
            values = form.values()
            self.host.run(
                lambda: self.host.ops.set_item_state(
                    contractor, kind, item.name, ItemState(values["state"]), values["date"],
                    values["note"],
                )
            )  # fmt: skip

        form.accepted.connect(done)
        self.host.show_dialog(form)

    def _use(self) -> None:
        item = self._selected("consumables")
        if item is None:
            return
        form = item_forms.use_form(item.name, item.quantity)
        contractor = self.ctx.contractor
        form.accepted.connect(
            lambda: self.host.run(
                lambda: self.host.ops.use_item(
                    contractor, item.name, form.values()["date"], form.values()["note"]
                )
            )
        )
        self.host.show_dialog(form)

    def _others(self) -> list[tuple[str, str]]:
        """Every other contractor of the library, as (name, id)."""
        library = self.host.ops.workspace.library
        here = self.ctx.contractor.id
        return [
            (entry.name, entry.id)
            for entry in library.roster()
            if entry.system == "contract" and entry.id != here
        ]

    def _give(self, field: str) -> None:
        item = self._selected(field)
        others = self._others()
        if item is None or not others:
            return
        kind = ItemKind.ARTIFACT if field == "artifacts" else ItemKind.CONSUMABLE
        form = item_forms.transfer_form(item.name, item.quantity, others)
        contractor = self.ctx.contractor

        def done() -> None:
            values = form.values()
            self.host.run(
                lambda: self.host.ops.transfer_item(
                    contractor, str(values["to"]), kind, item.name, int(values["quantity"]),
                    TransferKind(values["how"]), values["date"], values["note"],
                )
            )  # fmt: skip

        form.accepted.connect(done)
        self.host.show_dialog(form)

    def _add_artifact(self) -> None:
        form = item_forms.artifact_form(None)
        contractor = self.ctx.contractor
        form.accepted.connect(
            lambda: self.host.run(
                lambda: self.host.ops.add_artifact(
                    contractor, form.values()["name"], form.values()["description"]
                )
            )
        )
        self.host.show_dialog(form)

    def _edit_artifact(self, row: int) -> None:
        current = self.ctx.contractor.stock.legendary[row]
        form = item_forms.artifact_form(current)

        def done() -> None:
            edited = replace(
                current, name=form.values()["name"], description=form.values()["description"]
            )
            values = list(self.ctx.contractor.stock.legendary)
            values[row] = edited
            self._save("legendary", tuple(values), "Legendary Artifact")

        form.accepted.connect(done)
        self.host.show_dialog(form)

    def _remove_artifact(self, row: int) -> None:
        values = self.ctx.contractor.stock.legendary
        self._save("legendary", values[:row] + values[row + 1 :], "Legendary Artifacts")

    def _invest(self) -> None:
        artifact = self._selected("legendary")
        if artifact is None:
            return
        contractor = self.ctx.contractor
        gifts = [
            (f"{g.draft.name or g.id} ({g.cost})", g.id)
            for g in contractor.gifts
            if is_legendary_gift(g) and g.id not in artifact.gifts
        ]
        if not gifts:
            return
        form = item_forms.invest_form(artifact.name, gifts)
        form.accepted.connect(
            lambda: self.host.run(
                lambda: self.host.ops.invest_gift(
                    contractor, artifact.name, str(form.values()["gift"])
                )
            )
        )
        self.host.show_dialog(form)

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
                    replace(
                        current,
                        name=form.values()["name"],
                        quantity=form.values()["quantity"],
                        detail=form.values()["detail"],
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
