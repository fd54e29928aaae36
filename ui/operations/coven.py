"""The Coven's operations: each step of a chronicle is one undoable edit of it.

The chronicle is one value (``builder.coven.chronicle.Chronicle``) stored in
the library's generic document store with its append-only log. An operation
builds the chronicle as it should be (events appended after the rules
accepted them, or the town as created changed); :func:`commit` saves it and
records it on the chronicle's own undo stack as the shared
``ui.operations.common.CharacterCommand``. Undoing an appended step takes back
only the newest log entries (``Library.restore``); anything else is a
``save``: that is :func:`store`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.coven.chronicle import Chronicle
from ui.operations.common import store_logged

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


def store(library: object, held: Chronicle | None, wanted: Chronicle | None) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (``store_logged``)."""
    store_logged(library, held, wanted)


def commit(
    workspace: Workspace,
    name: str,
    before: Chronicle | None,
    after: Chronicle | None,
) -> Change:
    """Save ``after`` (held ``before``; None on either side: created or deleted) and record it.

    Raises whatever the library raises; then nothing was recorded.
    """
    from ui.workspace import Change

    target = after if after is not None else before
    roster = before is None or after is None or before.town != after.town
    change = Change(name=name, character_id=target.id if target is not None else "", roster=roster)
    workspace.commit(change, before, after, store)
    return change


def create(workspace: Workspace, chronicle: Chronicle) -> Change:
    """Add a new chronicle to the library as one undoable operation (Undo removes it)."""
    return commit(workspace, f"Create {chronicle.town or 'chronicle'}", None, chronicle)


def delete(workspace: Workspace, chronicle: Chronicle) -> Change:
    """Remove a chronicle as one undoable operation (Undo puts it back, log and all)."""
    return commit(workspace, f"Delete {chronicle.town or 'chronicle'}", chronicle, None)
