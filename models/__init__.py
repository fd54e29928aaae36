"""Where contractors are kept: the library database, its schema and its migrations.

Everything goes through ``Library`` (``models.library``); nothing else in the
app opens the database. Import what you need from here::

    from models import Library, OnConflict

    with Library.open() as library:          # $HARBINGER_DB or the default file
        for entry in library.roster():       # light rows: id, name, player, victories, alive…
            ...
        contractor = library.load(entry.id)  # a builder.contractor.Contractor
        library.save(contractor)             # one transaction, only what changed
"""

from models.errors import (
    ContractorNotFound,
    ImportConflict,
    LedgerRewriteError,
    LibraryError,
    LibraryTooNew,
    MigrationFailed,
    NotALibrary,
    UnstorableContractor,
)
from models.library import (
    ApprovalState,
    ImportResult,
    Library,
    OnConflict,
    PlayerSummary,
    RosterEntry,
    SaveSummary,
    StoredContractor,
)
from models.migrate import SCHEMA_HEAD, MigrationReport

__all__ = [
    "SCHEMA_HEAD",
    "ApprovalState",
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
    "OnConflict",
    "PlayerSummary",
    "RosterEntry",
    "SaveSummary",
    "StoredContractor",
    "UnstorableContractor",
]
