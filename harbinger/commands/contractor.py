"""``harbinger contractor ...``: create and advance contractors of *The Contract* headless.

    harbinger [--db PATH|URL] contractor create FILE [--json]
    harbinger [--db PATH|URL] contractor record-contract ID --scenario S --outcome victory ...
    harbinger [--db PATH|URL] contractor journal|spend|buy-asset|gift|correct|... ID ...

``create`` reads a creation file (the wizard's choices as JSON,
``resources/schemas/contractor-creation.v1.schema.json``); every other action
is an operation declared in ``harbinger.app.contract.declared`` and made into
a subcommand by ``harbinger.commands.operations``, so the desktop and the CLI
run the same code. A rule's refusal exits 1 with its reason; bad input 2.
"""

from __future__ import annotations

import argparse
from typing import Any

from harbinger.commands.base import CliError, add_json_flag, read_json_file

NOUN = "contractor"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add ``contractor`` with ``create`` and every declared operation."""
    from harbinger.app.contract.declared import OPERATIONS
    from harbinger.commands.operations import add_operations

    parser = subparsers.add_parser(
        "contractor",
        help="create a contractor from a creation file; record Contracts, spend Exp, add Gifts",
        description="Create and advance contractors of The Contract in the library "
        "(see --db). Each action is one named operation, as in the desktop app.",
    )
    actions = parser.add_subparsers(dest="contractor_action", metavar="ACTION")
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
    add_operations(actions, OPERATIONS, NOUN)
    add_pair_operations(actions)
    parser.set_defaults(func=_no_action)


def add_pair_operations(actions: argparse._SubParsersAction) -> None:
    """``transfer``: the operations that change two contractors at once."""
    from harbinger.app.contract.items import PAIR_OPERATIONS
    from harbinger.commands.operations import add_declared

    for op in PAIR_OPERATIONS:
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


def _no_action(_args: argparse.Namespace) -> int:
    raise CliError("choose an action (see harbinger contractor --help)")


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
