"""What one game contributes to the desktop app, declared as data.

Each game's folder (``ui/<game>/screens.py``) fills in one :class:`SystemUi`:
how its characters are shown, printed, deleted and reviewed, the actions it
adds to the main window's menus and toolbar (:class:`WindowAction`, with their
shortcuts), and, when it needs one, a *window part*: an object the main
window makes at start-up that keeps the game's own window state (The
Contract's sheet views and Dice dock). ``ui.systems`` lists the shipped games;
the main window builds its menus from that list and names no game itself.

Nothing here imports Qt or a game: a game's declaration is read at start-up,
so it must stay cheap; its functions import their screens when called. For the
same reason the three types are named tuples (immutable, with defaults and
keywords, as a frozen dataclass): making the three as frozen slotted dataclasses
cost start-up 8 ms of CPU before the first frame, as named tuples under 1 ms.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.workspace import Change, Workspace


def library_open(window: Any) -> bool:
    """An action that needs a library: enabled once one is open."""
    return window.workspace.library is not None


def always(_window: Any) -> bool:
    """An action that is always enabled."""
    return True


class WindowAction(NamedTuple):
    """One action a game adds to the main window (napari-style: a declaration, not a widget).

    - ``key`` names it in ``MainWindow.actions`` (tests and the manual's key table use it);
    - ``run(window)`` does it;
    - ``menu`` says where it goes: ``"create"`` (the Contractor menu's list of new
      characters, one per game), ``"character"`` (acting on the character shown),
      ``"more"`` (Contractor → More), ``"view"`` (the View menu), ``"file"`` (the File
      menu, after the export and print actions);
    - ``toolbar`` is ``"start"`` (before Undo and Redo), ``"end"`` (after them) or "";
    - ``enabled(window)`` is asked whenever the window's state changes.
    """

    key: str
    text: str
    run: Callable[[Any], Any]
    shortcut: str | None = None
    tip: str = ""
    menu: str = "create"
    toolbar: str = ""
    enabled: Callable[[Any], bool] = library_open
    checkable: bool = False


class ReviewWords(NamedTuple):
    """How review mode titles a system's approval rows: the whole file, its core, its history."""

    whole: str
    core: str
    history: str


class SystemUi(NamedTuple):
    """One game system's screens.

    - ``show(window, character_id)`` puts the character's sheet in the main
      window (``ui.main_window.MainWindow``) and returns False when it cannot
      be opened (the window has said why);
    - ``print_pdf(character, path, paper)`` writes its sheet (off the main thread);
    - ``delete(workspace, character)`` removes it as one undoable operation;
    - ``review_sheet(parent)`` makes the read-only sheet review mode shows, a
      widget with ``show_character(character)``, ``current_tab()`` and
      ``jump_to(where)``;
    - ``review_words`` title the approval panel's rows;
    - ``audit_inputs(house_dirs)`` gives what the system's audit is checked
      against in review mode (``GameSystem.audit``'s context entry), or None
      when it needs nothing;
    - ``roster_label`` is what the roster's Status column shows for the system's
      characters, or "" when they have The Contract's Status and victories
      (``builder.contract.status``), which the roster then shows and filters on;
    - ``roster_short`` is the short name the roster's Game column shows ("" : the
      ``roster_label``), the label whole in its tooltip;
    - ``actions`` are what it adds to the main window's menus and toolbar;
    - ``window_part(window)`` makes the object that keeps the game's own state in
      the main window, or is None. The window tells a part when the tab shown
      changes (``tab_changed()``), when actions are re-enabled
      (``update_actions()``), when a tab's page goes (``dispose(id, page)``),
      after the window state is restored (``restored()``) and when it closes
      (``closing()``); the names in the part's ``exports`` are reachable as the
      window's own attributes;
    - ``player_copy(library, character_id, path)`` writes the copy of a character's
      file for its player (off the main thread) and returns what it left out, for the
      status bar ("without the GM note"); None: the game keeps nothing from the
      player but the GM note, and File → Export Player Copy… writes the file without
      it (``harbinger.app.gm_notes.export_character``).
    """

    id: str
    show: Callable[[Any, str], bool]
    print_pdf: Callable[[Any, Path, str], Path]
    delete: Callable[[Workspace, Any], Change]
    review_sheet: Callable[[QWidget | None], Any]
    review_words: ReviewWords
    audit_inputs: Callable[[Sequence[str | Path]], Any] | None = None
    roster_label: str = ""
    roster_short: str = ""
    actions: tuple[WindowAction, ...] = ()
    window_part: Callable[[Any], Any] | None = None
    player_copy: Callable[[Any, str, Path], str] | None = None


def show_sheet(window: Any, character_id: str, make: Callable[[], QWidget]) -> bool:
    """Show a game's own sheet widget in the character's tab (``MainWindow.show_game``)."""
    return bool(window.show_game(character_id, make))


def print_by_registry(character: Any, path: Path, paper: str) -> Path:
    """Print a character's sheet as its game's printer in ``printing.systems`` does."""
    from printing.systems import print_sheet

    print_sheet(character, path, paper)  # type: ignore[arg-type]
    return path


def open_dialog(window: Any, dialog: Any) -> None:
    """Show one of a game's dialogs window-modal over the main window."""
    window._show_dialog(dialog)
