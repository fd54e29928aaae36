"""The ``harbinger`` command (SPEC §7).

With no arguments it opens the desktop app, and with file paths it opens
them there (issue 17); with a subcommand it runs
headless and never imports Qt. Every subcommand takes ``--json`` and then
prints exactly one JSON document on stdout. Errors go to stderr; bad input
exits with 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from harbinger import __version__

COMMANDS = (
    "dice",
    "catalog",
    "gift",
    "sheet",
    "db",
    "tmc",
    "covenant",
    "tiles",
    "install-desktop",
    "playgroup",
    "contractor",
    "coven",
    "act",
)
"""Subcommand names: a file called like one is passed as ``./NAME`` to open it."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every subcommand registered."""
    # Each module adds its subcommand(s); adding a command is adding a module here.
    from harbinger.app.systems import register_shipped
    from harbinger.commands import (
        act,
        catalog,
        contractor,
        coven,
        covenant,
        db,
        desktop,
        dice,
        gift,
        playgroup,
        sheet,
        tiles,
        tmc,
    )

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
    register_shipped()  # the composition root names the shipped games' operations
    for module in (
        dice,
        catalog,
        gift,
        sheet,
        db,
        contractor,
        coven,
        covenant,
        tmc,
        tiles,
        desktop,
        playgroup,
        act,
    ):
        module.register(subparsers)
    return parser


def _gui_only(argv: Sequence[str]) -> tuple[bool, str | None, list[str]]:
    """Whether ``argv`` asks for the desktop app, its ``--db``, and the files it should open.

    The app is asked for when nothing but ``--db`` is given, or when every other
    argument is an existing path that is not a subcommand's name (``harbinger
    FILE...``, as the .desktop file's ``%F`` passes them). Answered without
    building the full parser, so a launch does not import every headless command
    before the window appears.
    """
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--db")
    known, rest = pre.parse_known_args(list(argv))
    if not rest:
        return True, known.db, []
    files = [a for a in rest if a not in COMMANDS and not a.startswith("-") and os.path.exists(a)]
    if len(files) == len(rest):
        return True, known.db, files
    return False, known.db, []


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``harbinger`` console script."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    gui, db, files = _gui_only(arguments)
    if gui:
        from ui.app import run_app  # imported here so headless commands never load Qt

        return run_app(db=db, files=files)
    # Only now: the command plumbing imports json, which the desktop app's start skips.
    # The composition root of every headless command: the shipped games, registered here
    # and nowhere below (builder.core never loads a game itself); before the parser is
    # built, so `harbinger act` names each registered game's characters by their noun.
    from builder.systems import register_shipped
    from harbinger.commands.base import CliError, terminal_safe_output

    register_shipped()
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
