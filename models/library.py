"""The library: where a player's characters live between sessions, and the only way in.

A ``Library`` wraps one database (a SQLite file, or any SQLAlchemy URL such as
a playgroup's PostgreSQL server), named by the caller: ``models`` never decides
where a library lives (``harbinger.shell.paths.library_url`` does, for the app and
the CLI). Every public method is one user action and runs in one transaction:
it either happens completely or not at all. Methods take and return
``builder`` values and small frozen summaries (``models.values``); no row
object ever leaves this package.

Characters of every game system share one API, keyed by the system the
registry finds for a value (``builder.core.registry.system_for_character``)
or stored for an id (``system_of``): ``save``, ``load``, ``load_stored``,
``restore``, ``delete``, ``set_approval``, ``exists``. Which tables hold a
system's characters is decided once, in ``models.stores``: The Contract's
relational tables, or the generic document store for every other system.
Ids are unique across all systems.

Every character has a version number (``models.concurrency``): a save from
a copy older than the stored character is refused with ``StaleCharacter``
("Ines Varga was changed elsewhere (version 7, you had 6): reload…"), unless
both sides only appended history, which is merged. The version a save
starts from is, by choice of the caller:

- ``save(character, expected_version=n)``: the version the caller was handed
  (``load_stored(id).version``, ``SaveSummary.version``), e.g. across
  processes or after keeping a copy outside this object;
- ``save(character)``: the version *this* ``Library`` last handed out or
  accepted for the id (``load``, ``load_stored``, ``save``, ``restore``),
  so a window that loads and saves through one ``Library`` is protected
  without passing anything; a character this object never read is saved
  without a check (a script writing a character it made).

On a playgroup's shared library (PostgreSQL, ``models.playgroup``) the
server decides who may change what; ``member`` says who this connection is,
and a change the server would refuse raises ``NotAllowed`` ("only Dana can
change Ines Varga") before anything is written.

Importing reads and checks every file (any registered system's, told apart by
its ``format``) before the database is touched; a bad file raises
``CharacterFileError`` and leaves the library exactly as it was.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Engine
from sqlalchemy.orm.exc import StaleDataError
from sqlmodel import Session

from builder.core import files
from builder.core.collector import collector_paused
from builder.core.file_writer import write_atomically
from builder.core.files import MAX_FILE_BYTES, CharacterFileError, parse_document
from builder.core.gm_notes import GmNote
from builder.core.registry import (
    CharacterFile,
    FileFormatError,
    GameSystem,
    document_from_text,
    read_document,
    system,
    system_for_character,
)
from models import concurrency, contract_store, gm_notes, playgroup, roster_refresh
from models.compiled_cache import share_mapper_caches
from models.concurrency import Seen
from models.errors import (
    CharacterNotFound,
    ImportConflict,
    LedgerRewriteError,
    LibraryError,
    StaleCharacter,
)
from models.migrate import (
    WRITE_OPTION,
    MigrationReport,
    create_library_engine,
    prepare_database,
)
from models.stores import STORES, Store, store_for
from models.tables import ContractorRow
from models.values import (
    ApprovalState,
    ImportBatch,
    ImportConflictInfo,
    ImportResult,
    OnConflict,
    PlayerSummary,
    RosterEntry,
    SaveSummary,
    StoredCharacter,
    StoredContractor,
    now,
    roster_order,
)
from resources import resource_path

__all__ = [
    "ApprovalState",
    "ImportBatch",
    "ImportConflictInfo",
    "ImportResult",
    "LedgerRewriteError",
    "Library",
    "LibraryError",
    "OnConflict",
    "PlayerSummary",
    "RosterEntry",
    "SaveSummary",
    "StaleCharacter",
    "StoredCharacter",
    "StoredContractor",
    "database_url",
    "read_character_file",
]


Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: how far an import is ("reading", then "storing")."""


def database_url(location: str | os.PathLike[str]) -> str:
    """The SQLAlchemy URL of a library location: a URL as is, a file path as ``sqlite:///``.

    A path may start with ``~``; it becomes absolute, so the URL still names the
    same file after the working folder changes.
    """
    text = os.fspath(location)
    if not text:
        raise LibraryError("no library given: name a file or a database URL")
    if "://" in text:
        return text
    return f"sqlite:///{Path(text).expanduser().resolve()}"


def _shown(url: str) -> str:
    """A library URL fit for a message: the file path, or the URL without its password."""
    parsed = sa.engine.make_url(url)
    if parsed.get_backend_name() == "sqlite" and parsed.database:
        return parsed.database
    return parsed.render_as_string(hide_password=True)


IMPORT_BATCH_FILES = 1_000
"""Files ``Library.import_files`` reads, checks and stores together in one transaction."""


class Library:
    """A library of characters. Open with ``Library.open(url)``; close it (or use ``with``)."""

    def __init__(self, engine: Engine, url: str, migration: MigrationReport | None = None) -> None:
        share_mapper_caches(sa.inspect(ContractorRow).registry)  # flushes compiled once a process
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        self._reader = engine
        if engine.dialect.name == "postgresql":
            # One snapshot per read: a character and its version from the same moment, even
            # while another member commits (SQLite's read transactions already are one).
            self._reader = engine.execution_options(isolation_level="REPEATABLE READ")
        self.url = url
        self.migration = migration
        """What opening did to the schema (None when it was already current)."""
        self._seen: dict[str, Seen] = {}
        """The version and copy this object last handed out or accepted, per id."""
        self._together: tuple[Session, dict[str, Seen]] | None = None
        """Inside ``together``: its one write session and the versions it will accept."""
        self.roster_counts_refreshed: int | None = None
        """Contractor rows whose roster counts opening refreshed (None: none were stale)."""
        self.member: playgroup.Membership | None = None
        """Who this connection is in a playgroup's shared library (None: a personal one)."""
        if engine.dialect.name == "postgresql":
            with engine.connect() as connection:
                self.member = playgroup.who_am_i(connection)

    # ----------------------------------------------------------------------- lifecycle

    @classmethod
    def open(cls, location: str | os.PathLike[str]) -> Library:
        """Open (creating on first use) the library at a path or URL.

        The caller chooses the location (the app and the CLI ask
        ``harbinger.shell.paths.library_url``). Folders and the file are created as
        needed; an older schema is backed up and upgraded.
        """
        url = database_url(location)
        try:
            engine = create_library_engine(url)
        except ImportError as exc:
            hint = ""
            if sa.engine.make_url(url).get_backend_name() == "postgresql":
                hint = "; install the PostgreSQL driver: pip install 'harbinger[postgres]'"
            raise LibraryError(f"cannot open the library {_shown(url)}: {exc}{hint}") from exc
        except (OSError, sa.exc.ArgumentError) as exc:
            raise LibraryError(f"cannot open the library {_shown(url)}: {exc}") from exc
        try:
            report = prepare_database(engine)
        except sa.exc.DBAPIError as exc:
            engine.dispose()
            busy = playgroup.busy(exc)
            if busy is not None:
                raise busy from None
            raise LibraryError(f"cannot open the library {_shown(url)}: {exc.orig or exc}") from exc
        except BaseException:
            engine.dispose()
            raise
        library = cls(engine, url, report)
        try:
            library._refresh_roster_counts()
        except BaseException:
            library.close()
            raise
        return library

    def _refresh_roster_counts(self) -> None:
        """Counts written by an older edition of the roster rule worked out again, once
        (``models.roster_refresh``); only by whoever may write every contractor row."""
        if self.member is not None and self.member.role != playgroup.OWNER:
            return  # a player or leader of a shared library: the owner's opening does it
        with self._reading() as session:  # the usual case: current, and no write lock taken
            if roster_refresh.current(session):
                return
        with self._writing() as session:
            self.roster_counts_refreshed = roster_refresh.refresh_roster_counts(session)

    def close(self) -> None:
        """Release the database connections."""
        self._engine.dispose()

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()

    @contextmanager
    def _reading(self) -> Iterator[Session]:
        """One read transaction; a shared server that gave up waiting becomes LibraryBusy."""
        try:
            with Session(self._reader, expire_on_commit=False) as session, session.begin():
                yield session
        except sa.exc.DBAPIError as exc:
            refusal = playgroup.busy(exc)
            if refusal is None:
                raise
            raise refusal from None

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """One write transaction; a refusal from a shared library's server becomes NotAllowed.

        Inside ``together`` every write joins its one transaction instead.
        """
        if self._together is not None:
            yield self._together[0]
            return
        try:
            with Session(self._writer, expire_on_commit=False) as session, session.begin():
                yield session
        except sa.exc.DBAPIError as exc:
            refusal = playgroup.explain(exc) or playgroup.busy(exc)
            if refusal is None:
                raise
            raise refusal from None
        except StaleDataError:
            # A row the server's row policies hide from this member (not theirs to change).
            raise playgroup.NotAllowed(
                "the shared library refused the change: that character is not yours"
            ) from None

    def _remember(self, character_id: str, seen: Seen) -> None:
        """Note the version just written; inside ``together`` only once it commits."""
        if self._together is not None:
            self._together[1][character_id] = seen
        else:
            self._seen[character_id] = seen

    @contextmanager
    def together(self) -> Iterator[None]:
        """Every ``save``, ``restore`` and ``delete`` in the block as ONE transaction.

        One user action that changes several characters (a Contract recorded for
        the whole table, or its undo) is stored completely or not at all: an
        exception in the block, a refusal of any one character (``StaleCharacter``,
        ``NotAllowed``) or a process killed half-way leaves every character as it
        was. Blocks do not nest.
        """
        if self._together is not None:
            raise RuntimeError("Library.together blocks do not nest")
        accepted: dict[str, Seen] = {}
        with self._writing() as session:
            self._together = (session, accepted)
            try:
                yield
            finally:
                self._together = None
        self._seen.update(accepted)

    def _refuse_change(
        self,
        session: Session,
        character_id: str,
        name: str,
        history_only: Callable[[], bool] | None = None,
    ) -> None:
        """NotAllowed before writing when this member may not change the stored character.

        ``history_only`` answers whether the change only appends (or takes back) ledger
        rows, which a playgroup's leader may write for anyone's contractor (issue 32).
        """
        if self.member is not None:
            playgroup.refuse_change(session, self.member, character_id, name, history_only)

    # ----------------------------------------------------------------------- reading

    def roster(self, ids: Sequence[str] | None = None) -> list[RosterEntry]:
        """Every character of every system as a light row, sorted by name (case-insensitive),
        then id. Each row carries its system's id and display name.

        With ``ids``, only those characters' rows (the ones still in the library): what
        a view refreshes after one character changed, without reading the others.

        Builds thousands of small objects and no cycles: the cyclic collector waits
        (an automatic full collection cost ~80 ms every other 10,000-contractor roster)."""
        with collector_paused():
            return self._roster(ids)

    def _roster(self, ids: Sequence[str] | None = None) -> list[RosterEntry]:
        with self._reading() as session:
            entries = [entry for store in STORES for entry in store.roster(session, ids)]
        named = [e if e.system_name else _with_system_name(e) for e in entries]
        if self.member is not None and any(e.owner and not e.owner_name for e in named):
            # A shared library: owners by the names they go by (a store that did not name them).
            with self._reading() as session:
                shown = playgroup.member_names(session)
            named = [
                e if e.owner_name else replace(e, owner_name=shown.get(e.owner, e.owner))
                for e in named
            ]
        named.sort(key=roster_order)
        return named

    def players(self) -> list[PlayerSummary]:
        """Every player with their contractors and Coins of Charon, sorted by name."""
        with self._reading() as session:
            return contract_store.players(session)

    def stored_characters(self, system_id: str) -> list[StoredCharacter]:
        """Every character of one game system, whole with its approvals, read in one snapshot.

        For the leader's reports across the library (player histories, what is due).
        """
        with self._reading() as session:
            ids = [e.id for store in STORES for e in store.roster(session) if e.system == system_id]
            return [_holder(session, cid).read(session, cid) for cid in ids]

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

    def exists(self, character_id: str) -> bool:
        """True when a character of any system has this id."""
        return self.system_of(character_id) is not None

    def system_of(self, character_id: str) -> str | None:
        """The game system id of a stored character, None when no character has the id."""
        with self._reading() as session:
            return _system_of(session, character_id)

    def load(self, character_id: str) -> Any:
        """The character with this id, of whichever system, exactly as saved.

        CharacterNotFound (also known as ContractorNotFound) if absent.
        """
        return self.load_stored(character_id).character

    def load_stored(self, character_id: str) -> StoredCharacter:
        """The character plus its system, approval state, approvals, timestamps and version.

        This ``Library`` remembers the version, so a later ``save`` of the
        character (changed from this copy) is checked against it.
        """
        with self._reading() as session:
            stored = _holder(session, character_id).read(session, character_id)
            version = concurrency.current(session, character_id, True, lock=False)
        assert version is not None
        self._seen[character_id] = Seen(version, stored.character)
        return replace(stored, version=version)

    def seen_version(self, character_id: str) -> int | None:
        """The version of a character this ``Library`` last handed out or accepted (or None)."""
        seen = self._seen.get(character_id)
        return seen.version if seen is not None else None

    def stored_version(self, character_id: str) -> int | None:
        """The stored version of a character now; None when no character has the id.

        With ``seen_version`` it tells whether someone else saved it since
        (a shared library's refresh, ``ui.playgroup_watch``).
        """
        with self._reading() as session:
            held = _system_of(session, character_id) is not None
            return concurrency.current(session, character_id, held, lock=False)

    def gift_history(self, contractor_id: str, gift_id: str) -> contract_store.GiftHistory:
        """The ``GiftChange`` ledger entries of one Gift of a contractor, oldest first."""
        with self._reading() as session:
            return contract_store.gift_history(session, contractor_id, gift_id)

    # ----------------------------------------------------------------------- writing

    def save(self, character: Any, expected_version: int | None = None) -> SaveSummary:
        """Store a character of any system: create it, or write what changed since it was stored.

        ``expected_version`` is the stored version the character was changed
        from (default: the one this ``Library`` last handed out or accepted
        for its id; see the module docstring). A newer stored version raises
        ``StaleCharacter`` and writes nothing, unless both sides only
        appended history: then the new entries go after the stored ones
        (``SaveSummary.merged``). History entries (a ledger, a play log) are
        append-only: a save that would change or drop a stored one raises
        LedgerRewriteError.
        """
        game = system_for_character(character)
        identity = game.identity(character)
        store = store_for(game.id)
        seen = self._seen.get(identity.id)
        expected = expected_version if expected_version is not None else _version(seen)
        if seen is not None and seen.version != expected:
            seen = None  # the caller's version is not the copy this object remembers
        held: str | None = None
        try:
            with self._writing() as session:
                held = _system_of(session, identity.id)
                if held is not None:
                    _refuse_other_system(held, game, identity.id, identity.name)
                    self._refuse_change(
                        session,
                        identity.id,
                        identity.name,
                        lambda: store.history_only(session, character),
                    )
                stored = concurrency.current(session, identity.id, held is not None)
                if stored is None:
                    if expected is not None:
                        raise concurrency.stale(identity.name, identity.id, None, expected)
                    summary = store.insert(session, game, character, now())
                    stored = concurrency.tombstone(session, identity.id)
                elif expected is None or (expected == stored and not (seen and seen.diverged)):
                    summary = store.update(session, game, character, now())
                else:
                    current = store.read(session, identity.id).character
                    combined = concurrency.merged(game, seen, character, current) if seen else None
                    if combined is None:
                        merged = seen is not None and seen.diverged and expected == stored
                        raise concurrency.stale(
                            identity.name, identity.id, stored, expected, merged=merged
                        )
                    summary = store.update(session, game, combined, now())
                    summary = replace(summary, merged=combined != character)
                version = stored + 1 if summary.changed else stored
                concurrency.record(session, identity.id, version)
        except sa.exc.IntegrityError as exc:
            if held is not None and not _unique_violation(exc):
                # Not a race for one id or one ledger place: the database refused the write.
                raise LibraryError(f"{identity.name} could not be stored: {exc.orig}") from exc
            # Two new copies of one id saved at the same moment (a shared library): the
            # other went in first; nothing of this one was written.
            raise StaleCharacter(
                f"{identity.name} was stored elsewhere at the same moment: "
                "reload to see it, then make your change again",
                identity.id,
                None,
                expected,
            ) from None
        self._remember(identity.id, Seen(version, character, summary.merged))
        return replace(summary, version=version)

    def restore(self, character: Any, expected_version: int | None = None) -> SaveSummary:
        """Put back an earlier version of a stored character, in one transaction: an undo.

        History stays append-only for everything but the newest entries: the
        stored history must start with the character's (the version being
        restored), and only the entries after it — the ones the undone action
        appended — are removed. Anything else raises LedgerRewriteError. A
        character not in the library is simply saved. Like ``save``, an undo
        of a character changed elsewhere meanwhile raises StaleCharacter.
        """
        game = system_for_character(character)
        identity = game.identity(character)
        store = store_for(game.id)
        seen = self._seen.get(identity.id)
        expected = expected_version if expected_version is not None else _version(seen)
        with self._writing() as session:
            held = _system_of(session, identity.id)
            stored: int | None
            if held is None:
                summary = store.insert(session, game, character, now())
                stored = concurrency.tombstone(session, identity.id)
            else:
                _refuse_other_system(held, game, identity.id, identity.name)
                self._refuse_change(
                    session,
                    identity.id,
                    identity.name,
                    lambda: store.history_only(session, character),
                )
                stored = concurrency.current(session, identity.id, True)
                assert stored is not None
                diverged = seen is not None and seen.diverged and expected_version is None
                if expected is not None and (expected != stored or diverged):
                    raise concurrency.stale(
                        identity.name, identity.id, stored, expected, merged=diverged
                    )
                summary = store.restore(session, game, character, now())
            version = stored + 1 if summary.changed else stored
            concurrency.record(session, identity.id, version)
        self._remember(identity.id, Seen(version, character))
        return replace(summary, version=version)

    def retract_log_tail(self, character_id: str, count: int = 1) -> tuple[Any, ...]:
        """Remove the newest ``count`` history entries of a generically stored character.

        The app's Undo of an action at the table; returns the entries removed,
        oldest first. ValueError if the history is shorter than ``count`` or
        ``count`` is below 1.
        """
        seen = self._seen.get(character_id)
        with self._writing() as session:
            store = _holder(session, character_id)
            if self.member is not None:
                name = _name_of(store.read(session, character_id).character)
                self._refuse_change(session, character_id, name)
            stored = concurrency.current(session, character_id, True)
            assert stored is not None
            if seen is not None and (seen.version != stored or seen.diverged):
                held = store.read(session, character_id).character
                raise concurrency.stale(
                    _name_of(held), character_id, stored, seen.version, merged=seen.diverged
                )
            removed = store.retract_tail(session, character_id, count, now())
            concurrency.record(session, character_id, stored + 1)
            after = store.read(session, character_id).character
        self._remember(character_id, Seen(stored + 1, after))
        return removed

    def delete(self, character_id: str) -> Any:
        """Remove a character and everything about it; returns it, so the UI can offer undo."""
        with self._writing() as session:
            store = _holder(session, character_id)
            character = store.read(session, character_id).character
            self._refuse_change(session, character_id, _name_of(character))
            stored = concurrency.current(session, character_id, True)
            assert stored is not None
            store.remove(session, character_id)
            concurrency.record(session, character_id, stored + 1)  # the tombstone
        self._seen.pop(character_id, None)
        return character

    def set_approval(
        self,
        character_id: str,
        state: ApprovalState | str,
        approvals: Sequence[Mapping[str, Any]] | None = None,
    ) -> None:
        """Record the review state (and, if given, the approval records) of a character."""
        state = ApprovalState(state)
        playgroup.refuse_review(self.member)
        with self._writing() as session:
            _holder(session, character_id).set_approval(
                session, character_id, state.value, approvals, now()
            )

    def set_player_coins_elsewhere(self, player: str, *, earned: int, spent: int) -> None:
        """Record Coins of Charon a player earned or spent outside this library."""
        if earned < 0 or spent < 0:
            raise ValueError("coin counts cannot be negative")
        with self._writing() as session:
            contract_store.set_player_coins_elsewhere(session, player, earned, spent)

    # ----------------------------------------------------------------------- GM notes

    @property
    def may_read_gm_notes(self) -> bool:
        """True when this connection may read and write GM-only notes (issue 31 item 6):
        a personal library, or a shared one's owner or leader; never a player."""
        return gm_notes.may_read(self.member)

    def gm_note(self, character_id: str) -> GmNote:
        """The GM-only note on a character (empty when none is kept).

        NotAllowed for a player of a shared library; CharacterNotFound when no
        character has the id.
        """
        gm_notes.refuse_gm_notes(self.member)
        try:
            with self._reading() as session:
                if _system_of(session, character_id) is None:
                    raise CharacterNotFound(character_id)
                return gm_notes.read_note(session, character_id)
        except sa.exc.DBAPIError as exc:  # the server's own refusal, when the app's was skipped
            refusal = playgroup.explain(exc)
            if refusal is None:
                raise
            raise refusal from None

    def put_gm_note(self, note: GmNote) -> GmNote:
        """Keep ``note`` as its character's GM-only note (an empty one removes it).

        In a shared library the note is signed with the member's shown name.
        NotAllowed for a player; CharacterNotFound when no character has the
        id. Returns the note as kept.
        """
        gm_notes.refuse_gm_notes(self.member)
        if self.member is not None and not note.empty:
            note = replace(note, written_by=self.member.name)
        with self._writing() as session:
            if _system_of(session, note.id) is None:
                raise CharacterNotFound(note.id)
            gm_notes.write_note(session, note)
        return note

    # ----------------------------------------------------------------------- files

    def import_file(
        self,
        source: str | os.PathLike[str] | bytes,
        on_conflict: OnConflict | str = OnConflict.REFUSE,
    ) -> ImportResult:
        """Import one character file (a path or its bytes) of any registered system."""
        return self.import_files([source], on_conflict)[0]

    def import_files(
        self,
        sources: Sequence[str | os.PathLike[str] | bytes],
        on_conflict: OnConflict | str = OnConflict.REFUSE,
        *,
        progress: Progress | None = None,
        batch_size: int = IMPORT_BATCH_FILES,
        on_batch: Callable[[ImportBatch], None] | None = None,
    ) -> list[ImportResult]:
        """Import files in batches of ``batch_size``: each batch all of it, or (on any
        problem) none of it, in one transaction.

        Every file of a batch is read and checked first; a bad one raises
        CharacterFileError with ``source`` set to its name. An id already in
        the library (or earlier in the same import) is settled by
        ``on_conflict``: REFUSE raises ImportConflict, REPLACE overwrites,
        KEEP_BOTH stores a copy under a new id and a numbered name ("Ines
        Varga (2)"), SKIP leaves the stored one, COPY stores a copy under a
        new id only. A batch is stored only if every file of it went in;
        batches stored before a failing one stay stored, and the exception
        says how many files they held (``stored_before``). An import of at
        most ``batch_size`` files is therefore all or nothing. Characters
        whose id is new go in together, a few statements per batch
        (``Store.insert_many``). ``progress(phase, done, total)`` is called
        as files are read ("reading") and stored ("storing"), counting over
        the whole import; an exception it raises (a Cancel) ends the import
        with nothing of the current batch written.

        Memory is bounded by the batch, not by the import: a batch's read
        files are let go before the next batch is read (issue 29: 50,000
        files took 3.86 GB when all were held). ``on_batch`` is called with
        each batch once read, before it is stored (to watch what is held).
        """
        if batch_size < 1:
            raise ValueError(f"batch_size must be at least 1, not {batch_size}")
        total = len(sources)
        results: list[ImportResult] = []
        with collector_paused():
            for start in range(0, total, batch_size):
                step = _progress_from(progress, start, total)
                try:
                    batch = self.read_import(
                        sources[start : start + batch_size], progress=step, first=start
                    )
                    if on_batch is not None:
                        on_batch(batch)
                    results += self.import_batch(batch, on_conflict, progress=step)
                except (LibraryError, FileFormatError) as exc:
                    # The files stored before it, for the caller; neither class declares the field.
                    exc.stored_before = len(results)  # type: ignore[union-attr]
                    raise
                # Let the files go while the collector is paused: it would otherwise walk all
                # of their objects once more when it resumes (a few percent of the import).
                del batch
        return results

    def read_import(
        self,
        sources: Sequence[str | os.PathLike[str] | bytes],
        *,
        progress: Progress | None = None,
        first: int = 0,
    ) -> ImportBatch:
        """The first half of ``import_files``: read and check every file, find the id conflicts.

        Nothing is written; the app asks the player about each conflict and
        then calls ``import_batch``. A bad file raises CharacterFileError
        with ``source`` set to its name (file given as bytes: "file N", N
        counting from ``first`` + 1, its place in the whole import).
        """
        total = len(sources)
        files: list[tuple[str, CharacterFile]] = []
        with collector_paused():
            for index, source in enumerate(sources):
                name = _source_name(source, first + index)
                try:
                    files.append((name, read_character_file(source)))
                except CharacterFileError as exc:
                    exc.source = name
                    raise
                if progress is not None:
                    progress("reading", index + 1, total)
            with self._reading() as session:
                conflicts = _conflicts(session, files)
        return ImportBatch(tuple(files), conflicts)

    def import_batch(
        self,
        batch: ImportBatch,
        on_conflict: OnConflict | str | Mapping[int, OnConflict | str] = OnConflict.REFUSE,
        *,
        progress: Progress | None = None,
    ) -> list[ImportResult]:
        """The second half of ``import_files``: store the files of ``read_import``, in one go.

        ``on_conflict`` settles every conflict alike, or is a mapping from a
        file's index (``ImportConflictInfo.index``) to its own choice; a
        conflict it does not name is refused. Conflicts are found again
        inside the transaction, so one that arose since ``read_import`` is
        refused too, and nothing is written.
        """
        if isinstance(on_conflict, Mapping):
            chosen = {index: OnConflict(choice) for index, choice in on_conflict.items()}

            def decide(index: int) -> OnConflict:
                return chosen.get(index, OnConflict.REFUSE)

        else:
            every = OnConflict(on_conflict)

            def decide(index: int) -> OnConflict:
                return every

        try:
            with collector_paused(), self._writing() as session:
                _roomy_cache(session)
                results = _import_all(session, batch.files, decide, progress)
                if self.may_read_gm_notes:
                    _import_gm_notes(session, batch.files, results)
                return results
        except sa.exc.IntegrityError:
            # A shared library: someone imported (or saved) one of these ids at the same
            # moment, or the id is another member's; nothing of this batch was written.
            raise _import_raced(batch.files) from None

    def export_file(self, character_id: str, path: str | os.PathLike[str]) -> Path:
        """Write a character's file (atomically) in its system's format, with its approvals."""
        return write_atomically(Path(path), self.file_bytes(character_id))

    def file_bytes(self, character_id: str, *, gm_note: bool = True) -> bytes:
        """A character's file, as ``export_file`` writes it, for a caller that writes it itself.

        With the character's GM note when this connection may read GM notes (a
        personal library, a shared one's owner or leader); never for a player,
        nor with ``gm_note=False`` (a copy made for the player).
        """
        stored = self.load_stored(character_id)
        game = system(stored.system)
        note = None
        if gm_note and self.may_read_gm_notes:  # one primary-key read; the character exists
            with self._reading() as session:
                note = gm_notes.read_note(session, character_id)
        file = CharacterFile(
            game.id,
            stored.character,
            stored.approvals,
            game.file_version,
            gm_note=note if note is not None and not note.empty else None,
        )
        return game.dumps(file)

    def load_examples(self) -> list[ImportResult]:
        """Add the shipped example characters (of every system) not in the library yet."""
        files = [(f.name, read_character_file(f)) for f in _example_files()]
        results = []
        with self._writing() as session:
            for name, file in files:
                game = system(file.system)
                identity = game.identity(file.character)
                if _system_of(session, identity.id) is not None:
                    skipped = ImportResult(name, identity.id, identity.name, "skipped", game.id)
                    results.append(skipped)
                    continue
                results.append(_import_one(session, name, file, OnConflict.REFUSE))
        return results


# --------------------------------------------------------------------------- files


IMPORT_CACHE_KIB = 32_768
"""SQLite page cache of the connection that stores an import (its default is 2 MiB)."""


def _roomy_cache(session: Session) -> None:
    """On SQLite, give the writing connection a page cache of ``IMPORT_CACHE_KIB``.

    A batch writes some 60,000 rows and their indexes' pages: with SQLite's
    default 2 MiB cache the transaction spills pages and reads them back
    before it commits. The cache only grows as pages are used, and stays
    with the one writing connection; PostgreSQL keeps its own.
    """
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        connection.exec_driver_sql(f"PRAGMA cache_size=-{IMPORT_CACHE_KIB}")


def _example_files() -> list[Path]:
    """The shipped examples: The Contract's and Covenant's at the top, the other games'
    in a folder each (``resources/examples/mortal_coil/``, ``.../coven/``)."""
    return sorted(resource_path("examples").rglob("*.json"))


def _file_bytes(source: str | os.PathLike[str] | bytes) -> bytes:
    """The bytes of a file to import: a regular file only (never a FIFO or a device),
    its size checked before a byte is read (``builder.core.files.read_limited``)."""
    try:
        return files.read_limited(source, MAX_FILE_BYTES)
    except files.UnreadableFile as exc:
        raise CharacterFileError(exc.problem, exc.where) from None


def _text_document(raw: bytes) -> dict[str, Any] | None:
    """The character document a registered system makes from a non-JSON text (The
    Contract's website archive, told apart by its content, not its name), None when
    ``raw`` is JSON or no system knows it; an unreadable archive is refused with its line."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        return None
    if text.lstrip("\ufeff \t\r\n").startswith(("{", "[")):
        return None
    return document_from_text(text)


def read_character_file(source: str | os.PathLike[str] | bytes) -> CharacterFile:
    """A character file of any registered system, told apart by its ``format`` (SPEC §5).

    The safe reader's checks (size, UTF-8, JSON, depth, storable text) run
    first, then the system's own reader (format version, schema). Every
    refusal is a ``CharacterFileError`` naming what and where, so importers
    handle one error.
    """
    raw = _file_bytes(source)
    data = _text_document(raw)
    if data is None:
        data = parse_document(raw)
    try:
        return read_document(data)
    except CharacterFileError:
        raise
    except FileFormatError as exc:
        raise CharacterFileError(exc.problem, exc.where, problems=exc.problems) from None


def _progress_from(progress: Progress | None, start: int, total: int) -> Progress | None:
    """``progress`` for the batch starting at file ``start``: counts over the whole import."""
    if progress is None:
        return None

    def step(phase: str, done: int, _batch_total: int) -> None:
        progress(phase, start + done, total)

    return step


def _unique_violation(exc: sa.exc.IntegrityError) -> bool:
    """True when a write lost a race for a unique key (another save went in first)."""
    orig = exc.orig
    return getattr(orig, "sqlstate", None) == "23505" or "UNIQUE constraint failed" in str(orig)


def _source_name(source: str | os.PathLike[str] | bytes, index: int) -> str:
    if isinstance(source, bytes | bytearray | memoryview):
        return f"file {index + 1}"
    return os.fspath(source)


# --------------------------------------------------------------------------- ids and systems


def _system_of(session: Session, character_id: str) -> str | None:
    for store in STORES:
        held = store.system_of(session, character_id)
        if held is not None:
            return held
    return None


def _holder(session: Session, character_id: str) -> Store:
    """The store holding a character (CharacterNotFound when none does)."""
    held = _system_of(session, character_id)
    if held is None:
        raise CharacterNotFound(f"no character with id {character_id!r} in this library")
    return store_for(held)


def _version(seen: Seen | None) -> int | None:
    return seen.version if seen is not None else None


def _name_of(character: Any) -> str:
    return system_for_character(character).identity(character).name


def _noun(system_id: str) -> str:
    try:
        return system(system_id).noun
    except KeyError:
        return f"{system_id} character"


def _with_system_name(entry: RosterEntry) -> RosterEntry:
    try:
        name = system(entry.system).display_name
    except KeyError:
        name = entry.system
    return replace(entry, system_name=name)


def _refuse_other_system(held: str, game: GameSystem, character_id: str, name: str) -> None:
    """Ids are unique across all systems, so export, delete and the roster are unambiguous."""
    if held != game.id:
        raise LibraryError(
            f"cannot save {name!r}: the id {character_id!r} already belongs to a {_noun(held)}"
        )


def _with_new_id(game: GameSystem, file: CharacterFile, name: str | None = None) -> Any:
    """The file's character under a fresh id (an import kept as a copy), renamed to ``name``.

    The name is changed in the file's document, where the system keeps it
    (the ``name`` beside the id, or one level down, as a contractor's
    ``concept``); a system keeping it elsewhere gets the new id only.
    """
    document = game.write(file)
    character = dict(document["character"], id=str(uuid.uuid4()))
    if name is not None:
        old = game.identity(file.character).name
        holder = _name_holder(character, old)
        if holder is not None:
            holder["name"] = name
    document["character"] = character
    return game.read(document).character


def _name_holder(character: dict[str, Any], name: str) -> dict[str, Any] | None:
    """The object in a character's document whose ``name`` is the character's name (a copy)."""
    if character.get("name") == name:
        return character
    for key, value in character.items():
        if isinstance(value, dict) and value.get("name") == name:
            copy = dict(value)
            character[key] = copy
            return copy
    return None


_NUMBERED = re.compile(r" \((\d+)\)$")
"""The number a kept copy's name ends with: "Ines Varga (2)"."""

MAX_NAME = 200
"""Longest name a kept copy is given (the longest the files allow)."""


def numbered_name(name: str, taken: set[str]) -> str:
    """``name`` with the first free number: "Ines Varga (2)", then (3)… (``taken`` is casefolded).

    A name that already ends in a number starts from its base, so a copy of
    "Ines Varga (2)" becomes "Ines Varga (3)", not "Ines Varga (2) (2)".
    """
    base = _NUMBERED.sub("", name) or name
    number = 2
    while True:
        suffix = f" ({number})"
        candidate = base[: MAX_NAME - len(suffix)] + suffix
        if candidate.casefold() not in taken:
            return candidate
        number += 1


class _Names:
    """The character names of the library as an import goes, read only when a copy is named."""

    def __init__(self) -> None:
        self._taken: set[str] | None = None

    def taken(self, session: Session) -> set[str]:
        if self._taken is None:
            self._taken = {
                entry.name.casefold() for store in STORES for entry in store.roster(session)
            }
        return self._taken

    def add(self, name: str) -> None:
        if self._taken is not None:
            self._taken.add(name.casefold())


IMPORT_BATCH = 200
"""Characters inserted together by one ``Store.insert_many`` call during an import."""


def _conflicts(
    session: Session, files: Sequence[tuple[str, CharacterFile]]
) -> tuple[ImportConflictInfo, ...]:
    """The files whose character id a stored character, or an earlier file, already has."""
    identities = [system(file.system).identity(file.character) for _name, file in files]
    held = _held_ids(session, [identity.id for identity in identities])
    earlier: dict[str, str] = {}
    found: list[ImportConflictInfo] = []
    for index, ((source, file), identity) in enumerate(zip(files, identities, strict=True)):
        held_name = earlier.get(identity.id)
        if held_name is None and identity.id in held and _system_of(session, identity.id):
            stored = _holder(session, identity.id).read(session, identity.id)
            held_name = _name_of(stored.character)
        if held_name is not None:
            found.append(
                ImportConflictInfo(
                    index, source, identity.id, identity.name, held_name, file.system
                )
            )
        earlier.setdefault(identity.id, identity.name)
    return tuple(found)


def _import_all(
    session: Session,
    files: Sequence[tuple[str, CharacterFile]],
    decide: Callable[[int], OnConflict],
    progress: Progress | None,
) -> list[ImportResult]:
    """Store read files in the caller's transaction; new ids in batches, the rest one by one.

    ``decide(index)`` settles the conflict of the file at ``index``.
    """
    ids = [system(file.system).identity(file.character).id for _name, file in files]
    held = _held_ids(session, ids)
    results: list[ImportResult] = []
    pending: list[tuple[str, CharacterFile]] = []
    fresh: set[str] = set()
    names = _Names()

    def flush() -> None:
        _insert_batch(session, pending)
        if progress is not None and pending:
            progress("storing", len(results), len(files))
        pending.clear()

    for index, ((name, file), character_id) in enumerate(zip(files, ids, strict=True)):
        if character_id in held or character_id in fresh:
            flush()
            result = _import_one(session, name, file, decide(index), names)
            results.append(result)
            names.add(result.name)
            if progress is not None:
                progress("storing", len(results), len(files))
            continue
        fresh.add(character_id)
        pending.append((name, file))
        game = system(file.system)
        identity = game.identity(file.character)
        results.append(
            ImportResult(
                name,
                identity.id,
                identity.name,
                "created",
                game.id,
                game.import_report(file.character),
            )
        )
        names.add(identity.name)
        if len(pending) >= IMPORT_BATCH:
            flush()
    flush()
    return results


def _import_gm_notes(
    session: Session, files: Sequence[tuple[str, CharacterFile]], results: Sequence[ImportResult]
) -> None:
    """Keep the GM notes the imported files carry, under the ids they were stored as.

    Only called for a connection that may write GM notes; a player's import
    leaves them out (the server would refuse them). A skipped file's note is
    not kept either: the character in the library stays as it was.
    """
    for (_name, file), result in zip(files, results, strict=True):
        note = file.gm_note
        if note is not None and not note.empty and result.action != "skipped":
            gm_notes.write_note(session, replace(note, id=result.contractor_id))


def _import_raced(files: Sequence[tuple[str, CharacterFile]]) -> ImportConflict:
    """The refusal of an import that lost a race for an id on a shared library."""
    name, file = files[0]
    identity = system(file.system).identity(file.character)
    which = f"{name}: {identity.name!r} ({identity.id})" if len(files) == 1 else "one of the files"
    return ImportConflict(
        f"{which} was stored by someone else at the same moment, or belongs to another "
        "member; nothing was imported: import it again to choose replace, keep-both or skip",
        identity.id,
        name,
    )


def _held_ids(session: Session, ids: Sequence[str]) -> set[str]:
    """Which of these ids a stored character (or a tombstone) already has.

    Every stored character has a version row (migration 0006 gave one to
    those stored before it), so one query per 500 ids answers.
    """
    held: set[str] = set()
    for start in range(0, len(ids), 500):
        held.update(concurrency.known_ids(session, ids[start : start + 500]))
    return held


def _insert_batch(session: Session, pending: Sequence[tuple[str, CharacterFile]]) -> None:
    """Insert files whose ids are new, grouped by store; each starts at the first version."""
    by_system: dict[str, list[Any]] = {}
    for _name, file in pending:
        by_system.setdefault(file.system, []).append((file.character, file.approvals, None))
    stamp = now()
    for system_id, items in by_system.items():
        game = system(system_id)
        store_for(game.id).insert_many(session, game, items, stamp)
        ids = [game.identity(character).id for character, _approvals, _created in items]
        concurrency.record_first(session, ids)
    session.flush()
    session.expunge_all()  # the rows are written; holding their objects only costs memory


def _import_one(
    session: Session,
    source: str,
    file: CharacterFile,
    on_conflict: OnConflict,
    names: _Names | None = None,
) -> ImportResult:
    """One read file into the library; an id already held is settled by ``on_conflict``."""
    game = system(file.system)
    store = store_for(game.id)
    character = file.character
    identity = game.identity(character)
    held = _system_of(session, identity.id)
    action = "created"
    created_at = None
    if held is not None:
        same = held == game.id
        if on_conflict is OnConflict.REFUSE or (on_conflict is OnConflict.REPLACE and not same):
            hint = (
                "choose replace, keep-both or skip"
                if same
                else "import it as a copy (keep both), or skip it"
            )
            raise ImportConflict(
                f"{source}: {identity.name!r} ({identity.id}) is already in the library as a "
                f"{_noun(held)}; {hint}",
                identity.id,
                source,
            )
        if on_conflict is OnConflict.SKIP:
            return ImportResult(source, identity.id, identity.name, "skipped", game.id)
        if on_conflict is OnConflict.REPLACE:
            created_at = store.created_at(session, identity.id)
            store.remove(session, identity.id)
            action = "replaced"
        elif on_conflict is OnConflict.KEEP_BOTH:
            taken = (names or _Names()).taken(session)
            character = _with_new_id(game, file, numbered_name(identity.name, taken))
            identity = game.identity(character)
            action = "kept both"
        else:
            character = _with_new_id(game, file)
            identity = game.identity(character)
            action = "copied"
    store.insert(session, game, character, now(), approvals=file.approvals, created_at=created_at)
    concurrency.record(session, identity.id, concurrency.tombstone(session, identity.id) + 1)
    report = game.import_report(character)
    return ImportResult(source, identity.id, identity.name, action, game.id, report)
