"""Covenant's operations: each click at the table is one undoable edit of one character.

An operation of ``builder.covenant.rules`` gives the character as it should be
(or refuses); :func:`commit` saves it through the library and records it on
the character's own undo stack as the shared
``ui.operations.common.CharacterCommand``. Because play only ever appends to
the log, undoing an action takes back the entries it added from the newest end
with ``Library.restore`` (retract and rewrite in one transaction;
retracting is the only way a stored entry leaves the library), and redoing it
appends them again with ``save``: that is :func:`store`.

Views listen to the workspace's one ``changed`` signal and refresh from the
library when the change names their character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from builder.covenant.character import CovenantCharacter
from ui.operations.common import store_logged

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


def store(
    library: object, held: CovenantCharacter | None, wanted: CovenantCharacter | None
) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (``store_logged``)."""
    store_logged(library, held, wanted)


def commit(
    workspace: Workspace,
    name: str,
    before: CovenantCharacter | None,
    after: CovenantCharacter | None,
) -> Change:
    """Save ``after`` (held ``before``; None deletes) and record it on the character's stack.

    Raises whatever the library raises; then nothing was recorded.
    """
    from ui.workspace import Change

    target = after if after is not None else before
    change = Change(name=name, character_id=target.id if target is not None else "")
    workspace.commit(change, before, after, store)
    return change
