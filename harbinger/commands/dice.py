"""``harbinger dice POOL DIFFICULTY``: exact Outcome distribution of a roll (SPEC §7).

``harbinger dice attack --pool N ...`` gives the damage an Attack deals instead
(:mod:`harbinger.commands.dice_attack`).

The numbers come from :mod:`builder.contract.dice`; this module only checks the input
and formats the answer.
"""

from __future__ import annotations

import argparse

from builder.contract.dice import BAND_RANGES, MAX_DIFFICULTY, MIN_DIFFICULTY, Distribution
from builder.contract.dice import outcome_distribution as _outcome_distribution
from harbinger.commands.base import CliError, add_json_flag, emit, whole_number
from harbinger.commands.dice_attack import add_attack_flags, is_attack, run_attack

MAX_POOL = 60
"""Largest pool accepted: far beyond any legal sheet, small enough to answer instantly."""

MAX_ASKED_DIFFICULTY = 30
"""Largest Difficulty accepted before the overage rule; anything higher is a typo."""


def register(subparsers: argparse._SubParsersAction, action: str | None = None) -> None:
    """Add the ``dice`` subcommand (it has no actions: ``action`` is not read)."""
    parser = subparsers.add_parser(
        "dice",
        help="exact Outcome probabilities of a roll",
        description="Exact probability of every Outcome and of each band (botch, fail, "
        "partial, success, exceptional) for POOL d10s at DIFFICULTY. A Difficulty over 9 "
        "is rolled at 9 with one die fewer per point over; below 4 it is raised to 4. "
        "'harbinger dice attack --pool N ...' gives the damage an Attack deals instead.",
    )
    # Taken as text so a bad value gets our own message and exit code 2 via CliError.
    parser.add_argument("pool", metavar="POOL", help=f"number of dice, 0–{MAX_POOL}")
    parser.add_argument(
        "difficulty",
        metavar="DIFFICULTY",
        nargs="?",
        help=f"Difficulty asked for, 1–{MAX_ASKED_DIFFICULTY}",
    )
    parser.add_argument(
        "--floor",
        action="store_true",
        help="the roll uses an Ability at rank 6: the Outcome cannot go below 0",
    )
    add_attack_flags(parser)
    add_json_flag(parser)
    parser.set_defaults(func=run)


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _percent(p: float) -> str:
    if 0 < p < 0.00005:
        return "<0.01%"
    return f"{p * 100:.2f}%"


def render_text(dist: Distribution) -> str:
    """The human-readable table printed without ``--json``."""
    lines = [f"{_dice(dist.pool)} at Difficulty {dist.difficulty}"]
    if dist.difficulty > MAX_DIFFICULTY:
        lines.append(
            f"  Difficulty over {MAX_DIFFICULTY}: rolled at Difficulty {MAX_DIFFICULTY} "
            f"with {_dice(dist.effective_pool)} instead of {dist.pool} "
            f"(one die fewer per point over {MAX_DIFFICULTY})"
        )
    elif dist.difficulty < MIN_DIFFICULTY:
        lines.append(f"  Difficulty below {MIN_DIFFICULTY}: rolled at Difficulty {MIN_DIFFICULTY}")
    if dist.effective_pool == 0:
        lines.append("  No dice are left to roll: the Outcome is 0.")
    if dist.floor_at_zero:
        lines.append("  Ability at rank 6: the Outcome cannot be lower than 0.")
    lines += ["", "Outcome  Probability"]
    lines += [f"{o:>7}  {_percent(float(p)):>11}" for o, p in dist.probabilities.items()]
    lines += ["", "Band               Probability"]
    lines += [
        f"{band.value + ' (' + BAND_RANGES[band] + ')':<17}  {_percent(float(p)):>11}"
        for band, p in dist.bands.items()
    ]
    lines += ["", f"Expected Outcome: {float(dist.expected):.2f}"]
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Print the distribution as a table, or as one JSON document with ``--json``."""
    if is_attack(args):
        document, text = run_attack(args)
        emit(args, document, lambda: text)
        return 0
    if args.difficulty is None:
        raise CliError("DIFFICULTY is missing: harbinger dice POOL DIFFICULTY")
    pool = whole_number(args.pool, "POOL", 0, MAX_POOL)
    difficulty = whole_number(args.difficulty, "DIFFICULTY", 1, MAX_ASKED_DIFFICULTY)
    dist = _outcome_distribution(pool, difficulty, floor_at_zero=args.floor)
    emit(args, dist.to_json(), lambda: render_text(dist))
    return 0
