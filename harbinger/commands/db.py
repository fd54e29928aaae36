"""``harbinger db``: list the library, and move characters between it and files (SPEC §7).

    harbinger [--db PATH|URL] db list [--json]
    harbinger [--db PATH|URL] db export (ID | --all) -o PATH_OR_DIR [--json]
    harbinger [--db PATH|URL] db import FILE...
        [--on-conflict refuse|replace|keep-both|skip|copy] [--progress] [--json]

An import reads and checks every file before writing anything; a bad file or
a refused id conflict exits with 2, names the file and the problem, and
leaves the library unchanged.

Every game system in the registry (``builder.core.registry``) goes through
the same actions with no code of its own here: ``import`` reads any
registered system's file (told apart by its ``format``), ``export`` writes a
character in its own system's format, and ``list`` groups characters under
their system's noun ("contractors", …) and prints each
with its system's display name.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path
from typing import Any

from harbinger.commands.base import EXIT_CHECK_FAILED, CliError, add_json_flag, emit, wanted


def register(
    subparsers: argparse._SubParsersAction, action: str | None = None
) -> argparse._SubParsersAction:
    """Add ``db`` and its ``list``, ``export`` and ``import`` actions (only the one ``action``
    names when it is not None, see :func:`harbinger.commands.base.wanted`); returns the
    actions, to which a game's own reports of the whole library are added (The Contract's
    ``db players``: the composition root, ``harbinger.cli``, adds them; this module names
    no game)."""
    parser = subparsers.add_parser(
        "db",
        help="list the library; export and import character files",
        description="Work with the character library (see --db to pick one).",
    )
    actions = parser.add_subparsers(dest="db_action", metavar="ACTION")
    parser.set_defaults(func=_no_action)
    if wanted(action, "list"):
        _add_list(actions)
    if wanted(action, "export"):
        _add_export(actions)
    if wanted(action, "import"):
        _add_import(actions)
    return actions


def _add_list(actions: argparse._SubParsersAction) -> None:
    listing = actions.add_parser(
        "list", help="every character in the library, of every game system"
    )
    add_json_flag(listing)
    listing.set_defaults(func=run_list)


def _add_export(actions: argparse._SubParsersAction) -> None:
    export = actions.add_parser("export", help="write characters to character files")
    which = export.add_mutually_exclusive_group(required=True)
    which.add_argument("id", nargs="?", metavar="ID", help="id of the character to export")
    which.add_argument("--all", action="store_true", help="export every character")
    export.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="PATH_OR_DIR",
        help="file to write, or a folder to write <name>-<id>.json files into (a file "
        "already in the folder is left alone and the export refused, unless --overwrite)",
    )
    export.add_argument(
        "--overwrite",
        action="store_true",
        help="replace files of the same name already in the folder",
    )
    add_json_flag(export)
    export.set_defaults(func=run_export)


def _add_import(actions: argparse._SubParsersAction) -> None:
    importing = actions.add_parser(
        "import",
        help="add character files to the library",
        description="Add character files to the library, all of them or none: every file "
        "is read and checked first, and a bad file or a refused conflict leaves the "
        "library unchanged (exit 2).",
    )
    importing.add_argument("files", nargs="+", metavar="FILE", help="character files to import")
    importing.add_argument(
        "--on-conflict",
        choices=("refuse", "replace", "keep-both", "skip", "copy"),
        default="refuse",
        help="when a file's character is already in the library (same id): refuse "
        "(default: nothing is imported, exit 2); replace the stored one; keep-both (the "
        "file's is added with a new id and a numbered name, e.g. 'Ines Varga (2)'); skip "
        "the file; copy (like keep-both, but the name is kept as it is)",
    )
    importing.add_argument(
        "--progress",
        action="store_true",
        help="show on stderr how many files have been read and stored (one line, updated "
        "in place on a terminal; a line per step of 5%% otherwise)",
    )
    add_json_flag(importing)
    importing.set_defaults(func=run_import)


def _no_action(_args: argparse.Namespace) -> int:
    raise CliError("choose an action: list, export or import (see harbinger db --help)")


def _open(args: argparse.Namespace) -> Any:
    from harbinger.shell.paths import library_url
    from models.errors import LibraryError
    from models.library import Library

    try:
        return Library.open(library_url(args.db))
    except LibraryError as exc:
        raise _cli_error(exc) from None


def _cli_error(exc: Exception) -> CliError:
    """A library's refusal for the command line: exit 1 when the input was fine but the
    library failed (an upgrade, a busy shared server), 2 otherwise."""
    from models.errors import LibraryBusy, MigrationFailed

    failed = isinstance(exc, MigrationFailed | LibraryBusy)
    return CliError(str(exc), EXIT_CHECK_FAILED if failed else 2)


# --------------------------------------------------------------------------- list


def list_key(noun: str) -> str:
    """The ``db list --json`` key of a system's characters: its noun, plural, in snake case.

    "contractor" gives "contractors", "Ship's cat" "ship_s_cats".
    """
    return re.sub(r"[^a-z0-9]+", "_", noun.lower()).strip("_") + "s"


def _system_noun(system_id: str) -> str:
    from builder.core.registry import system

    try:
        return system(system_id).noun
    except KeyError:
        return f"{system_id} character"


def _listed(entry: Any) -> dict[str, Any]:
    """One roster entry as ``db list --json`` shows it.

    Every entry has its id, name, player and ``system``; a system that counts
    victories (The Contract) adds them with the Status and ``alive``, any other
    says whether its character was ``eliminated`` (is out of play).
    """
    row: dict[str, Any] = {
        "id": entry.id,
        "name": entry.name,
        "player": entry.player,
        "system": entry.system,
    }
    if entry.victories is not None:
        row.update(victories=entry.victories, status=entry.standing, alive=entry.alive)
    else:
        row["eliminated"] = not entry.alive
    row["approval_state"] = entry.approval_state
    row["updated_at"] = entry.updated_at.strftime("%Y-%m-%dT%H:%M:%SZ")
    return row


def _line(entry: Any) -> str:
    """One roster entry as ``db list`` prints it, with its system's display name."""
    player = f" [{entry.player}]" if entry.player else ""
    what = entry.system_name or entry.system
    if entry.victories is not None:
        count = entry.victories
        what += f", {entry.standing}, {count} {'victory' if count == 1 else 'victories'}"
    out = "" if entry.alive else ("  (dead)" if entry.victories is not None else "  (out of play)")
    return f"{entry.id}  {entry.name}{player}  {what}{out}"


def run_list(args: argparse.Namespace) -> int:
    from builder.core.registry import systems
    from models.errors import LibraryError

    with _open(args) as library:
        try:
            roster = library.roster()
        except LibraryError as exc:  # a busy shared library, a forged row...
            raise _cli_error(exc) from None
    groups: dict[str, list[dict[str, Any]]] = {list_key(s.noun): [] for s in systems()}
    for entry in roster:
        groups.setdefault(list_key(_system_noun(entry.system)), []).append(_listed(entry))

    def text() -> str:
        if not roster:
            return "The library is empty."
        return "\n".join(_line(entry) for entry in roster)

    emit(args, groups, text)
    return 0


# --------------------------------------------------------------------------- export


def file_name(name: str, contractor_id: str) -> str:
    """A portable file name for a character's file, ``<name>-<id>.json``, from slugs only
    (``builder.core.names.file_name``): an id such as ``../../etc/x`` cannot add a folder."""
    from builder.core.names import file_name as safe_file_name

    return safe_file_name(name, contractor_id)


def _folder_targets(folder: Path, entries: list[tuple[str, str]]) -> list[tuple[str, Path]]:
    """(id, path) for each (id, name), each path a distinct plain file inside ``folder``.

    The folder is resolved once and every path checked to stay in it
    (``builder.core.names.inside``); two characters whose names and ids give the
    same file name are told apart by a counter, never written over each other.
    """
    from builder.core.names import OutsideFolder, inside

    taken: set[str] = set()
    targets = []
    for character_id, name in entries:
        base = file_name(name, character_id)
        candidate, n = base, 2
        while candidate.casefold() in taken:
            candidate = f"{base.removesuffix('.json')}-{n}.json"
            n += 1
        taken.add(candidate.casefold())
        try:
            targets.append((character_id, inside(folder, candidate)))
        except OutsideFolder as exc:  # pragma: no cover - a slug is always a plain name
            raise CliError(str(exc)) from None
    return targets


def _refuse_unsafe_ids(ids: list[str]) -> None:
    """Exit 2, before anything is written, when the library holds an id that is not the
    safe shape (a library filled by an older Harbinger may): it is named, never used."""
    from builder.core.names import id_problem

    for character_id in ids:
        problem = id_problem(character_id)
        if problem is not None:
            raise CliError(f"the library holds a character whose {problem}; nothing was exported")


def _refuse_existing(targets: list[tuple[str, Path]]) -> None:
    """Exit 2, before anything is written, when a file Harbinger named is already there."""
    existing = [path for _id, path in targets if os.path.lexists(path)]
    if existing:
        more = f" (and {len(existing) - 1} more)" if len(existing) > 1 else ""
        raise CliError(
            f"{existing[0]} already exists{more}; nothing was exported "
            "(add --overwrite to replace what is there)"
        )


def _entries(args: argparse.Namespace, library: Any, output: Path) -> tuple[list[Any], bool]:
    """(id, name) of each character to export, and whether they go into a folder."""
    from builder.core.registry import system

    if args.all:
        if output.exists() and not output.is_dir():
            raise CliError(f"{output} is a file; --all needs a folder to write into")
        return [(e.id, e.name) for e in library.roster()], True
    held = library.system_of(args.id)
    if held is None:
        raise CliError(f"no character with id {args.id!r} in this library")
    in_folder = output.is_dir() or args.output.endswith(("/", "\\"))
    if not in_folder:  # the user named the file itself: writing it is what was asked
        return [(args.id, "")], False
    _refuse_unsafe_ids([args.id])
    return [(args.id, system(held).identity(library.load(args.id)).name)], True


def _write_one(library: Any, character_id: str, path: Path, create_only: bool) -> Path:
    """Write one character's file; ``create_only`` never replaces a file already there."""
    from builder.core.names import write_new
    from builder.core.registry import FileFormatError
    from models.errors import LibraryError

    try:
        if create_only:
            return write_new(path, library.file_bytes(character_id))
        path.parent.mkdir(parents=True, exist_ok=True)
        return Path(library.export_file(character_id, path))
    except LibraryError as exc:
        raise _cli_error(exc) from None
    except FileFormatError as exc:  # a stored character its own system refuses now
        raise CliError(f"cannot export {character_id!r}: {exc}") from None
    except FileExistsError:
        raise CliError(
            f"{path} appeared while exporting; it was left as it is (add --overwrite to replace it)"
        ) from None
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None


def run_export(args: argparse.Namespace) -> int:
    output = Path(args.output)
    overwrite = bool(getattr(args, "overwrite", False))
    with _open(args) as library:
        entries, in_folder = _entries(args, library, output)
        if in_folder:
            _refuse_unsafe_ids([character_id for character_id, _name in entries])
            try:
                output.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CliError(f"cannot make the folder {output}: {exc.strerror or exc}") from None
            targets = _folder_targets(output, entries)
            if not overwrite:
                _refuse_existing(targets)
        else:
            targets = [(args.id, output)]
        exported = [
            {"id": cid, "path": str(_write_one(library, cid, path, in_folder and not overwrite))}
            for cid, path in targets
        ]

    def text() -> str:
        if not exported:
            return "The library is empty; nothing was exported."
        return "\n".join(f"{e['id']} -> {e['path']}" for e in exported)

    emit(args, {"exported": exported}, text)
    return 0


# --------------------------------------------------------------------------- import


class _Progress:
    """``--progress``: how far an import is, on stderr, apart from the results on stdout.

    On a terminal one line is rewritten in place ("reading 412/1000") and
    ended when the import ends; otherwise (a log, a pipe) a line is written
    every twentieth of the files and at the end of each phase. Only our own
    words and numbers are printed, never a file's text.
    """

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.live = bool(getattr(stream, "isatty", lambda: False)())
        self.shown = False

    def __call__(self, phase: str, done: int, total: int) -> None:
        line = f"{phase} {done}/{total}"
        if self.live:
            self.stream.write(f"\r{line}")
            self.stream.flush()
            self.shown = True
            return
        step = max(1, total // 20)
        if done == total or done % step == 0:
            print(line, file=self.stream, flush=True)

    def end(self) -> None:
        """Finish the line rewritten in place (a terminal), so what follows starts afresh."""
        if self.shown:
            self.stream.write("\n")
            self.stream.flush()
            self.shown = False


ON_CONFLICT_HINT = "say which with --on-conflict replace, keep-both, copy or skip"
"""What a refused duplicate import adds on the command line: the option that settles it."""


def _what_was_imported(exc: Exception) -> str:
    """What a failed import left stored: nothing, or the batches before the failing one
    (``Library.import_files`` stores a batch of files per transaction)."""
    stored = getattr(exc, "stored_before", 0)
    if not stored:
        return "nothing was imported"
    return f"the {stored} files before its batch were imported; nothing of its batch or after it"


def run_import(args: argparse.Namespace) -> int:
    from builder.core.registry import FileFormatError
    from models.errors import ImportConflict, LibraryError

    progress = _Progress(sys.stderr) if getattr(args, "progress", False) else None
    with _open(args) as library:
        try:
            results = library.import_files(args.files, args.on_conflict, progress=progress)
        except FileFormatError as exc:
            raise CliError(f"{exc.source}: {exc}; {_what_was_imported(exc)}") from None
        except ImportConflict as exc:
            raise CliError(f"{exc}; {_what_was_imported(exc)} ({ON_CONFLICT_HINT})") from None
        except LibraryError as exc:
            raise CliError(f"{exc}; {_what_was_imported(exc)}") from None
        finally:
            if progress is not None:
                progress.end()
    imported = [
        {
            "source": r.source,
            "id": r.contractor_id,
            "name": r.name,
            "action": r.action,
            "family": r.system,
            "system": r.system,
            **({"report": list(r.report)} if r.report else {}),
        }
        for r in results
    ]

    def text() -> str:
        return "\n".join(
            f"{i['source']}: {i['action']} {i['name']} ({i['id']})"
            + "".join(f"\n  {line}" for line in i.get("report", ()))
            for i in imported
        )

    emit(args, {"imported": imported}, text)
    return 0
