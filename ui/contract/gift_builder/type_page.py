"""Step 1: choose the Gift Type ("Gift Types"), with what each means for the player.

Each Type is a card: what it is, how reliable it is, how it can be lost and
what crafting costs, as the catalog states them. When an Effect is already
chosen, a card says what picking it would drop, read from the builder's
evaluation of the draft with that Type.
"""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtWidgets import QButtonGroup, QRadioButton, QVBoxLayout, QWidget

from ui.contract.gift_builder.common import (
    Card,
    card,
    label,
    set_shown,
    set_text,
    signed,
    style_role,
)
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.widgets.scroll import scrolling


class TypePage(QWidget):
    """Four cards, one per Gift Type; clicking one chooses it."""

    def __init__(self, controller: GiftBuilderController, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.controller = controller
        catalog = controller.catalog
        self.group = QButtonGroup(self)
        self.group.setExclusive(True)
        self.buttons: dict[str, QRadioButton] = {}
        self.cards: dict[str, Card] = {}
        self.notes: dict[str, QWidget] = {}
        self._ids: list[str] = []
        self._last_key: tuple[str, str, str] | None = None

        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 6, 0)
        column.setSpacing(8)
        column.addWidget(label("Choose a Gift Type", "pageTitle"))
        column.addWidget(
            label(
                "The Type is how the Gift manifests. None of them changes the Gift Cost; each "
                "pays for what it offers with what it risks.",
                "muted",
            )
        )
        for index, gtype in enumerate(catalog.gift_types.values()):
            frame, box = card()
            button = QRadioButton(f"{gtype.name}  ({signed(gtype.cost)} Gift Cost)")
            style_role(button, "cardTitle")
            self.group.addButton(button, index)
            box.addWidget(button)
            box.addWidget(label(gtype.summary))
            box.addWidget(label(f"Reliability: {gtype.reliability}", "muted"))
            box.addWidget(label(f"Risk of loss: {gtype.risk_of_loss}", "muted"))
            if gtype.crafting:
                box.addWidget(label(f"Crafting: {gtype.crafting}", "muted"))
            note = label("", "warning")
            note.hide()
            box.addWidget(note)
            column.addWidget(frame)
            self.buttons[gtype.id] = button
            self.cards[gtype.id] = frame
            self.notes[gtype.id] = note
            self._ids.append(gtype.id)
        column.addStretch(1)
        self.group.idClicked.connect(lambda i: self.controller.choose_type(self._ids[i]))

        scroll = scrolling(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

    def show_state(self, state: BuilderState) -> None:
        draft = state.draft
        for type_id, button in self.buttons.items():
            chosen = type_id == draft.gift_type
            if button.isChecked() != chosen:
                button.setChecked(chosen)
            self.cards[type_id].set_chosen(chosen)
        if not draft.gift_type:
            # an exclusive group cannot show "none" without this
            self.group.setExclusive(False)
            for button in self.buttons.values():
                button.setChecked(False)
            self.group.setExclusive(True)
        key = (draft.gift_type, draft.effect, draft.style)
        if key == self._last_key:
            return
        self._last_key = key
        for type_id, note in self.notes.items():
            text = self._change_note(state, type_id)
            set_text(note, text)
            set_shown(note, bool(text))

    def _change_note(self, state: BuilderState, type_id: str) -> str:
        """What choosing this Type would do to the current Effect/Style, per the evaluator."""
        draft = state.draft
        if not draft.effect or type_id == draft.gift_type:
            return ""
        trial = self.controller.evaluate(replace(draft, gift_type=type_id))
        for error in trial.errors:
            if error.rule == "gift.type_not_allowed":
                return f"{error.message}: choosing it clears the Effect."
            if error.rule == "gift.type_style":
                return f"{error.message}: choosing it changes the Style."
        return ""
