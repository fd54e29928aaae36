"""The open library, one undo history per character, and the one "changed" signal.

Every edit of any character, whatever its game system, is a
:class:`ui.operations.common.CharacterCommand` pushed on that character's own
``QUndoStack``. The stacks sit in one ``QUndoGroup``: the window's Undo and
Redo actions come from the group and act on the active stack, which is the
stack of the character shown, so Undo never offers another character's
action. When the shown character is deleted its stack stays active, so the
deletion itself can be undone.

Views never mutate anything themselves; they call the operations of their
system (``ui.operations.<game>``), which build
the new value through ``builder`` and commit it here, and then they refresh
from :attr:`Workspace.changed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoGroup, QUndoStack

if TYPE_CHECKING:
    # Imported where an edit is made, not with the window: the first frame makes no edit,
    # and the application layer and the undo commands cost start-up about 15 ms.
    from builder.core.findings import Finding
    from harbinger.app.common import Plan, Store


class Change(NamedTuple):
    """What one operation (or its undo/redo) did, for views deciding whether to refresh.

    ``character_id`` is the character touched, of any game system ("" for
    library-wide changes such as an import); ``roster`` is True when roster rows
    may have changed (name, player, a character added or removed); ``lines`` are
    human-readable results ("Exp +7", "Gift Credits +1"). A changed copy is
    ``change._replace(...)``.

    A named tuple (immutable, with defaults and keywords, as a frozen dataclass):
    this module is imported before the window's first frame, and importing
    ``dataclasses`` and making the one dataclass cost start-up about 9 million
    instructions (measured under cachegrind), 4 ms of CPU; the tuple under 1 ms.
    """

    name: str
    character_id: str = ""
    roster: bool = True
    lines: tuple[str, ...] = ()
    findings: tuple[Finding, ...] = ()
    undone: bool = False

    @property
    def summary(self) -> str:
        """One line for a status bar: what was done (and its results) or what was undone."""
        if self.undone:
            return f"Undid {self.name}"
        if self.lines:
            return f"{self.name}: " + "; ".join(self.lines)
        return self.name


class Workspace(QObject):
    """The library the window shows, with one undo stack per character in an undo group.

    ``library`` is a :class:`models.library.Library` (or ``None`` while no
    library is open). ``changed`` carries a :class:`Change` for every system;
    ``failed`` carries a message when a save made by undo/redo could not be
    written.
    """

    changed = Signal(object)
    failed = Signal(str)
    library_changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.library: Any = None
        self.location = ""
        self.undo_group = QUndoGroup(self)
        self._stacks: dict[str, QUndoStack] = {}

    # ------------------------------------------------------------------ library

    def set_library(self, library: object, location: str) -> None:
        """Switch to another library; the undo history belongs to the old one and is dropped."""
        old = self.library
        self.library = library
        self.location = location
        self.clear_history()
        if old is not None and old is not library:
            close = getattr(old, "close", None)
            if close is not None:
                close()
        self.library_changed.emit()

    def close(self) -> None:
        """Close the library (when the window closes)."""
        self.set_library(None, "")

    # ------------------------------------------------------------------ undo history

    def stack_for(self, character_id: str) -> QUndoStack:
        """The undo stack of one character (made, and added to the group, on first use)."""
        stack = self._stacks.get(character_id)
        if stack is None:
            stack = QUndoStack(self)
            self._stacks[character_id] = stack
            self.undo_group.addStack(stack)
        return stack

    def activate(self, character_id: str) -> None:
        """Make this character's history the one Undo and Redo act on (it is shown now)."""
        self.undo_group.setActiveStack(self.stack_for(character_id))

    def deactivate(self) -> None:
        """No character is shown (every tab closed): Undo and Redo offer nothing."""
        self.undo_group.setActiveStack(None)

    def clear_history(self) -> None:
        """Forget every character's undo history (a library switch or a library-wide change)."""
        for stack in self._stacks.values():
            self.undo_group.removeStack(stack)
            stack.deleteLater()
        self._stacks.clear()

    # ------------------------------------------------------------------ edits

    def run(self, plan: Plan[Any], store: Store, *, roster: bool | None = None) -> Change:
        """Commit an app-layer plan through the one runner and record it on its character's stack.

        ``harbinger.app.common.commit`` refuses the plan (``Refused``, nothing
        stored) or stores it in one library transaction; then the edit goes
        on the undo stack of the character it names. ``roster`` overrides the
        plan's own say on whether roster rows may have changed.
        """
        from harbinger.app.common import commit
        from ui.operations.common import CharacterCommand

        commit(self.library, plan, store)
        change = Change(
            name=plan.name,
            character_id=plan.character_id,
            roster=plan.roster if roster is None else roster,
            lines=plan.lines,
            findings=plan.findings,
        )
        command = CharacterCommand(self, change, plan.before, plan.after, store)
        self.stack_for(change.character_id).push(command)
        return change

    def run_together(self, name: str, plans: tuple[Plan[Any], ...], store: Store) -> Change:
        """Commit plans of several characters as one edit: one transaction, one undo step.

        ``commit_together`` refuses (``Refused``, nothing stored) or stores them
        all; the edit goes on the undo stack of the first plan's character,
        and its one undo takes every character back.
        """
        from harbinger.app.common import commit_together
        from ui.operations.common import TogetherCommand

        commit_together(self.library, plans, store)
        lines = tuple(line for plan in plans for line in plan.lines)
        change = Change(name=name, character_id=plans[0].character_id, roster=False, lines=lines)
        changes = tuple((plan.before, plan.after) for plan in plans)
        self.stack_for(change.character_id).push(TogetherCommand(self, change, changes, store))
        return change

    def commit(self, change: Change, before: Any, after: Any, store: Store) -> None:
        """Save the edit now (one transaction) and record it on its character's stack.

        ``store`` is the system's operation that makes the library hold a value
        (``store`` in the system's ``ui.operations`` module).
        Raises whatever the library raises when the save fails; nothing is
        recorded then.
        """
        from ui.operations.common import CharacterCommand

        store(self.library, before, after)
        command = CharacterCommand(self, change, before, after, store)
        self.stack_for(change.character_id).push(command)

    def notify(self, change: Change) -> None:
        """Tell views about a change that is not undoable (an import, a library switch)."""
        self.announce(change)

    def write(self, store: Store, held: Any, wanted: Any, name: str) -> bool:
        """Store ``wanted`` over ``held`` for an undo or redo; False (and ``failed``) if refused.

        Qt calls undo()/redo() from C++, where an exception would vanish; the
        failure must reach the user instead.
        """
        try:
            store(self.library, held, wanted)
        except Exception as exc:
            self.failed.emit(f"{name}: {exc or type(exc).__name__}")
            return False
        return True

    def announce(self, change: Change) -> None:
        """Emit ``changed`` (called by the undo command and by :meth:`notify`)."""
        self.changed.emit(change)
