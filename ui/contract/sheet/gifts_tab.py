"""The Gifts tab: each Gift with its Gift Cost, System Text and revision history, and the
rewards to spend."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QMenu,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import Contractor, Gift
from builder.contract.gift_style_choice import style_advice, style_choices, style_meaning
from builder.contract.gifts.history import gift_history, house_lock
from builder.contract.gifts.roll_text import GiftRoll, gift_roll
from builder.contract.items import inactive_gifts
from builder.contract.sheet_edits import duplicate_draft, removal_refund
from ui.contract.sheet import item_forms
from ui.contract.sheet.base import SheetHost, SheetTab
from ui.contract.sheet.context import SheetContext, title_case
from ui.contract.sheet.names import gift_catalog_names
from ui.style import set_role
from ui.widgets.common import heading, plain
from ui.widgets.tables import ListTable


class GiftsTab(SheetTab):
    roll_requested = Signal(str, str, int)
    """(Attribute, Ability, Difficulty): "Roll it" on the selected Gift's roll was pressed."""

    def __init__(self, host: SheetHost, parent: QWidget | None = None) -> None:  # noqa: PLR0915  (55 statements when the limits came in)
        super().__init__(host, parent)
        self.rewards = QLabel()
        set_role(self.rewards, "banner")
        self.rewards.setWordWrap(True)
        self.table = ListTable(
            "Gifts",
            ("Gift", "Type", "Effect", "Style", "Cost"),
            add_text="&New Gift…",
            stretch=0,
        )
        self.table.edit_button.setText("&Improve or Revise…")
        # Item 8: the Gift Builder may use a playgroup's house-rule catalog folder.
        self.house_folder = ""
        self.catalog_line = plain("", muted=True)
        self.catalog_line.setAccessibleName("Gift catalog the Gift Builder uses")
        self.choose_catalog = QPushButton("Playgroup C&atalog…")
        self.choose_catalog.setToolTip(
            "Build Gifts with a playgroup's house-rule catalog folder (the same folders "
            "review mode loads). A Gift that uses its content locks the contractor to "
            "that playgroup."
        )
        self.choose_catalog.clicked.connect(self._choose_catalog)
        self.standard_catalog = QPushButton("Standard Only")
        self.standard_catalog.clicked.connect(lambda: self.use_house_catalog(""))
        self.lock = plain("")
        set_role(self.lock, "banner")
        self.lock.setAccessibleName("Playgroup lock")
        self.bonuses = plain("")
        self.bonuses.setAccessibleName("Attribute bonuses from Gifts")
        self.bonuses.setToolTip(
            "Dice bonuses to the same roll do not stack: only the highest counts "
            "(Dice Pool Modifiers). Mark a switched Gift active in the dice panel."
        )
        # Issue 31.4: a Gift can be taken off the sheet, after a confirmation that says what
        # comes back (builder.contract.sheet_edits gives the reading the rules leave open).
        self.table.remove_button.setText("Re&move Gift…")
        self.table.remove_requested.connect(self.ask_remove)
        self.remove_box: QMessageBox | None = None
        # A copy of the selected Gift opened in the Gift Builder as a new, unsaved draft.
        self.duplicate_button = QPushButton("D&uplicate…")
        self.duplicate_button.setToolTip(
            "Open the Gift Builder on a copy of the selected Gift; nothing is spent until "
            "you save it as a new Gift"
        )
        self.duplicate_button.clicked.connect(lambda: self.duplicate(self.table.current_row()))
        # An imported Gift whose Style is the website's "Active" (the rules' Activated or
        # Targeted) gets its Style chosen here in one step; hidden for every other Gift.
        self.style_menu = QMenu(self)
        # No Alt+letter: each of its letters is taken in sight (the menu bar, the tabs,
        # "R&oll it"), and a repeated one would only move the focus.
        self.style_button = QPushButton("Choose Style…")
        self.style_button.setMenu(self.style_menu)
        self.style_button.hide()
        self.style_note = plain("")
        set_role(self.style_note, "banner")
        self.style_note.setAccessibleName("Style to choose for the selected Gift")
        self.style_note.hide()
        self.table.table.itemSelectionChanged.connect(self._show_selected)
        self.table.add_requested.connect(lambda: self.open_builder(-1))
        self.table.edit_requested.connect(self.open_builder)
        self.name = heading("")
        self.tagline = plain("", muted=True)
        self.system = plain("")
        self.description = plain("")
        self.system_title = heading("System", level=2)
        # The selected Gift's roll ("Roll Intellect + Occult at Difficulty 6"), ready in the
        # Dice dock at a click (issue 33, item 5).
        self.roll: GiftRoll | None = None
        self.roll_button = QPushButton("R&oll it")
        self.roll_button.clicked.connect(self._roll)
        self.roll_button.hide()
        self.description_title = heading("Description", level=2)
        self.extended_title = heading("Extended description", level=2)
        self.extended = plain("")
        self.extended.setAccessibleName("Extended description of the selected Gift")
        self.history = ListTable(
            "Revision history",
            ("Date", "Kind", "Gift Cost", "Rewards", "Changes"),
            editable=False,
            stretch=4,
        )
        self.history.setAccessibleName("Revision history of the selected Gift")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(16, 12, 16, 12)
        layout.setSpacing(6)
        layout.addWidget(self.rewards)
        layout.addWidget(self.lock)
        catalog_row = QHBoxLayout()
        catalog_row.addWidget(self.catalog_line, 1)
        catalog_row.addWidget(self.choose_catalog)
        catalog_row.addWidget(self.standard_catalog)
        layout.addLayout(catalog_row)
        layout.addSpacing(6)
        layout.addWidget(self.table)
        duplicate_row = QHBoxLayout()
        duplicate_row.addStretch(1)
        duplicate_row.addWidget(self.style_button)
        duplicate_row.addWidget(self.duplicate_button)
        layout.addLayout(duplicate_row)
        layout.addWidget(self.bonuses)
        layout.addSpacing(6)
        layout.addWidget(self.name)
        layout.addWidget(self.tagline)
        layout.addWidget(self.style_note)
        system_row = QHBoxLayout()
        system_row.addWidget(self.system_title)
        system_row.addStretch(1)
        system_row.addWidget(self.roll_button)
        layout.addLayout(system_row)
        layout.addWidget(self.system)
        layout.addWidget(self.description_title)
        layout.addWidget(self.description)
        layout.addWidget(self.extended_title)
        layout.addWidget(self.extended)
        layout.addSpacing(6)
        layout.addWidget(self.history)
        layout.addStretch(1)

    def show_sheet(self, ctx: SheetContext) -> None:
        super().show_sheet(ctx)
        rewards = ctx.report.rewards
        self.rewards.setText(
            f"Gift Credits available: {rewards.credits_available}    "
            f"Improvements available: {rewards.improvements_available} "
            f"(cap {rewards.improvement_cap})"
        )
        gifts = ctx.contractor.gifts
        # The Gift catalog is loaded only once a Gift is there to name.
        names = gift_catalog_names() if gifts else (lambda _table, key: title_case(key))
        self.table.set_rows(
            [
                (
                    (g.draft.name or g.id) + item_forms.gift_place(ctx.contractor, g.id),
                    names("gift_types", g.draft.gift_type),
                    names("effects", g.draft.effect),
                    names("styles", g.draft.style),
                    str(g.cost),
                )
                for g in gifts
            ],
            [g.system_text for g in gifts],
        )
        inactive = inactive_gifts(ctx.contractor)
        item_forms.grey_rows(self.table, [g.id in inactive for g in gifts])
        self._show_bonuses(ctx)
        self._show_catalog(ctx)
        if gifts:
            self.table.table.selectRow(0)
        self._show_selected()

    def _show_bonuses(self, ctx: SheetContext) -> None:
        """Attribute dice bonuses the Gifts give, as builder lists them (issue 15, item 5)."""
        from ui.contract.gift_bonuses import bonus_line
        from ui.contract.sheet.view import gift_bonuses

        bonuses = gift_bonuses(ctx.contractor)
        lines = [
            f"{bonus_line(b)} — {'while active' if b.switched else 'always (Passive)'}"
            for b in bonuses
        ]
        self.bonuses.setText(
            "Attribute bonuses (the highest counts, never stacked):\n" + "\n".join(lines)
            if lines
            else ""
        )
        self.bonuses.setVisible(bool(lines))

    def _show_catalog(self, ctx: SheetContext) -> None:
        """The catalog the builder will use, and the playgroups the Gifts lock the contractor to."""
        locked = house_lock(ctx.contractor)
        self.lock.setText(
            "Locked to playgroup: " + ", ".join(locked) + " (its Gifts use that house-rule "
            "catalog; they hold only in that playgroup)"
            if locked
            else ""
        )
        self.lock.setVisible(bool(locked))
        if self.house_folder:
            names = ", ".join(self.builder_catalog().house_catalogs)
            self.catalog_line.setText(
                f"Gift Builder catalog: standard + {names} ⌂ ({self.house_folder})"
            )
        else:
            self.catalog_line.setText("Gift Builder catalog: standard")
        self.standard_catalog.setEnabled(bool(self.house_folder))

    def builder_catalog(self):  # type: ignore[no-untyped-def]
        """The Gift catalog the builder opens with: standard, or plus the chosen house folder."""
        from ui.catalog import gift_catalog, house_gift_catalog

        if self.house_folder:
            return house_gift_catalog((self.house_folder,))
        return gift_catalog()

    def use_house_catalog(self, folder: str) -> str:
        """Build with this house-rule folder ("" for the standard catalog only).

        Returns "" when it loaded, else the loader's problems (and keeps the
        catalog in use as it was).
        """
        from builder.contract.gifts.catalog import CatalogError
        from ui.catalog import house_gift_catalog

        if folder:
            try:
                house_gift_catalog((folder,))
            except CatalogError as exc:
                problems = "\n".join(str(p) for p in exc.problems[:8])
                self.catalog_line.setText(f"That folder is not a usable catalog:\n{problems}")
                return problems
        self.house_folder = folder
        if self.ctx is not None:
            self._show_catalog(self.ctx)
        return ""

    def _choose_catalog(self) -> None:
        folder = QFileDialog.getExistingDirectory(self, "Playgroup house-rule catalog folder")
        if folder:
            self.use_house_catalog(folder)

    def open_builder(self, row: int = -1) -> None:
        """Open the Gift Builder for a new Gift (``row`` −1) or the Gift on ``row``."""
        from ui.contract.gift_builder import GiftBuilderDialog

        ctx = self.ctx
        contractor = ctx.contractor
        existing = contractor.gifts[row] if 0 <= row < len(contractor.gifts) else None
        dialog = GiftBuilderDialog(self.builder_catalog(), contractor, existing, report=ctx.report)
        dialog.gift_saved.connect(
            lambda result: self.host.run(lambda: self.host.ops.save_gift(contractor, result.plan))
        )
        self.builder = dialog
        self.host.show_dialog(dialog)

    def duplicate(self, row: int) -> None:
        """Open the Gift Builder on a copy of the Gift on ``row``, as a new Gift's draft."""
        from ui.contract.gift_builder import GiftBuilderDialog

        ctx = self.ctx
        if ctx is None or not 0 <= row < len(ctx.contractor.gifts):
            return
        contractor = ctx.contractor
        start = duplicate_draft(contractor.gifts[row], contractor.gifts)
        dialog = GiftBuilderDialog(
            self.builder_catalog(), contractor, None, report=ctx.report, start=start
        )
        dialog.gift_saved.connect(
            lambda result: self.host.run(lambda: self.host.ops.save_gift(contractor, result.plan))
        )
        self.builder = dialog
        self.host.show_dialog(dialog)

    def ask_remove(self, row: int) -> None:
        """Ask before taking the Gift on ``row`` off the sheet, saying what comes back."""
        contractor = self.ctx.contractor if self.ctx else None
        if contractor is None or not 0 <= row < len(contractor.gifts):
            return
        gift = contractor.gifts[row]
        credits, improvements = removal_refund(contractor, gift.id, gift.cost)
        name = gift.draft.name or gift.id
        box = QMessageBox(QMessageBox.Icon.Question, "Remove Gift", f"Remove {name}?", parent=self)
        box.setInformativeText(
            f"{name} (Gift Cost {gift.cost}) leaves the sheet. The rules do not say what "
            "happens then; Harbinger takes the reading that the sheet counts the total cost "
            f"of the Gifts held, so {credits} Gift Credit(s) and {improvements} Improvement(s) "
            "spent on it are available again. The ledger keeps a dated entry, the audit "
            "lists it, and Undo takes it back."
        )
        remove = box.addButton("Remove Gift", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.buttonClicked.connect(
            lambda button: (
                button is remove
                and self.host.run(
                    lambda: self.host.ops.remove_gift(contractor, gift.id, item_forms.today())
                )
            )
        )
        self.remove_box = box
        self.host.show_dialog(box)

    def _offer_style_choice(self, gift: Gift | None) -> None:
        """Show Choose Style for a Gift whose Style the catalog lacks, with its choices."""
        from builder.contract.gifts.catalog import CatalogError
        from ui.catalog import gift_catalog

        self.style_menu.clear()
        choices: tuple[str, ...] = ()
        catalog = None
        if gift is not None and self.ctx is not None:
            try:
                catalog = gift_catalog()
            except CatalogError:
                catalog = None
            if catalog is not None:
                choices = style_choices(gift, catalog)
        self.style_button.setVisible(bool(choices))
        self.style_note.setVisible(bool(choices))
        if gift is None or catalog is None or not choices or self.ctx is None:
            self.style_note.setText("")
            return
        advice = style_advice(gift, catalog, self.ctx.contractor.id)
        self.style_button.setToolTip(advice)
        meaning = style_meaning(gift, catalog)
        self.style_note.setText(
            f"Style to choose: {meaning[0].upper()}{meaning[1:]}. Press Choose Style… to set "
            "it; the Gift keeps its Gift Cost and System Text, and Undo takes the choice back."
        )
        contractor = self.ctx.contractor
        for style in choices:
            action = self.style_menu.addAction(catalog.styles[style].name)
            action.triggered.connect(
                lambda _checked=False, s=style: self.choose_style(contractor, gift.id, s)
            )

    def choose_style(self, contractor: Contractor, gift_id: str, style: str) -> None:
        """Give the Gift ``gift_id`` the catalog Style ``style`` (an undoable adjustment)."""
        today = item_forms.today()
        self.host.run(lambda: self.host.ops.choose_gift_style(contractor, gift_id, style, today))

    def _roll(self) -> None:
        if self.roll is not None:
            self.roll_requested.emit(self.roll.attribute, self.roll.ability, self.roll.difficulty)

    def _show_selected(self) -> None:
        gifts = self.ctx.contractor.gifts if self.ctx else ()
        row = self.table.current_row()
        self.duplicate_button.setEnabled(bool(gifts) and row >= 0)
        if not gifts or row < 0:
            self.name.setText("No Gifts yet" if not gifts else "")
            self.tagline.setText(
                "A victory earns a Gift Credit; a new Gift costs one. Press New Gift to build "
                "one in the Gift Builder."
                if not gifts
                else ""
            )
            self.system.setText("")
            self.description.setText("")
            self.roll = None
            self.roll_button.hide()
            self.system_title.hide()
            self.description_title.hide()
            self.extended_title.hide()
            self.extended.hide()
            self.history.hide()
            self._offer_style_choice(None)
            return
        self.system_title.show()
        self.description_title.show()
        gift = gifts[row]
        self._offer_style_choice(gift)
        self.name.setText(f"{gift.draft.name or gift.id} (Gift Cost {gift.cost})")
        self.tagline.setText(gift.draft.tagline)
        self.system.setText(gift.system_text or "—")
        self.roll = gift_roll(gift.system_text or "")
        self.roll_button.setVisible(self.roll is not None)
        if self.roll is not None:
            r = self.roll
            self.roll_button.setToolTip(
                f"Open {r.attribute} + {r.ability} at Difficulty {r.difficulty} in the Dice dock"
            )
        self.description.setText(gift.draft.description or "—")
        extended = gift.draft.extended_description
        self.extended.setText(extended)
        self.extended_title.setVisible(bool(extended))
        self.extended.setVisible(bool(extended))
        revisions = gift_history(self.ctx.contractor, gift.id)
        self.history.set_rows([r.cells for r in revisions], [r.changes for r in revisions])
        self.history.setVisible(bool(revisions))
