"""The first page: build from scratch, or start from a stock Gift or a saved template.

"Stock Gifts can be customized or granted to a Contractor as-is": the
browser lists the catalog's premade Gifts by category and the player's own
templates, each with its Gift Cost and the Status it needs as the builder
evaluates it for this contractor, and a preview of its System Text.
Starting from one loads its draft into the builder (undoable) and goes on
to Customise.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from builder.contract.gifts import GiftDraft
from harbinger.app.contract.gift_saving import Template, TemplateStore
from harbinger.app.contract.surprise import SurpriseError
from ui.contract.gift_builder.common import HOUSE_MARK, label, set_shown, set_text
from ui.contract.gift_builder.controller import GiftBuilderController
from ui.widgets.scroll import scrolling

_KEY_ROLE = Qt.ItemDataRole.UserRole
_EFFECT_ROLE = Qt.ItemDataRole.UserRole + 1

_StockKey = tuple[int, object, object, object]
_stock_columns_held: dict[_StockKey, tuple[object, dict[str, tuple[str, str]]]] = {}


def stock_columns(controller: GiftBuilderController) -> dict[str, tuple[str, str]]:
    """Each stock Gift's Gift Cost and Status columns (by Gift id) as the builder evaluates it.

    ``evaluate_gift`` is a pure function of the draft, the catalog and the
    contractor's Status, rewards and previous cost, so the list is evaluated once
    per catalog and standing and kept: every Gift Builder opened after the first
    (and each reload) reuses it instead of evaluating the hundred stock Gifts again.
    """
    catalog = controller.catalog
    key = (id(catalog), controller.status, controller.rewards, controller.previous_cost)
    held = _stock_columns_held.get(key)
    if held is not None and held[0] is catalog:  # the catalog itself is kept: its id is not reused
        return held[1]
    columns = {}
    for gift in catalog.stock.values():
        evaluation = controller.evaluate(gift.draft)
        columns[gift.id] = (str(evaluation.cost), evaluation.required_status.label)
    if len(_stock_columns_held) >= 32:
        _stock_columns_held.clear()
    _stock_columns_held[key] = (catalog, columns)
    return columns


class StartPage(QWidget):
    """Stock Gift and template browser with a preview; emits the draft to start from."""

    start_from = Signal(object, str)
    """(GiftDraft, label) of the stock Gift or template chosen."""
    start_scratch = Signal()

    def __init__(  # noqa: PLR0915  (68 statements when the limits came in)
        self,
        controller: GiftBuilderController,
        templates: TemplateStore | None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.controller = controller
        self.store = templates
        self._drafts: dict[str, tuple[GiftDraft, str]] = {}
        self._templates: dict[str, Template] = {}

        self.scratch = QPushButton("Build a new Gift from &scratch")
        self.scratch.clicked.connect(self.start_scratch.emit)
        self.surprise = QPushButton("Surprise &me")
        self.surprise.setToolTip(
            "A random Gift this contractor may take now (within their Gift Credits and "
            "Status), to change as you like"
        )
        self.surprise.setEnabled(controller.can_surprise)
        self.surprise.clicked.connect(self._surprise)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("Filter stock Gifts and templates")
        self.filter.setClearButtonEnabled(True)
        self.filter.setAccessibleName("Filter stock Gifts")
        self.filter.textChanged.connect(self._filter)

        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Gift", "Cost", "Needs"])
        self.tree.setRootIsDecorated(False)
        self.tree.setAccessibleName("Stock Gifts and templates")
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for col in (1, 2):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.currentItemChanged.connect(lambda *_: self._preview())
        self.tree.itemActivated.connect(lambda *_: self._use())

        self.name = label("", "pageTitle")
        self.tagline = label("", "muted")
        self.kind = label("")
        self.cost = label("")
        self.system = label("", "systemText", selectable=True)
        self.description = label("", "muted")
        self.use = QPushButton("Start from this Gift")
        self.use.setEnabled(False)
        self.use.clicked.connect(self._use)
        self.delete = QPushButton("Delete template")
        self.delete.hide()
        self.delete.clicked.connect(self._delete)
        self.problems = label("", "warning")
        self.problems.hide()
        self.surprise_problem = label("", "warning")
        self.surprise_problem.setAccessibleName("Why no surprise")
        self.surprise_problem.hide()

        preview = QWidget()
        pbox = QVBoxLayout(preview)
        pbox.setContentsMargins(8, 0, 0, 0)
        for widget in (
            self.name,
            self.tagline,
            self.kind,
            self.cost,
            self.system,
            self.description,
        ):
            pbox.addWidget(widget)
        buttons = QHBoxLayout()
        buttons.addWidget(self.use)
        buttons.addWidget(self.delete)
        buttons.addStretch(1)
        pbox.addLayout(buttons)
        pbox.addStretch(1)
        pscroll = scrolling(preview)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(pscroll)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 1)
        split.setChildrenCollapsible(False)
        split.setSizes([360, 300])

        top = QHBoxLayout()
        top.addWidget(self.scratch)
        top.addWidget(self.surprise)
        top.addWidget(self.filter, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label("Start a Gift", "pageTitle"))
        layout.addWidget(
            label(
                "Build one step by step — Type, Effect, Style, then customise — or start from a "
                "premade stock Gift or one of your templates and change what you like.",
                "muted",
            )
        )
        layout.addLayout(top)
        layout.addWidget(self.problems)
        layout.addWidget(self.surprise_problem)
        layout.addWidget(split, 1)
        self.reload()

    # ------------------------------------------------------------------ contents

    def reload(self) -> None:  # noqa: C901, PLR0915  (complexity 11, 51 statements when the limits came in)
        """Fill the list from the catalog's stock Gifts and the template folder."""
        catalog = self.controller.catalog
        self.tree.setUpdatesEnabled(False)
        self.tree.clear()
        self._drafts.clear()
        self._templates.clear()
        bold = QFont()
        bold.setBold(True)

        def section(title: str) -> QTreeWidgetItem:
            item = QTreeWidgetItem([title, "", ""])
            item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            item.setFont(0, bold)
            self.tree.addTopLevelItem(item)
            item.setFirstColumnSpanned(True)
            return item

        def add(
            parent: QTreeWidgetItem,
            key: str,
            draft: GiftDraft,
            text: str,
            columns: tuple[str, str] | None = None,
        ) -> None:
            if columns is None:
                ev = self.controller.evaluate(draft)
                columns = (str(ev.cost), ev.required_status.label)
            effect = catalog.effects.get(draft.effect)
            item = QTreeWidgetItem([draft.name or key, *columns])
            item.setData(0, _KEY_ROLE, key)
            effect_name = effect.name if effect else draft.effect
            item.setData(0, _EFFECT_ROLE, effect_name)
            item.setToolTip(0, f"{effect_name}: {draft.tagline}" if draft.tagline else effect_name)
            parent.addChild(item)
            self._drafts[key] = (draft, text)

        templates: list[Template] = []
        problems = []
        if self.store is not None:
            templates, problems = self.store.load()
        if templates:
            mine = section("Your templates")
            for i, template in enumerate(templates):
                key = f"template:{i}"
                self._templates[key] = template
                add(mine, key, template.draft, f"Start from template {template.name}")
        stock_costs = stock_columns(self.controller)
        for cat in catalog.categories.values():
            stock = [s for s in catalog.stock.values() if s.category == cat.id]
            if not stock:
                continue
            parent = section(f"Stock — {cat.name}")
            for gift in stock:
                text = f"Start from {gift.draft.name}"
                add(parent, f"stock:{gift.id}", gift.draft, text, stock_costs[gift.id])
                if gift.origin.house_rule:
                    mark = f"{gift.draft.name}  {HOUSE_MARK} {gift.origin.catalog}"
                    parent.child(parent.childCount() - 1).setText(0, mark)
        self.tree.expandAll()
        self.tree.setUpdatesEnabled(True)
        text = "\n".join(f"Template not read: {p}" for p in problems)
        set_text(self.problems, text)
        set_shown(self.problems, bool(text))
        self._filter()
        first = next((k for k in self._drafts if k.startswith("stock:")), None)
        if self.tree.currentItem() is None and first is not None:
            self.select(first)
        self._preview()

    def _filter(self) -> None:
        words = self.filter.text().lower().split()
        for i in range(self.tree.topLevelItemCount()):
            parent = self.tree.topLevelItem(i)
            any_shown = False
            for j in range(parent.childCount()):
                child = parent.child(j)
                draft, _ = self._drafts[child.data(0, _KEY_ROLE)]
                hay = " ".join(
                    [draft.name, draft.tagline, child.data(0, _EFFECT_ROLE), draft.description]
                ).lower()
                shown = all(w in hay for w in words)
                child.setHidden(not shown)
                any_shown = any_shown or shown
            parent.setHidden(not any_shown)

    def listed(self) -> list[str]:
        """Keys of every listed Gift ("stock:<id>", "template:<n>"), in list order."""
        return list(self._drafts)

    def select(self, key: str) -> None:
        for i in range(self.tree.topLevelItemCount()):
            parent = self.tree.topLevelItem(i)
            for j in range(parent.childCount()):
                if parent.child(j).data(0, _KEY_ROLE) == key:
                    self.tree.setCurrentItem(parent.child(j))
                    return

    # ------------------------------------------------------------------ preview

    def _current(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(0, _KEY_ROLE) if item is not None else None

    def _preview(self) -> None:
        key = self._current()
        if key is None or key not in self._drafts:
            set_text(self.name, "")
            set_text(self.tagline, "")
            set_text(self.kind, "Highlight a stock Gift or template to preview it.")
            for widget in (self.cost, self.system, self.description):
                set_text(widget, "")
            set_shown(self.system, False)
            self.use.setEnabled(False)
            self.delete.hide()
            return
        draft, _ = self._drafts[key]
        catalog = self.controller.catalog
        ev = self.controller.evaluate(draft)
        set_text(self.name, draft.name or "(unnamed)")
        set_text(self.tagline, draft.tagline)
        parts = [
            catalog.gift_types[draft.gift_type].name
            if draft.gift_type in catalog.gift_types
            else draft.gift_type,
            catalog.effects[draft.effect].name if draft.effect in catalog.effects else draft.effect,
            catalog.styles[draft.style].name if draft.style in catalog.styles else draft.style,
        ]
        set_text(self.kind, " · ".join(parts))
        status = f"needs {ev.required_status.label} Status"
        if ev.status_met is False:
            status += (
                f" (the contractor is {ev.status.label if ev.status is not None else ''}: "
                "customise it down)"
            )
        set_text(self.cost, f"Gift Cost {ev.cost} · {status}")
        set_text(self.system, ev.system_text)
        set_shown(self.system, bool(ev.system_text))
        set_text(self.description, draft.description)
        self.use.setEnabled(True)
        self.delete.setVisible(key.startswith("template:"))

    def _use(self) -> None:
        key = self._current()
        if key is not None and key in self._drafts:
            draft, text = self._drafts[key]
            self.start_from.emit(draft, text)

    def _surprise(self) -> None:
        """Draw a random legal Gift and start from it (one undo step), or say why not."""
        try:
            seeded = self.controller.surprise()
        except SurpriseError as exc:
            set_text(self.surprise_problem, f"No surprise: {exc}.")
            self.surprise_problem.show()
            return
        self.surprise_problem.hide()
        self.start_from.emit(seeded.surprise.draft, f"Surprise me (seed {seeded.seed})")

    def _delete(self) -> None:
        key = self._current()
        template = self._templates.get(key or "")
        if template is not None and self.store is not None:
            self.store.delete(template)
            self.reload()
