"""A Gift's player choices and each modifier's per-instance details, kept by the library.

Revision ID: 0013_gift_choices
Revises: 0012_gift_extended_description
Create Date: 2026-11-27

``gift.choices`` holds the draft's choices (an Effect's choice id to the
option picked, e.g. which roll) and ``gift_modifier.details`` each instance's
detail of a modifier taken several times, both as JSON text. Before this the
library dropped them on save, so a Gift read back could price and word
differently from the file it came from. Only columns are added, so a
playgroup's row policies cover them as they cover their tables; existing rows
get empty values.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_gift_choices"
down_revision = "0012_gift_extended_description"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("gift") as batch:
        batch.add_column(sa.Column("choices", sa.Text(), nullable=False, server_default=""))
    with op.batch_alter_table("gift_modifier") as batch:
        batch.add_column(sa.Column("details", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("gift_modifier") as batch:
        batch.drop_column("details")
    with op.batch_alter_table("gift") as batch:
        batch.drop_column("choices")
