"""This Mortal Coil's operations: each action at the table is one undoable edit of a spacefarer.

An operation of ``builder.mortal_coil.play`` gives the spacefarer as it should
be (or refuses with its reason); :func:`commit` saves it through the library
and records it on the spacefarer's own undo stack as the shared
``ui.operations.common.CharacterCommand``. The play log is append-only in the
library's generic store, so undoing an action takes back the entries it
appended with ``Library.restore`` (the newest ones only, one transaction) and
redoing it appends them again with ``save``: that is :func:`store`.

Views listen to the workspace's one ``changed`` signal and reload from the
library when the change names their character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.mortal_coil.character import Spacefarer
from ui.operations.common import store_logged

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


def store(library: object, held: Spacefarer | None, wanted: Spacefarer | None) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (``store_logged``)."""
    store_logged(library, held, wanted)


def commit(
    workspace: Workspace,
    name: str,
    before: Spacefarer | None,
    after: Spacefarer | None,
    lines: tuple[str, ...] = (),
) -> Change:
    """Save ``after`` (held ``before``; None on either side: created or deleted) and record it.

    The command goes on the spacefarer's own stack, named ``name`` ("Take
    damage"), so Edit → Undo offers it only while this spacefarer is shown.
    Raises whatever the library raises; then nothing was recorded.
    """
    from ui.workspace import Change

    target = after if after is not None else before
    roster = before is None or after is None or before.name != after.name
    change = Change(
        name=name,
        character_id=target.id if target is not None else "",
        roster=roster,
        lines=lines,
    )
    workspace.commit(change, before, after, store)
    return change


def create(workspace: Workspace, spacefarer: Spacefarer) -> Change:
    """Add a new spacefarer to the library as one undoable operation (Undo removes it)."""
    return commit(workspace, f"Create {spacefarer.name or 'spacefarer'}", None, spacefarer)


def delete(workspace: Workspace, spacefarer: Spacefarer) -> Change:
    """Remove a spacefarer as one undoable operation (Undo puts it back, log and all)."""
    return commit(workspace, f"Delete {spacefarer.name or 'spacefarer'}", spacefarer, None)
