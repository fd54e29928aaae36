"""A contractor's Limits and their revisions after creation (issue 31 item 4).

Their own module so the contractor's record (``builder.contract.character``, which
re-exports every name here) stays under the rules modules' length limit.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Limit:
    """One of the three Limits; ``custom`` marks a player-made one (leader approval)."""

    name: str
    description: str = ""
    custom: bool = False


@dataclass(frozen=True, slots=True)
class LimitsRevised:
    """The Limits changed after creation: the three ``before`` and ``after``, and why (issue 31.4).

    Spends and earns nothing; the sheet's ``limits`` are the latest ``after``.
    """

    date: str
    before: tuple[Limit, ...] = ()
    after: tuple[Limit, ...] = ()
    reason: str = ""
