"""The roster's summary of each contractor's ledger, kept on the contractor row (issue 29).

Revision ID: 0015_roster_counts
Revises: 0014_gm_notes
Create Date: 2026-11-27

The roster asked the ledger three questions per contractor (victories of the
corrected history plus a port's, the Status a port opens at, whether the
latest death marker is a death): at 10,000 contractors most of the time
between opening a library and seeing its roster. ``contractor`` now keeps the
answers, ``roster_victories``, ``roster_floor`` and ``roster_dead``, which the
store recomputes from the ledger rows in the transaction of every write
(``models.contract_store.refresh_roster_counts``). This revision adds them and
fills them from the ledger rows already stored, with the same rules (written
out here, so that this file never changes when the store's code does).

In a playgroup's shared library (PostgreSQL), the members who may change
some columns of ``contractor`` get the same right on the three new ones, and
the guard that keeps a leader to the review columns of another's contractor
lets the leader write them too (recording a Contract for someone's
contractor changes its counts). Run as the library's owner, like every upgrade.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015_roster_counts"
down_revision = "0014_gm_notes"
branch_labels = None
depends_on = None

_COLUMNS = (
    ("roster_victories", sa.Integer(), sa.text("0")),
    ("roster_floor", sa.Integer(), sa.text("0")),
    ("roster_dead", sa.Boolean(), sa.false()),
)

_IN_FORCE = """NOT EXISTS (SELECT 1 FROM ledger_entry later
    WHERE later.contractor_id = e.contractor_id
      AND later.corrects = coalesce(e.corrects, e.seq)
      AND later.seq > e.seq AND later.corrects < later.seq)"""
"""A ledger row ``e`` of the corrected history: no later correction names its entry."""

_PORT = """FROM ledger_entry p WHERE p.contractor_id = contractor.id
    AND p.type = 'ported' AND p.seq = 0"""
"""The contractor's opening port row (a port is the ledger's first entry)."""


def _fill(victories: str, level: str, false: str) -> str:
    """The UPDATE that fills the three columns; ``victories`` and ``level`` read the port
    row's JSON payload ``p.payload`` in the database's own words."""
    return f"""UPDATE contractor SET
  roster_victories = (
    SELECT count(*) FROM ledger_entry e
    WHERE e.contractor_id = contractor.id AND e.type IN ('contract', 'correction')
      AND e.outcome = 'victory' AND {_IN_FORCE}
  ) + coalesce((SELECT {victories} {_PORT}), 0),
  roster_floor = coalesce((SELECT CASE {level} WHEN 'seasoned' THEN 10 WHEN 'veteran' THEN 25
    ELSE 0 END {_PORT}), 0),
  roster_dead = coalesce((
    SELECT e.death FROM ledger_entry e
    WHERE e.contractor_id = contractor.id AND e.death IS NOT NULL AND {_IN_FORCE}
    ORDER BY coalesce(e.corrects, e.seq) DESC, e.seq DESC LIMIT 1
  ), {false})"""


_SQLITE_FILL = _fill(
    "json_extract(p.payload, '$.victories')",
    "coalesce(nullif(json_extract(p.payload, '$.ported_at'), ''), "
    "json_extract(p.payload, '$.level'))",
    "0",
)

_POSTGRESQL_FILL = _fill(
    "((p.payload)::jsonb ->> 'victories')::integer",
    "coalesce(nullif((p.payload)::jsonb ->> 'ported_at', ''), (p.payload)::jsonb ->> 'level')",
    "false",
)

_GRANT_NEW_COLUMNS = """
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT DISTINCT grantee FROM information_schema.column_privileges
      WHERE table_schema = current_schema() AND table_name = 'contractor'
        AND column_name = 'name' AND privilege_type = 'UPDATE'
        AND grantee <> current_user::text LOOP
    EXECUTE format(
      'GRANT UPDATE (roster_victories, roster_floor, roster_dead) ON contractor TO %I',
      r.grantee);
  END LOOP;
END $$"""
"""Whoever may change a contractor's name may change its counts (a shared library)."""

_GUARD_CHANGE = """
DO $do$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_proc WHERE proname = 'harbinger_guard_change') THEN
    EXECUTE $ex$
CREATE OR REPLACE FUNCTION harbinger_guard_change() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  who text;
  skip text[] := ARRAY['approval_state', 'approvals', 'updated_at',
                       'roster_victories', 'roster_floor', 'roster_dead'];
BEGIN
  IF current_user::text = (SELECT tableowner::text FROM pg_catalog.pg_tables
      WHERE schemaname = TG_TABLE_SCHEMA AND tablename = TG_TABLE_NAME) THEN
    RETURN NEW;
  END IF;
  IF NEW.owner IS DISTINCT FROM OLD.owner THEN
    RAISE EXCEPTION 'a character''s owner is changed only by the playgroup''s owner'
      USING ERRCODE = '42501';
  END IF;
  IF OLD.owner IS DISTINCT FROM current_user::text
     AND (to_jsonb(NEW) - skip) IS DISTINCT FROM (to_jsonb(OLD) - skip) THEN
    SELECT name INTO who FROM playgroup_member WHERE login = OLD.owner;
    RAISE EXCEPTION 'only % can change %', coalesce(who, OLD.owner, 'its owner'), OLD.name
      USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $fn$
    $ex$;
  END IF;
END $do$"""
"""The shared library's guard (``models.playgroup``) with the counts among the columns a
leader may write on another's contractor; replaced only where a playgroup made it."""


def upgrade() -> None:
    with op.batch_alter_table("contractor") as batch:
        for name, kind, default in _COLUMNS:
            batch.add_column(sa.Column(name, kind, nullable=False, server_default=default))
    if op.get_bind().dialect.name != "postgresql":
        op.execute(_SQLITE_FILL)
        return
    op.execute(_POSTGRESQL_FILL)
    op.execute(_GRANT_NEW_COLUMNS)
    op.execute(_GUARD_CHANGE)


def downgrade() -> None:
    with op.batch_alter_table("contractor") as batch:
        for name, _kind, _default in reversed(_COLUMNS):
            batch.drop_column(name)
