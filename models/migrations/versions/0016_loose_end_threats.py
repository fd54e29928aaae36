"""Threats of Loose Ends not due yet, in a table of their own (the server keeps them from players).

Revision ID: 0016_loose_end_threats
Revises: 0015_roster_counts
Create Date: 2026-11-27

"The Player can only see the general threat-level (Dangerous, Deadly, or
Fateful) until the Cutoff hits zero" ("Loose Ends"). Until now the Threat was
a column of ``loose_end``, which every member of a playgroup's shared library
may read. ``loose_end_threat`` keeps the Threat of each Loose End whose Cutoff
has not hit 0 (keyed by contractor and the Loose End's position); ``harbinger
playgroup init`` (run again after this upgrade) grants it to the leaders'
group only, as it does ``gm_note``.

Whether a Cutoff has hit 0 is a fold of the contractor's ledger, which this
file does not repeat: it moves every stored Threat into the new table and
empties the column. The app moves a Threat back to ``loose_end.threat`` once
its Cutoff has hit 0 (``models.loose_end_threats.reveal_due``), at the next
write of that contractor by someone who may read the table, and ``playgroup
init`` does so for every contractor. A personal (SQLite) library reads both
places, so its user sees every Threat as before.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0016_loose_end_threats"
down_revision = "0015_roster_counts"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "loose_end_threat",
        sa.Column("contractor_id", sa.String(64), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("threat", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["contractor_id"],
            ["contractor.id"],
            name=op.f("fk_loose_end_threat_contractor_id_contractor"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("contractor_id", "position", name=op.f("pk_loose_end_threat")),
    )
    op.execute(
        "INSERT INTO loose_end_threat (contractor_id, position, threat) "
        "SELECT contractor_id, position, max(threat) FROM loose_end WHERE threat <> '' "
        "GROUP BY contractor_id, position"
    )
    op.execute("UPDATE loose_end SET threat = '' WHERE threat <> ''")


def downgrade() -> None:
    op.execute(
        "UPDATE loose_end SET threat = (SELECT t.threat FROM loose_end_threat t "
        "WHERE t.contractor_id = loose_end.contractor_id AND t.position = loose_end.position) "
        "WHERE EXISTS (SELECT 1 FROM loose_end_threat t "
        "WHERE t.contractor_id = loose_end.contractor_id AND t.position = loose_end.position)"
    )
    op.drop_table("loose_end_threat")
