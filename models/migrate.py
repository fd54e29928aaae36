"""Opening a library's database: connection settings, schema upgrades, backups.

The schema is versioned with Alembic (``models/migrations``, shipped inside
the package). ``prepare_database`` runs when a library opens:

- a new, empty database is brought to the newest revision;
- a library at an older revision is first copied (SQLite: the online backup
  API into ``<file>.bak-<revision>-<UTC time>`` next to it), then upgraded in
  one transaction; if the upgrade fails nothing changes and the copy stays;
- a library at the newest revision is opened without loading Alembic at all
  (one SELECT of its revision), which keeps opening fast;
- a database with other tables, or a revision this Harbinger does not know
  (written by a newer one), is refused untouched.

SQLite connections are made durable and strict: foreign keys on, a WAL
journal (set on the file once it is known to be a library),
``synchronous=FULL`` (a committed save survives a power cut), a busy
timeout, and writes that take the write lock when they begin (``BEGIN
IMMEDIATE``), so two windows saving at once wait for each other instead of
failing half way. These are SQLite statements and run only when
the dialect is SQLite; every other statement goes through SQLAlchemy.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy import event
from sqlalchemy.engine import Connection, Engine, make_url
from sqlalchemy.pool import StaticPool

from models.compiled_cache import shared_compiled_cache
from models.errors import LibraryTooNew, MigrationFailed, NotALibrary
from models.schema_version import SCHEMA_HEAD

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"

WRITE_OPTION = "harbinger_write"
"""Execution option marking a connection that will write (SQLite: BEGIN IMMEDIATE)."""

_VERSION_TABLE = sa.table("alembic_version", sa.column("version_num", sa.String()))


@dataclass(frozen=True, slots=True)
class MigrationReport:
    """What opening a library did to its schema, for the UI to tell the player."""

    from_revision: str | None  # None: a new library was created
    to_revision: str
    backup: Path | None  # the copy taken before upgrading (SQLite files only)


# --------------------------------------------------------------------------- engines


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLite URL, or None for another database or an in-memory one."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return None
    database = parsed.database or ""
    if database in ("", ":memory:") or database.startswith("file:"):
        return None
    return Path(database)


LOCK_TIMEOUT_MS = 5_000
"""Longest a library statement waits for a lock on a shared server before giving up
(``LibraryBusy``): a member holding a table lock cannot freeze the others (issue 27)."""

STATEMENT_TIMEOUT_MS = 120_000
"""Longest one library statement may run on a shared server: far above any query the app
makes (a 10,000-character roster takes ~0.1 s; an upgrade's largest statement seconds)."""

PG_OPTIONS = (
    "-c jit=off",
    f"-c lock_timeout={LOCK_TIMEOUT_MS}",
    f"-c statement_timeout={STATEMENT_TIMEOUT_MS}",
)
"""Session settings of every library connection to PostgreSQL."""


def create_library_engine(url: str) -> Engine:
    """An engine for a library URL, with SQLite made durable (see module docstring).

    Every library engine of the process shares one cache of compiled SQL per backend
    (``models.compiled_cache``): a library opened again compiles none of its statements again.
    """
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    shared = {"execution_options": {"compiled_cache": shared_compiled_cache(backend)}}
    if backend == "postgresql":
        # A library's queries are small; PostgreSQL's JIT compiler would spend ~350 ms
        # compiling the roster of a 10,000-contractor shared library that runs in ~100 ms.
        given = parsed.query.get("options", "")
        options = " ".join([*([given] if isinstance(given, str) else given), *PG_OPTIONS])
        return sa.create_engine(
            url, pool_pre_ping=True, connect_args={"options": options.strip()}, **shared
        )
    if backend != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True, **shared)
    path = sqlite_file(url)
    kwargs: dict[str, Any] = {"connect_args": {"timeout": 30}, **shared}
    if path is None:
        kwargs["poolclass"] = StaticPool  # one shared connection keeps an in-memory library alive
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, **kwargs)
    _make_sqlite_durable(engine)
    return engine


def _make_sqlite_durable(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Let SQLAlchemy issue BEGIN itself (below), instead of the sqlite3
        # module's implicit transactions that start only at the first write.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        try:
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA busy_timeout=30000")
            cursor.execute("PRAGMA synchronous=FULL")
        finally:
            cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(connection: Connection) -> None:
        writing = connection.get_execution_options().get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writing else "BEGIN")


# --------------------------------------------------------------------------- revisions


def current_revision(connection: Connection) -> str | None:
    """The library's schema revision; None for an empty database; NotALibrary for a foreign one.

    A library is answered by one query of its version table; only when that
    table is missing is the database inspected (empty, or someone else's).
    """
    try:
        revisions = connection.execute(sa.select(_VERSION_TABLE.c.version_num)).scalars().all()
    except (sa.exc.OperationalError, sa.exc.ProgrammingError):
        connection.rollback()  # PostgreSQL: the failed query ended the transaction
        return _revision_of_unversioned(connection)
    if len(revisions) != 1:
        raise NotALibrary(f"this library has {len(revisions)} schema versions recorded; expected 1")
    return str(revisions[0])


def _revision_of_unversioned(connection: Connection) -> str | None:
    """None for an empty database; NotALibrary for one holding other tables."""
    inspector = sa.inspect(connection)
    if not inspector.has_table("alembic_version"):
        tables = inspector.get_table_names()
        if tables:
            shown = ", ".join(sorted(tables)[:5])
            raise NotALibrary(
                f"this database is not a Harbinger library (it holds other tables: {shown})"
            )
        return None
    raise NotALibrary("this library's schema version table cannot be read")


def known_revisions() -> list[str]:
    """Every revision in ``models/migrations``, oldest first."""
    from alembic.script import ScriptDirectory

    script = ScriptDirectory(str(MIGRATIONS_DIR))
    return [s.revision for s in reversed(list(script.walk_revisions()))]


def prepare_database(engine: Engine) -> MigrationReport | None:
    """Bring a library's schema to ``SCHEMA_HEAD`` (backing it up first); None if it already was."""
    with engine.connect() as connection:
        revision = current_revision(connection)
        if connection.dialect.name == "sqlite":
            # Only now that the file is known to be ours: WAL is a setting of the file itself.
            connection.rollback()
            _driver_execute(connection, "PRAGMA journal_mode=WAL")
    if revision == SCHEMA_HEAD:
        return None
    if revision is not None and revision not in known_revisions():
        raise LibraryTooNew(
            f"this library was upgraded by a newer Harbinger (schema {revision}); "
            "open it with that version"
        )
    backup = None
    if revision is not None:
        backup = backup_sqlite(engine, revision)
    try:
        upgrade(engine, "head")
    except Exception as exc:
        where = f"; the copy taken before it is {backup}" if backup else ""
        raise MigrationFailed(
            f"upgrading the library from schema {revision} failed and was undone{where}: {exc}"
        ) from exc
    return MigrationReport(from_revision=revision, to_revision=SCHEMA_HEAD, backup=backup)


def upgrade(engine: Engine, target: str = "head") -> None:
    """Run the migrations up to ``target`` in one transaction (all or nothing).

    On SQLite, foreign keys are switched off while tables are rebuilt (a
    batch migration drops and recreates a table, which would otherwise
    cascade deletes into its children), and checked before committing.
    """
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        if sqlite:
            _driver_execute(connection, "PRAGMA foreign_keys=OFF")
        try:
            writer = connection.execution_options(**{WRITE_OPTION: True})
            with writer.begin():
                config.attributes["connection"] = writer
                command.upgrade(config, target)
                if sqlite:
                    broken = writer.exec_driver_sql("PRAGMA foreign_key_check").all()
                    if broken:
                        raise MigrationFailed(f"the upgrade broke {len(broken)} row references")
        finally:
            if sqlite:
                _driver_execute(connection, "PRAGMA foreign_keys=ON")


def _driver_execute(connection: Connection, statement: str) -> None:
    """Run a statement outside any transaction (PRAGMA foreign_keys is ignored inside one)."""
    driver = connection.connection.driver_connection
    # A SQLite pool connection always has its driver connection (None only once closed).
    driver.execute(statement)  # type: ignore[union-attr]


# --------------------------------------------------------------------------- backups


def backup_sqlite(engine: Engine, revision: str, now: datetime | None = None) -> Path | None:
    """Copy a SQLite library next to itself before an upgrade; None for other databases.

    Uses SQLite's online backup API, so the copy is a consistent snapshot
    even with a WAL journal, and checks the copy before trusting it.
    """
    path = sqlite_file(str(engine.url))
    if path is None:
        return None
    stamp = (now or datetime.now(UTC)).strftime("%Y%m%dT%H%M%SZ")
    target = path.with_name(f"{path.name}.bak-{revision}-{stamp}")
    counter = 1
    while target.exists():
        counter += 1
        target = path.with_name(f"{path.name}.bak-{revision}-{stamp}-{counter}")
    raw = engine.raw_connection()
    try:
        source = raw.driver_connection
        copy = sqlite3.connect(target)
        try:
            # A SQLite pool connection always has its driver connection (None only once closed).
            source.backup(copy)  # type: ignore[union-attr]
            verdict = copy.execute("PRAGMA integrity_check").fetchone()
            copy.execute("PRAGMA journal_mode=DELETE")  # a backup is one self-contained file
        finally:
            copy.close()
    finally:
        raw.close()
    if not verdict or verdict[0] != "ok":
        raise MigrationFailed(f"the backup {target} did not pass SQLite's integrity check")
    with open(target, "rb") as handle:
        os.fsync(handle.fileno())
    return target


# --------------------------------------------------------------------------- development


def migration_sql(url: str, target: str = "head") -> str:
    """The SQL the migrations would run on a database of ``url``'s kind, without connecting.

    For a server admin who wants to read or apply the upgrade by hand (and
    for the test that keeps every migration valid PostgreSQL).
    """
    import io

    from alembic import command
    from alembic.config import Config

    buffer = io.StringIO()
    config = Config(output_buffer=buffer)
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url)
    command.upgrade(config, target, sql=True)
    return buffer.getvalue()


def new_revision(message: str, revision_id: str) -> None:
    """Draft the next migration from the difference between the models and the newest schema.

    Run ``python -m models.migrate "add a column" 0003_add_a_column`` after
    changing ``models/tables.py``, then read and edit the file it writes:
    autogenerated migrations are a draft, never the final word.
    """
    import tempfile

    from alembic import command
    from alembic.config import Config

    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'head.sqlite3'}"
        engine = create_library_engine(url)
        upgrade(engine, "head")
        engine.dispose()
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS_DIR))
        config.set_main_option("sqlalchemy.url", url)
        command.revision(config, message=message, autogenerate=True, rev_id=revision_id)


if __name__ == "__main__":
    import sys

    if len(sys.argv) != 3:
        print('usage: python -m models.migrate "what changed" 0003_short_name', file=sys.stderr)
        raise SystemExit(2)
    new_revision(sys.argv[1], sys.argv[2])
