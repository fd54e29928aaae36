"""The Contract's part of the main window: its open sheets, the Dice dock, the wizard.

The main window names no game (``ui.contributions``); this object keeps what
only The Contract needs there. Each open contractor has a sheet view (a tab's
page), the value shown and builder's evaluation of it. The Dice dock is made
on first use (start-up stays fast: SPEC §6) and follows the tab shown.

``window.sheet``, ``window.contractor``, ``window.report``, ``window.dice_panel``
and the other names in :attr:`ContractScreens.exports` reach this object's
attributes of the same name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from builder.contract.character import Contractor
    from builder.contract.sheet_catalog import SheetCatalog
    from ui.contract.dice_panel import DicePanel
    from ui.contract.sheet.view import SheetView
    from ui.operations.contract import Operations


DICE_DOCK_EMS = 18
"""The Dice dock's width in "M" of its font (more only when a line cannot wrap into it)."""


class ContractScreens:
    """The Contract's state in one main window (``window``)."""

    exports = (
        "ops",
        "catalog",
        "sheet",
        "contractor",
        "report",
        "dice_dock",
        "dice_panel",
        "show_contract",
        "new_contractor",
    )
    """Attributes reachable as the window's own (``MainWindow.__getattr__``)."""

    def __init__(self, window: Any) -> None:
        self.window = window
        self._ops: Operations | None = None
        # The open contractors, by id: their sheet view (a tab's page), the value shown
        # and builder's evaluation of it.
        self._contracts: dict[str, tuple[SheetView, Contractor, Any]] = {}
        self._spare_sheet: SheetView | None = None  # ``sheet`` asked with no contractor shown
        self._dice_panel: DicePanel | None = None
        self._dice_dock: QDockWidget | None = None

    # ------------------------------------------------------------------ built on first use

    @property
    def ops(self) -> Operations:
        """The named operations (built on first use: they import the rules engine)."""
        if self._ops is None:
            from ui.operations.contract import Operations

            self._ops = Operations(self.window.workspace)
        return self._ops

    @property
    def catalog(self) -> SheetCatalog:
        from ui.catalog import sheet_catalog

        return sheet_catalog()

    def _open_contract(self) -> tuple[SheetView, Contractor, Any] | None:
        """(view, contractor, report) of the contractor in the tab shown, if it is one."""
        entry = self._contracts.get(self.window.shown_id())
        if entry is None or self.window.shown_page() is not entry[0]:
            return None
        return entry

    @property
    def sheet(self) -> SheetView:
        """The sheet view of the contractor in the tab shown.

        With no contractor shown, the empty view the next contractor opened will
        use (made on first use).
        """
        entry = self._open_contract()
        if entry is not None:
            return entry[0]
        if self._spare_sheet is None:
            self._spare_sheet = self._new_sheet_view()
        return self._spare_sheet

    def _new_sheet_view(self) -> SheetView:
        """A contractor's sheet view (a tab's page once a contractor is shown in it)."""
        from ui.contract.sheet.view import SheetView

        view = SheetView(self.ops, self.catalog, self.window)
        view.action_requested.connect(self.sheet_action)
        view.roll_requested.connect(self.roll)
        view.gift_roll_requested.connect(self.roll_gift)
        view.weapon_roll_requested.connect(self.roll_weapon)
        return view

    @property
    def contractor(self) -> Contractor | None:
        """The contractor in the tab shown, as last loaded, or None."""
        entry = self._open_contract()
        return entry[1] if entry is not None else None

    @property
    def report(self) -> Any:
        """Builder's evaluation of the contractor in the tab shown, or None."""
        entry = self._open_contract()
        return entry[2] if entry is not None else None

    # ------------------------------------------------------------------ the Dice dock

    @property
    def dice_dock(self) -> QDockWidget:
        """The Dice dock (hidden until shown), made when first needed.

        A dock made after ``restoreState`` takes its saved place and visibility
        from the window state (``restoreDockWidget``); a new one starts hidden
        on the right. The "&Dice" action stands in for its ``toggleViewAction``
        and follows its checked state from then on.
        """
        if self._dice_dock is None:
            from PySide6.QtCore import Qt
            from PySide6.QtWidgets import QDockWidget

            window = self.window
            dock = QDockWidget("Dice", window)
            dock.setObjectName("dice_dock")
            self._dice_dock = dock
            if not window.restoreDockWidget(dock):
                window.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
                dock.hide()
            action = window.actions["dice"]
            action.setChecked(not dock.isHidden())
            dock.toggleViewAction().toggled.connect(action.setChecked)
            dock.visibilityChanged.connect(self._dice_visible)
            if not dock.isHidden():
                self.dice_panel  # noqa: B018 - shown at once, so it needs its panel
        return self._dice_dock

    def toggle_dice(self) -> None:
        """Show or close the Dice dock as the checkable "&Dice" action now says."""
        show = self.window.actions["dice"].isChecked()
        dock = self.dice_dock
        # As QDockWidget's own toggle action does: act only when the dock disagrees.
        if show == dock.isHidden():
            if show:
                dock.show()
            else:
                dock.close()

    @property
    def dice_panel(self) -> DicePanel:
        """The dice panel in its dock, made when first needed."""
        if self._dice_panel is None:
            from ui.contract.dice_panel import DicePanel
            from ui.widgets.panel_scroll import PanelScroll

            self._dice_panel = DicePanel()
            # A narrow dock, 18 "M", so the sheet keeps its room at 1280 pixels (wider only
            # when a line of the panel cannot wrap into that); in a scroll area, so a panel
            # taller than the screen (200% scaling) scrolls instead of growing the window
            # past it. The area gives wrapped labels the lines they need at that width.
            area = PanelScroll(self._dice_panel, DICE_DOCK_EMS)
            self.dice_dock.setWidget(area)
            self._follow_tab()
        return self._dice_panel

    def roll(self, kind: str, name: str) -> None:
        """A trait clicked on the contractor's sheet: the Dice dock shows it, ready to roll."""
        if self.contractor is None:
            return
        self._ready_dice().roll_trait(kind, name)

    def roll_gift(self, attribute: str, ability: str, difficulty: int) -> None:
        """A Gift's roll asked for on the Gifts tab: the Dice dock shows it, ready to roll."""
        if self.contractor is None:
            return
        panel = self._ready_dice()
        panel.choose(attribute, ability, difficulty)

    def roll_weapon(self, weapon: Any) -> None:
        """A weapon's attack asked for on the Weapons tab: the Dice dock shows it, ready."""
        if self.contractor is None:
            return
        self._ready_dice().choose_weapon(weapon)

    def _ready_dice(self) -> DicePanel:
        """The Dice panel on the contractor shown, its dock shown and raised."""
        panel = self.dice_panel
        panel.set_sheet(self.sheet.roll_sheet())
        if self.dice_dock.isHidden():
            self.window.actions["dice"].setChecked(True)
            self.toggle_dice()
        self.dice_dock.raise_()
        return panel

    def _follow_tab(self) -> None:
        """The Dice panel shows the contractor in the tab shown, or no one's rolls."""
        if self._dice_panel is None:
            return
        if self.contractor is not None:
            self._dice_panel.set_sheet(self.sheet.roll_sheet())
        else:
            self._dice_panel.show_nothing()

    def _dice_visible(self, visible: bool) -> None:
        if visible:
            self.dice_panel  # noqa: B018 - made on first show
        elif self.window.has_tabs():
            self.window.tabs.check_width()  # the room the roster lent the sheet may go back

    # ------------------------------------------------------------------ showing

    def show_contract(self, contractor_id: str) -> bool:
        """Load, evaluate and show one contractor's sheet in its tab (made when not open)."""
        library = self.window.workspace.library
        try:
            contractor = library.load(contractor_id)
        except Exception as exc:
            self.window.warn("Could not open the character", str(exc))
            return False
        self._display(contractor)
        return True

    def _display(self, contractor: Contractor) -> None:
        from builder.contract.sheet import evaluate_sheet

        cid = contractor.id
        report = evaluate_sheet(contractor)
        entry = self._contracts.get(cid)
        view = entry[0] if entry is not None and self.window.tabs.page(cid) is entry[0] else None
        if view is None:
            view, self._spare_sheet = self._spare_sheet or self._new_sheet_view(), None
        self._contracts[cid] = (view, contractor, report)
        view.show_contractor(contractor, report)
        self.window.put_tab(cid, view, contractor)

    # ------------------------------------------------------------------ the window's hooks

    def tab_changed(self) -> None:
        """Another tab is shown: the Dice panel follows the contractor in it (or shows no one)."""
        self._follow_tab()

    def update_actions(self) -> None:
        """Nothing beyond the actions' own ``enabled`` (``ui.contract.screens``)."""

    def dispose(self, character_id: str, page: QWidget) -> None:
        """A tab's page is going: forget it when it is a contractor's sheet view."""
        entry = self._contracts.get(character_id)
        if entry is not None and entry[0] is page:
            del self._contracts[character_id]

    def restored(self) -> None:
        """After the window state is restored: a Dice dock left open is made now (its size
        belongs in the restored layout); a closed one waits for Ctrl+D. Unknown (older
        settings): made now."""
        if self.window.settings.dice_shown() is not False:
            self.dice_dock  # noqa: B018 - takes its saved place and visibility

    def closing(self) -> None:
        """The window closes: remember whether the Dice dock was open."""
        dock = self._dice_dock
        self.window.settings.set_dice_shown(dock is not None and not dock.isHidden())

    # ------------------------------------------------------------------ actions

    def new_contractor(self) -> None:
        """The New Contractor wizard; the contractor is made as one undoable operation."""
        window = self.window
        if window.workspace.library is None:
            return
        from ui.contract.wizard.wizard import CreationWizard

        players = window.workspace.library.players()
        wizard = CreationWizard(
            self.catalog,
            [p.name for p in players],
            window,
            coins={p.name: p.coins_available for p in players},
        )
        wizard.accepted.connect(lambda: self._wizard_done(wizard))
        window._show_dialog(wizard)

    def _wizard_done(self, wizard: Any) -> None:
        contractor = wizard.contractor()
        made = self.window.run_operation(lambda: self.ops.create(contractor))
        if made is not None and wizard.build_first_gift:
            # After the wizard has closed: the Gift Builder for the first Gift.
            QTimer.singleShot(0, lambda: self._build_first_gift(contractor.id))

    def _build_first_gift(self, contractor_id: str) -> None:
        """Open the Gift Builder for a new contractor's first Gift (their tab shown)."""
        if self.window.open_character(contractor_id) and self.contractor is not None:
            self.sheet.tabs.setCurrentWidget(self.sheet.gifts_tab)
            self.sheet.gifts_tab.open_builder()

    def sheet_action(self, key: str) -> None:
        """An advancement action on the contractor shown: its dialog (``SheetView.make_dialog``)."""
        if self.contractor is None:
            return
        dialog = self.sheet.make_dialog(key, self.contractor, self.report)
        if dialog is not None:
            self.window._show_dialog(dialog)
