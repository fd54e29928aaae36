"""``harbinger dice attack --pool N ...``: the exact damage distribution of one Attack.

The numbers come from :mod:`builder.contract.attack` (Contested Outcome + Weapon
Damage − Armor, the highest Weapon Damage bonus only, two targets at +2
Difficulty with Weapon Damage halved rounding up, range increments); a weapon
row of the rules' tables (``--weapon handgun``) fills in the Difficulty, the
Weapon Damage and the Armor it pierces, and ``--range-feet`` counts its range
increments. This module only reads the flags and formats the answer.

The flags live on the ``dice`` parser (``harbinger dice POOL DIFFICULTY`` keeps its
positional form); :func:`is_attack` tells the two apart.
"""

from __future__ import annotations

import argparse
from typing import Any

from builder.contract.attack import AttackOdds, AttackSetup, attack_odds
from builder.contract.weapon_record import Weapon
from builder.contract.weapons import load_weapon_table, range_increments
from harbinger.commands.base import CliError, whole_number

ATTACK = "attack"
MAX_POOL = 30
"""Largest pool of either side: far beyond any legal sheet, small enough to answer at once."""

MAX_NUMBER = 50
MAX_RANGE_FEET = 1_000_000

_FLAGS: tuple[tuple[str, str, str], ...] = (
    ("--pool", "attack_pool", "attack dice after Penalty and Gift dice (required)"),
    ("--difficulty", "attack_difficulty", "the attack's Difficulty (default 6, or the weapon's)"),
    ("--defense", "defense_pool", "the defender's dice; leave out when the target does not React"),
    ("--defense-difficulty", "defense_difficulty", "the defending roll's Difficulty (default 6)"),
    ("--damage", "weapon_damage", "Weapon Damage (default 0, or the weapon's)"),
    ("--armor", "armor", "the target's Armor (the highest of its sources; default 0)"),
    ("--pierce", "armor_piercing", "Armor the weapon ignores (default 0, or the weapon's)"),
    (
        "--range-steps",
        "range_steps",
        "range increments beyond the listed range (+1 Difficulty each)",
    ),
    ("--range-feet", "range_feet", "distance to the target; with --weapon, counts the increments"),
    ("--weapon", "attack_weapon", "a row of the rules' weapon tables (handgun, knife, bow...)"),
)


def add_attack_flags(parser: argparse.ArgumentParser) -> None:
    """The flags of ``dice attack`` (refused on a plain ``dice POOL DIFFICULTY``)."""
    group = parser.add_argument_group(
        "attack (harbinger dice attack --pool N ...)",
        "Exact damage dealt: Contested Outcome + Weapon Damage - Armor, nothing when the "
        "Contested Outcome is 0 or less.",
    )
    for flag, dest, help_text in _FLAGS:
        group.add_argument(flag, dest=dest, metavar=dest.split("_")[-1].upper(), help=help_text)
    group.add_argument(
        "--damage-bonus",
        dest="damage_bonuses",
        action="append",
        metavar="BONUS",
        help="a Gift bonus to Weapon Damage; repeat for several (only the highest counts)",
    )
    group.add_argument(
        "--two-targets",
        dest="split",
        action="store_true",
        help="the Outcome is split between two targets: +2 Difficulty, Weapon Damage halved",
    )
    group.add_argument(
        "--remainder",
        dest="split_remainder",
        action="store_true",
        help="with --two-targets: this target gets the odd point of an odd Outcome",
    )
    group.add_argument(
        "--defense-floor",
        dest="defense_floor",
        action="store_true",
        help="the defending roll uses an Ability at rank 6 (its Outcome cannot go below 0)",
    )


def is_attack(args: argparse.Namespace) -> bool:
    """True for ``dice attack ...``; refuses attack flags on a plain roll."""
    if args.pool == ATTACK:
        if args.difficulty is not None:
            raise CliError(f"dice attack takes flags only, not {args.difficulty!r} (see --help)")
        return True
    given = [flag for flag, dest, _help in _FLAGS if getattr(args, dest) is not None]
    given += [f for f, d in (("--damage-bonus", "damage_bonuses"),) if getattr(args, d)]
    given += [
        f
        for f, d in (
            ("--two-targets", "split"),
            ("--remainder", "split_remainder"),
            ("--defense-floor", "defense_floor"),
        )
        if getattr(args, d)
    ]
    if given:
        raise CliError(f"{given[0]} is for harbinger dice attack, not a plain roll")
    return False


def _number(text: str | None, flag: str, low: int, high: int, default: int) -> int:
    """``text`` as a whole number in [low, high], or ``default`` when the flag was not given."""
    return default if text is None else whole_number(text, flag, low, high)


def _weapon(args: argparse.Namespace) -> Weapon | None:
    if args.attack_weapon is None:
        return None
    try:
        return load_weapon_table().weapon(args.attack_weapon.strip()).record()
    except KeyError as exc:
        raise CliError(f"--weapon: {exc.args[0]}") from None


def _range_steps(args: argparse.Namespace, weapon: Weapon | None) -> int:
    steps = _number(args.range_steps, "--range-steps", 0, 10, 0)
    if args.range_feet is None:
        return steps
    if args.range_steps is not None:
        raise CliError("give --range-steps or --range-feet, not both")
    if weapon is None:
        raise CliError("--range-feet needs --weapon (whose listed range it is counted in)")
    feet = _number(args.range_feet, "--range-feet", 0, MAX_RANGE_FEET, 0)
    counted = range_increments(weapon, feet)
    if counted is None:
        raise CliError(f"--range-feet: {feet} feet is beyond the reach of a {weapon.name}")
    return counted


def setup_from_args(args: argparse.Namespace) -> AttackSetup:
    """The attack the flags describe; CliError (exit 2) naming the flag for bad input."""
    if args.attack_pool is None:
        raise CliError("dice attack needs --pool (the attack's dice)")
    weapon = _weapon(args)
    if weapon is not None and not weapon.deals_damage:
        raise CliError(f"--weapon: a {weapon.name} deals no Weapon Damage; roll it with dice")
    defense = (
        None
        if args.defense_pool is None
        else _number(args.defense_pool, "--defense", 0, MAX_POOL, 0)
    )
    return AttackSetup(
        attack_pool=_number(args.attack_pool, "--pool", 0, MAX_POOL, 0),
        attack_difficulty=_number(
            args.attack_difficulty, "--difficulty", 1, 30, weapon.difficulty if weapon else 6
        ),
        defense_pool=defense,
        defense_difficulty=_number(args.defense_difficulty, "--defense-difficulty", 1, 30, 6),
        weapon_damage=_number(
            args.weapon_damage, "--damage", -MAX_NUMBER, MAX_NUMBER, weapon.damage if weapon else 0
        ),
        damage_bonuses=tuple(
            _number(b, "--damage-bonus", 0, MAX_NUMBER, 0) for b in args.damage_bonuses or ()
        ),
        armor=_number(args.armor, "--armor", 0, MAX_NUMBER, 0),
        armor_piercing=_number(
            args.armor_piercing, "--pierce", 0, MAX_NUMBER, weapon.armor_piercing if weapon else 0
        ),
        split=args.split,
        split_remainder=args.split_remainder,
        range_increments=_range_steps(args, weapon),
        attack_floor=args.floor,
        defense_floor=args.defense_floor,
    )


def _percent(p: float) -> str:
    return "<0.01%" if 0 < p < 0.00005 else f"{p * 100:.2f}%"


def render_attack(result: AttackOdds) -> str:
    """The human-readable answer printed without ``--json``."""
    s = result.setup
    roll = result.attack
    lines = [
        f"Attack: {s.attack_pool} dice at Difficulty {s.rolled_attack_difficulty}"
        + (
            f" (rolled as {roll.effective_pool} dice at {roll.effective_difficulty})"
            if (roll.effective_pool, roll.effective_difficulty)
            != (s.attack_pool, s.rolled_attack_difficulty)
            else ""
        ),
        "Defense: none (the target does not React)"
        if result.defense is None
        else f"Defense: {s.defense_pool} dice at Difficulty {s.defense_difficulty}",
        f"Weapon Damage {s.applied_weapon_damage}, Armor {s.applied_armor}",
        "",
        "Damage  Probability",
    ]
    lines += [f"{d:>6}  {_percent(float(p)):>11}" for d, p in result.damage.probabilities.items()]
    lines += [
        "",
        f"Hits: {_percent(float(result.hit))}; deals damage: {_percent(float(result.wounds))}",
        f"Expected damage: {float(result.expected_damage):.2f}",
    ]
    return "\n".join(lines)


def run_attack(args: argparse.Namespace) -> tuple[dict[str, Any], str]:
    """The JSON document and the text of ``dice attack``."""
    result = attack_odds(setup_from_args(args))
    return result.to_json(), render_attack(result)
