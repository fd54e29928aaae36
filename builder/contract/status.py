"""Contractor Status, earned by victories ("Contractor Status" in the rules).

Newbie 0–3 victories, Novice 4–9, Seasoned 10–16, Professional 17–24,
Veteran 25+.
"""

from __future__ import annotations

from enum import IntEnum


class Status(IntEnum):
    """A Contractor's Status; ordered, so ``status >= Status.SEASONED`` reads as the rules do."""

    NEWBIE = 0
    NOVICE = 1
    SEASONED = 2
    PROFESSIONAL = 3
    VETERAN = 4

    @property
    def label(self) -> str:
        """The Status name as the rules print it ("Seasoned")."""
        return _LABELS[self]

    @property
    def min_victories(self) -> int:
        """Fewest victories that grant this Status."""
        return _THRESHOLDS[self]

    @classmethod
    def parse(cls, text: str) -> Status:
        """Status from its name in any case ("veteran"); ValueError names the bad text."""
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.label for s in cls)
            raise ValueError(f"unknown Status {text!r}; expected one of {names}") from None


_THRESHOLDS: dict[Status, int] = {
    Status.NEWBIE: 0,
    Status.NOVICE: 4,
    Status.SEASONED: 10,
    Status.PROFESSIONAL: 17,
    Status.VETERAN: 25,
}


_LABELS: dict[Status, str] = {s: s.name.capitalize() for s in Status}
"""Each Status's label, made once: an enum's ``name`` is a slow descriptor, read per modifier."""


def status_from_victories(victories: int) -> Status:
    """Status for a number of victories; negative counts are a bug, not input."""
    if victories < 0:
        raise ValueError(f"victories cannot be negative: {victories}")
    result = Status.NEWBIE
    for status, threshold in _THRESHOLDS.items():
        if victories >= threshold:
            result = status
    return result
