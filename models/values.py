"""The small frozen values the library hands out: roster rows, stored characters, summaries.

Every store (``models.contract_store``, ``models.document_store``) returns
these, whatever game its characters belong to, so callers never see a row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any, NamedTuple

from builder.core import registry


class OnConflict(StrEnum):
    """What an import does when the file's character id is already in the library."""

    REFUSE = "refuse"  # raise ImportConflict; nothing is written
    REPLACE = "replace"  # the file's character replaces the stored one entirely
    KEEP_BOTH = "keep-both"  # the imported one gets a new id and a numbered name: "Ines (2)"
    SKIP = "skip"  # the stored one stays; the file is left out
    COPY = "copy"  # keep both under the same name: the imported one gets a new id only


class ApprovalState(StrEnum):
    """Where a character stands with the Playgroup Leader (the review feature moves it)."""

    UNREVIEWED = "unreviewed"
    PENDING = "pending"
    APPROVED = "approved"
    CHANGES_REQUESTED = "changes_requested"


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """One line of the roster: enough to list, sort and filter without loading a sheet.

    ``system`` is the game system's id ("contract", …) and
    ``system_name`` its display name. ``victories`` counts Contract victories
    and is None for a system that has none; ``alive`` is False once the
    character is out of play (dead, eliminated).
    """

    id: str
    name: str
    player: str
    victories: int | None
    alive: bool
    approval_state: str
    updated_at: datetime
    system: str = "contract"
    system_name: str = ""
    owner: str = ""
    """The login that stored it in a playgroup's shared library (issue 14); "" elsewhere."""
    owner_name: str = ""
    """That login's name in the playgroup ("Dana"); "" elsewhere."""
    floor_victories: int = 0
    """The victories the standing a port opened the character at needs (The Contract: 25
    for a Veteran port): the standing is never below it, whatever ``victories`` says."""

    @property
    def family(self) -> str:
        """The system id, under the name older callers used."""
        return self.system

    @property
    def standing(self) -> str:
        """The row's standing in its game's words ("Seasoned"), "" when the game has none.

        Asked of the game system (``GameSystem.standing``), so this shared row names
        no game; "" for a system this Harbinger does not know.
        """
        try:
            game = registry.system(self.system)
        except KeyError:
            return ""
        if self.victories is None or not self.floor_victories:
            return game.standing(self.victories)
        return game.standing(max(self.victories, self.floor_victories))


class RosterRow(NamedTuple):
    """One roster line as plain values, in the order the desktop roster keeps them.

    What the app's start-up read hands the roster panel
    (``models.quick_roster.quick_roster_rows``): a tuple per character, made
    straight from a row of SQL, so a 10,000-character roster costs no
    ``datetime`` or dataclass per line. ``victories`` is 0 for a game that
    counts none; ``updated`` is the last change as "YYYY-MM-DD HH:MM" (UTC);
    ``family`` is the game system's id.
    """

    id: str
    name: str
    player: str
    victories: int
    alive: bool
    approval: str
    updated: str
    family: str
    owner: str
    floor_victories: int = 0  # a port's Status as victories (``RosterEntry.floor_victories``)


def roster_order(entry: RosterEntry) -> tuple[str, str]:
    """How the roster is sorted: by name ignoring case, then id."""
    return entry.name.casefold(), entry.id


def contract_roster_entry(
    row: Any, system_name: str = "", owner_names: Mapping[str, str] | None = None
) -> RosterEntry:
    """A roster line of The Contract from one row of its roster query.

    The row has the query's columns by name (``id``, ``name``, ``player``,
    ``victories``, ``dead``, ``approval_state``, ``updated_at``, ``owner``),
    whether it came through SQLAlchemy or straight from ``sqlite3``
    (``models.quick_roster``). ``owner_names`` (a shared library's members'
    names by login) fills ``owner_name``; an owner it does not know shows by login.
    """
    owner = row.owner or ""
    return RosterEntry(
        id=row.id,
        name=row.name,
        player=row.player or "",
        victories=int(row.victories or 0),
        alive=not bool(row.dead),
        approval_state=row.approval_state,
        updated_at=aware(_moment(row.updated_at)),
        system="contract",
        system_name=system_name,
        owner=owner,
        owner_name=owner_names.get(owner, owner) if owner_names is not None else "",
        floor_victories=int(getattr(row, "floor_victories", 0) or 0),
    )


def document_roster_entry(row: Any) -> RosterEntry:
    """A roster line of a generically stored character from one row of its roster query."""
    return RosterEntry(
        id=row.id,
        name=row.name,
        player=row.player,
        victories=None,
        alive=bool(row.alive),
        approval_state=row.approval_state,
        updated_at=aware(_moment(row.updated_at)),
        system=row.system,
        owner=row.owner or "",
    )


def _moment(value: datetime | str) -> datetime:
    """A stored time: as SQLAlchemy hands it over, or as SQLite keeps it (ISO text)."""
    return datetime.fromisoformat(value) if isinstance(value, str) else value


@dataclass(frozen=True, slots=True)
class PlayerSummary:
    """A player and their Coins of Charon.

    A coin is earned when one of the player's contractors dies and spent by
    creating a contractor with one (Coins of Charon); the ``elsewhere``
    counts stand for coins from before or outside this library.
    """

    name: str
    contractors: int
    living: int
    coins_earned: int
    coins_spent: int

    @property
    def coins_available(self) -> int:
        return self.coins_earned - self.coins_spent


@dataclass(frozen=True, slots=True)
class StoredCharacter:
    """A character of any system with what the library keeps about it besides the sheet."""

    character: Any
    system: str
    approval_state: str
    approvals: tuple[Mapping[str, Any], ...]
    created_at: datetime
    updated_at: datetime
    version: int = 1
    """The stored version (``models.concurrency``): hand it back to ``Library.save``."""

    @property
    def contractor(self) -> Any:
        """The character, under the name older callers used."""
        return self.character


StoredContractor = StoredCharacter
"""The older name of :class:`StoredCharacter`."""


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """What a save wrote.

    ``ledger_appended`` counts the history entries appended (ledger or log);
    ``parts`` names what else was rewritten ("concept", "gifts", … for a
    contractor; the changed top-level fields of the document, or "log" when
    an undo took entries back, for other systems). ``version`` is the
    character's stored version after the save; ``merged`` is True when the
    save's new history entries were appended after entries saved elsewhere
    meanwhile, so the library now holds more than the saved copy
    (``Library.load`` gives the whole character).
    """

    contractor_id: str
    created: bool
    ledger_appended: int
    parts: tuple[str, ...]
    version: int = 0
    merged: bool = False

    @property
    def changed(self) -> bool:
        return self.created or self.ledger_appended > 0 or bool(self.parts)


@dataclass(frozen=True, slots=True)
class ImportResult:
    """One imported file: which character it became and how the id conflict was settled.

    ``contractor_id`` is the id of the character stored, of any ``system``.
    """

    source: str
    contractor_id: str
    name: str
    action: str  # "created" | "replaced" | "copied" | "kept both" | "skipped"
    system: str = "contract"
    report: tuple[str, ...] = ()
    """What the import could not read as the rules' values (``GameSystem.import_report``)."""

    @property
    def family(self) -> str:
        """The system id, under the name older callers used."""
        return self.system


@dataclass(frozen=True, slots=True)
class ImportConflictInfo:
    """A file of an import whose character id is taken: by a stored character or an earlier file.

    ``index`` is the file's place in the import; ``name`` the file's
    character's name and ``held_name`` the name of the one holding the id
    (the stored character, or the earlier file's).
    """

    index: int
    source: str
    character_id: str
    name: str
    held_name: str
    system: str = "contract"


@dataclass(frozen=True, slots=True)
class ImportBatch:
    """Files read and checked for an import, with the id conflicts found (nothing written yet).

    ``files`` are (source name, ``CharacterFile``) pairs in the caller's
    order. ``Library.import_batch`` stores them, settling each conflict as
    the caller decided (the app asks the player between the two steps).
    """

    files: tuple[tuple[str, Any], ...]
    conflicts: tuple[ImportConflictInfo, ...]


NewCharacter = tuple[Any, Sequence[Mapping[str, Any]], datetime | None]
"""A character to insert in bulk: the value, its approvals, its creation time (None: now)."""


def now() -> datetime:
    """Naive UTC: portable DateTime columns keep no zone, so the library stores UTC only."""
    return datetime.now(UTC).replace(tzinfo=None)


def aware(moment: datetime) -> datetime:
    """A stored (naive UTC) time with its zone put back."""
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment
