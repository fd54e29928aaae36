"""The This Mortal Coil screens (issue 18).

- :class:`SpacefarerCreation` — the creation form, and :class:`SpacefarerCreationDialog`
  around it for the main window's "New Spacefarer…";
- :class:`SpacefarerSheet` ``(workspace, character_id)`` — the play sheet of a stored
  spacefarer, its actions committed through the workspace;
- ``ui.mortal_coil.review_sheet`` — the read-only sheet of review mode.
"""

from ui.mortal_coil.creation import SpacefarerCreation, SpacefarerCreationDialog
from ui.mortal_coil.sheet import SpacefarerSheet

__all__ = ["SpacefarerCreation", "SpacefarerCreationDialog", "SpacefarerSheet"]
