"""GM-only notes: what a Playgroup Leader or GM keeps about a character, unseen by its player.

Issue 31 item 6. The rules text lets a Playgroup Leader see what a player may
not ("Players may choose to mark their Character Sheets as private, which will
hide its content from everyone except their Playgroup leaders and the GM") and
keeps the GM's side of a Loose End from the player ("The Player can only see
the general threat-level ... until the Cutoff hits zero"). A GM note is that
side for a whole character: free text, who wrote it and when.

It is *not* part of a character's value: the character's owner saves the
character, the leader writes the note, and in a playgroup's shared library the
server keeps the two apart (``models.gm_notes``: only leaders may read or
write the ``gm_note`` table). Any game's character may have one; it is keyed
by the character's id. An empty text is "no note".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

MAX_GM_NOTE_CHARS = 100_000
"""Longest note kept (the file schema's limit for free text)."""

MAX_WRITER_CHARS = 200
"""Longest "written by" name (a member's shown name)."""


@dataclass(frozen=True, slots=True)
class GmNote:
    """The GM-only note on one character; ``text`` "" means there is none.

    ``id`` is the character's id (the operation's target, as for a character);
    ``written_by`` is who wrote it last ("" in a personal library) and
    ``date`` the day (YYYY-MM-DD) it was written.
    """

    id: str
    text: str = ""
    written_by: str = ""
    date: str = ""

    @property
    def empty(self) -> bool:
        """True when there is no note to keep or show."""
        return not self.text.strip()

    def to_json(self) -> dict[str, str]:
        """The note as a character file's ``gm_notes`` object."""
        return {"text": self.text, "written_by": self.written_by, "date": self.date}


def gm_note_problem(text: str) -> str | None:
    """Why ``text`` cannot be kept as a GM note (None: it can)."""
    if len(text) > MAX_GM_NOTE_CHARS:
        return f"a GM note holds at most {MAX_GM_NOTE_CHARS:,} characters, not {len(text):,}"
    if "\x00" in text:
        return "a GM note cannot hold a NUL character"
    return None


def gm_note_from_json(character_id: str, data: Mapping[str, Any]) -> GmNote:
    """A file's ``gm_notes`` object (already checked by the file's schema) as a note."""
    return GmNote(
        character_id,
        str(data.get("text", "")),
        str(data.get("written_by", "")),
        str(data.get("date", "")),
    )


def gm_note_in(document: Mapping[str, Any], character_id: str) -> GmNote | None:
    """The ``gm_notes`` object of a character file already checked by its schema (None if absent).

    Every game's file may carry one (optional: a file written before has none).
    """
    data = document.get("gm_notes")
    if not isinstance(data, Mapping):
        return None
    note = gm_note_from_json(character_id, data)
    return None if note.empty else note


def with_gm_note(document: dict[str, Any], note: GmNote | None) -> dict[str, Any]:
    """``document`` with the ``gm_notes`` object of ``note`` added (unchanged for no note)."""
    if note is None or note.empty:
        return document
    return {**document, "gm_notes": note.to_json()}
