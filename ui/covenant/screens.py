"""What Covenant adds to the desktop app (``ui.contributions``): its sheet, its create
action, its printing, deletion and review sheet.

Read at start-up: every function imports its screens when first called.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ui.contributions import ReviewWords, SystemUi, WindowAction, open_dialog, show_sheet

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from ui.workspace import Change, Workspace


def _show(window: Any, character_id: str) -> bool:
    """Open a Covenant character's sheet with its play mode in its tab."""
    from ui.covenant.sheet import CovenantSheet

    return show_sheet(
        window, character_id, lambda: CovenantSheet(window.workspace, character_id, window)
    )


def _pdf(character: Any, path: Path, paper: str) -> Path:
    from printing.covenant.sheet import render_covenant_sheet

    render_covenant_sheet(character, path, paper)
    return path


def _delete(workspace: Workspace, character: Any) -> Change:
    from ui.operations.covenant import delete

    return delete(workspace, character)


def _review_sheet(parent: QWidget | None) -> Any:
    from ui.covenant.review_sheet import ReadOnlyCovenantSheet

    return ReadOnlyCovenantSheet(parent)


def new_covenant(window: Any) -> None:
    """The creation guide for a Covenant character (it saves the character itself)."""
    if window.workspace.library is None:
        return
    from ui.covenant.wizard import CovenantCreationWizard

    open_dialog(window, CovenantCreationWizard(window.workspace, window))


SCREENS = SystemUi(
    "covenant",
    _show,
    _pdf,
    _delete,
    _review_sheet,
    ReviewWords("Whole character", "Core: name, description, creation", "Play log"),
    roster_label="Covenant",
    actions=(
        # Ctrl+Shift+N is New Library: each game's "New …" has its own letter.
        WindowAction(
            "new_covenant",
            "New &Covenant Character…",
            new_covenant,
            "Ctrl+Shift+C",
            "Create a character for Covenant (Ties, Discipline and Assets)",
        ),
    ),
)
