"""Characters of every game system but The Contract in two generic tables.

Revision ID: 0004_generic_characters
Revises: 0003_covenant_characters
Create Date: 2026-11-24

Revision 0003 gave Covenant two tables of its own; each further game would
have needed two more and a migration. From here on a character of any system
other than The Contract is one ``character_document`` row (the document its
system writes, as canonical JSON, with the roster's name, player and alive
copied out) and one ``character_log`` row per history entry. The Contract keeps
its relational tables unchanged.

Upgrading moves every Covenant character and play-log entry into the new
tables, then drops ``covenant_character`` and ``covenant_log``: nothing reads
them any more, and on SQLite ``models.migrate`` copies the whole file before
any upgrade, so the old rows are still in that backup. The move is done in
Python (building JSON is not portable SQL), so the offline SQL for a server
admin (``migration_sql``) creates the new tables but keeps the old ones and
says so: let Harbinger open the library to move the rows.

Downgrading moves Covenant characters back into the 0003 tables (the
"eliminated" marker goes on the newest entry of a character that is out of
play, which is what the 0003 roster reads) and refuses while characters of a
system 0003 did not know are stored, rather than losing them.
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import context, op

revision = "0004_generic_characters"
down_revision = "0003_covenant_characters"
branch_labels = None
depends_on = None

_SYSTEM = "covenant"
"""The one system 0003 stored in tables of its own."""

_OWN_FIELDS = ("pronouns", "description", "notes")

_player = sa.table("player", sa.column("id", sa.Integer()), sa.column("name", sa.String()))
_old_character = sa.table(
    "covenant_character",
    sa.column("id", sa.String()),
    sa.column("player_id", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("pronouns", sa.String()),
    sa.column("description", sa.Text()),
    sa.column("notes", sa.Text()),
    sa.column("creation", sa.Text()),
    sa.column("approval_state", sa.String()),
    sa.column("approvals", sa.Text()),
    sa.column("created_at", sa.DateTime()),
    sa.column("updated_at", sa.DateTime()),
)
_old_log = sa.table(
    "covenant_log",
    sa.column("character_id", sa.String()),
    sa.column("seq", sa.Integer()),
    sa.column("type", sa.String()),
    sa.column("eliminated", sa.Boolean()),
    sa.column("payload", sa.Text()),
    sa.column("recorded_at", sa.DateTime()),
)
_document = sa.table(
    "character_document",
    sa.column("id", sa.String()),
    sa.column("system", sa.String()),
    sa.column("version", sa.Integer()),
    sa.column("name", sa.String()),
    sa.column("player", sa.String()),
    sa.column("alive", sa.Boolean()),
    sa.column("approval_state", sa.String()),
    sa.column("approvals", sa.Text()),
    sa.column("document", sa.Text()),
    sa.column("created_at", sa.DateTime()),
    sa.column("updated_at", sa.DateTime()),
)
_log = sa.table(
    "character_log",
    sa.column("character_id", sa.String()),
    sa.column("seq", sa.Integer()),
    sa.column("entry", sa.Text()),
    sa.column("recorded_at", sa.DateTime()),
)


def _canonical(value: Any) -> str:
    """The library's stored JSON: keys sorted, compact, non-ASCII kept (as 0003 wrote it)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _create_generic_tables() -> None:
    op.create_table(
        "character_document",
        sa.Column("id", sa.String(length=200), nullable=False),
        sa.Column("system", sa.String(length=64), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=200), nullable=False),
        sa.Column("player", sa.String(length=200), nullable=False),
        sa.Column("alive", sa.Boolean(), nullable=False),
        sa.Column("approval_state", sa.String(), nullable=False),
        sa.Column("approvals", sa.Text(), nullable=False),
        sa.Column("document", sa.Text(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("updated_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_document")),
    )
    op.create_index(op.f("ix_character_document_system"), "character_document", ["system"])
    op.create_index(op.f("ix_character_document_name"), "character_document", ["name"])
    op.create_index(op.f("ix_character_document_player"), "character_document", ["player"])
    op.create_table(
        "character_log",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("character_id", sa.String(length=200), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("entry", sa.Text(), nullable=False),
        sa.Column("recorded_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(
            ["character_id"],
            ["character_document.id"],
            name=op.f("fk_character_log_character_id_character_document"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_character_log")),
        sa.UniqueConstraint("character_id", "seq", name=op.f("uq_character_log_character_id_seq")),
    )
    op.create_index(op.f("ix_character_log_character_id"), "character_log", ["character_id"])


def upgrade() -> None:
    _create_generic_tables()
    if context.is_offline_mode():
        op.execute(
            "-- covenant_character and covenant_log are kept: their rows move into "
            "character_document and character_log only when Harbinger opens the library"
        )
        return
    _move_covenant_rows_up(op.get_bind())
    op.drop_table("covenant_log")
    op.drop_table("covenant_character")


def _move_covenant_rows_up(bind: sa.engine.Connection) -> None:
    players = dict(bind.execute(sa.select(_player.c.id, _player.c.name)).all())
    logs: dict[str, list[Any]] = {}
    for row in bind.execute(sa.select(_old_log).order_by(_old_log.c.character_id, _old_log.c.seq)):
        logs.setdefault(row.character_id, []).append(row)
    documents = []
    entries = []
    for row in bind.execute(sa.select(_old_character).order_by(_old_character.c.id)):
        player = players.get(row.player_id, "") if row.player_id is not None else ""
        character = {
            "id": row.id,
            "name": row.name,
            "player": player,
            **{field: getattr(row, field) for field in _OWN_FIELDS},
            "creation": json.loads(row.creation),
            "log": [],  # the entries are rows of character_log; the empty list says so
        }
        mine = logs.get(row.id, [])
        documents.append(
            {
                "id": row.id,
                "system": _SYSTEM,
                "version": 1,
                "name": row.name,
                "player": player,
                "alive": not any(e.eliminated for e in mine),
                "approval_state": row.approval_state,
                "approvals": row.approvals,
                "document": _canonical({"character": character}),
                "created_at": row.created_at,
                "updated_at": row.updated_at,
            }
        )
        entries.extend(
            {
                "character_id": row.id,
                "seq": e.seq,
                "entry": _canonical({**json.loads(e.payload), "type": e.type}),
                "recorded_at": e.recorded_at,
            }
            for e in mine
        )
    if documents:
        op.bulk_insert(_document, documents)
    if entries:
        op.bulk_insert(_log, entries)


def downgrade() -> None:
    bind = op.get_bind()
    others = bind.execute(
        sa.select(sa.func.count()).where(_document.c.system != _SYSTEM)
    ).scalar_one()
    if others:
        raise RuntimeError(
            f"the library holds {others} character(s) of game systems schema 0003 cannot store; "
            "export them and delete them from the library before downgrading"
        )
    _create_covenant_tables()
    _move_covenant_rows_down(bind)
    op.drop_table("character_log")
    op.drop_table("character_document")


def _create_covenant_tables() -> None:
    """The 0003 tables, exactly as revision 0003 made them."""
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


def _player_id(bind: sa.engine.Connection, name: str) -> int | None:
    if not name:
        return None
    found = bind.execute(sa.select(_player.c.id).where(_player.c.name == name)).scalar()
    if found is None:
        bind.execute(_player_insert(name))
        found = bind.execute(sa.select(_player.c.id).where(_player.c.name == name)).scalar_one()
    return int(found)


def _player_insert(name: str) -> Any:
    table = sa.table(
        "player",
        sa.column("name", sa.String()),
        sa.column("coins_earned_elsewhere", sa.Integer()),
        sa.column("coins_spent_elsewhere", sa.Integer()),
    )
    return sa.insert(table).values(name=name, coins_earned_elsewhere=0, coins_spent_elsewhere=0)


def _move_covenant_rows_down(bind: sa.engine.Connection) -> None:
    for row in bind.execute(sa.select(_document).order_by(_document.c.id)).all():
        character = json.loads(row.document)["character"]
        bind.execute(
            sa.insert(_old_character).values(
                id=row.id,
                player_id=_player_id(bind, row.player),
                name=row.name,
                **{field: character.get(field, "") for field in _OWN_FIELDS},
                creation=_canonical(character.get("creation", {})),
                approval_state=row.approval_state,
                approvals=row.approvals,
                created_at=row.created_at,
                updated_at=row.updated_at,
            )
        )
        entries = bind.execute(
            sa.select(_log).where(_log.c.character_id == row.id).order_by(_log.c.seq)
        ).all()
        for index, entry in enumerate(entries):
            body = json.loads(entry.entry)
            kind = body.pop("type")
            newest = index == len(entries) - 1
            bind.execute(
                sa.insert(_old_log).values(
                    character_id=row.id,
                    seq=entry.seq,
                    type=kind,
                    eliminated=True if newest and not row.alive else None,
                    payload=_canonical(body),
                    recorded_at=entry.recorded_at,
                )
            )

