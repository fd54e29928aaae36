"""Covenant characters in the desktop app: the creation guide and the sheet with play mode.

Entry points for the main window:

- :class:`CovenantCreationWizard` ``(workspace, parent=None)`` — after it is accepted,
  ``character_id`` names the saved character (its creation is the first undo step).
- :class:`CovenantSheet` ``(workspace, character_id, parent=None)`` — the sheet and its
  play controls; every action is saved through the library and undoable on the
  character's own stack (``workspace.stack_for(character_id)``).

Writes are announced on the workspace's one ``changed`` signal, as for every system.

The names below are imported on first use (PEP 562): ``ui.<game>.screens``, which
the app reads at start-up, lives in this package, and its screens must not load then.
"""

from __future__ import annotations

from typing import Any

__all__ = ["CovenantCreationWizard", "CovenantSheet", "CreationDraft"]


def __getattr__(name: str) -> Any:
    """The screens, imported when first asked for."""
    if name == "CovenantSheet":
        from ui.covenant.sheet import CovenantSheet

        return CovenantSheet
    if name == "CovenantCreationWizard":
        from ui.covenant.wizard import CovenantCreationWizard

        return CovenantCreationWizard
    if name == "CreationDraft":
        from ui.covenant.wizard import CreationDraft

        return CreationDraft
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
