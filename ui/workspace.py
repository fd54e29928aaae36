"""The open library, its undo history and the one "changed" signal views listen to.

Every edit the app makes is a :class:`ContractorCommand` on the workspace's
``QUndoStack``: it holds the contractor value before and after the edit
(immutable values, so keeping both is cheap), and both ``redo`` and ``undo``
are one library call in one transaction: ``Library.save`` when the ledger
only grows, ``Library.restore`` when an undo takes back the entries the
command appended. ``None`` on one side means the
contractor did not exist there: undoing a creation deletes it, undoing a
deletion saves it back.

Views never mutate anything themselves; they call :mod:`ui.operations.contract`,
which builds the new value through ``builder`` and pushes the command here,
and then they refresh from :attr:`Workspace.changed`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

if TYPE_CHECKING:
    from builder.contract.character import Contractor
    from builder.core.findings import Finding


@dataclass(frozen=True, slots=True)
class Change:
    """What one operation (or its undo/redo) did, for views deciding whether to refresh.

    ``contractor_id`` is the character touched ("" for library-wide changes
    such as an import); ``roster`` is True when roster rows may have changed
    (name, player, victories, alive, a character added or removed);
    ``lines`` are human-readable results ("Exp +7", "Gift Credits +1").
    """

    name: str
    contractor_id: str = ""
    roster: bool = True
    lines: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = field(default=())
    undone: bool = False


def _drops_ledger_entries(current: Contractor, wanted: Contractor) -> bool:
    """True when saving ``wanted`` over ``current`` would remove or change ledger entries.

    An ordinary edit only appends, so ``wanted``'s ledger begins with the whole of
    ``current``'s; anything else (an undo) must go through a restore.
    """
    return wanted.ledger[: len(current.ledger)] != current.ledger


class ContractorCommand(QUndoCommand):
    """One undoable edit of one contractor: redo saves ``after``, undo saves ``before``."""

    def __init__(
        self,
        workspace: Workspace,
        change: Change,
        before: Contractor | None,
        after: Contractor | None,
    ) -> None:
        super().__init__(change.name)
        self._workspace = workspace
        self._change = change
        self.before = before
        self.after = after
        # The operation already saved ``after`` before pushing (so a failed
        # save never enters the history); Qt's first redo() must not save again.
        self._first_redo = True

    def redo(self) -> None:
        if self._first_redo:
            self._first_redo = False
            self._workspace._announce(self._change)
            return
        if self._workspace._store_reporting(self.before, self.after):
            self._workspace._announce(self._change)

    def undo(self) -> None:
        if not self._workspace._store_reporting(self.after, self.before):
            return
        undone = Change(
            name=self._change.name,
            contractor_id=self._change.contractor_id,
            roster=self._change.roster,
            lines=(),
            undone=True,
        )
        self._workspace._announce(undone)


class Workspace(QObject):
    """The library the window shows, with its undo stack.

    ``library`` is a :class:`models.library.Library` (or ``None`` while no
    library is open). ``changed`` carries a :class:`Change`; ``failed``
    carries a message when a save made by undo/redo could not be written.
    """

    changed = Signal(object)
    failed = Signal(str)
    library_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library = None
        self.location = ""
        self.undo_stack = QUndoStack(self)

    # ------------------------------------------------------------------ library

    def set_library(self, library: object, location: str) -> None:
        """Switch to another library; the undo history belongs to the old one and is dropped."""
        old = self.library
        self.library = library
        self.location = location
        self.undo_stack.clear()
        if old is not None and old is not library:
            close = getattr(old, "close", None)
            if close is not None:
                close()
        self.library_changed.emit()

    def close(self) -> None:
        """Close the library (when the window closes)."""
        self.set_library(None, "")

    def load(self, contractor_id: str) -> Contractor:
        return self.library.load(contractor_id)

    # ------------------------------------------------------------------ edits

    def commit(self, change: Change, before: Contractor | None, after: Contractor | None) -> None:
        """Save the edit now (one transaction) and record it for undo.

        Raises whatever the library raises when the save fails; nothing is
        recorded then.
        """
        self._store(before, after)
        self.undo_stack.push(ContractorCommand(self, change, before, after))

    def notify(self, change: Change) -> None:
        """Tell views about a change that is not undoable (an import, a library switch)."""
        self._announce(change)

    def _store(self, current: Contractor | None, wanted: Contractor | None) -> None:
        if wanted is None:
            if current is not None:
                self.library.delete(current.id)
            return
        if current is not None and _drops_ledger_entries(current, wanted):
            self._restore(wanted)
        else:
            self.library.save(wanted)

    def _restore(self, wanted: Contractor) -> None:
        """Put back an earlier version whose ledger is shorter than the stored one (an undo).

        ``Library.save`` keeps the stored ledger append-only and refuses this, as it
        should for every ordinary edit; ``Library.restore`` takes back only the
        newest entries (the ones the undone command appended), in one transaction.
        """
        self.library.restore(wanted)

    def _store_reporting(self, current: Contractor | None, wanted: Contractor | None) -> bool:
        # Qt calls undo()/redo() from C++, where an exception would vanish;
        # the failure must reach the user instead.
        try:
            self._store(current, wanted)
        except Exception as exc:
            self.failed.emit(str(exc) or type(exc).__name__)
            return False
        return True

    def _announce(self, change: Change) -> None:
        self.changed.emit(change)
