"""A whole-table Contract on a playgroup's shared library: all or none across owners (issue 32).

Dana leads and owns Ines Varga; Ines plays and owns Wren Halloway. A player
recording a Contract that seats someone else's contractor is refused with the
server's sentence, and their own contractor's ledger is left as it was too:
the table is one transaction. The leader may record for everyone's contractors:
the ledger rows only, which the server lets the leaders' group write.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from builder.contract.character import ContractAttended
from builder.contract.file import read_character_file
from builder.contract.sheet import evaluate_sheet
from builder.contract.table import Attendee, TableContract, TableOutcome
from harbinger.app.common import commit
from harbinger.app.contract.table import plan_table_contract, store_table
from models import playgroup
from models.errors import NotAllowed
from models.library import Library
from resources import resource_path

INES_VARGA = resource_path("examples") / "seasoned-ines-varga.json"
WREN = resource_path("examples") / "newbie-wren-halloway.json"


@pytest.fixture
def libraries(pg_library: Callable[[str], str]) -> Iterator[tuple[Library, Library]]:
    tag = uuid.uuid4().hex[:6]
    url = pg_library("pg")
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


TAMSIN = Path(__file__).parents[1] / "data" / "website_archives" / "newbie-tamsin-rook.md"


Table = tuple[Library, Library, Library, str, str]


@pytest.fixture
def table(pg_library: Callable[[str], str]) -> Iterator[Table]:
    """Dana leads and owns Ines Varga; Ines owns Wren Halloway; Odo owns Tamsin Rook
    (imported from her website archive). Yields the three libraries, Tamsin's id and
    Odo's connection URL."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("pg")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    odo = playgroup.add_player(url, "Odo", login=f"odo_{tag}")
    with (
        Library.open(dana.url) as leader,
        Library.open(ines.url) as player,
        Library.open(odo.url) as other,
    ):
        leader.save(read_character_file(INES_VARGA))
        player.import_file(WREN)
        tamsin = other.import_file(TAMSIN).contractor_id
        yield leader, player, other, tamsin, odo.url


def _contracts(library: Library, cid: str) -> list[tuple[str, str]]:
    ledger = library.load(cid).ledger
    return [(e.scenario, str(e.outcome)) for e in ledger if isinstance(e, ContractAttended)]


def _earned(library: Library, cid: str) -> int:
    return evaluate_sheet(library.load(cid)).exp.earned_total


def test_the_leader_records_a_contract_for_two_players_contractors(
    table: Table,
) -> None:
    """Dana seats Ines's Wren (victory) and Odo's Tamsin (loss), both at home, and GMs
    with her own Ines Varga. "+3 Exp - Attend a Contract in their home Playgroup",
    "+2 Exp - Claim victory on a Contract": Wren earns 3 + 2 = 5, Tamsin 3. Both players
    see the entries, the roster counts Wren's new victory, and the leader's undo takes
    it all back."""
    leader, ines, odo, tamsin, _url = table
    wren, varga = read_character_file(WREN).id, read_character_file(INES_VARGA).id
    wins_before = {e.id: e.victories for e in leader.roster()}
    earned_before = {cid: _earned(leader, cid) for cid in (wren, tamsin)}
    contract = TableContract(
        date="2026-11-21",
        scenario="The Lantern Debt",
        home=True,
        attendees=(
            Attendee(wren, TableOutcome.VICTORY),
            Attendee(tamsin, TableOutcome.LOSS),
        ),
        gm_id=varga,
    )
    _plan, plan = plan_table_contract(leader, contract)
    assert plan.allowed, plan.errors
    commit(leader, plan, store_table)

    for library in (ines, odo, leader):
        assert _contracts(library, wren)[-1] == ("The Lantern Debt", "victory")
        assert _contracts(library, tamsin) == [("The Lantern Debt", "failure")]
    assert _earned(ines, wren) - earned_before[wren] == 5
    assert _earned(odo, tamsin) - earned_before[tamsin] == 3
    wins_after = {e.id: e.victories for e in odo.roster()}
    assert wins_after[wren] == wins_before[wren] + 1
    assert wins_after[tamsin] == wins_before[tamsin] == 1  # her archive's one victory

    # The leader's one undo takes the Contract back from every ledger.
    store_table(leader, plan.after, plan.before)
    assert {cid: _earned(ines, cid) for cid in (wren, tamsin)} == earned_before
    assert _contracts(odo, tamsin) == []


def test_a_player_recording_for_anothers_contractor_is_refused_and_nothing_is_written(
    table: Table,
) -> None:
    """Odo seats his own Tamsin and Ines's Wren: refused in the server's words, and
    neither ledger (his own included) changes: the table is one transaction."""
    leader, _ines, odo, tamsin, _url = table
    wren = read_character_file(WREN).id
    before = {cid: leader.load(cid).ledger for cid in (wren, tamsin)}
    contract = TableContract(
        date="2026-11-21",
        scenario="The Lantern Debt",
        home=True,
        attendees=(Attendee(tamsin, TableOutcome.VICTORY), Attendee(wren, TableOutcome.LOSS)),
        gm_id="",
    )
    _plan, plan = plan_table_contract(odo, contract)
    assert plan.allowed, plan.errors
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        commit(odo, plan, store_table)
    assert {cid: leader.load(cid).ledger for cid in (wren, tamsin)} == before


def test_the_server_refuses_a_players_ledger_row_for_anothers_contractor(
    table: Table,
) -> None:
    """Past the app: Odo's own connection inserting a ledger row for Wren is refused by
    row-level security, and the leader's policy does not reach players."""
    import psycopg

    _leader, _ines, _odo, _tamsin, odo_url = table
    wren = read_character_file(WREN).id
    url = odo_url.replace("postgresql+psycopg://", "postgresql://")
    with psycopg.connect(url, autocommit=True) as raw:
        seq = raw.execute(
            "SELECT count(*) FROM ledger_entry WHERE contractor_id = %s", (wren,)
        ).fetchone()
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="row-level security"):
            raw.execute(
                "INSERT INTO ledger_entry (contractor_id, seq, type, date, payload, recorded_at) "
                "VALUES (%s, %s, 'journal', '2026-11-21', '{}', now())",
                (wren, seq[0] if seq else 0),
            )


def test_the_leaders_ledger_entry_may_not_carry_another_change(table: Table) -> None:
    """Only ledger rows are the leader's to write: a save of Wren that appends a Journal
    and also changes her notes is refused, and her ledger stays as it was."""
    import dataclasses

    from builder.contract.character import Journal, JournalKind

    leader, _ines, _odo, _tamsin, _url = table
    wren_id = read_character_file(WREN).id
    wren = leader.load(wren_id)
    journal = Journal("2026-11-21", "After the Lantern Debt", JournalKind.DOWNTIME, 260)
    changed = dataclasses.replace(wren, ledger=(*wren.ledger, journal), notes="Dana's idea")
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        leader.save(changed)
    assert leader.load(wren_id).ledger == wren.ledger
