"""Step 2: choose the Effect ("Effects"): search, filter by category, read before choosing.

The list holds every Effect of the catalog under its category. Typing in the
search box keeps the Effects whose name or summary contains every word
typed; the category box narrows to one category. Highlighting an Effect
shows what it does, the Status it needs, its Styles with their Gift Cost
adjustment, and its Parameters; Enter, a double-click or "Use this Effect"
chooses it. Effects the contractor cannot take (Status, Gift Type) stay in
the list, greyed, with the builder's reason in the tooltip and the details.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import (
    QComboBox,
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

from builder.contract.gifts import Effect, ModifierKind
from builder.contract.gifts.glossary import effect_note
from builder.contract.status import Status
from ui.contract.gift_builder.common import house_name, label, set_shown, set_text, signed
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.widgets.scroll import scrolling

_EFFECT_ROLE = Qt.ItemDataRole.UserRole
_GREY = QBrush(QColor("#8a8a8a"))


_DESIGN = {
    "rules": "The rules text names this Effect.",
    "harbinger": "Harbinger's own design within the Gift Builder's rules.",
}


def glossary_text(effect: Effect) -> str:
    """The glossary's explanation of an Effect, its rules section and who designed it
    (issue 31.7); "" for an Effect the glossary does not know (house rules)."""
    note = effect_note(effect.id)
    if note is None:
        return ""
    rules = f" Rules: {note.rules}." if note.rules else ""
    design = _DESIGN.get(effect.design, "")
    return f"{note.explanation}{rules}" + (f" {design}" if design else "")


def _tip(effect: Effect) -> str:
    """An Effect's tooltip in the picker: its summary, then what it does in the rules."""
    note = effect_note(effect.id)
    return f"{effect.summary}\n{note.explanation}" if note is not None else effect.summary


def _words(effect: Effect) -> str:
    return f"{effect.name} {effect.summary}".lower()


class EffectPage(QWidget):
    """Search box, category filter, the Effect list and the highlighted Effect's details."""

    def __init__(self, controller: GiftBuilderController, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (88 statements when the limits came in)
        super().__init__(parent)
        self.controller = controller
        catalog = controller.catalog
        self._blocked: dict[str, tuple[str, ...]] = {}
        self._blocked_key: str | None = None
        self._chosen = ""

        self.search = QLineEdit()
        self.search.setPlaceholderText("Search Effects by name or summary (Ctrl+F)")
        self.search.setClearButtonEnabled(True)
        self.search.setAccessibleName("Search Effects")
        self.category = QComboBox()
        self.category.addItem("All categories", "")
        for cat in catalog.categories.values():
            self.category.addItem(cat.name, cat.id)
        self.category.setAccessibleName("Effect category")

        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Effect", "Needs"])
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAccessibleName("Effects")
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        self.items: dict[str, QTreeWidgetItem] = {}
        self.category_items: dict[str, QTreeWidgetItem] = {}
        bold = QFont()
        bold.setBold(True)
        for cat in catalog.categories.values():
            parent_item = QTreeWidgetItem([cat.name, ""])
            parent_item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            parent_item.setFont(0, bold)
            parent_item.setToolTip(0, cat.summary)
            self.tree.addTopLevelItem(parent_item)
            parent_item.setFirstColumnSpanned(True)
            self.category_items[cat.id] = parent_item
            for effect in catalog.effects_in(cat.id):
                item = QTreeWidgetItem([house_name(effect), effect.status.label])
                item.setData(0, _EFFECT_ROLE, effect.id)
                item.setToolTip(0, _tip(effect))
                parent_item.addChild(item)
                self.items[effect.id] = item
        self.tree.expandAll()

        self.title = label("", "pageTitle")
        self.summary = label("")
        self.glossary = label("", "muted")
        self.glossary.setAccessibleName("What the Effect does in the rules")
        self.needs = label("")
        self.styles = label("", "muted")
        self.parameters = label("", "muted")
        self.modifiers = label("", "muted")
        self.reason = label("", "error")
        self.prompt = label("", "muted")
        self.use = QPushButton("Use this Effect")
        self.use.setEnabled(False)
        self.chosen_note = label("", "muted")

        details = QWidget()
        dbox = QVBoxLayout(details)
        dbox.setContentsMargins(8, 0, 0, 0)
        dbox.setSpacing(6)
        for widget in (
            self.title,
            self.summary,
            self.glossary,
            self.needs,
            self.styles,
            self.parameters,
            self.modifiers,
            self.prompt,
            self.reason,
        ):
            dbox.addWidget(widget)
        row = QHBoxLayout()
        row.addWidget(self.use)
        row.addWidget(self.chosen_note, 1)
        dbox.addLayout(row)
        dbox.addStretch(1)
        details_scroll = scrolling(details)

        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.tree)
        split.addWidget(details_scroll)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)
        split.setSizes([260, 390])

        filters = QHBoxLayout()
        filters.addWidget(self.search, 3)
        filters.addWidget(self.category, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(label("Choose an Effect", "pageTitle"))
        layout.addWidget(
            label("The Effect is what the Gift does. Enter or double-click chooses one.", "muted")
        )
        layout.addLayout(filters)
        layout.addWidget(split, 1)

        self.search.textChanged.connect(self._filter)
        self.category.currentIndexChanged.connect(self._filter)
        self.tree.currentItemChanged.connect(lambda *_: self._show_details())
        self.tree.itemActivated.connect(lambda item, _col: self._choose(item))
        self.use.clicked.connect(lambda: self._choose(self.tree.currentItem()))
        self.search.returnPressed.connect(self._choose_single_match)
        self._show_details()

    # ------------------------------------------------------------------ choosing

    def _choose(self, item: QTreeWidgetItem | None) -> None:
        effect_id = item.data(0, _EFFECT_ROLE) if item is not None else None
        if effect_id and effect_id not in self._blocked:
            self.controller.choose_effect(effect_id)

    def _choose_single_match(self) -> None:
        visible = [i for i in self.items.values() if not i.isHidden()]
        if len(visible) == 1:
            self.tree.setCurrentItem(visible[0])
            self._choose(visible[0])
        elif visible:
            self.tree.setFocus()
            self.tree.setCurrentItem(visible[0])

    def select(self, effect_id: str) -> None:
        """Highlight an Effect in the list (without choosing it)."""
        item = self.items.get(effect_id)
        if item is not None:
            self.tree.setCurrentItem(item)

    # ------------------------------------------------------------------ filtering

    def _filter(self) -> None:
        words = self.search.text().lower().split()
        category = self.category.currentData()
        effects = self.controller.catalog.effects
        for effect_id, item in self.items.items():
            effect = effects[effect_id]
            text = _words(effect)
            shown = all(w in text for w in words) and (not category or effect.category == category)
            item.setHidden(not shown)
        for parent_item in self.category_items.values():
            parent_item.setHidden(
                all(parent_item.child(i).isHidden() for i in range(parent_item.childCount()))
            )
        current = self.tree.currentItem()
        if current is None or current.isHidden():
            first = next((i for i in self.items.values() if not i.isHidden()), None)
            if first is not None:
                self.tree.setCurrentItem(first)

    def matches(self) -> list[str]:
        """Ids of the Effects the search and category leave visible."""
        return [eid for eid, item in self.items.items() if not item.isHidden()]

    # ------------------------------------------------------------------ repaint

    def show_state(self, state: BuilderState) -> None:
        key = f"{state.draft.gift_type}"
        if key != self._blocked_key:
            self._blocked_key = key
            self._blocked = self.controller.unavailable_effects()
            for effect_id, item in self.items.items():
                why = self._blocked.get(effect_id)
                effect = self.controller.catalog.effects[effect_id]
                brush = _GREY if why else QBrush()
                item.setForeground(0, brush)
                item.setForeground(1, brush)
                tip = _tip(effect) + (f"\nNot available: {'; '.join(why)}" if why else "")
                item.setToolTip(0, tip)
        if state.draft.effect != self._chosen:
            old = self.items.get(self._chosen)
            if old is not None:
                font = old.font(0)
                font.setBold(False)
                old.setFont(0, font)
                old.setText(0, house_name(self.controller.catalog.effects[self._chosen]))
            self._chosen = state.draft.effect
            new = self.items.get(self._chosen)
            if new is not None:
                font = new.font(0)
                font.setBold(True)
                new.setFont(0, font)
                new.setText(0, f"{house_name(self.controller.catalog.effects[self._chosen])}  ✓")
                self.tree.setCurrentItem(new)
        self._show_details()

    def _show_details(self) -> None:
        item = self.tree.currentItem()
        effect_id = item.data(0, _EFFECT_ROLE) if item is not None else None
        catalog = self.controller.catalog
        effect = catalog.effects.get(effect_id) if effect_id else None
        if effect is None:
            set_text(self.title, "")
            set_text(self.summary, "Highlight an Effect to read about it.")
            for widget in (
                self.glossary,
                self.needs,
                self.styles,
                self.parameters,
                self.modifiers,
                self.prompt,
            ):
                set_text(widget, "")
            set_text(self.reason, "")
            set_shown(self.reason, False)
            self.use.setEnabled(False)
            return
        set_text(self.title, effect.name)
        cat = catalog.categories.get(effect.category)
        set_text(self.summary, f"{effect.summary}  ({cat.name if cat else effect.category})")
        set_text(self.glossary, glossary_text(effect))
        set_text(self.needs, f"Needs {effect.status.label} Status")
        styles = " · ".join(
            f"{catalog.styles[s].name} {signed(es.cost)}"
            + (f" (needs {es.status.label})" if es.status > Status.NEWBIE else "")
            for s, es in effect.styles.items()
            if s in catalog.styles
        )
        set_text(self.styles, f"Styles and their Gift Cost adjustment: {styles}")
        params = "; ".join(
            f"{p.name}: " + ", ".join(lv.name for lv in p.levels)
            for p in effect.parameters.values()
        )
        set_text(self.parameters, f"Parameters — {params}" if params else "No Parameters.")
        mods = catalog.modifiers_for(effect.id)
        enh = sum(1 for m in mods.values() if m.kind is ModifierKind.ENHANCEMENT)
        set_text(
            self.modifiers,
            f"{enh} Enhancements and {len(mods) - enh} Drawbacks to customise it.",
        )
        set_text(self.prompt, f"Description prompt: {effect.prompt}")
        why = self._blocked.get(effect.id)
        set_text(self.reason, f"Not available: {'; '.join(why)}" if why else "")
        set_shown(self.reason, bool(why))
        chosen = effect.id == self.controller.draft.effect
        self.use.setEnabled(not why and not chosen)
        self.use.setToolTip("; ".join(why) if why else "")
        set_text(self.chosen_note, "This is the Gift's Effect." if chosen else "")
