"""A whole-table Contract on a playgroup's shared library: all or none across owners (issue 32).

Dana leads and owns Ines Varga; Ines plays and owns Wren Halloway. A member
recording a Contract that seats someone else's contractor is refused with the
server's sentence, and their own contractor's ledger is left as it was too:
the table is one transaction.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from builder.contract.file import read_character_file
from builder.contract.table import Attendee, TableContract, TableOutcome
from harbinger.app.common import commit
from harbinger.app.contract.table import plan_table_contract, store_table
from models import playgroup
from models.errors import NotAllowed
from models.library import Library
from resources import resource_path
from tests.pg.server import PostgresServer

INES_VARGA = resource_path("examples") / "seasoned-ines-varga.json"
WREN = resource_path("examples") / "newbie-wren-halloway.json"


@pytest.fixture
def libraries(pg_server: PostgresServer) -> Iterator[tuple[Library, Library]]:
    tag = uuid.uuid4().hex[:6]
    url = pg_server.url(pg_server.new_database("pg"))
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    with Library.open(dana.url) as leader, Library.open(ines.url) as player:
        leader.save(read_character_file(INES_VARGA))
        player.import_file(WREN)
        yield leader, player


def test_a_player_seating_anothers_contractor_is_refused_and_nothing_is_stored(
    libraries: tuple[Library, Library],
) -> None:
    leader, ines = libraries
    varga, wren = read_character_file(INES_VARGA).id, read_character_file(WREN).id
    before = {cid: leader.load(cid).ledger for cid in (varga, wren)}
    contract = TableContract(
        date="2026-11-20",
        scenario="The Drowned Choir",
        home=True,
        attendees=(Attendee(wren, TableOutcome.VICTORY),),
        gm_id=varga,  # Dana's contractor takes the GM's Improvement: not Ines's to give
    )
    _table, plan = plan_table_contract(ines, contract)
    assert plan.allowed, plan.errors
    with pytest.raises(NotAllowed, match=r"^only Dana can change Ines Varga$"):
        commit(ines, plan, store_table)
    assert {cid: leader.load(cid).ledger for cid in (varga, wren)} == before
