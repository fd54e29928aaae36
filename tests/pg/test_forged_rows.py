"""A shared library's row must be the character it says it is (issue 27, item 2).

"A player inserted a row ``shadow-1`` holding another player's character
document (its inner id theirs), and the leader's ``playgroup pull`` wrote the
injected notes into the leader's local copy of that character." The server
refuses such a row (a trigger), and a pull refuses one that got in anyway
(here inserted by the schema's owner, whom the trigger does not check).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
import pytest

from harbinger.cli import main
from models import playgroup
from models.library import Library
from resources import resource_path

COVENANT = resource_path("examples", "covenant-ines-okafor-vell.json")
COVENANT_ID = "covenant-example-ines"

SHADOW = """
INSERT INTO character_document (id, system, version, name, player, alive, approval_state,
    approvals, document, created_at, updated_at)
SELECT %(id)s, system, version, %(name)s, player, alive, 'unreviewed', '[]',
    jsonb_set(jsonb_set(document::jsonb, '{character,notes}', to_jsonb('INJECTED'::text)),
              '{character,id}', to_jsonb(%(inner)s::text))::text,
    created_at, updated_at
FROM character_document WHERE id = %(source)s
"""
"""A copy of a stored character under another row id, with injected notes."""


@dataclass
class Group:
    owner_url: str
    dana: playgroup.NewLogin
    ines: playgroup.NewLogin
    odo: playgroup.NewLogin


@pytest.fixture
def group(pg_library: Callable[[str], str]) -> Group:
    tag = uuid.uuid4().hex[:6]
    url = pg_library("forged")
    dana = playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    odo = playgroup.add_player(url, "Odo", login=f"odo_{tag}")
    with Library.open(ines.url) as library:
        library.import_file(COVENANT)
    return Group(url, dana, ines, odo)


def _raw(url: str) -> psycopg.Connection:
    return psycopg.connect(url.replace("postgresql+psycopg://", "postgresql://"), autocommit=True)


def _rows(url: str) -> list[tuple[str, str]]:
    with _raw(url) as connection:
        return connection.execute("SELECT id, name FROM character_document ORDER BY id").fetchall()


def test_the_server_refuses_a_players_shadow_row(group: Group) -> None:
    """Odo's own connection, outside Harbinger: a row of his holding Ines's character."""
    before = _rows(group.owner_url)
    with _raw(group.odo.url) as odo:
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="holds the character"):
            odo.execute(
                SHADOW,
                {
                    "id": "shadow-1",
                    "name": "Ines Okafor-Vell",
                    "inner": COVENANT_ID,
                    "source": COVENANT_ID,
                },
            )
        # its own id inside, but another's name on the row: refused as well
        with pytest.raises(psycopg.errors.InsufficientPrivilege, match="is named"):
            odo.execute(
                SHADOW,
                {
                    "id": "shadow-2",
                    "name": "Somebody Else",
                    "inner": "shadow-2",
                    "source": COVENANT_ID,
                },
            )
        # and Ines herself cannot point her row at another id
        with (
            _raw(group.ines.url) as ines,
            pytest.raises(psycopg.errors.InsufficientPrivilege, match="holds the character"),
        ):
            ines.execute(
                "UPDATE character_document SET document = jsonb_set(document::jsonb, "
                "'{character,id}', '\"someone-else\"')::text WHERE id = %s",
                (COVENANT_ID,),
            )
    assert _rows(group.owner_url) == before


def test_a_pull_refuses_a_row_that_is_not_what_it_claims(
    group: Group, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The schema's owner (unchecked by the trigger) plants the shadow row; the leader's
    pull copies the real character, refuses the shadow one and names it (exit 2)."""
    with _raw(group.owner_url) as owner:
        owner.execute(
            SHADOW,
            {
                "id": "shadow-1",
                "name": "Ines Okafor-Vell",
                "inner": COVENANT_ID,
                "source": COVENANT_ID,
            },
        )
    local = str(tmp_path / "dana-local.sqlite3")
    code = main(["--db", local, "playgroup", "pull", group.dana.url, "--json"])
    out, err = capsys.readouterr()
    assert code == 2, err
    report = json.loads(out)
    assert report["pulled"] == ["Ines Okafor-Vell"]
    (refused,) = report["refused"]
    assert refused.startswith("the stored row 'shadow-1' ('Ines Okafor-Vell') holds a character")
    assert f"whose id is {COVENANT_ID!r}, not 'shadow-1'" in refused
    assert "refused: the stored row 'shadow-1'" in err
    with Library.open(local) as mine:
        assert [e.id for e in mine.roster()] == [COVENANT_ID]
        assert "INJECTED" not in json.dumps(mine.load_stored(COVENANT_ID).character.notes)
