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

The names below are imported on first use: ``models.library`` pulls in
SQLAlchemy (about half a second), and the app's first frame and its first
roster read (``models.quick_roster``) must not wait for it.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
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
    from models.library import (
        Library,
        database_url,
    )
    from models.migrate import (
        SCHEMA_HEAD,
        MigrationReport,
    )
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

_HOME: dict[str, str] = {
    "CharacterNotFound": "models.errors",
    "ContractorNotFound": "models.errors",
    "ImportConflict": "models.errors",
    "LedgerRewriteError": "models.errors",
    "LibraryError": "models.errors",
    "LibraryTooNew": "models.errors",
    "MigrationFailed": "models.errors",
    "NotALibrary": "models.errors",
    "NotAllowed": "models.errors",
    "StaleCharacter": "models.errors",
    "UnknownSystem": "models.errors",
    "UnstorableCharacter": "models.errors",
    "UnstorableContractor": "models.errors",
    "Library": "models.library",
    "database_url": "models.library",
    "SCHEMA_HEAD": "models.migrate",
    "MigrationReport": "models.migrate",
    "ApprovalState": "models.values",
    "ImportResult": "models.values",
    "OnConflict": "models.values",
    "PlayerSummary": "models.values",
    "RosterEntry": "models.values",
    "SaveSummary": "models.values",
    "StoredCharacter": "models.values",
    "StoredContractor": "models.values",
}
"""Where each public name lives."""

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


def __getattr__(name: str) -> Any:
    """Import a public name's module the first time the name is asked for (PEP 562)."""
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'models' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value
