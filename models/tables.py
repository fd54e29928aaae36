"""The library's tables (sqlmodel on SQLAlchemy): contractors in rows, other games as documents.

What is stored is what the player chose and what happened; no total is ever
stored (available Exp, Gift Credits, Status, derived stats are folded by
``builder`` from these rows once they are loaded back into values). The one
exception is the roster's summary of the ledger on the contractor row
(``roster_victories``, ``roster_floor``, ``roster_dead``, revision 0015): a
copy every write of the store works out with builder's rule from the ledger
it writes, in the same transaction (``models.mapping.roster_count_fields``),
so the roster of 10,000 contractors is a plain read of one table.

- ``contractor`` holds the concept, the Creation flags, the Source name, Mind
  damage and the approval state; the small collections of the sheet
  (Limits, Creation ratings, Assets and Liabilities, Source replenishment,
  equipment/Trophies/Conditions/Circumstances, crafted items, Injuries,
  Battle Scars, Traumas, Loose Ends) each have a child table with a
  ``position`` column that keeps the player's order.
- ``ledger_entry`` is the append-only history: one row per entry, ordered by
  ``seq`` within a contractor, its ``type`` and the columns queries need
  typed, and everything else in a JSON ``payload`` written by
  ``builder.contract.serialize``. Rows are inserted, never updated (a mapper hook
  refuses it); a correction is a new row.
- ``gift`` holds each Gift's current draft, stored cost, System Text and
  catalog tag, with its modifiers and parameter levels in ``gift_modifier``
  and ``gift_parameter``; a Gift's revisions are the ``gift_change`` ledger
  rows with the same ``gift_id``.
- ``character_document`` and ``character_log`` keep the characters of every
  other game system, generically (``models.document_store``): the document
  the system writes, and one row per entry of its append-only history.

Only portable column types are used (no SQLite- or PostgreSQL-only types);
constraint names come from one naming convention so migrations can address
them on every database.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, ClassVar

from sqlalchemy import (
    Boolean,
    Column,
    DateTime,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    event,
    false,
)
from sqlmodel import Field, SQLModel

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_N_label)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

ID_LENGTH = 64
"""Longest contractor or Gift id (the character file schema allows the same)."""


class LibraryTable(SQLModel):
    """Base of every library table; its own metadata keeps them apart from other SQLModel use."""

    metadata: ClassVar[MetaData] = MetaData(naming_convention=NAMING_CONVENTION)


def _contractor_fk(*, index: bool = True) -> Any:
    """The owning contractor's id; ``index=False`` where a composite index starting with
    it already serves every lookup by contractor (``ledger_entry``, revision 0017)."""
    return Field(
        sa_column=Column(
            String(ID_LENGTH),
            ForeignKey("contractor.id", ondelete="CASCADE"),
            nullable=False,
            index=index,
        )
    )


def _text(default: str = "") -> Any:
    return Field(default=default, sa_type=Text, nullable=False)


# --------------------------------------------------------------------------- people


def _owner() -> Any:
    """The database login that stored a character (0009): set by a playgroup's server
    (``models.playgroup``), empty in a personal library."""
    return Field(default=None, sa_column=Column(String(63), nullable=True))


class PlayerRow(LibraryTable, table=True):
    """A player of the playgroup.

    Coins of Charon are folded from the library (a coin per dead contractor,
    one spent per contractor created with one); the two ``elsewhere`` counts
    hold what the player earned or spent before or outside this library.
    """

    __tablename__ = "player"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(sa_column=Column(String(200), nullable=False, unique=True))
    coins_earned_elsewhere: int = Field(default=0, nullable=False)
    coins_spent_elsewhere: int = Field(default=0, nullable=False)


class ContractorRow(LibraryTable, table=True):
    """One contractor's own fields: concept, Creation flags, Source name, Mind damage, approval."""

    __tablename__ = "contractor"

    id: str = Field(sa_column=Column(String(ID_LENGTH), primary_key=True))
    player_id: int | None = Field(
        default=None,
        sa_column=Column(Integer, ForeignKey("player.id"), nullable=True, index=True),
    )
    name: str = Field(sa_column=Column(String(200), nullable=False, index=True))
    age: str = ""
    pronouns: str = ""
    archetype: str = _text()
    paradigm: str = _text()
    ambition: str = _text()
    appearance: str = _text()
    background: str = _text()
    home_playgroup: str = ""
    notes: str = _text()
    charon_coin: bool = Field(default=False, nullable=False)
    source_name: str = "Source"
    mind_damage: int = Field(default=0, nullable=False)
    carried_lb: int = Field(default=0, nullable=False)
    unencumbered: bool = Field(default=False, nullable=False)
    golden_ratio: bool = Field(default=False, nullable=False)
    item_log: str = _text()  # JSON list of ItemEvent (revision 0011); "" for none
    approval_state: str = Field(default="unreviewed", nullable=False)
    approvals: str = _text("[]")
    created_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    updated_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    owner: str | None = _owner()
    # The roster's summary of the ledger (revision 0015), written by every write of the
    # store from the ledger it writes (``models.mapping.roster_count_fields``, builder's
    # ``ledger_standing``): victories of the corrected history plus a port's, the victories
    # the port's Status needs, and whether the corrected history ends dead.
    roster_victories: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    roster_floor: int = Field(
        default=0, sa_column=Column(Integer, nullable=False, server_default="0")
    )
    roster_dead: bool = Field(
        default=False, sa_column=Column(Boolean, nullable=False, server_default=false())
    )


# --------------------------------------------------------------------------- creation


class LimitRow(LibraryTable, table=True):
    """One of the contractor's Limits."""

    __tablename__ = "contractor_limit"  # "limit" is an SQL keyword

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    name: str
    description: str = _text()
    custom: bool = Field(default=False, nullable=False)


class CreationRatingRow(LibraryTable, table=True):
    """A rating bought at Creation: an Attribute, Primary Ability or Secondary Ability."""

    __tablename__ = "creation_rating"
    __table_args__ = (UniqueConstraint("contractor_id", "kind", "trait"),)

    id: int | None = Field(default=None, primary_key=True)
    # the unique index leads with contractor_id; no index of its own (revision 0021)
    contractor_id: str = _contractor_fk(index=False)
    kind: str  # attribute | ability | secondary
    trait: str
    rating: int


class AssetPickRow(LibraryTable, table=True):
    """An Asset or Liability taken at Creation (bought later: a ``buy_asset`` ledger row)."""

    __tablename__ = "asset_pick"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    section: str  # the list it sits in on the sheet: assets | liabilities
    position: int
    kind: str  # the pick's own kind: asset | liability
    catalog_id: str
    name: str
    value: int
    detail: str = _text()
    restricted: bool = Field(default=False, nullable=False)
    system: str = _text()
    category: str = ""


class SourceConditionRow(LibraryTable, table=True):
    """A replenishment condition of the contractor's Source."""

    __tablename__ = "source_condition"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    text: str = _text()


# --------------------------------------------------------------------------- ledger


class LedgerRow(LibraryTable, table=True):
    """One ledger entry. Append-only: inserted once, never updated.

    ``exp``, ``gift_id`` and ``outcome`` repeat nothing: they are the entry's
    own fields of those names, kept as columns so the roster and Gift history
    can query them; the entry's other fields are in ``payload`` (JSON).
    ``death`` (added by revision 0002) marks rows that change whether the
    contractor lives: true for a death, false for a voided death, null
    otherwise; the latest non-null marker decides. ``corrects`` (added by
    revision 0009) is set on a ``correction`` row only: the ``seq`` of the
    entry it voids or replaces. Such a row's ``outcome`` and ``death`` are its
    replacement's, so the roster counts the corrected history; the
    replacement itself is in ``payload``.
    """

    __tablename__ = "ledger_entry"
    __table_args__ = (
        # reading, deleting and taking back a contractor's ledger, a Gift's history; no
        # index on contractor_id, (contractor_id, type) or (contractor_id, gift_id) besides
        # (revision 0017_ledger_index_trim: each ledger row inserted writes every index),
        # nor the old roster counts' three (revision 0019_roster_index_drop)
        UniqueConstraint("contractor_id", "seq"),
    )

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk(index=False)
    seq: int
    type: str
    date: str
    exp: int | None = None
    gift_id: str | None = Field(default=None, sa_column=Column(String(ID_LENGTH), nullable=True))
    outcome: str | None = None
    death: bool | None = Field(default=None, sa_column=Column(Boolean, nullable=True))
    corrects: int | None = None
    payload: str = _text("{}")
    recorded_at: datetime = Field(sa_column=Column(DateTime, nullable=False))


@event.listens_for(LedgerRow, "before_update")
def _refuse_ledger_update(_mapper: Any, _connection: Any, target: LedgerRow) -> None:
    """The ledger is append-only: correcting history means appending a new entry."""
    raise RuntimeError(
        f"ledger rows are never updated (contractor {target.contractor_id}, seq {target.seq})"
    )


# --------------------------------------------------------------------------- gifts


class GiftRow(LibraryTable, table=True):
    """A Gift the contractor holds: current draft, stored cost and System Text, catalog tag."""

    __tablename__ = "gift"
    __table_args__ = (UniqueConstraint("contractor_id", "gift_key"),)

    id: int | None = Field(default=None, primary_key=True)
    # the unique index leads with contractor_id; no index of its own (revision 0021)
    contractor_id: str = _contractor_fk(index=False)
    gift_key: str = Field(sa_column=Column(String(ID_LENGTH), nullable=False))
    position: int
    gift_type: str
    effect: str
    style: str
    name: str = ""
    tagline: str = _text()
    description: str = _text()
    extended_description: str = _text()
    cost: int
    system_text: str = _text()
    catalog: str = ""
    choices: str = _text()  # the draft's choices as a JSON object ("" when none)


class GiftModifierRow(LibraryTable, table=True):
    """A chosen Enhancement or Drawback of a Gift, with its detail text and count."""

    __tablename__ = "gift_modifier"

    id: int | None = Field(default=None, primary_key=True)
    gift_row_id: int = Field(
        sa_column=Column(
            Integer, ForeignKey("gift.id", ondelete="CASCADE"), nullable=False, index=True
        )
    )
    role: str  # enhancement | drawback
    position: int
    modifier_id: str
    detail: str = _text()
    count: int = Field(default=1, nullable=False)
    details: str = _text()  # each instance's detail as a JSON list ("" when none)


class GiftParameterRow(LibraryTable, table=True):
    """A Parameter level chosen in a Gift's draft (a Parameter not listed sits at its default)."""

    __tablename__ = "gift_parameter"
    __table_args__ = (UniqueConstraint("gift_row_id", "parameter_id"),)

    id: int | None = Field(default=None, primary_key=True)
    # the unique index leads with gift_row_id; no index of its own (revision 0021)
    gift_row_id: int = Field(
        sa_column=Column(Integer, ForeignKey("gift.id", ondelete="CASCADE"), nullable=False)
    )
    parameter_id: str
    level: str


# --------------------------------------------------------------------------- stock and health


class SheetItemRow(LibraryTable, table=True):
    """A free-form line of the Stock tab: equipment, a Trophy, a Condition or a Circumstance."""

    __tablename__ = "sheet_item"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    section: str  # equipment | trophy | condition | circumstance
    position: int
    name: str
    detail: str = _text()


class CraftedItemRow(LibraryTable, table=True):
    """A crafted Artifact or Consumable the contractor holds, or a Legendary Artifact."""

    __tablename__ = "crafted_item"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    kind: str  # artifact | consumable | legendary
    position: int
    name: str
    gift_id: str = Field(default="", sa_column=Column(String(ID_LENGTH), nullable=False))
    quantity: int = Field(default=1, nullable=False)
    detail: str = _text()
    state: str = Field(default="held", sa_column=Column(String(20), nullable=False))
    gift_ids: str = _text()  # a Legendary Artifact's Gifts, as a JSON list (revision 0011)


class InjuryRow(LibraryTable, table=True):
    """A current Injury; Severity equals the damage taken."""

    __tablename__ = "injury"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    description: str = _text()
    severity: int
    stabilized: bool = Field(default=False, nullable=False)


class BattleScarRow(LibraryTable, table=True):
    """A Battle Scar and its tier."""

    __tablename__ = "battle_scar"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    name: str
    tier: str
    system: str = _text()


class TraumaRow(LibraryTable, table=True):
    """A Trauma."""

    __tablename__ = "trauma"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    name: str
    system: str = _text()


class LooseEndRow(LibraryTable, table=True):
    """A Loose End; ``threat`` stays hidden from the player until the Cutoff reaches 0."""

    __tablename__ = "loose_end"

    id: int | None = Field(default=None, primary_key=True)
    contractor_id: str = _contractor_fk()
    position: int
    title: str
    threat_level: str
    cutoff: int
    granted_after: int
    threat: str = _text()
    resolved: bool = Field(default=False, nullable=False)
    key: str = Field(default="", max_length=ID_LENGTH, nullable=False)
    """The Loose End's stable key (``LooseEnd.key``, revision 0020)."""


class StoredRuleRow(LibraryTable, table=True):
    """Which edition of a builder rule wrote values the library stores (revision 0020).

    ``roster_counts``: the ``STANDING_RULE_VERSION`` that wrote every contractor
    row's roster counts; no row means an older rule (revision 0015's SQL) may
    have written some (``models.roster_refresh``).
    """

    __tablename__ = "stored_rule"

    name: str = Field(primary_key=True, max_length=ID_LENGTH)
    version: int = Field(nullable=False)


class LooseEndThreatRow(LibraryTable, table=True):
    """The Threat of a Loose End whose Cutoff has not hit 0 yet (revision 0016).

    "The Player can only see the general threat-level (Dangerous, Deadly, or
    Fateful) until the Cutoff hits zero" ("Loose Ends"). Such a Threat is kept
    here, apart from its ``loose_end`` row (whose ``threat`` is then empty), so
    that a playgroup's shared library can refuse it to the players' group on
    the server; it moves to ``loose_end.threat`` when the Cutoff hits 0
    (``models.loose_end_threats``). ``loose_end_key`` is the Loose End's key
    (``LooseEnd.key``, revision 0020; its position before), so deleting or
    reordering Loose Ends never hands a Threat to another one.

    ``cutoff`` and ``granted_after`` repeat the Loose End's (revision 0018): the
    server's ``harbinger_due_threats`` tells a player whether the Threat is due
    from these, which only the leaders' group writes, not from the player's own
    ``loose_end`` row, whose Cutoff a player's SQL could set to 0.
    """

    __tablename__ = "loose_end_threat"

    contractor_id: str = Field(
        sa_column=Column(
            String(ID_LENGTH),
            ForeignKey("contractor.id", ondelete="CASCADE"),
            primary_key=True,
        )
    )
    loose_end_key: str = Field(primary_key=True, max_length=ID_LENGTH)
    threat: str = _text()
    cutoff: int = Field(default=0, nullable=False)
    granted_after: int = Field(default=0, nullable=False)


metadata = LibraryTable.metadata
"""Every library table; Alembic compares migrations with it."""

CHILD_TABLES: tuple[type[LibraryTable], ...] = (
    LimitRow,
    CreationRatingRow,
    AssetPickRow,
    SourceConditionRow,
    LedgerRow,
    GiftRow,
    SheetItemRow,
    CraftedItemRow,
    InjuryRow,
    BattleScarRow,
    TraumaRow,
    LooseEndRow,
)
"""Tables whose rows belong to one contractor (``contractor_id``)."""


# --------------------------------------------------------------------------- other game systems
# Every game system but The Contract (revision 0004): one row per character
# holding the document its system writes, and one row per entry of its
# append-only history. A new game needs no new table and no migration.

CHARACTER_ID_LENGTH = 200
"""Longest character id a generically stored system may use (the longest any file allows)."""


class CharacterDocumentRow(LibraryTable, table=True):
    """One character of a generically stored game system.

    ``document`` is the character file its system writes (``GameSystem.write``)
    as canonical JSON, without the approvals (kept in ``approvals``) and
    without the history list (``character[<history>]``, kept one entry a row
    in ``character_log``). ``name``, ``player`` and ``alive`` copy what the
    roster shows, so listing needs no system code; ``version`` is the file
    format version the document was written in.
    """

    __tablename__ = "character_document"

    id: str = Field(sa_column=Column(String(CHARACTER_ID_LENGTH), primary_key=True))
    system: str = Field(sa_column=Column(String(64), nullable=False, index=True))
    version: int = Field(default=1, nullable=False)
    name: str = Field(sa_column=Column(String(200), nullable=False, index=True))
    player: str = Field(default="", sa_column=Column(String(200), nullable=False, index=True))
    alive: bool = Field(default=True, sa_column=Column(Boolean, nullable=False))
    approval_state: str = Field(default="unreviewed", nullable=False)
    approvals: str = _text("[]")
    document: str = _text("{}")
    created_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    updated_at: datetime = Field(sa_column=Column(DateTime, nullable=False))
    owner: str | None = _owner()


class CharacterLogRow(LibraryTable, table=True):
    """One history entry of a generically stored character. Append-only: never updated.

    ``entry`` is the entry exactly as its system writes it in the file, as
    canonical JSON. Only the newest rows may be removed, and only by
    ``Library.retract_log_tail`` or ``Library.restore`` (the app's Undo).
    """

    __tablename__ = "character_log"
    __table_args__ = (UniqueConstraint("character_id", "seq"),)

    id: int | None = Field(default=None, primary_key=True)
    # the unique index leads with character_id; no index of its own (revision 0021)
    character_id: str = Field(
        sa_column=Column(
            String(CHARACTER_ID_LENGTH),
            ForeignKey("character_document.id", ondelete="CASCADE"),
            nullable=False,
        )
    )
    seq: int
    entry: str = _text("{}")
    recorded_at: datetime = Field(sa_column=Column(DateTime, nullable=False))


@event.listens_for(CharacterLogRow, "before_update")
def _refuse_character_log_update(_mapper: Any, _connection: Any, target: CharacterLogRow) -> None:
    """The history is append-only: a change is a new entry, an undo removes the newest."""
    raise RuntimeError(
        f"character log rows are never updated (character {target.character_id}, seq {target.seq})"
    )


class CharacterVersionRow(LibraryTable, table=True):
    """The version of one character of any system (``models.concurrency``).

    Goes up by one with every save that changes the character; a save that
    started from an older number is stale and refused (or merged, when both
    sides only appended history). Kept after a delete, as a tombstone.
    """

    __tablename__ = "character_version"

    character_id: str = Field(sa_column=Column(String(CHARACTER_ID_LENGTH), primary_key=True))
    version: int = Field(sa_column=Column(Integer, nullable=False))


class PlaygroupMemberRow(LibraryTable, table=True):
    """One login of a playgroup's shared library and the name it is shown by (0009)."""

    __tablename__ = "playgroup_member"

    login: str = Field(sa_column=Column(String(63), primary_key=True))
    name: str = Field(sa_column=Column(String(200), nullable=False))
    role: str = Field(sa_column=Column(String(16), nullable=False))


class GmNoteRow(LibraryTable, table=True):
    """The GM-only note on one character of any system (0014; ``models.gm_notes``).

    Kept apart from the character's own rows so that in a playgroup's shared
    library the server can refuse it to everyone but the leaders (no grant to
    the players' group, and a row policy). No foreign key: a note may outlive
    its character's row for a while (a player may delete their character, not
    the leader's note about it); ``written_on`` is a YYYY-MM-DD day.
    """

    __tablename__ = "gm_note"

    character_id: str = Field(sa_column=Column(String(CHARACTER_ID_LENGTH), primary_key=True))
    text: str = _text()
    written_by: str = Field(default="", sa_column=Column(String(200), nullable=False))
    written_on: str = Field(default="", sa_column=Column(String(10), nullable=False))
