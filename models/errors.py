"""What can go wrong when using a library, as exceptions the UI and the CLI can explain."""

from __future__ import annotations


class LibraryError(Exception):
    """Base of every library problem; ``str()`` is a message for the player."""


class NotALibrary(LibraryError):
    """The database holds tables but no Harbinger schema version: refuse to touch it."""


class LibraryTooNew(LibraryError):
    """The library was upgraded by a newer Harbinger; this one must not write to it."""


class MigrationFailed(LibraryError):
    """A schema upgrade failed and was rolled back; ``backup`` names the copy taken before it."""


class CharacterNotFound(LibraryError, KeyError):
    """No character (of any game system) with this id in the library."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else "character not found"


ContractorNotFound = CharacterNotFound
"""The older name of :class:`CharacterNotFound`."""


class ImportConflict(LibraryError):
    """An imported character's id is already in the library and the caller said to refuse."""

    def __init__(self, message: str, contractor_id: str, source: str = "") -> None:
        super().__init__(message)
        self.contractor_id = contractor_id
        self.source = source


class LedgerRewriteError(LibraryError):
    """A save would change or drop ledger entries already stored; the ledger is append-only."""


class UnstorableCharacter(LibraryError):
    """A character value the library refuses because it could not be exported again."""


UnstorableContractor = UnstorableCharacter
"""The older name of :class:`UnstorableCharacter`."""


class LibraryBusy(LibraryError):
    """The shared library did not answer in time: someone holds a lock on what this needs,
    or a query ran past the time allowed (issue 27: a player's ``LOCK TABLE`` froze every
    other member). Nothing was changed; trying again later may work."""


class ForgedRow(LibraryError):
    """A stored row whose document says it is another character than the row (issue 27):
    its inner id, name or player disagrees with the row's. Nothing is read from it."""


class UnknownSystem(LibraryError):
    """The library holds a character of a game system this Harbinger does not know."""


class NotAllowed(LibraryError):
    """A shared library's server refuses this member the change (issue 14).

    "only Dana can change Ines Varga": a player changes only their own
    characters, only the leader records reviews. Nothing was written.
    """


class StaleCharacter(LibraryError):
    """A save started from an older version of a character than the one stored.

    Someone else (another window, another process, the leader's machine on a
    shared database) saved the character in between, and the two changes
    cannot be merged. Nothing was written; ``str()`` tells the player to
    reload. ``stored`` is the version in the library (None: it was deleted),
    ``expected`` the one the save started from.
    """

    def __init__(
        self, message: str, character_id: str, stored: int | None, expected: int | None
    ) -> None:
        super().__init__(message)
        self.character_id = character_id
        self.stored = stored
        self.expected = expected
