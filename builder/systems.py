"""The game systems Harbinger ships, registered once (SPEC §1).

Adding a game is a new ``builder/<system>/`` package with a ``system.py`` that
describes it, plus one line here. Every other layer asks
``builder.core.registry`` ("which system reads this file?", "how is this
entry worded?") and never names a game.
"""

from __future__ import annotations

from builder.contract.system import SYSTEM as CONTRACT
from builder.core import registry
from builder.coven.system import SYSTEM as COVEN
from builder.covenant.system import SYSTEM as COVENANT
from builder.mortal_coil.system import SYSTEM as MORTAL_COIL
from builder.tiles.system import SYSTEM as TILES

for _system in (CONTRACT, COVENANT, MORTAL_COIL, COVEN, TILES):
    registry._add_shipped(_system)

__all__ = ["CONTRACT", "COVEN", "COVENANT", "MORTAL_COIL", "TILES"]
