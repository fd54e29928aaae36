"""The This Mortal Coil screens: creation and the play sheet (issue 18)."""

from ui.mortal_coil.creation import SpacefarerCreation
from ui.mortal_coil.sheet import SpacefarerSheet

__all__ = ["SpacefarerCreation", "SpacefarerSheet"]
