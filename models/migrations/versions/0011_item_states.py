"""Item states, Legendary Artifacts and the item log (issue 31, items 1 and 2).

Revision ID: 0011_item_states
Revises: 0010_playgroup_owners
Create Date: 2026-11-27

A crafted Artifact or Consumable now has a state (held, lost, stolen,
destroyed, recovered, repaired, left at home): ``crafted_item.state``. A
Legendary Artifact is a ``crafted_item`` row of kind ``legendary`` whose
``gift_ids`` column holds the ids of the Gifts invested in it as a JSON list.
The dated log of state changes, uses and transfers is
``contractor.item_log``, a JSON list written by ``builder.contract.serialize``
(empty text: no entry). Only columns are added, so the row policies of a
playgroup's shared library cover them as they cover their tables. Existing
rows get the defaults: held, no Gifts, no log.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_item_states"
down_revision = "0010_playgroup_owners"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("crafted_item") as batch:
        batch.add_column(sa.Column("state", sa.String(20), nullable=False, server_default="held"))
        batch.add_column(sa.Column("gift_ids", sa.Text(), nullable=False, server_default=""))
    with op.batch_alter_table("contractor") as batch:
        batch.add_column(sa.Column("item_log", sa.Text(), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("contractor") as batch:
        batch.drop_column("item_log")
    with op.batch_alter_table("crafted_item") as batch:
        batch.drop_column("gift_ids")
        batch.drop_column("state")
