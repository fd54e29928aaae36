"""Where characters are kept: the library database, its schema and its migrations.

Everything goes through ``Library`` (``models.library``); nothing else in the
app opens the database. The caller names the library (``models`` never picks
a default location). Import what you need from here::

    from models import Library, OnConflict

    with Library.open(url) as library:       # a path or a SQLAlchemy URL
        for entry in library.roster():       # light rows: id, name, player, system, alive…
            ...
        character = library.load(entry.id)  # whichever game system's character it is
        library.save(character)             # one transaction, only what changed;
                                            # StaleCharacter if it changed elsewhere

The Contract's characters live in relational tables (``models.contract_store``);
every other game system's in the generic document store
(``models.document_store``); ``models.stores`` says which is which.
"""

from models.errors import (
    CharacterNotFound,
    ContractorNotFound,
    ImportConflict,
    LedgerRewriteError,
    LibraryError,
    LibraryTooNew,
    MigrationFailed,
    NotALibrary,
    NotAllowed,
    StaleCharacter,
    UnknownSystem,
    UnstorableCharacter,
    UnstorableContractor,
)
from models.library import Library, database_url
from models.migrate import SCHEMA_HEAD, MigrationReport
from models.values import (
    ApprovalState,
    ImportResult,
    OnConflict,
    PlayerSummary,
    RosterEntry,
    SaveSummary,
    StoredCharacter,
    StoredContractor,
)

__all__ = [
    "SCHEMA_HEAD",
    "ApprovalState",
    "CharacterNotFound",
    "ContractorNotFound",
    "ImportConflict",
    "ImportResult",
    "LedgerRewriteError",
    "Library",
    "LibraryError",
    "LibraryTooNew",
    "MigrationFailed",
    "MigrationReport",
    "NotALibrary",
    "NotAllowed",
    "OnConflict",
    "PlayerSummary",
    "RosterEntry",
    "SaveSummary",
    "StaleCharacter",
    "StoredCharacter",
    "StoredContractor",
    "UnknownSystem",
    "UnstorableCharacter",
    "UnstorableContractor",
    "database_url",
]
