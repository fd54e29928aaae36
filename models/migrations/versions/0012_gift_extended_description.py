"""A Gift's optional extended description (issue 31 item 4).

Revision ID: 0012_gift_extended_description
Revises: 0011_item_states
Create Date: 2026-11-27

``gift.extended_description`` holds the longer flavor text a player may keep
beside a Gift's Description. Only a column is added, so a playgroup's row
policies cover it as they cover the table; existing rows get empty text.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_gift_extended_description"
down_revision = "0011_item_states"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gift") as batch:
        batch.add_column(
            sa.Column("extended_description", sa.Text(), nullable=False, server_default="")
        )


def downgrade() -> None:
    with op.batch_alter_table("gift") as batch:
        batch.drop_column("extended_description")
