"""The ``harbinger`` command (SPEC §7).

With no arguments it opens the desktop app; with a subcommand it runs
headless and never imports Qt. Every subcommand takes ``--json`` and then
prints exactly one JSON document on stdout. Errors go to stderr; bad input
exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from harbinger import __version__
from harbinger.commands import catalog, db, dice, gift, sheet
from harbinger.commands.base import CliError

# Each module adds its subcommand(s) to the parser; adding a command is adding a module here.
_COMMAND_MODULES = (dice, catalog, gift, sheet, db)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="harbinger",
        description="Keep contractors for The Contract: sheets, Exp, Gifts, PDFs. "
        "Run with no arguments to open the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"harbinger {__version__}")
    parser.add_argument(
        "--db",
        metavar="PATH|URL",
        help="library to open (a SQLite file path or a database URL); "
        "default: $HARBINGER_DB, else the library in your data folder",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in _COMMAND_MODULES:
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``harbinger`` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from ui.app import run_app  # imported here so headless commands never load Qt

        return run_app(db=args.db)
    try:
        return int(args.func(args) or 0)
    except CliError as exc:
        print(f"harbinger {args.command}: {exc}", file=sys.stderr)
        return exc.exit_code
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
