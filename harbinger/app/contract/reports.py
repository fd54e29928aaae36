"""The leader's reports across the library, for the CLI and the desktop (issue 32).

``histories`` is one summary per player (``builder.contract.players``) and
``due`` what is due per contractor (``builder.contract.due``); the rules are
all in ``builder``, this layer only reads the library.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from builder.contract.character import Contractor
from builder.contract.due import DueItem, badges, what_is_due
from builder.contract.players import PlayerHistory, player_histories
from builder.contract.system import ID


def _stored(library: Any) -> list[Any]:
    return [s for s in library.stored_characters(ID) if isinstance(s.character, Contractor)]


def contractors(library: Any) -> list[Contractor]:
    """Every contractor in the library."""
    return [s.character for s in _stored(library)]


def histories(library: Any) -> tuple[PlayerHistory, ...]:
    """One history per player across their contractors, sorted by name."""
    return player_histories(contractors(library))


@dataclass(frozen=True, slots=True)
class ContractorDue:
    """What is due for one contractor of the library."""

    id: str
    name: str
    player: str
    items: tuple[DueItem, ...]

    @property
    def badges(self) -> tuple[str, ...]:
        return badges(self.items)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "player": self.player,
            "badges": list(self.badges),
            "due": [item.to_json() for item in self.items],
        }


def _due_of(stored: Any) -> ContractorDue:
    c = stored.character
    return ContractorDue(c.id, c.concept.name, c.concept.player, what_is_due(c, stored.approvals))


def due_one(library: Any, contractor_id: str) -> ContractorDue | None:
    """What is due for one contractor (None when the id is no contractor of the library)."""
    if library.system_of(contractor_id) != ID:
        return None
    return _due_of(library.load_stored(contractor_id))


def due(library: Any) -> tuple[ContractorDue, ...]:
    """Every contractor with something due, in roster order (by name)."""
    return tuple(one for one in map(_due_of, _stored(library)) if one.items)
