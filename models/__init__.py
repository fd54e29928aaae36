"""Where contractors are kept: the library database, its schema and its migrations.

Everything goes through ``Library`` (``models.library``); nothing else in the
app opens the database. Import what you need from here::

    from models import Library, OnConflict

    with Library.open() as library:          # $HARBINGER_DB or the default file
        for entry in library.roster():       # light rows: id, name, player, victories, alive…
            ...
        contractor = library.load(entry.id)  # a builder.contract.character.Contractor
        library.save(contractor)             # one transaction, only what changed
        library.save_covenant(character)     # a Covenant character (entry.family == "covenant")
"""

from models.covenant_store import FAMILY_CONTRACT, FAMILY_COVENANT, StoredCovenant
from models.errors import (
    ContractorNotFound,
    CovenantNotFound,
    ImportConflict,
    LedgerRewriteError,
    LibraryError,
    LibraryTooNew,
    MigrationFailed,
    NotALibrary,
    UnstorableContractor,
    UnstorableCovenant,
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
    "FAMILY_CONTRACT",
    "FAMILY_COVENANT",
    "SCHEMA_HEAD",
    "ApprovalState",
    "ContractorNotFound",
    "CovenantNotFound",
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
    "StoredCovenant",
    "UnstorableContractor",
    "UnstorableCovenant",
]
