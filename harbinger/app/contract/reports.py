"""The leader's reports across the library, for the CLI and the desktop (issue 32).

``histories`` is one summary per player (``builder.contract.players``); the
rules are all in ``builder``; this layer only reads the library.
"""

from __future__ import annotations

from typing import Any

from builder.contract.character import Contractor
from builder.contract.players import PlayerHistory, player_histories
from builder.contract.system import ID


def contractors(library: Any) -> list[Contractor]:
    """Every contractor in the library."""
    return [c for c in library.characters(ID) if isinstance(c, Contractor)]


def histories(library: Any) -> tuple[PlayerHistory, ...]:
    """One history per player across their contractors, sorted by name."""
    return player_histories(contractors(library))
