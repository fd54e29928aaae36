"""A run builds only the parser of the command it names (``harbinger.cli.build_parser``).

Building every subcommand's parser cost about 0.16 s of CPU on each run; these tests
check the one-command parser reads its command exactly as the full one does, and that
help and a mistyped command name still see every command.
"""

from __future__ import annotations

import argparse
import functools

import pytest

from harbinger.cli import (
    COMMANDS,
    _global_options,
    _named_action,
    _named_command,
    _plain_launch,
    build_parser,
    main,
)


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
    assert _named_command(argv) == expected


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
    assert _named_command(["--db"]) is None


@pytest.mark.parametrize(
    "argv",
    [
        [],
        ["--db", "x.sqlite3"],
        ["--db=x.sqlite3"],
        ["--db=-odd name.sqlite3"],
        ["--db="],
        ["--db", ""],
        ["--db", "postgresql://dana@server/playgroup"],
        ["--db=a=b.sqlite3"],
    ],
)
def test_a_plain_launch_is_read_as_the_pre_parse_reads_it(argv: list[str]) -> None:
    """``harbinger`` alone, or with only ``--db``, starts the app without building a parser
    (5 ms of CPU at start-up); its library is the one argparse would have read."""
    parsed = _global_options(argv)
    assert parsed is not None
    known, rest = parsed
    assert rest == []
    assert _plain_launch(argv) == (known.db,)


@pytest.mark.parametrize(
    "argv",
    [
        ["--db", "-1"],  # argparse decides what a value starting with "-" is
        ["--db"],
        ["--d", "x.sqlite3"],  # an abbreviation: argparse's
        ["--db", "x.sqlite3", "sheet"],
        ["sheet"],
        ["--version"],
        ["--dbx=y"],
    ],
)
def test_anything_else_is_left_to_argparse(argv: list[str]) -> None:
    assert _plain_launch(argv) is None


@functools.cache
def _full_parser() -> argparse.ArgumentParser:
    """The parser of every command, built once for the tests that only read it."""
    return build_parser()


def _actions_of(command: str) -> list[str]:
    return sorted(_subparsers(_subparsers(_full_parser())[command]))


GAME_ACTIONS = [
    (command, action)
    for command in ("contractor", "covenant", "tmc", "coven", "db")
    for action in _actions_of(command)
]


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


def test_a_one_action_parser_builds_no_other_action() -> None:
    only = _subparsers(_subparsers(build_parser("contractor", "gift"))["contractor"])
    assert list(only) == ["gift"]


def test_a_mistyped_action_is_answered_with_every_action(
    capsys: pytest.CaptureFixture[str],
) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["contractor", "recrd-contract", "mara"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "invalid choice: 'recrd-contract'" in err
    for action in _actions_of("contractor"):
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
    assert _named_action(argv) == expected
