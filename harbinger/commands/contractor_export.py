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
from typing import Any


def register(actions: argparse._SubParsersAction, noun: str) -> None:
    """Add ``export`` and ``gm-note`` to ``harbinger contractor``'s actions."""
    from harbinger.app.gm_notes import GM_NOTE, THREATS_NOT_DUE
    from harbinger.commands import gm_notes

    gm_notes.register(actions, "contract", noun)
    gm_notes.add_export(
        actions, noun, left_out=f"{GM_NOTE} and the {THREATS_NOT_DUE}", func=run_export
    )


def run_export(args: argparse.Namespace) -> int:
    """Write the full file or the player copy of one contractor."""
    from harbinger.app.contract.gm_notes import export_contractor
    from harbinger.commands.gm_notes import export_with

    def write(library: Any) -> Any:
        return export_contractor(library, args.id, args.output, for_player=args.player_copy)

    return export_with(args, write, lambda done: done.left_out_words())
