"""Undoable Covenant actions: each click at the table is one ``QUndoCommand`` over two values.

A ``CovenantCommand`` holds the character before and after one operation of
``builder.covenant.rules`` (immutable values, so keeping both is cheap).
``redo`` makes the library hold ``after``, ``undo`` makes it hold ``before``;
both go through ``models.Library`` and nothing else. Because play only ever
appends to the log, undoing an action takes back the entries it added from the
newest end with ``Library.restore`` (retract and rewrite in one
transaction; retracting is the only way a stored entry leaves the library), and
redoing it appends them again with ``save``.

Views listen to ``covenant_events().changed`` (the character id) and refresh
from the library; a sheet closed while its actions are still on the undo
stack is simply not listening any more.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from builder.covenant.character import CovenantCharacter


class CovenantEvents(QObject):
    """One app-wide signal: a Covenant character was written (``changed(character_id)``)."""

    changed = Signal(str)
    failed = Signal(str)


_EVENTS: CovenantEvents | None = None


def covenant_events() -> CovenantEvents:
    """The shared notifier (made on first use, on the GUI thread)."""
    global _EVENTS
    if _EVENTS is None:
        _EVENTS = CovenantEvents()
    return _EVENTS


def store(
    library: object, held: CovenantCharacter | None, wanted: CovenantCharacter | None
) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (None: no such character).

    The play log is append-only: going forward (``wanted`` extends ``held``) is
    an ordinary save that appends; going back (Undo) is ``restore``,
    which retracts only the newest entries, in one transaction.
    """
    if wanted is None:
        if held is not None:
            library.delete(held.id)  # type: ignore[attr-defined]
        return
    if held is not None and wanted.log == held.log[: len(wanted.log)] and held.log != wanted.log:
        library.restore(wanted)  # type: ignore[attr-defined]
    else:
        library.save(wanted)  # type: ignore[attr-defined]


class CovenantCommand(QUndoCommand):
    """One undoable change of one Covenant character: redo holds ``after``, undo ``before``.

    The action is saved before the command is pushed (so a failed save never
    enters the history); the first ``redo`` Qt calls on push only announces it.
    """

    def __init__(
        self,
        library: object,
        name: str,
        before: CovenantCharacter | None,
        after: CovenantCharacter | None,
    ) -> None:
        super().__init__(name)
        self.library = library
        self.before = before
        self.after = after
        self._pushed = False

    @property
    def character_id(self) -> str:
        value = self.after or self.before
        return value.id if value is not None else ""

    def redo(self) -> None:
        if self._pushed:
            self._write(self.before, self.after)
        self._pushed = True
        covenant_events().changed.emit(self.character_id)

    def undo(self) -> None:
        self._write(self.after, self.before)
        covenant_events().changed.emit(self.character_id)

    def _write(self, held: CovenantCharacter | None, wanted: CovenantCharacter | None) -> None:
        try:
            store(self.library, held, wanted)
        except Exception as exc:  # a failed write must reach the player, not crash the loop
            covenant_events().failed.emit(f"{self.text()}: {exc}")


def commit(
    library: object,
    stack: QUndoStack | None,
    name: str,
    before: CovenantCharacter | None,
    after: CovenantCharacter | None,
) -> None:
    """Save ``after`` (held ``before``; None deletes) through the library and record it for undo.

    Raises whatever the library raises; then nothing was recorded.
    """
    store(library, before, after)
    command = CovenantCommand(library, name, before, after)
    if stack is not None:
        stack.push(command)
    else:
        command.redo()
