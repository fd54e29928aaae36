"""What This Mortal Coil adds to the desktop app (``ui.contributions``): the spacefarer's
sheet, "New Spacefarer…", deletion and the review sheet.

Read at start-up: every function imports its screens when first called.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ui.contributions import (
    ReviewWords,
    SystemUi,
    WindowAction,
    open_dialog,
    print_by_registry,
    show_sheet,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.workspace import Change, Workspace


def _show(window: Any, character_id: str) -> bool:
    from ui.mortal_coil.sheet import SpacefarerSheet

    return show_sheet(
        window,
        character_id,
        lambda: SpacefarerSheet(window.workspace, character_id, parent=window),
    )


def _delete(workspace: Workspace, character: Any) -> Change:
    from ui.operations.mortal_coil import delete

    return delete(workspace, character)


def _review_sheet(parent: QWidget | None) -> Any:
    from ui.mortal_coil.review_sheet import ReadOnlySpacefarerSheet

    return ReadOnlySpacefarerSheet(parent)


def new_spacefarer(window: Any) -> None:
    """Create a spacefarer as one undoable operation (then it is shown)."""
    if window.workspace.library is None:
        return
    from ui.mortal_coil.creation import SpacefarerCreationDialog
    from ui.operations.mortal_coil import create

    dialog = SpacefarerCreationDialog(parent=window)
    dialog.accepted.connect(
        lambda: window.run_operation(lambda: create(window.workspace, dialog.made))
    )
    open_dialog(window, dialog)


def open_crew(window: Any) -> None:
    """Create or edit a crew sheet (a file of its own), its members from this library."""
    from ui.mortal_coil.crew_dialog import CrewDialog

    library = window.workspace.library
    spacefarers = (
        [(e.id, e.name) for e in library.roster() if e.system == "mortal-coil"]
        if library is not None
        else []
    )
    open_dialog(window, CrewDialog(spacefarers, parent=window))


SCREENS = SystemUi(
    "mortal-coil",
    _show,
    print_by_registry,
    _delete,
    _review_sheet,
    ReviewWords("Whole spacefarer", "Core: name, creation, gear, armor", "Play log"),
    roster_label="This Mortal Coil",
    roster_short="Mortal Coil",
    actions=(
        WindowAction(
            "new_spacefarer",
            "New &Spacefarer…",
            new_spacefarer,
            "Ctrl+Shift+M",
            "Create a spacefarer for This Mortal Coil (abilities rolled or entered)",
        ),
        WindowAction(
            "tmc_crew",
            "Mortal Coil C&rew…",
            open_crew,
            None,
            "Create or edit a This Mortal Coil crew: members, ship, associates, wallet",
        ),
    ),
)
