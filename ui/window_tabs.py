"""The main window's tabs: showing characters of any game, one tab each, and closing them.

A mixin of :class:`ui.main_window.MainWindow`. How a character is put on screen
is its game's (:mod:`ui.systems`): a game either hands :meth:`TabsMixin.show_game`
a sheet widget that keeps its own copy, or (The Contract) reloads its sheet view
on every change and puts it in with :meth:`TabsMixin.put_tab`. Every sheet has
``character`` (the value shown) and may have ``unsaved_changes()`` and
``save_unsaved()`` for text typed but not saved yet.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from ui.window_common import message_box
from ui.workspace import Change

if TYPE_CHECKING:
    from ui.character_tabs import CharacterTabs


class TabsMixin:
    """One tab per open character (part of the main window)."""

    _quitting: bool
    _tabs: CharacterTabs | None

    @property
    def tabs(self) -> CharacterTabs:
        """The open characters' tabs (:mod:`ui.character_tabs`), made on first use.

        Until a character is opened the window shows only its empty page, so the tab
        widget (and its tab bar, scroll areas and their Qt classes) is not built for
        the first frame (issue 29). Asking for it makes it; what only reads
        (:meth:`has_tabs`, :meth:`open_ids`, :meth:`shown_id`, :meth:`shown_page`)
        leaves it unmade while no character was ever opened.
        """
        if self._tabs is None:
            from ui.character_tabs import CharacterTabs

            tabs = CharacterTabs(self.stack)  # made inside its parent: see ui.main_window
            self.stack.addWidget(tabs)
            tabs.currentChanged.connect(self._tab_changed)
            tabs.close_requested.connect(self.close_character)
            tabs.too_narrow.connect(self._give_way)
            tabs.room_to_spare.connect(self._take_back)
            self.splitter.splitterMoved.connect(self._keep_divider)
            self._tabs = tabs
        return self._tabs

    def _give_way(self, short: int) -> None:
        """The sheet shown is ``short`` pixels too narrow: the roster gives up to that.

        Down to the roster's least width, so opening the Dice dock (or a bigger
        font) narrows the list before the sheet scrolls sideways. What it gives is
        lent: it comes back when the sheet has room again (:meth:`_take_back`),
        unless the user has moved the divider since.
        """
        roster, rest = self.splitter.sizes()
        give = min(short, roster - self.roster.minimumSizeHint().width())
        if give > 0:
            self.splitter.setSizes([roster - give, rest + give])
            self._lent = getattr(self, "_lent", 0) + give

    def _take_back(self, spare: int) -> None:
        """The sheet shown has ``spare`` pixels to spare: the roster takes back what it lent."""
        take = min(spare, getattr(self, "_lent", 0))
        if take > 0:
            roster, rest = self.splitter.sizes()
            self.splitter.setSizes([roster + take, rest - take])
            self._lent -= take

    def _keep_divider(self, *_args: object) -> None:
        """The user moved the divider: where they put it stands, nothing lent is taken back."""
        self._lent = 0

    def has_tabs(self) -> bool:
        """True when at least one character's tab is open."""
        return self._tabs is not None and self._tabs.count() > 0

    def open_ids(self) -> list[str]:
        """The open characters' ids, in tab order (none before the first is opened)."""
        return self._tabs.ids() if self._tabs is not None else []

    def shown_page(self) -> QWidget | None:
        """The page of the tab shown (a character's sheet), or None when no tab is open."""
        return self._tabs.currentWidget() if self._tabs is not None else None

    def remember_tabs(self) -> None:
        """Note the open library's tabs in the settings, to open them again next time."""
        location = self.workspace.location
        library = self.workspace.library
        if not location or library is None:
            return
        try:
            ids = [cid for cid in self.open_ids() if library.system_of(cid)]
        except Exception:  # a library gone unreadable: nothing to reopen
            return
        current = self.shown_id()
        self.settings.set_open_tabs(location, ids, current if current in ids else "")

    def restore_tabs(self, location: str) -> None:
        """Open again the tabs that were open when ``location`` was last left (those of
        characters still in it), and show the one that was shown."""
        ids, current = self.settings.open_tabs(location)
        known = {line.id for line in self.roster.lines()}
        for cid in ids:
            if cid in known:
                self.open_character(cid)
        index = self.tabs.index_of(current) if current in known and self.has_tabs() else -1
        if index >= 0:
            self.tabs.setCurrentIndex(index)

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
            self.put_tab(character_id, sheet, sheet.character)  # type: ignore[attr-defined]
            return True
        try:
            sheet = make()
        except Exception as exc:
            self.warn("Could not open the character", str(exc) or type(exc).__name__)
            return False
        self.put_tab(character_id, sheet, sheet.character)  # type: ignore[attr-defined]
        return True

    @property
    def game_sheet(self) -> Any:
        """The sheet widget of the tab shown when it keeps its own copy of a character, or None.

        It has ``character_id``, ``character`` (the value shown) and ``undo_stack``
        (see :meth:`show_game`); a sheet the window reloads itself (The Contract's) is None.
        """
        page = self.shown_page()
        if getattr(page, "undo_stack", None) is None or getattr(page, "character", None) is None:
            return None
        return page

    def _tab_title(self, character: Any) -> tuple[str, str]:
        """A character's tab text (its name, "&" kept literal) and tooltip (name and game)."""
        from builder.core.registry import system_for_character

        system = system_for_character(character)
        name = system.identity(character).name or f"(unnamed {system.noun})"
        return name.replace("&", "&&"), f"{name} — {system.display_name}"

    def put_tab(self, character_id: str, page: QWidget, character: Any) -> None:
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
        for part in self.parts.values():
            part.dispose(character_id, page)
        disconnect = getattr(page, "disconnect_workspace", None)
        if disconnect is not None:
            disconnect()
        page.hide()
        page.deleteLater()

    def _tab_changed(self, index: int) -> None:
        """Another tab is shown: its character's history becomes the one Undo acts on."""
        cid = self._tabs.id_at(index) if self._tabs is not None else ""
        if not cid:
            # No character is shown, so Undo offers none's action.
            self.stack.setCurrentWidget(self.empty_page)
            self.workspace.deactivate()
            for part in self.parts.values():
                part.tab_changed()
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
        for part in self.parts.values():
            part.tab_changed()
        self._update_actions()

    def shown_id(self) -> str:
        """The id of the character in the tab shown ("" when no tab is open)."""
        return self._tabs.current_id() if self._tabs is not None else ""

    def _on_changed(self, change: Change) -> None:
        """Any character of any system was written: refresh the roster and what is shown."""
        if change.roster:
            # One character changed: only its line is read and made again (issue 29).
            self.refresh_roster(ids=[change.character_id] if change.character_id else None)
        if change.undone or change.lines:
            self.statusBar().showMessage(change.summary, 5000 if change.undone else 8000)
        target = change.character_id or self.shown_id()
        library = self.workspace.library
        if not target or library is None:
            return
        if self._tabs is not None:
            self._tabs.keep(target)  # a character just changed stays open
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
        for cid in self.open_ids():
            self._close_tab(cid)
        self._tab_changed(-1)

    def _unsaved(self, character_id: str) -> str:
        """What the character's tab holds that is not saved yet ("" when nothing).

        Every action is saved at once; what can wait is text typed but not yet
        saved, such as a contractor's notes before "Save notes": whatever
        a game's sheet reports through its ``unsaved_changes()``.
        """
        page = self._tabs.page(character_id) if self._tabs is not None else None
        unsaved = getattr(page, "unsaved_changes", None)
        return str(unsaved()) if unsaved is not None else ""

    def _save_unsaved(self, character_id: str) -> bool:
        """Save what the tab holds unsaved; True when nothing is left unsaved."""
        save = getattr(self.tabs.page(character_id), "save_unsaved", None)
        if save is not None:
            save()
        return not self._unsaved(character_id)

    def close_character(self, character_id: str = "") -> None:
        """Close a character's tab (the one shown by default; Ctrl+W).

        With unsaved work in it, asks first: Save (then close), Discard (close)
        or Cancel (keep it open).
        """
        cid = character_id or self.shown_id()
        if not cid:
            return
        unsaved = self._unsaved(cid)
        if not unsaved:
            self._close_tab(cid)
            return
        self.tabs.setCurrentIndex(self.tabs.index_of(cid))
        name = self.tabs.name_of(cid)
        box = message_box(
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
        self._dispose(character_id, self.tabs.take(character_id))
        if self.tabs.count() == 0:
            self._tab_changed(-1)

    def reload_character(self, character_id: str) -> None:
        """Show the stored copy of a character afresh (after someone else changed it)."""
        self.workspace.stack_for(character_id).clear()
        page = self.tabs.page(character_id)
        if getattr(page, "undo_stack", None) is not None:
            # A game's sheet keeps its copy: a blank page stands in until it is made afresh.
            self._dispose(character_id, self.tabs.put(character_id, QWidget(), "…"))
        self.refresh_roster()
        self._show_character(character_id)

    def _ask_before_quitting(self, unsaved: list[str]) -> None:
        """Closing the window with unsaved work in some tabs: Save all, Discard or Cancel."""
        names = ", ".join(self.tabs.name_of(cid) for cid in unsaved)
        box = message_box(
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
