"""The library: where a player's contractors live between sessions, and the only way in.

A ``Library`` wraps one database (a SQLite file by default, or any SQLAlchemy
URL such as a playgroup's PostgreSQL server). Every public method is one
user action and runs in one transaction: it either happens completely or
not at all. Methods take and return ``builder`` values (``Contractor``) and
small frozen summaries; no row object ever leaves this module.

Saving writes only what changed: new ledger entries are appended (stored
entries are never rewritten: a save that would change one is refused with
``LedgerRewriteError``), a changed small collection (Limits, Injuries, …) is
replaced as a whole, and a changed Gift is rewritten on its own.

Importing reads and checks every file before the database is touched; a bad
file raises ``CharacterFileError`` and leaves the library exactly as it was.

Covenant characters (SPEC §4) live in the same library: ``roster`` lists
both families (``RosterEntry.family``), ``load_covenant``/``save_covenant``
and friends store them (``models.covenant_store``), and the file entry
points (``import_file``, ``export_file``, ``load_examples``) tell the two
file formats apart by their ``format``. Ids are unique across both families.
"""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from enum import StrEnum
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, delete, select

from builder.contract.character import Contractor, Gift, GiftChange
from builder.contract.file import (
    CharacterDocument,
    CharacterFileError,
    validate_contractor,
    write_atomically,
    write_character_file,
)
from builder.contract.gifts.draft import GiftDraft
from builder.contract.serialize import canonical_json
from builder.contract.status import Status, status_from_victories
from builder.covenant.character import CovenantCharacter, LogEntry
from builder.covenant.file import CovenantFile, dumps_covenant
from harbinger.paths import library_url
from models import covenant_store, mapping
from models.covenant_store import (
    FAMILY_CONTRACT,
    FAMILY_COVENANT,
    StoredCovenant,
    read_any_character_file,
)
from models.errors import (
    ContractorNotFound,
    ImportConflict,
    LedgerRewriteError,
    LibraryError,
    UnstorableContractor,
)
from models.migrate import (
    WRITE_OPTION,
    MigrationReport,
    create_library_engine,
    prepare_database,
)
from models.tables import (
    AssetPickRow,
    BattleScarRow,
    ContractorRow,
    CovenantCharacterRow,
    CovenantLogRow,
    CraftedItemRow,
    CreationRatingRow,
    GiftModifierRow,
    GiftParameterRow,
    GiftRow,
    InjuryRow,
    LedgerRow,
    LibraryTable,
    LimitRow,
    LooseEndRow,
    PlayerRow,
    SheetItemRow,
    SourceConditionRow,
    TraumaRow,
)
from resources import resource_path


class OnConflict(StrEnum):
    """What an import does when the file's contractor id is already in the library."""

    REFUSE = "refuse"  # raise ImportConflict; nothing is written
    REPLACE = "replace"  # the file's contractor replaces the stored one entirely
    COPY = "copy"  # keep both: the imported one gets a new id


class ApprovalState(StrEnum):
    """Where a contractor stands with the Playgroup Leader (the review feature moves it)."""

    UNREVIEWED = "unreviewed"
    PENDING = "pending"
    APPROVED = "approved"
    CHANGES_REQUESTED = "changes_requested"


@dataclass(frozen=True, slots=True)
class RosterEntry:
    """One line of the roster: enough to list, sort and filter without loading a sheet.

    ``family`` is "contract" for a contractor and "covenant" for a Covenant
    character; a Covenant character has no victories (0), and ``alive`` is
    False once xi has been eliminated from the game.
    """

    id: str
    name: str
    player: str
    victories: int
    alive: bool
    approval_state: str
    updated_at: datetime
    family: str = FAMILY_CONTRACT

    @property
    def status(self) -> Status:
        """Status from victories ("Contractor Status")."""
        return status_from_victories(self.victories)


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
class StoredContractor:
    """A contractor with what the library keeps about it besides the sheet."""

    contractor: Contractor
    approval_state: str
    approvals: tuple[Mapping[str, Any], ...]
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class SaveSummary:
    """What a save wrote: ``parts`` names the sheet parts rewritten ("concept", "gifts", …)."""

    contractor_id: str
    created: bool
    ledger_appended: int
    parts: tuple[str, ...]

    @property
    def changed(self) -> bool:
        return self.created or self.ledger_appended > 0 or bool(self.parts)


@dataclass(frozen=True, slots=True)
class ImportResult:
    """One imported file: which character it became and how the id conflict was settled.

    ``contractor_id`` is the id of the character stored, of either ``family``.
    """

    source: str
    contractor_id: str
    name: str
    action: str  # "created" | "replaced" | "copied" | "skipped"
    family: str = FAMILY_CONTRACT


def _shown(url: str) -> str:
    """A library URL fit for a message: the file path, or the URL without its password."""
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        return parsed.database
    return parsed.render_as_string(hide_password=True)


def _now() -> datetime:
    """Naive UTC: portable DateTime columns keep no zone, so the library stores UTC only."""
    return datetime.now(UTC).replace(tzinfo=None)


def _aware(moment: datetime) -> datetime:
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment


class Library:
    """A library of contractors. Open with ``Library.open()``; close (or use ``with``) when done."""

    def __init__(self, engine: Engine, url: str, migration: MigrationReport | None = None) -> None:
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        self.url = url
        self.migration = migration
        """What opening did to the schema (None when it was already current)."""

    # ----------------------------------------------------------------------- lifecycle

    @classmethod
    def open(cls, url_or_path: str | os.PathLike[str] | None = None) -> Library:
        """Open (creating on first use) the library at a path or URL.

        With no argument this is ``$HARBINGER_DB`` or the default file in the
        user's data folder (``harbinger.paths.library_url``). Folders and the
        file are created as needed; an older schema is backed up and upgraded.
        """
        url = library_url(url_or_path)
        try:
            engine = create_library_engine(url)
        except (ImportError, OSError, sa.exc.ArgumentError) as exc:
            raise LibraryError(f"cannot open the library {_shown(url)}: {exc}") from exc
        try:
            report = prepare_database(engine)
        except sa.exc.DBAPIError as exc:
            engine.dispose()
            raise LibraryError(f"cannot open the library {_shown(url)}: {exc.orig or exc}") from exc
        except BaseException:
            engine.dispose()
            raise
        return cls(engine, url, report)

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        with Session(self._engine, expire_on_commit=False) as session, session.begin():
            yield session

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        with Session(self._writer, expire_on_commit=False) as session, session.begin():
            yield session

    # ----------------------------------------------------------------------- reading

    def roster(self) -> list[RosterEntry]:
        """Every character of both families as a light row, sorted by name (case-insensitive),
        then id."""
        with self._reading() as session:
            rows = session.execute(_roster_query()).all()
            covenant_rows = session.execute(_covenant_roster_query()).all()
        entries = [
            RosterEntry(
                id=row.id,
                name=row.name,
                player=row.player or "",
                victories=int(row.victories or 0),
                alive=not bool(row.dead),
                approval_state=row.approval_state,
                updated_at=_aware(row.updated_at),
            )
            for row in rows
        ]
        entries.extend(
            RosterEntry(
                id=row.id,
                name=row.name,
                player=row.player or "",
                victories=0,
                alive=not bool(row.eliminated),
                approval_state=row.approval_state,
                updated_at=_aware(row.updated_at),
                family=FAMILY_COVENANT,
            )
            for row in covenant_rows
        )
        entries.sort(key=lambda e: (e.name.casefold(), e.id))
        return entries

    def players(self) -> list[PlayerSummary]:
        """Every player with their contractors and Coins of Charon, sorted by name."""
        with self._reading() as session:
            players = session.exec(select(PlayerRow)).all()
            rows = session.execute(_roster_query()).all()
        summaries = []
        for player in players:
            mine = [r for r in rows if r.player_id == player.id]
            dead = sum(1 for r in mine if r.dead)
            summaries.append(
                PlayerSummary(
                    name=player.name,
                    contractors=len(mine),
                    living=len(mine) - dead,
                    coins_earned=dead + player.coins_earned_elsewhere,
                    coins_spent=sum(1 for r in mine if r.charon_coin)
                    + player.coins_spent_elsewhere,
                )
            )
        summaries.sort(key=lambda p: p.name.casefold())
        return summaries

    def integrity_problems(self) -> list[str]:
        """What the database itself reports as damaged (SQLite: integrity and foreign key checks).

        Empty for a healthy library, and for databases that keep their own
        integrity (a PostgreSQL server).
        """
        with self._engine.connect() as connection:
            if connection.dialect.name != "sqlite":
                return []
            verdicts = [str(r[0]) for r in connection.exec_driver_sql("PRAGMA integrity_check")]
            problems = [v for v in verdicts if v != "ok"]
            for table, rowid, parent, _fk in connection.exec_driver_sql("PRAGMA foreign_key_check"):
                problems.append(f"{table} row {rowid} refers to a missing {parent} row")
            return problems

    def exists(self, contractor_id: str) -> bool:
        with self._reading() as session:
            return session.get(ContractorRow, contractor_id) is not None

    def family_of(self, character_id: str) -> str | None:
        """ "contract" or "covenant" for a stored character, None when no character has the id."""
        with self._reading() as session:
            return _family(session, character_id)

    def load(self, contractor_id: str) -> Contractor:
        """The contractor with this id, exactly as saved (ContractorNotFound if absent)."""
        return self.load_stored(contractor_id).contractor

    def load_stored(self, contractor_id: str) -> StoredContractor:
        """The contractor plus its approval state, approvals and timestamps."""
        with self._reading() as session:
            row = _get(session, contractor_id)
            contractor = _read_contractor(session, row)
            return StoredContractor(
                contractor=contractor,
                approval_state=row.approval_state,
                approvals=tuple(json.loads(row.approvals)),
                created_at=_aware(row.created_at),
                updated_at=_aware(row.updated_at),
            )

    def gift_history(self, contractor_id: str, gift_id: str) -> list[GiftChange]:
        """The ``GiftChange`` ledger entries of one Gift, oldest first (its revisions)."""
        with self._reading() as session:
            _get(session, contractor_id)
            rows = session.exec(
                select(LedgerRow)
                .where(
                    LedgerRow.contractor_id == contractor_id,
                    LedgerRow.gift_id == gift_id,
                    LedgerRow.type == "gift_change",
                )
                .order_by(col(LedgerRow.seq))
            ).all()
            return [e for e in map(mapping.entry_from_row, rows) if isinstance(e, GiftChange)]

    # ----------------------------------------------------------------------- writing

    def save(self, contractor: Contractor) -> SaveSummary:
        """Store a contractor: create it, or write what changed since the stored version."""
        _check_storable(contractor)
        with self._writing() as session:
            row = session.get(ContractorRow, contractor.id)
            if row is None:
                _refuse_taken_id(session, contractor.id, contractor.concept.name)
                _insert_contractor(session, contractor, _now())
                return SaveSummary(
                    contractor.id, created=True, ledger_appended=len(contractor.ledger), parts=()
                )
            return _update_contractor(session, row, contractor, _now())

    def restore(self, contractor: Contractor) -> SaveSummary:
        """Put back an earlier version of a stored contractor, in one transaction: an undo.

        The ledger stays append-only for everything but the newest entries: the
        stored ledger must start with ``contractor.ledger`` (the version being
        restored), and only the entries after it — the ones the undone action
        appended — are removed. Anything else raises LedgerRewriteError. A
        contractor not in the library is simply saved.
        """
        _check_storable(contractor)
        with self._writing() as session:
            row = session.get(ContractorRow, contractor.id)
            if row is None:
                _insert_contractor(session, contractor, _now())
                return SaveSummary(
                    contractor.id, created=True, ledger_appended=len(contractor.ledger), parts=()
                )
            stored = _read_contractor(session, row)
            keep = len(contractor.ledger)
            if stored.ledger[:keep] != contractor.ledger:
                raise LedgerRewriteError(
                    f"cannot restore {contractor.concept.name!r}: its ledger is not an earlier "
                    "state of the stored one; only the newest entries can be taken back"
                )
            retracted = len(stored.ledger) - keep
            if retracted:
                session.exec(
                    delete(LedgerRow).where(  # type: ignore[arg-type]
                        LedgerRow.contractor_id == contractor.id, col(LedgerRow.seq) >= keep
                    )
                )
                session.flush()
            summary = _update_contractor(session, row, contractor, _now())
            parts = (*summary.parts, "ledger") if retracted else summary.parts
            return SaveSummary(contractor.id, created=False, ledger_appended=0, parts=parts)

    def delete(self, contractor_id: str) -> Contractor:
        """Remove a contractor and everything about it; returns it, so the UI can offer undo."""
        with self._writing() as session:
            row = _get(session, contractor_id)
            contractor = _read_contractor(session, row)
            _delete_contractor(session, contractor_id)
            return contractor

    def set_approval(
        self,
        contractor_id: str,
        state: ApprovalState | str,
        approvals: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Record the review state (and, if given, the list of approvals) of a contractor."""
        state = ApprovalState(state)
        with self._writing() as session:
            row = _get(session, contractor_id)
            row.approval_state = state.value
            if approvals is not None:
                row.approvals = canonical_json([dict(a) for a in approvals])
            row.updated_at = _now()
            session.add(row)

    def set_player_coins_elsewhere(self, player: str, *, earned: int, spent: int) -> None:
        """Record Coins of Charon a player earned or spent outside this library."""
        if earned < 0 or spent < 0:
            raise ValueError("coin counts cannot be negative")
        with self._writing() as session:
            row = session.exec(select(PlayerRow).where(PlayerRow.name == player)).first()
            if row is None:
                row = PlayerRow(name=player)
            row.coins_earned_elsewhere = earned
            row.coins_spent_elsewhere = spent
            session.add(row)

    # ----------------------------------------------------------------------- Covenant characters

    def covenant_exists(self, character_id: str) -> bool:
        with self._reading() as session:
            return session.get(CovenantCharacterRow, character_id) is not None

    def load_covenant(self, character_id: str) -> CovenantCharacter:
        """The Covenant character with this id, exactly as saved (CovenantNotFound if absent)."""
        with self._reading() as session:
            return covenant_store.read(session, covenant_store.get(session, character_id))

    def load_covenant_stored(self, character_id: str) -> StoredCovenant:
        """The Covenant character plus its approval state, approvals and timestamps."""
        with self._reading() as session:
            return covenant_store.read_stored(session, covenant_store.get(session, character_id))

    def save_covenant(self, character: CovenantCharacter) -> SaveSummary:
        """Store a Covenant character in one transaction: create it, or write what changed.

        New play-log entries are appended; a save that would change or drop a
        stored entry raises LedgerRewriteError (use ``retract_log_tail`` for Undo).
        """
        with self._writing() as session:
            row = session.get(CovenantCharacterRow, character.id)
            player_id = _player_id(session, character.player)
            if row is None:
                covenant_store.check_storable(character)
                _refuse_taken_id(session, character.id, character.name)
                covenant_store.insert(session, character, player_id, _now())
                return SaveSummary(
                    character.id, created=True, ledger_appended=len(character.log), parts=()
                )
            stored = session.exec(
                select(sa.func.count()).where(CovenantLogRow.character_id == character.id)
            ).one()
            covenant_store.check_storable(character, log_from=min(stored, len(character.log)))
            appended, parts = covenant_store.update(session, row, character, player_id, _now())
            return SaveSummary(character.id, created=False, ledger_appended=appended, parts=parts)

    def retract_log_tail(self, character_id: str, count: int = 1) -> tuple[LogEntry, ...]:
        """Remove the newest ``count`` play-log entries (the app's Undo); returns them.

        The only way a stored play-log entry ever leaves the library short of
        deleting the character: the entries after them are gone too, so no
        history is rewritten, only its end cut back. ValueError if the log is
        shorter than ``count`` or ``count`` is below 1.
        """
        with self._writing() as session:
            row = covenant_store.get(session, character_id)
            return covenant_store.retract_tail(session, row, count, _now())

    def restore_covenant(self, character: CovenantCharacter) -> SaveSummary:
        """Put back an earlier state of a stored Covenant character in one transaction (Undo).

        The stored play log must start with ``character.log``; the newest
        entries after it are retracted (as ``retract_log_tail`` does) and the
        character's own fields and creation are written back. Anything else
        raises LedgerRewriteError. A character not in the library is saved.
        """
        with self._writing() as session:
            row = session.get(CovenantCharacterRow, character.id)
            if row is None:
                covenant_store.check_storable(character)
                _refuse_taken_id(session, character.id, character.name)
                covenant_store.insert(
                    session, character, _player_id(session, character.player), _now()
                )
                return SaveSummary(
                    character.id, created=True, ledger_appended=len(character.log), parts=()
                )
            stored = covenant_store.read(session, row)
            keep = len(character.log)
            if stored.log[:keep] != character.log:
                raise LedgerRewriteError(
                    f"cannot restore {character.name!r}: its play log is not an earlier state "
                    "of the stored one; only the newest entries can be taken back"
                )
            covenant_store.check_storable(character, log_from=keep)
            retracted = len(stored.log) - keep
            if retracted:
                covenant_store.retract_tail(session, row, retracted, _now())
            _, parts = covenant_store.update(
                session, row, character, _player_id(session, character.player), _now()
            )
            return SaveSummary(
                character.id,
                created=False,
                ledger_appended=0,
                parts=(*parts, "log") if retracted else parts,
            )

    def delete_covenant(self, character_id: str) -> CovenantCharacter:
        """Remove a Covenant character and its log; returns it, so the UI can offer undo."""
        with self._writing() as session:
            character = covenant_store.read(session, covenant_store.get(session, character_id))
            covenant_store.remove(session, character_id)
            return character

    def set_covenant_approval(
        self,
        character_id: str,
        state: ApprovalState | str,
        approvals: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Record the review state (and, if given, the approval records) of a Covenant character."""
        state = ApprovalState(state)
        with self._writing() as session:
            row = covenant_store.get(session, character_id)
            row.approval_state = state.value
            if approvals is not None:
                row.approvals = covenant_store.approvals_json(approvals)
            row.updated_at = _now()
            session.add(row)

    # ----------------------------------------------------------------------- files

    def import_file(
        self,
        source: str | os.PathLike[str] | bytes,
        on_conflict: OnConflict | str = OnConflict.REFUSE,
    ) -> ImportResult:
        """Import one character file (a path or its bytes): a contractor or a Covenant character."""
        return self.import_files([source], on_conflict)[0]

    def import_files(
        self,
        sources: Sequence[str | os.PathLike[str] | bytes],
        on_conflict: OnConflict | str = OnConflict.REFUSE,
    ) -> list[ImportResult]:
        """Import several files as one action: all of them, or (on any problem) none.

        Every file is read and checked first; a bad one raises
        CharacterFileError with ``source`` set to its name. An id already in
        the library (or earlier in the same batch) is settled by
        ``on_conflict``; REFUSE raises ImportConflict. Either way the library
        is unchanged unless every file went in.
        """
        on_conflict = OnConflict(on_conflict)
        documents: list[tuple[str, CharacterDocument | CovenantFile]] = []
        for index, source in enumerate(sources):
            name = _source_name(source, index)
            try:
                documents.append((name, read_any_character_file(source)))
            except CharacterFileError as exc:
                exc.source = name
                raise
        results: list[ImportResult] = []
        with self._writing() as session:
            for name, document in documents:
                results.append(_import_any(session, name, document, on_conflict, _now()))
        return results

    def export_file(self, contractor_id: str, path: str | os.PathLike[str]) -> Path:
        """Write a character's file (atomically) and return its path.

        A contractor gets a harbinger.contractor file, a Covenant character a
        harbinger.covenant file, each with its stored approvals.
        """
        if self.covenant_exists(contractor_id):
            covenant = self.load_covenant_stored(contractor_id)
            text = dumps_covenant(CovenantFile(covenant.character, covenant.approvals))
            return write_atomically(Path(path), text.encode("utf-8"))
        stored = self.load_stored(contractor_id)
        return write_character_file(stored.contractor, path, approvals=stored.approvals)

    def load_examples(self) -> list[ImportResult]:
        """Add the shipped example characters (of both families) not in the library yet."""
        files = sorted(resource_path("examples").glob("*.json"))
        documents = [(f.name, read_any_character_file(f)) for f in files]
        results = []
        with self._writing() as session:
            for name, document in documents:
                cid, shown, family = _identity(document)
                if _family(session, cid) is not None:
                    results.append(ImportResult(name, cid, shown, "skipped", family))
                    continue
                results.append(_import_any(session, name, document, OnConflict.REFUSE, _now()))
        return results


# --------------------------------------------------------------------------- queries


def _latest_death_marker() -> Any:
    """The newest non-null ``death`` marker of the outer contractor (null: never died)."""
    return (
        select(LedgerRow.death)
        .where(
            LedgerRow.contractor_id == ContractorRow.id,
            col(LedgerRow.death).is_not(None),
        )
        .order_by(col(LedgerRow.seq).desc())
        .limit(1)
        .correlate(ContractorRow)
        .scalar_subquery()
    )


def _roster_query() -> Any:
    victories = (
        select(LedgerRow.contractor_id, sa.func.count().label("victories"))
        .where(LedgerRow.type == "contract", LedgerRow.outcome == "victory")
        .group_by(LedgerRow.contractor_id)
        .subquery()
    )
    return (
        sa.select(
            col(ContractorRow.id),
            col(ContractorRow.name),
            col(ContractorRow.player_id),
            col(PlayerRow.name).label("player"),
            victories.c.victories,
            _latest_death_marker().label("dead"),
            col(ContractorRow.approval_state),
            col(ContractorRow.charon_coin),
            col(ContractorRow.updated_at),
        )
        .select_from(ContractorRow)
        .outerjoin(PlayerRow, ContractorRow.player_id == PlayerRow.id)  # type: ignore[arg-type]
        .outerjoin(victories, victories.c.contractor_id == ContractorRow.id)
    )


def _covenant_roster_query() -> Any:
    eliminated = (
        sa.select(sa.literal(1))
        .where(
            CovenantLogRow.character_id == CovenantCharacterRow.id,
            CovenantLogRow.eliminated == sa.true(),
        )
        .correlate(CovenantCharacterRow)
        .exists()
    )
    return (
        sa.select(
            col(CovenantCharacterRow.id),
            col(CovenantCharacterRow.name),
            col(PlayerRow.name).label("player"),
            eliminated.label("eliminated"),
            col(CovenantCharacterRow.approval_state),
            col(CovenantCharacterRow.updated_at),
        )
        .select_from(CovenantCharacterRow)
        .outerjoin(PlayerRow, CovenantCharacterRow.player_id == PlayerRow.id)  # type: ignore[arg-type]
    )


def _family(session: Session, character_id: str) -> str | None:
    if session.get(ContractorRow, character_id) is not None:
        return FAMILY_CONTRACT
    if session.get(CovenantCharacterRow, character_id) is not None:
        return FAMILY_COVENANT
    return None


def _refuse_taken_id(session: Session, character_id: str, name: str) -> None:
    """Ids are unique across both families, so export, delete and the roster are unambiguous."""
    family = _family(session, character_id)
    if family is not None:
        kind = "a contractor" if family == FAMILY_CONTRACT else "a Covenant character"
        raise LibraryError(
            f"cannot save {name!r}: the id {character_id!r} already belongs to {kind}"
        )


def _get(session: Session, contractor_id: str) -> ContractorRow:
    row = session.get(ContractorRow, contractor_id)
    if row is None:
        raise ContractorNotFound(f"no contractor with id {contractor_id!r} in this library")
    return row


def _children(session: Session, table: type[Any], contractor_id: str, *order: Any) -> list[Any]:
    statement = select(table).where(table.contractor_id == contractor_id)
    if order:
        statement = statement.order_by(*order)
    return list(session.exec(statement).all())


def _read_contractor(session: Session, row: ContractorRow) -> Contractor:
    """Every row of one contractor, turned back into its value."""
    cid = row.id
    player = session.get(PlayerRow, row.player_id) if row.player_id is not None else None
    gifts = _children(session, GiftRow, cid, GiftRow.position)
    return Contractor(
        id=cid,
        concept=mapping.concept_from_row(row, player.name if player else ""),
        limits=mapping.limits_from_rows(_children(session, LimitRow, cid, LimitRow.position)),
        creation=mapping.creation_from_rows(
            row,
            _children(session, CreationRatingRow, cid, CreationRatingRow.id),
            _children(session, AssetPickRow, cid),
        ),
        ledger=tuple(
            mapping.entry_from_row(r) for r in _children(session, LedgerRow, cid, LedgerRow.seq)
        ),
        gifts=_read_gifts(session, gifts),
        source=mapping.source_from_rows(
            row, _children(session, SourceConditionRow, cid, SourceConditionRow.position)
        ),
        stock=mapping.stock_from_rows(
            _children(session, SheetItemRow, cid), _children(session, CraftedItemRow, cid)
        ),
        health=mapping.health_from_rows(
            row,
            _children(session, InjuryRow, cid, InjuryRow.position),
            _children(session, BattleScarRow, cid, BattleScarRow.position),
            _children(session, TraumaRow, cid, TraumaRow.position),
        ),
        loose_ends=mapping.loose_ends_from_rows(
            _children(session, LooseEndRow, cid, LooseEndRow.position)
        ),
        notes=row.notes,
    )


def _read_gifts(session: Session, gifts: list[GiftRow]) -> tuple[Gift, ...]:
    if not gifts:
        return ()
    ids = [g.id for g in gifts]
    modifiers: dict[int, list[GiftModifierRow]] = {i: [] for i in ids if i is not None}
    for m in session.exec(
        select(GiftModifierRow).where(col(GiftModifierRow.gift_row_id).in_(ids))
    ).all():
        modifiers[m.gift_row_id].append(m)
    parameters: dict[int, list[GiftParameterRow]] = {i: [] for i in ids if i is not None}
    for p in session.exec(
        select(GiftParameterRow)
        .where(col(GiftParameterRow.gift_row_id).in_(ids))
        .order_by(col(GiftParameterRow.parameter_id))
    ).all():
        parameters[p.gift_row_id].append(p)
    return tuple(
        mapping.gift_from_rows(g, modifiers[g.id or 0], parameters[g.id or 0]) for g in gifts
    )


# --------------------------------------------------------------------------- writes


def _check_storable(contractor: Contractor) -> None:
    """Refuse anything that could not be exported and imported again."""
    try:
        validate_contractor(contractor)
    except CharacterFileError as exc:
        raise UnstorableContractor(f"cannot save {contractor.concept.name!r}: {exc}") from None


def _player_id(session: Session, name: str) -> int | None:
    if not name:
        return None
    row = session.exec(select(PlayerRow).where(PlayerRow.name == name)).first()
    if row is None:
        row = PlayerRow(name=name)
        session.add(row)
        session.flush()
    return row.id


def _insert_contractor(
    session: Session,
    contractor: Contractor,
    now: datetime,
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    created_at: datetime | None = None,
) -> None:
    cid = contractor.id
    row = mapping.new_contractor_row(
        contractor, _player_id(session, contractor.concept.player), now
    )
    row.approvals = canonical_json([dict(a) for a in approvals])
    if created_at is not None:
        row.created_at = created_at
    session.add(row)
    session.flush()  # the parent row must exist before children reference it
    session.add_all(_collection_rows(contractor))
    session.add_all(mapping.ledger_row(cid, i, e, now) for i, e in enumerate(contractor.ledger))
    _insert_gifts(session, cid, list(enumerate(contractor.gifts)))
    session.flush()


def _collection_rows(contractor: Contractor, parts: Iterable[str] | None = None) -> list[Any]:
    """Rows of the small collections, all of them or only the named ``parts``."""
    cid = contractor.id
    builders: dict[str, Callable[[], Sequence[Any]]] = {
        "limits": lambda: mapping.rows_for_limits(cid, contractor.limits),
        "creation": lambda: [
            *mapping.rows_for_ratings(cid, contractor.creation),
            *mapping.rows_for_asset_picks(cid, contractor.creation),
        ],
        "source": lambda: mapping.rows_for_source(cid, contractor.source),
        "stock": lambda: mapping.rows_for_stock(cid, contractor.stock),
        "health": lambda: mapping.rows_for_health(cid, contractor.health),
        "loose_ends": lambda: mapping.rows_for_loose_ends(cid, contractor.loose_ends),
    }
    rows: list[Any] = []
    for part in parts if parts is not None else builders:
        rows.extend(builders[part]())
    return rows


_PART_TABLES: dict[str, tuple[type[LibraryTable], ...]] = {
    "limits": (LimitRow,),
    "creation": (CreationRatingRow, AssetPickRow),
    "source": (SourceConditionRow,),
    "stock": (SheetItemRow, CraftedItemRow),
    "health": (InjuryRow, BattleScarRow, TraumaRow),
    "loose_ends": (LooseEndRow,),
}
"""The child tables holding each replaceable part of the sheet."""


def _changed_parts(old: Contractor, new: Contractor) -> list[str]:
    """Which small collections differ (compared as values, so order matters)."""
    parts = []
    if old.limits != new.limits:
        parts.append("limits")
    if (
        old.creation.attributes != new.creation.attributes
        or old.creation.abilities != new.creation.abilities
        or old.creation.secondary != new.creation.secondary
        or old.creation.assets != new.creation.assets
        or old.creation.liabilities != new.creation.liabilities
    ):
        parts.append("creation")
    if old.source.replenishment != new.source.replenishment:
        parts.append("source")
    if old.stock != new.stock:
        parts.append("stock")
    if (
        old.health.injuries != new.health.injuries
        or old.health.battle_scars != new.health.battle_scars
        or old.health.traumas != new.health.traumas
    ):
        parts.append("health")
    if old.loose_ends != new.loose_ends:
        parts.append("loose_ends")
    return parts


def _own_fields_changed(old: Contractor, new: Contractor) -> bool:
    return (
        old.concept != new.concept
        or old.notes != new.notes
        or old.creation.charon_coin != new.creation.charon_coin
        or old.source.name != new.source.name
        or old.health.mind_damage != new.health.mind_damage
    )


def _update_contractor(
    session: Session, row: ContractorRow, new: Contractor, now: datetime
) -> SaveSummary:
    old = _read_contractor(session, row)
    cid = new.id
    stored = len(old.ledger)
    for seq, entry in enumerate(old.ledger):
        if seq >= len(new.ledger) or new.ledger[seq] != entry:
            what = "is missing" if seq >= len(new.ledger) else "differs"
            raise LedgerRewriteError(
                f"ledger entry {seq + 1} of {new.concept.name!r} {what} from the stored one; "
                "the ledger is append-only, so a correction must be a new entry"
            )
    appended = new.ledger[stored:]
    parts: list[str] = []
    if _own_fields_changed(old, new):
        parts.append("concept")
        mapping.apply_contractor_fields(row, new)
        row.player_id = _player_id(session, new.concept.player)
    changed = _changed_parts(old, new)
    for part in changed:
        for table in _PART_TABLES[part]:
            session.exec(delete(table).where(table.contractor_id == cid))  # type: ignore[attr-defined]
    session.flush()
    session.add_all(_collection_rows(new, changed))
    parts.extend(changed)
    if old.gifts != new.gifts:
        _replace_changed_gifts(session, cid, old.gifts, new.gifts)
        parts.append("gifts")
    session.add_all(mapping.ledger_row(cid, stored + i, e, now) for i, e in enumerate(appended))
    if parts or appended:
        row.updated_at = now
        session.add(row)
    session.flush()
    return SaveSummary(cid, created=False, ledger_appended=len(appended), parts=tuple(parts))


def _insert_gifts(session: Session, cid: str, gifts: Sequence[tuple[int, Gift]]) -> None:
    rows: list[tuple[GiftRow, GiftDraft]] = [
        (mapping.gift_row(cid, position, gift), gift.draft) for position, gift in gifts
    ]
    session.add_all(row for row, _draft in rows)
    session.flush()  # gift ids are needed by their modifier and parameter rows
    for row, draft in rows:
        assert row.id is not None
        session.add_all(mapping.gift_child_rows(row.id, draft))


def _replace_changed_gifts(
    session: Session, cid: str, old: Sequence[Gift], new: Sequence[Gift]
) -> None:
    """Rewrite only the Gifts that changed, moved or went; leave the others' rows alone."""
    old_at = {gift.id: (position, gift) for position, gift in enumerate(old)}
    new_keys = {gift.id for gift in new}
    stale = [key for key in old_at if key not in new_keys]
    fresh: list[tuple[int, Gift]] = []
    for position, gift in enumerate(new):
        if old_at.get(gift.id) != (position, gift):
            fresh.append((position, gift))
            if gift.id in old_at:
                stale.append(gift.id)
    if stale:
        doomed = select(GiftRow.id).where(
            GiftRow.contractor_id == cid, col(GiftRow.gift_key).in_(stale)
        )
        _delete_gift_rows(session, doomed)
        session.flush()
    _insert_gifts(session, cid, fresh)


def _delete_gift_rows(session: Session, gift_ids: Any) -> None:
    """Delete Gift rows (a subquery of their ids) with their modifiers and parameters."""
    ids = list(session.exec(gift_ids).all())
    if not ids:
        return
    session.exec(delete(GiftModifierRow).where(col(GiftModifierRow.gift_row_id).in_(ids)))  # type: ignore[call-overload]
    session.exec(delete(GiftParameterRow).where(col(GiftParameterRow.gift_row_id).in_(ids)))  # type: ignore[call-overload]
    session.exec(delete(GiftRow).where(col(GiftRow.id).in_(ids)))  # type: ignore[call-overload]


def _delete_contractor(session: Session, contractor_id: str) -> None:
    """Delete a contractor's rows; children go first so no database needs cascades to be on."""
    _delete_gift_rows(session, select(GiftRow.id).where(GiftRow.contractor_id == contractor_id))
    for table in (
        LedgerRow,
        LimitRow,
        CreationRatingRow,
        AssetPickRow,
        SourceConditionRow,
        SheetItemRow,
        CraftedItemRow,
        InjuryRow,
        BattleScarRow,
        TraumaRow,
        LooseEndRow,
    ):
        session.exec(delete(table).where(table.contractor_id == contractor_id))  # type: ignore[attr-defined,arg-type]
    session.exec(delete(ContractorRow).where(col(ContractorRow.id) == contractor_id))
    session.flush()


def _import_one(
    session: Session,
    source: str,
    document: CharacterDocument,
    on_conflict: OnConflict,
    now: datetime,
) -> ImportResult:
    contractor = document.contractor
    existing = session.get(ContractorRow, contractor.id)
    action = "created"
    created_at = None
    if existing is None and session.get(CovenantCharacterRow, contractor.id) is not None:
        if on_conflict is not OnConflict.COPY:
            raise ImportConflict(
                f"{source}: the id {contractor.id} of {contractor.concept.name!r} belongs to a "
                "Covenant character in the library; import it as a copy",
                contractor.id,
                source,
            )
        contractor = replace(contractor, id=str(uuid.uuid4()))
        action = "copied"
    if existing is not None:
        if on_conflict is OnConflict.REFUSE:
            raise ImportConflict(
                f"{source}: {contractor.concept.name!r} ({contractor.id}) is already in the "
                f"library as {existing.name!r}; choose replace or copy",
                contractor.id,
                source,
            )
        if on_conflict is OnConflict.REPLACE:
            created_at = existing.created_at
            session.expunge(existing)
            _delete_contractor(session, contractor.id)
            action = "replaced"
        else:
            contractor = replace(contractor, id=str(uuid.uuid4()))
            action = "copied"
    _insert_contractor(
        session, contractor, now, approvals=document.approvals, created_at=created_at
    )
    return ImportResult(source, contractor.id, contractor.concept.name, action)


def _identity(document: CharacterDocument | CovenantFile) -> tuple[str, str, str]:
    """(id, name, family) of the character a file holds."""
    if isinstance(document, CovenantFile):
        return document.character.id, document.character.name, FAMILY_COVENANT
    return document.contractor.id, document.contractor.concept.name, FAMILY_CONTRACT


def _import_any(
    session: Session,
    source: str,
    document: CharacterDocument | CovenantFile,
    on_conflict: OnConflict,
    now: datetime,
) -> ImportResult:
    if isinstance(document, CovenantFile):
        return _import_covenant(session, source, document, on_conflict, now)
    return _import_one(session, source, document, on_conflict, now)


def _import_covenant(
    session: Session, source: str, file: CovenantFile, on_conflict: OnConflict, now: datetime
) -> ImportResult:
    """One Covenant file into the library; id conflicts settled like a contractor's."""
    character = file.character
    family = _family(session, character.id)
    action = "created"
    created_at = None
    if family is not None:
        if on_conflict is OnConflict.REFUSE or (
            on_conflict is OnConflict.REPLACE and family == FAMILY_CONTRACT
        ):
            held = "a contractor" if family == FAMILY_CONTRACT else "a Covenant character"
            hint = "import it as a copy" if family == FAMILY_CONTRACT else "choose replace or copy"
            raise ImportConflict(
                f"{source}: {character.name!r} ({character.id}) is already in the library as "
                f"{held}; {hint}",
                character.id,
                source,
            )
        if on_conflict is OnConflict.REPLACE:
            existing = covenant_store.get(session, character.id)
            created_at = existing.created_at
            session.expunge(existing)
            covenant_store.remove(session, character.id)
            action = "replaced"
        else:
            character = replace(character, id=str(uuid.uuid4()))
            action = "copied"
    covenant_store.insert(
        session,
        character,
        _player_id(session, character.player),
        now,
        approvals=file.approvals,
        created_at=created_at,
    )
    return ImportResult(source, character.id, character.name, action, FAMILY_COVENANT)


def _source_name(source: str | os.PathLike[str] | bytes, index: int) -> str:
    if isinstance(source, bytes | bytearray | memoryview):
        return f"file {index + 1}"
    return os.fspath(source)
