"""Revision 0021 on PostgreSQL: the four indexes a unique index already answers are gone.

On a library this small the planner would read a table anyway, so each
statement is explained with sequential scans switched off: PostgreSQL then
still scans only when no index can answer. Reading a contractor's Gifts,
their Parameters and its Creation ratings, and a Covenant character's play
log, must each reach its table through the unique index that leads with the
same column; the upgrade from 0020 drops the four on the server too.
"""

from __future__ import annotations

from collections.abc import Callable

import sqlalchemy as sa

from models.library import Library
from models.migrate import create_library_engine, upgrade
from tests.migration_steps import downgrade_on
from tests.models.test_prefix_indexes import DROPPED, EXAMPLES

LOOKUPS = {
    "gift": "SELECT * FROM gift WHERE contractor_id = :who",
    "gift_parameter": "SELECT * FROM gift_parameter WHERE gift_row_id IN "
    "(SELECT id FROM gift WHERE contractor_id = :who)",
    "creation_rating": "SELECT * FROM creation_rating WHERE contractor_id = :who",
    "character_log": "SELECT * FROM character_log WHERE character_id = :who ORDER BY seq",
}
"""A lookup by the column each dropped index held, by the table it reads."""


def _indexes(url: str) -> set[str]:
    engine = create_library_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(sa.text("SELECT indexname FROM pg_indexes")).all()
    finally:
        engine.dispose()
    return {name for (name,) in rows}


def _filled(pg_library: Callable[[str], str]) -> tuple[str, dict[str, str]]:
    """A library on the server holding the examples: its URL and an id of each system."""
    url = pg_library("prefix_ix")
    with Library.open(url) as library:
        results = library.import_files(sorted(EXAMPLES.glob("*.json")))
    return url, {result.system: result.contractor_id for result in results}


def test_every_lookup_uses_a_unique_index_on_the_server(pg_library: Callable[[str], str]) -> None:
    url, ids = _filled(pg_library)
    assert not _indexes(url) & set(DROPPED)
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("SET LOCAL enable_seqscan = off"))
            for table, sql in LOOKUPS.items():
                who = ids["covenant" if table == "character_log" else "contract"]
                rows = connection.execute(sa.text(f"EXPLAIN {sql}"), {"who": who}).all()
                plan = "\n".join(row[0] for row in rows)
                assert f"Seq Scan on {table}" not in plan, (table, plan)
                assert f"uq_{table}_" in plan, (table, plan)
    finally:
        engine.dispose()


def test_the_upgrade_drops_the_four_on_the_server(pg_library: Callable[[str], str]) -> None:
    url, _ids = _filled(pg_library)
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            downgrade_on(connection, "0020_loose_end_keys")
        assert _indexes(url) >= set(DROPPED)
        upgrade(engine)
    finally:
        engine.dispose()
    assert not _indexes(url) & set(DROPPED)
    with Library.open(url) as library:
        assert library.migration is None
