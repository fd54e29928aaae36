"""``gm-note`` and ``show-gm-note`` for any game's characters (issue 31 item 6).

``gm-note`` is the declared operation of ``harbinger.app.gm_notes`` made into
a subcommand like every other; ``show-gm-note`` prints the note (text, who
wrote it, when) and is refused to a player of a shared library (exit 1).
Each game's command adds both with :func:`register` and its own noun.

``export ID -o FILE [--player-copy]`` (:func:`register_export`) writes one
character's file, or with ``--player-copy`` the copy for the player without the
GM note, for Covenant, This Mortal Coil and The Coven; The Contract's own
``contractor export`` also leaves out the Threats not due yet.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from harbinger.commands.base import CliError, add_json_flag, emit


def register(actions: argparse._SubParsersAction, system_id: str, noun: str) -> None:
    """Add ``gm-note`` and ``show-gm-note`` for the characters of ``system_id``."""
    from harbinger.app.gm_notes import gm_note_operations
    from harbinger.commands.operations import add_operations

    add_operations(actions, gm_note_operations(system_id, noun), noun)
    show = actions.add_parser(
        "show-gm-note",
        help=f"print the GM-only note on a {noun} (the Playgroup Leader's; refused to a "
        "player of a shared library)",
        description=f"Print the GM-only note on a {noun}: its text, who wrote it and when. "
        "A player of a shared library may not read it (exit 1).",
    )
    show.add_argument("id", metavar="ID", help=f"id of the {noun} (see harbinger db list)")
    add_json_flag(show)
    show.set_defaults(func=run_show_note, gm_system=system_id, gm_noun=noun)


def run_show_note(args: argparse.Namespace) -> int:
    """Print the GM note on one character (nothing but a line saying so when there is none)."""
    from harbinger.app.common import InputError
    from harbinger.app.gm_notes import load_note_of
    from harbinger.commands.base import EXIT_CHECK_FAILED
    from harbinger.commands.operations import open_library
    from models.errors import CharacterNotFound, LibraryError

    with open_library(args) as library:
        try:
            note = load_note_of(library, args.id, args.gm_system, args.gm_noun)
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


def register_export(actions: argparse._SubParsersAction, system_id: str, noun: str) -> None:
    """Add ``export ID -o FILE [--player-copy]`` for the characters of ``system_id``."""
    from harbinger.app.gm_notes import GM_NOTE

    add_export(
        actions,
        noun,
        left_out=GM_NOTE,
        func=run_export,
        gm_system=system_id,
        gm_noun=noun,
    )


def add_export(
    actions: argparse._SubParsersAction, noun: str, *, left_out: str, **defaults: Any
) -> None:
    """The ``export ID -o FILE [--player-copy]`` parser every game shares; ``left_out`` says
    what the player copy leaves out, ``defaults`` name the runner and what it needs."""
    export = actions.add_parser(
        "export",
        help=f"write a {noun}'s file; --player-copy leaves out {left_out}",
        description=f"Write one {noun}'s file (replacing FILE if it exists). Without "
        "--player-copy it is the full file harbinger db export writes, with the GM-only "
        f"note when you may read it; with it, the copy for the player, without {left_out}.",
    )
    export.add_argument("id", metavar="ID", help=f"id of the {noun} (see harbinger db list)")
    export.add_argument("-o", "--output", required=True, metavar="FILE", help="file to write")
    export.add_argument(
        "--player-copy",
        action="store_true",
        help=f"the copy for the player: without {left_out}",
    )
    add_json_flag(export)
    export.set_defaults(**defaults)


def run_export(args: argparse.Namespace) -> int:
    """Write the full file or the player copy of one character."""
    from harbinger.app.gm_notes import export_character

    def write(library: Any) -> Any:
        return export_character(
            library,
            args.id,
            args.output,
            args.gm_system,
            args.gm_noun,
            for_player=args.player_copy,
        )

    return export_with(args, write, lambda done: done.left_out_words())


def export_with(
    args: argparse.Namespace, write: Callable[[Any], Any], words: Callable[[Any], str]
) -> int:
    """Run an export operation on the library ``args`` names and report what it wrote:
    ``words`` says what a player copy left out."""
    from harbinger.app.common import InputError
    from harbinger.commands.operations import open_library
    from models.errors import CharacterNotFound, LibraryError

    with open_library(args) as library:
        try:
            done = write(library)
        except CharacterNotFound:
            raise CliError(f"no character with id {args.id!r} in the library") from None
        except (InputError, LibraryError) as exc:
            raise CliError(str(exc)) from None
        except OSError as exc:
            raise CliError(f"cannot write {args.output}: {exc.strerror or exc}") from None

    def text() -> str:
        if not done.player_copy:
            return f"{done.id} -> {done.path}"
        return f"{done.id} -> {done.path} (player copy, {words(done)})"

    emit(args, {"exported": [done.to_json()]}, text)
    return 0
