"""The Body and Mind Penalty tables as printed ("Penalty"), read row by row from the rules.

Both the filled sheet (``printing.contract.snapshot``) and the blank sheet's rules
reference (``printing.contract.reference``) print these tables; every penalty comes
from ``builder.contract.derived``, never typed again here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from builder.contract import derived
from printing.contract.views import PenaltyBand


def _penalty_text(dice: int) -> str:
    return "None" if dice == 0 else f"\u2212{dice} {'die' if dice == 1 else 'dice'}"


def _bands(
    rows: Sequence[int], lookup: Callable[[int], tuple[int, str]]
) -> tuple[PenaltyBand, ...]:
    """A Penalty table read row by row from ``builder.contract.derived`` (never re-typed here)."""
    out = []
    for remaining in rows:
        dice, state = lookup(remaining)
        if state == "Incapacitated":
            effect = "Cannot act"
        elif state == "Dead":
            effect = "Dead"
        else:
            effect = _penalty_text(dice)
        label = (
            f"{remaining}+"
            if remaining == rows[0]
            else ("below 0" if remaining < 0 else str(remaining))
        )
        out.append(PenaltyBand(label, state, effect))
    return tuple(out)


def body_bands() -> tuple[PenaltyBand, ...]:
    """The Body Penalty table: Body remaining 6+ down to below 0 ("Penalty")."""
    return _bands((6, 5, 4, 3, 2, 1, 0, -1), derived.body_penalty)


def mind_bands() -> tuple[PenaltyBand, ...]:
    """The Mind Penalty table: Mind remaining 6+ down to 0 ("Penalty")."""
    return _bands((6, 5, 4, 3, 2, 1, 0), derived.mind_penalty)
