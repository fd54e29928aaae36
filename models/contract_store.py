"""The Contract's relational store: one contractor spread over plain rows (``models.tables``).

A contractor is kept in typed tables (``contractor``, its small collections,
the append-only ``ledger_entry``, its Gifts) so the roster, Coins of Charon
and a Gift's revisions are queries, not replays. ``Library`` (``models.library``)
owns transactions and the choice of store; this module holds the session
work it calls for contractors, through the same methods every store has
(``models.stores.Store``).

Saving writes only what changed: new ledger entries are appended (stored
entries are never rewritten: a save that would change one is refused with
``LedgerRewriteError``), a changed small collection (Limits, Injuries, …) is
replaced as a whole, and a changed Gift is rewritten on its own.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any

import sqlalchemy as sa
from sqlmodel import Session, col, delete, select

from builder.contract.character import (
    Contractor,
    Gift,
    GiftChange,
    PlaygroupRules,
    Suggestion,
    Weapon,
)
from builder.contract.file import validate_contractor
from builder.contract.gifts.draft import GiftDraft
from builder.contract.serialize import canonical_json
from builder.core.files import CharacterFileError
from builder.core.registry import GameSystem, system
from models import loose_end_threats, mapping
from models.bulk import insert_tuples
from models.bulk import insert_values as _insert_values
from models.errors import CharacterNotFound, LedgerRewriteError, LibraryError, UnstorableCharacter
from models.tables import (
    AssetPickRow,
    BattleScarRow,
    ContractorRow,
    CraftedItemRow,
    CreationRatingRow,
    GiftModifierRow,
    GiftParameterRow,
    GiftRow,
    InjuryRow,
    LedgerRow,
    LibraryTable,
    LimitRow,
    LooseEndRow,
    PlayerRow,
    SheetItemRow,
    SourceConditionRow,
    TraumaRow,
)
from models.values import (
    NewCharacter,
    PlayerSummary,
    RosterEntry,
    SaveSummary,
    StoredCharacter,
    aware,
    contract_roster_entry,
)

SYSTEM_ID = "contract"
"""The game system this store keeps (``builder.contract.system.ID``)."""


class ContractStore:
    """Contractors in the relational tables; every method works inside the caller's session."""

    def system_of(self, session: Session, character_id: str) -> str | None:
        """ "contract" when a contractor has this id, else None."""
        return SYSTEM_ID if session.get(ContractorRow, character_id) is not None else None

    def history_only(self, session: Session, character: Any) -> bool:
        """True when the stored contractor and ``character`` differ in nothing but their
        ledgers, one of which starts with the other (a Contract recorded, or its undo), and
        their Loose Ends, which the GM grants and whose Threats the GM writes ("GMs must
        specify the Threat of a Loose End when they grant it"): what a leader may change
        of another member's contractor."""
        stored = _read_contractor(session, _get(session, character.id))
        old, new = stored.ledger, character.ledger
        shorter = min(len(old), len(new))
        same_rest = (
            dataclasses.replace(stored, ledger=new, loose_ends=character.loose_ends) == character
        )
        return old[:shorter] == new[:shorter] and same_rest

    def read(self, session: Session, character_id: str) -> StoredCharacter:
        row = _get(session, character_id)
        return StoredCharacter(
            character=_read_contractor(session, row),
            system=SYSTEM_ID,
            approval_state=row.approval_state,
            approvals=tuple(json.loads(row.approvals)),
            created_at=aware(row.created_at),
            updated_at=aware(row.updated_at),
        )

    def insert(
        self,
        session: Session,
        _system: GameSystem,
        contractor: Contractor,
        now: datetime,
        *,
        approvals: Sequence[Mapping[str, Any]] = (),
        created_at: datetime | None = None,
    ) -> SaveSummary:
        _check_storable(contractor)
        loose_end_threats.refuse_hidden(session, [contractor])
        _insert_contractor(session, contractor, now, approvals=approvals, created_at=created_at)
        return SaveSummary(
            contractor.id, created=True, ledger_appended=len(contractor.ledger), parts=()
        )

    def insert_many(
        self, session: Session, _system: GameSystem, items: Sequence[NewCharacter], now: datetime
    ) -> None:
        """Insert contractors read from checked files (an import), a few statements per batch.

        The files passed the schema when they were read, so they are not
        checked again. No row object is built: the column values of every
        contractor go in together with one executemany per table (plain
        ``INSERT``s, the same on SQLite and PostgreSQL): the contractor rows,
        then their children, ledgers and Gifts, then the Gifts' modifiers and
        parameters, whose Gift row ids are read back with one query.
        """
        if not items:
            return
        # In id order, each table's rows (and each index on contractor_id) go in at one end
        # of their B-tree rather than at a random place per contractor: fewer pages touched.
        items = sorted(items, key=lambda item: item[0].id)
        loose_end_threats.refuse_hidden(session, [contractor for contractor, _a, _c in items])
        players = _player_ids(session, {contractor.concept.player for contractor, _a, _c in items})
        parents: list[dict[str, Any]] = []
        children: list[mapping.Values] = []
        ledger: list[tuple[Any, ...]] = []
        gifts: list[dict[str, Any]] = []
        drafts: dict[tuple[str, str], GiftDraft] = {}
        for contractor, approvals, created_at in items:
            cid = contractor.id
            parents.append(
                mapping.contractor_values(
                    contractor,
                    players.get(contractor.concept.player),
                    now,
                    approvals=canonical_json([dict(a) for a in approvals]),
                    created_at=created_at,
                )
            )
            children.extend(_collection_values(contractor))
            ledger.extend(
                mapping.ledger_tuple(cid, i, e, now) for i, e in enumerate(contractor.ledger)
            )
            for position, gift in enumerate(contractor.gifts):
                gifts.append(mapping.gift_values(cid, position, gift))
                drafts[cid, gift.id] = gift.draft
        _insert_values(session, [(ContractorRow, values) for values in parents])
        _insert_values(session, children)
        insert_tuples(session, LedgerRow, mapping.LEDGER_ROW_COLUMNS, ledger)
        if not gifts:
            return
        _insert_values(session, [(GiftRow, values) for values in gifts])
        stored = session.execute(  # the ids the database gave the Gift rows just inserted
            sa.select(col(GiftRow.id), col(GiftRow.contractor_id), col(GiftRow.gift_key)).where(
                col(GiftRow.contractor_id).in_([values["id"] for values in parents])
            )
        ).all()
        _insert_values(
            session,
            [
                pair
                for gift_row_id, cid, key in stored
                for pair in mapping.gift_child_values(gift_row_id, drafts[cid, key])
            ],
        )

    def update(
        self, session: Session, _system: GameSystem, contractor: Contractor, now: datetime
    ) -> SaveSummary:
        _check_storable(contractor)
        return _update_contractor(session, _get(session, contractor.id), contractor, now)

    def restore(
        self, session: Session, _system: GameSystem, contractor: Contractor, now: datetime
    ) -> SaveSummary:
        """Put back an earlier version: only the newest ledger entries may be taken back."""
        _check_storable(contractor)
        row = _get(session, contractor.id)
        stored = _read_contractor(session, row)
        keep = len(contractor.ledger)
        if stored.ledger[:keep] != contractor.ledger:
            raise LedgerRewriteError(
                f"cannot restore {contractor.concept.name!r}: its ledger is not an earlier "
                "state of the stored one; only the newest entries can be taken back"
            )
        retracted = len(stored.ledger) - keep
        if retracted:
            session.exec(
                delete(LedgerRow).where(
                    col(LedgerRow.contractor_id) == contractor.id, col(LedgerRow.seq) >= keep
                )
            )
            session.flush()
        summary = _update_contractor(session, row, contractor, now, known=stored)
        parts = (*summary.parts, "ledger") if retracted else summary.parts
        return SaveSummary(contractor.id, created=False, ledger_appended=0, parts=parts)

    def retract_tail(
        self, session: Session, character_id: str, count: int, now: datetime
    ) -> tuple[Any, ...]:
        raise LibraryError(
            "a contractor's ledger is taken back by restoring an earlier version, not by count"
        )

    def remove(self, session: Session, character_id: str) -> None:
        row = _get(session, character_id)
        _delete_contractor(session, character_id)
        session.expunge(row)  # a new row may take the id in the same session (import: replace)

    def created_at(self, session: Session, character_id: str) -> datetime:
        return _get(session, character_id).created_at

    def set_approval(
        self,
        session: Session,
        character_id: str,
        state: str,
        approvals: Sequence[Mapping[str, Any]] | None,
        now: datetime,
    ) -> None:
        row = _get(session, character_id)
        row.approval_state = state
        if approvals is not None:
            row.approvals = canonical_json([dict(a) for a in approvals])
        row.updated_at = now
        session.add(row)

    def roster(self, session: Session, ids: Sequence[str] | None = None) -> list[RosterEntry]:
        """One light row per contractor (only those of ``ids`` still here, when given); on
        PostgreSQL (a shared library) each owner also by the name they go by, read in the
        same transaction."""
        shown = system(SYSTEM_ID).display_name
        names = _owner_names(session)
        return [contract_roster_entry(row, shown, names) for row in _roster_rows(session, ids)]


def _owner_names(session: Session) -> dict[str, str] | None:
    """Each playgroup member's shown name by login on PostgreSQL (a shared library, issue 14);
    None on SQLite, where nobody owns anything."""
    if session.get_bind().dialect.name != "postgresql":
        return None
    rows = session.connection().execute(sa.text("SELECT login, name FROM playgroup_member"))
    return {str(login): str(name) for login, name in rows}


def _roster_rows(session: Session, ids: Sequence[str] | None = None) -> Sequence[Any]:
    """The roster query's rows (of ``ids`` only, when given), through the Core connection
    (the ORM's per-row bookkeeping is not needed for a read of columns)."""
    query = roster_query()
    if ids is not None:
        query = query.where(col(ContractorRow.id).in_(list(ids)))
    return session.connection().execute(query).all()


# --------------------------------------------------------------------------- Contract-only reads


def players(session: Session) -> list[PlayerSummary]:
    """Every player with their contractors and Coins of Charon, sorted by name."""
    rows = _roster_rows(session)
    summaries = []
    for player in session.exec(select(PlayerRow)).all():
        mine = [r for r in rows if r.player_id == player.id]
        dead = sum(1 for r in mine if r.dead)
        summaries.append(
            PlayerSummary(
                name=player.name,
                contractors=len(mine),
                living=len(mine) - dead,
                coins_earned=dead + player.coins_earned_elsewhere,
                coins_spent=sum(1 for r in mine if r.charon_coin) + player.coins_spent_elsewhere,
            )
        )
    summaries.sort(key=lambda p: p.name.casefold())
    return summaries


GiftHistory = list[GiftChange]
"""One Gift's revisions: its ``GiftChange`` ledger entries, oldest first."""


def gift_history_query(contractor_id: str, gift_id: str) -> Any:
    """The ledger rows of one Gift's revisions, oldest first: its contractor's ledger read
    through the (contractor_id, seq) index, already in order (revision 0017)."""
    return (
        select(LedgerRow)
        .where(
            LedgerRow.contractor_id == contractor_id,
            LedgerRow.gift_id == gift_id,
            LedgerRow.type == "gift_change",
        )
        .order_by(col(LedgerRow.seq))
    )


def gift_history(session: Session, contractor_id: str, gift_id: str) -> GiftHistory:
    """The ``GiftChange`` ledger entries of one Gift, oldest first (its revisions)."""
    _get(session, contractor_id)
    rows = session.exec(gift_history_query(contractor_id, gift_id)).all()
    return [e for e in map(mapping.entry_from_row, rows) if isinstance(e, GiftChange)]


def set_player_coins_elsewhere(session: Session, player: str, earned: int, spent: int) -> None:
    """Record Coins of Charon a player earned or spent outside this library."""
    row = session.exec(select(PlayerRow).where(PlayerRow.name == player)).first()
    if row is None:
        row = PlayerRow(name=player)
    row.coins_earned_elsewhere = earned
    row.coins_spent_elsewhere = spent
    session.add(row)


# --------------------------------------------------------------------------- queries


def roster_query() -> Any:
    """One row per contractor, from the contractor and player tables alone: the ledger's
    part (victories, a port's Status, death) is the summary every write stores on the
    contractor row (revision 0015), so 10,000 contractors cost one plain scan."""
    return (
        sa.select(
            col(ContractorRow.id),
            col(ContractorRow.name),
            col(ContractorRow.player_id),
            col(PlayerRow.name).label("player"),
            col(ContractorRow.roster_victories).label("victories"),
            col(ContractorRow.roster_floor).label("floor_victories"),
            col(ContractorRow.roster_dead).label("dead"),
            col(ContractorRow.approval_state),
            col(ContractorRow.charon_coin),
            col(ContractorRow.updated_at),
            col(ContractorRow.owner),
        )
        .select_from(ContractorRow)
        .outerjoin(PlayerRow, col(ContractorRow.player_id) == PlayerRow.id)
    )


def _get(session: Session, contractor_id: str) -> ContractorRow:
    row = session.get(ContractorRow, contractor_id)
    if row is None:
        raise CharacterNotFound(f"no contractor with id {contractor_id!r} in this library")
    return row


def _children(session: Session, table: type[Any], contractor_id: str, *order: Any) -> list[Any]:
    statement = select(table).where(table.contractor_id == contractor_id)
    if order:
        statement = statement.order_by(*order)
    return list(session.exec(statement).all())


def _read_contractor(session: Session, row: ContractorRow) -> Contractor:
    """Every row of one contractor, turned back into its value."""
    cid = row.id
    player = session.get(PlayerRow, row.player_id) if row.player_id is not None else None
    gifts = _children(session, GiftRow, cid, GiftRow.position)
    sheet_items = _children(session, SheetItemRow, cid)
    return Contractor(
        id=cid,
        concept=mapping.concept_from_row(row, player.name if player else ""),
        limits=mapping.limits_from_rows(_children(session, LimitRow, cid, LimitRow.position)),
        creation=mapping.creation_from_rows(
            row,
            _children(session, CreationRatingRow, cid, CreationRatingRow.id),
            _children(session, AssetPickRow, cid),
        ),
        ledger=tuple(
            mapping.entry_from_row(r) for r in _children(session, LedgerRow, cid, LedgerRow.seq)
        ),
        gifts=_read_gifts(session, gifts),
        source=mapping.source_from_rows(
            row, _children(session, SourceConditionRow, cid, SourceConditionRow.position)
        ),
        stock=dataclasses.replace(
            mapping.stock_from_rows(sheet_items, _children(session, CraftedItemRow, cid)),
            carried_lb=row.carried_lb,
            unencumbered=row.unencumbered,
            item_log=mapping.item_log_from_text(row.item_log),
        ),
        health=mapping.health_from_rows(
            row,
            _children(session, InjuryRow, cid, InjuryRow.position),
            _children(session, BattleScarRow, cid, BattleScarRow.position),
            _children(session, TraumaRow, cid, TraumaRow.position),
        ),
        loose_ends=loose_end_threats.overlay(
            session,
            cid,
            mapping.loose_ends_from_rows(
                _children(session, LooseEndRow, cid, LooseEndRow.position)
            ),
        ),
        notes=row.notes,
        playgroup=PlaygroupRules(golden_ratio=row.golden_ratio),
        weapons=mapping.records_from_rows(sheet_items, mapping.WEAPON_SECTION, Weapon, "weapon"),
        bio=mapping.bio_from_rows(sheet_items),
        suggestions=mapping.records_from_rows(
            sheet_items, mapping.SUGGESTION_SECTION, Suggestion, "suggestions"
        ),
    )


def _read_gifts(session: Session, gifts: list[GiftRow]) -> tuple[Gift, ...]:
    if not gifts:
        return ()
    ids = [g.id for g in gifts]
    modifiers: dict[int, list[GiftModifierRow]] = {i: [] for i in ids if i is not None}
    for m in session.exec(
        select(GiftModifierRow).where(col(GiftModifierRow.gift_row_id).in_(ids))
    ).all():
        modifiers[m.gift_row_id].append(m)
    parameters: dict[int, list[GiftParameterRow]] = {i: [] for i in ids if i is not None}
    for p in session.exec(
        select(GiftParameterRow)
        .where(col(GiftParameterRow.gift_row_id).in_(ids))
        .order_by(col(GiftParameterRow.parameter_id))
    ).all():
        parameters[p.gift_row_id].append(p)
    return tuple(
        mapping.gift_from_rows(g, modifiers[g.id or 0], parameters[g.id or 0]) for g in gifts
    )


# --------------------------------------------------------------------------- writes


def _check_storable(contractor: Contractor) -> None:
    """Refuse anything that could not be exported and imported again."""
    try:
        validate_contractor(contractor)
    except CharacterFileError as exc:
        raise UnstorableCharacter(f"cannot save {contractor.concept.name!r}: {exc}") from None


def _player_ids(session: Session, names: Iterable[str]) -> dict[str, int]:
    """The player row id of each (non-empty) name, rows added for new names: one query, and
    for new names one INSERT of them all and one query of their ids (an import of 1,000
    files by 40 new players spent a tenth of a second making them one by one)."""
    wanted = sorted(name for name in names if name)
    if not wanted:
        return {}
    found = _player_rows(session, wanted)
    missing = [name for name in wanted if name not in found]
    if missing:
        # SQLModel sets __table__ on a table class when it is made; its type does not say so.
        table = PlayerRow.__table__  # type: ignore[attr-defined]
        session.execute(sa.insert(table), [{"name": name} for name in missing])
        found.update(_player_rows(session, missing))
    return found


def _player_rows(session: Session, names: Sequence[str]) -> dict[str, int]:
    """The row id of each of these player names that has a row."""
    query = sa.select(col(PlayerRow.name), col(PlayerRow.id)).where(col(PlayerRow.name).in_(names))
    return {name: player_id for name, player_id in session.execute(query).all()}


def _player_id(session: Session, name: str) -> int | None:
    if not name:
        return None
    row = session.exec(select(PlayerRow).where(PlayerRow.name == name)).first()
    if row is None:
        row = PlayerRow(name=name)
        session.add(row)
        session.flush()
    return row.id


def _insert_contractor(
    session: Session,
    contractor: Contractor,
    now: datetime,
    *,
    approvals: Sequence[Mapping[str, Any]] = (),
    created_at: datetime | None = None,
) -> None:
    cid = contractor.id
    row = mapping.new_contractor_row(
        contractor,
        _player_id(session, contractor.concept.player),
        now,
        approvals=canonical_json([dict(a) for a in approvals]),
        created_at=created_at,
    )
    session.add(row)
    session.flush()  # the parent row must exist before children reference it
    session.add_all(_collection_rows(contractor))
    session.add_all(mapping.ledger_row(cid, i, e, now) for i, e in enumerate(contractor.ledger))
    _insert_gifts(session, cid, list(enumerate(contractor.gifts)))
    session.flush()


def _collection_values(
    contractor: Contractor, parts: Iterable[str] | None = None
) -> list[mapping.Values]:
    """Rows of the small collections, all of them or only the named ``parts``, as values."""
    cid = contractor.id
    builders: dict[str, Callable[[], Sequence[mapping.Values]]] = {
        "limits": lambda: mapping.limit_values(cid, contractor.limits),
        "creation": lambda: [
            *mapping.rating_values(cid, contractor.creation),
            *mapping.asset_pick_values(cid, contractor.creation),
        ],
        "source": lambda: mapping.source_values(cid, contractor.source),
        # Weapons, bio lines and the leader's suggestions share the stock's sheet_item table
        # (their own sections), so they are saved together with it.
        "stock": lambda: [
            *mapping.stock_values(cid, contractor.stock),
            *mapping.record_values(
                cid, mapping.WEAPON_SECTION, contractor.weapons, lambda w: w.name
            ),
            *mapping.bio_values(cid, contractor.bio),
            *mapping.record_values(
                cid, mapping.SUGGESTION_SECTION, contractor.suggestions, lambda g: g.by
            ),
        ],
        "health": lambda: mapping.health_values(cid, contractor.health),
        "loose_ends": lambda: [
            *mapping.loose_end_values(cid, loose_end_threats.shown(contractor)),
            *loose_end_threats.threat_values(contractor),
        ],
    }
    rows: list[mapping.Values] = []
    for part in parts if parts is not None else builders:
        rows.extend(builders[part]())
    return rows


def _collection_rows(contractor: Contractor, parts: Iterable[str] | None = None) -> list[Any]:
    """Unsaved row objects of the small collections (see ``_collection_values``)."""
    return mapping.as_rows(_collection_values(contractor, parts))


_PART_TABLES: dict[str, tuple[type[LibraryTable], ...]] = {
    "limits": (LimitRow,),
    "creation": (CreationRatingRow, AssetPickRow),
    "source": (SourceConditionRow,),
    "stock": (SheetItemRow, CraftedItemRow),
    "health": (InjuryRow, BattleScarRow, TraumaRow),
    "loose_ends": (LooseEndRow,),
}
"""The child tables holding each replaceable part of the sheet."""


def _changed_parts(old: Contractor, new: Contractor) -> list[str]:
    """Which small collections differ (compared as values, so order matters)."""
    parts = []
    if old.limits != new.limits:
        parts.append("limits")
    if (
        old.creation.attributes != new.creation.attributes
        or old.creation.abilities != new.creation.abilities
        or old.creation.secondary != new.creation.secondary
        or old.creation.assets != new.creation.assets
        or old.creation.liabilities != new.creation.liabilities
    ):
        parts.append("creation")
    if old.source.replenishment != new.source.replenishment:
        parts.append("source")
    if (
        old.stock != new.stock
        or old.weapons != new.weapons
        or old.bio != new.bio
        or old.suggestions != new.suggestions
    ):
        parts.append("stock")
    if (
        old.health.injuries != new.health.injuries
        or old.health.battle_scars != new.health.battle_scars
        or old.health.traumas != new.health.traumas
    ):
        parts.append("health")
    if old.loose_ends != new.loose_ends:
        parts.append("loose_ends")
    return parts


def _own_fields_changed(old: Contractor, new: Contractor) -> bool:
    return (
        old.concept != new.concept
        or old.notes != new.notes
        or old.creation.charon_coin != new.creation.charon_coin
        or old.source.name != new.source.name
        or old.health.mind_damage != new.health.mind_damage
        or old.stock.carried_lb != new.stock.carried_lb
        or old.stock.unencumbered != new.stock.unencumbered
        or old.stock.item_log != new.stock.item_log
        or old.playgroup != new.playgroup
    )


def _update_contractor(
    session: Session,
    row: ContractorRow,
    new: Contractor,
    now: datetime,
    known: Contractor | None = None,
) -> SaveSummary:
    """Write ``new`` over the stored contractor of ``row``; ``known`` is the stored one as
    read before a restore took its newest ledger rows back (else it is read here)."""
    old = _read_contractor(session, row)
    new = loose_end_threats.without_known(session, new, known or old)
    keeps_threats = loose_end_threats.refuse_hidden(session, [new])
    cid = new.id
    stored = len(old.ledger)
    for seq, entry in enumerate(old.ledger):
        if seq >= len(new.ledger) or new.ledger[seq] != entry:
            what = "is missing" if seq >= len(new.ledger) else "differs"
            raise LedgerRewriteError(
                f"cannot save {new.concept.name!r}: ledger entry {seq + 1} {what} from the "
                "stored one. Either the character was changed elsewhere since this copy was "
                "loaded (reload it), or a stored entry was edited (the ledger is append-only: "
                "a correction is a new entry)"
            )
    appended = new.ledger[stored:]
    parts: list[str] = []
    if _own_fields_changed(old, new):
        parts.append("concept")
        mapping.apply_contractor_fields(row, new)
        row.player_id = _player_id(session, new.concept.player)
    changed = _changed_parts(old, new)
    if keeps_threats and "loose_ends" in changed:
        loose_end_threats.forget(session, cid)
    for part in changed:
        for table in _PART_TABLES[part]:
            # Every _PART_TABLES table has contractor_id; no common base class declares it.
            session.exec(delete(table).where(table.contractor_id == cid))  # type: ignore[attr-defined]
    session.flush()
    session.add_all(_collection_rows(new, changed))
    parts.extend(changed)
    if old.gifts != new.gifts:
        _replace_changed_gifts(session, cid, old.gifts, new.gifts)
        parts.append("gifts")
    session.add_all(mapping.ledger_row(cid, stored + i, e, now) for i, e in enumerate(appended))
    # A Cutoff that hit 0 (or came back with a Contract taken back) moves its Threat.
    if keeps_threats and loose_end_threats.sync(session, new) and "loose_ends" not in parts:
        parts.append("loose_ends")
    if parts or appended:
        row.updated_at = now
    # The roster's summary of the ledger as it now stands (appended to or taken back).
    mapping.apply_roster_counts(row, new.ledger)
    session.add(row)
    session.flush()
    return SaveSummary(cid, created=False, ledger_appended=len(appended), parts=tuple(parts))


def _insert_gifts(session: Session, cid: str, gifts: Sequence[tuple[int, Gift]]) -> None:
    rows: list[tuple[GiftRow, GiftDraft]] = [
        (mapping.gift_row(cid, position, gift), gift.draft) for position, gift in gifts
    ]
    session.add_all(row for row, _draft in rows)
    session.flush()  # gift ids are needed by their modifier and parameter rows
    for row, draft in rows:
        assert row.id is not None
        session.add_all(mapping.gift_child_rows(row.id, draft))


def _replace_changed_gifts(
    session: Session, cid: str, old: Sequence[Gift], new: Sequence[Gift]
) -> None:
    """Rewrite only the Gifts that changed, moved or went; leave the others' rows alone."""
    old_at = {gift.id: (position, gift) for position, gift in enumerate(old)}
    new_keys = {gift.id for gift in new}
    stale = [key for key in old_at if key not in new_keys]
    fresh: list[tuple[int, Gift]] = []
    for position, gift in enumerate(new):
        if old_at.get(gift.id) != (position, gift):
            fresh.append((position, gift))
            if gift.id in old_at:
                stale.append(gift.id)
    if stale:
        doomed = select(GiftRow.id).where(
            GiftRow.contractor_id == cid, col(GiftRow.gift_key).in_(stale)
        )
        _delete_gift_rows(session, doomed)
        session.flush()
    _insert_gifts(session, cid, fresh)


def _delete_gift_rows(session: Session, gift_ids: Any) -> None:
    """Delete Gift rows (a subquery of their ids) with their modifiers and parameters."""
    ids = list(session.exec(gift_ids).all())
    if not ids:
        return
    session.exec(delete(GiftModifierRow).where(col(GiftModifierRow.gift_row_id).in_(ids)))
    session.exec(delete(GiftParameterRow).where(col(GiftParameterRow.gift_row_id).in_(ids)))
    session.exec(delete(GiftRow).where(col(GiftRow.id).in_(ids)))


def _delete_contractor(session: Session, contractor_id: str) -> None:
    """Delete a contractor's rows; children go first so no database needs cascades to be on."""
    _delete_gift_rows(session, select(GiftRow.id).where(GiftRow.contractor_id == contractor_id))
    if loose_end_threats.may_read(session):  # else the server's cascade takes them along
        loose_end_threats.forget(session, contractor_id)
    for table in (
        LedgerRow,
        LimitRow,
        CreationRatingRow,
        AssetPickRow,
        SourceConditionRow,
        SheetItemRow,
        CraftedItemRow,
        InjuryRow,
        BattleScarRow,
        TraumaRow,
        LooseEndRow,
    ):
        session.exec(delete(table).where(col(table.contractor_id) == contractor_id))
    session.exec(delete(ContractorRow).where(col(ContractorRow.id) == contractor_id))
    session.flush()
