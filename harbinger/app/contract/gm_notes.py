"""GM-only notes and the player copy (issue 31 item 6), for ``harbinger contractor`` and the sheet.

``gm-note`` sets the note a Playgroup Leader (or, in a personal library, the
one user) keeps on a contractor; the player never sees it. It is the
game-neutral operation of ``harbinger.app.gm_notes`` (every game's character
may have a note), made for contractors here.

``export_bytes`` writes a contractor's file: the full export (the library's
own, with the GM note when this connection may read it) or the player copy
(``builder.contract.player_copy``: no GM note, no Threat whose Cutoff has not
hit 0, marked ``"player_copy": true``), reported as every game's export is
(``harbinger.app.gm_notes.Exported``) with the count of Threats it left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from builder.contract.character import Contractor
from builder.contract.file import dumps_character_file
from builder.contract.player_copy import hidden_threats, player_copy
from builder.core.gm_notes import GmNote
from harbinger.app.common import InputError, Operation
from harbinger.app.gm_notes import (
    Exported,
    SetGmNote,
    gm_note_operations,
    load_note_of,
    plan_gm_note,
    store_gm_note,
    write_export,
)

SYSTEM_ID = "contract"

__all__ = [
    "GM_NOTE_OPERATIONS",
    "SetGmNote",
    "export_contractor",
    "load_gm_note",
    "plan_gm_note",
    "store_gm_note",
]


def load_gm_note(library: Any, character_id: str) -> GmNote:
    """The GM note on the contractor ``character_id`` (``harbinger.app.gm_notes.load_note_of``)."""
    return load_note_of(library, character_id, SYSTEM_ID, "contractor")


GM_NOTE_OPERATIONS: dict[str, Operation] = gm_note_operations(SYSTEM_ID, "contractor")
"""The GM note operation, added to ``harbinger contractor`` beside ``declared.OPERATIONS``."""


# --------------------------------------------------------------------------- export


def export_bytes(library: Any, character_id: str, *, for_player: bool) -> tuple[bytes, Exported]:
    """A contractor's file: the full export, or (``for_player``) the player copy.

    CharacterNotFound for an unknown id; InputError for another game's
    character asked as a player copy.
    """
    if not for_player:
        data = library.file_bytes(character_id)
        return data, Exported(character_id, "", False, False, 0)
    stored = library.load_stored(character_id)
    contractor = stored.character
    if not isinstance(contractor, Contractor):
        raise InputError(
            f"{character_id!r} is not a contractor: only a contractor has a player copy"
        )
    note_kept = library.may_read_gm_notes and not library.gm_note(character_id).empty
    data = dumps_character_file(
        player_copy(contractor), approvals=stored.approvals, player_copy=True
    )
    hidden = len(hidden_threats(contractor))
    return data, Exported(character_id, "", True, note_kept, hidden)


def export_contractor(
    library: Any, character_id: str, path: str | Path, *, for_player: bool
) -> Exported:
    """Write a contractor's file (atomically) at ``path``; see :func:`export_bytes`."""
    data, exported = export_bytes(library, character_id, for_player=for_player)
    return write_export(path, data, exported)
