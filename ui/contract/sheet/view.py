"""The sheet: a header with the vital figures and the seven tabs.

The view is given a contractor and builder's report of it and shows them;
edits made in tabs go through the host's operations, and advancement
actions (Record Contract, Spend Exp, ...) open the matching dialog.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from builder.contract.character import Contractor
from builder.contract.gifts.bonus import GiftBonus
from builder.contract.scars import roll_modifiers
from builder.core.findings import Severity
from ui.contract.dialogs import advance as dialogs
from ui.contract.dialogs.spend import SpendExpDialog
from ui.contract.dice_panel import RollSheet
from ui.contract.sheet.base import SheetHost
from ui.contract.sheet.concept_tab import ConceptTab
from ui.contract.sheet.context import SheetContext
from ui.contract.sheet.exp_tab import ExpTab
from ui.contract.sheet.gifts_tab import GiftsTab
from ui.contract.sheet.health_tab import HealthTab
from ui.contract.sheet.names import ability_name, attribute_name
from ui.contract.sheet.stats_tab import StatsTab
from ui.contract.sheet.stock_tab import StockTab
from ui.contract.sheet.story_tab import StoryTab
from ui.contract.sheet.suggestions_box import SuggestionsBox
from ui.contract.sheet.weapons_tab import WeaponsTab
from ui.operations.contract import Operations
from ui.style import ruled_tabs, set_role
from ui.widgets.figure_line import FigureLine
from ui.widgets.reflow import ReflowRow
from ui.workspace import Change

TAB_NAMES = ("Concept", "Stats", "Gifts", "Stock", "Health", "Story", "Exp", "Weapons")
TAB_TEXTS = {
    "Concept": "Concep&t",
    "Stats": "&Stats",
    "Gifts": "&Gifts",
    "Stock": "Stoc&k",
    "Health": "Hea&lth",
    "Story": "Stor&y",
    "Exp": "E&xp",
    "Weapons": "&Weapons",
}
"""Each tab's label, its Alt+letter marked with "&".

The letters are in sight with the menu bar's (File, Edit, Contractor, View,
Help) and the header's buttons (Record Contract, Spend Exp), so none repeats
theirs: Alt+C is the Contractor menu and Alt+H the Help menu, hence Concep&t
and Hea&lth; Stats then takes S and Stock K. A repeated letter only moves the
focus between its owners instead of opening either.
"""


def gift_bonuses(contractor: Contractor) -> tuple[GiftBonus, ...]:
    """The Attribute dice bonuses of the contractor's Gifts (none if the catalog is broken)."""
    if not contractor.gifts:
        return ()
    from builder.contract.gifts.bonus import contractor_bonuses
    from builder.contract.gifts.catalog import CatalogError
    from ui.catalog import gift_catalog

    try:
        return contractor_bonuses(contractor, gift_catalog())
    except CatalogError:
        return ()


class SheetView(QWidget):
    """Header and tabs for one contractor; emits ``action_requested`` for advancement."""

    action_requested = Signal(str)
    roll_requested = Signal(str, str)
    """("attribute" or "ability", its display name): a trait's name was clicked to roll it."""
    gift_roll_requested = Signal(str, str, int)
    """(Attribute, Ability, Difficulty): a Gift's roll was asked for on the Gifts tab."""
    weapon_roll_requested = Signal(object)
    """(Weapon): a weapon's attack roll was asked for on the Weapons tab."""

    def __init__(self, ops: Operations, catalog: Any, window: Any = None) -> None:
        super().__init__()
        self.ops = ops
        self.catalog = catalog
        self._window = window
        self.ctx: SheetContext | None = None
        self.host = SheetHost(ops, catalog, self._run, self._show_dialog)

        self.title = QLabel()
        set_role(self.title, "title")
        self.status_chip = QLabel()
        set_role(self.status_chip, "chip")
        self.player = QLabel()
        set_role(self.player, "muted")
        # Wraps between its figures in a narrow sheet (a big font at 1280 pixels) rather
        # than forcing the sheet wider than its room.
        self.figures = FigureLine()
        self.figures.setAccessibleName("Exp and rewards")
        self.check = QLabel()
        self.record_button = QPushButton("&Record Contract…")
        self.spend_button = QPushButton("S&pend Exp…")
        self.record_button.clicked.connect(lambda: self.action_requested.emit("record_contract"))
        self.spend_button.clicked.connect(lambda: self.action_requested.emit("spend_exp"))

        who = QHBoxLayout()
        who.addWidget(self.title)
        who.addWidget(self.status_chip)
        who.addWidget(self.player)
        who.addStretch(1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.record_button)
        buttons.addWidget(self.spend_button)
        buttons.addStretch(1)
        # The buttons beside the name while both fit, under it in a narrow sheet (a big font
        # at 1280 pixels), so the sheet never scrolls sideways.
        self.top = ReflowRow(spacing=12, stacked_spacing=4)
        self.top.add_layout(who, 1)
        self.top.add_layout(buttons)
        second = QHBoxLayout()
        second.addWidget(self.figures, 1)  # all the room there is: wraps only when short of it
        second.addWidget(self.check)

        self._build_tabs()
        self.suggestions_box = SuggestionsBox(self.host)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.addWidget(self.top)
        layout.addLayout(second)
        layout.addWidget(self.suggestions_box)
        layout.addWidget(self.tabs, 1)

    def _build_tabs(self) -> None:
        """The tab bar with one page per part of the sheet, in TAB_NAMES order.

        Each page is made when it is first shown or asked for (:meth:`tab`): opening a
        sheet builds the Concept tab only, which keeps opening a contractor quick. Until
        then a tab's place holds an empty page.
        """
        self._built: dict[str, QWidget] = {}
        self.tabs = ruled_tabs(QTabWidget())
        self.tabs.setDocumentMode(True)
        for name in TAB_NAMES:
            self.tabs.addTab(QWidget(), TAB_TEXTS[name])
        self.tab(TAB_NAMES[self.tabs.currentIndex()])
        self.tabs.currentChanged.connect(self._tab_shown)

    def _tab_shown(self, index: int) -> None:
        if 0 <= index < len(TAB_NAMES):
            self.tab(TAB_NAMES[index])

    def tab(self, name: str) -> Any:
        """The tab called ``name`` (one of TAB_NAMES), made and shown the sheet if it is new."""
        built = self._built.get(name)
        if built is not None:
            return built
        made = self._make_tab(name)
        self._built[name] = made
        index = TAB_NAMES.index(name)
        tabs = self.tabs
        current = tabs.currentIndex()
        tabs.blockSignals(True)
        try:
            placeholder = tabs.widget(index)
            tabs.removeTab(index)
            tabs.insertTab(index, made, TAB_TEXTS[name])
            tabs.setCurrentIndex(current)
        finally:
            tabs.blockSignals(False)
        if placeholder is not None:
            placeholder.deleteLater()
        if self.ctx is not None:
            made.show_sheet(self.ctx)
        return made

    def _make_tab(self, name: str) -> Any:  # noqa: PLR0911  (one return per tab)
        """A new tab called ``name``, its rolls and requests relayed as this view's signals."""
        host = self.host
        match name:
            case "Concept":
                return ConceptTab(host)
            case "Stats":
                stats = StatsTab()
                stats.roll_requested.connect(self.roll_requested)
                return stats
            case "Gifts":
                gifts = GiftsTab(host)
                gifts.roll_requested.connect(self.gift_roll_requested)
                return gifts
            case "Stock":
                return StockTab(host)
            case "Health":
                health = HealthTab(host)
                health.therapy_button.clicked.connect(lambda: self.action_requested.emit("therapy"))
                return health
            case "Story":
                return StoryTab(host)
            case "Exp":
                return ExpTab(host)
            case "Weapons":
                weapons = WeaponsTab(host)
                weapons.roll_requested.connect(self.weapon_roll_requested)
                return weapons
        raise KeyError(name)

    @property
    def concept_tab(self) -> ConceptTab:
        return self.tab("Concept")

    @property
    def stats_tab(self) -> StatsTab:
        return self.tab("Stats")

    @property
    def gifts_tab(self) -> GiftsTab:
        return self.tab("Gifts")

    @property
    def stock_tab(self) -> StockTab:
        return self.tab("Stock")

    @property
    def health_tab(self) -> HealthTab:
        return self.tab("Health")

    @property
    def story_tab(self) -> StoryTab:
        return self.tab("Story")

    @property
    def exp_tab(self) -> ExpTab:
        return self.tab("Exp")

    @property
    def weapons_tab(self) -> WeaponsTab:
        return self.tab("Weapons")

    # ------------------------------------------------------------------ host services

    def _run(self, operation: Callable[[], Change]) -> Change | None:
        if self._window is not None:
            return self._window.run_operation(operation)
        return operation()

    def _show_dialog(self, dialog: QDialog) -> None:
        if self._window is not None:
            dialog.setParent(self._window, dialog.windowFlags())
            self._window._show_dialog(dialog)
        else:
            dialog.open()

    # ------------------------------------------------------------------ what the window asks

    @property
    def character(self) -> Contractor | None:
        """The contractor shown, or None (every game's sheet has ``character``)."""
        return self.ctx.contractor if self.ctx is not None else None

    def unsaved_changes(self) -> str:
        """What is typed here but not saved yet ("" when nothing): the notes before "Save notes"."""
        story = self._built.get("Story")
        return "notes" if isinstance(story, StoryTab) and story.save_notes.isEnabled() else ""

    def save_unsaved(self) -> None:
        """Save what :meth:`unsaved_changes` names (nothing when the Story tab was never made)."""
        story = self._built.get("Story")
        if isinstance(story, StoryTab):
            story.save_notes.click()

    # ------------------------------------------------------------------ showing

    def show_contractor(self, contractor: Contractor, report: Any) -> None:
        self.ctx = SheetContext(contractor, report, self.catalog)
        concept = contractor.concept
        self.title.setText(concept.name or "(unnamed)")
        self.title.setAccessibleName(f"Contractor {concept.name}")
        chip = report.status.label if report.alive else f"{report.status.label} · Dead"
        self.status_chip.setText(chip)
        set_role(self.status_chip, "chip", dead=not report.alive)
        self.status_chip.setToolTip(
            f"{report.victories} {'victory' if report.victories == 1 else 'victories'} in "
            f"{report.contracts_attended} Contract{'' if report.contracts_attended == 1 else 's'}"
        )
        self.player.setText(f"played by {concept.player}" if concept.player else "")
        rewards = report.rewards
        figures = (
            f"Exp available {report.exp.available}",
            f"Gift Credits {rewards.credits_available}",
            f"Improvements {rewards.improvements_available}",
            f"Victories {report.victories}",
        )
        self.figures.set_figures(figures)
        errors = [f for f in report.findings if f.severity is Severity.ERROR]
        warnings = [f for f in report.findings if f.severity is Severity.WARNING]
        if errors:
            set_role(self.check, "error")
            self.check.setText(f"✖ {len(errors)} rule problem{'s' if len(errors) > 1 else ''}")
        elif warnings:
            set_role(self.check, "warning")
            self.check.setText(f"⚠ {len(warnings)} for the leader to check")
        else:
            set_role(self.check, "")
            self.check.setText("✔ Sheet checks out")
        self.check.setToolTip("\n".join(f.message for f in errors + warnings))
        self.record_button.setEnabled(report.alive)
        self.spend_button.setEnabled(report.alive)
        self.suggestions_box.show_contractor(contractor)
        # Tabs not made yet are shown the sheet when they are made (:meth:`tab`).
        for tab in self._built.values():
            tab.show_sheet(self.ctx)  # type: ignore[attr-defined]

    def roll_sheet(self) -> RollSheet:
        """The dice panel's view of the shown contractor."""
        if self.ctx is None:
            return RollSheet()
        ratings = self.ctx.report.ratings
        derived = self.ctx.report.derived
        abilities = {ability_name(a): r for a, r in ratings.abilities.items()}
        abilities.update(dict(sorted(ratings.secondary.items())))
        return RollSheet(
            attributes={attribute_name(a): r for a, r in ratings.attributes.items()},
            abilities=abilities,
            body=derived.body_pool,
            mind=derived.mind_pool,
            initiative=derived.initiative_pool,
            penalty=derived.penalty,
            encumbrance=derived.encumbrance_penalty,
            modifiers=roll_modifiers(self.ctx.contractor.health.battle_scars, derived.penalty),
            owner=self.ctx.contractor.id,
            bonuses=gift_bonuses(self.ctx.contractor),
            unencumbered=derived.unencumbered_bonus > 0,
            over_carry_limit=derived.carry_over_lb > 0,
        )

    # ------------------------------------------------------------------ actions

    def action_enabled(self, key: str) -> bool:
        if self.ctx is None:
            return False
        alive = self.ctx.report.alive
        if key == "void_death":
            return not alive
        return alive

    def make_dialog(self, key: str, contractor: Contractor, report: Any) -> QDialog | None:  # noqa: C901, PLR0911  (complexity 12, 12 returns when the limits came in)
        """The dialog for an advancement action on ``contractor``."""
        ops = self.ops
        window = self._window
        match key:
            case "record_contract":
                return dialogs.RecordContractDialog(ops, contractor, window)
            case "spend_exp":
                return SpendExpDialog(ops, contractor, window)
            case "journal":
                return dialogs.JournalDialog(ops, contractor, window)
            case "bonus_exp":
                return dialogs.BonusExpDialog(ops, contractor, report, window)
            case "improvement":
                return dialogs.ImprovementDialog(ops, contractor, window)
            case "therapy":
                return dialogs.TherapyDialog(ops, contractor, window)
            case "buy_asset":
                return dialogs.BuyAssetDialog(ops, contractor, self.catalog, window)
            case "remove_liability":
                return dialogs.RemoveLiabilityDialog(ops, contractor, report, window)
            case "craft":
                return dialogs.CraftDialog(ops, contractor, window)
            case "declare_death":
                return dialogs.DeathDialog(ops, contractor, False, window)
            case "void_death":
                return dialogs.DeathDialog(ops, contractor, True, window)
        return None
