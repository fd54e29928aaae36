"""Where each town element sits when the town map is drawn (printed sheet and app alike).

The town of The Coven is a graph: people, places and organisations joined by
lines (the-coven.txt, "Create Your Town"). The layout is deterministic so the
printed map and the app's map agree: elements on one circle, grouped by kind
(people, then places, then organisations), each group in the chronicle's
order; coordinates are in a unit square, (0, 0) bottom left.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass

from builder.coven.chronicle import Element, Kind
from builder.coven.state import CovenState

_ORDER = {Kind.PERSON: 0, Kind.PLACE: 1, Kind.ORGANISATION: 2}


@dataclass(frozen=True, slots=True)
class Node:
    """One element on the map: position, kind, markers and whether it has fallen."""

    id: str
    name: str
    kind: Kind
    x: float
    y: float
    markers: int
    corrupt: bool
    destroyed: bool
    beachhead: bool


def circle_positions(elements: Mapping[str, Element]) -> dict[str, tuple[float, float]]:
    """Element id → (x, y) in [0, 1]², on a circle of radius 0.4, grouped by kind."""
    ordered = sorted(enumerate(elements.values()), key=lambda pair: (_ORDER[pair[1].kind], pair[0]))
    count = max(1, len(ordered))
    positions: dict[str, tuple[float, float]] = {}
    for i, (_, element) in enumerate(ordered):
        angle = math.pi / 2 - 2 * math.pi * i / count
        positions[element.id] = (0.5 + 0.4 * math.cos(angle), 0.5 + 0.4 * math.sin(angle))
    return positions


def town_map(state: CovenState) -> tuple[tuple[Node, ...], tuple[tuple[str, str], ...]]:
    """The nodes and the links of the town as it stands."""
    positions = circle_positions(state.elements)
    nodes = tuple(
        Node(
            e.id,
            e.name,
            e.kind,
            *positions[e.id],
            state.markers.get(e.id, 0),
            e.id in state.corrupt,
            e.id in state.destroyed,
            e.beachhead,
        )
        for e in state.elements.values()
    )
    return nodes, state.links
