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


def build_parser(command: str | None = None, action: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every subcommand, or only ``command``'s (of a game's command,
    only ``action``'s parser when it names one of its actions).

    Building all of them (some 200 parsers) costs about 0.16 s of CPU, most of a quick
    command's run; a run needs only the one it names. Help and a mistyped command name
    need the full parser (``main`` builds it then), so they list every command; a
    mistyped action gets all of its command's actions.
    """
    if command is not None and action is not None:
        from harbinger.commands.operations import only_action

        with only_action(command, action) as wanted:
            parser = _build_parser(command)
        if wanted.found or not wanted.grouped:
            return parser
    return _build_parser(command)


def _build_parser(command: str | None) -> argparse.ArgumentParser:
    """The parser of every subcommand, or only ``command``'s (see :func:`build_parser`)."""
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
    modules = {
        "dice": dice,
        "catalog": catalog,
        "gift": gift,
        "sheet": sheet,
        "db": db,
        "contractor": contractor,
        "coven": coven,
        "covenant": covenant,
        "tmc": tmc,
        "tiles": tiles,
        "install-desktop": desktop,
        "playgroup": playgroup,
        "act": act,
    }
    # contractor.py adds The Contract's `db players` and `db due` to db's actions: either
    # of those commands needs both modules (in this order).
    together = {"db": {"db", "contractor"}, "contractor": {"db", "contractor"}}
    wanted = None if command is None else together.get(command, {command})
    for name, module in modules.items():
        if wanted is None or name in wanted:
            module.register(subparsers)
    return parser


def _global_options(argv: Sequence[str]) -> tuple[argparse.Namespace, list[str]] | None:
    """``argv``'s global options (``--db``) and the rest, or None when they are malformed.

    A quick pre-parse that never prints or exits: on a malformed global option
    (``harbinger --db`` with no value) the caller leaves the complaint to the full
    parser, so the user sees its whole usage line rather than this one's
    ``usage: harbinger [--db DB]`` (same message, same exit code 2).
    """
    pre = argparse.ArgumentParser(prog="harbinger", add_help=False, exit_on_error=False)
    pre.add_argument("--db")
    try:
        known, rest = pre.parse_known_args(list(argv))
    except argparse.ArgumentError:
        return None
    return known, rest


def _named_command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs, when it comes first after the global options; else None."""
    parsed = _global_options(argv)
    rest = parsed[1] if parsed is not None else []
    return rest[0] if rest and rest[0] in COMMANDS else None


def _plain_launch(argv: Sequence[str]) -> tuple[str | None] | None:
    """``(db,)`` for the launches that are only the app, optionally on a library: nothing,
    ``--db PATH`` or ``--db=PATH``; None for anything else, which argparse reads.

    Those are the desktop's and a player's usual launches, answered as the pre-parse
    answers them but without building a parser (5 ms of CPU before the first frame:
    argparse looks up its messages' translations on disk). A value starting with "-"
    after a separate ``--db`` is left to argparse, which refuses most such values.
    """
    if not argv:
        return (None,)
    if len(argv) == 1 and argv[0].startswith("--db="):
        return (argv[0].partition("=")[2],)
    if len(argv) == 2 and argv[0] == "--db" and not argv[1].startswith("-"):
        return (argv[1],)
    return None


def _named_action(argv: Sequence[str]) -> str | None:
    """The word after the named subcommand (its action, as in ``contractor gift``), when it
    is not an option; else None."""
    parsed = _global_options(argv)
    rest = parsed[1] if parsed is not None else []
    if len(rest) < 2 or rest[0] not in COMMANDS or rest[1].startswith("-"):
        return None
    return rest[1]


def _gui_only(argv: Sequence[str]) -> tuple[bool, str | None, list[str]]:
    """Whether ``argv`` asks for the desktop app, its ``--db``, and the files it should open.

    The app is asked for when nothing but ``--db`` is given, or when every other
    argument is an existing path that is not a subcommand's name (``harbinger
    FILE...``, as the .desktop file's ``%F`` passes them). Answered without
    building the full parser, so a launch does not import every headless command
    before the window appears.
    """
    plain = _plain_launch(argv)
    if plain is not None:
        return True, plain[0], []
    parsed = _global_options(argv)
    if parsed is None:  # a malformed --db: the full parser says so
        return False, None, []
    known, rest = parsed
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
    parser = build_parser(_named_command(arguments), _named_action(arguments))
    args = parser.parse_args(arguments)
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
