"""One open chronicle in the app: named, undoable operations over immutable chronicle values.

The chronicle is a frozen value (``builder.coven.chronicle.Chronicle``) kept
in the library. The session reads it from there, folds it
(``builder.coven.state.fold``) for the views, and turns each operation
("Place marker", "Deal the week") into one edit worked out by
``harbinger.app.coven`` (no Qt) and committed through the workspace
(``ui.operations.coven.run``): saved at once and recorded on
the chronicle's own undo stack as the shared ``CharacterCommand``, so the
window's Edit → Undo offers it while the chronicle is shown. Before anything
is committed the operation's events are checked by the rules
(``harbinger.app.coven.perform``): a refused event is never recorded, and its
finding comes back to the view to show.
"""

from __future__ import annotations

import contextlib
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from builder.core.findings import Finding
from builder.coven.chronicle import Chronicle, Event
from builder.coven.state import CovenState, fold
from harbinger.app import coven as app
from harbinger.app.common import Plan
from ui.operations.coven import run

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack

    from ui.workspace import Change, Workspace


class ChronicleSession(QObject):
    """The chronicle being played, its folded state, and its history of operations.

    ``changed`` is emitted after every change of this chronicle (an operation,
    or an Undo/Redo from anywhere); ``refused`` carries the rule's reason for
    an operation the rules refused.
    """

    changed = Signal()
    refused = Signal(str)

    def __init__(
        self, workspace: Workspace, chronicle_id: str, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.workspace = workspace
        self.chronicle_id = chronicle_id
        self.chronicle: Chronicle = workspace.library.load(chronicle_id)
        self.state: CovenState = fold(self.chronicle)
        self.undo_stack: QUndoStack = workspace.stack_for(chronicle_id)
        workspace.changed.connect(self._on_changed)

    def _on_changed(self, change: Change) -> None:
        if change.character_id != self.chronicle_id:
            return
        library = self.workspace.library
        if library is None or not library.exists(self.chronicle_id):
            return  # deleted (or its creation undone): whoever shows it closes the view
        self.chronicle = library.load(self.chronicle_id)
        self.state = fold(self.chronicle)
        self.changed.emit()

    def disconnect_workspace(self) -> None:
        """Stop following the workspace (the view is being closed or replaced)."""
        with contextlib.suppress(RuntimeError, TypeError):
            self.workspace.changed.disconnect(self._on_changed)

    def refusal(self, *events: Event) -> Finding | None:
        """The first refusal the rules would give these events, appended in turn, or None."""
        return app.refusal(self.chronicle, *events)

    def perform(self, name: str, *events: Event) -> Finding | None:
        """Append ``events`` as one undoable operation, or refuse them all (the finding)."""
        plan = app.perform(self.chronicle, name, *events)
        if not plan.allowed:
            found = plan.errors[0]
            self.refused.emit(f"{name}: {found.message} ({found.rule})")
            return found
        self._run(plan)
        return None

    def replace(self, name: str, chronicle: Chronicle) -> None:
        """A change to the chronicle as created (new element, new link), as one operation."""
        self._run(app.replace(self.chronicle, name, chronicle))

    def _run(self, plan: Plan[Chronicle]) -> None:
        try:
            run(self.workspace, plan)
        except Exception as exc:
            self.refused.emit(f"{plan.name}: could not save: {exc or type(exc).__name__}")
