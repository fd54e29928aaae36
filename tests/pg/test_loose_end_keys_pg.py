"""A hidden Threat stays with its own Loose End when the player deletes or reorders hers.

"GMs must specify the Threat of a Loose End when they grant it. The Player can
only see the general threat-level (Dangerous, Deadly, or Fateful) until the
Cutoff hits zero." ("Loose Ends").

Dana leads; Ines plays Wren Halloway, who has attended no Contract. Dana grants
Wren two Loose Ends, each with a Threat Ines may not read yet (Cutoffs 2 and 3,
counted from the next Contract: neither has hit 0). Ines's app cannot read
``loose_end_threat``, so when she deletes or reorders her Loose Ends the kept
Threats stay where they are; they are matched to their Loose Ends by key
(revision 0020), so Dana still reads each Threat against its own Loose End.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace

import psycopg
import pytest

from builder.contract.character import ThreatLevel
from builder.contract.file import read_character_file
from harbinger.app.common import commit
from harbinger.app.contract.operations import plan_add_loose_end, store
from models import playgroup
from models.library import Library
from models.migrate import create_library_engine, upgrade
from resources import resource_path
from tests.migration_steps import downgrade_on

WREN = resource_path("examples") / "newbie-wren-halloway.json"
FILMED = "Filmed lifting a van on the harbour road"
SLEUTHS = "An army of internet sleuths finds her flat and posts the address."
FERRY = "Owes the ferryman"
SOLD = "The ferryman sells her name to the Syndicate."


@dataclass
class Group:
    owner_url: str
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    """A fresh shared library; logins are unique per test (roles are server-wide)."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("keys")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    return Group(url, dana, ines)


def _grant_both(dana: Library, ines: Library) -> str:
    """Ines imports Wren; Dana grants her both Loose Ends. Wren's id."""
    ines.import_file(WREN)
    wren = read_character_file(WREN).id
    commit(dana, plan_add_loose_end(dana.load(wren), FILMED, ThreatLevel.DEADLY, 2, SLEUTHS), store)
    commit(dana, plan_add_loose_end(dana.load(wren), FERRY, ThreatLevel.DANGEROUS, 3, SOLD), store)
    return wren


@pytest.fixture
def libraries(group: Group) -> Iterator[tuple[Library, Library, str]]:
    """Dana's and Ines's libraries; Ines owns Wren, Dana has granted her both Loose Ends."""
    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        yield dana, ines, _grant_both(dana, ines)


def _raw(url: str) -> psycopg.Connection:
    return psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)


def _kept(group: Group, wren: str) -> list[tuple[object, ...]]:
    """(title of the Loose End with the kept Threat's key, Threat) as the owner reads them;
    None for a kept Threat whose Loose End is gone."""
    with _raw(group.owner_url) as raw:
        return raw.execute(
            "SELECT le.title, t.threat FROM loose_end_threat t LEFT JOIN loose_end le "
            "ON le.contractor_id = t.contractor_id AND le.key = t.loose_end_key "
            "WHERE t.contractor_id = %s ORDER BY t.threat",
            (wren,),
        ).fetchall()


def _threats(library: Library, wren: str) -> list[tuple[str, str]]:
    return [(e.title, e.threat) for e in library.load(wren).loose_ends]


def test_her_reorder_keeps_each_threat_with_its_loose_end(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Ines swaps her two Loose Ends; the two kept Threats did not move, and Dana reads each
    against its own Loose End (by position she would have read them swapped)."""
    dana, ines, wren = libraries
    mine = ines.load(wren)
    assert [(e.title, e.threat) for e in mine.loose_ends] == [(FILMED, ""), (FERRY, "")]
    ines.save(replace(mine, loose_ends=mine.loose_ends[::-1]))
    assert _threats(dana, wren) == [(FERRY, SOLD), (FILMED, SLEUTHS)]
    assert _threats(ines, wren) == [(FERRY, ""), (FILMED, "")]
    assert _kept(group, wren) == [(FILMED, SLEUTHS), (FERRY, SOLD)]
    dana.save(dana.load(wren))  # the leader's next write keeps them so
    assert _threats(dana, wren) == [(FERRY, SOLD), (FILMED, SLEUTHS)]
    assert _kept(group, wren) == [(FILMED, SLEUTHS), (FERRY, SOLD)]


def test_her_delete_takes_no_threat_to_another_loose_end(
    group: Group, libraries: tuple[Library, Library, str]
) -> None:
    """Ines deletes her first Loose End; the second comes to sit at its place and keeps
    its own Threat, not the deleted one's. Dana's next write drops the orphaned Threat."""
    dana, ines, wren = libraries
    mine = ines.load(wren)
    ines.save(replace(mine, loose_ends=mine.loose_ends[1:]))
    assert _threats(dana, wren) == [(FERRY, SOLD)]
    assert _kept(group, wren) == [(None, SLEUTHS), (FERRY, SOLD)]
    dana.save(dana.load(wren))
    assert _kept(group, wren) == [(FERRY, SOLD)]
    assert _threats(dana, wren) == [(FERRY, SOLD)]
    assert _threats(ines, wren) == [(FERRY, "")]


def test_the_upgrade_from_0019_keys_the_kept_threats_and_keeps_them_refused(
    group: Group,
) -> None:
    """A shared library at revision 0019 kept Threats by position: the upgrade keys each
    Loose End ``le<position>`` and each kept Threat the same, in place, so the grants and
    row policies ``playgroup init`` made still hold: the player's own SELECT of a Threat
    not due is refused, and ``harbinger_due_threats`` answers by key."""
    with Library.open(group.dana.url) as dana, Library.open(group.ines.url) as ines:
        wren = _grant_both(dana, ines)
    engine = create_library_engine(group.owner_url)
    try:
        with engine.begin() as connection:
            downgrade_on(connection, "0019_roster_index_drop")
        with _raw(group.owner_url) as raw:
            assert raw.execute(
                "SELECT position, threat FROM loose_end_threat ORDER BY position"
            ).fetchall() == [(0, SLEUTHS), (1, SOLD)]
        upgrade(engine)
    finally:
        engine.dispose()
    with _raw(group.owner_url) as raw:
        assert raw.execute("SELECT position, key FROM loose_end ORDER BY position").fetchall() == [
            (0, "le0"),
            (1, "le1"),
        ]
    assert _kept(group, wren) == [(FILMED, SLEUTHS), (FERRY, SOLD)]
    with _raw(group.ines.url) as raw:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="permission denied"):
            raw.execute("SELECT threat FROM loose_end_threat WHERE contractor_id = %s", (wren,))
        assert raw.execute("SELECT * FROM harbinger_due_threats(%s)", (wren,)).fetchall() == []
    with Library.open(group.dana.url) as dana_again, Library.open(group.ines.url) as ines_again:
        assert _threats(dana_again, wren) == [(FILMED, SLEUTHS), (FERRY, SOLD)]
        assert _threats(ines_again, wren) == [(FILMED, ""), (FERRY, "")]
        mine = ines_again.load(wren)
        ines_again.save(replace(mine, loose_ends=mine.loose_ends[1:]))
        assert _threats(dana_again, wren) == [(FERRY, SOLD)]
