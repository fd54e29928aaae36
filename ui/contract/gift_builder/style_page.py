"""Step 3: choose the Activation Style ("Activation Styles").

All four Styles are shown. Those the Effect does not allow, or this Gift
Type or Status cannot use, are disabled with the builder's reason
(``unavailable_styles``); the others show the Effect's Gift Cost adjustment
for that Style from the catalog.
"""

from __future__ import annotations

from PySide6.QtWidgets import QButtonGroup, QRadioButton, QVBoxLayout, QWidget

from ui.contract.gift_builder.common import (
    Card,
    card,
    label,
    set_shown,
    set_text,
    set_tip,
    signed,
    style_role,
)
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.widgets.scroll import scrolling


class StylePage(QWidget):
    """One card per Activation Style; clicking an allowed one chooses it."""

    def __init__(self, controller: GiftBuilderController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        catalog = controller.catalog
        self.group = QButtonGroup(self)
        self.buttons: dict[str, QRadioButton] = {}
        self.cards: dict[str, Card] = {}
        self.costs: dict[str, QWidget] = {}
        self.reasons: dict[str, QWidget] = {}
        self._ids: list[str] = []
        self._key: tuple[str, str] | None = None

        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 6, 0)
        column.setSpacing(8)
        self.title = label("Choose an Activation Style", "pageTitle")
        column.addWidget(self.title)
        self.intro = label("", "muted")
        column.addWidget(self.intro)
        for index, style in enumerate(catalog.styles.values()):
            frame, box = card()
            button = QRadioButton(style.name)
            style_role(button, "cardTitle")
            self.group.addButton(button, index)
            box.addWidget(button)
            box.addWidget(label(style.summary))
            cost = label("", "muted")
            box.addWidget(cost)
            reason = label("", "error")
            reason.hide()
            box.addWidget(reason)
            column.addWidget(frame)
            self.buttons[style.id] = button
            self.cards[style.id] = frame
            self.costs[style.id] = cost
            self.reasons[style.id] = reason
            self._ids.append(style.id)
        column.addStretch(1)
        self.group.idClicked.connect(lambda i: self.controller.choose_style(self._ids[i]))

        scroll = scrolling(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def show_state(self, state: BuilderState) -> None:
        draft = state.draft
        key = (draft.gift_type, draft.effect)
        if key != self._key:
            self._key = key
            self._refresh_availability(draft.effect)
        for style_id, button in self.buttons.items():
            chosen = style_id == draft.style
            if button.isChecked() != chosen:
                self.group.setExclusive(False)
                button.setChecked(chosen)
                self.group.setExclusive(True)
            self.cards[style_id].set_chosen(chosen)

    def _refresh_availability(self, effect_id: str) -> None:
        catalog = self.controller.catalog
        effect = catalog.effects.get(effect_id)
        if effect is None:
            set_text(self.intro, "Choose an Effect first: each Effect allows some Styles.")
            for style_id, button in self.buttons.items():
                button.setEnabled(False)
                set_tip(button, "choose an Effect first")
                set_text(self.costs[style_id], "")
                set_shown(self.reasons[style_id], False)
                self.cards[style_id].set_unavailable(True)
            return
        set_text(
            self.intro,
            f"How {effect.name} is set off. Some Styles change the Gift Cost; a Trap must also "
            "take a Trigger.",
        )
        blocked = self.controller.unavailable_styles(effect_id)
        for style_id, button in self.buttons.items():
            why = blocked.get(style_id, ())
            button.setEnabled(not why)
            set_tip(button, "; ".join(why))
            self.cards[style_id].set_unavailable(bool(why))
            estyle = effect.styles.get(style_id)
            cost = (
                f"{effect.name} as {catalog.styles[style_id].name}: {signed(estyle.cost)} Gift Cost"
                if estyle is not None
                else ""
            )
            set_text(self.costs[style_id], cost)
            set_shown(self.costs[style_id], bool(cost))
            set_text(self.reasons[style_id], f"Not available: {'; '.join(why)}" if why else "")
            set_shown(self.reasons[style_id], bool(why))
