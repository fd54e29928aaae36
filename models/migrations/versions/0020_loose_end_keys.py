"""A hidden Threat is matched to its Loose End by the Loose End's key, not by its place.

Revision ID: 0020_loose_end_keys
Revises: 0019_roster_index_drop
Create Date: 2026-11-27

Since revision 0016 a Threat whose Cutoff has not hit 0 waits in
``loose_end_threat``, keyed by the contractor and the Loose End's *position*.
A player who deleted or reordered her Loose Ends then had a hidden Threat
matched to whichever Loose End came to sit at that place: the leader saw it
against the wrong entry, and the wrong Threat could be revealed.

Every Loose End now carries a key (``LooseEnd.key``) that stays with it through
edits, export, import and undo. This revision:

- adds ``loose_end.key`` and keys each stored Loose End ``le<position>``, the
  key the app gives a Loose End written before keys (a file from an older
  Harbinger keys its Loose Ends the same way, so it and the library agree);
- gives ``loose_end_threat`` the column ``loose_end_key`` in place of
  ``position`` (filled ``le<position>`` the same way) and makes
  (``contractor_id``, ``loose_end_key``) its primary key.

On PostgreSQL the table is altered in place, so the grants and row policies
``harbinger playgroup init`` gave it (leaders only: a player's SELECT stays
"permission denied") stay as they were. ``harbinger_due_threats`` (revision
0018) answered by position; it is made again answering by key
(``loose_end_key``), still SECURITY DEFINER, owned by the library's owner,
with the same search path and the same checks: the caller's own contractor,
and a Cutoff (as ``loose_end_threat`` keeps it) that has hit 0.

On SQLite the table is copied (SQLite cannot change a primary key in place); a
personal library has no grants.

It also adds ``stored_rule``: which edition of a builder rule wrote values the
library keeps. Its one use so far is ``roster_counts``: revision 0015 filled
the roster's counts with its own SQL, whose answer differs from builder's
rule for a voided or replaced port and for a Seasoned or Veteran port that
names ``ported_at``; such a row kept it until its contractor was next written.
A migration must not call builder's code (this file never changes), so the
table starts empty, and the store works every row's counts out again with
builder's rule the first time the library's owner opens it
(``models.roster_refresh``), then records the rule's edition there.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0020_loose_end_keys"
down_revision = "0019_roster_index_drop"
branch_labels = None
depends_on = None

_KEY_LENGTH = 64

_DUE_THREATS = """
CREATE FUNCTION harbinger_due_threats(who text)
RETURNS TABLE (loose_end_key text, threat text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
  SELECT t.loose_end_key::text, t.threat FROM loose_end_threat t
  JOIN contractor c ON c.id = t.contractor_id
  WHERE t.contractor_id = who AND c.owner = session_user::text
    AND harbinger_threat_due(t.cutoff, t.granted_after, harbinger_contracts_attended(who))
  ORDER BY t.loose_end_key
$fn$"""
"""As revision 0018 made it, answering with the Loose End's key instead of its position
(a function's result columns cannot change in place: it is dropped and made again)."""

_DUE_THREATS_BY_POSITION = """
CREATE FUNCTION harbinger_due_threats(who text)
RETURNS TABLE (loose_end_position integer, threat text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
  SELECT t.position, t.threat FROM loose_end_threat t
  JOIN contractor c ON c.id = t.contractor_id
  WHERE t.contractor_id = who AND c.owner = session_user::text
    AND harbinger_threat_due(t.cutoff, t.granted_after, harbinger_contracts_attended(who))
  ORDER BY t.position
$fn$"""
"""Revision 0018's function, made again by the downgrade."""


def _in_own_schema(create: str) -> str:
    """``create`` run with its search path set to the schema being upgraded first and
    pg_temp last (as revision 0018 does), worked out by the server so ``migration_sql``
    (offline) writes it too."""
    body = create.format(path="pg_catalog, %I, pg_temp")
    return f"DO $do$ BEGIN EXECUTE format($sql${body}$sql$, current_schema()); END $do$"


def upgrade() -> None:
    postgresql = op.get_bind().dialect.name == "postgresql"
    op.create_table(
        "stored_rule",
        sa.Column("name", sa.String(_KEY_LENGTH), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("name", name="pk_stored_rule"),
    )
    with op.batch_alter_table("loose_end") as batch:
        batch.add_column(
            sa.Column("key", sa.String(_KEY_LENGTH), nullable=False, server_default=sa.text("''"))
        )
    op.execute("UPDATE loose_end SET key = 'le' || position")
    if postgresql:
        op.execute("DROP FUNCTION IF EXISTS harbinger_due_threats(text)")
        op.execute(
            "ALTER TABLE loose_end_threat ADD COLUMN loose_end_key "
            f"VARCHAR({_KEY_LENGTH}) NOT NULL DEFAULT ''"
        )
        op.execute("UPDATE loose_end_threat SET loose_end_key = 'le' || position")
        op.execute("ALTER TABLE loose_end_threat ALTER COLUMN loose_end_key DROP DEFAULT")
        op.execute("ALTER TABLE loose_end_threat DROP CONSTRAINT pk_loose_end_threat")
        op.execute("ALTER TABLE loose_end_threat DROP COLUMN position")
        op.execute(
            "ALTER TABLE loose_end_threat ADD CONSTRAINT pk_loose_end_threat "
            "PRIMARY KEY (contractor_id, loose_end_key)"
        )
        op.execute(_in_own_schema(_DUE_THREATS))
        return
    _copy_threats(
        key=sa.Column("loose_end_key", sa.String(_KEY_LENGTH), nullable=False),
        key_from="'le' || position",
    )


def _copy_threats(key: sa.Column, key_from: str) -> None:
    """SQLite: make ``loose_end_threat`` again with ``key`` as the Loose End's column of its
    primary key, filled from the old table by the SQL ``key_from``."""
    op.create_table(
        "loose_end_threat_new",
        sa.Column("contractor_id", sa.String(64), nullable=False),
        key,
        sa.Column("threat", sa.Text(), nullable=False),
        sa.Column("cutoff", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.Column("granted_after", sa.Integer(), nullable=False, server_default=sa.text("0")),
        sa.ForeignKeyConstraint(
            ["contractor_id"],
            ["contractor.id"],
            name="fk_loose_end_threat_contractor_id_contractor",
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("contractor_id", key.name, name="pk_loose_end_threat"),
    )
    op.execute(
        f"INSERT INTO loose_end_threat_new (contractor_id, {key.name}, threat, cutoff, "
        f"granted_after) SELECT contractor_id, {key_from}, threat, cutoff, granted_after "
        "FROM loose_end_threat"
    )
    op.drop_table("loose_end_threat")
    op.rename_table("loose_end_threat_new", "loose_end_threat")


_POSITION_OF_KEY = (
    "(SELECT min(le.position) FROM loose_end le WHERE le.contractor_id = "
    "loose_end_threat.contractor_id AND le.key = loose_end_threat.loose_end_key)"
)
"""The position of the Loose End a kept Threat belongs to now (the downgrade's way back)."""


def downgrade() -> None:
    # A Threat whose Loose End is gone has nowhere to go back to.
    op.execute(f"DELETE FROM loose_end_threat WHERE {_POSITION_OF_KEY} IS NULL")
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP FUNCTION IF EXISTS harbinger_due_threats(text)")
        op.execute("ALTER TABLE loose_end_threat ADD COLUMN position INTEGER NOT NULL DEFAULT 0")
        op.execute(f"UPDATE loose_end_threat SET position = {_POSITION_OF_KEY}")
        op.execute("ALTER TABLE loose_end_threat ALTER COLUMN position DROP DEFAULT")
        op.execute("ALTER TABLE loose_end_threat DROP CONSTRAINT pk_loose_end_threat")
        op.execute("ALTER TABLE loose_end_threat DROP COLUMN loose_end_key")
        op.execute(
            "ALTER TABLE loose_end_threat ADD CONSTRAINT pk_loose_end_threat "
            "PRIMARY KEY (contractor_id, position)"
        )
        op.execute(_in_own_schema(_DUE_THREATS_BY_POSITION))
    else:
        _copy_threats(
            key=sa.Column("position", sa.Integer(), nullable=False),
            key_from=_POSITION_OF_KEY,
        )
    with op.batch_alter_table("loose_end") as batch:
        batch.drop_column("key")
    op.drop_table("stored_rule")
