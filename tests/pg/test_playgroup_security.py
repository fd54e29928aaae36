"""A playgroup's shared library on a real PostgreSQL server: the server decides (issue 14).

Dana leads; Ines and Odo play. Every refusal is tried twice: through the
app's own ``Library`` (which must answer with a sentence, never a
traceback) and as raw SQL on the player's own connection (which the server
must refuse or leave without effect), so the protection does not depend on
Harbinger behaving.
"""

from __future__ import annotations

import base64
import contextlib
import dataclasses
import json
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import psycopg
import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from builder.contract.file import read_character_file
from builder.core.approval import approve
from models import playgroup
from models.errors import NotAllowed
from models.library import Library
from models.values import OnConflict
from resources import resource_path
from tests.pg.server import PostgresServer

INES_VARGA = resource_path("examples") / "seasoned-ines-varga.json"
WREN = resource_path("examples") / "newbie-wren-halloway.json"


@dataclass
class Group:
    server: PostgresServer
    owner_url: str
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin
    odo: playgroup.NewLogin


@pytest.fixture
def group(pg_server: PostgresServer, pg_library: Callable[[str], str]) -> Group:
    """A fresh shared library; logins are unique per test (roles are server-wide)."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("pg")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    odo = playgroup.add_player(url, "Odo", login=f"odo_{tag}")
    return Group(pg_server, url, dana, ines, odo)


@pytest.fixture
def libraries(group: Group) -> Iterator[tuple[Library, Library, Library]]:
    """Dana's, Ines's and Odo's libraries; Dana owns Ines Varga, Ines owns Wren."""
    with (
        Library.open(group.dana.url) as dana,
        Library.open(group.ines.url) as ines,
        Library.open(group.odo.url) as odo,
    ):
        dana.save(read_character_file(INES_VARGA))
        ines.import_file(WREN)
        yield dana, ines, odo


def _raw(login: playgroup.NewLogin) -> psycopg.Connection:
    """The player's own connection, outside Harbinger."""
    url = login.url.replace("postgresql+psycopg://", "postgresql://")
    return psycopg.connect(url, autocommit=True)


def _varga_id() -> str:
    return read_character_file(INES_VARGA).id


def _wren_id() -> str:
    return read_character_file(WREN).id


def test_members_know_who_they_are_and_the_roster_shows_owners(
    group: Group, libraries: tuple[Library, Library, Library]
) -> None:
    dana, ines, odo = libraries
    assert dana.member == playgroup.Membership(group.dana.login, "Dana", "leader")
    assert ines.member == playgroup.Membership(group.ines.login, "Ines", "player")
    assert odo.member is not None and odo.member.shown == "Odo (player)"
    owners = {e.name: e.owner for e in odo.roster()}
    assert owners == {"Ines Varga": group.dana.login, "Wren Halloway": group.ines.login}


def test_a_player_reads_everyone_but_changes_only_their_own(
    libraries: tuple[Library, Library, Library],
) -> None:
    dana, ines, odo = libraries
    varga = odo.load(_varga_id())
    with pytest.raises(NotAllowed, match=r"^only Dana can change Ines Varga$"):
        odo.save(dataclasses.replace(varga, notes="Odo was here"))
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        odo.delete(_wren_id())
    wren = ines.load(_wren_id())
    assert ines.save(dataclasses.replace(wren, notes="mine")).version == 2
    assert dana.load(_varga_id()) == varga


def test_the_server_refuses_even_when_the_app_does_not_check(
    libraries: tuple[Library, Library, Library],
) -> None:
    """Odo's Library with its own check switched off: the server still says no."""
    dana, _ines, odo = libraries
    odo.member = None
    varga = odo.load(_varga_id())
    with pytest.raises(NotAllowed):
        odo.save(dataclasses.replace(varga, notes="Odo was here"), expected_version=1)
    with pytest.raises(NotAllowed):
        odo.delete(_varga_id())
    with pytest.raises(NotAllowed):
        odo.set_approval(_varga_id(), "approved")
    stored = dana.load_stored(_varga_id())
    assert (stored.character, stored.version, stored.approval_state) == (varga, 1, "unreviewed")


def test_raw_sql_on_a_players_connection_changes_nothing_of_anothers(
    group: Group, libraries: tuple[Library, Library, Library]
) -> None:
    dana, _ines, _odo = libraries
    before = dana.load_stored(_varga_id())
    varga = _varga_id()
    with _raw(group.odo) as raw:
        for statement in (
            "UPDATE contractor SET notes = 'x' WHERE id = %s",
            "DELETE FROM ledger_entry WHERE contractor_id = %s",
            "UPDATE gift SET name = 'x' WHERE contractor_id = %s",
            "DELETE FROM contractor WHERE id = %s",
            "UPDATE character_version SET version = version + 1 WHERE character_id = %s",
        ):
            with contextlib.suppress(psycopg.errors.InsufficientPrivilege):
                assert raw.execute(statement, (varga,)).rowcount == 0
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute("UPDATE contractor SET approval_state = 'approved' WHERE id = %s", (varga,))
        with pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute("UPDATE contractor SET approvals = '[]'")
        with pytest.raises(psycopg.Error):  # row policy: approvals are not a player's to set
            raw.execute(
                "INSERT INTO contractor (id, name, approval_state, created_at, updated_at) "
                "VALUES ('sneak', 'Sneak', 'approved', now(), now())"
            )
        with pytest.raises(psycopg.errors.InsufficientPrivilege):  # the owner column is not
            raw.execute("UPDATE contractor SET owner = current_user WHERE id = %s", (varga,))
    after = dana.load_stored(_varga_id())
    assert after.character == before.character
    assert after.version == before.version
    assert after.approval_state == before.approval_state == "unreviewed"


@pytest.mark.parametrize(
    "statement",
    [
        "ALTER TABLE contractor ADD COLUMN sneaky integer",
        "ALTER TABLE contractor DISABLE ROW LEVEL SECURITY",
        "DROP TABLE ledger_entry",
        "DROP POLICY owner_changes ON contractor",
        "CREATE TABLE mine (x integer)",
        "TRUNCATE contractor",
        "DELETE FROM alembic_version",
        "INSERT INTO playgroup_member VALUES ('x', 'X', 'leader')",
    ],
)
def test_no_member_can_change_the_schema(group: Group, statement: str) -> None:
    for login in (group.ines, group.dana):
        with _raw(login) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege):
            raw.execute(statement)  # type: ignore[arg-type]


def test_only_the_leader_approves_and_no_key_material_reaches_the_server(
    group: Group, libraries: tuple[Library, Library, Library], tmp_path: object
) -> None:
    dana, ines, _odo = libraries
    key = Ed25519PrivateKey.generate()
    secret = key.private_bytes(
        serialization.Encoding.Raw, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    pem = key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    document = approve(json.loads(WREN.read_bytes()), "all", "Dana", "fine", key)
    with pytest.raises(NotAllowed, match="only the playgroup leader can review"):
        ines.set_approval(_wren_id(), "approved", document["approvals"])
    dana.set_approval(_wren_id(), "approved", document["approvals"])
    stored = ines.load_stored(_wren_id())
    assert stored.approval_state == "approved"
    assert stored.approvals == tuple(document["approvals"])
    # Everything a player can read, as text: the signature is there, the key never is.
    forbidden = [
        base64.b64encode(secret).decode(),
        base64.urlsafe_b64encode(secret).decode().rstrip("="),
        secret.hex(),
        pem.decode().splitlines()[1],
    ]
    with _raw(group.ines) as raw:
        tables = [
            r[0]
            for r in raw.execute(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public' "
                "AND has_table_privilege(quote_ident(schemaname) || '.' || quote_ident(tablename), "
                "'SELECT')"  # all but gm_note
            ).fetchall()
        ]
        text = "".join(
            str(raw.execute(f'SELECT * FROM "{t}"').fetchall()) for t in tables  # type: ignore[arg-type]
        )
    assert "signature" in text
    for needle in forbidden:
        assert needle not in text


def test_the_leader_reviews_but_does_not_rewrite_a_players_character(
    group: Group, libraries: tuple[Library, Library, Library]
) -> None:
    dana, _ines, _odo = libraries
    dana.set_approval(_wren_id(), "changes_requested")
    wren = dana.load(_wren_id())
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        dana.save(dataclasses.replace(wren, notes="Dana's idea"))
    with _raw(group.dana) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege) as caught:
        raw.execute("UPDATE contractor SET notes = 'x' WHERE id = %s", (_wren_id(),))
    assert str(caught.value.diag.message_primary) == "only Ines can change Wren Halloway"


def test_a_second_import_of_anothers_file_is_a_clear_refusal(
    libraries: tuple[Library, Library, Library],
) -> None:
    _dana, _ines, odo = libraries
    from models.errors import ImportConflict

    with pytest.raises(ImportConflict, match="already in the library"):
        odo.import_file(WREN)
    with pytest.raises((ImportConflict, NotAllowed)):
        odo.import_file(WREN, "replace")
    copied = odo.import_file(WREN, "copy")
    assert copied.action == "copied"
    assert {e.id: e.owner for e in odo.roster()}[copied.contractor_id] == odo.member.login  # type: ignore[union-attr]


def test_a_replace_import_over_anothers_character_names_its_owner(
    group: Group,
    libraries: tuple[Library, Library, Library],
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Odo imports files of characters Ines and Dana own, choosing replace: refused in words."""
    from harbinger.cli import main

    dana, ines, odo = libraries
    before = dana.load_stored(_wren_id())
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        odo.import_file(WREN, OnConflict.REPLACE)
    with pytest.raises(NotAllowed, match=r"^only Dana can change Ines Varga$"):
        odo.import_file(INES_VARGA, "replace")
    odo.member = None  # the app's own check switched off: the server's words are the same
    with pytest.raises(NotAllowed, match=r"^only Ines can change Wren Halloway$"):
        odo.import_file(WREN, "replace")
    code = main(["--db", group.odo.url, "db", "import", str(WREN), "--on-conflict", "replace"])
    _out, err = capsys.readouterr()
    assert (code, err) == (
        2,
        "harbinger db: only Ines can change Wren Halloway; nothing was imported\n",
    )
    with _raw(group.odo) as raw, pytest.raises(psycopg.errors.InsufficientPrivilege) as caught:
        raw.execute("DELETE FROM contractor WHERE id = %s", (_wren_id(),))
    assert caught.value.diag.message_primary == "only Ines can change Wren Halloway"
    after = dana.load_stored(_wren_id())
    assert (after.character, after.version) == (before.character, before.version)
    assert ines.import_file(WREN, "replace").action == "replaced"  # her own: still fine


def test_the_player_table_takes_names_but_coins_only_from_their_player_or_the_leader(
    group: Group, libraries: tuple[Library, Library, Library]
) -> None:
    """Coins of Charon earned or spent elsewhere are the player's own record (Coins of
    Charon): any member may add a player's name (their contractor needs it), only that
    player or the leader changes the coins, and nobody renames or removes a player."""
    dana, ines, odo = libraries
    wren = ines.load(_wren_id())
    concept = dataclasses.replace(wren.concept, player="Ines")
    assert ines.save(dataclasses.replace(wren, concept=concept)).version == 2  # adds "Ines"
    ines.set_player_coins_elsewhere("Ines", earned=2, spent=1)
    ines_only = r"^only Ines or Dana can change the Coins of Charon of Ines$"
    with pytest.raises(NotAllowed, match=ines_only):
        odo.set_player_coins_elsewhere("Ines", earned=9, spent=0)
    with pytest.raises(NotAllowed, match=r"^only Dana can change the Coins of Charon of Sam$"):
        odo.set_player_coins_elsewhere("Sam", earned=1, spent=0)
    dana.set_player_coins_elsewhere("Sam", earned=1, spent=1)
    with _raw(group.odo) as raw:
        for statement in (
            "UPDATE player SET name = 'Odo' WHERE name = 'Ines'",
            "UPDATE player SET coins_earned_elsewhere = 9 WHERE name = 'Ines'",
            "DELETE FROM player WHERE name = 'Ines'",
            "TRUNCATE player CASCADE",
            "INSERT INTO player (name, coins_earned_elsewhere, coins_spent_elsewhere) "
            "VALUES ('Ines', 0, 0) ON CONFLICT (name) DO UPDATE SET coins_spent_elsewhere = 0",
            "INSERT INTO player (name, coins_earned_elsewhere, coins_spent_elsewhere) "
            "VALUES ('Mallory', 7, 0)",
        ):
            with pytest.raises(psycopg.errors.InsufficientPrivilege):
                raw.execute(statement)  # type: ignore[arg-type]
        added = raw.execute(
            "INSERT INTO player (name, coins_earned_elsewhere, coins_spent_elsewhere) "
            "VALUES ('Odo', 0, 0)"
        )
        assert added.rowcount == 1  # a bare name is fine: Odo's contractors may need it
        raw.execute("UPDATE player SET coins_earned_elsewhere = 4 WHERE name = 'Odo'")
    coins = {p.name: (p.contractors, p.coins_earned, p.coins_spent) for p in dana.players()}
    # Both examples were created with a Coin of Charon (Ines Varga is Dana's, Wren now Ines's).
    assert coins == {"Dana": (1, 0, 1), "Ines": (1, 2, 2), "Odo": (0, 4, 0), "Sam": (0, 1, 1)}
