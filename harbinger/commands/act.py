"""``harbinger act SYSTEM ACTION ID ...``: any registered game's operation, headless.

The subcommands are made from the application layer's registry
(``harbinger.app.common.registered_operations``) when the parser is built,
so a game's operations are on the command line as soon as it registers them,
with no line here naming it. ``harbinger contractor``, ``covenant``, ``tmc``
and ``coven`` are the same operations under each game's own command.
"""

from __future__ import annotations

import argparse

from harbinger.commands.base import wanted


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``act`` with one group of actions per registered game system (only the system
    ``action`` names when it is not None: ``act contract ...``); returns the systems."""
    from builder.core.registry import system
    from harbinger.app.common import registered_operations
    from harbinger.commands.operations import register_game

    parser = subparsers.add_parser(
        "act",
        help="run an operation of any registered game on a character of the library",
        description="Run an operation of any registered game on a character of the "
        "library: harbinger act SYSTEM ACTION ID.",
    )
    games = parser.add_subparsers(dest="act_system", metavar="SYSTEM")
    for system_id, operations in registered_operations().items():
        if not wanted(action, system_id):
            continue
        try:
            noun = system(system_id).noun
        except (KeyError, LookupError, RuntimeError):
            noun = f"{system_id} character"
        register_game(games, system_id, f"{noun}: {', '.join(operations)}", operations, noun)

    def missing(_args: argparse.Namespace) -> int:
        from harbinger.commands.base import CliError

        raise CliError("choose a game system (see harbinger act --help)")

    parser.set_defaults(func=missing)
    return games
