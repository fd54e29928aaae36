"""``harbinger covenant ...``: Covenant's bids, sizes and a sacrificed character's successor.

``covenant bid`` works out one fixed or opposed bid (cost from advantages,
advantages spent, a stunt, shared points) and who wins, before anything is
spent; ``covenant share`` the Discipline sharing costs at a bid's cost;
``covenant size`` the advantages relative size and a called shot give;
``covenant successor FILE -o OUT`` writes the successor of a sacrificed
character's file. ``covenant ACTION ID`` plays a character of the library:
every action declared in ``harbinger.app.covenant`` (begin-scene, spend,
resist, end-chapter...), the ones the sheet's buttons run. The rules are
:mod:`builder.covenant.contests` and :mod:`builder.covenant.successor`; this
module checks input and formats.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.covenant.character import BidCost, BidKind, StuntEffect
from builder.covenant.contests import (
    CalledShot,
    plan_bid,
    points_for,
    relative_size,
    share_cost,
)
from harbinger.commands.base import CliError, add_json_flag, emit, wanted, whole_number

MAX_NUMBER = 1_000_000
MAX_COUNT = 100
MAX_SIZE = 100


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add the ``covenant`` subcommand and its tools (only the action or tool ``action``
    names when it is not None); returns its actions."""
    # Every action at the table on a character of the library, declared once in the app
    # layer (the same operations the sheet's buttons run), then the tools of its own.
    from harbinger.app.covenant import OPERATIONS
    from harbinger.commands.operations import register_game

    tools = register_game(
        subparsers,
        "covenant",
        "Covenant: bids, sharing, sizes, a successor; every action on a character",
        OPERATIONS,
        "Covenant character",
        description="Covenant tools: work out a bid before spending, what sharing costs, "
        "what relative size gives, and a sacrificed character's successor.",
        metavar="TOOL",
        missing="choose a tool: harbinger covenant {bid,share,size,successor}",
        action=action,
    )
    from harbinger.commands import gm_notes

    gm_notes.register(tools, "covenant", "Covenant character", action)
    gm_notes.register_export(tools, "covenant", "Covenant character", action)
    for name, add in (
        ("bid", _add_bid),
        ("share", _add_share),
        ("size", _add_size),
        ("successor", _add_successor),
    ):
        if wanted(action, name):
            add(tools)
    return tools


def _add_bid(tools: argparse._SubParsersAction) -> None:
    """``bid KIND DISCIPLINE``: one fixed or opposed bid."""
    bid = tools.add_parser(
        "bid",
        help="one fixed or opposed bid: its cost, its value and who wins",
        description="A fixed bid must exceed the target; in an opposed bid the higher bid "
        "wins and ties go to the defender.",
    )
    bid.add_argument("kind", choices=[k.value for k in BidKind], help="fixed, attack or defend")
    bid.add_argument("discipline", metavar="DISCIPLINE", help="Discipline spent on the bid")
    bid.add_argument("--against", help="the target (fixed) or the other side's bid (opposed)")
    bid.add_argument("--advantages", default="0", help="advantages on the bid")
    bid.add_argument("--disadvantages", default="0", help="disadvantages on the bid")
    bid.add_argument("--boost", default="0", help="advantages spent for +5 each")
    bid.add_argument(
        "--impose", default="0", help="advantages spent to give the opponent 1 disadvantage each"
    )
    bid.add_argument("--stunt", choices=[s.value for s in StuntEffect], help="stunt the bid")
    bid.add_argument("--shared", default="0", help="bid points other characters shared")
    add_json_flag(bid)
    bid.set_defaults(func=_run_bid)


def _add_share(tools: argparse._SubParsersAction) -> None:
    """``share POINTS``: what sharing Discipline costs."""
    share = tools.add_parser(
        "share", help="Discipline another character shares to raise a bid by POINTS"
    )
    share.add_argument("points", metavar="POINTS", help="how much the bid should rise")
    share.add_argument("--cost", choices=[c.value for c in BidCost], default="normal")
    add_json_flag(share)
    share.set_defaults(func=_run_share)


def _add_size(tools: argparse._SubParsersAction) -> None:
    """``size ATTACKER DEFENDER``: advantages from relative size."""
    size = tools.add_parser("size", help="advantages from relative size and called shots")
    size.add_argument("attacker", metavar="ATTACKER", help="the attacker's size")
    size.add_argument("defender", metavar="DEFENDER", help="the defender's size")
    size.add_argument("--called-shot", choices=[c.value for c in CalledShot])
    add_json_flag(size)
    size.set_defaults(func=_run_size)


def _add_successor(tools: argparse._SubParsersAction) -> None:
    """``successor FILE -o OUT``: a sacrificed character's successor."""
    heir = tools.add_parser(
        "successor",
        help="write the successor of a sacrificed character's file",
        description="Same number of Discipline, Ties, assets and tokens, plus 1 token.",
    )
    heir.add_argument("file", metavar="FILE", help="the sacrificed character's file")
    heir.add_argument("-o", "--output", required=True, metavar="OUT", help="the file to write")
    heir.add_argument("--name", default="", help="the successor's name")
    heir.add_argument("--id", default="", help="the successor's id (default: FILE's id + -heir)")
    add_json_flag(heir)
    heir.set_defaults(func=_run_successor)


def _run_bid(args: argparse.Namespace) -> int:
    def count(text: str, what: str) -> int:
        return whole_number(text, what, 0, MAX_COUNT)

    against = (
        None if args.against is None else whole_number(args.against, "--against", 0, MAX_NUMBER)
    )
    plan = plan_bid(
        BidKind(args.kind),
        whole_number(args.discipline, "DISCIPLINE", 0, MAX_NUMBER),
        advantages=count(args.advantages, "--advantages"),
        disadvantages=count(args.disadvantages, "--disadvantages"),
        boosts=count(args.boost, "--boost"),
        imposed=count(args.impose, "--impose"),
        stunt=StuntEffect(args.stunt) if args.stunt else None,
        shared=whole_number(args.shared, "--shared", 0, MAX_NUMBER),
        against=against,
    )
    if plan.problems:
        raise CliError("; ".join(plan.problems))
    document = {
        "kind": plan.kind.value,
        "cost": plan.cost.value,
        "discipline": plan.discipline,
        "points_from_discipline": points_for(plan.discipline, plan.cost),
        "boost": plan.boost,
        "shared": plan.shared,
        "bid": plan.bid,
        "against": plan.against,
        "wins": plan.wins,
        "banks_on_win": plan.banks,
        "stunt": plan.stunt.value if plan.stunt else None,
    }
    emit(args, document, plan.explain())
    return 0


def _run_share(args: argparse.Namespace) -> int:
    points = whole_number(args.points, "POINTS", 0, MAX_NUMBER)
    cost = BidCost(args.cost)
    spent = share_cost(points, cost)
    document = {"points": points, "cost": cost.value, "discipline": spent}
    emit(args, document, f"+{points} to a {cost.value}-cost bid takes {spent} shared Discipline")
    return 0


def _run_size(args: argparse.Namespace) -> int:
    attacker = whole_number(args.attacker, "ATTACKER", -MAX_SIZE, MAX_SIZE)
    defender = whole_number(args.defender, "DEFENDER", -MAX_SIZE, MAX_SIZE)
    shot = CalledShot(args.called_shot) if args.called_shot else None
    rel = relative_size(attacker, defender, shot)
    document = {
        "attacker_size": rel.attacker_size,
        "defender_size": rel.defender_size,
        "target_size": rel.target_size,
        "attacker_fighting_stealth": rel.attacker,
        "defender_resistance": rel.defender,
        "called_shot": shot.value if shot else None,
        "effect": rel.effect,
    }
    text = rel.explain() + (f" On a hit: {rel.effect}." if rel.effect else "")
    emit(args, document, text)
    return 0


def _run_successor(args: argparse.Namespace) -> int:
    from builder.covenant import file as cv_file
    from builder.covenant.successor import successor

    try:
        sacrificed = cv_file.read_covenant_file(args.file).character
    except cv_file.CovenantFileError as exc:
        raise CliError(str(exc)) from None
    out = Path(args.output)
    if out.exists():
        raise CliError(f"{out} exists already: choose another OUT")
    made = successor(sacrificed, args.id.strip() or f"{sacrificed.id}-heir", args.name.strip())
    if made.refused:
        raise CliError(f"{args.file}: " + "; ".join(f.message for f in made.findings))
    heir = made.character
    try:
        cv_file.write_covenant_file(out, cv_file.CovenantFile(heir))
    except OSError as exc:
        raise CliError(f"cannot write {out}: {exc.strerror or exc}") from None
    (entry,) = heir.log
    document = {
        "output": str(out),
        "id": heir.id,
        "name": heir.name,
        "ties": entry.ties,  # type: ignore[union-attr]
        "assets": entry.assets,  # type: ignore[union-attr]
        "tokens": entry.tokens,  # type: ignore[union-attr]
        "discipline": 100 * entry.ties,  # type: ignore[union-attr]
    }
    text = (
        f"{heir.name}: {entry.ties} Ties ({100 * entry.ties} Discipline), "  # type: ignore[union-attr]
        f"{entry.assets} assets, {entry.tokens} tokens, written to {out}"  # type: ignore[union-attr]
    )
    emit(args, document, text)
    return 0
