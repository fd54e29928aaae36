"""One open chronicle in the app: named, undoable operations over immutable chronicle values.

The chronicle is a frozen value (``builder.coven.chronicle.Chronicle``); the
session holds the current one and an undo stack of commands, each holding the
chronicle before and after one named operation ("Place marker", "Deal the
week"). Before anything is pushed the operation's events are checked by the
rules (``builder.coven.state.check``): a refused event is never recorded, and
its finding comes back to the view to show. Saving is a callback;
``library_saver`` makes one for the library's generic document store.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from builder.core.findings import Finding
from builder.coven.chronicle import Chronicle, Event
from builder.coven.state import CovenState, check, fold

Saver = Callable[[Chronicle], None]


def library_saver(library: object, held: Chronicle) -> Saver:
    """Keep the library in step with the session: an append is a save, an Undo a restore.

    The log is append-only in the generic document store: going back (the
    new log is a prefix of the held one) is ``Library.restore``, which takes
    back only the newest entries; anything else is ``Library.save``.
    """
    current = [held]

    def save(wanted: Chronicle) -> None:
        before = current[0]
        going_back = (
            len(wanted.log) < len(before.log) and before.log[: len(wanted.log)] == wanted.log
        )
        if going_back:
            library.restore(wanted)  # type: ignore[attr-defined]
        else:
            library.save(wanted)  # type: ignore[attr-defined]
        current[0] = wanted

    return save


class _Step(QUndoCommand):
    """One named operation: redo holds ``after``, undo ``before``."""

    def __init__(self, session: ChronicleSession, name: str, before: Chronicle, after: Chronicle):
        super().__init__(name)
        self.session = session
        self.before = before
        self.after = after

    def redo(self) -> None:
        self.session._hold(self.after)

    def undo(self) -> None:
        self.session._hold(self.before)


class ChronicleSession(QObject):
    """The chronicle being played, its folded state, and its history of operations."""

    changed = Signal()
    refused = Signal(str)

    def __init__(
        self, chronicle: Chronicle, save: Saver | None = None, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.chronicle = chronicle
        self.state: CovenState = fold(chronicle)
        self.undo_stack = QUndoStack(self)
        self._save = save

    def _hold(self, chronicle: Chronicle) -> None:
        self.chronicle = chronicle
        self.state = fold(chronicle)
        if self._save is not None:
            self._save(chronicle)
        self.changed.emit()

    def refusal(self, *events: Event) -> Finding | None:
        """The first refusal the rules would give these events, appended in turn, or None."""
        chronicle = self.chronicle
        for event in events:
            found = check(chronicle, event)
            if found is not None:
                return found
            chronicle = chronicle.append(event)
        return None

    def perform(self, name: str, *events: Event) -> Finding | None:
        """Append ``events`` as one undoable operation, or refuse them all (the finding)."""
        found = self.refusal(*events)
        if found is not None:
            self.refused.emit(f"{name}: {found.message} ({found.rule})")
            return found
        self.undo_stack.push(_Step(self, name, self.chronicle, self.chronicle.append(*events)))
        return None

    def replace(self, name: str, chronicle: Chronicle) -> None:
        """A change to the chronicle as created (new element, new link), as one operation."""
        self.undo_stack.push(_Step(self, name, self.chronicle, chronicle))
