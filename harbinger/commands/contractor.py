"""``harbinger contractor ...``: create and advance contractors of *The Contract* headless.

    harbinger [--db PATH|URL] contractor create FILE [--json]
    harbinger [--db PATH|URL] contractor record-contract ID --scenario S --outcome victory ...
    harbinger [--db PATH|URL] contractor journal|spend|buy-asset|gift|correct|... ID ...
    harbinger [--db PATH|URL] contractor weapon add|edit|remove ID ...
    harbinger [--db PATH|URL] contractor gm-note ID --text T / show-gm-note ID
    harbinger [--db PATH|URL] contractor export ID -o FILE [--player-copy]
    harbinger [--db PATH|URL] contractor record-table --scenario S (--home|--away) [--gm ID]
        --attendee ID:OUTCOME[:commission][:away] ... [--json]

``record-table`` records one Contract for every contractor at the table in
one transaction (``harbinger.app.contract.table``). ``create`` reads a
creation file (the wizard's choices as JSON,
``resources/schemas/contractor-creation.v1.schema.json``); every other action
is an operation declared in ``harbinger.app.contract.declared`` and made into
a subcommand by ``harbinger.commands.operations``, so the desktop and the CLI
run the same code. A rule's refusal exits 1 with its reason; bad input 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from harbinger.commands.base import CliError, add_json_flag, read_json_file, wanted
from harbinger.commands.suggestions import add_suggestions

NOUN = "contractor"


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``contractor`` with ``create`` and every declared operation, or only the action
    ``action`` names (:func:`harbinger.commands.base.wanted`); returns its actions.

    The Contract's reports on the whole library are ``db`` actions: :func:`add_db_reports`.
    """
    from harbinger.app.contract.declared import OPERATIONS
    from harbinger.commands import contractor_export
    from harbinger.commands.operations import add_game_command, add_operations

    actions = add_game_command(
        subparsers,
        "contractor",
        "create a contractor from a creation file; record Contracts, spend Exp, add Gifts",
        description="Create and advance contractors of The Contract in the library "
        "(see --db). Each action is one named operation, as in the desktop app.",
    )
    if wanted(action, "create"):
        _add_create(actions)
    if wanted(action, "record-table"):
        _add_record_table(actions)
    add_operations(actions, OPERATIONS, NOUN, action)
    contractor_export.register(actions, NOUN, action)
    if wanted(action, "weapon"):
        _register_weapons(actions)
    add_pair_operations(actions, action)
    if wanted(action, "suggestions"):
        add_suggestions(actions)
    return actions


def _add_create(actions: argparse._SubParsersAction) -> None:
    """``create FILE``: a new contractor from a creation file."""
    create = actions.add_parser(
        "create",
        help="create a contractor from a creation file (the wizard's choices as JSON)",
        description="Create a contractor from a creation file "
        "(format harbinger.contractor-creation, see "
        "resources/schemas/contractor-creation.v1.schema.json). The choices are judged "
        "as the wizard judges them: Exp overspent or a rating out of range refuses (exit 1).",
    )
    create.add_argument("file", metavar="FILE", help="the creation file")
    add_json_flag(create)
    create.set_defaults(func=run_create)


def _register_weapons(actions: argparse._SubParsersAction) -> None:
    """``contractor weapon add|edit|remove ID ...``: the weapon operations (issue 31)."""
    from builder.contract.weapons import load_weapon_table
    from harbinger.app.contract.weapon_ops import WEAPON_OPERATIONS
    from harbinger.commands.operations import add_game_command, add_operations

    rows = ", ".join(w.id for w in load_weapon_table().weapons)
    weapon_actions = add_game_command(
        actions,
        "weapon",
        "add, edit or remove a weapon on the sheet (from the rules' tables or custom)",
        description="Keep a contractor's weapons: copy a row of the rules' weapon tables "
        f"with add --table ROW (rows: {rows}) or write one by hand.",
        missing="choose an action: add, edit or remove (see harbinger contractor weapon --help)",
    )
    add_operations(weapon_actions, WEAPON_OPERATIONS, NOUN)


def add_pair_operations(actions: argparse._SubParsersAction, action: str | None = None) -> None:
    """``transfer``: the operations that change two contractors at once (only the one
    ``action`` names when it is not None)."""
    from harbinger.app.contract.items import PAIR_OPERATIONS
    from harbinger.commands.operations import add_declared

    for op in PAIR_OPERATIONS:
        if not wanted(action, op.name):
            continue
        parser = add_declared(actions, op.name, op.help, op.inputs, NOUN)
        parser.set_defaults(func=lambda args, op=op: run_pair(args, op), noun=NOUN)


def run_pair(args: argparse.Namespace, op: Any) -> int:
    """Run a two-contractor operation: both saved in one transaction, or neither (exit 1/2)."""
    from harbinger.app.common import Refused
    from harbinger.app.contract.items import commit_pair
    from harbinger.commands.base import EXIT_CHECK_FAILED, emit
    from harbinger.commands.operations import (
        load_character,
        open_library,
        outcome_document,
        read_inputs,
    )
    from models.errors import LibraryError

    inputs = read_inputs(args, op.inputs)
    other = getattr(inputs, op.other)
    with open_library(args) as library:
        first = load_character(library, args.id, op, NOUN)
        second = load_character(library, other, op, NOUN)
        pair = op.plan(first, second, inputs)
        document = {
            "operation": op.name,
            "done": pair.name,
            "contractors": [outcome_document(op.name, plan) for plan in pair.plans],
            "lines": list(pair.lines),
        }
        try:
            commit_pair(library, pair)
        except Refused as refusal:
            if getattr(args, "json", False):
                document["refused"] = [f.to_json() for f in refusal.findings]
                emit(args, document, "")
            reasons = "; ".join(f.message for f in refusal.findings) or "not allowed"
            raise CliError(f"{pair.name} refused: {reasons}", EXIT_CHECK_FAILED) from None
        except LibraryError as exc:
            raise CliError(f"{pair.name}: {exc}", EXIT_CHECK_FAILED) from None
    emit(args, document, lambda: "\n".join([pair.name, *("  " + ln for ln in pair.lines)]))
    return 0


def run_create(args: argparse.Namespace) -> int:
    """Create the contractor a creation file describes, through the one runner."""
    from harbinger.app.contract.creation_file import CreationFileError, plan_creation
    from harbinger.app.contract.operations import store
    from harbinger.commands.operations import open_library, run_plan

    document = read_json_file(args.file, "creation file")
    try:
        plan = plan_creation(document)
    except CreationFileError as exc:
        raise CliError(f"{args.file}: {exc}") from None
    with open_library(args) as library:
        if library.exists(plan.character_id):
            raise CliError(
                f"{args.file}: the library already has a character {plan.character_id!r}"
            )

        return run_plan(args, "create", library, lambda: plan, store)


def _add_record_table(actions: argparse._SubParsersAction) -> None:
    """``record-table``: one Contract for the whole table (issue 32 item 1)."""
    from builder.contract.table import GmBonus

    table = actions.add_parser(
        "record-table",
        help="record one Contract for every contractor at the table, all or none",
        description="Record one Contract for the whole table in one transaction: every "
        "attendee's Contract (or a Ringer's Bonus Exp) and the GM's reward, or nothing if "
        "any of them is refused (exit 1).",
    )
    table.add_argument("--scenario", required=True, help="the Contract's scenario (required)")
    table.add_argument("--date", default="", help="date played, YYYY-MM-DD (default: today)")
    where = table.add_mutually_exclusive_group(required=True)
    where.add_argument("--home", action="store_true", help="played in the home Playgroup (+3 Exp)")
    where.add_argument(
        "--away", action="store_true", help="played outside the home Playgroup (+1 Exp)"
    )
    table.add_argument(
        "--attendee",
        action="append",
        required=True,
        metavar="ID:OUTCOME[:commission][:away]",
        help="one per seat: the contractor (for a Ringer, the one taking the Bonus Exp) and "
        "victory, loss, death, ringer-met or ringer-missed; ':commission' for the one the GM "
        "selects for the Commission, ':away' for a visitor from another Playgroup",
    )
    table.add_argument(
        "--gm", default="", metavar="ID", help="the GM's contractor: takes the Improvement"
    )
    table.add_argument("--gm-name", default="", help="who ran it (default: the GM's player)")
    table.add_argument(
        "--gm-bonus",
        choices=[b.value for b in GmBonus],
        default=GmBonus.NONE.value,
        help="+6 Bonus Exp for the GM under Into The Fold or The Golden Ratio",
    )
    table.add_argument("--notes", default="", help="notes kept with each Contract entry")
    table.add_argument("--cycle", default="", help="the Cycle this Contract belongs to")
    table.add_argument(
        "--cycle-continues",
        action="store_true",
        help="more Contracts of this Cycle follow (no Exp spent until it ends)",
    )
    add_json_flag(table)
    table.set_defaults(func=run_record_table)


def run_record_table(args: argparse.Namespace) -> int:
    """Plan every share, commit them together, print each contractor's figures."""
    from builder.contract.table import GmBonus, TableContract
    from builder.core.files import UnreadableFile, check_date
    from harbinger.app.common import InputError, Refused, commit, today
    from harbinger.app.contract.table import (
        parse_attendee,
        plan_table_contract,
        store_table,
        table_document,
    )
    from harbinger.commands.base import EXIT_CHECK_FAILED, emit
    from harbinger.commands.operations import open_library
    from models.errors import LibraryError

    try:
        seats = tuple(parse_attendee(text) for text in args.attendee)
        check_date(args.date, "--date")
    except InputError as exc:
        raise CliError(str(exc)) from None
    except UnreadableFile as exc:
        raise CliError(str(exc)) from None
    with open_library(args) as library:
        gm_name = args.gm_name
        if not gm_name and args.gm and library.exists(args.gm):
            gm_name = getattr(getattr(library.load(args.gm), "concept", None), "player", "")
        contract = TableContract(
            date=args.date or today(),
            scenario=args.scenario,
            home=bool(args.home),
            attendees=seats,
            gm_id=args.gm,
            gm_name=gm_name,
            gm_bonus=GmBonus(args.gm_bonus),
            notes=args.notes,
            cycle=args.cycle,
            cycle_continues=bool(args.cycle_continues),
        )
        table, plan = plan_table_contract(library, contract)
        document = table_document(table)
        try:
            commit(library, plan, store_table)
        except Refused as refusal:
            document["refused"] = [f.to_json() for f in refusal.findings]
            if args.json:
                emit(args, document, "")
            reasons = "; ".join(f.message for f in refusal.findings)
            raise CliError(f"{plan.name} refused: {reasons}", EXIT_CHECK_FAILED) from None
        except LibraryError as exc:
            raise CliError(f"{plan.name}: {exc}", EXIT_CHECK_FAILED) from None
    document["recorded"] = True
    notes = [f"  {f.severity.value}: {f.message}" for f in plan.findings]
    emit(args, document, lambda: "\n".join([plan.name, *("  " + ln for ln in plan.lines), *notes]))
    return 0


def add_db_reports(db_actions: argparse._SubParsersAction, action: str | None = None) -> None:
    """The Contract's reports on the whole library, ``db players`` and ``db due``, added to
    ``harbinger db``'s actions (only the one ``action`` names when it is not None).

    ``db`` names no game: the composition root (``harbinger.cli``) adds these after it.
    """
    if wanted(action, "players"):
        _add_players(db_actions)
    if wanted(action, "due"):
        _add_due(db_actions)


def _add_players(db_actions: argparse._SubParsersAction) -> None:
    """``db players``: each player's history."""
    players = db_actions.add_parser(
        "players",
        help="each player's history: Contracts played and GMed, victories, deaths, Exp earned",
        description="One line per player across all their contractors in the library: "
        "Contracts played and GMed, victories, deaths and Exp earned (not the starting 150).",
    )
    add_json_flag(players)
    players.set_defaults(func=run_players)


def _add_due(db_actions: argparse._SubParsersAction) -> None:
    """``db due``: what is due per contractor."""
    due = db_actions.add_parser(
        "due",
        help="what is due per contractor: Loose Ends at their Cutoff, unspent rewards, "
        "free Consumables, changed approvals, unwritten Journals",
        description="Every living contractor with something due: a Loose End whose Cutoff "
        "reached 0, unspent Gift Credits or Improvements, a free Consumable of this Downtime "
        "not crafted, an approved part the file no longer matches, a Journal claimed but "
        "not written.",
    )
    add_json_flag(due)
    due.set_defaults(func=run_due)


def run_players(args: argparse.Namespace) -> int:
    """Print every player's history."""
    from harbinger.app.contract.reports import histories
    from harbinger.commands.base import emit
    from harbinger.commands.operations import open_library

    with open_library(args) as library:
        found = histories(library)

    def text() -> str:
        if not found:
            return "No contractors in the library."
        head = f"{'player':<24} contractors  played  GMed  victories  deaths  Exp earned"
        rows = [
            f"{h.player[:24]:<24} {h.contractors:>11}  {h.contracts_played:>6}  "
            f"{h.contracts_gmed:>4}  {h.victories:>9}  {h.deaths:>6}  {h.exp_earned:>10}"
            for h in found
        ]
        return "\n".join([head, *rows])

    emit(args, {"players": [h.to_json() for h in found]}, text)
    return 0


def run_due(args: argparse.Namespace) -> int:
    """Print what is due, contractor by contractor."""
    from harbinger.app.contract.reports import due
    from harbinger.commands.base import emit
    from harbinger.commands.operations import open_library

    with open_library(args) as library:
        found = due(library)

    def text() -> str:
        if not found:
            return "Nothing is due."
        lines = []
        for one in found:
            who = f"{one.name} ({one.player})" if one.player else one.name
            lines.append(f"{who} [{one.id}]: {', '.join(one.badges)}")
            lines.extend(f"  - {item.message}" for item in one.items)
        return "\n".join(lines)

    emit(args, {"due": [one.to_json() for one in found]}, text)
    return 0
