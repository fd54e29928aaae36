"""``harbinger db``: list the library, and move characters between it and files (SPEC §7).

    harbinger [--db PATH|URL] db list [--json]
    harbinger [--db PATH|URL] db export (ID | --all) -o PATH_OR_DIR [--json]
    harbinger [--db PATH|URL] db import FILE... [--on-conflict refuse|replace|copy] [--json]

An import reads and checks every file before writing anything; a bad file or
a refused id conflict exits with 2, names the file and the problem, and
leaves the library unchanged.

Covenant characters (harbinger.covenant files) go through the same actions:
``list`` shows them under ``covenant_characters``, ``export`` writes them as
Covenant files, and ``import`` tells the two formats apart by their content.
"""

from __future__ import annotations

import argparse
import re
import unicodedata
from pathlib import Path
from typing import Any

from harbinger.commands.base import EXIT_CHECK_FAILED, CliError, add_json_flag, emit


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``db`` and its ``list``, ``export`` and ``import`` actions."""
    parser = subparsers.add_parser(
        "db",
        help="list the library; export and import character files",
        description="Work with the contractor library (see --db to pick one).",
    )
    actions = parser.add_subparsers(dest="db_action", metavar="ACTION")

    listing = actions.add_parser(
        "list", help="every contractor and Covenant character in the library"
    )
    add_json_flag(listing)
    listing.set_defaults(func=run_list)

    export = actions.add_parser("export", help="write characters to character files")
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", metavar="ID", help="id of the character to export")
    which.add_argument("--all", action="store_true", help="export every character")
    export.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="PATH_OR_DIR",
        help="file to write, or a folder to write <name>-<id>.json files into",
    )
    add_json_flag(export)
    export.set_defaults(func=run_export)

    importing = actions.add_parser("import", help="add character files to the library")
    importing.add_argument("files", nargs="+", metavar="FILE", help="character files to import")
    importing.add_argument(
        "--on-conflict",
        choices=("refuse", "replace", "copy"),
        default="refuse",
        help="when a character's id is already in the library: refuse (default, "
        "nothing is imported), replace the stored one, or copy (keep both, new id)",
    )
    add_json_flag(importing)
    importing.set_defaults(func=run_import)

    parser.set_defaults(func=_no_action)


def _no_action(_args: argparse.Namespace) -> int:
    raise CliError("choose an action: list, export or import (see harbinger db --help)")


def _open(args: argparse.Namespace) -> Any:
    from models.errors import LibraryError
    from models.library import Library

    try:
        return Library.open(args.db)
    except LibraryError as exc:
        raise _cli_error(exc) from None


def _cli_error(exc: Exception) -> CliError:
    from models.errors import MigrationFailed

    return CliError(str(exc), EXIT_CHECK_FAILED if isinstance(exc, MigrationFailed) else 2)


# --------------------------------------------------------------------------- list


def run_list(args: argparse.Namespace) -> int:
    from models.covenant_store import FAMILY_COVENANT

    with _open(args) as library:
        roster = library.roster()
    covenant = [
        {
            "id": entry.id,
            "name": entry.name,
            "player": entry.player,
            "eliminated": not entry.alive,
            "approval_state": entry.approval_state,
            "updated_at": entry.updated_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        for entry in roster
        if entry.family == FAMILY_COVENANT
    ]
    rows = [
        {
            "id": entry.id,
            "name": entry.name,
            "player": entry.player,
            "victories": entry.victories,
            "status": entry.status.label,
            "alive": entry.alive,
            "approval_state": entry.approval_state,
            "updated_at": entry.updated_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        }
        for entry in roster
        if entry.family != FAMILY_COVENANT
    ]

    def text() -> str:
        if not rows and not covenant:
            return "The library is empty."
        lines = []
        for row in rows:
            dead = "" if row["alive"] else "  (dead)"
            player = f" [{row['player']}]" if row["player"] else ""
            lines.append(
                f"{row['id']}  {row['name']}{player}  {row['status']}, "
                f"{row['victories']} victories{dead}"
            )
        for row in covenant:
            out = "  (eliminated)" if row["eliminated"] else ""
            player = f" [{row['player']}]" if row["player"] else ""
            lines.append(f"{row['id']}  {row['name']}{player}  Covenant character{out}")
        return "\n".join(lines)

    emit(args, {"contractors": rows, "covenant_characters": covenant}, text)
    return 0


# --------------------------------------------------------------------------- export


def file_name(name: str, contractor_id: str) -> str:
    """A portable file name for a contractor's file: ``<name>-<id>.json`` in plain letters."""
    ascii_name = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii")
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_name.lower()).strip("-")[:40].strip("-")
    return f"{slug or 'contractor'}-{contractor_id}.json"


def run_export(args: argparse.Namespace) -> int:
    from models.errors import LibraryError

    output = Path(args.output)
    with _open(args) as library:
        if args.all:
            if output.exists() and not output.is_dir():
                raise CliError(f"{output} is a file; --all needs a folder to write into")
            targets = [(e.id, output / file_name(e.name, e.id)) for e in library.roster()]
        else:
            family = library.family_of(args.id)
            if family is None:
                raise CliError(f"no contractor with id {args.id!r} in this library")
            if output.is_dir() or args.output.endswith(("/", "\\")):
                name = (
                    library.load(args.id).concept.name
                    if family == "contract"
                    else library.load_covenant(args.id).name
                )
                targets = [(args.id, output / file_name(name, args.id))]
            else:
                targets = [(args.id, output)]
        exported = []
        for contractor_id, path in targets:
            try:
                path.parent.mkdir(parents=True, exist_ok=True)
                written = library.export_file(contractor_id, path)
            except LibraryError as exc:
                raise _cli_error(exc) from None
            except OSError as exc:
                raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
            exported.append({"id": contractor_id, "path": str(written)})

    def text() -> str:
        if not exported:
            return "The library is empty; nothing was exported."
        return "\n".join(f"{e['id']} -> {e['path']}" for e in exported)

    emit(args, {"exported": exported}, text)
    return 0


# --------------------------------------------------------------------------- import


def run_import(args: argparse.Namespace) -> int:
    from builder.contract.file import CharacterFileError
    from models.errors import LibraryError

    with _open(args) as library:
        try:
            results = library.import_files(args.files, args.on_conflict)
        except CharacterFileError as exc:
            raise CliError(f"{exc.source}: {exc}; nothing was imported") from None
        except LibraryError as exc:
            raise CliError(f"{exc}; nothing was imported") from None
    imported = [
        {
            "source": r.source,
            "id": r.contractor_id,
            "name": r.name,
            "action": r.action,
            "family": r.family,
        }
        for r in results
    ]

    def text() -> str:
        return "\n".join(f"{i['source']}: {i['action']} {i['name']} ({i['id']})" for i in imported)

    emit(args, {"imported": imported}, text)
    return 0
