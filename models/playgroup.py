"""A playgroup's shared library on PostgreSQL: roles, grants and row-level security (issue 14).

The server, not the app, decides who may change what. ``init_playgroup``
(run with the login that will own the schema) brings the schema to the
newest revision through Alembic and then sets up, idempotently:

- two group roles per database, ``harbinger_<db>_leaders`` and ``…_players``
  (``group_roles``), and a login for the leader in the first;
- grants: both groups read every table; they write characters and their
  rows, but a player may not ``UPDATE`` the review columns (``approval_state``,
  ``approvals``); nobody but the owner can create, alter or drop anything;
- row-level security on every character table: a member inserts characters
  as their own (a trigger stamps ``owner`` with the login), changes and
  deletes only their own, and reads everyone's; the leader may also change
  the review columns of anyone's character and nothing else of it (a
  trigger refuses with "only Dana can change Ines Varga", also when a
  member deletes or replace-imports another's character); the leader may
  also add and take back ledger rows of anyone's contractor, so a Contract
  is recorded for the whole table (issue 32; ``_leader_records_sql``);
- the ``player`` table (a player's name and Coins of Charon earned or spent
  elsewhere): any member may add a bare name, which their contractor may
  need; only the player of that name or the leader changes its coins;
  nobody but the owner renames or deletes one;
- a character's version row (``models.concurrency``) moves only with its
  owner's saves, so nobody can make another's next save look stale;
- ``gm_note`` (GM-only notes, issue 31): only the leaders' group may read or
  write it; a player's own SQL is refused, their own character's note included;
- ``loose_end_threat`` (0016: Threats of Loose Ends whose Cutoff has not hit 0):
  the leaders' group only, as ``gm_note``; the leader may also write the Loose
  Ends of anyone's contractor (grant one, write its Threat, reveal it when
  due: ``models.loose_end_threats``); a player reads a due Threat of their own
  contractor at once through the owner's ``harbinger_due_threats`` (0018);
- a notification (``LISTEN harbinger_saved``) whenever a character's version
  row changes, so open windows refresh (``ui/playgroup_watch``).

``add_player`` makes a login in the players' group. Private signing keys stay
on the leader's machine: approvals on the server are the signed records only.

``Membership`` is who a library connection is (``who_am_i``); ``Library``
uses it to refuse a change the server would refuse anyway, with the same
words, before touching anything (``refuse_change``, ``refuse_review``), and
``explain`` turns a refusal from the server into a ``NotAllowed``.
"""

from __future__ import annotations

import json
import re
import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, make_url
from sqlmodel import Session

from models.errors import LibraryBusy, LibraryError, NotAllowed
from models.tables import CHILD_TABLES, metadata

OWNED_TABLES = ("contractor", "character_document")
"""Tables with one row per character and an ``owner`` column (migration 0009)."""

REVIEW_COLUMNS = ("approval_state", "approvals")
"""Columns only the leader changes on a character row: the leader's verdict."""

CHANNEL = "harbinger_saved"
"""NOTIFY channel: the payload is the id of the character whose version changed."""

OWNER, LEADER, PLAYER = "owner", "leader", "player"


@dataclass(frozen=True, slots=True)
class Membership:
    """Who a connection to a shared library is: login, shown name and role."""

    login: str
    name: str
    role: str  # OWNER, LEADER or PLAYER

    @property
    def shown(self) -> str:
        """ "Dana (leader)" for a status bar."""
        return f"{self.name} ({self.role})"


@dataclass(frozen=True, slots=True)
class NewLogin:
    """A login ``init_playgroup`` or ``add_player`` made, and how its person connects."""

    login: str
    name: str
    role: str
    password: str
    """"" when the login already existed (``init`` run again): its password is unchanged."""
    url: str
    """The library URL for this login, password included: give it to them privately."""


# --------------------------------------------------------------------------- names


def login_for(name: str) -> str:
    """A PostgreSQL login made from a person's name: "Dana Scully" → "dana_scully"."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_")
    if not slug:
        raise LibraryError(f"cannot make a login from the name {name!r}: give --login")
    return slug[:63] if slug[0].isalpha() else f"p_{slug}"[:63]


def _check_login(login: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]{0,62}", login):
        raise LibraryError(
            f"{login!r} is not a usable login: lower-case letters, digits and _, "
            "starting with a letter, at most 63 characters"
        )
    return login


def group_roles(database: str) -> tuple[str, str]:
    """The leaders' and players' group roles of one shared library (database)."""
    base = re.sub(r"[^a-z0-9_]+", "_", database.casefold())[:44]
    return f"harbinger_{base}_leaders", f"harbinger_{base}_players"


def _q(connection: Connection, name: str) -> str:
    return connection.dialect.identifier_preparer.quote(name)


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


# --------------------------------------------------------------------------- who am I


def who_am_i(connection: Connection) -> Membership | None:
    """The membership of this connection; None off PostgreSQL or in a non-playgroup library.

    One round trip (it is part of opening a shared library): the login, the schema's
    owner, the database (whose leaders' group makes a leader), the roles this login is
    a member of, and its shown name.
    """
    if connection.dialect.name != "postgresql":
        return None
    login, owner, database, roles, name = connection.execute(
        sa.text(
            "SELECT current_user::text, (SELECT tableowner::text FROM pg_catalog.pg_tables "
            "WHERE schemaname = current_schema() AND tablename = 'contractor'), "
            "current_database()::text, "
            "ARRAY(SELECT rolname::text FROM pg_catalog.pg_roles "
            "WHERE pg_has_role(current_user, oid, 'MEMBER')), "
            "(SELECT name FROM playgroup_member WHERE login = current_user::text)"
        )
    ).one()
    if login == owner:
        role = OWNER
    else:
        leaders, _players = group_roles(database)
        role = LEADER if leaders in roles else PLAYER
    return Membership(login, name or login, role)


def member_name(session: Session, login: str | None) -> str:
    """The shown name of a login ("Dana"); the login itself when it has none."""
    if not login:
        return "its owner"
    name = session.execute(
        sa.text("SELECT name FROM playgroup_member WHERE login = :login"), {"login": login}
    ).scalar()
    return str(name or login)


def member_names(session: Session) -> dict[str, str]:
    """Every member's shown name by login."""
    rows = session.execute(sa.text("SELECT login, name FROM playgroup_member")).all()
    return {str(login): str(name) for login, name in rows}


def owner_of(session: Session, character_id: str) -> str | None:
    """The login that owns a stored character (None: no owner recorded, or no such id)."""
    for table in OWNED_TABLES:
        owner = session.execute(
            sa.text(f"SELECT owner FROM {table} WHERE id = :id"), {"id": character_id}
        ).first()
        if owner is not None:
            return owner[0]
    return None


def refuse_change(
    session: Session,
    member: Membership | None,
    character_id: str,
    name: str,
    history_only: Callable[[], bool] | None = None,
) -> None:
    """NotAllowed when ``member`` may not change this stored character (not theirs).

    The leader may still write another member's contractor when ``history_only()``
    says the change only appends (or takes back) ledger rows: a Contract recorded
    for the whole table, or its undo (``_leader_records_sql`` lets the server agree).
    """
    if member is None or member.role == OWNER:
        return
    owner = owner_of(session, character_id)
    if owner is None or owner == member.login:
        return
    if member.role == LEADER and history_only is not None and history_only():
        return
    raise NotAllowed(f"only {member_name(session, owner)} can change {name}")


def refuse_review(member: Membership | None) -> None:
    """NotAllowed when ``member`` may not record a review verdict (a player)."""
    if member is not None and member.role == PLAYER:
        raise NotAllowed(
            f"only the playgroup leader can review or approve characters ({member.name} "
            "is a player)"
        )


BUSY_STATES = ("55P03", "57014")
"""SQLSTATEs of a statement that gave up: lock_not_available (``lock_timeout``) and
query_canceled (``statement_timeout``)."""

BUSY = (
    "the shared library is busy: someone is holding what this needs (a lock or a long "
    "query), so it gave up after waiting; nothing was changed, try again in a moment"
)


def busy(exc: BaseException) -> LibraryBusy | None:
    """A statement that gave up waiting (lock or statement timeout) as LibraryBusy."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) in BUSY_STATES:
        return LibraryBusy(BUSY)
    return None


def explain(exc: BaseException) -> NotAllowed | None:
    """A refusal from the server (insufficient privilege, a row policy) as a NotAllowed."""
    orig = getattr(exc, "orig", None)
    if getattr(orig, "sqlstate", None) != "42501":
        return None
    primary = getattr(getattr(orig, "diag", None), "message_primary", None) or str(orig)
    if primary.startswith("only ") or primary.startswith("a character"):
        return NotAllowed(primary)
    if "row-level security" in primary:
        return NotAllowed(
            "the shared library refused the change: a player stores and changes only their "
            f"own characters ({primary})"
        )
    return NotAllowed(f"the shared library refused the change: {primary}")


# --------------------------------------------------------------------------- setting up


def _engine(url: str) -> sa.Engine:
    from models.migrate import create_library_engine

    if make_url(url).get_backend_name() != "postgresql":
        raise LibraryError("a playgroup's shared library needs a PostgreSQL URL (postgresql://…)")
    return create_library_engine(url)


def _login_url(url: str, login: str, password: str) -> str:
    shared = make_url(url).set(username=login, password=password or None)
    return shared.render_as_string(hide_password=False)


def init_playgroup(url: str, leader: str, login: str | None = None) -> NewLogin:
    """Make the database at ``url`` a playgroup's shared library with ``leader`` as its leader.

    ``url`` connects as the login that will own the schema (it needs
    CREATEROLE). Safe to run again: the schema is upgraded, the policies
    re-made; the leader's login is made only if missing.
    """
    from models.library import Library

    engine = _engine(url)  # refuses anything but PostgreSQL before touching it
    Library.open(url).close()  # creates or upgrades the schema through Alembic
    try:
        with engine.begin() as connection:
            database = connection.execute(sa.text("SELECT current_database()")).scalar_one()
            leaders, players = group_roles(database)
            for group in (leaders, players):
                if not _role_exists(connection, group):
                    connection.exec_driver_sql(f"CREATE ROLE {_q(connection, group)} NOLOGIN")
            owner = connection.execute(sa.text("SELECT current_user::text")).scalar_one()
            _remember(connection, owner, owner, OWNER)
            for statement in _security_sql(connection, database, leaders, players):
                # The driver reads % as a placeholder even with no parameters.
                connection.exec_driver_sql(statement.replace("%", "%%"))
        reveal_due_threats(url)
        chosen = _check_login(login or login_for(leader))
        with engine.connect() as connection:
            already = connection.execute(
                sa.text("SELECT role FROM playgroup_member WHERE login = :l"), {"l": chosen}
            ).scalar()
        if already == LEADER:  # run again: the leader keeps their login and password
            return NewLogin(chosen, leader, LEADER, "", _login_url(url, chosen, ""))
        return _make_login(engine, url, leader, chosen, LEADER)
    except sa.exc.DBAPIError as exc:
        raise LibraryError(f"cannot set up the playgroup: {_primary(exc)}") from None
    finally:
        engine.dispose()


def add_player(url: str, name: str, login: str | None = None) -> NewLogin:
    """Make a login for a player of the shared library at ``url`` (run as its owner)."""
    engine = _engine(url)
    try:
        return _make_login(engine, url, name, login, PLAYER)
    except sa.exc.DBAPIError as exc:
        raise LibraryError(f"cannot add {name}: {_primary(exc)}") from None
    finally:
        engine.dispose()


def _primary(exc: sa.exc.DBAPIError) -> str:
    diag = getattr(exc.orig, "diag", None)
    return str(getattr(diag, "message_primary", None) or exc.orig or exc)


def _make_login(engine: sa.Engine, url: str, name: str, login: str | None, role: str) -> NewLogin:
    login = _check_login(login or login_for(name))
    password = secrets.token_urlsafe(18)
    with engine.begin() as connection:
        if not connection.execute(
            sa.text("SELECT to_regclass('playgroup_member') IS NOT NULL")
        ).scalar():
            raise LibraryError("this is not a playgroup's library yet: run `playgroup init` first")
        database = connection.execute(sa.text("SELECT current_database()")).scalar_one()
        leaders, players = group_roles(database)
        if not _role_exists(connection, players):
            raise LibraryError("this is not a playgroup's library yet: run `playgroup init` first")
        taken = connection.execute(
            sa.text("SELECT name FROM playgroup_member WHERE login = :l"), {"l": login}
        ).scalar()
        if taken is not None or _role_exists(connection, login):
            raise LibraryError(
                f"the login {login!r} is already taken on this server"
                + (f" (by {taken})" if taken else "")
                + ": choose another with --login"
            )
        quoted = _q(connection, login)
        connection.exec_driver_sql(
            f"CREATE ROLE {quoted} LOGIN PASSWORD {_literal(password)} NOCREATEDB NOCREATEROLE"
        )
        group = leaders if role == LEADER else players
        connection.exec_driver_sql(f"GRANT {_q(connection, group)} TO {quoted}")
        _remember(connection, login, name, role)
    return NewLogin(login, name, role, password, _login_url(url, login, password))


def _role_exists(connection: Connection, role: str) -> bool:
    return bool(
        connection.execute(
            sa.text("SELECT EXISTS (SELECT 1 FROM pg_catalog.pg_roles WHERE rolname = :r)"),
            {"r": role},
        ).scalar()
    )


def _remember(connection: Connection, login: str, name: str, role: str) -> None:
    connection.execute(
        sa.text(
            "INSERT INTO playgroup_member (login, name, role) VALUES (:l, :n, :r) "
            "ON CONFLICT (login) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role"
        ),
        {"l": login, "n": name, "r": role},
    )


_STAMP_OWNER = """
CREATE OR REPLACE FUNCTION harbinger_stamp_owner() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.owner IS NULL OR current_user::text <> (SELECT tableowner::text FROM pg_catalog.pg_tables
      WHERE schemaname = TG_TABLE_SCHEMA AND tablename = TG_TABLE_NAME) THEN
    NEW.owner := current_user::text;
  END IF;
  RETURN NEW;
END $$"""

_GUARD_CHANGE = """
CREATE OR REPLACE FUNCTION harbinger_guard_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$"""

_GUARD_DELETE = """
CREATE OR REPLACE FUNCTION harbinger_guard_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  who text;
BEGIN
  IF current_user::text = (SELECT tableowner::text FROM pg_catalog.pg_tables
      WHERE schemaname = TG_TABLE_SCHEMA AND tablename = TG_TABLE_NAME) THEN
    RETURN OLD;
  END IF;
  IF OLD.owner IS DISTINCT FROM current_user::text THEN
    SELECT name INTO who FROM playgroup_member WHERE login = OLD.owner;
    RAISE EXCEPTION 'only % can change %', coalesce(who, OLD.owner, 'its owner'), OLD.name
      USING ERRCODE = '42501';
  END IF;
  RETURN OLD;
END $$"""

_GUARD_PLAYER = """
CREATE OR REPLACE FUNCTION harbinger_guard_player() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  me text;
  my_role text;
  who text;
BEGIN
  IF current_user::text = (SELECT tableowner::text FROM pg_catalog.pg_tables
      WHERE schemaname = TG_TABLE_SCHEMA AND tablename = TG_TABLE_NAME) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.id IS DISTINCT FROM OLD.id OR NEW.name IS DISTINCT FROM OLD.name)
  THEN
    RAISE EXCEPTION 'a player is renamed only by the playgroup''s owner' USING ERRCODE = '42501';
  END IF;
  IF TG_OP = 'INSERT' AND NEW.coins_earned_elsewhere = 0 AND NEW.coins_spent_elsewhere = 0 THEN
    RETURN NEW;  -- only a name, which a member's contractor may need
  END IF;
  IF TG_OP = 'UPDATE'
     AND NEW.coins_earned_elsewhere IS NOT DISTINCT FROM OLD.coins_earned_elsewhere
     AND NEW.coins_spent_elsewhere IS NOT DISTINCT FROM OLD.coins_spent_elsewhere THEN
    RETURN NEW;
  END IF;
  SELECT name, role INTO me, my_role FROM playgroup_member WHERE login = current_user::text;
  IF my_role = 'leader' OR NEW.name = me THEN
    RETURN NEW;
  END IF;
  SELECT string_agg(name, ' or ' ORDER BY role <> 'player', name) INTO who
    FROM playgroup_member WHERE role = 'leader' OR (role = 'player' AND name = NEW.name);
  RAISE EXCEPTION 'only % can change the Coins of Charon of %',
    coalesce(who, 'the playgroup leader'), NEW.name USING ERRCODE = '42501';
END $$"""

_NOTIFY = f"""
CREATE OR REPLACE FUNCTION harbinger_notify_saved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('{CHANNEL}', coalesce(NEW.character_id, OLD.character_id));
  RETURN NULL;
END $$"""


def _check_document_sql() -> str:
    """The trigger function refusing a ``character_document`` row whose document is not
    the character the row says (issue 27: a player's "shadow-1" row holding another
    member's character, inner id theirs). The document's ``character.id`` must be the
    row's id, its system one Harbinger knows, and its name and player (where the system
    keeps them in one field: ``GameSystem.identity_keys``) the row's. Only the schema's
    owner (migrations, restores) is not checked, as in the other guards."""
    from builder.core.registry import systems

    keys = {s.id: {"name": s.identity_keys[0], "player": s.identity_keys[1]} for s in systems()}
    known = _literal(json.dumps(keys, sort_keys=True))
    return f"""
CREATE OR REPLACE FUNCTION harbinger_check_document() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  body jsonb;
  known jsonb := {known}::jsonb;
  field text;
BEGIN
  IF current_user::text = (SELECT tableowner::text FROM pg_catalog.pg_tables
      WHERE schemaname = TG_TABLE_SCHEMA AND tablename = TG_TABLE_NAME) THEN
    RETURN NEW;
  END IF;
  IF NOT known ? NEW.system THEN
    RAISE EXCEPTION 'the row % is of the game system %, which Harbinger does not know',
      NEW.id, NEW.system USING ERRCODE = '42501';
  END IF;
  body := NEW.document::jsonb -> 'character';
  IF body IS NULL OR jsonb_typeof(body) <> 'object' THEN
    RAISE EXCEPTION 'the row % holds no character', NEW.id USING ERRCODE = '42501';
  END IF;
  IF body ->> 'id' IS DISTINCT FROM NEW.id THEN
    RAISE EXCEPTION 'the row % holds the character %, not itself', NEW.id, body ->> 'id'
      USING ERRCODE = '42501';
  END IF;
  field := known -> NEW.system ->> 'name';
  IF field <> '' AND (body ->> field) IS DISTINCT FROM NEW.name THEN
    RAISE EXCEPTION 'the row % is named %, but its character %', NEW.id, NEW.name,
      coalesce(body ->> field, 'has no name') USING ERRCODE = '42501';
  END IF;
  field := known -> NEW.system ->> 'player';
  IF field <> '' AND (body ->> field) IS DISTINCT FROM NEW.player THEN
    RAISE EXCEPTION 'the row % says its player is %, but its character %', NEW.id,
      NEW.player, coalesce(body ->> field, 'has none') USING ERRCODE = '42501';
  END IF;
  RETURN NEW;
END $$"""


def _children() -> dict[str, str]:
    """Each table whose rows belong to a character, and the condition "the row is mine"."""
    mine = (
        "EXISTS (SELECT 1 FROM contractor c "
        "WHERE c.id = contractor_id AND c.owner = current_user::text)"
    )
    owned = {str(table.__tablename__): mine for table in CHILD_TABLES}
    via_gift = (
        "EXISTS (SELECT 1 FROM gift g JOIN contractor c ON c.id = g.contractor_id "
        "WHERE g.id = gift_row_id AND c.owner = current_user::text)"
    )
    owned["gift_modifier"] = owned["gift_parameter"] = via_gift
    owned["character_log"] = (
        "EXISTS (SELECT 1 FROM character_document d "
        "WHERE d.id = character_id AND d.owner = current_user::text)"
    )
    return owned


def _security_sql(connection: Connection, database: str, leaders: str, players: str) -> list[str]:
    """Grants, policies and triggers of a shared library; every statement safe to run again."""
    q = lambda name: _q(connection, name)  # noqa: E731
    members = f"{q(leaders)}, {q(players)}"
    statements = [
        f"REVOKE ALL ON DATABASE {q(database)} FROM PUBLIC",
        f"GRANT CONNECT ON DATABASE {q(database)} TO {members}",
        "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
        f"GRANT USAGE ON SCHEMA public TO {members}",
        f"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM {members}",
        f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {members}",
        f"GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO {members}",
        # Only the version column: a table-wide UPDATE (or DELETE) would also let a member
        # LOCK the table IN ACCESS EXCLUSIVE MODE and stall every save (issue 27).
        f"GRANT INSERT, UPDATE (version) ON character_version TO {members}",
        # A player row is a name and the Coins of Charon earned or spent elsewhere: any
        # member may add a name (their contractor may need it); only that player or the
        # leader changes its coins, and nobody renames or deletes it (the trigger).
        f"GRANT INSERT, UPDATE (coins_earned_elsewhere, coins_spent_elsewhere) ON player "
        f"TO {members}",
        _STAMP_OWNER,
        _GUARD_CHANGE,
        _GUARD_DELETE,
        _GUARD_PLAYER,
        _NOTIFY,
        _check_document_sql(),
        "DROP TRIGGER IF EXISTS harbinger_check_document ON character_document",
        "CREATE TRIGGER harbinger_check_document BEFORE INSERT OR UPDATE ON character_document "
        "FOR EACH ROW EXECUTE FUNCTION harbinger_check_document()",
        "DROP TRIGGER IF EXISTS harbinger_guard_player ON player",
        "CREATE TRIGGER harbinger_guard_player BEFORE INSERT OR UPDATE ON player "
        "FOR EACH ROW EXECUTE FUNCTION harbinger_guard_player()",
        "DROP TRIGGER IF EXISTS harbinger_saved ON character_version",
        "CREATE TRIGGER harbinger_saved AFTER INSERT OR UPDATE OR DELETE ON character_version "
        "FOR EACH ROW EXECUTE FUNCTION harbinger_notify_saved()",
    ]
    for table in OWNED_TABLES:
        writable = [c.name for c in metadata.tables[table].columns]
        player_columns = ", ".join(c for c in writable if c not in (*REVIEW_COLUMNS, "owner"))
        statements += [
            f"GRANT INSERT, DELETE ON {table} TO {members}",
            f"GRANT UPDATE ({player_columns}) ON {table} TO {q(players)}",
            f"GRANT UPDATE ON {table} TO {q(leaders)}",
            f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
            f"DROP TRIGGER IF EXISTS harbinger_stamp_owner ON {table}",
            f"CREATE TRIGGER harbinger_stamp_owner BEFORE INSERT ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION harbinger_stamp_owner()",
            f"DROP TRIGGER IF EXISTS harbinger_guard_change ON {table}",
            f"CREATE TRIGGER harbinger_guard_change BEFORE UPDATE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION harbinger_guard_change()",
            f"DROP TRIGGER IF EXISTS harbinger_guard_delete ON {table}",
            f"CREATE TRIGGER harbinger_guard_delete BEFORE DELETE ON {table} "
            "FOR EACH ROW EXECUTE FUNCTION harbinger_guard_delete()",
        ]
        statements += _policies(
            table,
            members,
            {
                "members_read": f"FOR SELECT TO {members} USING (true)",
                "owner_adds": f"FOR INSERT TO {members} WITH CHECK "
                "(owner = current_user::text AND approval_state = 'unreviewed')",
                "owner_changes": f"FOR UPDATE TO {members} USING (owner = current_user::text) "
                "WITH CHECK (owner = current_user::text)",
                "leader_reviews": f"FOR UPDATE TO {q(leaders)} USING (true) WITH CHECK (true)",
                # Every member's delete reaches the guard trigger, which refuses one of
                # another's character in words ("only Dana can change Ines Varga").
                "owner_deletes": f"FOR DELETE TO {members} USING (true)",
            },
        )
    not_anothers = " AND ".join(
        f"NOT EXISTS (SELECT 1 FROM {t} x WHERE x.id = character_id "
        "AND x.owner IS DISTINCT FROM current_user::text)"
        for t in OWNED_TABLES
    )
    statements += ["ALTER TABLE character_version ENABLE ROW LEVEL SECURITY"]
    statements += _policies(
        "character_version",
        members,
        {
            "members_read": f"FOR SELECT TO {members} USING (true)",
            "owner_counts": f"FOR INSERT TO {members} WITH CHECK ({not_anothers})",
            "owner_bumps": f"FOR UPDATE TO {members} USING ({not_anothers}) "
            f"WITH CHECK ({not_anothers})",
        },
    )
    statements += _leader_records_sql(q(leaders))
    # DELETE on a member's own child rows is what every edit needs (a part of the sheet
    # is replaced by deleting and inserting its rows), what undo needs (``restore`` and
    # ``retract_tail`` take back the newest ledger / play-log rows) and what deleting a
    # character needs. It also lets a player take back any row of their own history with
    # raw SQL (a Death, say); an approved entry then shows as changed in the review
    # (``builder.core.approval``). Narrower designs, not chosen yet: a server-stamped
    # undo window, an append-only history with undo as a correction entry, or a
    # leaders-only record of every history row a player deleted.
    for table, mine in _children().items():
        statements += [
            f"GRANT INSERT, UPDATE, DELETE ON {table} TO {members}",
            f"ALTER TABLE {table} ENABLE ROW LEVEL SECURITY",
        ]
        statements += _policies(
            table,
            members,
            {
                "members_read": f"FOR SELECT TO {members} USING (true)",
                "owner_writes": f"FOR ALL TO {members} USING ({mine}) WITH CHECK ({mine})",
            },
        )
    return (
        statements + _gm_note_sql(q, leaders, players) + _loose_end_threat_sql(q, leaders, players)
    )


def _gm_note_sql(q: Callable[[str], str], leaders: str, players: str) -> list[str]:
    """Keep ``gm_note`` (GM-only notes, 0014) to the leaders' group: no grant to the
    players' group (a player's SELECT is "permission denied", their own character's note
    included) and a row policy that lets only leaders through. Runs after the grant of
    SELECT on every table to every member, which its REVOKE takes back."""
    return [
        f"REVOKE ALL ON gm_note FROM {q(leaders)}, {q(players)}, PUBLIC",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON gm_note TO {q(leaders)}",
        "ALTER TABLE gm_note ENABLE ROW LEVEL SECURITY",
        *_policies(
            "gm_note",
            "",
            {"leaders_only": f"FOR ALL TO {q(leaders)} USING (true) WITH CHECK (true)"},
        ),
    ]


def _loose_end_threat_sql(q: Callable[[str], str], leaders: str, players: str) -> list[str]:
    """Keep ``loose_end_threat`` (0016: the Threats of Loose Ends whose Cutoff has not hit
    0) to the leaders' group, as ``gm_note``: a player's SELECT, their own contractor's
    included, is "permission denied". And let the leaders' group write the Loose Ends of
    any contractor ("GMs must specify the Threat of a Loose End when they grant it"): the
    leader grants a Loose End, writes its Threat, and reveals it when the Cutoff hits 0
    (``models.loose_end_threats``); the rest of another's contractor stays its owner's."""
    return [
        f"REVOKE ALL ON loose_end_threat FROM {q(leaders)}, {q(players)}, PUBLIC",
        f"GRANT SELECT, INSERT, UPDATE, DELETE ON loose_end_threat TO {q(leaders)}",
        "ALTER TABLE loose_end_threat ENABLE ROW LEVEL SECURITY",
        *_policies(
            "loose_end_threat",
            "",
            {"leaders_only": f"FOR ALL TO {q(leaders)} USING (true) WITH CHECK (true)"},
        ),
        *_policies(
            "loose_end",
            "",
            {"leader_grants": f"FOR ALL TO {q(leaders)} USING (true) WITH CHECK (true)"},
        ),
    ]


def reveal_due_threats(url: str) -> int:
    """Move every Threat whose Cutoff has hit 0 out of ``loose_end_threat`` (run as the
    owner by ``init_playgroup``): revision 0016 moved every stored Threat there, since
    whether a Cutoff hit 0 is a fold of the ledger. Each contractor touched is saved
    through the library, so its version moves. The number of contractors touched."""
    from models.library import Library

    engine = _engine(url)
    try:
        with engine.connect() as connection:
            ids = (
                connection.execute(
                    sa.text("SELECT DISTINCT contractor_id FROM loose_end_threat ORDER BY 1")
                )
                .scalars()
                .all()
            )
    finally:
        engine.dispose()
    touched = 0
    with Library.open(url) as library:
        for contractor_id in ids:
            if library.save(library.load(contractor_id)).changed:
                touched += 1
    return touched


def _leader_records_sql(leaders: str) -> list[str]:
    """The leader records Contracts for everyone's contractors (issue 32): policies that
    let the leaders' group add and take back ledger rows of any contractor and move the
    version row of a contractor with them. The contractor row itself only gets a new
    ``updated_at`` and its ledger's counts (``roster_victories``, ``roster_floor``,
    ``roster_dead``), which ``harbinger_guard_change`` lets the leader write; everything
    else of another's contractor stays its owner's. Players keep only their own."""
    contractor = "EXISTS (SELECT 1 FROM contractor c WHERE c.id = character_id)"
    return _policies(
        "ledger_entry",
        leaders,
        {
            "leader_records": f"FOR INSERT TO {leaders} WITH CHECK (true)",
            "leader_takes_back": f"FOR DELETE TO {leaders} USING (true)",
        },
    ) + _policies(
        "character_version",
        leaders,
        {"leader_bumps": f"FOR UPDATE TO {leaders} USING ({contractor}) WITH CHECK ({contractor})"},
    )


def _policies(table: str, _members: str, policies: dict[str, Any]) -> list[str]:
    statements = []
    for name, body in policies.items():
        statements.append(f"DROP POLICY IF EXISTS {name} ON {table}")
        statements.append(f"CREATE POLICY {name} ON {table} {body}")
    return statements


# --------------------------------------------------------------------------- notifications


def listen(
    url: str,
    stop: threading.Event,
    on_saved: Callable[[str], None],
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Call ``on_saved(character_id)`` for every save another connection makes, until ``stop``.

    Blocks: run it in a thread of its own. Uses its own connection (LISTEN
    needs one that stays open outside transactions). Connection problems end
    the loop quietly after a pause and a retry, until ``stop`` is set.

    PostgreSQL lets any member ``NOTIFY`` any channel, so a payload proves
    nothing: it is only a hint to read again. ``on_saved`` must never act on
    it beyond that (``ui.playgroup_watch`` compares the row's stored version
    with the one it holds and reloads nothing when they agree; issue 27).
    """
    import psycopg

    conninfo = make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)
    while not stop.is_set():
        try:
            with psycopg.connect(conninfo, autocommit=True, connect_timeout=5) as connection:
                connection.execute(f"LISTEN {CHANNEL}")
                if on_ready is not None:  # saves made before this moment were not heard
                    on_ready()
                while not stop.is_set():
                    for note in connection.notifies(timeout=0.25, stop_after=50):
                        on_saved(note.payload)
        except psycopg.Error:
            stop.wait(2.0)
