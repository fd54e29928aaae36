"""Drop the ledger indexes no query uses, so an import writes fewer (issue 29).

Revision ID: 0017_ledger_index_trim
Revises: 0016_loose_end_threats
Create Date: 2026-11-27

Every ledger row inserted is written into each index of ``ledger_entry``; on a
bulk import that was a fifth of the CPU. Since revision 0015 the roster reads
stored counts, and the remaining ledger queries each filter on one
contractor. Asked with ``EXPLAIN QUERY PLAN`` (SQLite) and ``EXPLAIN``
(PostgreSQL), none of them needs these three:

- ``ix_ledger_entry_contractor_id`` (contractor_id): the unique
  (contractor_id, seq) constraint's index starts with the same column and
  serves reading a contractor's ledger, deleting it (the foreign key's
  cascade) and taking back its newest entries;
- ``ix_ledger_entry_contractor_type`` (contractor_id, type): a prefix of
  ``ix_ledger_entry_victories`` (contractor_id, type, outcome), which answers
  the same lookups;
- ``ix_ledger_entry_contractor_gift`` (contractor_id, gift_id): a Gift's
  history reads its contractor's ledger through the unique index, already in
  ``seq`` order, and keeps the ``gift_change`` rows of that Gift.

Kept: the unique constraint, ``ix_ledger_entry_victories`` (the roster's
victory count, from the index alone), and the partial ``ix_ledger_entry_deaths``
and ``ix_ledger_entry_corrects`` (only rows with a death marker or a
correction, so they cost an import almost nothing). The downgrade makes the
three again.
"""

from __future__ import annotations

from alembic import op

revision = "0017_ledger_index_trim"
down_revision = "0016_loose_end_threats"
branch_labels = None
depends_on = None

_DROPPED = {
    "ix_ledger_entry_contractor_id": ["contractor_id"],
    "ix_ledger_entry_contractor_type": ["contractor_id", "type"],
    "ix_ledger_entry_contractor_gift": ["contractor_id", "gift_id"],
}


def upgrade() -> None:
    for name in _DROPPED:  # IF EXISTS: a library whose history lost one still upgrades
        op.execute(f"DROP INDEX IF EXISTS {name}")


def downgrade() -> None:
    for name, columns in _DROPPED.items():
        op.create_index(name, "ledger_entry", columns)
