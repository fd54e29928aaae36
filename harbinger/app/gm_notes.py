"""GM-only notes on any game's character (issue 31 item 6), one operation for every game.

The note is not part of the character's value: ``gm_note_operations`` builds,
for one game, the ``gm-note`` operation whose ``load`` reads the note from the
library (refused for a player of a shared library, and for another game's
character), whose ``plan`` (:func:`plan_gm_note`) works out the edit and whose
``store`` (:func:`store_gm_note`) keeps it, so the usual runner and undo
apply. The Contract, Covenant, This Mortal Coil and The Coven all use it; only
the noun in the messages differs.

``export_character`` writes one character's file: the full export (with the GM
note when this connection may read it) or the copy for the player, without it.
Covenant, This Mortal Coil and The Coven keep nothing else from their players:
their rules texts give the GM no hidden part of a character, so the GM note is
all a player copy leaves out. The Contract's player copy also leaves out the
Threats not due yet (``harbinger.app.contract.gm_notes``).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

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


@dataclass(frozen=True, slots=True)
class SetGmNote:
    """The GM-only note's new text ("" removes the note)."""

    text: str = field(metadata=about("the GM-only note, never shown to the player ('' removes it)"))
    date: str = dated("date written")


def load_note_of(library: Any, character_id: str, system_id: str, noun: str) -> GmNote:
    """The GM note on ``character_id``, a character of the game ``system_id`` (empty when none).

    CharacterNotFound for an unknown id, InputError for another game's
    character (``noun`` names what was expected), NotAllowed for a player of
    a shared library.
    """
    held = library.system_of(character_id)
    if held is not None and held != system_id:
        raise InputError(f"{character_id!r} is not a {noun}")
    return library.gm_note(character_id)


def note_loader(system_id: str, noun: str) -> Callable[[Any, str], GmNote]:
    """The ``load`` of one game's ``gm-note`` operation (see :func:`load_note_of`)."""

    def load(library: Any, character_id: str) -> GmNote:
        return load_note_of(library, character_id, system_id, noun)

    return load


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


def gm_note_operations(system_id: str, noun: str) -> dict[str, Operation]:
    """The ``gm-note`` operation for the characters of the game ``system_id``.

    ``noun`` is what the game calls its character ("contractor", "spacefarer"),
    used in the help and in the refusal of another game's character.
    """
    return operation_table(
        Operation(
            "gm-note",
            "Edit GM notes",
            f"set the GM-only note on a {noun} (the Playgroup Leader's; the player never "
            "sees it, and a player of a shared library may not read or write it)",
            SetGmNote,
            plan_gm_note,
            GmNote,
            store_gm_note,
            load=note_loader(system_id, noun),
        )
    )


# --------------------------------------------------------------------------- export

GM_NOTE = "the GM note"
"""What the app calls the GM-only note of a character in every message (one note a character,
as ``gm-note`` writes it; the rules texts name no such thing)."""

THREATS_NOT_DUE = "Threats not due yet"
"""The Contract's Loose End Threats whose Cutoff has not hit 0, which a player copy leaves out."""


@dataclass(frozen=True, slots=True)
class Exported:
    """What an export wrote: whose file, where, whether it is the player copy, and what that
    copy left out: the GM note, and, in a game whose GM keeps Threats from the player (The
    Contract's Loose Ends), how many Threats not due yet (None in a game without them)."""

    id: str
    path: str
    player_copy: bool
    gm_note_left_out: bool
    threats_left_out: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The export's report for ``--json``; ``threats_left_out`` only in a game with Threats."""
        data: dict[str, Any] = {
            "id": self.id,
            "path": self.path,
            "player_copy": self.player_copy,
            "gm_note_left_out": self.gm_note_left_out,
        }
        if self.threats_left_out is not None:
            data["threats_left_out"] = self.threats_left_out
        return data

    def left_out_words(self) -> str:
        """What the player copy left out, in the words the CLI and the status bar both use:
        "without the GM note", "without the GM note and 2 Threat(s) not due yet", "no GM
        note to leave out"."""
        left = [GM_NOTE] if self.gm_note_left_out else []
        if self.threats_left_out is not None:
            left.append(f"{self.threats_left_out} Threat(s) not due yet")
        if not left:
            return f"no {GM_NOTE.removeprefix('the ')} to leave out"
        return f"without {' and '.join(left)}"


def write_export(path: str | Path, data: bytes, exported: Exported) -> Exported:
    """Write an export's bytes (atomically) at ``path``: ``exported`` with where it went."""
    written = write_atomically(Path(path), data)
    return replace(exported, path=str(written))


def export_bytes(
    library: Any, character_id: str, system_id: str, noun: str, *, for_player: bool
) -> tuple[bytes, Exported]:
    """A character's file: the full export, or (``for_player``) the copy without the GM note.

    The full export is the file ``db export`` writes (its GM note included when
    this connection may read it); the player copy is the same file without the
    note, byte for byte what the game writes for a character that has none.
    CharacterNotFound for an unknown id; InputError for a character of another
    game than ``system_id`` (``noun`` names what was expected).
    """
    held = library.system_of(character_id)
    if held is not None and held != system_id:
        raise InputError(f"{character_id!r} is not a {noun}")
    if not for_player:
        return library.file_bytes(character_id), Exported(character_id, "", False, False)
    data = library.file_bytes(character_id, gm_note=False)
    left_out = library.may_read_gm_notes and not library.gm_note(character_id).empty
    return data, Exported(character_id, "", True, left_out)


def export_character(
    library: Any,
    character_id: str,
    path: str | Path,
    system_id: str,
    noun: str,
    *,
    for_player: bool,
) -> Exported:
    """Write a character's file (atomically) at ``path``; see :func:`export_bytes`."""
    data, exported = export_bytes(library, character_id, system_id, noun, for_player=for_player)
    return write_export(path, data, exported)
