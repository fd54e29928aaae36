"""GM-only notes on characters, in a table of their own (issue 31 item 6).

Revision ID: 0014_gm_notes
Revises: 0013_gift_choices
Create Date: 2026-11-27

``gm_note`` holds one note per character id (of any game system): its text,
who wrote it and the day. It is a table apart from the character's rows so
that a playgroup's shared library can keep it from the players: ``harbinger
playgroup init`` (run again after this upgrade) grants it to the leaders'
group only and puts a row policy on it. Until then no member may read it,
since a table made after ``init`` has no grants at all.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_gm_notes"
down_revision = "0013_gift_choices"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "gm_note",
        sa.Column("character_id", sa.String(200), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("written_by", sa.String(200), nullable=False),
        sa.Column("written_on", sa.String(10), nullable=False),
        sa.PrimaryKeyConstraint("character_id", name=op.f("pk_gm_note")),
    )


def downgrade() -> None:
    op.drop_table("gm_note")
