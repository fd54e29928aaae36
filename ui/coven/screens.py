"""What The Coven adds to the desktop app (``ui.contributions``): the chronicle's view,
"New Chronicle…", deletion and the review sheet.

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


def _view(window: Any, chronicle_id: str) -> Any:
    from ui.coven.session import ChronicleSession
    from ui.coven.view import ChronicleView

    session = ChronicleSession(window.workspace, chronicle_id)
    view = ChronicleView(session, window)
    session.setParent(view)
    return view


def _show(window: Any, chronicle_id: str) -> bool:
    return show_sheet(window, chronicle_id, lambda: _view(window, chronicle_id))


def _delete(workspace: Workspace, chronicle: Any) -> Change:
    from ui.operations.coven import delete

    return delete(workspace, chronicle)


def _review_sheet(parent: QWidget | None) -> Any:
    from ui.coven.review_sheet import ReadOnlyChronicleSheet

    return ReadOnlyChronicleSheet(parent)


def new_chronicle(window: Any) -> None:
    """Start a chronicle as one undoable operation (then it is shown)."""
    if window.workspace.library is None:
        return
    from ui.coven.create import CreateChronicleDialog
    from ui.operations.coven import create

    dialog = CreateChronicleDialog(window)
    dialog.accepted.connect(
        lambda: window.run_operation(lambda: create(window.workspace, dialog.chronicle()))
    )
    open_dialog(window, dialog)


SCREENS = SystemUi(
    "coven",
    _show,
    print_by_registry,
    _delete,
    _review_sheet,
    ReviewWords("Whole chronicle", "Core: town, goal, practitioners, links", "Chronicle"),
    roster_label="The Coven",
    roster_short="Coven",
    actions=(
        WindowAction(
            "new_chronicle",
            "New C&hronicle…",
            new_chronicle,
            "Ctrl+Shift+H",
            "Start a chronicle of The Coven (the town, the Others, the practitioners)",
        ),
    ),
)
