"""The Gift Builder's "Surprise me" and ``harbinger gift random`` (issue 31.8): one shared call.

The rule — a random draft that is legal for the contractor and paid by their
unspent Gift Credits — is :func:`builder.contract.gifts.surprise.surprise_gift`.
This layer only finds the contractor's Status and unspent Gift Credits (from
``builder.contract.sheet.evaluate_sheet``, as the builder window does) and
chooses the seed: the one given, or a fresh one that is reported with the
result so the same Gift can be drawn again (``--seed``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from builder.contract.character import Contractor
from builder.contract.gifts.catalog import Catalog
from builder.contract.gifts.surprise import Surprise, SurpriseError, surprise_gift
from builder.contract.sheet import evaluate_sheet
from builder.contract.status import Status

__all__ = ["SeededSurprise", "SurpriseError", "surprise_for", "surprise_with"]

SEED_RANGE = 2**31
"""Fresh seeds are drawn below this, so they print short and fit any integer column."""


@dataclass(frozen=True, slots=True)
class SeededSurprise:
    """A random legal Gift, the seed that draws it, and whom it was drawn for."""

    seed: int
    status: Status
    credits: int
    surprise: Surprise


def surprise_with(
    catalog: Catalog, status: Status, credits: int, seed: int | None = None
) -> SeededSurprise:
    """A random legal Gift for a contractor of ``status`` with ``credits`` unspent Gift Credits.

    Raises :class:`SurpriseError` (its message says why) when no Gift can be made.
    """
    if seed is None:
        seed = random.SystemRandom().randrange(SEED_RANGE)
    found = surprise_gift(catalog, random.Random(seed), status, credits)
    return SeededSurprise(seed, status, credits, found)


def surprise_for(
    contractor: Contractor, catalog: Catalog, seed: int | None = None
) -> SeededSurprise:
    """A random legal Gift within this contractor's unspent Gift Credits and Status."""
    report = evaluate_sheet(contractor)
    return surprise_with(catalog, report.status, report.rewards.credits_available, seed)
