"""Repair libraries made by released code whose migration files were edited afterwards.

Revision ID: 0005_repair_old_libraries
Revises: 0004_generic_characters
Create Date: 2026-11-24

Two migration files were changed after code that ran them had been committed
(issue 13), so some libraries reached a revision without its real schema:

- ``0001_initial`` first created ``asset_pick`` without the ``section``
  column (which list, Assets or Liabilities, a pick sits in). A library made
  then upgrades to every later revision and cannot load a contractor. The
  column is added here when missing and filled from the pick's ``kind``
  (the first code wrote a pick's list into ``kind``: asset → assets,
  liability → liabilities).
- ``0004_generic_characters`` first moved Covenant characters into
  ``character_document`` without the empty ``log`` list that tells reading
  the entries are rows of ``character_log``; such a character cannot be
  read. The empty list is put back.

Both repairs look before they act, so a library that was never broken is
left as it is. Migrations are never edited once committed
(``tests/models/test_migration_files.py`` pins their hashes); a mistake is
repaired by a new one, like this.
"""

from __future__ import annotations

import json

import sqlalchemy as sa
from alembic import context, op

revision = "0005_repair_old_libraries"
down_revision = "0004_generic_characters"
branch_labels = None
depends_on = None

_picks = sa.table("asset_pick", sa.column("kind", sa.String()), sa.column("section", sa.String()))
_documents = sa.table(
    "character_document",
    sa.column("id", sa.String()),
    sa.column("system", sa.String()),
    sa.column("document", sa.Text()),
)


def upgrade() -> None:
    if context.is_offline_mode():
        _offline_section()
        return
    bind = op.get_bind()
    columns = {c["name"] for c in sa.inspect(bind).get_columns("asset_pick")}
    if "section" not in columns:
        _add_section()
    _restore_covenant_log_lists(bind)


def _add_section() -> None:
    with op.batch_alter_table("asset_pick") as batch:
        batch.add_column(sa.Column("section", sa.String(), nullable=True))
    op.execute(
        _picks.update().values(
            section=sa.case((_picks.c.kind == "liability", "liabilities"), else_="assets")
        )
    )
    with op.batch_alter_table("asset_pick") as batch:
        batch.alter_column("section", existing_type=sa.String(), nullable=False)


def _offline_section() -> None:
    """The SQL for a server admin: PostgreSQL adds the column only where it is missing."""
    if context.get_context().dialect.name != "postgresql":
        return
    op.execute("ALTER TABLE asset_pick ADD COLUMN IF NOT EXISTS section VARCHAR")
    op.execute(
        _picks.update()
        .where(_picks.c.section.is_(None))
        .values(section=sa.case((_picks.c.kind == "liability", "liabilities"), else_="assets"))
    )
    op.execute("ALTER TABLE asset_pick ALTER COLUMN section SET NOT NULL")
    op.execute("-- Covenant documents moved by the first 0004 are repaired when Harbinger opens")


def _restore_covenant_log_lists(bind: sa.engine.Connection) -> None:
    rows = bind.execute(
        sa.select(_documents.c.id, _documents.c.document).where(_documents.c.system == "covenant")
    ).all()
    for row_id, text in rows:
        document = json.loads(text)
        body = document.get("character")
        if not isinstance(body, dict) or "log" in body:
            continue
        body["log"] = []
        fixed = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        bind.execute(_documents.update().where(_documents.c.id == row_id).values(document=fixed))


def downgrade() -> None:
    """Nothing to undo: every library at 0004 should have had these all along."""
