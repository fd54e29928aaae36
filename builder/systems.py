"""The game systems Harbinger ships, registered once (SPEC §1).

Adding a game is a new ``builder/<system>/`` package with a ``system.py`` that
describes it, plus one line here. Every other layer asks
``builder.core.registry`` ("which system reads this file?", "how is this
entry worded?") and never names a game.
"""

from __future__ import annotations

from builder.contract.system import SYSTEM as CONTRACT
from builder.core import registry
from builder.covenant.system import SYSTEM as COVENANT
from builder.mortal_coil.system import SYSTEM as MORTAL_COIL

for _system in (CONTRACT, COVENANT, MORTAL_COIL):
    registry._add_shipped(_system)
registry._add_shipped(__import__("builder.coven.system", fromlist=["SYSTEM"]).SYSTEM)  # The Coven

__all__ = ["CONTRACT", "COVENANT", "MORTAL_COIL"]
