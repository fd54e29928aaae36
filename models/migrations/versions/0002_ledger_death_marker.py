"""Ledger death marker: a column telling which entries kill or revive, for a fast roster.

Revision ID: 0002_ledger_death_marker
Revises: 0001_initial
Create Date: 2025-01-20

The roster shows who is alive for 1,000 contractors at once. Reading every
``death`` entry's JSON payload to find out is slow, so each ledger row now
carries ``death``: true for a Contract lost to death or a ``death`` entry,
false for a voided ``death`` entry, null otherwise; the latest non-null
marker decides. Existing rows are filled in from what they record. This is
the one kind of write a ledger row may see: a new derived column filled
once, never a change to what the entry says.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_ledger_death_marker"
down_revision = "0001_initial"
branch_labels = None
depends_on = None

_ledger = sa.table(
    "ledger_entry",
    sa.column("type", sa.String()),
    sa.column("outcome", sa.String()),
    sa.column("payload", sa.Text()),
    sa.column("death", sa.Boolean()),
)

# Payloads are canonical JSON (compact, keys sorted), so a voided death reads
# exactly '"voided":true'; inside a quoted text the quotes would be escaped.
_VOIDED = '%"voided":true%'


def upgrade() -> None:
    op.add_column("ledger_entry", sa.Column("death", sa.Boolean(), nullable=True))
    op.execute(
        _ledger.update()
        .where(_ledger.c.type == "contract", _ledger.c.outcome == "death")
        .values(death=sa.true())
    )
    op.execute(
        _ledger.update()
        .where(_ledger.c.type == "death")
        .values(death=sa.case((_ledger.c.payload.like(_VOIDED), sa.false()), else_=sa.true()))
    )


def downgrade() -> None:
    with op.batch_alter_table("ledger_entry") as batch:
        batch.drop_column("death")
