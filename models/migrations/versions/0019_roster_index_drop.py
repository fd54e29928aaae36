"""Drop the ledger indexes only the old roster counts read, so an import writes fewer.

Revision ID: 0019_roster_index_drop
Revises: 0018_due_threats
Create Date: 2026-11-27

Since the roster's counts are worked out by builder's rule on every write
(``models.mapping.roster_count_fields``), no query of the app reads these
three any more; each ledger row an import inserts was still written into
them (measured: about 0.2 ms of CPU a file of a 500-file import, a tenth of
the storing half):

- ``ix_ledger_entry_victories`` (contractor_id, type, outcome), made by
  ``0007_roster_indexes`` for the roster's victory count;
- ``ix_ledger_entry_deaths`` (contractor_id, seq, only rows with a death
  marker), also of ``0007``, for the roster's latest death marker;
- ``ix_ledger_entry_corrects`` (contractor_id, corrects, seq, only correction
  rows), of ``0009_ledger_corrections``, for the roster's corrected counts.

Every query left reads one contractor's rows through the unique
(contractor_id, seq) index: reading a contractor, a Gift's history, taking
back the newest entries, the delete's cascade, and on PostgreSQL
``harbinger_contracts_attended`` (revision 0018). An older library's upgrade
fills the counts in ``0015_roster_counts`` before this revision runs, so that
fill still has them. The downgrade makes the three again as 0007 and 0009 did.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0019_roster_index_drop"
down_revision = "0018_due_threats"
branch_labels = None
depends_on = None

_DEATH_SET = sa.text("death IS NOT NULL")
_CORRECTION = sa.text("corrects IS NOT NULL")


def upgrade() -> None:
    for name in ("ix_ledger_entry_victories", "ix_ledger_entry_deaths", "ix_ledger_entry_corrects"):
        op.execute(f"DROP INDEX IF EXISTS {name}")  # IF EXISTS: as 0017, for a library missing one


def downgrade() -> None:
    op.create_index(
        "ix_ledger_entry_victories", "ledger_entry", ["contractor_id", "type", "outcome"]
    )
    op.create_index(
        "ix_ledger_entry_deaths",
        "ledger_entry",
        ["contractor_id", "seq"],
        sqlite_where=_DEATH_SET,
        postgresql_where=_DEATH_SET,
    )
    op.create_index(
        "ix_ledger_entry_corrects",
        "ledger_entry",
        ["contractor_id", "corrects", "seq"],
        sqlite_where=_CORRECTION,
        postgresql_where=_CORRECTION,
    )
