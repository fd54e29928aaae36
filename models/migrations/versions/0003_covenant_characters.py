"""Covenant characters: a character row with its creation, and an append-only play log.

Revision ID: 0003_covenant_characters
Revises: 0002_ledger_death_marker
Create Date: 2025-02-03

Covenant (SPEC §4) is a second rules family beside The Contract. Its
characters live in their own two tables; nothing about contractors changes,
so an upgraded library keeps every contractor row exactly as it was.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_covenant_characters"
down_revision = "0002_ledger_death_marker"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "covenant_character",
        sa.Column("id", sa.String(length=200), nullable=False),
        sa.Column("player_id", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("pronouns", sa.String(), nullable=False),
        sa.Column("description", sa.Text(), nullable=False),
        sa.Column("notes", sa.Text(), nullable=False),
        sa.Column("creation", sa.Text(), nullable=False),
        sa.Column("approval_state", sa.String(), nullable=False),
        sa.Column("approvals", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["player.id"], name=op.f("fk_covenant_character_player_id_player")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_covenant_character")),
    )
    op.create_index(op.f("ix_covenant_character_name"), "covenant_character", ["name"])
    op.create_index(op.f("ix_covenant_character_player_id"), "covenant_character", ["player_id"])
    op.create_table(
        "covenant_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.String(length=200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("type", sa.String(), nullable=False),
        sa.Column("eliminated", sa.Boolean(), nullable=True),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["covenant_character.id"],
            name=op.f("fk_covenant_log_character_id_covenant_character"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_covenant_log")),
        sa.UniqueConstraint("character_id", "seq", name=op.f("uq_covenant_log_character_id_seq")),
    )
    op.create_index(op.f("ix_covenant_log_character_id"), "covenant_log", ["character_id"])


def downgrade() -> None:
    op.drop_table("covenant_log")
    op.drop_table("covenant_character")
