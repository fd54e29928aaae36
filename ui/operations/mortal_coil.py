"""This Mortal Coil's operations as the desktop runs them: app-layer plans committed with undo.

Every action is worked out by ``harbinger.app.mortal_coil`` (no Qt): the
play-log entry appended when ``builder.mortal_coil.play`` accepts it, or the
rules' reason. :func:`run` commits such a plan through the one runner
(:meth:`ui.workspace.Workspace.run`) on the spacefarer's own undo stack; the
play log is append-only, so undoing an action takes back the entries it
appended (``Library.restore``) and redoing it appends them again.

Views listen to the workspace's one ``changed`` signal and reload from the
library when the change names their character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.mortal_coil.character import Spacefarer
from harbinger.app import mortal_coil as app
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
    before: Spacefarer | None,
    after: Spacefarer | None,
    lines: tuple[str, ...] = (),
) -> Change:
    """Save ``after`` (held ``before``; None on either side: created or deleted) as one edit.

    Raises whatever the library raises; then nothing was recorded.
    """
    roster = before is None or after is None or before.name != after.name
    return run(workspace, Plan(name, before, after, (), lines, roster=roster, must_change=False))


def create(workspace: Workspace, spacefarer: Spacefarer) -> Change:
    """Add a new spacefarer to the library as one undoable operation (Undo removes it)."""
    return run(workspace, app.create(spacefarer))


def delete(workspace: Workspace, spacefarer: Spacefarer) -> Change:
    """Remove a spacefarer as one undoable operation (Undo puts it back, log and all)."""
    return run(workspace, app.delete(spacefarer))
