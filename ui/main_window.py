"""The main window: the roster on the left, the open characters' sheets on the right.

Menus: File (new/open library, recent libraries, import, export, print, close
the character), Edit (undo, redo, find), Contractor (create and advance), View
(dice). Several characters, of any game, are open at once, one tab each
(:mod:`ui.character_tabs`); opening one already open switches to its tab, and
closing a tab with unsaved notes asks first (Save, Discard, Cancel).
Every edit goes through a game system's operations (``ui.operations``); the
window listens to the workspace's one ``changed`` signal and refreshes what it
shows. Undo and Redo come from the workspace's undo group: each character has
its own history, and the tab shown is the one Undo acts on.
Each sheet and the Dice panel sit in scroll areas, so no window grows past
the screen (1280×800, or 200% scaling: :mod:`ui.screen_fit`). Whatever depends
on the game (how a character is shown, printed, deleted) is looked up in
:mod:`ui.systems` by the character's system id.
Dialogs open window-modal with ``open()`` so the event loop keeps running
(and tests can fill them in); :attr:`MainWindow.current_dialog` is the one
showing.

Start-up (SPEC §6: an interactive window within 1.5 × a bare PySide6 window)
shapes this module: the first frame is the roster and an empty sheet area,
with menus and toolbar. Everything else (the sheet, the Dice dock, dialogs,
the rules and storage layers) is made or imported on first use, and the
library opens in the background once that frame is painted. Nothing on the
start-up path touches the ``Qt`` namespace class: wrapping it builds about a
hundred Python enums (over 20 ms), so the few enum-valued properties set here
are set by key name (:func:`_set_by_name`) instead.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from harbinger.paths import APP_NAME, is_url, library_url
from ui.actions import MORE_ACTIONS
from ui.character_tabs import CharacterTabs
from ui.roster import RosterPanel
from ui.screen_fit import fit_to_screen, initial_size
from ui.settings import AppSettings
from ui.tasks import TaskRunner
from ui.workspace import Change, Workspace

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QPaintEvent, QShowEvent
    from PySide6.QtWidgets import QDialog, QDockWidget, QMessageBox

    from builder.contract.character import Contractor
    from builder.contract.sheet_catalog import SheetCatalog
    from ui.contract.dice_panel import DicePanel
    from ui.contract.sheet.view import SheetView
    from ui.operations.contract import Operations


def _open_library(url: str, rows: list[Any] | None = None) -> tuple[Any, list[Any]]:
    """Open a library and read its roster unless ``rows`` already are it (run off the main
    thread at start-up).

    The storage and rules layers are imported here, not at module level: they
    take most of a second to import, and the window should not wait for them.
    """
    from models.library import Library

    library = Library.open(url)
    if rows is not None:
        return library, rows
    try:
        rows = library.roster()
    except BaseException:
        library.close()
        raise
    return library, rows


def _warm_sheet_catalog() -> None:
    """Load what the first sheet and the wizard need while the player looks around."""
    from ui.catalog import sheet_catalog

    sheet_catalog()


def _file_dialog() -> Any:
    """QFileDialog, imported on first use (each Qt class imported costs start-up time)."""
    from PySide6.QtWidgets import QFileDialog

    return QFileDialog


def _message_box(
    parent: QWidget, icon: str, title: str, text: str, buttons: tuple[str, ...] = ("Ok",)
) -> QMessageBox:
    """A message box with ``icon`` ("Warning", ...) and standard ``buttons`` by name."""
    from PySide6.QtWidgets import QMessageBox

    flags = QMessageBox.StandardButton.NoButton
    for name in buttons:
        flags |= getattr(QMessageBox.StandardButton, name)
    return QMessageBox(getattr(QMessageBox.Icon, icon), title, text, flags, parent)


FIRST_PAINT_FALLBACK_MS = 500
"""Start-up work waits for the first frame, but no longer than this (a window shown
minimized, or on a hidden desktop, may not paint for a long time)."""


def today() -> str:
    """Today's date as the ledger writes it (ISO 8601)."""
    from datetime import date

    return date.today().isoformat()


def _file_stem(name: str) -> str:
    """A file name the save dialogs suggest for a character: its name with separators,
    leading dots and reserved characters made harmless (a name is never a path)."""
    from printing.common.roster import safe_stem

    return safe_stem(name)


def _set_by_name(target: QObject, prop: str, key: str) -> None:
    """Set an enum-valued Qt property by its key name, e.g. ("alignment", "AlignCenter").

    Qt's property system resolves the name itself, so the Python enum classes are
    never built at start-up; a misspelt name fails loudly rather than silently.
    """
    if not target.setProperty(prop, key):
        raise ValueError(f"{type(target).__name__} has no {prop!r} value named {key!r}")


def display_location(location: str) -> str:
    """A library location as a person reads it: the file path, or the URL without password."""
    if location.startswith("sqlite:///"):
        return location[len("sqlite:///") :]
    if "@" in location and "://" in location:
        scheme, rest = location.split("://", 1)
        return f"{scheme}://…@{rest.split('@', 1)[1]}"
    return location


class EmptyPage(QWidget):
    """Shown when no contractor is selected: what to do next."""

    def __init__(self, new_action: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        title = QLabel("No contractor open", self)
        title.setObjectName("title")
        _set_by_name(title, "alignment", "AlignCenter")
        layout.addWidget(title)
        note = QLabel(
            "Pick a character from the roster, or create a new contractor: the guide walks "
            "you through every choice the rules ask for.",
            self,
        )
        note.setWordWrap(True)
        _set_by_name(note, "alignment", "AlignCenter")
        layout.addWidget(note)
        button = QPushButton(self)  # text set apart: see _action on the QIcon overloads
        button.setText("&New Contractor…")
        button.clicked.connect(new_action.trigger)
        button.setMaximumWidth(button.sizeHint().width() * 2)
        # Centered by equal stretch either side (the button keeps its own width).
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)


class MainWindow(QMainWindow):
    """Harbinger's one window. ``location`` is a library path or URL to open at once."""

    dialog_opened = Signal(object)
    library_opened = Signal(str)

    def __init__(
        self,
        settings: AppSettings | None = None,
        location: str | None = None,
        *,
        offer_examples: bool = True,
        open_printed: bool = True,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.settings = settings or AppSettings()
        self.offer_examples = offer_examples
        self.open_printed = open_printed  # open a printed PDF in the system viewer
        self.workspace = Workspace(self)
        self.tasks = TaskRunner(self)
        self.current_dialog: QDialog | QMessageBox | None = None
        self.import_flow: Any = None
        """The import in progress or last run (``ui.importing.ImportFlow``)."""
        self._ops: Operations | None = None
        # The open contractors of The Contract, by id: their sheet view (a tab's page),
        # the value shown and builder's evaluation of it.
        self._contracts: dict[str, tuple[SheetView, Contractor, Any]] = {}
        self._spare_sheet: SheetView | None = None  # ``sheet`` asked with no contractor shown
        self._dice_panel: DicePanel | None = None
        self._dice_dock: QDockWidget | None = None
        self._first_paint_work: list[Callable[[], None]] | None = []
        self._quitting = False  # the player chose how unsaved work ends: close now
        self.loading = False
        self._picked_while_opening: tuple[str, bool] | None = None  # (id, keep open)

        self.setWindowTitle(APP_NAME)
        # Built top-down, each widget made inside its parent: under the app's stylesheet,
        # moving a finished subtree to a new parent re-styles every widget in it.
        # (Not QSplitter(self): resolving that overload against QSplitter(Qt.Orientation)
        # builds the Qt namespace. Moving the still empty splitter costs nothing.)
        self.splitter = QSplitter()  # horizontal
        self.setCentralWidget(self.splitter)
        self.roster = RosterPanel(self.splitter)
        self._build_actions()
        self.stack = QStackedWidget(self.splitter)
        self.empty_page = EmptyPage(self.actions["new_contractor"], self.stack)
        self.stack.addWidget(self.empty_page)
        # One tab per open character (ui.character_tabs); the empty page when none is open.
        self.tabs = CharacterTabs(self.stack)
        self.stack.addWidget(self.tabs)
        self.splitter.addWidget(self.roster)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([380, 900])

        self._build_menus()

        self.status_label = QLabel(self.statusBar())
        self.statusBar().addPermanentWidget(self.status_label)
        from ui.playgroup_watch import PlaygroupWatch

        self.playgroup_watch = PlaygroupWatch(self)  # a shared library: who you are, live refresh

        self.roster.contractor_selected.connect(self.show_contractor)
        self.roster.contractor_activated.connect(self.open_character)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.tabs.close_requested.connect(self.close_character)
        self.workspace.changed.connect(self._on_changed)
        self.workspace.failed.connect(self._save_failed)
        self.tasks.busy_changed.connect(self._busy)

        self.resize(*initial_size(self, 1280, 800))
        self._restore_window()
        self._update_actions()
        if location:
            self.open_library_later(location)

    # ------------------------------------------------------------------ built on first use

    @property
    def ops(self) -> Operations:
        """The named operations (built on first use: they import the rules engine)."""
        if self._ops is None:
            from ui.operations.contract import Operations

            self._ops = Operations(self.workspace)
        return self._ops

    @property
    def catalog(self) -> SheetCatalog:
        from ui.catalog import sheet_catalog

        return sheet_catalog()

    def _open_contract(self) -> tuple[SheetView, Contractor, Any] | None:
        """(view, contractor, report) of the contractor in the tab shown, if it is one."""
        entry = self._contracts.get(self.tabs.current_id())
        if entry is None or self.tabs.currentWidget() is not entry[0]:
            return None
        return entry

    @property
    def sheet(self) -> SheetView:
        """The sheet view of the contractor in the tab shown.

        With no contractor shown, the empty view the next contractor opened will
        use (made on first use, as before tabs).
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

        view = SheetView(self.ops, self.catalog, self)
        view.action_requested.connect(self._sheet_action)
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

    @property
    def game_sheet(self) -> Any:
        """The sheet widget of the tab shown when it is another game's character, or None.

        It has ``character_id``, ``character`` (the value shown) and ``undo_stack``.
        """
        cid = self.tabs.current_id()
        page = self.tabs.currentWidget()
        if not cid or cid in self._contracts or getattr(page, "character", None) is None:
            return None
        return page

    @property
    def dice_dock(self) -> QDockWidget:
        """The Dice dock (hidden until shown), made when first needed.

        A dock made after :meth:`restoreState` takes its saved place and
        visibility from the window state (``restoreDockWidget``); a new one
        starts hidden on the right. The "&Dice" action stands in for its
        ``toggleViewAction`` and follows its checked state from then on.
        """
        if self._dice_dock is None:
            from PySide6.QtCore import Qt
            from PySide6.QtWidgets import QDockWidget

            dock = QDockWidget("Dice", self)
            dock.setObjectName("dice_dock")
            self._dice_dock = dock
            if not self.restoreDockWidget(dock):
                self.addDockWidget(Qt.DockWidgetArea.RightDockWidgetArea, dock)
                dock.hide()
            action = self.actions["dice"]
            action.setChecked(not dock.isHidden())
            dock.toggleViewAction().toggled.connect(action.setChecked)
            dock.visibilityChanged.connect(self._dice_visible)
            if not dock.isHidden():
                self.dice_panel  # noqa: B018 - shown at once, so it needs its panel
        return self._dice_dock

    def _toggle_dice(self) -> None:
        """Show or close the Dice dock as the checkable "&Dice" action now says."""
        show = self.actions["dice"].isChecked()
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
            from ui.character_tabs import scrolling
            from ui.contract.dice_panel import DicePanel

            self._dice_panel = DicePanel()
            # A narrow dock, so the sheet keeps its room at 1280 pixels; in a scroll area,
            # so a panel taller than the screen (200% scaling) scrolls instead of growing
            # the window past it.
            self._dice_panel.setMaximumWidth(self.fontMetrics().horizontalAdvance("M") * 22)
            area = scrolling(self._dice_panel)
            scrollbar = area.verticalScrollBar().sizeHint().width()
            area.setMaximumWidth(self._dice_panel.maximumWidth() + scrollbar)
            self.dice_dock.setWidget(area)
            if self.contractor is not None:
                self._dice_panel.set_sheet(self.sheet.roll_sheet())
        return self._dice_panel

    def _dice_visible(self, visible: bool) -> None:
        if visible:
            self.dice_panel  # noqa: B018 - made on first show

    # ------------------------------------------------------------------ actions

    def _action(
        self,
        key: str,
        text: str,
        slot: Callable[[], Any],
        shortcut: str | None = None,
        tip: str = "",
    ) -> QAction:
        # QAction(self) then setText: the (text, parent) constructor is resolved
        # against its QIcon overload, which wraps QIcon's 150-member ThemeIcon enum.
        action = QAction(self)
        action.setText(text)
        if shortcut is not None:
            # Portable strings rather than QKeySequence.StandardKey: Qt maps Ctrl to Cmd on
            # macOS. setShortcuts([...]) sets the same single shortcut as setShortcut, but
            # setShortcut's overloads make PySide build the whole Qt namespace (~20 ms).
            action.setShortcuts([QKeySequence(shortcut)])
        if tip:
            action.setStatusTip(tip)
            action.setToolTip(tip)
        action.triggered.connect(lambda _checked=False: slot())
        self.actions[key] = action
        self.addAction(action)
        return action

    def _build_actions(self) -> None:
        self.actions: dict[str, QAction] = {}
        a = self._action
        a(
            "new_library",
            "&New Library…",
            self.choose_new_library,
            "Ctrl+Shift+N",
            "Create an empty library file",
        )
        a(
            "open_library",
            "&Open Library…",
            self.choose_library,
            "Ctrl+O",
            "Open another library file",
        )
        a(
            "import",
            "&Import Character…",
            self.choose_import,
            "Ctrl+I",
            "Add a character from a JSON file",
        )
        a(
            "export",
            "&Export Character…",
            self.choose_export,
            "Ctrl+E",
            "Save the open character as a JSON file",
        )
        a(
            "print",
            "&Print PDF…",
            self.choose_print,
            "Ctrl+P",
            "Save the open character's sheet as a PDF",
        )
        a(
            "print_roster",
            "Print &Every Sheet…",
            self.choose_print_roster,
            None,
            "Save every character's sheet as a PDF, one file each",
        )
        a(
            "close_tab",
            "&Close Character",
            self.close_character,
            "Ctrl+W",
            "Close the character's tab (asks first when something is not saved)",
        )
        # Review mode (ui.review). Ctrl+R is Record Contract, so review takes Ctrl+Shift+R.
        a("review", "Re&view Files…", self.open_review, "Ctrl+Shift+R", "Audit and approve files")
        a("quit", "&Quit", self.close, "Ctrl+Q")
        undo = self.workspace.undo_group.createUndoAction(self, "&Undo")
        undo.setShortcuts([QKeySequence("Ctrl+Z")])
        redo = self.workspace.undo_group.createRedoAction(self, "&Redo")
        redo.setShortcuts([QKeySequence("Ctrl+Shift+Z"), QKeySequence("Ctrl+Y")])
        self.actions["undo"] = undo
        self.actions["redo"] = redo
        a("find", "&Find in Roster", self.focus_search, "Ctrl+F")
        a(
            "new_contractor",
            "&New Contractor…",
            self.new_contractor,
            "Ctrl+N",
            "Create a contractor step by step",
        )
        # Ctrl+Shift+N is New Library: each game's "New …" has its own letter.
        a(
            "new_covenant",
            "New &Covenant Character…",
            self.new_covenant,
            "Ctrl+Shift+C",
            "Create a character for Covenant (Ties, Discipline and Assets)",
        )
        a(
            "new_spacefarer",
            "New &Spacefarer…",
            self.new_spacefarer,
            "Ctrl+Shift+M",
            "Create a spacefarer for This Mortal Coil (abilities rolled or entered)",
        )
        a(
            "new_chronicle",
            "New C&hronicle…",
            self.new_chronicle,
            "Ctrl+Shift+H",
            "Start a chronicle of The Coven (the town, the Others, the practitioners)",
        )
        a(
            "play_tiles",
            "Play &Covenants…",
            self.play_tiles,
            "Ctrl+Shift+G",
            "Play the Covenants tile game against the computer or a friend; keep finished games",
        )
        a(
            "record_contract",
            "&Record Contract…",
            lambda: self._sheet_action("record_contract"),
            "Ctrl+R",
            "Record a Contract the open contractor attended",
        )
        a(
            "spend_exp",
            "&Spend Exp…",
            lambda: self._sheet_action("spend_exp"),
            "Ctrl+Shift+E",
            "Raise a trait with available Exp",
        )
        a("journal", "Add &Journal…", lambda: self._sheet_action("journal"), "Ctrl+J")
        a("delete", "&Delete Contractor…", self.confirm_delete, None)
        a("about", "&About Harbinger", self.about)
        a("manual", "&User Manual", self.show_manual, "F1", "Read Harbinger's manual")
        a("log_folder", "Open &Log Folder", self.open_log_folder, None, "Show the log files")
        a("preferences", "&Preferences…", self.show_preferences, "Ctrl+,", "Theme and look")
        a("dice", "&Dice", self._toggle_dice, "Ctrl+D").setCheckable(True)

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.actions["new_library"])
        file_menu.addAction(self.actions["open_library"])
        self.recent_menu = file_menu.addMenu("Recent &Libraries")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        file_menu.addAction(self.actions["import"])
        file_menu.addAction(self.actions["export"])
        file_menu.addAction(self.actions["print"])
        file_menu.addAction(self.actions["print_roster"])
        file_menu.addAction(self.actions["review"])
        file_menu.addSeparator()
        file_menu.addAction(self.actions["close_tab"])
        file_menu.addAction(self.actions["quit"])

        edit_menu = bar.addMenu("&Edit")
        edit_menu.addAction(self.actions["undo"])
        edit_menu.addAction(self.actions["redo"])
        edit_menu.addSeparator()
        edit_menu.addAction(self.actions["find"])
        edit_menu.addSeparator()
        edit_menu.addAction(self.actions["preferences"])

        contractor_menu = bar.addMenu("&Contractor")
        contractor_menu.addAction(self.actions["new_contractor"])
        contractor_menu.addAction(self.actions["new_covenant"])
        contractor_menu.addAction(self.actions["new_spacefarer"])
        contractor_menu.addAction(self.actions["new_chronicle"])
        contractor_menu.addAction(self.actions["play_tiles"])
        contractor_menu.addSeparator()
        contractor_menu.addAction(self.actions["record_contract"])
        contractor_menu.addAction(self.actions["spend_exp"])
        contractor_menu.addAction(self.actions["journal"])
        more = contractor_menu.addMenu("&More")
        for key, text in MORE_ACTIONS:
            action = QAction(self)
            action.setText(text)
            action.triggered.connect(lambda _c=False, k=key: self._sheet_action(k))
            self.actions[key] = action
            more.addAction(action)
        contractor_menu.addSeparator()
        contractor_menu.addAction(self.actions["delete"])

        view_menu = bar.addMenu("&View")
        view_menu.addAction(self.actions["dice"])

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.actions["manual"])
        help_menu.addAction(self.actions["log_folder"])
        help_menu.addSeparator()
        help_menu.addAction(self.actions["about"])

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main_toolbar")
        toolbar.setMovable(False)
        _set_by_name(toolbar, "toolButtonStyle", "ToolButtonTextOnly")
        for key in ("new_contractor", "record_contract", "spend_exp", "journal"):
            toolbar.addAction(self.actions[key])
        toolbar.addSeparator()
        toolbar.addAction(self.actions["undo"])
        toolbar.addAction(self.actions["redo"])
        toolbar.addSeparator()
        toolbar.addAction(self.actions["dice"])

    def _fill_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.settings.recent_libraries()
        for i, location in enumerate(recent, start=1):
            text = f"&{i} {display_location(location)}" if i < 10 else display_location(location)
            action = self.recent_menu.addAction(text)
            action.triggered.connect(lambda _c=False, loc=location: self.open_library(loc))
        if not recent:
            self.recent_menu.addAction("(none)").setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction("Clear list", self.settings.clear_recent_libraries)

    def _update_actions(self) -> None:
        has_library = self.workspace.library is not None
        has_sheet = self.contractor is not None
        alive = bool(self.report is not None and self.report.alive)
        shown = self.shown_character() is not None
        for key in (
            "import",
            "new_contractor",
            "new_covenant",
            "new_spacefarer",
            "new_chronicle",
            "play_tiles",
        ):
            self.actions[key].setEnabled(has_library)
        for key in ("export", "delete", "print"):
            self.actions[key].setEnabled(shown)
        self.actions["close_tab"].setEnabled(self.tabs.count() > 0)
        self.actions["print_roster"].setEnabled(has_library)
        self.actions["journal"].setEnabled(has_sheet)
        self.actions["record_contract"].setEnabled(has_sheet and alive)
        self.actions["spend_exp"].setEnabled(has_sheet and alive)
        for key, _text in MORE_ACTIONS:
            self.actions[key].setEnabled(has_sheet and self.sheet.action_enabled(key))
        title = APP_NAME
        if self.workspace.location:
            title = f"{display_location(self.workspace.location)} — {APP_NAME}"
        self.setWindowTitle(title)

    # ------------------------------------------------------------------ libraries

    def open_library(self, location: str) -> bool:
        """Open a library (file path or URL) now; on failure keep the current one and say why."""
        url = location if is_url(location) else library_url(location)
        try:
            library, rows = _open_library(url)
        except Exception as exc:
            self._open_failed(url, str(exc))
            return False
        self._library_opened(url, library, rows)
        return True

    def open_library_later(self, location: str) -> None:
        """Open a library in the background (at start-up): the window is usable meanwhile.

        The job starts once the window has painted its first frame: importing the
        storage and rules layers keeps the interpreter busy for most of a second,
        and running it alongside the first paint would hold that paint up.
        """
        url = location if is_url(location) else library_url(location)
        self.loading = True
        self.roster.count_label.setText("Opening the library…")
        self.statusBar().showMessage(f"Opening {display_location(url)}…")

        def ignore(_message: str) -> None:
            """The quick roster and the warm-up are shortcuts; opening the library tells."""

        def preview(rows: list[Any] | None) -> None:
            if rows is not None and self.loading:
                self.refresh_roster(rows)

        def done(result: tuple[Any, list[Any]]) -> None:
            self.loading = False
            self._library_opened(url, *result)
            self.tasks.run("Could not load the sheet catalog", _warm_sheet_catalog, None, ignore)

        def failed(message: str) -> None:
            self.loading = False
            self.refresh_roster([])
            self._open_failed(url, message)

        quick: list[list[Any] | None] = [None]  # written and read on the worker, in turn

        def read_quickly() -> list[Any] | None:
            from models.quick_roster import quick_roster  # no SQLAlchemy: see its module

            quick[0] = quick_roster(url)
            return quick[0]

        def start() -> None:
            # The roster first, read with sqlite3 alone, then the library (which reads it
            # again only when the quick read could not).
            self.tasks.run("Could not read the roster", read_quickly, preview, ignore)
            self.tasks.run(
                "Could not open the library", lambda: _open_library(url, quick[0]), done, failed
            )

        self.after_first_paint(start)

    def after_first_paint(self, work: Callable[[], None]) -> None:
        """Run ``work`` once the window's first frame is painted (at once if it already is).

        Waits at most :data:`FIRST_PAINT_FALLBACK_MS` after the first request, so
        a window that is not painted (shown minimized) still gets its work done.
        """
        if self._first_paint_work is None:
            work()
            return
        if not self._first_paint_work:
            QTimer.singleShot(FIRST_PAINT_FALLBACK_MS, self._run_first_paint_work)
        self._first_paint_work.append(work)

    def _run_first_paint_work(self) -> None:
        """Run what waited for the first frame (once: later calls find nothing)."""
        pending, self._first_paint_work = self._first_paint_work, None
        for work in pending or ():
            work()

    def showEvent(self, event: QShowEvent) -> None:
        """Shown: once the frame is known, the whole window is kept on its screen."""
        super().showEvent(event)
        QTimer.singleShot(0, lambda: fit_to_screen(self))

    def paintEvent(self, event: QPaintEvent) -> None:
        """Paint as Qt does; the first frame also releases :meth:`after_first_paint` work."""
        super().paintEvent(event)
        if self._first_paint_work is not None:
            # Queued, so it runs after the whole frame (children included) is painted.
            QTimer.singleShot(0, self._run_first_paint_work)

    def _open_failed(self, url: str, message: str) -> None:
        self.roster.count_label.setText("")
        self.warn("Could not open the library", f"{display_location(url)}\n\n{message}")

    def _library_opened(self, url: str, library: Any, rows: list[Any]) -> None:
        self.workspace.set_library(library, url)
        self.settings.add_recent_library(url)
        self._show_nothing()
        self.refresh_roster(rows)
        self.statusBar().showMessage(f"Opened {display_location(url)}", 5000)
        first_look = not self.roster.lines() and not self.settings.examples_offered(url)
        if self.offer_examples and first_look:
            self.settings.mark_examples_offered(url)
            QTimer.singleShot(0, self.offer_example_characters)
        self._update_actions()
        picked, self._picked_while_opening = self._picked_while_opening, None
        if picked is not None and picked[0] in {line.id for line in self.roster.lines()}:
            (self.open_character if picked[1] else self.show_contractor)(picked[0])
        self.library_opened.emit(url)

    def choose_library(self) -> None:
        path, _filter = _file_dialog().getOpenFileName(
            self, "Open Library", "", "Harbinger libraries (*.sqlite3 *.sqlite *.db);;All files (*)"
        )
        if path:
            self.open_library(path)

    def choose_new_library(self) -> None:
        path, _filter = _file_dialog().getSaveFileName(
            self, "New Library", "library.sqlite3", "Harbinger libraries (*.sqlite3)"
        )
        if path:
            self.open_library(path)

    def refresh_roster(self, rows: list[Any] | None = None) -> None:
        """Show the library's roster (``rows`` when already read)."""
        if rows is None:
            library = self.workspace.library
            rows = library.roster() if library is not None else []
        self.roster.set_rows(rows)
        count = len(rows)
        self.status_label.setText(f"{count} character{'s' if count != 1 else ''}")

    def offer_example_characters(self) -> None:
        """Ask once per library whether to fill an empty roster with the example characters."""
        box = _message_box(
            self,
            "Question",
            "An empty library",
            "This library has no characters yet. Load the example contractors so you can look "
            "around? You can delete them later.",
            ("Yes", "No"),
        )
        box.button(box.StandardButton.Yes).setText("&Load examples")
        box.button(box.StandardButton.No).setText("&Start empty")
        box.accepted.connect(self.load_examples)
        self._show_dialog(box)

    def load_examples(self) -> None:
        library = self.workspace.library
        self.tasks.run(
            "Could not load the examples",
            library.load_examples,
            lambda _result: self._library_updated("Loaded the example characters"),
        )

    def _library_updated(self, message: str) -> None:
        self.workspace.clear_history()
        self.workspace.notify(Change(name=message))
        self.statusBar().showMessage(message, 5000)

    # ------------------------------------------------------------------ files

    def choose_import(self) -> None:
        paths, _filter = _file_dialog().getOpenFileNames(
            self, "Import Characters", "", "Character files (*.json);;All files (*)"
        )
        if paths:
            self.import_files([Path(p) for p in paths])

    def import_file(self, path: Path, on_conflict: str | None = None) -> None:
        """Import one character file (see ``import_files``)."""
        self.import_files([path], on_conflict)

    def import_files(self, paths: list[Path], on_conflict: str | None = None) -> None:
        """Import character files in the background with progress (``ui.importing``).

        A character already in the library is asked about (replace, keep both,
        skip) unless ``on_conflict`` answers for all; the roster shows the
        result and selects the first character stored.
        """
        from ui.importing import start_import, summary

        def done(results: list[Any]) -> None:
            self._library_updated(summary(results))
            stored = [r for r in results if r.action != "skipped"]
            if stored:
                self.roster.select(stored[0].contractor_id)

        self.import_flow = start_import(self, paths, on_conflict, done)

    def shown_character(self) -> Any:
        """The character value on screen, of whichever game system, or None."""
        if self.game_sheet is not None:
            return self.game_sheet.character
        return self.contractor

    def _shown_identity(self) -> tuple[Any, Any] | None:
        """(game system, identity) of the character on screen, from the registry."""
        character = self.shown_character()
        if character is None:
            return None
        from builder.core.registry import system_for_character

        system = system_for_character(character)
        return system, system.identity(character)

    def _suggested_name(self) -> str | None:
        shown = self._shown_identity()
        if shown is None:
            return None
        system, identity = shown
        return identity.name or system.noun

    def choose_export(self) -> None:
        name = self._suggested_name()
        if name is None:
            return
        path, _filter = _file_dialog().getSaveFileName(
            self, "Export Character", f"{_file_stem(name)}.json", "Character files (*.json)"
        )
        if path:
            self.export_file(Path(path))

    def export_file(self, path: Path) -> None:
        library = self.workspace.library
        character = self.shown_character()
        if library is None or character is None:
            return
        cid = character.id
        self.tasks.run(
            "Could not export",
            lambda: library.export_file(cid, path),
            lambda _r: self._exported(path),
        )

    def _exported(self, path: Path) -> None:
        """Say where the character file went, with Open buttons (ui.feedback)."""
        from ui.feedback import announce_written

        announce_written(self, "the character file", [path], status=f"Exported to {path}")

    def choose_print(self) -> None:
        """The Print dialog (ui.print_dialog): sheet kind, paper, preview; then the file."""
        name = self._suggested_name()
        if name is None:
            return
        from ui.print_dialog import PrintDialog

        dialog = PrintDialog(self.shown_character(), name, self)
        dialog.accepted.connect(lambda: self._save_print(dialog, name))
        self._show_dialog(dialog)

    def _save_print(self, dialog: Any, name: str) -> None:
        """The Print dialog said Save: choose the file and print to it."""
        compact, paper = dialog.compact(), dialog.paper_name()  # the dialog closes meanwhile
        suffix = " (compact)" if compact else ""
        path, _chosen = _file_dialog().getSaveFileName(
            self, "Print PDF", f"{_file_stem(name)}{suffix}.pdf", "PDF files (*.pdf)"
        )
        if path:
            self.print_pdf(Path(path), paper, compact=compact)

    def print_pdf(self, path: Path, paper: str = "letter", *, compact: bool = False) -> None:
        """Write the open character's sheet as a PDF in the background, as its system prints.

        ``compact`` prints the game's short sheet for the table (printing.systems).
        """
        shown = self._shown_identity()
        if shown is None:
            return
        from ui.print_dialog import write_sheet

        character = self.shown_character()
        what = f"{shown[1].name or shown[0].noun}'s {'compact ' if compact else ''}sheet"
        self.statusBar().showMessage(f"Printing {path.name}…")
        self.tasks.run(
            "Could not print",
            lambda: write_sheet(shown[0].id, character, path, paper, compact),
            lambda written: self._printed(written, what),
        )

    def _printed(self, path: Path, what: str = "the sheet") -> None:
        """Say where the PDF went (with Open buttons) and open it in the system's PDF viewer."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from ui.feedback import announce_written

        announce_written(self, what, [path], status=f"Saved {path}")
        if self.open_printed:
            QDesktopServices.openUrl(QUrl.fromLocalFile(str(path)))

    def choose_print_roster(self) -> None:
        """Print every character of the library into a folder, with progress (ui.print_dialog)."""
        if self.workspace.library is None:
            return
        from ui.print_dialog import PrintDialog

        dialog = PrintDialog(None, "every character", self, many=True)
        dialog.accepted.connect(lambda: self._save_roster_print(dialog))
        self._show_dialog(dialog)

    def _save_roster_print(self, dialog: Any) -> None:
        """The roster Print dialog said go on: choose the folder and print into it."""
        compact, paper = dialog.compact(), dialog.paper_name()  # the dialog closes meanwhile
        library = self.workspace.library
        folder = _file_dialog().getExistingDirectory(self, "Print every sheet into")
        if folder and library is not None:
            from ui.print_dialog import RosterPrint

            self.roster_print = RosterPrint(self, self.tasks)
            self.roster_print.run(
                lambda: [library.load(entry.id) for entry in library.roster()],
                Path(folder),
                paper,
                compact,
            )

    # ------------------------------------------------------------------ contractors

    def show_contractor(self, character_id: str) -> None:
        """Show one character of any game system: the roster's pick, as a preview tab.

        A character already open is switched to. Otherwise it opens in a new tab
        that replaces the previous preview (one not kept: see
        :mod:`ui.character_tabs`), unless that one holds unsaved work.
        """
        if character_id and character_id == self.tabs.current_id():
            return
        if self._wait_for_library(character_id, keep=False):
            return
        index = self.tabs.index_of(character_id)
        if index >= 0:
            self.tabs.setCurrentIndex(index)
            return
        preview = self.tabs.preview_id
        if not self._show_character(character_id):
            return
        self.tabs.preview_id = character_id
        if preview and preview != character_id and not self._unsaved(preview):
            place = self.tabs.index_of(preview)
            self._close_tab(preview)
            self.tabs.tabBar().moveTab(self.tabs.index_of(character_id), place)

    def open_character(self, character_id: str) -> bool:
        """Open a character in a tab that stays open (roster double-click or Enter, a file)."""
        if self._wait_for_library(character_id, keep=True):
            return False
        shown = self.tabs.index_of(character_id) >= 0 or self._show_character(character_id)
        if shown:
            self.tabs.keep(character_id)
            self.tabs.setCurrentIndex(self.tabs.index_of(character_id))
        return shown

    def _wait_for_library(self, character_id: str, *, keep: bool) -> bool:
        """True when the library is still opening: the character is shown once it is open.

        The roster is on screen before the library is open (``models.quick_roster``);
        a pick made meanwhile is remembered, not dropped.
        """
        if self.workspace.library is not None or not self.loading or not character_id:
            return False
        self._picked_while_opening = (character_id, keep)
        self.statusBar().showMessage("Opening the library…")
        return True

    def _show_character(self, character_id: str) -> bool:
        library = self.workspace.library
        if library is None or not character_id:
            return False
        from ui.systems import system_ui

        system_id = library.system_of(character_id)
        try:
            screens = system_ui(system_id or "")
        except KeyError as exc:
            problem = f"no character {character_id!r} here" if system_id is None else exc.args[0]
            self.warn("Could not open the character", problem)
            return False
        return screens.show(self, character_id)

    def show_contract(self, contractor_id: str) -> bool:
        """Load, evaluate and show one contractor's sheet in its tab (made when not open)."""
        library = self.workspace.library
        try:
            contractor = library.load(contractor_id)
        except Exception as exc:
            self.warn("Could not open the character", str(exc))
            return False
        self._display(contractor)
        return True

    def _display(self, contractor: Contractor) -> None:
        from builder.contract.sheet import evaluate_sheet

        cid = contractor.id
        report = evaluate_sheet(contractor)
        entry = self._contracts.get(cid)
        view = entry[0] if entry is not None and self.tabs.page(cid) is entry[0] else None
        if view is None:
            view, self._spare_sheet = self._spare_sheet or self._new_sheet_view(), None
        self._contracts[cid] = (view, contractor, report)
        view.show_contractor(contractor, report)
        self._put_tab(cid, view, contractor)

    def _tab_title(self, character: Any) -> tuple[str, str]:
        """A character's tab text (its name, "&" kept literal) and tooltip (name and game)."""
        from builder.core.registry import system_for_character

        system = system_for_character(character)
        name = system.identity(character).name or f"(unnamed {system.noun})"
        return name.replace("&", "&&"), f"{name} — {system.display_name}"

    def _put_tab(self, character_id: str, page: QWidget, character: Any) -> None:
        """Show ``page`` in the character's tab (a new one when it is not open) and switch to it."""
        title, tip = self._tab_title(character)
        if self.tabs.page(character_id) is page:
            self.tabs.set_title(character_id, title, tip)
            self.tabs.setCurrentWidget(page)
        else:
            sizes = self.splitter.sizes()
            old = self.tabs.put(character_id, page, title, tip)
            self.splitter.setSizes(sizes)  # a wide sheet does not squeeze the roster
            self._dispose(character_id, old)
        self._tab_changed(self.tabs.currentIndex())

    def _dispose(self, character_id: str, page: QWidget | None) -> None:
        """Let go of a tab's old page: it stops following the workspace and is deleted."""
        if page is None:
            return
        entry = self._contracts.get(character_id)
        if entry is not None and entry[0] is page:
            del self._contracts[character_id]
        disconnect = getattr(page, "disconnect_workspace", None)
        if disconnect is not None:
            disconnect()
        page.hide()
        page.deleteLater()

    def _tab_changed(self, index: int) -> None:
        """Another tab is shown: its character's history becomes the one Undo acts on."""
        cid = self.tabs.id_at(index)
        if not cid:
            # No character is shown, so Undo offers none's action.
            self.stack.setCurrentWidget(self.empty_page)
            self.workspace.deactivate()
            self._update_actions()
            return
        self.stack.setCurrentWidget(self.tabs)
        page = self.tabs.widget(index)
        stack = getattr(page, "undo_stack", None)
        if stack is not None and stack is not self.workspace.stack_for(cid):
            # Its history was dropped (an import clears every history): made afresh.
            self._show_character(cid)
            return
        self.workspace.activate(cid)
        if self.roster.current_id() != cid:
            self.roster.select(cid)
        if self._dice_panel is not None and self.contractor is not None:
            self._dice_panel.set_sheet(self.sheet.roll_sheet())
        self._update_actions()

    def _shown_id(self) -> str:
        return self.tabs.current_id()

    def _on_changed(self, change: Change) -> None:
        """Any character of any system was written: refresh the roster and what is shown."""
        if change.roster:
            self.refresh_roster()
        if change.undone or change.lines:
            self.statusBar().showMessage(change.summary, 5000 if change.undone else 8000)
        target = change.character_id or self._shown_id()
        library = self.workspace.library
        if not target or library is None:
            return
        self.tabs.keep(target)  # a character just changed stays open
        if library.system_of(target) is None:
            self._character_gone(target)
            return
        self._show_character(target)

    def _character_gone(self, character_id: str) -> None:
        """The character left the library (deleted, its creation undone): its tab says so.

        Its history stays the active one while that tab is shown, so the
        deletion can be undone from there.
        """
        from ui.character_tabs import GonePage

        index = self.tabs.index_of(character_id)
        if index < 0:
            return
        name = self.tabs.name_of(character_id) or "The character"
        page = GonePage(character_id, name)
        old = self.tabs.put(character_id, page, self.tabs.tabText(index), name)
        self._dispose(character_id, old)
        self._tab_changed(self.tabs.currentIndex())

    def _show_nothing(self) -> None:
        """Close every tab without asking (the library they belong to is gone)."""
        for cid in self.tabs.ids():
            self._close_tab(cid)
        self._tab_changed(-1)

    # ------------------------------------------------------------------ closing tabs

    def _unsaved(self, character_id: str) -> str:
        """What the character's tab holds that is not saved yet ("" when nothing).

        Every action is saved at once; what can wait is text typed but not yet
        saved, such as a contractor's notes before "Save notes", or anything a
        game's sheet reports through its ``unsaved_changes()``.
        """
        entry = self._contracts.get(character_id)
        if entry is not None:
            return "notes" if entry[0].story_tab.save_notes.isEnabled() else ""
        page = self.tabs.page(character_id)
        unsaved = getattr(page, "unsaved_changes", None)
        return str(unsaved()) if unsaved is not None else ""

    def _save_unsaved(self, character_id: str) -> bool:
        """Save what the tab holds unsaved; True when nothing is left unsaved."""
        entry = self._contracts.get(character_id)
        if entry is not None:
            entry[0].story_tab.save_notes.click()
        else:
            save = getattr(self.tabs.page(character_id), "save_unsaved", None)
            if save is not None:
                save()
        return not self._unsaved(character_id)

    def close_character(self, character_id: str = "") -> None:
        """Close a character's tab (the one shown by default; Ctrl+W).

        With unsaved work in it, asks first: Save (then close), Discard (close)
        or Cancel (keep it open).
        """
        cid = character_id or self.tabs.current_id()
        if not cid:
            return
        unsaved = self._unsaved(cid)
        if not unsaved:
            self._close_tab(cid)
            return
        self.tabs.setCurrentIndex(self.tabs.index_of(cid))
        name = self.tabs.name_of(cid)
        box = _message_box(
            self,
            "Question",
            "Close the character",
            f"{name}'s {unsaved} are not saved yet. Save them before closing the tab?",
            ("Save", "Discard", "Cancel"),
        )
        box.setDefaultButton(box.StandardButton.Save)

        def chosen(button: Any) -> None:
            answer = box.standardButton(button)
            if answer == box.StandardButton.Discard or (
                answer == box.StandardButton.Save and self._save_unsaved(cid)
            ):
                self._close_tab(cid)

        box.buttonClicked.connect(chosen)
        self._show_dialog(box)

    def _close_tab(self, character_id: str) -> None:
        """Close the character's tab now, without asking."""
        self._contracts.pop(character_id, None)
        self._dispose(character_id, self.tabs.take(character_id))
        if self.tabs.count() == 0:
            self._tab_changed(-1)

    def new_contractor(self) -> None:
        if self.workspace.library is None:
            return
        from ui.contract.wizard.wizard import CreationWizard

        players = self.workspace.library.players()
        wizard = CreationWizard(
            self.catalog,
            [p.name for p in players],
            self,
            coins={p.name: p.coins_available for p in players},
        )
        wizard.accepted.connect(lambda: self._wizard_done(wizard))
        self._show_dialog(wizard)

    # ------------------------------------------------------------------ other games

    def show_game(self, character_id: str, make: Callable[[], QWidget]) -> bool:
        """Show a game's own sheet widget for one character in its tab.

        ``make()`` builds the widget (``ui.systems`` says how for each game); it
        must have ``character_id``, ``character`` (the value shown) and
        ``undo_stack`` (the character's stack in the workspace). A sheet already
        showing the character is kept (it refreshes itself from the workspace's
        ``changed`` signal) unless the history its Undo follows was dropped (an
        import clears every history). Returns False (having said why) when the
        widget cannot be made.
        """
        sheet = self.tabs.page(character_id)
        if (
            sheet is not None
            and getattr(sheet, "undo_stack", None) is self.workspace.stack_for(character_id)
        ):
            self._put_tab(character_id, sheet, sheet.character)  # type: ignore[attr-defined]
            return True
        try:
            sheet = make()
        except Exception as exc:
            self.warn("Could not open the character", str(exc) or type(exc).__name__)
            return False
        self._contracts.pop(character_id, None)
        self._put_tab(character_id, sheet, sheet.character)  # type: ignore[attr-defined]
        return True

    def show_covenant(self, character_id: str) -> bool:
        """Open a Covenant character's sheet with its play mode in its tab."""
        from ui.covenant import CovenantSheet

        return self.show_game(
            character_id, lambda: CovenantSheet(self.workspace, character_id, self)
        )

    def new_covenant(self) -> None:
        if self.workspace.library is None:
            return
        from ui.covenant import CovenantCreationWizard

        wizard = CovenantCreationWizard(self.workspace, self)
        self._show_dialog(wizard)

    def new_spacefarer(self) -> None:
        """Create a spacefarer of This Mortal Coil as one undoable operation (then it is shown)."""
        if self.workspace.library is None:
            return
        from ui.mortal_coil import SpacefarerCreationDialog
        from ui.operations.mortal_coil import create

        dialog = SpacefarerCreationDialog(parent=self)
        dialog.accepted.connect(
            lambda: self.run_operation(lambda: create(self.workspace, dialog.made))
        )
        self._show_dialog(dialog)

    def play_tiles(self) -> None:
        """Open a game of Covenants; a finished game is kept in the library (undoably)."""
        if self.workspace.library is None:
            return
        from ui.operations.tiles import save_game
        from ui.tiles.play_dialog import PlayTilesDialog

        dialog = PlayTilesDialog(self)
        dialog.kept.connect(
            lambda game: self.run_operation(lambda: save_game(self.workspace, game))
        )
        self._show_dialog(dialog)

    def new_chronicle(self) -> None:
        """Start a chronicle of The Coven as one undoable operation (then it is shown)."""
        if self.workspace.library is None:
            return
        from ui.coven import CreateChronicleDialog
        from ui.operations.coven import create

        dialog = CreateChronicleDialog(self)
        dialog.accepted.connect(
            lambda: self.run_operation(lambda: create(self.workspace, dialog.chronicle()))
        )
        self._show_dialog(dialog)

    def _wizard_done(self, wizard: Any) -> None:
        contractor = wizard.contractor()
        made = self.run_operation(lambda: self.ops.create(contractor))
        if made is not None and wizard.build_first_gift:
            # After the wizard has closed: the Gift Builder for the first Gift.
            QTimer.singleShot(0, lambda: self._build_first_gift(contractor.id))

    def _build_first_gift(self, contractor_id: str) -> None:
        """Open the Gift Builder for a new contractor's first Gift (their tab shown)."""
        if self.open_character(contractor_id) and self.contractor is not None:
            self.sheet.tabs.setCurrentWidget(self.sheet.gifts_tab)
            self.sheet.gifts_tab.open_builder()

    def confirm_delete(self) -> None:
        """Ask, then delete the character on screen as one undoable operation of its system."""
        shown = self._shown_identity()
        if shown is None:
            return
        from ui.systems import system_ui

        system, identity = shown
        character = self.shown_character()
        delete = system_ui(system.id).delete
        box = _message_box(
            self,
            "Warning",
            f"Delete {system.noun}",
            f"Delete {identity.name or system.noun} from this library? You can undo this with "
            "Edit → Undo until you close the library.",
            ("Ok", "Cancel"),
        )
        box.button(box.StandardButton.Ok).setText("&Delete")
        box.accepted.connect(lambda: self.run_operation(lambda: delete(self.workspace, character)))
        self._show_dialog(box)

    def run_operation(self, operation: Callable[[], Change]) -> Change | None:
        """Run one named operation; a refusal or a failed save becomes a dialog."""
        from models.errors import StaleCharacter
        from ui.operations.contract import Refused

        try:
            return operation()
        except Refused as refused:
            self.warn(refused.action, "\n".join(f.message for f in refused.findings))
        except StaleCharacter as stale:
            self.offer_reload(stale)
        except Exception as exc:
            self.warn("Could not save", str(exc) or type(exc).__name__)
        return None

    def _sheet_action(self, key: str) -> None:
        if self.contractor is None:
            return
        dialog = self.sheet.make_dialog(key, self.contractor, self.report)
        if dialog is not None:
            self._show_dialog(dialog)

    def open_review(self) -> Any:
        """Show the review window (made on first use); files there are never imported."""
        from ui.review import ReviewWindow

        if getattr(self, "review_window", None) is None:
            self.review_window = ReviewWindow(self)
        self.review_window.show()
        fit_to_screen(self.review_window)
        self.review_window.raise_()
        self.review_window.activateWindow()
        return self.review_window

    # ------------------------------------------------------------------ chrome

    def _show_dialog(self, dialog: QDialog | QMessageBox) -> None:
        from PySide6.QtCore import Qt

        dialog.setWindowModality(Qt.WindowModality.WindowModal)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.current_dialog = dialog
        dialog.finished.connect(lambda _r, d=dialog: self._dialog_closed(d))
        dialog.open()
        fit_to_screen(dialog)
        self.dialog_opened.emit(dialog)

    def _dialog_closed(self, dialog: QDialog) -> None:
        if self.current_dialog is dialog:
            self.current_dialog = None

    def offer_reload(self, stale: Any, pending: str = "") -> None:
        """Another window or computer saved the character first and the two changes cannot be
        merged: say so, keep the user's change in view, and offer to reload the stored one.

        Reloading drops this character's undo history here (its steps were made on the
        copy that is now out of date); the change has to be made again on the new copy.
        """
        undo = self.workspace.stack_for(stale.character_id).undoText()
        lines = [str(stale), ""]
        if pending or undo:
            lines.append(f"Your change was not saved{f': {pending}' if pending else ''}.")
        lines.append("Reload to see the stored character, then make your change again.")
        box = _message_box(self, "Warning", "Changed elsewhere", "\n".join(lines), ("Cancel",))
        from PySide6.QtWidgets import QMessageBox

        reload_button = box.addButton("Reload", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(reload_button)
        reload_button.clicked.connect(lambda: self.reload_character(stale.character_id))
        self._show_dialog(box)

    def reload_character(self, character_id: str) -> None:
        """Show the stored copy of a character afresh (after someone else changed it)."""
        self.workspace.stack_for(character_id).clear()
        page = self.tabs.page(character_id)
        if page is not None and character_id not in self._contracts:
            # A game's sheet keeps its copy: a blank page stands in until it is made afresh.
            self._dispose(character_id, self.tabs.put(character_id, QWidget(), "…"))
        self.refresh_roster()
        self._show_character(character_id)

    def _save_failed(self, message: str) -> None:
        self.warn("Could not save", message)

    def warn(self, title: str, message: str) -> None:
        box = _message_box(self, "Warning", title, message)
        self._show_dialog(box)

    def focus_search(self) -> None:
        from PySide6.QtCore import Qt

        self.roster.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.roster.search.selectAll()

    def about(self) -> None:
        """The About box: version, Python and Qt versions, the library and settings paths."""
        from harbinger.logs import log_path
        from ui.help import AboutDialog, about_text

        text = about_text(
            display_location(self.workspace.location), self.settings.path, str(log_path())
        )
        self._show_dialog(AboutDialog(text, self))

    def show_manual(self) -> Any:
        """F1: the user manual (resources/manual) in a window of its own, not modal."""
        from ui.help import ManualDialog

        if getattr(self, "manual", None) is None:
            self.manual = ManualDialog(self)
        self.manual.show()
        fit_to_screen(self.manual)
        self.manual.raise_()
        self.manual.activateWindow()
        return self.manual

    def open_log_folder(self) -> None:
        """Help → Open Log Folder: the folder in the file manager (made if missing)."""
        from PySide6.QtCore import QUrl
        from PySide6.QtGui import QDesktopServices

        from harbinger.logs import log_dir

        folder = log_dir()
        folder.mkdir(parents=True, exist_ok=True)
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))

    def show_preferences(self) -> None:
        from ui.preferences import PreferencesDialog

        self._show_dialog(PreferencesDialog(self.settings, self))

    def open_files(self, paths: list[str]) -> None:
        """Open character files given from outside (command line, file manager, 2nd launch).

        Waits for the library to finish opening; see :mod:`ui.open_files` for where each goes.
        """
        from PySide6.QtCore import Qt

        from ui.open_files import open_files

        if self.isMinimized():
            self.showNormal()
        self.raise_()
        self.activateWindow()
        if not paths:
            return
        if self.loading:
            self.library_opened.connect(
                lambda _url, p=list(paths): open_files(self, p),
                Qt.ConnectionType.SingleShotConnection,
            )
            return
        open_files(self, list(paths))

    def _ask_before_quitting(self, unsaved: list[str]) -> None:
        """Closing the window with unsaved work in some tabs: Save all, Discard or Cancel."""
        names = ", ".join(self.tabs.name_of(cid) for cid in unsaved)
        box = _message_box(
            self,
            "Question",
            "Quit Harbinger",
            f"Not saved yet: {names}. Save before quitting?",
            ("Save", "Discard", "Cancel"),
        )
        box.setDefaultButton(box.StandardButton.Save)

        def chosen(button: Any) -> None:
            answer = box.standardButton(button)
            if answer == box.StandardButton.Cancel:
                return
            if answer == box.StandardButton.Save and not all(
                self._save_unsaved(cid) for cid in unsaved
            ):
                return  # a save failed: the window stays, and says why
            self._quitting = True
            QTimer.singleShot(0, self.close)

        box.buttonClicked.connect(chosen)
        self._show_dialog(box)

    def _busy(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage("Working…")
        for key in ("import", "open_library", "new_library"):
            self.actions[key].setEnabled(not busy)
        if not busy:
            self._update_actions()

    def _restore_window(self) -> None:
        geometry = self.settings.window_geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
            # A dock left open is made now (its size belongs in the restored layout);
            # a closed one waits for Ctrl+D. Unknown (older settings): made now.
            if self.settings.dice_shown() is not False:
                self.dice_dock  # noqa: B018 - takes its saved place and visibility
        splitter = self.settings.splitter_state()
        if splitter is not None:
            self.splitter.restoreState(splitter)

    def closeEvent(self, event: QCloseEvent) -> None:
        unsaved = [cid for cid in self.tabs.ids() if self._unsaved(cid)]
        if unsaved and not self._quitting:
            event.ignore()
            self._ask_before_quitting(unsaved)
            return
        self.tasks.wait()
        dice_shown = self._dice_dock is not None and not self._dice_dock.isHidden()
        self.settings.save_window(
            self.saveGeometry(), self.saveState(), self.splitter.saveState(), dice_shown=dice_shown
        )
        self.workspace.close()
        super().closeEvent(event)
