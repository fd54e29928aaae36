"""The roster's stored counts (revision 0015) on a playgroup's shared library (issue 29).

A shared library made before 0015 has the older guard and column grants: its
upgrade fills the counts from the ledgers, lets the players write the new
columns of their own contractors, and lets the leader write them on anyone's
(recording a Contract for a player's contractor changes its counts). After
every write the stored counts equal builder's rule on the contractor loaded
back (``ledger_standing``), on PostgreSQL as on SQLite.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace

import sqlalchemy as sa

from builder.contract.character import ContractAttended, Outcome
from builder.contract.file import read_character_file
from builder.contract.ledger.standing import ledger_standing
from models import playgroup
from models.library import Library
from models.migrate import create_library_engine, upgrade
from resources import resource_path
from tests.migration_steps import downgrade_on

INES_VARGA = resource_path("examples") / "seasoned-ines-varga.json"
WREN = resource_path("examples") / "newbie-wren-halloway.json"

_OLD_SKIP = "  skip text[] := ARRAY['approval_state', 'approvals', 'updated_at'];"


def _counts(url: str) -> tuple[dict[str, tuple[int, int, bool]], dict[str, tuple[int, int, bool]]]:
    """(stored, builder's rule on the contractor loaded back) for every contractor, read
    as the owner."""
    engine = create_library_engine(url)
    try:
        with engine.connect() as connection:
            stored = connection.execute(
                sa.text("SELECT id, roster_victories, roster_floor, roster_dead FROM contractor")
            ).all()
    finally:
        engine.dispose()
    builders = {}
    with Library.open(url) as library:
        for cid, *_ in stored:
            standing = ledger_standing(library.load(cid).ledger)
            builders[cid] = (standing.victories, standing.floor_victories, not standing.alive)
    return {cid: (v, f, bool(d)) for cid, v, f, d in stored}, builders


def _back_to_0014(url: str) -> None:
    """The library as a Harbinger of revision 0014 left it: no counts, the older guard."""
    engine = create_library_engine(url)
    try:
        with engine.begin() as connection:
            downgrade_on(connection, "0014_gm_notes")
            skip = playgroup._GUARD_CHANGE.split("\n")[4:6]
            old = playgroup._GUARD_CHANGE.replace("\n".join(skip), _OLD_SKIP)
            assert old != playgroup._GUARD_CHANGE
            connection.connection.driver_connection.execute(old)  # no parameters: % as is
    finally:
        engine.dispose()


def test_an_upgraded_shared_library_keeps_its_counts_for_players_and_leader(
    pg_library: Callable[[str], str],
) -> None:
    tag = uuid.uuid4().hex[:6]
    url = pg_library("counts")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    with Library.open(dana.url) as leader, Library.open(ines.url) as player:
        leader.save(read_character_file(INES_VARGA))
        player.import_file(WREN)
    expected, _ = _counts(url)
    _back_to_0014(url)

    engine = create_library_engine(url)
    try:
        upgrade(engine)
    finally:
        engine.dispose()
    stored, slow = _counts(url)
    assert stored == slow == expected

    wren_id = read_character_file(WREN).id
    won = ContractAttended("2026-11-21", "The Lantern Debt", True, Outcome.VICTORY)
    with Library.open(ines.url) as player:  # a player records for their own contractor
        wren = player.load(wren_id)
        player.save(replace(wren, ledger=(*wren.ledger, won)))
    stored, slow = _counts(url)
    assert stored == slow and stored[wren_id][0] == expected[wren_id][0] + 1
    with Library.open(dana.url) as leader:  # the leader records for a player's contractor
        wren = leader.load(wren_id)
        leader.save(replace(wren, ledger=(*wren.ledger, won)))
        line = next(e for e in leader.roster() if e.id == wren_id)
    stored, slow = _counts(url)
    assert stored == slow and stored[wren_id][0] == expected[wren_id][0] + 2
    assert line.victories == stored[wren_id][0]
