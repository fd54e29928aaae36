"""Covenant characters in the desktop app: the creation guide and the sheet with play mode.

Entry points for the main window:

- :class:`CovenantCreationWizard` ``(library, parent=None, *, undo_stack=None)`` — after
  ``exec()`` returns Accepted, ``character_id`` names the saved character.
- :class:`CovenantSheet` ``(library, character_id, undo_stack, parent=None)`` — the sheet
  and its play controls; every action is saved through the library and undoable.
- :func:`ui.operations.covenant.covenant_events` — ``changed(character_id)`` after any write
  (roster views can refresh on it), ``failed(message)`` when an undo/redo write failed.
"""

from ui.covenant.sheet import CovenantSheet
from ui.covenant.wizard import CovenantCreationWizard, CreationDraft
from ui.operations.covenant import CovenantCommand, covenant_events

__all__ = [
    "CovenantCommand",
    "CovenantCreationWizard",
    "CovenantSheet",
    "CreationDraft",
    "covenant_events",
]
