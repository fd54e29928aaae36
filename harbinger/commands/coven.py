"""``harbinger coven ACTION ID ...``: every step of a chronicle of *The Coven*, headless.

Each step is an operation declared in ``harbinger.app.coven`` (the same the
chronicle view runs): deal or record the week, place and cascade markers,
frame scenes, vote, The Game's wagers and rules, trades; ``play`` takes any
log event as JSON (a conflict, a new element). A chronicle is brought into
the library with ``harbinger db import``.

``harbinger coven odds MINE THEIRS`` answers a question without a chronicle:
a two-party conflict's chance of winning with MINE cards against THEIRS, from
the shipped table (:mod:`builder.coven.odds`), exact cells told apart from
estimates.
"""

from __future__ import annotations

import argparse

from builder.coven.odds import (
    conflict_error,
    conflict_is_exact,
    conflict_precision,
    conflict_win_chance,
    describe_conflict_chance,
)
from harbinger.commands.base import CliError, add_json_flag, emit, wanted

LARGEST_IN_TABLE = 10
"""The largest hand the shipped conflict table covers (0-10 cards against 1-10)."""


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``coven``: one action per declared step of The Coven, and ``odds`` (only the
    action ``action`` names when it is not None); returns its actions."""
    from harbinger.app.coven import OPERATIONS
    from harbinger.commands.operations import register_game

    actions = register_game(
        subparsers,
        "coven",
        "play a chronicle of The Coven: the week, markers, scenes, The Game",
        OPERATIONS,
        "chronicle",
        action=action,
    )
    from harbinger.commands import gm_notes

    gm_notes.register(actions, "coven", "chronicle", action)
    gm_notes.register_export(actions, "coven", "chronicle", action)
    if wanted(action, "odds"):
        _add_odds(actions)
    return actions


def _add_odds(actions: argparse._SubParsersAction) -> None:
    """``odds MINE THEIRS``: a two-party conflict's chance of winning."""
    odds = actions.add_parser(
        "odds",
        help="a two-party conflict's chance of winning, MINE cards against THEIRS",
        description="The chance a party dealt MINE cards beats one dealt THEIRS (five shared "
        "cards, ties settled by high-card rounds): exact where every deal was counted, "
        "else an estimate with one standard error.",
    )
    odds.add_argument("mine", metavar="MINE", help=f"the party's cards, 0-{LARGEST_IN_TABLE}")
    odds.add_argument("theirs", metavar="THEIRS", help=f"the other's cards, 1-{LARGEST_IN_TABLE}")
    add_json_flag(odds)
    odds.set_defaults(func=_run_odds)


def _cards(text: str, what: str, low: int) -> int:
    """A hand size given on the command line, within the table's range (else exit 2)."""
    try:
        value = int(str(text).strip())
    except ValueError:
        raise CliError(
            f"{what} must be a whole number of cards from {low} to {LARGEST_IN_TABLE}, not {text!r}"
        ) from None
    if not low <= value <= LARGEST_IN_TABLE:
        raise CliError(
            f"{what} must be from {low} to {LARGEST_IN_TABLE} cards (the conflict table's "
            f"range), not {value}"
        )
    return value


def _run_odds(args: argparse.Namespace) -> int:
    mine = _cards(args.mine, "MINE", 0)
    theirs = _cards(args.theirs, "THEIRS", 1)
    chance = conflict_win_chance(mine, theirs)
    if chance is None:  # the table's range is checked above; a missing cell is a broken install
        raise CliError(f"the conflict table has no cell {mine} v {theirs}", exit_code=1)
    exact = conflict_is_exact(mine, theirs)
    document = {
        "mine": mine,
        "theirs": theirs,
        "chance": f"{chance.numerator}/{chance.denominator}",
        "value": float(chance),
        "exact": exact,
        "standard_error": 0.0 if exact else conflict_error(mine, theirs),
        "precision": conflict_precision(),
    }
    text = (
        f"{mine} cards against {theirs}: chance of winning "
        f"{describe_conflict_chance(mine, theirs)}\n({conflict_precision()})"
    )
    emit(args, document, text)
    return 0
