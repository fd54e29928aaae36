"""Covenant's operations as the desktop runs them: app-layer plans committed with undo.

Every action is worked out by ``harbinger.app.covenant`` (no Qt): the play-log
entry the player chose, appended when ``builder.covenant.rules`` accepts it.
:func:`run` commits such a plan through the one runner
(:meth:`ui.workspace.Workspace.run`) and records it on the character's own undo
stack; because play only ever appends to the log, undoing an action takes
back the entries it added from the newest end (``Library.restore``).

Views listen to the workspace's one ``changed`` signal and refresh from the
library when the change names their character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from builder.covenant.character import CovenantCharacter
from harbinger.app import covenant as app
from harbinger.app.common import Plan

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace

store = app.store


def run(workspace: Workspace, plan: Plan[Any]) -> Change:
    """Commit an app-layer plan (``Refused`` when the rules refused it) and record it for undo."""
    return workspace.run(plan, store, roster=True)


def commit(
    workspace: Workspace,
    name: str,
    before: CovenantCharacter | None,
    after: CovenantCharacter | None,
) -> Change:
    """Save ``after`` (held ``before``; None deletes) as one undoable edit named ``name``.

    Raises whatever the library raises; then nothing was recorded.
    """
    return run(workspace, Plan(name, before, after, must_change=False))


def create(workspace: Workspace, character: CovenantCharacter) -> Change:
    """Add a new character to the library as one undoable operation (Undo removes it)."""
    return run(workspace, app.create(character))


def delete(workspace: Workspace, character: CovenantCharacter) -> Change:
    """Remove a character as one undoable operation (Undo puts it back, log and all)."""
    return run(workspace, app.delete(character))
