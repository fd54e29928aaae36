"""Counts 0015's SQL filled on a shared library are refreshed by the owner's opening only.

"Seasoned: 10–16 victories" (the rules' Status table): a Seasoned port opens at
Seasoned, a floor of 10 victories under the roster's Status. Revision 0015's
SQL read ``ported_at`` on any port and made a Seasoned port that names
"veteran" a Veteran (floor 25). A player may not write another's contractor
row and a leader may not write ``stored_rule``, so neither's opening refreshes
anything (nor fails); the owner's does (``models.roster_refresh``), once.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import replace

import sqlalchemy as sa

from builder.contract.character import Concept
from builder.contract.file import read_character_file
from builder.contract.port_record import Ported, PortLevel
from models import playgroup
from models.library import Library
from models.migrate import create_library_engine, upgrade
from resources import resource_path
from tests.pg.server import PostgresServer
from tests.pg.test_roster_counts_pg import _back_to_0014

WREN = resource_path("examples") / "newbie-wren-halloway.json"
ODD = Ported("2026-04-01", PortLevel.SEASONED, ported_at="veteran")


def _as_owner(url: str, statement: str) -> list[tuple[object, ...]]:
    engine = create_library_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(sa.text(statement)).all()]
    finally:
        engine.dispose()


def _floor(url: str) -> list[tuple[object, ...]]:
    return _as_owner(url, "SELECT id, roster_floor FROM contractor WHERE id = 'odd'")


def test_only_the_owners_open_refreshes_and_only_once(pg_library: Callable[[str], str]) -> None:
    tag = uuid.uuid4().hex[:6]
    url = pg_library("refresh")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    with Library.open(ines.url) as player:
        wren = read_character_file(WREN)
        player.save(replace(wren, id="odd", concept=Concept("Odd Port", "Ines"), ledger=(ODD,)))
    assert _floor(url) == [("odd", 10)]
    _back_to_0014(url)
    engine = create_library_engine(url)
    try:
        upgrade(engine)  # the migrations alone, as the owner: 0015's SQL fills the counts
    finally:
        engine.dispose()
    assert _floor(url) == [("odd", 25)]
    for login in (ines, dana):
        with Library.open(login.url) as library:
            assert library.roster_counts_refreshed is None
            assert library.member is not None and library.member.role != playgroup.OWNER
        assert _floor(url) == [("odd", 25)]
        assert _as_owner(url, "SELECT * FROM stored_rule") == []
    with Library.open(url) as owner:
        assert owner.roster_counts_refreshed == 1
    assert _floor(url) == [("odd", 10)]
    assert _as_owner(url, "SELECT * FROM stored_rule") == [("roster_counts", 1)]
    with Library.open(url) as owner:
        assert owner.roster_counts_refreshed is None
    with Library.open(ines.url) as player:
        assert {e.id: e.floor_victories for e in player.roster()}["odd"] == 10


def _wait_for_a_lock_wait(engine: sa.Engine) -> None:
    """Until another session of the database waits on a lock (the server says so), or fail."""
    deadline = time.monotonic() + 30
    with engine.connect() as watcher:
        while time.monotonic() < deadline:
            waiting = watcher.execute(
                sa.text(
                    "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
                    " AND wait_event_type = 'Lock' AND pid <> pg_backend_pid()"
                )
            ).scalar_one()
            watcher.rollback()  # a fresh snapshot of the activity each time
            if waiting:
                return
            time.sleep(0.02)
    raise AssertionError("the second opening never waited on the refresh's lock")


def test_two_openings_by_the_owner_at_once_refresh_once(pg_server: PostgresServer) -> None:
    """The owner's app refreshes (here: a transaction holding the refresh's lock, its new
    edition not yet committed) while a command opens the same library: the command waits,
    then finds the edition stored and writes nothing, instead of failing on it."""
    url = pg_server.url(pg_server.new_database("race"))
    Library.open(url).close()
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(sa.text("DELETE FROM stored_rule"))
        opened: list[int | None] = []
        errors: list[BaseException] = []

        def open_it() -> None:
            try:
                with Library.open(url) as library:
                    opened.append(library.roster_counts_refreshed)
            except BaseException as exc:  # reported by the assertion below
                errors.append(exc)

        with engine.connect() as first:
            first.execute(sa.text("LOCK TABLE stored_rule IN SHARE ROW EXCLUSIVE MODE"))
            first.execute(sa.text("INSERT INTO stored_rule VALUES ('roster_counts', 1)"))
            second = threading.Thread(target=open_it)
            second.start()
            _wait_for_a_lock_wait(engine)
            assert second.is_alive()  # waiting for the lock
            first.commit()
        second.join(timeout=60)
    finally:
        engine.dispose()
    assert (errors, opened) == ([], [None])
    assert _as_owner(url, "SELECT * FROM stored_rule") == [("roster_counts", 1)]
