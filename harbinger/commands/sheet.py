"""``harbinger sheet``: placeholder until its issue lands."""

from __future__ import annotations

import argparse

from harbinger.commands.base import CliError, add_json_flag


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add the ``sheet`` subcommand."""
    parser = subparsers.add_parser("sheet", help="(not built yet)")
    add_json_flag(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    raise CliError("this command is not built yet")
