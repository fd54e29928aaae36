"""Indexes that keep a 10,000-contractor roster under 300 ms (issue 13).

Revision ID: 0007_roster_indexes
Revises: 0006_character_versions
Create Date: 2026-11-24

The roster asks two things of every contractor's ledger: how many Contracts
ended in victory, and the newest death marker. Without these indexes both
walk every ledger row of every contractor:

- ``ix_ledger_entry_victories`` on (contractor_id, type, outcome) answers the
  count from the index alone;
- ``ix_ledger_entry_deaths`` on (contractor_id, seq), only over rows whose
  ``death`` is set (a partial index, on SQLite and PostgreSQL alike), finds
  the newest marker in one step.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_roster_indexes"
down_revision = "0006_character_versions"
branch_labels = None
depends_on = None

_DEATH_SET = sa.text("death IS NOT NULL")


def upgrade() -> None:
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


def downgrade() -> None:
    op.drop_index("ix_ledger_entry_deaths", table_name="ledger_entry")
    op.drop_index("ix_ledger_entry_victories", table_name="ledger_entry")
