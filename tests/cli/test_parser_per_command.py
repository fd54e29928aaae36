"""A run builds only the parser of the command it names (``harbinger.cli.build_parser``),
found by one pre-parse of the line (``harbinger.cli.read_launch``).

Building every subcommand's parser cost about 0.16 s of CPU on each run; these tests
check the one-command parser reads its command exactly as the full one does, that
help and a mistyped command name still see every command, and that the pre-parse
reads the global options as argparse does.
"""

from __future__ import annotations

import argparse
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

from harbinger.cli import COMMANDS, build_parser, main, read_launch


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _helps(parser: argparse.ArgumentParser, prefix: str = "") -> dict[str, str]:
    """Every parser under ``parser`` by its command path, with its help text."""
    found = {prefix: parser.format_help()}
    for name, child in _subparsers(parser).items():
        found.update(_helps(child, f"{prefix} {name}".strip()))
    return found


def test_the_full_parser_has_exactly_the_listed_commands() -> None:
    assert sorted(_subparsers(build_parser())) == sorted(COMMANDS)


@pytest.mark.parametrize("command", COMMANDS)
def test_a_one_command_parser_reads_its_command_as_the_full_one_does(command: str) -> None:
    full = _helps(_subparsers(build_parser())[command], command)
    only = _subparsers(build_parser(command))
    assert command in only
    assert _helps(only[command], command) == full


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["sheet", "audit", "x.json"], "sheet"),
        (["--db", "lib.sqlite3", "db", "list"], "db"),
        (["--db=lib.sqlite3", "install-desktop"], "install-desktop"),
        (["--db", "sheet", "dice", "roll"], "dice"),  # "sheet" is --db's value here
        (["--help"], None),
        (["--version"], None),
        (["shet", "audit"], None),
        ([], None),
    ],
)
def test_the_named_command_is_the_first_word_after_the_global_options(
    argv: list[str], expected: str | None
) -> None:
    assert read_launch(argv).command == expected


def test_a_mistyped_command_is_answered_with_every_command(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["shet", "audit", "x.json"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'shet'" in err
    for command in COMMANDS:
        assert f"'{command}'" in err


def test_the_top_help_lists_every_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert "COMMAND" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--db"], ["--db", "--json"]])
def test_a_db_without_its_value_gets_the_full_usage(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """``harbinger --db`` alone: the whole usage line (with --version and COMMAND), not the
    pre-parser's ``usage: harbinger [--db DB]``; exit 2 and argparse's own message."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: harbinger [-h] [--version] [--db PATH|URL] COMMAND ...")
    assert "[--db DB]" not in err
    assert "harbinger: error: argument --db: expected one argument" in err


def test_a_db_without_its_value_names_no_command() -> None:
    assert read_launch(["--db"]).command is None


@functools.cache
def _full_parser() -> argparse.ArgumentParser:
    """The parser of every command, built once for the tests that only read it; the shipped
    games registered first, as ``main`` registers them (``act`` names their nouns)."""
    from builder.systems import register_shipped

    register_shipped()
    return build_parser()


def _actions_of(command: str) -> list[str]:
    return sorted(_subparsers(_subparsers(_full_parser())[command]))


GAME_ACTIONS = [(command, action) for command in COMMANDS for action in _actions_of(command)]
"""Every action of every command that has actions (``db players`` too, which The Contract
adds to ``db``; ``act contract`` is ``act``'s action)."""


@pytest.mark.parametrize(("command", "action"), GAME_ACTIONS)
def test_a_one_action_parser_reads_its_action_as_the_full_one_does(
    command: str, action: str
) -> None:
    """``harbinger contractor gift …`` builds the ``gift`` parser only; it, and every parser
    under it (``contractor weapon add``), reads exactly as in the full parser."""
    full = _helps(_subparsers(_subparsers(_full_parser())[command])[action], action)
    only = _subparsers(_subparsers(build_parser(command, action))[command])
    assert action in only
    assert _helps(only[action], action) == full


@pytest.mark.parametrize(
    ("command", "action"),
    [
        ("contractor", "gift"),
        ("db", "players"),
        ("db", "list"),
        ("sheet", "audit"),
        ("tmc", "odds"),
    ],
)
def test_a_one_action_parser_builds_no_other_action(command: str, action: str) -> None:
    parser = build_parser(command, action)
    assert list(_subparsers(parser)) == [command]
    assert list(_subparsers(_subparsers(parser)[command])) == [action]


@pytest.mark.parametrize(
    ("command", "typo"),
    [("contractor", "recrd-contract"), ("db", "plyers"), ("sheet", "audti"), ("tmc", "od")],
)
def test_a_mistyped_action_is_answered_with_every_action(
    capsys: pytest.CaptureFixture[str], command: str, typo: str
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main([command, typo, "mara"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert f"invalid choice: '{typo}'" in err
    for action in _actions_of(command):
        assert f"'{action}'" in err


def test_an_action_s_help_is_its_full_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["contractor", "gift", "--help"])
    assert exit_.value.code == 0
    full = _subparsers(_subparsers(_full_parser())["contractor"])["gift"].format_help()
    assert capsys.readouterr().out == full


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["contractor", "gift", "mara"], "gift"),
        (["--db", "x.sqlite3", "db", "list"], "list"),
        (["contractor", "--help"], None),
        (["contractor"], None),
        (["shet", "audit"], None),
    ],
)
def test_the_named_action_is_the_word_after_the_command(
    argv: list[str], expected: str | None
) -> None:
    assert read_launch(argv).action == expected


# --------------------------------------------------------------------------- the one pre-parse

PLAIN_LAUNCHES = [
    [],
    ["--db", "x.sqlite3"],
    ["--db=x.sqlite3"],
    ["--db=-odd name.sqlite3"],
    ["--db="],
    ["--db", ""],
    ["--db", "postgresql://dana@server/playgroup"],
    ["--db=a=b.sqlite3"],
    ["--d", "x.sqlite3"],  # argparse reads a long option's unambiguous prefix as it
    ["--d=x.sqlite3"],
    ["--db", "a.sqlite3", "--db=b.sqlite3"],  # the last one wins
]


@pytest.mark.parametrize("argv", PLAIN_LAUNCHES)
def test_a_plain_launch_is_the_app_on_the_library_argparse_would_read(argv: list[str]) -> None:
    """``harbinger`` alone, or with only ``--db``, starts the app without building a parser
    (5 ms of CPU at start-up); its library is the one the full parser reads."""
    launch = read_launch(argv)
    assert launch.files == []
    assert (launch.command, launch.action) == (None, None)
    assert launch.db == _full_parser().parse_args(argv).db


@pytest.mark.parametrize(
    "argv",
    [
        ["--db", "lib.sqlite3", "db", "list"],
        ["--db=lib.sqlite3", "contractor", "gift", "mara"],
        ["--d", "lib.sqlite3", "dice", "5", "6"],
        ["--db", "a.sqlite3", "--db", "b.sqlite3", "sheet", "show", "x.json"],
        ["--db=", "catalog", "list"],
        ["tmc", "odds", "save", "12"],
    ],
)
def test_global_options_before_the_command_are_read_as_argparse_reads_them(
    argv: list[str],
) -> None:
    launch = read_launch(argv)
    args = _full_parser().parse_args(argv)
    assert launch.files is None
    assert (launch.db, launch.command) == (args.db, args.command)
    assert launch.action == argv[argv.index(args.command) + 1]


@pytest.mark.parametrize(
    "argv",
    [
        ["--db", "-1"],  # argparse decides what a value starting with "-" is
        ["--db"],
        ["--db", "--json"],
        ["--version"],
        ["--help"],
        ["-h"],
        ["--dbx=y"],
        ["--json"],
        ["--"],
        ["-"],
        ["--db", "x.sqlite3", "--frobnicate"],
    ],
)
def test_anything_else_in_the_global_options_is_left_to_argparse(argv: list[str]) -> None:
    launch = read_launch(argv)
    assert launch.plain is False
    assert (launch.files, launch.command, launch.action) == (None, None, None)


def test_the_version_is_printed_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    from harbinger import __version__

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    assert capsys.readouterr().out == f"harbinger {__version__}\n"


@pytest.mark.parametrize("argv", [["--frobnicate"], ["--db", "x.sqlite3", "--frobnicate"]])
def test_an_unknown_option_on_a_plain_launch_is_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """Not the app: argparse's refusal with the whole usage line, exit 2."""
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: harbinger [-h] [--version] [--db PATH|URL] COMMAND ...")
    assert "harbinger: error: unrecognized arguments: --frobnicate" in err


def test_a_global_option_after_the_command_is_the_command_s_and_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``harbinger db list --db X`` is not ``harbinger --db X db list``: a command's own
    arguments start at its name, and ``db list`` takes no ``--db`` (exit 2)."""
    argv = ["db", "list", "--db", str(tmp_path / "other.sqlite3")]
    launch = read_launch(argv)
    assert (launch.db, launch.command, launch.action) == (None, "db", "list")
    with pytest.raises(SystemExit) as exit_:
        main(argv)
    assert exit_.value.code == 2
    assert "unrecognized arguments: --db" in capsys.readouterr().err
    assert not (tmp_path / "other.sqlite3").exists()


def test_a_db_with_an_equals_sign_opens_that_library(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--db=PATH`` before the command: the library at PATH is the one listed (a new one
    is made there), not ``HARBINGER_DB``'s."""
    path = tmp_path / "mine.sqlite3"
    capsys.readouterr()
    assert main([f"--db={path}", "db", "list", "--json"]) == 0
    assert all(listed == [] for listed in json.loads(capsys.readouterr().out).values())
    assert path.exists()


def test_files_and_db_in_any_order_before_them_open_the_app(tmp_path: Path) -> None:
    """``harbinger FILE --db X``: the global options read among the files, as argparse's
    top level reads them; a word naming a command is never a file to open."""
    one, two = tmp_path / "one.json", tmp_path / "two.json"
    one.write_text("{}")
    two.write_text("{}")
    launch = read_launch([str(one), "--db", "x.sqlite3", str(two)])
    assert (launch.files, launch.db) == ([str(one), str(two)], "x.sqlite3")
    assert read_launch([str(one), "sheet"]).files is None
    assert read_launch([str(one), str(tmp_path / "missing.json")]).files is None


def test_an_unknown_option_runs_headless(tmp_path: Path) -> None:
    """The refusal of ``harbinger --frobnicate`` comes from a process that loaded no Qt."""
    code = (
        "import sys\n"
        "from harbinger.cli import main\n"
        "try:\n"
        "    main(['--frobnicate'])\n"
        "except SystemExit as exc:\n"
        "    status = exc.code\n"
        "qt = ('PySide6', 'shiboken6', 'ui')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in qt)\n"
        "print(status, ','.join(loaded))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    assert out.stdout.strip() == "2"
