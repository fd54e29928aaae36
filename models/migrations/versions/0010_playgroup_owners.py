"""Who owns each character, and who belongs to a playgroup (issue 14).

Revision ID: 0010_playgroup_owners
Revises: 0009_ledger_corrections
Create Date: 2026-11-24

A playgroup's shared library on PostgreSQL lets each player change only the
characters they own. The owner is the database login that stored the
character (``harbinger playgroup init`` makes the server fill it in; a
personal SQLite library leaves it empty). ``playgroup_member`` names each
login for messages and the roster: "only Dana can change Ines Varga".
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_playgroup_owners"
down_revision = "0009_ledger_corrections"
branch_labels = None
depends_on = None

_OWNED = ("contractor", "character_document")


def upgrade() -> None:
    for table in _OWNED:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column("owner", sa.String(63), nullable=True))
    op.create_table(
        "playgroup_member",
        sa.Column("login", sa.String(63), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("role", sa.String(16), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("playgroup_member")
    for table in reversed(_OWNED):
        # Not a batch rebuild: recreating character_document would cascade into its log.
        op.execute(f"ALTER TABLE {table} DROP COLUMN owner")
