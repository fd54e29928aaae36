"""Drop the indexes that repeat the first column of a unique index, so an import writes fewer.

Revision ID: 0021_prefix_index_drop
Revises: 0020_loose_end_keys
Create Date: 2026-11-27

Each of these indexes holds one column that a unique index of the same table
already holds first; SQLite and PostgreSQL both answer a lookup by that column
alone through the unique index (its leading column), so no query needs them,
yet every row an import inserts was written into them too (issue 29):

- ``ix_gift_contractor_id`` (gift.contractor_id): the unique
  (``contractor_id``, ``gift_key``) index serves reading a contractor's Gifts
  and the delete's cascade;
- ``ix_gift_parameter_gift_row_id`` (gift_parameter.gift_row_id): the unique
  (``gift_row_id``, ``parameter_id``) index serves reading a Gift's Parameters
  and the cascade from ``gift``;
- ``ix_creation_rating_contractor_id`` (creation_rating.contractor_id): the
  unique (``contractor_id``, ``kind``, ``trait``) index;
- ``ix_character_log_character_id`` (character_log.character_id): the unique
  (``character_id``, ``seq``) index serves reading a Covenant, Mortal Coil or
  Coven character's play log and the cascade from ``character_document``.

The downgrade makes the four again as the models made them before.
"""

from __future__ import annotations

from alembic import op

revision = "0021_prefix_index_drop"
down_revision = "0020_loose_end_keys"
branch_labels = None
depends_on = None

DROPPED = {
    "ix_gift_contractor_id": ("gift", "contractor_id"),
    "ix_gift_parameter_gift_row_id": ("gift_parameter", "gift_row_id"),
    "ix_creation_rating_contractor_id": ("creation_rating", "contractor_id"),
    "ix_character_log_character_id": ("character_log", "character_id"),
}
"""Each dropped index: its table and its one column."""


def upgrade() -> None:
    for name in DROPPED:
        op.execute(f"DROP INDEX IF EXISTS {name}")  # IF EXISTS: as 0019, for a library missing one


def downgrade() -> None:
    for name, (table, column) in DROPPED.items():
        op.create_index(name, table, [column])
