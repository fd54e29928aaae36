"""The game systems Harbinger ships, and the one call that registers them (SPEC §1).

Adding a game is a new ``builder/<system>/`` package with a ``system.py`` that
describes it, plus one entry in ``SHIPPED``. Every other layer asks
``builder.core.registry`` ("which system reads this file?", "how is this
entry worded?") and never names a game.

Importing this module registers nothing: a program's composition root (the
CLI's ``main``, the desktop app as it opens its library, a print worker,
``tests/conftest.py``, a script) calls :func:`register_shipped`, and may call it
again harmlessly.
"""

from __future__ import annotations

from builder.contract.system import SYSTEM as CONTRACT
from builder.core import registry
from builder.core.registry import GameSystem
from builder.coven.system import SYSTEM as COVEN
from builder.covenant.system import SYSTEM as COVENANT
from builder.mortal_coil.system import SYSTEM as MORTAL_COIL
from builder.tiles.system import SYSTEM as TILES

SHIPPED: tuple[GameSystem, ...] = (CONTRACT, COVENANT, MORTAL_COIL, COVEN, TILES)
"""Harbinger's own games, in the order menus and listings show them."""


def register_shipped() -> tuple[GameSystem, ...]:
    """Register every shipped game system (idempotent); returns them."""
    for game in SHIPPED:
        registry.register(game)
    return SHIPPED


__all__ = ["CONTRACT", "COVEN", "COVENANT", "MORTAL_COIL", "SHIPPED", "TILES", "register_shipped"]
