"""The Coven's operations as the desktop runs them: app-layer plans committed with undo.

Each step of a chronicle is worked out by ``harbinger.app.coven`` (no Qt):
events appended after the rules accepted them, or the town as created
changed. :func:`run` commits such a plan through the one runner
(:meth:`ui.workspace.Workspace.run`) on the chronicle's own undo stack.
Undoing an appended step takes back only the newest log entries
(``Library.restore``); anything else is a ``save``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.coven.chronicle import Chronicle
from harbinger.app import coven as app
from harbinger.app.common import Plan

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace

store = app.store


def run(workspace: Workspace, plan: Plan[Any]) -> Change:
    """Commit an app-layer plan (``Refused`` when the rules refused it) and record it for undo."""
    return workspace.run(plan, store)


def commit(
    workspace: Workspace,
    name: str,
    before: Chronicle | None,
    after: Chronicle | None,
) -> Change:
    """Save ``after`` (held ``before``; None on either side: created or deleted) and record it.

    Raises whatever the library raises; then nothing was recorded.
    """
    roster = before is None or after is None or before.town != after.town
    return run(workspace, Plan(name, before, after, roster=roster, must_change=False))


def create(workspace: Workspace, chronicle: Chronicle) -> Change:
    """Add a new chronicle to the library as one undoable operation (Undo removes it)."""
    return run(workspace, app.create(chronicle))


def delete(workspace: Workspace, chronicle: Chronicle) -> Change:
    """Remove a chronicle as one undoable operation (Undo puts it back, log and all)."""
    return run(workspace, app.delete(chronicle))
