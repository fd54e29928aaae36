"""The This Mortal Coil screens (issue 18).

- :class:`SpacefarerCreation` — the creation form, and :class:`SpacefarerCreationDialog`
  around it for the main window's "New Spacefarer…";
- :class:`SpacefarerSheet` ``(workspace, character_id)`` — the play sheet of a stored
  spacefarer, its actions committed through the workspace;
- ``ui.mortal_coil.review_sheet`` — the read-only sheet of review mode.

The names below are imported on first use (PEP 562): ``ui.<game>.screens``, which
the app reads at start-up, lives in this package, and its screens must not load then.
"""

from __future__ import annotations

from typing import Any

__all__ = ["SpacefarerCreation", "SpacefarerCreationDialog", "SpacefarerSheet"]


def __getattr__(name: str) -> Any:
    """The screens, imported when first asked for."""
    if name == "SpacefarerCreation":
        from ui.mortal_coil.creation import SpacefarerCreation

        return SpacefarerCreation
    if name == "SpacefarerCreationDialog":
        from ui.mortal_coil.creation import SpacefarerCreationDialog

        return SpacefarerCreationDialog
    if name == "SpacefarerSheet":
        from ui.mortal_coil.sheet import SpacefarerSheet

        return SpacefarerSheet
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
