"""GM-only notes in the library: who may read them, and the rows that keep them (issue 31 item 6).

In a personal (SQLite) library the one user is their own GM: notes are just
stored. In a playgroup's shared library (PostgreSQL) only the leaders' group
may read or write the ``gm_note`` table; the players' group has no grant on
it and a row policy lets only leaders through, so a player's own SQL gets
"permission denied" for their own character's note (set up by ``harbinger
playgroup init``). ``refuse_gm_notes`` refuses the same before
touching the server, in words. The grants and the policy live with the other
playgroup statements (``models.playgroup._gm_note_sql``).
"""

from __future__ import annotations

from sqlmodel import Session

from builder.core.gm_notes import GmNote
from models.errors import NotAllowed
from models.playgroup import LEADER, OWNER, Membership
from models.tables import GmNoteRow


def may_read(member: Membership | None) -> bool:
    """True when this library connection may read and write GM notes.

    A personal library (no membership), the shared library's owner and its
    leaders may; a player may not.
    """
    return member is None or member.role in (OWNER, LEADER)


def refuse_gm_notes(member: Membership | None) -> None:
    """NotAllowed when ``member`` is a player: GM notes are the leader's only."""
    if not may_read(member):
        assert member is not None
        raise NotAllowed(
            f"only the playgroup leader can read or write GM notes ({member.name} is a player)"
        )


def read_note(session: Session, character_id: str) -> GmNote:
    """The note on a character; an empty one when none is kept."""
    row = session.get(GmNoteRow, character_id)
    if row is None:
        return GmNote(character_id)
    return GmNote(character_id, row.text, row.written_by, row.written_on)


def write_note(session: Session, note: GmNote) -> None:
    """Keep ``note`` as the character's note; an empty note removes the row."""
    row = session.get(GmNoteRow, note.id)
    if note.empty:
        if row is not None:
            session.delete(row)
        return
    if row is None:
        row = GmNoteRow(character_id=note.id)
    row.text, row.written_by, row.written_on = note.text, note.written_by, note.date
    session.add(row)
