"""The ledger's remaining indexes on PostgreSQL (revisions 0017 and 0019, issue 29).

On a library this small the planner would read the table anyway, so each
ledger query is explained with sequential scans switched off: PostgreSQL then
still scans only when no index can answer. Every query must reach the ledger
through an index, none of those 0017 and 0019 drop; the upgrade from 0016 drops
them on the server as on SQLite, run as the library's owner.
"""

from __future__ import annotations

import sqlalchemy as sa
from sqlalchemy.dialects import postgresql

from builder.contract.file import read_character_file
from models.library import Library
from models.migrate import create_library_engine, upgrade
from tests.migration_steps import downgrade_on
from tests.models.test_ledger_indexes import (
    DROPPED,
    EXAMPLES,
    INES_VARGA,
    ROSTER_DROPPED,
    ledger_queries,
)
from tests.pg.server import PostgresServer

KEPT = {"uq_ledger_entry_contractor_id_seq"}


def _indexes(url: str) -> set[str]:
    engine = create_library_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                sa.text("SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_entry'")
            ).all()
    finally:
        engine.dispose()
    return {name for (name,) in rows} - {"pk_ledger_entry"}


def _filled(server: PostgresServer) -> str:
    url = server.url(server.new_database("ledger_ix"))
    with Library.open(url) as library:
        for example in sorted(EXAMPLES.glob("*.json")):
            if not example.name.startswith("covenant"):
                library.import_file(example)
    return str(url)


def test_every_ledger_query_uses_an_index_on_the_server(pg_server: PostgresServer) -> None:
    url = _filled(pg_server)
    ines = read_character_file(INES_VARGA)
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("ANALYZE ledger_entry"))
            connection.execute(sa.text("SET LOCAL enable_seqscan = off"))
            for what, statement in ledger_queries(ines.id, ines.gifts[0].id).items():
                sql = statement.compile(
                    dialect=postgresql.dialect(), compile_kwargs={"literal_binds": True}
                )
                explain = f"EXPLAIN {sql}".replace("%", "%%")  # no parameters: % as is
                plan = "\n".join(row[0] for row in connection.exec_driver_sql(explain))
                assert "Seq Scan on ledger_entry" not in plan, (what, plan)
                assert "Index Scan" in plan or "Index Only Scan" in plan, (what, plan)
                assert "ledger_entry" in plan, (what, plan)
                assert not any(name in plan for name in DROPPED | ROSTER_DROPPED), (what, plan)
    finally:
        engine.dispose()


def test_the_upgrade_drops_the_three_on_the_server(pg_server: PostgresServer) -> None:
    url = _filled(pg_server)
    assert _indexes(url) == KEPT
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            downgrade_on(connection, "0016_loose_end_threats")
        assert _indexes(url) == KEPT | DROPPED | ROSTER_DROPPED
        upgrade(engine)
    finally:
        engine.dispose()
    assert _indexes(url) == KEPT
    with Library.open(url) as library:
        assert library.migration is None
        assert {e.name for e in library.roster()} >= {read_character_file(INES_VARGA).concept.name}
