"""A Threat the player's own Contract makes due shows to the player at once (revision 0018).

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." and Cutoff values "decrease by 1 every time a Contractor
attends a Contract" ("Loose Ends").

Dana leads; Ines plays and owns Wren Halloway, who has attended no Contract;
Mara plays too. Dana grants Wren a Deadly Loose End with Cutoff 2: one
Contract leaves 2 − 1 = 1 (hidden), the second 2 − 2 = 0 (the Threat shows).
Here Ines records both Contracts herself and Dana writes nothing after the
grant: the server's ``harbinger_due_threats`` gives Ines the Threat as soon
as her second Contract is stored, and takes it back when she undoes it.
"""

from __future__ import annotations

import itertools
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import psycopg
import pytest

from builder.contract.character import (
    ContractAttended,
    Contractor,
    Correction,
    Outcome,
    ThreatLevel,
)
from builder.contract.file import read_character_document, read_character_file
from builder.contract.ledger import fold_ledger
from builder.contract.port_record import Ported, PortLevel
from builder.contract.sheet import threat_due
from harbinger.app.common import commit
from harbinger.app.contract.operations import plan_add_loose_end, store
from models import playgroup
from models.library import Library
from resources import resource_path

WREN = resource_path("examples") / "newbie-wren-halloway.json"
TITLE = "Filmed lifting a van on the harbour road"
THREAT = "An army of internet sleuths finds her flat and posts the address."


@dataclass
class Group:
    owner_url: str
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin
    mara: playgroup.NewLogin


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    """A fresh shared library; logins are unique per test (roles are server-wide)."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("due")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    mara = playgroup.add_player(url, "Mara", login=f"mara_{tag}")
    return Group(url, dana, ines, mara)


@pytest.fixture
def libraries(group: Group) -> Iterator[tuple[Library, Library, str]]:
    """Dana's and Ines's libraries; Ines owns Wren, and Dana has granted her the Loose End."""
    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        ines.import_file(WREN)
        wren = read_character_file(WREN).id
        plan = plan_add_loose_end(dana.load(wren), TITLE, ThreatLevel.DEADLY, 2, THREAT)
        commit(dana, plan, store)
        yield dana, ines, wren


def _raw(login: playgroup.NewLogin | str) -> psycopg.Connection:
    """A connection outside Harbinger: a member's own login, or the owner's URL."""
    url = login if isinstance(login, str) else login.url
    return psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)


def _due_rows(login: playgroup.NewLogin, wren: str) -> list[tuple[object, ...]]:
    with _raw(login) as raw:
        return raw.execute("SELECT * FROM harbinger_due_threats(%s)", (wren,)).fetchall()


def _stored_threat_column(group: Group, wren: str) -> str:
    """``loose_end.threat`` as stored: whether anything moved (only a leader's write moves it)."""
    with _raw(group.owner_url) as raw:
        row = raw.execute("SELECT threat FROM loose_end WHERE contractor_id = %s", (wren,))
        return str(row.fetchone()[0])  # type: ignore[index]


def _attend(library: Library, wren: str, day: str) -> None:
    """Record a Contract Wren attended, through the library (as the app's Record does)."""
    contractor = library.load(wren)
    contract = ContractAttended(day, "The Lantern Debt", True, Outcome.VICTORY)
    library.save(replace(contractor, ledger=(*contractor.ledger, contract)))


def test_the_players_second_contract_shows_her_the_threat_without_the_leader(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Cutoff 2: after her first Contract 1 remains (hidden); right after her second, 0
    remains and her own next read carries the Threat, though the leader wrote nothing."""
    _dana, ines, wren = libraries
    _attend(ines, wren, "2026-11-07")
    assert ines.load(wren).loose_ends[0].threat == ""
    assert _due_rows(group.ines, wren) == []
    _attend(ines, wren, "2026-11-14")
    assert ines.load(wren).loose_ends[0].threat == THREAT
    assert _due_rows(group.ines, wren) == [(ines.load(wren).loose_ends[0].key, THREAT)]
    assert _stored_threat_column(group, wren) == ""  # read, not moved: the leader's write moves
    # Her own file of Wren (the player copy keeps a Threat once due) carries it too.
    assert read_character_document(ines.file_bytes(wren)).contractor.loose_ends[0].threat == THREAT
    _attend(ines, wren, "2026-11-26")  # her value now carries the Threat; she keeps playing
    assert ines.load(wren).loose_ends[0].threat == THREAT


def test_the_players_undo_of_that_contract_hides_it_again(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Taking back her second Contract (Edit → Undo: a restore of the earlier version) puts
    the Cutoff back at 1: the Threat is hidden from her again; Dana still reads it."""
    dana, ines, wren = libraries
    _attend(ines, wren, "2026-11-07")
    before: Contractor = ines.load(wren)
    _attend(ines, wren, "2026-11-14")
    assert ines.load(wren).loose_ends[0].threat == THREAT
    store(ines, ines.load(wren), before)
    assert ines.load(wren).loose_ends[0].threat == ""
    assert _due_rows(group.ines, wren) == []
    assert dana.load(wren).loose_ends[0].threat == THREAT


def test_a_threat_not_due_or_not_hers_stays_refused(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Before the Cutoff hits 0 her raw SELECT of the table is still refused and the function
    gives nothing; once due, it gives the Threat to Ines, not to Mara (not her contractor)."""
    _dana, ines, wren = libraries
    _attend(ines, wren, "2026-11-07")
    with _raw(group.ines) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw.execute("SELECT threat FROM loose_end_threat WHERE contractor_id = %s", (wren,))
    assert _due_rows(group.ines, wren) == []
    _attend(ines, wren, "2026-11-14")
    assert _due_rows(group.ines, wren) == [(ines.load(wren).loose_ends[0].key, THREAT)]
    assert _due_rows(group.mara, wren) == []
    with _raw(group.ines) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege):
        raw.execute("SELECT threat FROM loose_end_threat WHERE contractor_id = %s", (wren,))
    with Library.open(group.mara.url) as mara:
        assert mara.load(wren).loose_ends[0].threat == ""


def test_the_server_asks_the_same_question_as_the_builder(group: Group) -> None:
    """``harbinger_threat_due`` answers every (Cutoff, granted after, Contracts attended) as
    ``builder.contract.sheet.threat_due`` does: e.g. Cutoff 2 granted after Contract 1 is
    due at the 3rd Contract (3 − 1 = 2 ≥ 2), not at the 2nd; Cutoff 0 is due at once."""
    cases = list(itertools.product(range(0, 5), range(0, 4), range(0, 8)))
    with _raw(group.owner_url) as raw:
        answers = raw.execute(
            "SELECT c, g, a, harbinger_threat_due(c, g, a) "
            "FROM unnest(%s::int[], %s::int[], %s::int[]) AS x(c, g, a)",
            ([c for c, _g, _a in cases], [g for _c, g, _a in cases], [a for _c, _g, a in cases]),
        ).fetchall()
    assert [(c, g, a, due) for c, g, a, due in answers] == [
        (c, g, a, threat_due(c, g, a)) for c, g, a in cases
    ]
    assert threat_due(2, 1, 3) and not threat_due(2, 1, 2) and threat_due(0, 0, 0)


def _server_count(group: Group, contractor_id: str) -> int:
    with _raw(group.owner_url) as raw:
        row = raw.execute("SELECT harbinger_contracts_attended(%s)", (contractor_id,)).fetchone()
        return int(row[0])  # type: ignore[index]


def test_the_server_counts_contracts_as_the_ledger_fold_does(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """The Contracts the server counts equal ``fold_ledger(...).contracts_attended`` through
    three Contracts, a correction voiding the second (2 left), and one putting it back as
    a failure (3)."""
    dana, _ines, wren = libraries
    for day in ("2026-11-07", "2026-11-14", "2026-11-21"):
        _attend(dana, wren, day)
    steps = [
        lambda n: Correction("2026-11-22", n - 2, (), "she was not there"),
        lambda n: Correction(
            "2026-11-23",
            n - 3,
            (ContractAttended("2026-11-14", "The Lantern Debt", True, Outcome.FAILURE),),
            "she was there after all",
        ),
    ]
    seen = [(_server_count(group, wren), fold_ledger(dana.load(wren)).contracts_attended)]
    for step in steps:
        contractor = dana.load(wren)
        dana.save(replace(contractor, ledger=(*contractor.ledger, step(len(contractor.ledger)))))
        seen.append((_server_count(group, wren), fold_ledger(dana.load(wren)).contracts_attended))
    assert seen == [(3, 3), (2, 2), (3, 3)]


def test_the_server_counts_a_ports_contracts(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """A contractor ported from a website archive with 4 victories and 2 losses has attended
    6 Contracts before this ledger; one more here makes 7, on both sides."""
    dana, _ines, wren = libraries
    wren_value = dana.load(wren)
    ported = replace(
        wren_value,
        id=str(uuid.uuid4()),
        loose_ends=(),
        ledger=(
            Ported("2026-11-01", PortLevel.WEBSITE, victories=4, losses=2),
            ContractAttended("2026-11-07", "The Lantern Debt", True, Outcome.VICTORY),
        ),
    )
    dana.save(ported)
    assert fold_ledger(dana.load(ported.id)).contracts_attended == 7
    assert _server_count(group, ported.id) == 7


def test_her_correction_that_takes_a_contract_back_saves_and_hides_it(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """After her second Contract her copy carries the Threat; a correction voiding her first
    Contract puts the Cutoff back at 1. Her save of it is not refused as a Threat she may
    not write (the server gave it to her): it is stored hidden, and she sees it again only
    when the Cutoff hits 0 once more. Dana reads it throughout."""
    dana, ines, wren = libraries
    _attend(ines, wren, "2026-11-07")
    _attend(ines, wren, "2026-11-14")
    mine = ines.load(wren)
    assert mine.loose_ends[0].threat == THREAT
    first = len(mine.ledger) - 2
    void = Correction("2026-11-15", first, (), "she was not there")
    ines.save(replace(mine, ledger=(*mine.ledger, void)))
    assert ines.load(wren).loose_ends[0].threat == ""
    assert _due_rows(group.ines, wren) == []
    assert _stored_threat_column(group, wren) == ""
    assert dana.load(wren).loose_ends[0].threat == THREAT
    _attend(ines, wren, "2026-11-21")
    assert ines.load(wren).loose_ends[0].threat == THREAT


def test_her_own_sql_setting_the_cutoff_to_0_reveals_nothing(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Her ``loose_end`` row is hers to write; the server tells whether the Threat is due
    from the Cutoff the leaders' table keeps (2, granted after 0 Contracts), so her own
    UPDATE of the row's Cutoff to 0 gives her nothing. Her two Contracts still do."""
    _dana, ines, wren = libraries
    with _raw(group.ines) as raw:
        raw.execute("UPDATE loose_end SET cutoff = 0 WHERE contractor_id = %s", (wren,))
        assert raw.execute(
            "SELECT cutoff FROM loose_end WHERE contractor_id = %s", (wren,)
        ).fetchall() == [(0,)]
    assert _due_rows(group.ines, wren) == []
    assert ines.load(wren).loose_ends[0].threat == ""
    with _raw(group.owner_url) as raw:
        assert raw.execute(
            "SELECT cutoff, granted_after FROM loose_end_threat WHERE contractor_id = %s", (wren,)
        ).fetchall() == [(2, 0)]
    _attend(ines, wren, "2026-11-07")
    _attend(ines, wren, "2026-11-14")
    assert _due_rows(group.ines, wren) == [(ines.load(wren).loose_ends[0].key, THREAT)]


def test_nor_does_the_leaders_next_save_after_it(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Her Cutoff of 0 in her own row does not reach the leader's app either: Dana reads the
    Cutoff she granted (2), so recording one Contract for Wren (a leader's write, which
    moves due Threats) leaves the Threat hidden (2 − 1 = 1), and the second reveals it."""
    dana, ines, wren = libraries
    with _raw(group.ines) as raw:
        raw.execute("UPDATE loose_end SET cutoff = 0 WHERE contractor_id = %s", (wren,))
    assert dana.load(wren).loose_ends[0].cutoff == 2
    _attend(dana, wren, "2026-11-07")
    assert _stored_threat_column(group, wren) == ""
    assert ines.load(wren).loose_ends[0].threat == ""
    _attend(dana, wren, "2026-11-14")
    assert _stored_threat_column(group, wren) == THREAT
    assert ines.load(wren).loose_ends[0].threat == THREAT
