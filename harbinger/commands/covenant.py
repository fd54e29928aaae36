"""``harbinger covenant ACTION ID ...``: every action at the table for a *Covenant* character.

Each action is an operation declared in ``harbinger.app.covenant`` (the same
the sheet's buttons run): begin and end scenes, turns and chapters, use and
recharge assets, bid and resist, Ties, tokens, conditions, drains and goals.
A character is brought into the library with ``harbinger db import``.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``covenant`` and one action per declared Covenant operation."""
    from harbinger.app.covenant import OPERATIONS
    from harbinger.commands.operations import register_game

    register_game(
        subparsers,
        "covenant",
        "play a Covenant character: scenes, assets, bids, Ties, tokens, goals",
        OPERATIONS,
        "Covenant character",
    )
