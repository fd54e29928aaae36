"""``harbinger contractor export ID -o FILE [--player-copy]``, ``gm-note`` and ``show-gm-note``.

``export`` writes one contractor's file: by default the same file ``harbinger
db export`` writes (with the GM-only note when this connection may read it);
with ``--player-copy`` the copy for the player, without the GM note and
without the Threat of any Loose End whose Cutoff has not hit 0
(``harbinger.app.contract.gm_notes``). ``gm-note`` is the declared operation
of the same module, made into a subcommand like every other.
"""

from __future__ import annotations

import argparse

from harbinger.commands.base import CliError, add_json_flag, emit


def register(actions: argparse._SubParsersAction, noun: str) -> None:
    """Add ``export`` and ``gm-note`` to ``harbinger contractor``'s actions."""
    from harbinger.app.contract.gm_notes import GM_NOTE_OPERATIONS
    from harbinger.commands.operations import add_operations

    add_operations(actions, GM_NOTE_OPERATIONS, noun)
    show = actions.add_parser(
        "show-gm-note",
        help="print the GM-only note on a contractor (the Playgroup Leader's; refused to a "
        "player of a shared library)",
        description="Print the GM-only note on a contractor: its text, who wrote it and when. "
        "A player of a shared library may not read it (exit 1).",
    )
    show.add_argument("id", metavar="ID", help=f"id of the {noun} (see harbinger db list)")
    add_json_flag(show)
    show.set_defaults(func=run_show_note)
    export = actions.add_parser(
        "export",
        help="write a contractor's file; --player-copy leaves out GM notes and Threats not due yet",
        description="Write one contractor's file (replacing FILE if it exists). Without "
        "--player-copy it is the full file harbinger db export writes, with the GM-only "
        "note when you may read it; with it, the copy for the player: no GM note, and no "
        "Threat of a Loose End whose Cutoff has not hit 0.",
    )
    export.add_argument("id", metavar="ID", help=f"id of the {noun} (see harbinger db list)")
    export.add_argument("-o", "--output", required=True, metavar="FILE", help="file to write")
    export.add_argument(
        "--player-copy",
        action="store_true",
        help="the copy for the player: without GM notes and Threats not due yet",
    )
    add_json_flag(export)
    export.set_defaults(func=run_export)


def run_export(args: argparse.Namespace) -> int:
    """Write the full file or the player copy of one contractor."""
    from harbinger.app.common import InputError
    from harbinger.app.contract.gm_notes import export_contractor
    from harbinger.commands.operations import open_library
    from models.errors import CharacterNotFound, LibraryError

    with open_library(args) as library:
        try:
            done = export_contractor(library, args.id, args.output, for_player=args.player_copy)
        except CharacterNotFound:
            raise CliError(f"no character with id {args.id!r} in the library") from None
        except (InputError, LibraryError) as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None

    def text() -> str:
        if not done.player_copy:
            return f"{done.id} -> {done.path}"
        left = [f"{done.threats_left_out} Threat(s) not due yet"]
        if done.gm_note_left_out:
            left.insert(0, "the GM note")
        return f"{done.id} -> {done.path} (player copy, without {' and '.join(left)})"

    emit(args, {"exported": [done.to_json()]}, text)
    return 0


def run_show_note(args: argparse.Namespace) -> int:
    """Print the GM note on one contractor (nothing but a line saying so when there is none)."""
    from harbinger.app.common import InputError
    from harbinger.app.contract.gm_notes import load_gm_note
    from harbinger.commands.base import EXIT_CHECK_FAILED
    from harbinger.commands.operations import open_library
    from models.errors import CharacterNotFound, LibraryError

    with open_library(args) as library:
        try:
            note = load_gm_note(library, args.id)
        except CharacterNotFound:
            raise CliError(f"no character with id {args.id!r} in the library") from None
        except InputError as exc:
            raise CliError(str(exc)) from None
        except LibraryError as exc:
            raise CliError(str(exc), EXIT_CHECK_FAILED) from None

    def text() -> str:
        if note.empty:
            return "No GM notes."
        by = f" by {note.written_by}" if note.written_by else ""
        return f"{note.text}\n(written{by} on {note.date}; not shown to the player)"

    emit(args, {"id": note.id, "gm_notes": None if note.empty else note.to_json()}, text)
    return 0
