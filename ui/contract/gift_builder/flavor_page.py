"""Step 5: Name, Tagline and Description ("Gift Description", "System Text, Tagline, and
Gift Name"), and the free crafted item a crafting Gift brings ("Crafting").

The Description gets the Effect's prompt as a hint and a reminder that it is
flavor only: it may set limits and looks, never mechanics; only the System
Text binds. For Artifact and Consumable Crafting Gifts the page offers the
free copy the rules grant, with the item's name; whether one is owed now is
asked of the ledger by a dry run of the save
(``harbinger.app.contract.gift_saving.free_item_offer``). A Legendary
Artifact Gift may be added to a Legendary Artifact on the sheet, or to a new
one named here ("you may invest multiple Gifts and Improvements into a single
Legendary Artifact").
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QLineEdit,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from builder.contract.items import LEGENDARY_TYPE
from ui.contract.gift_builder.common import label, set_shown, set_text
from ui.contract.gift_builder.controller import BuilderState, GiftBuilderController
from ui.widgets.reflow import ReflowRow
from ui.widgets.scroll import scrolling

CRAFT_NAME_EMS = 10
"""The free crafted item's name field is never narrower than this many "M" of its font."""


class _FocusOut(QObject):
    """Calls back when the watched widget loses focus (to end one typing undo step)."""

    def __init__(self, callback: Callable[[], None], parent: QObject) -> None:
        super().__init__(parent)
        self._callback = callback

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.FocusOut:
            self._callback()
        return False


class FlavorPage(QWidget):
    """Name, Tagline, Description, the crafted-item offer and what saving will do."""

    craft_changed = Signal()

    def __init__(self, controller: GiftBuilderController, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (68 statements when the limits came in)
        super().__init__(parent)
        self.controller = controller
        self._effect = None

        self.name = QLineEdit()
        self.name.setPlaceholderText("Required: what the Gift is called on the sheet")
        self.name.setAccessibleName("Gift name")
        self.tagline = QLineEdit()
        self.tagline.setPlaceholderText("Optional: a line that introduces the Gift")
        self.tagline.setAccessibleName("Tagline")
        self.description = QPlainTextEdit()
        self.description.setAccessibleName("Description")
        self.description.setTabChangesFocus(True)
        self.description.setMinimumHeight(110)
        self.extended = QPlainTextEdit()
        self.extended.setAccessibleName("Extended description")
        self.extended.setPlaceholderText(
            "Optional: the Gift's story, how it came to be, how it is used (flavor only)"
        )
        self.extended.setTabChangesFocus(True)
        self.extended.setMinimumHeight(80)
        self.prompt = label("", "help")
        self.note = label(
            "The Description is flavor: what the Gift is, how it looks and sounds when used, "
            "and any limits you choose to give it. It may never add mechanics (dice, damage, "
            "bonuses, ranges); only the System Text is binding, and your Playgroup Leader has "
            "the final say on a Description that goes too far.",
            "muted",
        )

        form = QFormLayout()
        form.addRow("&Name", self.name)
        form.addRow("&Tagline", self.tagline)
        form.addRow("&Description", self.description)
        form.addRow("E&xtended", self.extended)
        # The row labels measured short under the builder's style sheet and clipped
        # "Tagline" (seen in the screenshots): give each one its full text width.
        for row in range(form.rowCount()):
            item = form.itemAt(row, QFormLayout.ItemRole.LabelRole)
            if item is not None and item.widget() is not None:
                caption = item.widget()
                text = caption.text().replace("&", "")  # type: ignore[attr-defined]
                caption.setMinimumWidth(caption.fontMetrics().horizontalAdvance(text) + 8)

        self.craft_box = QGroupBox("Free crafted item")
        self.craft_rule = label("", "muted")
        self.craft_check = QCheckBox("Craft the free item when saving")
        self.craft_name = QLineEdit()
        self.craft_name.setPlaceholderText("Name of the item (defaults to the Gift's name)")
        self.craft_name.setAccessibleName("Crafted item name")
        self.craft_reason = label("", "warning")
        self.craft_reason.hide()
        cbox = QVBoxLayout(self.craft_box)
        cbox.addWidget(self.craft_rule)
        # The item's name beside the check while both fit, under it when not: beside it at
        # 2x the font the field was left a few letters wide ("Nam..."). The name keeps room
        # for CRAFT_NAME_EMS "M".
        ems = self.craft_name.fontMetrics().horizontalAdvance("M") * CRAFT_NAME_EMS
        self.craft_name.setMinimumWidth(ems)
        self.craft_row = ReflowRow(spacing=6, stacked_spacing=4)
        self.craft_row.add_widget(self.craft_check)
        self.craft_row.add_widget(self.craft_name, 1)
        cbox.addWidget(self.craft_row)
        cbox.addWidget(self.craft_reason)
        self.craft_box.hide()
        self.craft_check.setChecked(True)
        self.craft_check.toggled.connect(lambda _on: self.craft_changed.emit())

        self.artifact_box = QGroupBox("Legendary Artifact")
        self.artifact_choice = QComboBox()
        self.artifact_choice.setEditable(True)
        self.artifact_choice.setAccessibleName("Add to Legendary Artifact")
        self.artifact_choice.setToolTip(
            "Add this Gift to a Legendary Artifact on the sheet, or type a new artifact's "
            "name. While the artifact is lost, stolen or left at home its Gifts are inactive."
        )
        abox = QVBoxLayout(self.artifact_box)
        abox.addWidget(
            label(
                '"You may invest multiple Gifts and Improvements into a single Legendary '
                'Artifact." Each Gift keeps its own cost.',
                "muted",
            )
        )
        abox.addWidget(self.artifact_choice)
        self.artifact_box.hide()
        self._artifacts_offered = False

        self.save_title = label("Saving", "pageTitle")
        self.save_summary = label("")

        inner = QWidget()
        column = QVBoxLayout(inner)
        column.setContentsMargins(0, 0, 6, 0)
        column.setSpacing(8)
        column.addWidget(label("Name and describe the Gift", "pageTitle"))
        column.addLayout(form)
        column.addWidget(self.prompt)
        column.addWidget(self.note)
        column.addWidget(self.craft_box)
        column.addWidget(self.artifact_box)
        column.addWidget(self.save_title)
        column.addWidget(self.save_summary)
        column.addStretch(1)
        scroll = scrolling(inner)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll)

        self.name.textEdited.connect(controller.set_name)
        self.tagline.textEdited.connect(controller.set_tagline)
        self.description.textChanged.connect(self._description_changed)
        self.extended.textChanged.connect(self._extended_changed)
        self._focus_out = _FocusOut(controller.end_typing, self)
        for widget in (self.name, self.tagline, self.description):
            widget.installEventFilter(self._focus_out)

    def _description_changed(self) -> None:
        text = self.description.toPlainText()
        if text != self.controller.draft.description:
            self.controller.set_description(text)

    def _extended_changed(self) -> None:
        text = self.extended.toPlainText()
        if text != self.controller.draft.extended_description:
            self.controller.set_extended_description(text)

    @property
    def free_item(self) -> str:
        """The item to craft free on saving ("" when not asked for or not offered)."""
        if self.craft_box.isHidden() or not self.craft_check.isChecked():
            return ""
        if not self.craft_check.isEnabled():
            return ""
        return (
            self.craft_name.text().strip() or self.controller.draft.name.strip() or "Crafted item"
        )

    def offer_artifacts(self, names: list[str], current: str = "") -> None:
        """The contractor's Legendary Artifacts to add the Gift to; ``current`` is chosen."""
        self._artifacts_offered = True
        self.artifact_choice.clear()
        self.artifact_choice.addItem("Not in an artifact", "")
        for name in names:
            self.artifact_choice.addItem(f"Add to {name}", name)
        index = self.artifact_choice.findData(current) if current else 0
        self.artifact_choice.setCurrentIndex(max(index, 0))

    @property
    def artifact(self) -> str:
        """The Legendary Artifact to add the Gift to ("" for none), chosen or typed."""
        if self.artifact_box.isHidden():
            return ""
        text = self.artifact_choice.currentText().strip()
        index = self.artifact_choice.currentIndex()
        if index >= 0 and self.artifact_choice.itemText(index) == text:
            return str(self.artifact_choice.itemData(index) or "")
        return text

    def show_state(self, state: BuilderState) -> None:
        draft = state.draft
        if self.name.text() != draft.name:
            self.name.setText(draft.name)
        if self.tagline.text() != draft.tagline:
            self.tagline.setText(draft.tagline)
        if self.description.toPlainText() != draft.description:
            self.description.blockSignals(True)
            self.description.setPlainText(draft.description)
            self.description.blockSignals(False)
        if self.extended.toPlainText() != draft.extended_description:
            self.extended.blockSignals(True)
            self.extended.setPlainText(draft.extended_description)
            self.extended.blockSignals(False)
        effect = self.controller.catalog.effects.get(draft.effect)
        if effect is not self._effect:
            self._effect = effect
            prompt = effect.prompt if effect is not None else ""
            self.description.setPlaceholderText(prompt or "Describe how the Gift looks when used")
            set_text(self.prompt, f"Prompt for {effect.name}: {prompt}" if effect else "")
            set_shown(self.prompt, bool(prompt))
        gtype = self.controller.catalog.gift_types.get(draft.gift_type)
        crafts = gtype.crafts if gtype is not None else ""
        set_shown(self.craft_box, bool(crafts))
        set_shown(
            self.artifact_box,
            self._artifacts_offered and draft.gift_type == LEGENDARY_TYPE,
        )
        if crafts:
            noun = "Artifact" if crafts == "artifact" else "Consumable"
            self.craft_box.setTitle(f"Free crafted {noun}")
            self.craft_check.setText(f"Craft the free {noun} when saving:")
            set_text(self.craft_rule, gtype.crafting)
        # What saving spends is shown once, in the results column; this page only
        # explains the template save when no contractor is open.
        no_contractor = state.evaluation.rewards is None
        set_text(
            self.save_summary,
            "No contractor is open: save this Gift as a template to start from it later."
            if no_contractor
            else "",
        )
        set_shown(self.save_title, no_contractor)
        set_shown(self.save_summary, no_contractor)

    def show_craft_offer(self, offered: bool, reason: str) -> None:
        """Enable the free-item offer, or disable it with the ledger's reason."""
        self.craft_check.setEnabled(offered)
        self.craft_name.setEnabled(offered)
        set_text(self.craft_reason, "" if offered else f"No free item now: {reason}")
        set_shown(self.craft_reason, not offered and bool(reason))
