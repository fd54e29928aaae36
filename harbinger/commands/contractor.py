"""``harbinger contractor ...``: create and advance contractors of *The Contract* headless.

    harbinger [--db PATH|URL] contractor create FILE [--json]
    harbinger [--db PATH|URL] contractor record-contract ID --scenario S --outcome victory ...
    harbinger [--db PATH|URL] contractor journal|spend|buy-asset|gift|correct|... ID ...
    harbinger [--db PATH|URL] contractor weapon add|edit|remove ID ...

``create`` reads a creation file (the wizard's choices as JSON,
``resources/schemas/contractor-creation.v1.schema.json``); every other action
is an operation declared in ``harbinger.app.contract.declared`` and made into
a subcommand by ``harbinger.commands.operations``, so the desktop and the CLI
run the same code. A rule's refusal exits 1 with its reason; bad input 2.
"""

from __future__ import annotations

import argparse

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
    _register_weapons(actions)
    parser.set_defaults(func=_no_action)


def _register_weapons(actions: argparse._SubParsersAction) -> None:
    """``contractor weapon add|edit|remove ID ...``: the weapon operations (issue 31)."""
    from builder.contract.weapons import load_weapon_table
    from harbinger.app.contract.weapon_ops import WEAPON_OPERATIONS
    from harbinger.commands.operations import add_operations

    rows = ", ".join(w.id for w in load_weapon_table().weapons)
    weapon = actions.add_parser(
        "weapon",
        help="add, edit or remove a weapon on the sheet (from the rules' tables or custom)",
        description="Keep a contractor's weapons: copy a row of the rules' weapon tables "
        f"with add --table ROW (rows: {rows}) or write one by hand.",
    )
    weapon_actions = weapon.add_subparsers(dest="weapon_action", metavar="ACTION")
    add_operations(weapon_actions, WEAPON_OPERATIONS, NOUN)

    def missing(_args: argparse.Namespace) -> int:
        raise CliError(
            "choose an action: add, edit or remove (see harbinger contractor weapon --help)"
        )

    weapon.set_defaults(func=missing)


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
