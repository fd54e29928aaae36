"""Loose End Threats in a playgroup's shared library: the server keeps them until the Cutoff.

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." and the Cutoff values "decrease by 1 every time a Contractor
attends a Contract" ("Loose Ends").

Dana leads; Ines plays and owns Wren Halloway, who has attended no Contract.
Dana grants Wren a Deadly Loose End with Cutoff 2: its Cutoff counts from the
next Contract, so after one Contract 2 − 1 = 1 remains (hidden) and after two
2 − 2 = 0 (the Threat shows). Until then Ines's own SQL on her own login reads
the Loose End's title, level and Cutoff but no Threat text.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import psycopg
import pytest

from builder.contract.character import ContractAttended, Contractor, Outcome, ThreatLevel
from builder.contract.file import read_character_document, read_character_file
from harbinger.app.common import commit
from harbinger.app.contract.operations import plan_add_loose_end, store
from harbinger.cli import main
from models import playgroup
from models.errors import NotAllowed
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


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    """A fresh shared library; logins are unique per test (roles are server-wide)."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("threat")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    return Group(url, dana, ines)


@pytest.fixture
def libraries(group: Group) -> Iterator[tuple[Library, Library, str]]:
    """Dana's and Ines's libraries; Ines owns Wren, and Dana has granted her the Loose End."""
    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        ines.import_file(WREN)
        wren = read_character_file(WREN).id
        plan = plan_add_loose_end(dana.load(wren), TITLE, ThreatLevel.DEADLY, 2, THREAT)
        commit(dana, plan, store)
        yield dana, ines, wren


def _raw(login: playgroup.NewLogin) -> psycopg.Connection:
    """The member's own connection, outside Harbinger."""
    url = login.url.replace("postgresql+psycopg://", "postgresql://")
    return psycopg.connect(url, autocommit=True)


def _loose_ends_seen_by(login: playgroup.NewLogin, wren: str) -> list[tuple[object, ...]]:
    with _raw(login) as raw:
        return raw.execute(
            "SELECT title, threat_level, cutoff, threat FROM loose_end WHERE contractor_id = %s",
            (wren,),
        ).fetchall()


def _attend(library: Library, wren: str, day: str) -> None:
    """Record a Contract Wren attended, through the library (as the app's Record does)."""
    contractor = library.load(wren)
    contract = ContractAttended(day, "The Lantern Debt", True, Outcome.VICTORY)
    library.save(replace(contractor, ledger=(*contractor.ledger, contract)))


def test_a_players_own_sql_reads_no_threat_before_the_cutoff(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """The leader wrote the Loose End on the player's contractor; the player sees it, not its
    Threat, and the table that holds the Threat is refused to her login."""
    dana, ines, wren = libraries
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, "")]
    with _raw(group.ines) as raw:
        for statement in (
            "SELECT threat FROM loose_end_threat WHERE contractor_id = %s",
            "UPDATE loose_end_threat SET threat = 'nothing' WHERE contractor_id = %s",
            "DELETE FROM loose_end_threat WHERE contractor_id = %s",
            "INSERT INTO loose_end_threat (contractor_id, loose_end_key, threat) "
            "VALUES (%s, 'le5', 'x')",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
                raw.execute(statement, (wren,))
    mine = ines.load(wren).loose_ends
    assert [(e.title, e.threat_level, e.cutoff, e.threat) for e in mine] == [
        (TITLE, ThreatLevel.DEADLY, 2, "")
    ]
    assert dana.load(wren).loose_ends[0].threat == THREAT
    with _raw(group.dana) as raw:
        assert raw.execute(
            "SELECT loose_end_key, threat FROM loose_end_threat WHERE contractor_id = %s", (wren,)
        ).fetchall() == [(mine[0].key, THREAT)]


def test_the_threat_shows_once_the_cutoff_hits_0(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Cutoff 2: one Contract leaves 1 (hidden), the second leaves 0 (the Threat shows)."""
    dana, ines, wren = libraries
    _attend(dana, wren, "2026-11-21")
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, "")]
    _attend(dana, wren, "2026-11-28")
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, THREAT)]
    assert ines.load(wren).loose_ends[0].threat == THREAT
    assert dana.load(wren).loose_ends[0].threat == THREAT
    with _raw(group.dana) as raw:
        assert raw.execute("SELECT count(*) FROM loose_end_threat").fetchone() == (0,)


def test_the_leaders_undo_of_the_contract_hides_it_again(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Taking back the second Contract puts the Cutoff back at 1: the Threat is hidden."""
    dana, _ines, wren = libraries
    _attend(dana, wren, "2026-11-21")
    before: Contractor = dana.load(wren)
    _attend(dana, wren, "2026-11-28")
    store(dana, dana.load(wren), before)  # Edit → Undo: a restore of the earlier version
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, "")]
    assert dana.load(wren).loose_ends[0].threat == THREAT


def test_a_contract_the_player_records_is_revealed_by_the_leaders_next_write(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """The player's app cannot read the Threat, so it cannot reveal it; the leader's next
    write of the contractor does (the GM tells the table what manifests), and so does
    ``playgroup init`` run again (``reveal_due_threats``, run as the owner)."""
    dana, ines, wren = libraries
    _attend(ines, wren, "2026-11-21")
    _attend(ines, wren, "2026-11-28")
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, "")]
    assert playgroup.reveal_due_threats(group.owner_url) == 1
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, THREAT)]
    assert playgroup.reveal_due_threats(group.owner_url) == 0  # nothing left to move
    assert ines.load(wren).loose_ends[0].threat == THREAT
    assert dana.load(wren).loose_ends[0].threat == THREAT


def test_a_player_may_not_store_a_threat_before_its_cutoff(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Ines's own new Loose End with a Threat would hide nothing from her, but be readable
    to everyone: refused in words, nothing stored. Without the Threat it is hers to add."""
    _dana, ines, wren = libraries
    plan = plan_add_loose_end(ines.load(wren), "Owes the ferryman", ThreatLevel.DANGEROUS, 3, "x")
    with pytest.raises(NotAllowed, match="only the playgroup leader can write the Threat"):
        commit(ines, plan, store)
    assert _loose_ends_seen_by(group.ines, wren) == [(TITLE, "deadly", 2, "")]
    plan = plan_add_loose_end(ines.load(wren), "Owes the ferryman", ThreatLevel.DANGEROUS, 3, "")
    commit(ines, plan, store)
    assert [row[0] for row in _loose_ends_seen_by(group.ines, wren)] == [TITLE, "Owes the ferryman"]
    assert ines.load(wren).loose_ends[0].threat == ""


def test_exports_carry_the_hidden_threat_only_for_the_leader(
    libraries: tuple[Library, Library, str],
) -> None:
    dana, ines, wren = libraries
    theirs = read_character_document(ines.file_bytes(wren)).contractor
    assert theirs.loose_ends[0].threat == ""
    leaders = read_character_document(dana.file_bytes(wren)).contractor
    assert leaders.loose_ends[0].threat == THREAT


def test_deleting_her_contractor_takes_the_hidden_threat_along(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """The player may not touch the table, yet deleting her own contractor is not blocked:
    the foreign key's cascade removes the hidden Threat."""
    _dana, ines, wren = libraries
    ines.delete(wren)
    with _raw(group.dana) as raw:
        assert raw.execute("SELECT count(*) FROM loose_end_threat").fetchone() == (0,)


def test_the_command_line_grants_a_threat_for_the_leader_only(
    group: Group, libraries: tuple[Library, Library, str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``contractor loose-end`` is the same operation: the leader's Threat is stored out of
    the player's reach; the player's is refused (exit 1) and nothing is stored."""
    _dana, ines, wren = libraries
    flags = ["--title", "Owes the ferryman", "--threat-level", "fateful", "--cutoff", "3"]
    assert (
        main(["--db", group.ines.url, "contractor", "loose-end", wren, *flags, "--threat", "x"])
        == 1
    )
    assert "only the playgroup leader can write the Threat" in capsys.readouterr().err
    assert [row[0] for row in _loose_ends_seen_by(group.ines, wren)] == [TITLE]
    assert (
        main(["--db", group.dana.url, "contractor", "loose-end", wren, *flags, "--threat", "x"])
        == 0
    )
    assert _loose_ends_seen_by(group.ines, wren)[1] == ("Owes the ferryman", "fateful", 3, "")
    assert [e.threat for e in ines.load(wren).loose_ends] == ["", ""]
