"""A version number per character, so a stale save never overwrites a newer one.

Revision ID: 0006_character_versions
Revises: 0005_repair_old_libraries
Create Date: 2026-11-24

``character_version`` holds one row per character id of any game system
(``models.concurrency``): the number goes up by one with every save that
changes the character, and a save names the number it started from. The row
outlives a deleted character (a tombstone), so a copy loaded before the
delete cannot quietly bring it back. Every character already stored starts
at version 1.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_character_versions"
down_revision = "0005_repair_old_libraries"
branch_labels = None
depends_on = None

_versions = sa.table(
    "character_version", sa.column("character_id", sa.String()), sa.column("version", sa.Integer())
)


def upgrade() -> None:
    op.create_table(
        "character_version",
        sa.Column("character_id", sa.String(length=200), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("character_id", name=op.f("pk_character_version")),
    )
    for table in ("contractor", "character_document"):
        source = sa.table(table, sa.column("id", sa.String()))
        op.execute(
            _versions.insert().from_select(
                ["character_id", "version"], sa.select(source.c.id, sa.literal(1))
            )
        )


def downgrade() -> None:
    op.drop_table("character_version")
