"""The ``harbinger`` command (SPEC §7).

With no arguments it opens the desktop app, and with file paths it opens
them there (issue 17); with a subcommand it runs
headless and never imports Qt. Every subcommand takes ``--json`` and then
prints exactly one JSON document on stdout. Errors go to stderr; bad input
exits with 2.
"""

from __future__ import annotations

import os
import sys

from harbinger import __version__

# Read as True by the type checkers, which need the names below; at run time the plain
# launch imports neither argparse nor typing (some 3-4 ms of CPU before the window).
TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from collections.abc import Sequence

    # build_parser imports the command modules of _MODULES by name (importlib), which
    # import-linter cannot follow. The same edges, written out here, are what it checks:
    # imports under TYPE_CHECKING are in its graph (the config pins
    # exclude_type_checking_imports = false), and nothing here runs.
    # tests/test_layering.py holds this list to _MODULES.
    from harbinger.commands import (  # noqa: F401
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

_MODULES = {
    "dice": "dice",
    "catalog": "catalog",
    "gift": "gift",
    "sheet": "sheet",
    "db": "db",
    "contractor": "contractor",
    "coven": "coven",
    "covenant": "covenant",
    "tmc": "tmc",
    "tiles": "tiles",
    "install-desktop": "desktop",
    "playgroup": "playgroup",
    "act": "act",
}
"""Each subcommand's module in ``harbinger.commands``, in the order help lists them; its
``register(subparsers, action)`` adds the subcommand. Adding a command is a line here."""

COMMANDS = tuple(_MODULES)
"""Subcommand names: a file called like one is passed as ``./NAME`` to open it."""


def build_parser(command: str | None = None, action: str | None = None) -> argparse.ArgumentParser:
    """The argument parser: every subcommand, or only ``command``'s; of ``command``'s actions,
    only ``action``'s parser when it names one of them.

    Building all of them (some 200 parsers) costs about 0.16 s of CPU, most of a quick
    command's run, and The Contract's fifty actions alone 45 ms; a run needs only the one
    it names. Each command's ``register`` takes the action and adds only that parser
    (:func:`harbinger.commands.base.wanted`). Help and a mistyped command name need the
    full parser (``main`` builds it then), so they list every command; a mistyped action
    gets all of its command's actions.
    """
    import argparse
    import importlib

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
    if command in (None, "act"):
        from harbinger.app.systems import register_shipped

        register_shipped()  # the composition root names the shipped games' operations
    for name, module_name in _MODULES.items():
        if command is not None and name != command:
            continue
        # Only the named command's module: importing all of them costs some 45 ms of CPU.
        module = importlib.import_module(f"harbinger.commands.{module_name}")
        named = action if name == command else None
        actions = module.register(subparsers, named)
        if name == "db":  # The Contract's reports on the whole library (db names no game)
            from harbinger.commands.contractor import add_db_reports

            add_db_reports(actions, named)
        if named is not None and actions is not None and named not in actions.choices:
            return build_parser(command)  # a mistyped action: the refusal lists every one
    return parser


_PARSERS: dict[tuple[object, ...], argparse.ArgumentParser] = {}
"""Parsers :func:`parser_for` built in this process, by what they were built for."""


def _registry_state() -> tuple[object, ...]:
    """What a parser's shape may depend on besides its command and action: the registered
    game systems and their operations (``harbinger act`` lists them), by identity."""
    from builder.core import registry
    from harbinger.app.common import registered_operations

    systems = tuple(id(game) for game in registry.systems())  # main registered the shipped
    operations = tuple(
        (key, tuple((name, id(op)) for name, op in table.items()))
        for key, table in registered_operations().items()
    )
    return systems, operations


def parser_for(command: str | None, action: str | None) -> argparse.ArgumentParser:
    """:func:`build_parser`'s parser for ``command`` and ``action``, built once per process.

    argparse asks gettext for each help string's translation as it builds a parser, and
    gettext looks on disk every time it finds none (about 9 ms of CPU a run of a typical
    command); a program that runs ``main`` more than once (the test suite, a script) builds
    each parser once. Reusing one is safe: ``parse_args`` reads the parser and fills a new
    Namespace, and ``main`` copies the mutable defaults it puts there (a ``--house`` list)
    before a command can change them. A newly registered game or operation gives a new key.
    """
    key = (command, action, _registry_state())
    parser = _PARSERS.get(key)
    if parser is None:
        parser = _PARSERS[key] = build_parser(command, action)
    return parser


def _own_defaults(args: argparse.Namespace) -> argparse.Namespace:
    """``args`` with each list, dict or set value copied, so a command that changes one never
    changes the default a reused parser (:func:`parser_for`) gives the next run."""
    for name, value in vars(args).items():
        if isinstance(value, list | dict | set):
            setattr(args, name, value.copy())
    return args


_DB_FLAGS = ("--db", "--d")
"""The global option naming the library, and its prefix argparse reads as it (no other
long option of ``harbinger`` starts with ``--d``)."""


class Launch:
    """What a command line asks for, read once from it before any parser is built.

    ``db`` is the library the global options name (None: the default one); ``words`` the
    arguments besides the global options: the subcommand and its own arguments, or the
    files the app should open. ``plain`` is False when the global options hold something
    only argparse can judge (``--help``, ``--version``, an unknown option, ``--db`` without
    a value or with one starting with "-"): then this decides nothing, and the full parser
    reads the line, says what is wrong and exits 2, or runs what it finds.
    """

    __slots__ = ("db", "plain", "words")

    def __init__(self, db: str | None, words: Sequence[str], plain: bool) -> None:
        self.db = db
        self.words = tuple(words)
        self.plain = plain

    @property
    def command(self) -> str | None:
        """The subcommand the line runs (its first word after the global options), or None."""
        if self.plain and self.words and self.words[0] in COMMANDS:
            return self.words[0]
        return None

    @property
    def action(self) -> str | None:
        """The word after the subcommand (its action, as in ``contractor gift``) when it is
        not an option, else None."""
        if self.command is None or len(self.words) < 2 or self.words[1].startswith("-"):
            return None
        return self.words[1]

    @property
    def files(self) -> list[str] | None:
        """The files to open in the desktop app when the line asks for the app, else None.

        The app is asked for when nothing but ``--db`` is given (no files: an empty list),
        or when every other word is an existing path that is not a subcommand's name
        (``harbinger FILE...``, as the .desktop file's ``%F`` passes them).
        """
        if not self.plain or any(w in COMMANDS or not os.path.exists(w) for w in self.words):
            return None
        return list(self.words)


def read_launch(argv: Sequence[str]) -> Launch:
    """The one pre-parse of a command line: its global options, its command and action, or
    the files the app should open (:class:`Launch`), without building a parser.

    Read as argparse reads the top-level options: ``--db PATH``, ``--db=PATH`` and the
    prefix ``--d`` anywhere before the subcommand (the last one wins); the subcommand's own
    arguments, from its name on, are its parser's. A plain launch (``harbinger``, with
    ``--db`` or files) is answered here alone and costs no parser: argparse looks its
    messages' translations up on disk, some 5 ms of CPU before the window's first frame.
    """
    db: str | None = None
    words: list[str] = []
    args = list(argv)
    at = 0
    while at < len(args):
        arg = args[at]
        at += 1
        if not arg.startswith("-"):
            words.append(arg)
            if len(words) == 1 and arg in COMMANDS:
                words += args[at:]  # the subcommand's own arguments
                break
            continue
        flag, equals, value = arg.partition("=")
        if flag not in _DB_FLAGS:
            return Launch(db, args, plain=False)  # --help, --version, an unknown option
        if not equals:
            if at == len(args) or args[at].startswith("-"):
                return Launch(db, args, plain=False)  # argparse says what is wrong, or reads it
            value = args[at]
            at += 1
        db = value
    return Launch(db, words, plain=True)


def _open_app(db: str | None, files: list[str]) -> int:
    """Run the desktop app on the library ``db`` (None: the default), opening ``files``."""
    from ui.app import run_app  # imported here so headless commands never load Qt

    return run_app(db=db, files=files)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``harbinger`` console script."""
    arguments = sys.argv[1:] if argv is None else list(argv)
    launch = read_launch(arguments)
    files = launch.files
    if files is not None:
        return _open_app(launch.db, files)
    # Only now: the command plumbing imports json, which the desktop app's start skips.
    # The composition root of every headless command: the shipped games, registered here
    # and nowhere below (builder.core never loads a game itself); before the parser is
    # built, so `harbinger act` names each registered game's characters by their noun.
    from builder.systems import register_shipped
    from harbinger.commands.base import CliError, terminal_safe_output

    register_shipped()
    parser = parser_for(launch.command, launch.action)
    args = _own_defaults(parser.parse_args(arguments))
    if args.command is None:  # only global options, which argparse had to read (--db -1)
        return _open_app(args.db, [])
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
