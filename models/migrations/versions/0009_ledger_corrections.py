"""Ledger corrections: which earlier entry a correction row voids or replaces (issue 16).

Revision ID: 0009_ledger_corrections
Revises: 0008_contractor_rules_fields
Create Date: 2026-11-24

The ledger stays append-only: a mistake in recorded history is put right by
appending a ``correction`` entry that names an earlier entry by its number
(``builder.contract.ledger.corrections``). The correction's own fields live
in the row's JSON payload like any entry's; the new ``corrects`` column repeats
the number of the entry it corrects so the roster can leave a voided or
replaced Contract out of the victories and deaths it counts, with the index
``ix_ledger_entry_corrects`` (only over correction rows) answering "is this
entry corrected later?" in one step. Existing rows are not corrections: null.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009_ledger_corrections"
down_revision = "0008_contractor_rules_fields"
branch_labels = None
depends_on = None

_CORRECTION = sa.text("corrects IS NOT NULL")


def upgrade() -> None:
    with op.batch_alter_table("ledger_entry") as batch:
        batch.add_column(sa.Column("corrects", sa.Integer(), nullable=True))
    op.create_index(
        "ix_ledger_entry_corrects",
        "ledger_entry",
        ["contractor_id", "corrects", "seq"],
        sqlite_where=_CORRECTION,
        postgresql_where=_CORRECTION,
    )


def downgrade() -> None:
    op.drop_index("ix_ledger_entry_corrects", table_name="ledger_entry")
    with op.batch_alter_table("ledger_entry") as batch:
        batch.drop_column("corrects")
