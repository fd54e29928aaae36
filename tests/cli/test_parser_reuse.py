"""A process builds each command's parser once (``harbinger.cli.parser_for``).

argparse asks gettext for every help string's translation while it builds a parser, and
gettext looks on disk each time it finds none; ``main`` run again in one process (the
tests, a script) reuses the parser it built. These tests check that reuse changes
nothing a run sees: the same parser for the same command line, a new one when a game's
operations are registered, and defaults a command cannot change for the next run.
"""

from __future__ import annotations

import argparse
from collections.abc import Iterator

import pytest

from builder.systems import register_shipped
from harbinger.app.common import register_operations, unregister_operations
from harbinger.cli import _own_defaults, parser_for
from tests.toy.game import ADD, ID, registered


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


@pytest.fixture
def _shipped() -> None:
    register_shipped()  # as main does before it asks for a parser


@pytest.mark.usefixtures("_shipped")
def test_the_same_command_line_gets_the_same_parser() -> None:
    first = parser_for("catalog", "list")
    assert parser_for("catalog", "list") is first
    assert parser_for("catalog", None) is not first  # every action of catalog: another parser
    assert parser_for("dice", None) is not first


@pytest.fixture
def _tally() -> Iterator[None]:
    for _system in registered():
        register_operations(ID, {ADD.name: ADD})
        try:
            yield
        finally:
            unregister_operations(ID)


@pytest.mark.usefixtures("_shipped")
def test_a_game_registered_later_gets_a_parser_that_names_it(
    request: pytest.FixtureRequest,
) -> None:
    before = parser_for("act", None)
    assert "tally" not in _subparsers(_subparsers(before)["act"])
    request.getfixturevalue("_tally")
    after = parser_for("act", None)
    assert after is not before
    assert "add" in _subparsers(_subparsers(_subparsers(after)["act"])["tally"])


@pytest.mark.usefixtures("_shipped")
def test_a_command_that_changes_its_list_leaves_the_next_run_s_default_alone() -> None:
    """``--house DIR`` may be repeated: its default is an empty list argparse puts in each
    Namespace as it is; the copy ``main`` makes is the run's own."""
    parser = parser_for("catalog", "list")
    args = _own_defaults(parser.parse_args(["catalog", "list"]))
    args.house.append("/somewhere")
    again = _own_defaults(parser.parse_args(["catalog", "list"]))
    assert again.house == []
    assert parser.parse_args(["catalog", "list", "--house", "a", "--house", "b"]).house == [
        "a",
        "b",
    ]
