"""The main window: the roster on the left, the open characters' sheets on the right.

Menus: File (new/open library, recent libraries, import, export, print, close
the character), Edit (undo, redo, find), Contractor (each game's "New …",
then the actions on the character shown), View, Help. Several characters, of
any game, are open at once, one tab each (:mod:`ui.character_tabs`, handled
in :mod:`ui.window_tabs`); opening one already open switches to its tab, and
closing a tab with unsaved notes asks first (Save, Discard, Cancel).
Every edit goes through a game system's operations (``ui.operations``); the
window listens to the workspace's one ``changed`` signal and refreshes what it
shows. Undo and Redo come from the workspace's undo group: each character has
its own history, and the tab shown is the one Undo acts on.

This window names no game. Each game declares, in its own ``ui/<game>/``
folder, what it adds (:mod:`ui.contributions`): how its characters are shown,
printed and deleted, its menu and toolbar actions with their shortcuts, and a
*window part* for its own state (The Contract's sheet views and Dice dock);
:mod:`ui.systems` lists the games. Libraries are opened by
:mod:`ui.window_library`, files imported, exported and printed by
:mod:`ui.window_files`. Each sheet and dock sits in a scroll area, so no
window grows past the screen (1280×800, or 200% scaling: :mod:`ui.screen_fit`).
Dialogs open window-modal with ``open()`` so the event loop keeps running
(and tests can fill them in); :attr:`MainWindow.current_dialog` is the one
showing.

Start-up (SPEC §6: an interactive window within 1.5 × a bare PySide6 window)
shapes this module: the first frame is the roster and an empty sheet area,
with menus and toolbar. Everything else (the sheets, the docks, dialogs,
the rules and storage layers) is made or imported on first use, and the
library opens in the background once that frame is painted. Nothing on the
start-up path touches the ``Qt`` namespace class: wrapping it builds about a
hundred Python enums (over 20 ms), so the few enum-valued properties set here
are set by key name (:func:`ui.window_common.set_by_name`) instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer, Signal
from PySide6.QtGui import QAction
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

from harbinger.shell.paths import APP_NAME
from ui.roster import RosterPanel
from ui.screen_fit import fit_to_screen, initial_size
from ui.settings import AppSettings
from ui.style import set_role
from ui.systems import systems_ui, window_actions
from ui.tasks import TaskRunner
from ui.window_common import display_location, message_box, set_by_name, set_keys
from ui.window_files import FilesMixin
from ui.window_library import FIRST_PAINT_FALLBACK_MS, LibraryMixin
from ui.window_tabs import TabsMixin
from ui.workspace import Change, Workspace

if TYPE_CHECKING:
    from PySide6.QtGui import QCloseEvent, QPaintEvent, QShowEvent
    from PySide6.QtWidgets import QDialog, QMessageBox

    from ui.character_tabs import CharacterTabs
    from ui.contributions import WindowAction

__all__ = ["FIRST_PAINT_FALLBACK_MS", "EmptyPage", "MainWindow", "display_location"]


class EmptyPage(QWidget):
    """Shown when no character is open: what to do next (``new_action``: create one)."""

    def __init__(self, new_action: QAction, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        title = QLabel("No contractor open", self)
        set_role(title, "title")
        set_by_name(title, "alignment", "AlignCenter")
        layout.addWidget(title)
        note = QLabel(
            "Pick a character from the roster, or create a new contractor: the guide walks "
            "you through every choice the rules ask for.",
            self,
        )
        note.setWordWrap(True)
        set_by_name(note, "alignment", "AlignCenter")
        layout.addWidget(note)
        button = QPushButton(self)  # text set apart: see _action on the QIcon overloads
        button.setText(new_action.text())
        button.clicked.connect(new_action.trigger)
        button.setMaximumWidth(button.sizeHint().width() * 2)
        # Centered by equal stretch either side (the button keeps its own width).
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(button)
        row.addStretch(1)
        layout.addLayout(row)
        layout.addStretch(2)


class MainWindow(TabsMixin, LibraryMixin, FilesMixin, QMainWindow):
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
        self._first_paint_work: list[Callable[[], None]] | None = []
        self._quitting = False  # the player chose how unsaved work ends: close now
        self.loading = False
        self._picked_while_opening: tuple[str, bool] | None = None  # (id, keep open)
        self._tabs: CharacterTabs | None = None  # made on first use: see ``tabs``

        self.setWindowTitle(APP_NAME)
        # Not QSplitter(self): resolving that overload against QSplitter(Qt.Orientation)
        # builds the Qt namespace. Moving the still empty splitter costs nothing.
        self.splitter = QSplitter()  # horizontal
        self.setCentralWidget(self.splitter)
        self.roster = RosterPanel(self.splitter, settings)
        # Each game's own state in this window (``ui.contributions``), by system id.
        self.parts: dict[str, Any] = {
            entry.id: entry.window_part(self) for entry in systems_ui() if entry.window_part
        }
        self._build_actions()
        self.stack = QStackedWidget(self.splitter)
        creates = [a.key for a in self._game_actions if a.menu == "create"]
        self.empty_page = EmptyPage(self.actions[creates[0]], self.stack)
        self.stack.addWidget(self.empty_page)
        # The open characters' tabs join the stack when the first is opened (``tabs``).
        self.splitter.addWidget(self.roster)
        self.splitter.addWidget(self.stack)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.setSizes([380, 900])

        self._build_menus()

        self.status_label = QLabel(self.statusBar())
        self.statusBar().addPermanentWidget(self.status_label)
        self.playgroup_watch: Any = None  # made as the first library opens (ui.window_library)

        self.roster.contractor_selected.connect(self.show_contractor)
        self.roster.contractor_activated.connect(self.open_character)
        self.workspace.changed.connect(self._on_changed)
        self.workspace.failed.connect(self._save_failed)
        self.tasks.busy_changed.connect(self._busy)

        self.resize(*initial_size(self, 1280, 800))
        self._restore_window()
        self._update_actions()
        if location:
            self.open_library_later(location)

    def __getattr__(self, name: str) -> Any:
        """What a game's window part offers as the window's own attribute (its ``exports``:
        The Contract's ``sheet``, ``contractor``, ``dice_panel``, ...)."""
        for part in self.__dict__.get("parts", {}).values():
            if name in part.exports:
                return getattr(part, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
            set_keys(action, shortcut)  # a portable string, read by Qt (no QKeySequence)
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
            "export_player_copy",
            "Export &Player Copy…",
            self.choose_export_player_copy,
            None,
            "Save the open character's file for its player: without the GM note "
            "(a contractor's also without Threats not due yet)",
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
        set_keys(undo, "Ctrl+Z")
        redo = self.workspace.undo_group.createRedoAction(self, "&Redo")
        self.actions["undo"] = undo
        self.actions["redo"] = redo
        # Ctrl+Y: a hidden action that triggers Redo (see set_keys).
        [self.actions["redo_ctrl_y"]] = set_keys(redo, "Ctrl+Shift+Z", "Ctrl+Y")
        a("find", "&Find in Roster", self.focus_search, "Ctrl+F")
        # Every game's own actions, as its folder declares them (ui.contributions).
        self._game_actions: tuple[WindowAction, ...] = window_actions()
        for spec in self._game_actions:
            action = a(spec.key, spec.text, lambda s=spec: s.run(self), spec.shortcut, spec.tip)
            action.setCheckable(spec.checkable)
        a("delete", "&Delete Contractor…", self.confirm_delete, None)
        a("about", "&About Harbinger", self.about)
        a("manual", "&User Manual", self.show_manual, "F1", "Read Harbinger's manual")
        a("log_folder", "Open &Log Folder", self.open_log_folder, None, "Show the log files")
        a("preferences", "&Preferences…", self.show_preferences, "Ctrl+,", "Theme and look")

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        file_menu.addAction(self.actions["new_library"])
        file_menu.addAction(self.actions["open_library"])
        self.recent_menu = file_menu.addMenu("Recent &Libraries")
        self.recent_menu.aboutToShow.connect(self._fill_recent_menu)
        file_menu.addSeparator()
        for key in ("import", "export", "export_player_copy", "print", "print_roster", "review"):
            file_menu.addAction(self.actions[key])
        file_menu.addActions([self.actions[a.key] for a in self._game_actions if a.menu == "file"])
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

        def placed(menu: str) -> list[QAction]:
            return [self.actions[a.key] for a in self._game_actions if a.menu == menu]

        character_menu = bar.addMenu("&Contractor")
        character_menu.addActions(placed("create"))
        character_menu.addSeparator()
        character_menu.addActions(placed("character"))
        if placed("more"):
            character_menu.addMenu("&More").addActions(placed("more"))
        character_menu.addSeparator()
        character_menu.addAction(self.actions["delete"])

        view_menu = bar.addMenu("&View")
        view_menu.addActions(placed("view"))

        help_menu = bar.addMenu("&Help")
        help_menu.addAction(self.actions["manual"])
        help_menu.addAction(self.actions["log_folder"])
        help_menu.addSeparator()
        help_menu.addAction(self.actions["about"])

        toolbar = self.addToolBar("Main")
        toolbar.setObjectName("main_toolbar")
        toolbar.setMovable(False)
        set_by_name(toolbar, "toolButtonStyle", "ToolButtonTextOnly")

        def tools(where: str) -> list[QAction]:
            return [self.actions[a.key] for a in self._game_actions if a.toolbar == where]

        toolbar.addActions(tools("start"))
        toolbar.addSeparator()
        toolbar.addAction(self._short(self.actions["undo"], "&Undo", "Ctrl+Z"))
        toolbar.addAction(self._short(self.actions["redo"], "&Redo", "Ctrl+Shift+Z"))
        if tools("end"):
            toolbar.addSeparator()
            toolbar.addActions(tools("end"))

    def _short(self, action: QAction, text: str, keys: str) -> QAction:
        """A toolbar stand-in for ``action`` with a short ``text``: Undo's own text grows with
        what it undoes ("Undo Record Contract 12 …"), so the button keeps "Undo" and says the
        whole and its shortcut ``keys`` in its tooltip. It triggers ``action`` and follows its
        enabled state."""
        short = QAction(self)
        short.setText(text)
        short.triggered.connect(action.trigger)

        def follow() -> None:
            short.setEnabled(action.isEnabled())
            whole = action.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            short.setToolTip(f"{whole} ({keys})")

        action.changed.connect(follow)
        follow()
        return short

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
        shown = self.shown_character() is not None
        self.actions["import"].setEnabled(has_library)
        for key in ("export", "export_player_copy", "delete", "print"):
            self.actions[key].setEnabled(shown)
        self.actions["close_tab"].setEnabled(self.has_tabs())
        self.actions["print_roster"].setEnabled(has_library)
        for spec in self._game_actions:
            self.actions[spec.key].setEnabled(spec.enabled(self))
        for part in self.parts.values():
            part.update_actions()
        title = APP_NAME
        if self.workspace.location:
            title = f"{display_location(self.workspace.location)} — {APP_NAME}"
        self.setWindowTitle(title)

    # ------------------------------------------------------------------ chrome

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

    def run_operation(self, operation: Callable[[], Change]) -> Change | None:
        """Run one named operation; a refusal or a failed save becomes a dialog."""
        from harbinger.app.common import Refused
        from models.errors import StaleCharacter

        try:
            return operation()
        except Refused as refused:
            self.warn(refused.action, "\n".join(f.message for f in refused.findings))
        except StaleCharacter as stale:
            self.offer_reload(stale)
        except Exception as exc:
            self.warn("Could not save", str(exc) or type(exc).__name__)
        return None

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
        box = message_box(self, "Warning", "Changed elsewhere", "\n".join(lines), ("Cancel",))
        from PySide6.QtWidgets import QMessageBox

        reload_button = box.addButton("Reload", QMessageBox.ButtonRole.AcceptRole)
        box.setDefaultButton(reload_button)
        reload_button.clicked.connect(lambda: self.reload_character(stale.character_id))
        self._show_dialog(box)

    def _save_failed(self, message: str) -> None:
        self.warn("Could not save", message)

    def warn(self, title: str, message: str) -> None:
        box = message_box(self, "Warning", title, message)
        self._show_dialog(box)

    def focus_search(self) -> None:
        from PySide6.QtCore import Qt

        self.roster.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.roster.search.selectAll()

    def about(self) -> None:
        """The About box: version, Python and Qt versions, the library and settings paths."""
        from harbinger.shell.logs import log_path
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

        from harbinger.shell.logs import log_dir

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

    def _busy(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage("Working…")
        for key in ("import", "open_library", "new_library"):
            self.actions[key].setEnabled(not busy)
        if not busy:
            if self.statusBar().currentMessage() == "Working…":
                self.statusBar().clearMessage()  # the work is done: say nothing stale
            self._update_actions()

    def _restore_window(self) -> None:
        geometry = self.settings.window_geometry()
        if geometry is not None:
            self.restoreGeometry(geometry)
        state = self.settings.window_state()
        if state is not None:
            self.restoreState(state)
            for part in self.parts.values():
                part.restored()  # docks made now take their saved place
        splitter = self.settings.splitter_state()
        if splitter is not None:
            self.splitter.restoreState(splitter)

    def closeEvent(self, event: QCloseEvent) -> None:
        unsaved = [cid for cid in self.open_ids() if self._unsaved(cid)]
        if unsaved and not self._quitting:
            event.ignore()
            self._ask_before_quitting(unsaved)
            return
        self.tasks.wait()
        with self.settings.batch():  # the tabs, the window and each part's: one write to disk
            self.remember_tabs()
            self.settings.save_window(
                self.saveGeometry(), self.saveState(), self.splitter.saveState()
            )
            for part in self.parts.values():
                part.closing()
        self.workspace.close()
        super().closeEvent(event)
