"""Compiled SQL shared across the library engines of one process (models.compiled_cache).

Each library has its own engine; without the shared cache every engine compiled
each of its statements again. These tests count what SQLAlchemy reports for each
statement it runs (``context.cache_hit``: compiled now, or taken from the cache).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.engine import Engine

from builder.contract.file import read_character_file
from models.compiled_cache import SharedCompiledCache, dialect_configuration
from models.library import Library
from resources import resource_path

INES = resource_path("examples") / "seasoned-ines-varga.json"


@dataclasses.dataclass
class Ran:
    """One statement an engine ran: its SQL and whether it was compiled for this run."""

    sql: str
    cache: Any  # a CacheStats member (CACHE_HIT, CACHE_MISS, ...)


@contextmanager
def statements_run() -> Iterator[list[Ran]]:
    """Every statement any engine runs inside the block, in order."""
    ran: list[Ran] = []

    def note(_conn: Any, _cursor: Any, sql: str, _params: Any, context: Any, _many: bool) -> None:
        ran.append(Ran(sql, getattr(context, "cache_hit", None)))

    sa.event.listen(Engine, "before_cursor_execute", note)
    try:
        yield ran
    finally:
        sa.event.remove(Engine, "before_cursor_execute", note)


def use_library(url: str, contractor_id: str) -> None:
    """Open a library, store Ines under an id, list the roster, read her back, delete her."""
    contractor = dataclasses.replace(read_character_file(INES), id=contractor_id)
    with Library.open(url) as library:
        library.save(contractor)
        assert [entry.id for entry in library.roster()] == [contractor_id]
        assert library.load(contractor_id) == contractor
        library.delete(contractor_id)


def test_a_library_opened_again_compiles_none_of_its_statements(library_url: str) -> None:
    """The second engine on a library finds every statement compiled by the first.

    Opening checks the schema revision, saving inserts the contractor and her ledger
    (the ORM's flush, with a cache of its own per mapper), the roster and the load
    select, the delete removes: every one of them was compiled for the first engine.
    """
    use_library(library_url, "ines-first")
    with statements_run() as ran:
        use_library(library_url, "ines-again")
    compiled = [r.sql for r in ran if r.cache == sa.engine.default.DefaultDialect.CACHE_MISS]
    assert compiled == []
    hits = [r for r in ran if r.cache == sa.engine.default.DefaultDialect.CACHE_HIT]
    assert len(hits) >= 20  # the statements did go through the cache, all of them found


def _select_a(engine: Engine) -> list[Ran]:
    t = sa.table("t", sa.column("a", sa.Integer))
    with statements_run() as ran, engine.connect() as connection:
        connection.execute(sa.select(t.c.a).where(t.c.a == sa.bindparam("x")), {"x": 1})
    return ran


@pytest.fixture
def scratch_engines() -> Iterator[list[Engine]]:
    """Engines a test makes, each made with ``make``; disposed at the end."""
    made: list[Engine] = []
    yield made
    for engine in made:
        engine.dispose()


def _sqlite(cache: SharedCompiledCache, made: list[Engine], **kwargs: Any) -> Engine:
    engine = sa.create_engine("sqlite://", execution_options={"compiled_cache": cache}, **kwargs)
    with engine.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE t (a INTEGER)")
    made.append(engine)
    return engine


def test_a_statement_compiled_for_sqlite_is_compiled_again_for_postgresql(
    pg_server: Any, scratch_engines: list[Engine]
) -> None:
    """Same statement, same cache: PostgreSQL gets its own SQL (its own parameter style)."""
    cache = SharedCompiledCache()
    lite = _sqlite(cache, scratch_engines)
    pg = sa.create_engine(
        pg_server.url(pg_server.new_database("cache")), execution_options={"compiled_cache": cache}
    )
    scratch_engines.append(pg)
    with pg.begin() as connection:
        connection.exec_driver_sql("CREATE TABLE t (a INTEGER)")

    [on_sqlite] = _select_a(lite)
    [on_pg] = _select_a(pg)
    [on_pg_again] = _select_a(pg)
    assert on_sqlite.cache == on_pg.cache == sa.engine.default.DefaultDialect.CACHE_MISS
    assert on_sqlite.sql.endswith("WHERE t.a = ?")
    assert on_pg.sql.endswith("WHERE t.a = %(x)s::INTEGER")
    assert on_pg_again.cache == sa.engine.default.DefaultDialect.CACHE_HIT
    assert len(cache) == 2


def test_two_sqlite_engines_alike_share_and_one_set_up_otherwise_does_not(
    scratch_engines: list[Engine],
) -> None:
    """A dialect's settings are part of the key: a JSON serializer of its own compiles anew."""
    cache = SharedCompiledCache()
    [first] = _select_a(_sqlite(cache, scratch_engines))
    [alike] = _select_a(_sqlite(cache, scratch_engines))
    [own] = _select_a(_sqlite(cache, scratch_engines, json_serializer=json.dumps))
    assert first.cache == own.cache == sa.engine.default.DefaultDialect.CACHE_MISS
    assert alike.cache == sa.engine.default.DefaultDialect.CACHE_HIT
    assert len(cache) == 2


def test_a_table_of_another_shape_is_another_statement(scratch_engines: list[Engine]) -> None:
    """What a schema revision changes (a table's columns) changes the key, so the SQL."""
    cache = SharedCompiledCache()
    engine = _sqlite(cache, scratch_engines)
    with engine.begin() as connection:
        connection.exec_driver_sql("ALTER TABLE t ADD COLUMN b INTEGER")
    before = sa.table("t", sa.column("a", sa.Integer))
    after = sa.table("t", sa.column("a", sa.Integer), sa.column("b", sa.Integer))
    with statements_run() as ran, engine.connect() as connection:
        connection.execute(sa.select(before))
        connection.execute(sa.select(after))
    assert [r.sql for r in ran] == ["SELECT t.a \nFROM t", "SELECT t.a, t.b \nFROM t"]
    assert len(cache) == 2


def test_the_configuration_names_the_dialect_and_leaves_out_memoized_values() -> None:
    """SQLite and PostgreSQL dialects never share a key; a memoized value changes nothing."""
    lite = sa.create_engine("sqlite://")
    pg = sa.create_engine("postgresql+psycopg://someone@localhost/nothing")
    assert dialect_configuration(lite.dialect)[0] is type(lite.dialect)
    assert dialect_configuration(lite.dialect) != dialect_configuration(pg.dialect)
    before = dialect_configuration(lite.dialect)
    assert lite.dialect._type_memos is not None  # a memoized property, now set
    assert dialect_configuration(lite.dialect) == before
