"""``harbinger coven ACTION ID ...``: every step of a chronicle of *The Coven*, headless.

Each step is an operation declared in ``harbinger.app.coven`` (the same the
chronicle view runs): deal or record the week, place and cascade markers,
frame scenes, vote, The Game's wagers and rules, trades; ``play`` takes any
log event as JSON (a conflict, a new element). A chronicle is brought into
the library with ``harbinger db import``.
"""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``coven`` and one action per declared step of The Coven."""
    from harbinger.app.coven import OPERATIONS
    from harbinger.commands.operations import register_game

    register_game(
        subparsers,
        "coven",
        "play a chronicle of The Coven: the week, markers, scenes, The Game",
        OPERATIONS,
        "chronicle",
    )
