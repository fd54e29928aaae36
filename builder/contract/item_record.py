"""The states, log lines and Legendary Artifacts of a contractor's items (issue 31, items 1-2).

Their own module so the contractor's record (``builder.contract.character``, which
re-exports every name here) stays under the rules modules' length limit.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ItemState(StrEnum):
    """Where an Artifact or Consumable is (issue 31 item 2).

    The rules: Legendary Artifacts "can be lost, destroyed, or even stolen by
    other Contractors, as well as temporarily stripped by the GM", and
    "Crafted Artifacts and Legendary Artifacts may be stripped or stolen just
    as easily". ``recovered`` and ``repaired`` put an item back in hand
    (:data:`IN_HAND`); the others take it out.
    """

    HELD = "held"
    LOST = "lost"
    STOLEN = "stolen"
    DESTROYED = "destroyed"
    RECOVERED = "recovered"
    REPAIRED = "repaired"
    LEFT_AT_HOME = "left_at_home"


IN_HAND: frozenset[ItemState] = frozenset({ItemState.HELD, ItemState.RECOVERED, ItemState.REPAIRED})
"""States in which the contractor has the item to hand, so the Gifts invested in it work."""


@dataclass(frozen=True, slots=True)
class LegendaryArtifact:
    """A Legendary Artifact on the sheet, with the Gifts invested in it ("Legendary Artifacts").

    "As your Contractor progresses, you may invest multiple Gifts and
    Improvements into a single Legendary Artifact, granting it multiple
    activated and passive Effects." ``gifts`` are the ids of held Gifts of
    type Legendary Artifact; each is still a Gift of its own, priced on its
    own by the audit. While the artifact is not in hand (``state`` outside
    :data:`IN_HAND`) its Gifts are inactive.
    """

    name: str
    description: str = ""
    gifts: tuple[str, ...] = ()
    state: ItemState = ItemState.HELD


class ItemAction(StrEnum):
    """What one line of the item log records."""

    STATE = "state"  # the item's state changed
    USE = "use"  # a Consumable was used up
    SENT = "sent"  # given, traded, stolen or looted away to another contractor
    RECEIVED = "received"  # came from another contractor


class TransferKind(StrEnum):
    """How an item passed from one contractor to another."""

    GIVEN = "given"
    TRADED = "traded"
    STOLEN = "stolen"
    LOOTED = "looted"


@dataclass(frozen=True, slots=True)
class ItemEvent:
    """One dated line of a contractor's item log: a state change, a use or a transfer.

    ``item`` is the item's name as on the sheet; ``state`` is the new state
    (action ``state``); ``quantity`` how many were used or moved; ``transfer``,
    ``other`` and ``other_id`` the kind of transfer and the other contractor's
    name and id (actions ``sent`` and ``received``).
    """

    date: str
    item: str
    action: ItemAction
    note: str = ""
    state: ItemState = ItemState.HELD
    quantity: int = 0
    transfer: TransferKind = TransferKind.GIVEN
    other: str = ""
    other_id: str = ""
