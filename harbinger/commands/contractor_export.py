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
    from harbinger.commands import gm_notes

    gm_notes.register(actions, "contract", noun)
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
