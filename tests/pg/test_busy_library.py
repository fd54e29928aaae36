"""No player can freeze the shared library (issue 27, item 4).

"Any player can hold ``LOCK TABLE contractor IN ACCESS EXCLUSIVE MODE`` in an
open transaction; every other member's roster and ``db list`` then wait
forever." Every library connection now gives up on a lock after
``LOCK_TIMEOUT_MS`` and says the shared library is busy; and the lock a
player can still take is only on tables whose design needs their DELETE.
"""

from __future__ import annotations

import dataclasses
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass

import psycopg
import pytest

from harbinger.cli import main
from models import playgroup
from models.library import Library
from models.migrate import LOCK_TIMEOUT_MS
from resources import resource_path

WREN = resource_path("examples", "newbie-wren-halloway.json")
COVENANT = resource_path("examples", "covenant-ines-okafor-vell.json")


@dataclass
class Group:
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin
    odo: playgroup.NewLogin


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    tag = uuid.uuid4().hex[:6]
    url = pg_library("busy")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    odo = playgroup.add_player(url, "Odo", login=f"odo_{tag}")
    with Library.open(ines.url) as library:
        library.import_file(WREN)
        library.import_file(COVENANT)
    return Group(dana, ines, odo)


def _raw(login: playgroup.NewLogin) -> psycopg.Connection:
    return psycopg.connect(login.url.replace("postgresql+psycopg://", "postgresql://"))


def _db_list(url: str, capsys: pytest.CaptureFixture[str]) -> tuple[int | None, str, float]:
    """(exit code, stderr, seconds) of ``db list``, run in a thread so a hang fails the
    test instead of freezing it (the lock is released when the test closes Odo's
    connection, which then lets the thread end)."""
    result: list[int] = []
    start = time.monotonic()
    worker = threading.Thread(target=lambda: result.append(main(["--db", url, "db", "list"])))
    worker.start()
    worker.join(timeout=30)
    elapsed = time.monotonic() - start
    _out, err = capsys.readouterr()
    return (result[0] if result else None), err, elapsed


@pytest.mark.parametrize(
    "table",
    # Each case waits out the server's 5 s lock_timeout: the quick loop keeps one, CI both.
    ["contractor", pytest.param("character_document", marks=pytest.mark.slow)],
)
def test_a_players_table_lock_makes_db_list_say_busy_within_10_s(
    group: Group, table: str, capsys: pytest.CaptureFixture[str]
) -> None:
    odo = _raw(group.odo)
    try:
        odo.execute(f"LOCK TABLE {table} IN ACCESS EXCLUSIVE MODE")  # held: no commit
        code, err, elapsed = _db_list(group.dana.url, capsys)
    finally:
        odo.close()
    assert code == 1, err
    assert err.startswith("harbinger db: the shared library is busy"), err
    assert LOCK_TIMEOUT_MS / 1000 <= elapsed < 10
    # the lock gone, the same command answers
    assert main(["--db", group.dana.url, "db", "list"]) == 0


def test_a_player_cannot_lock_the_version_table(group: Group) -> None:
    """Every save of every member goes through character_version: players hold only
    INSERT and UPDATE (version) on it, which allow no ACCESS EXCLUSIVE lock."""
    with _raw(group.odo) as odo, pytest.raises(psycopg.errors.InsufficientPrivilege):
        odo.execute("LOCK TABLE character_version IN ACCESS EXCLUSIVE MODE")
    with Library.open(group.ines.url) as ines:  # saves still work with the narrower grant
        wren = ines.load("c490dfa0-ce58-5d4e-8d9a-3d86b4c027c1")
        assert ines.save(dataclasses.replace(wren, notes="still mine")).version == 2
