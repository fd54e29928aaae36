"""A contractor's carried weight, "totally unencumbered" and playgroup rules (issue 20).

Revision ID: 0008_contractor_rules_fields
Revises: 0007_roster_indexes
Create Date: 2026-11-24

The rules fidelity work added three fields to a contractor: the weight carried
and whether nothing at all is carried ("Encumbrance"), and whether the
playgroup opted into the Golden Ratio bonus ("Earning Bonus Experience").
They live on the contractor row, so a contractor that uses them keeps them
through the library. Existing contractors get the defaults: 0 lb, not marked
unencumbered, Golden Ratio off.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_contractor_rules_fields"
down_revision = "0007_roster_indexes"
branch_labels = None
depends_on = None

_COLUMNS = (
    ("carried_lb", sa.Integer(), sa.text("0")),
    ("unencumbered", sa.Boolean(), sa.false()),
    ("golden_ratio", sa.Boolean(), sa.false()),
)


def upgrade() -> None:
    with op.batch_alter_table("contractor") as batch:
        for name, kind, default in _COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=False, server_default=default))


def downgrade() -> None:
    with op.batch_alter_table("contractor") as batch:
        for name, _kind, _default in reversed(_COLUMNS):
            batch.drop_column(name)
