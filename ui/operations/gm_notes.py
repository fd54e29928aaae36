"""GM notes as the desktop runs them, for a game whose sheet has no operations object of its own.

``WorkspaceGmNotes`` is the ``ui.widgets.gm_notes_box.GmNoteAccess`` of a
Covenant character, a spacefarer or a Coven chronicle: it reads the note
through the game's ``gm-note`` load (``harbinger.app.gm_notes``, refused for
a player of a shared library and for another game's character) and commits
the edit through the one runner on the character's undo stack, so Undo takes
it back. The sheet reloads the box when the workspace's ``changed`` signal
names its character.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from harbinger.app.gm_notes import SetGmNote, load_note_of, plan_gm_note, store_gm_note

if TYPE_CHECKING:
    from ui.workspace import Change, Workspace


class WorkspaceGmNotes:
    """GM notes on the characters of one game, in the library ``workspace`` has open."""

    def __init__(self, workspace: Workspace, system_id: str, noun: str) -> None:
        self.workspace = workspace
        self.system_id = system_id
        self.noun = noun

    def may_read_gm_notes(self) -> bool:
        """True when this library lets the user read GM notes (a personal one, or the leader)."""
        library = self.workspace.library
        return library is not None and bool(library.may_read_gm_notes)

    def gm_note(self, character_id: str) -> Any:
        """The GM-only note on a character (``builder.core.gm_notes.GmNote``, empty if none)."""
        return load_note_of(self.workspace.library, character_id, self.system_id, self.noun)

    def set_gm_note(self, character_id: str, text: str) -> Change:
        """Replace the GM-only note's text (undoable; "" removes it)."""
        plan = plan_gm_note(self.gm_note(character_id), SetGmNote(text))
        return self.workspace.run(plan, store_gm_note, roster=False)
