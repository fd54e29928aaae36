"""The desktop app's table of game systems: how each one's characters are shown and handled.

``builder.core.registry`` says how a game's files are read, written, audited
and approved; this table adds what only the desktop app needs. Each game
declares its part in its own folder (``ui/<game>/screens.py``, a
:class:`ui.contributions.SystemUi`): how a character of the system is put on
screen in the main window, printed, deleted (undoably) and shown read-only in
review mode, the actions it adds to the main window's menus and toolbar, and
the window part that keeps its own state there. The main window and the
review window look a system up here by its id (``Library.system_of``,
``GameSystem.id``) instead of branching on the game; so does the roster, for
the few words it shows per system.

This module is the one place that lists the shipped games. Their declarations
are read at start-up and import none of their screens: each entry imports its
own code when first called, so launching the app loads no game's screens it
does not show.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ui.contract.screens import SCREENS as CONTRACT
from ui.contributions import ReviewWords, SystemUi, WindowAction
from ui.coven.screens import SCREENS as COVEN
from ui.covenant.screens import SCREENS as COVENANT
from ui.mortal_coil.screens import SCREENS as MORTAL_COIL
from ui.tiles.screens import SCREENS as TILES

__all__ = [
    "ReviewWords",
    "SystemUi",
    "WindowAction",
    "audit_inputs",
    "register_ui",
    "roster_label",
    "roster_short",
    "system_ui",
    "systems_ui",
    "unregister_ui",
    "window_actions",
]

_SYSTEMS: dict[str, SystemUi] = {
    entry.id: entry for entry in (CONTRACT, COVENANT, MORTAL_COIL, COVEN, TILES)
}


def register_ui(entry: SystemUi) -> SystemUi:
    """Add (or replace) a game's screens, e.g. a test's own game; returns it.

    The main window builds its menus when it is made, so register first.
    """
    _SYSTEMS[entry.id] = entry
    return entry


def unregister_ui(system_id: str) -> None:
    """Take a game's screens out again (a test that registered one cleans up with this)."""
    _SYSTEMS.pop(system_id, None)


def system_ui(system_id: str) -> SystemUi:
    """The screens of the game system with this id; KeyError names the known ones."""
    try:
        return _SYSTEMS[system_id]
    except KeyError:
        known = ", ".join(_SYSTEMS)
        raise KeyError(f"the app has no screens for game system {system_id!r} ({known})") from None


def systems_ui() -> tuple[SystemUi, ...]:
    """Every game system the app has screens for, in the order menus list them."""
    return tuple(_SYSTEMS.values())


def window_actions() -> tuple[WindowAction, ...]:
    """Every game's main-window actions, game by game in menu order."""
    return tuple(action for entry in _SYSTEMS.values() for action in entry.actions)


def roster_label(system_id: str) -> str:
    """What the roster's Status column shows for a system's characters ("": their Status).

    A system the app has no screens for (one only the command line knows) shows its id.
    """
    found = _SYSTEMS.get(system_id)
    return found.roster_label if found is not None else system_id


def roster_short(system_id: str) -> str:
    """What the roster's Game column shows for a system's characters: its short name, or
    its ``roster_label`` when it has none ("" for The Contract)."""
    found = _SYSTEMS.get(system_id)
    if found is None:
        return system_id
    return found.roster_short or found.roster_label


def audit_inputs(house_dirs: Sequence[str | Path] = ()) -> dict[str, Any]:
    """What each system's audit is checked against in review mode, by system id.

    Reads the catalogs (with the house-rule folders ``house_dirs``), so it is
    slow on first use; a broken catalog raises.
    """
    return {
        entry.id: entry.audit_inputs(house_dirs)
        for entry in _SYSTEMS.values()
        if entry.audit_inputs is not None
    }
