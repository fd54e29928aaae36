"""The tiles of Covenants: five elements in a cycle, plus the UNKNOWN.

Rules text: "FIRE melts ICE freezes WIND blows STORM shocks WATER douses
FIRE...and so on." A tile may be placed on top of the one element it
overcomes. The UNKNOWN takes the role of an element its player announces.

Tiles are small integers so hands can be count vectors (``Counts``): index
``k`` holds how many tiles of kind ``k`` a hand has.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum


class Kind(IntEnum):
    """A tile kind. The five elements come in cycle order; UNKNOWN is last."""

    FIRE = 0
    ICE = 1
    WIND = 2
    STORM = 3
    WATER = 4
    UNKNOWN = 5

    @property
    def letter(self) -> str:
        """The one-letter code used in deal strings and move notation."""
        return LETTERS[self]

    @property
    def is_element(self) -> bool:
        return self is not Kind.UNKNOWN


ELEMENTS: tuple[Kind, ...] = (Kind.FIRE, Kind.ICE, Kind.WIND, Kind.STORM, Kind.WATER)
KINDS: tuple[Kind, ...] = (*ELEMENTS, Kind.UNKNOWN)

LETTERS: dict[Kind, str] = {
    Kind.FIRE: "F",
    Kind.ICE: "I",
    Kind.WIND: "N",  # wiNd: W is WATER's
    Kind.STORM: "S",
    Kind.WATER: "W",
    Kind.UNKNOWN: "U",
}
"""Letters of deal strings and moves: F I N(wiNd) S W(ater) U."""

_BY_LETTER = {v: k for k, v in LETTERS.items()}

Counts = tuple[int, int, int, int, int, int]
"""How many tiles of each kind (indexed by :class:`Kind`)."""

NO_TILES: Counts = (0, 0, 0, 0, 0, 0)


def beaten_by(element: Kind) -> Kind:
    """The element that overcomes ``element``: ICE for WIND, WATER for FIRE.

    Each element beats the next one in the cycle, so the beater of element
    ``e`` is the one before it.
    """
    if element is Kind.UNKNOWN:
        raise ValueError("the UNKNOWN is always played as an element")
    return Kind((element - 1) % 5)


def beats(element: Kind) -> Kind:
    """The element ``element`` overcomes: FIRE melts ICE."""
    if element is Kind.UNKNOWN:
        raise ValueError("the UNKNOWN is always played as an element")
    return Kind((element + 1) % 5)


def kind_named(text: str) -> Kind:
    """A kind from its letter ("F", "N") or its name ("fire", "Wind"); ValueError otherwise."""
    word = text.strip().upper()
    if word in _BY_LETTER:
        return _BY_LETTER[word]
    try:
        return Kind[word]
    except KeyError:
        raise ValueError(
            f"{text!r} is no tile: use F I N S W U or FIRE ICE WIND STORM WATER UNKNOWN"
        ) from None


def counts_of(kinds: Iterable[Kind]) -> Counts:
    """The count vector of some tiles."""
    c = [0] * 6
    for k in kinds:
        c[k] += 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def tiles_of(counts: Counts) -> tuple[Kind, ...]:
    """The tiles of a count vector, in kind order."""
    return tuple(k for k in KINDS for _ in range(counts[k]))


def add(a: Counts, b: Counts) -> Counts:
    # Counts is a six-tuple; zipping two of them keeps six, mypy sees tuple[int, ...].
    return tuple(x + y for x, y in zip(a, b, strict=True))  # type: ignore[return-value]


def sub(a: Counts, b: Counts) -> Counts:
    """``a`` minus ``b``; ValueError when ``b`` is not part of ``a``."""
    out = tuple(x - y for x, y in zip(a, b, strict=True))
    if min(out) < 0:
        raise ValueError(f"{spell(b)} is not part of {spell(a)}")
    # Counts is a six-tuple; out is built from two of them, mypy sees tuple[int, ...].
    return out  # type: ignore[return-value]


def take(counts: Counts, kind: Kind) -> Counts:
    """``counts`` with one ``kind`` tile removed."""
    if counts[kind] <= 0:
        raise ValueError(f"no {kind.name} to take")
    c = list(counts)
    c[kind] -= 1
    return (c[0], c[1], c[2], c[3], c[4], c[5])


def spell(counts: Counts) -> str:
    """A count vector as letters, e.g. "FFINU"."""
    return "".join(k.letter for k in tiles_of(counts))


def parse_tiles(text: str) -> tuple[Kind, ...]:
    """Tiles from letters ("FFIN") or space/comma separated names; ValueError names a bad one."""
    text = text.strip()
    if not text or text == "-":
        return ()
    if any(sep in text for sep in " ,"):
        return tuple(kind_named(w) for w in text.replace(",", " ").split())
    return tuple(kind_named(ch) for ch in text)
