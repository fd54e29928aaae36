"""GM-only notes and the player copy (issue 31 item 6), for ``harbinger contractor`` and the sheet.

``gm-note`` sets the note a Playgroup Leader (or, in a personal library, the
one user) keeps on a contractor; the player never sees it. The note is not
part of the contractor value: ``load_gm_note`` reads it from the library
(refused for a player of a shared library), ``plan_gm_note`` works out the
edit and ``store_gm_note`` keeps it, so the usual runner and undo apply.

``export_bytes`` writes a contractor's file: the full export (the library's
own, with the GM note when this connection may read it) or the player copy
(``builder.contract.player_copy``: no GM note, no Threat whose Cutoff has not
hit 0, marked ``"player_copy": true``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from builder.contract.character import Contractor
from builder.contract.file import dumps_character_file
from builder.contract.player_copy import hidden_threats, player_copy
from builder.core.file_writer import write_atomically
from builder.core.gm_notes import GmNote, gm_note_problem
from harbinger.app.common import (
    InputError,
    Operation,
    Plan,
    about,
    dated,
    operation_table,
    today,
)

SYSTEM_ID = "contract"


@dataclass(frozen=True, slots=True)
class SetGmNote:
    """The GM-only note's new text ("" removes the note)."""

    text: str = field(metadata=about("the GM-only note, never shown to the player ('' removes it)"))
    date: str = dated("date written")


def load_gm_note(library: Any, character_id: str) -> GmNote:
    """The GM note on the contractor ``character_id`` (empty when none).

    CharacterNotFound for an unknown id, InputError for another game's
    character, NotAllowed for a player of a shared library.
    """
    held = library.system_of(character_id)
    if held is not None and held != SYSTEM_ID:
        raise InputError(f"{character_id!r} is not a contractor")
    return library.gm_note(character_id)


def plan_gm_note(current: GmNote, given: SetGmNote) -> Plan[GmNote]:
    """Replace the GM note's text (dated ``given.date`` or today); "" removes the note."""
    problem = gm_note_problem(given.text)
    if problem is not None:
        raise InputError(f"--text: {problem}")
    if given.date and not re.fullmatch(r"\d{4}-\d{2}-\d{2}", given.date):
        raise InputError(f"--date: expected YYYY-MM-DD, not {given.date!r}")
    text = given.text.strip()
    if text == current.text:
        after = current
    elif text:
        after = GmNote(current.id, text, current.written_by, given.date or today())
    else:
        after = GmNote(current.id)
    if after.empty:
        lines: tuple[str, ...] = ("GM note removed",) if not current.empty else ()
    else:
        lines = (f"{len(text):,} characters, not shown to the player",)
    return Plan("Edit GM notes", current, after, (), lines, roster=False)


def store_gm_note(library: Any, held: GmNote | None, wanted: GmNote | None) -> None:
    """Make the library keep ``wanted`` as the note (None or empty: no note)."""
    target = wanted if wanted is not None else held
    if target is None:
        return
    library.put_gm_note(wanted if wanted is not None else GmNote(target.id))


GM_NOTE_OPERATIONS: dict[str, Operation] = operation_table(
    Operation(
        "gm-note",
        "Edit GM notes",
        "set the GM-only note on a contractor (the Playgroup Leader's; the player never "
        "sees it, and a player of a shared library may not read or write it)",
        SetGmNote,
        plan_gm_note,
        GmNote,
        store_gm_note,
        load=load_gm_note,
    )
)
"""The GM note operation, added to ``harbinger contractor`` beside ``declared.OPERATIONS``."""


# --------------------------------------------------------------------------- export


@dataclass(frozen=True, slots=True)
class Exported:
    """What an export wrote: where, which copy, and what the player copy left out."""

    id: str
    path: str
    player_copy: bool
    gm_note_left_out: bool
    threats_left_out: int

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "path": self.path,
            "player_copy": self.player_copy,
            "gm_note_left_out": self.gm_note_left_out,
            "threats_left_out": self.threats_left_out,
        }


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
    written = write_atomically(Path(path), data)
    return Exported(
        exported.id,
        str(written),
        exported.player_copy,
        exported.gm_note_left_out,
        exported.threats_left_out,
    )
