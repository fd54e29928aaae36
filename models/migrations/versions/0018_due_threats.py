"""A player reads the Threat their own Contract made due, without waiting for the leader.

Revision ID: 0018_due_threats
Revises: 0017_ledger_index_trim
Create Date: 2026-11-27

"The Player can only see the general threat-level (Dangerous, Deadly, or
Fateful) until the Cutoff hits zero" ("Loose Ends"). Since revision 0016 a
Threat whose Cutoff has not hit 0 waits in ``loose_end_threat``, which a
playgroup's shared library grants to the leaders' group only; it moved to
``loose_end.threat`` only at the leader's next write of that contractor. A
player who recorded the Contract that made it due saw the Loose End due with
no Threat until then.

``loose_end_threat`` gets the Loose End's ``cutoff`` and ``granted_after``
beside its Threat (filled from ``loose_end`` here, kept by the leader's
writes after): the server tells whether a Threat is due from these, which
only the leaders' group writes. A player's own ``loose_end`` row is theirs to
change, and its Cutoff set to 0 by the player's SQL must not reveal anything.

On PostgreSQL this revision also adds three functions, owned by the library's
owner (the login that runs every upgrade):

- ``harbinger_threat_due(cutoff, granted_after, attended)``: the comparison of
  ``builder.contract.sheet.threat_due``, the same three numbers and the same
  one line (a test holds the two to the same cases);
- ``harbinger_contracts_attended(contractor)``: the Contracts of the
  contractor's corrected history (a plain Contract row no later correction
  names, or a correction in force that replaces a Contract with a Contract),
  plus the victories and losses its opening port brings, as
  ``builder.contract.ledger.book`` counts them;
- ``harbinger_due_threats(contractor)``: SECURITY DEFINER, so it reads
  ``loose_end_threat`` as the owner, and gives only what the caller may see:
  the Threats of a contractor whose ``owner`` is the caller's login and whose
  Cutoff (as ``loose_end_threat`` keeps it) has hit 0 now. A Contract taken
  back makes the Threat hidden again at once, since nothing moves: the answer
  is worked out at each read.

Nothing else changes: a Threat not due stays refused to a player's own SQL,
and the leader's writes still move due Threats to ``loose_end.threat``. A
personal (SQLite) library reads every Threat already, so there this revision
only adds the two columns.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0018_due_threats"
down_revision = "0017_ledger_index_trim"
branch_labels = None
depends_on = None

_THREAT_DUE = """
CREATE OR REPLACE FUNCTION harbinger_threat_due(cutoff integer, granted_after integer,
                                                attended integer)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $fn$
  SELECT cutoff <= greatest(0, attended - granted_after)
$fn$"""

_CONTRACTS_ATTENDED = """
CREATE OR REPLACE FUNCTION harbinger_contracts_attended(who text)
RETURNS integer LANGUAGE sql STABLE SET search_path = {path} AS $fn$
  SELECT (
    SELECT count(*)::integer FROM ledger_entry e
    WHERE e.contractor_id = who AND e.outcome IS NOT NULL
      AND (e.type = 'contract' OR (e.type = 'correction' AND EXISTS (
        SELECT 1 FROM ledger_entry o
        WHERE o.contractor_id = who AND o.seq = e.corrects AND o.type = 'contract')))
      AND NOT EXISTS (
        SELECT 1 FROM ledger_entry later
        WHERE later.contractor_id = who AND later.corrects = coalesce(e.corrects, e.seq)
          AND later.seq > e.seq AND later.corrects < later.seq)
  ) + coalesce((
    SELECT coalesce(((p.payload)::jsonb ->> 'victories')::integer, 0)
         + coalesce(((p.payload)::jsonb ->> 'losses')::integer, 0)
    FROM ledger_entry p WHERE p.contractor_id = who AND p.type = 'ported' AND p.seq = 0
  ), 0)
$fn$"""

_DUE_THREATS = """
CREATE OR REPLACE FUNCTION harbinger_due_threats(who text)
RETURNS TABLE (loose_end_position integer, threat text)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = {path} AS $fn$
  SELECT t.position, t.threat FROM loose_end_threat t
  JOIN contractor c ON c.id = t.contractor_id
  WHERE t.contractor_id = who AND c.owner = session_user::text
    AND harbinger_threat_due(t.cutoff, t.granted_after, harbinger_contracts_attended(who))
  ORDER BY t.position
$fn$"""
"""``session_user`` is the login that connected: inside a SECURITY DEFINER function
``current_user`` is the owner. A player's login owns only their own contractors."""


def _in_own_schema(create: str) -> str:
    """``create`` run with its search path set to the schema being upgraded first and
    pg_temp last, so nobody's temporary table can stand in for a table the function
    reads. Worked out by the server, so ``migration_sql`` (offline) writes it too."""
    body = create.format(path="pg_catalog, %I, pg_temp")
    return f"DO $do$ BEGIN EXECUTE format($sql${body}$sql$, current_schema()); END $do$"


_FUNCTIONS = (
    "harbinger_due_threats(text)",
    "harbinger_contracts_attended(text)",
    "harbinger_threat_due(integer, integer, integer)",
)


_COLUMNS = ("cutoff", "granted_after")

_FILL = """UPDATE loose_end_threat SET
  cutoff = coalesce((SELECT max(le.cutoff) FROM loose_end le
    WHERE le.contractor_id = loose_end_threat.contractor_id
      AND le.position = loose_end_threat.position), 0),
  granted_after = coalesce((SELECT max(le.granted_after) FROM loose_end le
    WHERE le.contractor_id = loose_end_threat.contractor_id
      AND le.position = loose_end_threat.position), 0)"""
"""Each kept Threat's Cutoff from its Loose End's row as stored now (the leader's next
write of the contractor keeps them from then on)."""


def upgrade() -> None:
    with op.batch_alter_table("loose_end_threat") as batch:
        for name in _COLUMNS:
            batch.add_column(
                sa.Column(name, sa.Integer(), nullable=False, server_default=sa.text("0"))
            )
    op.execute(_FILL)
    if op.get_bind().dialect.name != "postgresql":
        return
    op.execute(_THREAT_DUE)
    op.execute(_in_own_schema(_CONTRACTS_ATTENDED))
    op.execute(_in_own_schema(_DUE_THREATS))


def downgrade() -> None:
    if op.get_bind().dialect.name == "postgresql":
        for function in _FUNCTIONS:
            op.execute(f"DROP FUNCTION IF EXISTS {function}")
    with op.batch_alter_table("loose_end_threat") as batch:
        for name in reversed(_COLUMNS):
            batch.drop_column(name)
