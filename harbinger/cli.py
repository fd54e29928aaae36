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


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    # Each module adds its subcommand(s); adding a command is adding a module here.
    from harbinger.commands import catalog, db, desktop, dice, gift, sheet, tiles, tmc

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
    for module in (dice, catalog, gift, sheet, db, tmc, tiles, desktop):
        module.register(subparsers)
    return parser


def _gui_only(argv: Sequence[str]) -> tuple[bool, str | None]:
    """Whether ``argv`` asks for the desktop app (no subcommand), and its ``--db``.

    Answered without building the full parser, so a launch does not import
    every headless command before the window appears.
    """
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--db")
    known, rest = pre.parse_known_args(list(argv))
    return not rest, known.db


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``harbinger`` console script."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    gui, db = _gui_only(arguments)
    if gui:
        from ui.app import run_app  # imported here so headless commands never load Qt

        return run_app(db=db)
    # Only now: the command plumbing imports json, which the desktop app's start skips.
    from harbinger.commands.base import CliError, terminal_safe_output

    args = build_parser().parse_args(arguments)
    if args.command is None:  # e.g. only unknown options: argparse has already complained
        return 2
    with terminal_safe_output():
        try:
            return int(args.func(args) or 0)
        except CliError as exc:
            print(f"harbinger {args.command}: {exc}", file=sys.stderr)
            return exc.exit_code
        except BrokenPipeError:
            return 0


if __name__ == "__main__":
    raise SystemExit(main())
