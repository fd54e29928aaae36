"""The roster of a shared library on a real PostgreSQL server (issue 14).

The roster's victories and alive flag come from SQL (``models.contract_store
.roster_query``): a plain count from the victories index when a ledger holds
no correction, the corrected history's count when it does. On PostgreSQL the
answer must agree with the fold of the ledger just as on SQLite
(``tests/models/test_ledger_corrections``), on a player's own connection with
the row policies on.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import replace

import sqlalchemy as sa

from builder.contract.character import ContractAttended, Correction, Death, Outcome
from builder.contract.ledger import fold_ledger
from models import playgroup
from models.library import Library
from tests.builder.contract.ledger_text import contractor

THREE = """
    2026-05-01 contract home victory 'The Lantern Job'
    2026-05-02 contract away victory 'Low Tide'
    2026-05-03 contract home failure 'The Glass Orchard'
"""


def _ines(pg_library: Callable[[str], str]) -> tuple[str, str]:
    """A new shared library led by Dana; Ines's URL and login."""
    tag = uuid.uuid4().hex[:6]
    url = pg_library("roster")
    playgroup.init_playgroup(url, "Dana", login=f"dana_{tag}")
    ines = playgroup.add_player(url, "Ines", login=f"ines_{tag}")
    return ines.url, ines.login


def _line(library: Library, cid: str):  # type: ignore[no-untyped-def]
    return next(line for line in library.roster() if line.id == cid)


def test_victories_and_deaths_on_a_players_connection_follow_the_corrected_history(
    pg_library: Callable[[str], str],
) -> None:
    url, login = _ines(pg_library)
    base = contractor(THREE)
    doomed = replace(
        contractor(
            """
            2026-05-01 contract home victory 'The Lantern Job'
            2026-05-02 contract home death 'The Drowning'
            """
        ),
        id=str(uuid.uuid4()),
    )
    with Library.open(url) as library:
        library.save(base)
        library.save(doomed)
        line = _line(library, base.id)
        assert (line.victories, line.alive, line.owner, line.owner_name) == (2, True, login, "Ines")
        assert (_line(library, doomed.id).victories, _line(library, doomed.id).alive) == (1, False)

        voided = replace(base, ledger=(*base.ledger, Correction("2026-05-04", 1, (), "not there")))
        library.save(voided)
        assert _line(library, base.id).victories == 1 == fold_ledger(voided).victories
        won = ContractAttended("2026-05-03", "The Glass Orchard", True, Outcome.VICTORY)
        fixed = replace(voided, ledger=(*voided.ledger, Correction("2026-05-05", 2, (won,))))
        library.save(fixed)
        assert _line(library, base.id).victories == 2 == fold_ledger(fixed).victories
        back = replace(fixed, ledger=(*fixed.ledger, Correction("2026-05-06", 1, base.ledger[1:2])))
        library.save(back)
        assert _line(library, base.id).victories == 3 == fold_ledger(back).victories

        alive = replace(doomed, ledger=(*doomed.ledger, Correction("2026-05-03", 1)))
        library.save(alive)
        assert _line(library, doomed.id).alive and fold_ledger(alive).alive
        dead = replace(alive, ledger=(*alive.ledger, Death("2026-05-04", "a fall")))
        library.save(dead)
        assert not _line(library, doomed.id).alive and not fold_ledger(dead).alive


def test_library_connections_do_not_jit_compile(pg_library: Callable[[str], str]) -> None:
    """PostgreSQL's JIT spent ~350 ms compiling the 10,000-contractor roster query."""
    url, _login = _ines(pg_library)
    with Library.open(url) as library, library._reading() as session:
        assert session.execute(sa.text("SHOW jit")).scalar() == "off"
