"""The one undo command every game system's edits go through (STYLE.md §6).

An edit of any character is a :class:`CharacterCommand` on that character's
own ``QUndoStack`` (see :class:`ui.workspace.Workspace`). It holds the
character value before and after the edit (immutable values, so keeping both
is cheap) and the system's ``store`` operation from ``ui/operations/<system>.py``,
which makes the library hold a given value where it holds another (``None``
on either side: no such character). ``redo`` stores ``after`` over ``before``,
``undo`` stores ``before`` over ``after``; each is one library transaction,
and each announces a :class:`ui.workspace.Change` on the workspace's one
``changed`` signal.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QUndoCommand

from harbinger.app.common import Store, store_logged

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace

__all__ = ["CharacterCommand", "Store", "TogetherCommand", "store_logged"]


class _WorkspaceCommand(QUndoCommand):
    """What every undo command here keeps: its workspace (weakly), its change and store."""

    def __init__(self, workspace: Workspace, change: Change, store: Store) -> None:
        super().__init__(change.name)
        # Weak: the workspace owns the stack that owns this command; a strong reference
        # back would make a cycle through Qt-owned objects, and collecting that cycle
        # after the workspace is gone crashes the interpreter.
        self._workspace_ref = weakref.ref(workspace)
        self._change = change
        self._store = store
        self._pushed = False

    @property
    def _workspace(self) -> Workspace:
        workspace = self._workspace_ref()
        if workspace is None:
            raise RuntimeError("the workspace of this edit is closed")
        return workspace


class CharacterCommand(_WorkspaceCommand):
    """One undoable edit of one character of any system: redo holds ``after``, undo ``before``.

    The operation saves ``after`` before pushing the command (so a failed save
    never enters the history); the first ``redo`` Qt calls on push only
    announces the change.
    """

    def __init__(
        self,
        workspace: Workspace,
        change: Change,
        before: Any,
        after: Any,
        store: Store,
    ) -> None:
        super().__init__(workspace, change, store)
        self.before = before
        self.after = after

    @property
    def character_id(self) -> str:
        """The id of the character this command edits."""
        return self._change.character_id

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True
            self._workspace.announce(self._change)
            return
        if self._workspace.write(self._store, self.before, self.after, self._change.name):
            self._workspace.announce(self._change)

    def undo(self) -> None:
        if self._workspace.write(self._store, self.after, self.before, self._change.name):
            undone = self._change._replace(lines=(), findings=(), undone=True)
            self._workspace.announce(undone)


class TogetherCommand(_WorkspaceCommand):
    """One undoable edit of several characters at once (an item handed from one to another).

    ``changes`` are ``(before, after)`` pairs, one per character. Redo and
    undo store every character in one library transaction
    (``Library.together``), so either all of them change or none does. It
    sits on the undo stack of the first character (the one the action was
    taken from). Undo refuses, changing nothing, when another character was
    changed since: undoing would take back that later edit too.
    """

    def __init__(
        self,
        workspace: Workspace,
        change: Change,
        changes: tuple[tuple[Any, Any], ...],
        store: Store,
    ) -> None:
        super().__init__(workspace, change, store)
        self.changes = changes

    def _write(self, *, back: bool) -> bool:
        workspace = self._workspace
        library = workspace.library
        moves = [(after, before) if back else (before, after) for before, after in self.changes]
        for held, _wanted in moves[1:]:
            ident = getattr(held, "id", "")
            if ident and library.exists(ident) and library.load(ident) != held:
                name = getattr(getattr(held, "concept", None), "name", ident)
                workspace.failed.emit(
                    f"{self._change.name}: {name} was changed since; "
                    "undo or redo their own later edits first"
                )
                return False
        try:
            with library.together():
                for held, wanted in moves:
                    self._store(library, held, wanted)
        except Exception as exc:
            workspace.failed.emit(f"{self._change.name}: {exc or type(exc).__name__}")
            return False
        return True

    def _announce(self, change: Change) -> None:
        """Tell views about every character changed: the others first, the first one last.

        A window shows the character a change names, so the others' sheets
        are refreshed (none keeps a stale copy to save over the change) and
        the first character's sheet, and its undo history, end up shown.
        """
        for before, after in self.changes[1:]:
            other = getattr(after if after is not None else before, "id", "")
            quiet = change._replace(character_id=other, lines=(), findings=())
            self._workspace.announce(quiet)
        self._workspace.announce(change)

    def redo(self) -> None:
        if not self._pushed:
            self._pushed = True
            self._announce(self._change)
            return
        if self._write(back=False):
            self._announce(self._change)

    def undo(self) -> None:
        if self._write(back=True):
            self._announce(self._change._replace(lines=(), findings=(), undone=True))
