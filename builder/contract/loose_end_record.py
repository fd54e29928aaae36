"""A contractor's Loose Ends and the keys that match each to its hidden Threat.

Their own module so the contractor's record (``builder.contract.character``, which
re-exports every name here) stays under the rules modules' length limit.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field, replace
from enum import StrEnum

from builder.contract.file_fields import ADDED


class ThreatLevel(StrEnum):
    """What a player may know of a Loose End's Threat before its Cutoff hits 0."""

    DANGEROUS = "dangerous"
    DEADLY = "deadly"
    FATEFUL = "fateful"


@dataclass(frozen=True, slots=True)
class LooseEnd:
    """A Loose End ("Loose Ends").

    ``cutoff`` is the Cutoff when granted; it counts down by one for each
    Contract attended after ``granted_after`` Contracts. ``threat`` is the GM's
    text, hidden from the player until the Cutoff reaches 0.
    """

    title: str
    threat_level: ThreatLevel
    cutoff: int
    granted_after: int
    threat: str = ""
    resolved: bool = False
    key: str = field(default="", metadata=ADDED)
    """What identifies this Loose End among its contractor's, through every edit, delete,
    reorder, export, import and undo: a Threat kept apart from it (``loose_end_threat``)
    is matched to it by this key, never by its place in the list. Made at random when the
    Loose End is granted (``new_loose_end_key``); a Loose End written before keys existed
    (an older file, a library before revision 0020) is keyed by its place then, once
    (``keyed_loose_ends``), and keeps that key from then on."""


LOOSE_END_KEY_LENGTH = 40
"""Longest key a file may give a Loose End (a made key has 16 characters)."""


def new_loose_end_key() -> str:
    """A fresh key for a Loose End being granted: 16 random hex digits, never of the
    ``le<place>`` form given to a Loose End from before keys, so a key is never reused."""
    return uuid.uuid4().hex[:16]


def keyed_loose_ends(loose_ends: tuple[LooseEnd, ...]) -> tuple[LooseEnd, ...]:
    """``loose_ends`` with every key set and no key twice.

    A Loose End without a key (written before keys existed) takes ``le<place>``,
    as revision 0020 keyed the stored ones, so an older file and the library it
    came from agree. A key met a second time (a hand-edited file) takes the first
    free ``<key>-2``, ``<key>-3``, …; the Loose End met first keeps it.
    """
    keys = {loose_end.key for loose_end in loose_ends}
    if len(keys) == len(loose_ends) and "" not in keys:
        return loose_ends  # every contractor built since keys: one set, nothing copied
    used: set[str] = set()
    result = []
    for place, loose_end in enumerate(loose_ends):
        key = loose_end.key or f"le{place}"
        if key in used:
            suffix = 2
            while f"{key}-{suffix}" in used:
                suffix += 1
            key = f"{key}-{suffix}"
        used.add(key)
        result.append(loose_end if key == loose_end.key else replace(loose_end, key=key))
    return tuple(result)
