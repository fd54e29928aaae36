"""Covenant characters in the desktop app: the creation guide and the sheet with play mode.

Entry points for the main window:

- :class:`CovenantCreationWizard` ``(workspace, parent=None)`` — after it is accepted,
  ``character_id`` names the saved character (its creation is the first undo step).
- :class:`CovenantSheet` ``(workspace, character_id, parent=None)`` — the sheet and its
  play controls; every action is saved through the library and undoable on the
  character's own stack (``workspace.stack_for(character_id)``).

Writes are announced on the workspace's one ``changed`` signal, as for every system.
"""

from ui.covenant.sheet import CovenantSheet
from ui.covenant.wizard import CovenantCreationWizard, CreationDraft

__all__ = [
    "CovenantCreationWizard",
    "CovenantSheet",
    "CreationDraft",
]
