"""The one-time refresh of stored roster counts written by an older edition of the rule.

Every contractor row keeps the roster's summary of its ledger (victories, the
victories its port's Status needs, dead or alive), which every write works out
with builder's rule (``builder.contract.ledger.standing``). Rows no write has
touched since revision 0015 filled them keep that revision's SQL answer, which
differs from the rule for a voided or replaced port and for a Seasoned or
Veteran port that names ``ported_at``. A migration must not call builder's
code, so the store does it: when the library's ``stored_rule`` row
``roster_counts`` (revision 0020) holds an older edition than
``STANDING_RULE_VERSION`` (or none), every contractor's counts are worked out
again from its ledger, in batches, in one transaction, and the new edition is
stored. A library already refreshed costs one small read per open and writes
nothing.

Who refreshes: a personal (SQLite) library's user, and on PostgreSQL the
library's owner (a server library outside any playgroup is its owner's).
In a playgroup's shared library a player may not write another's contractor
row and a leader may not write ``stored_rule``, so their opening refreshes
nothing and shows the counts as stored; the owner's next opening refreshes
them, and ``harbinger playgroup init``, which every upgrade asks the owner to
run again, opens the library as the owner.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import groupby

import sqlalchemy as sa
from sqlmodel import Session

from builder.contract.ledger.standing import STANDING_RULE_VERSION
from models import mapping
from models.tables import ContractorRow, LedgerRow, StoredRuleRow

RULE = "roster_counts"
"""The ``stored_rule`` row of the roster counts' edition."""

BATCH = 500
"""Contractors whose ledgers are read at once: memory stays bounded at any library size."""

_COUNTS = ("roster_victories", "roster_floor", "roster_dead")


def stored_edition(session: Session) -> int:
    """The edition of the rule that wrote the stored counts; 0 when none is recorded."""
    table = StoredRuleRow.__table__  # type: ignore[attr-defined]
    version = session.execute(sa.select(table.c.version).where(table.c.name == RULE)).scalar()
    return int(version or 0)


def current(session: Session) -> bool:
    """Whether the stored counts were written by this edition of the rule (or a newer)."""
    return stored_edition(session) >= STANDING_RULE_VERSION


def refresh_roster_counts(session: Session) -> int | None:
    """Work every contractor's counts out again when an older edition of the rule wrote
    them; the number of rows whose counts changed, or None when they were current (then
    nothing is written). Runs in the caller's transaction."""
    if session.get_bind().dialect.name == "postgresql":
        # Two openings by the owner at once (the app and a command): the second waits
        # here, then finds the edition the first stored and does nothing.
        session.execute(sa.text("LOCK TABLE stored_rule IN SHARE ROW EXCLUSIVE MODE"))
    if current(session):
        return None
    changed = 0
    for batch in _batches(session):
        changed += _refresh_batch(session, batch)
    stored = session.get(StoredRuleRow, RULE)
    if stored is None:
        session.add(StoredRuleRow(name=RULE, version=STANDING_RULE_VERSION))
    else:
        stored.version = STANDING_RULE_VERSION
        session.add(stored)
    session.flush()
    return changed


def _batches(session: Session) -> Iterator[list[str]]:
    """Every contractor id, in id order, ``BATCH`` at a time (keyset pages, no OFFSET)."""
    contractor = ContractorRow.__table__  # type: ignore[attr-defined]
    after = ""
    while True:
        ids = list(
            session.execute(
                sa.select(contractor.c.id)
                .where(contractor.c.id > after)
                .order_by(contractor.c.id)
                .limit(BATCH)
            ).scalars()
        )
        if not ids:
            return
        yield ids
        after = ids[-1]


def _refresh_batch(session: Session, ids: Sequence[str]) -> int:
    """Rewrite the counts of the contractors ``ids`` that differ from the rule's answer."""
    table = LedgerRow.__table__  # type: ignore[attr-defined]
    rows = session.execute(
        sa.select(table)
        .where(table.c.contractor_id.in_(ids))
        .order_by(table.c.contractor_id, table.c.seq)
    ).all()
    ledgers = {cid: list(group) for cid, group in groupby(rows, key=lambda r: r.contractor_id)}
    contractor = ContractorRow.__table__  # type: ignore[attr-defined]
    stored = session.execute(
        sa.select(contractor.c.id, *(contractor.c[name] for name in _COUNTS)).where(
            contractor.c.id.in_(ids)
        )
    ).all()
    updates = []
    for cid, *counts in stored:
        try:
            # A Core row has the columns ``entry_from_row`` reads, as attributes.
            ledger = [mapping.entry_from_row(row) for row in ledgers.get(cid, ())]  # type: ignore[arg-type]
        except ValueError:  # SerializeError, or a payload that is not JSON
            continue  # a tampered row (bad JSON too): its counts stay, its sheet says why
        wanted = mapping.roster_count_fields(ledger)
        if tuple(counts) != tuple(wanted[name] for name in _COUNTS):
            updates.append({"cid": cid, **{f"new_{name}": wanted[name] for name in _COUNTS}})
    if updates:
        session.execute(
            sa.update(contractor)
            .where(contractor.c.id == sa.bindparam("cid"))
            .values({name: sa.bindparam(f"new_{name}") for name in _COUNTS}),
            updates,
        )
    return len(updates)
