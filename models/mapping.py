"""Contractor values ↔ library rows, with no session and no SQL.

``*_values`` functions turn one part of a ``Contractor`` into the column
values of its rows, as ``(table, values)`` pairs: an import inserts them
with one executemany per table, without building a row object (issue 13:
building ORM rows was half the cost of importing a library). ``rows_for_*``
make the same rows as unsaved row objects for a save's session, from the
same values; ``*_from_rows`` functions turn loaded rows back into the exact
values. The library composes them; keeping them pure makes the mapping easy
to test and keeps every field's home in one place.

Ledger entries are stored as ``builder.contract.serialize`` dicts: the ``type``,
``date``, ``exp``, ``gift_id`` and ``outcome`` fields become typed columns,
the rest stays in the JSON payload, so a row and its entry convert both ways
without loss.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime
from typing import Any, TypeVar

from builder.contract.bio import Bio
from builder.contract.character import (
    AssetKind,
    AssetPick,
    BattleScar,
    Concept,
    ContractAttended,
    Contractor,
    Correction,
    CraftedItem,
    Creation,
    Death,
    Entry,
    Gift,
    Health,
    Injury,
    Item,
    ItemEvent,
    ItemState,
    LegendaryArtifact,
    Limit,
    LooseEnd,
    Outcome,
    ScarTier,
    SourcePool,
    Stock,
    ThreatLevel,
    Trauma,
)
from builder.contract.gifts.draft import GiftDraft, ModifierChoice
from builder.contract.ledger.standing import ledger_standing
from builder.contract.serialize import (
    canonical_json,
    entry_from_dict,
    from_data,
    to_data,
)
from builder.contract.stored_entry import split_entry
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
    SheetItemRow,
    SourceConditionRow,
    TraumaRow,
)

Values = tuple[type[LibraryTable], dict[str, Any]]
"""One row to insert: its table's model and its column values (every column but ``id``)."""


def as_rows(values: Iterable[Values]) -> list[Any]:
    """Unsaved row objects for a session, from ``*_values`` pairs."""
    return [model(**columns) for model, columns in values]


LEDGER_COLUMNS = ("date", "exp", "gift_id", "outcome")
"""Entry fields kept as typed ledger columns rather than in the JSON payload."""

RATING_KINDS = ("attribute", "ability", "secondary")
"""``creation_rating.kind`` for the three Creation mappings, in the same order."""

STOCK_SECTIONS = {
    "equipment": "equipment",
    "trophies": "trophy",
    "conditions": "condition",
    "circumstances": "circumstance",
}
"""``Stock`` field → ``sheet_item.section``."""

CRAFTED_KINDS = {"artifacts": "artifact", "consumables": "consumable"}
"""``Stock`` field → ``crafted_item.kind``."""

LEGENDARY_KIND = "legendary"
"""``crafted_item.kind`` of a Legendary Artifact (``Stock.legendary``, revision 0011)."""


# --------------------------------------------------------------------------- contractor row


def contractor_fields(contractor: Contractor) -> dict[str, Any]:
    """The contractor's own (non-collection) fields, as ``contractor`` columns."""
    concept = contractor.concept
    return {
        "name": concept.name,
        "age": concept.age,
        "pronouns": concept.pronouns,
        "archetype": concept.archetype,
        "paradigm": concept.paradigm,
        "ambition": concept.ambition,
        "appearance": concept.appearance,
        "background": concept.background,
        "home_playgroup": concept.home_playgroup,
        "notes": contractor.notes,
        "charon_coin": contractor.creation.charon_coin,
        "source_name": contractor.source.name,
        "mind_damage": contractor.health.mind_damage,
        "carried_lb": contractor.stock.carried_lb,
        "unencumbered": contractor.stock.unencumbered,
        "golden_ratio": contractor.playgroup.golden_ratio,
        "item_log": item_log_text(contractor.stock.item_log),
    }


def roster_count_fields(ledger: Sequence[Entry]) -> dict[str, Any]:
    """The roster's summary of a ledger as the contractor row's columns (revision 0015):
    victories, the victories its port's Status needs, and whether it ends dead. Worked
    out by builder's rule (``builder.contract.ledger.standing``), the one the sheet's fold
    books, so the roster and the sheet cannot disagree; every write stores it."""
    standing = ledger_standing(ledger)
    return {
        "roster_victories": standing.victories,
        "roster_floor": standing.floor_victories,
        "roster_dead": not standing.alive,
    }


def apply_roster_counts(row: ContractorRow, ledger: Sequence[Entry]) -> None:
    """Set the roster's summary of ``ledger`` on a stored row (an unchanged value is not
    written again)."""
    for name, value in roster_count_fields(ledger).items():
        setattr(row, name, value)


def apply_contractor_fields(row: ContractorRow, contractor: Contractor) -> None:
    """Copy the contractor's own (non-collection) fields onto its row."""
    for name, value in contractor_fields(contractor).items():
        setattr(row, name, value)


def contractor_values(
    contractor: Contractor,
    player_id: int | None,
    now: datetime,
    *,
    approvals: str = "[]",
    created_at: datetime | None = None,
) -> dict[str, Any]:
    """Every column of a new contractor's row: a contractor the library has not seen,
    with the roster's summary of its ledger (``roster_count_fields``).

    ``approvals`` is the canonical JSON of its approval records; a new row is
    unreviewed, created ``created_at`` (default ``now``) and updated ``now``.
    """
    return {
        "id": contractor.id,
        "player_id": player_id,
        **contractor_fields(contractor),
        **roster_count_fields(contractor.ledger),
        "approval_state": "unreviewed",
        "approvals": approvals,
        "created_at": created_at if created_at is not None else now,
        "updated_at": now,
    }


def new_contractor_row(
    contractor: Contractor,
    player_id: int | None,
    now: datetime,
    *,
    approvals: str = "[]",
    created_at: datetime | None = None,
) -> ContractorRow:
    """A fresh row for a contractor the library has not seen."""
    return ContractorRow(
        **contractor_values(contractor, player_id, now, approvals=approvals, created_at=created_at)
    )


def concept_from_row(row: ContractorRow, player: str) -> Concept:
    """The Concept stored on a contractor row (the player's name comes from ``player``)."""
    return Concept(
        name=row.name,
        player=player,
        age=row.age,
        pronouns=row.pronouns,
        archetype=row.archetype,
        paradigm=row.paradigm,
        ambition=row.ambition,
        appearance=row.appearance,
        background=row.background,
        home_playgroup=row.home_playgroup,
    )


# --------------------------------------------------------------------------- creation


def limit_values(contractor_id: str, limits: Sequence[Limit]) -> list[Values]:
    return [
        (
            LimitRow,
            {
                "contractor_id": contractor_id,
                "position": i,
                "name": limit.name,
                "description": limit.description,
                "custom": limit.custom,
            },
        )
        for i, limit in enumerate(limits)
    ]


def limits_from_rows(rows: Iterable[LimitRow]) -> tuple[Limit, ...]:
    return tuple(Limit(name=r.name, description=r.description, custom=r.custom) for r in rows)


def rating_values(contractor_id: str, creation: Creation) -> list[Values]:
    rows: list[Values] = []
    for kind, mapping in zip(
        RATING_KINDS, (creation.attributes, creation.abilities, creation.secondary), strict=True
    ):
        rows.extend(
            (
                CreationRatingRow,
                {"contractor_id": contractor_id, "kind": kind, "trait": trait, "rating": rating},
            )
            for trait, rating in mapping.items()
        )
    return rows


def asset_pick_values(contractor_id: str, creation: Creation) -> list[Values]:
    rows: list[Values] = []
    for section, picks in (("assets", creation.assets), ("liabilities", creation.liabilities)):
        rows.extend(
            (
                AssetPickRow,
                {
                    "contractor_id": contractor_id,
                    "section": section,
                    "position": i,
                    "kind": str(pick.kind),
                    "catalog_id": pick.id,
                    "name": pick.name,
                    "value": pick.value,
                    "detail": pick.detail,
                    "restricted": pick.restricted,
                    "system": pick.system,
                    "category": pick.category,
                },
            )
            for i, pick in enumerate(picks)
        )
    return rows


def creation_from_rows(
    row: ContractorRow,
    ratings: Iterable[CreationRatingRow],
    picks: Iterable[AssetPickRow],
) -> Creation:
    """Creation from the contractor row's flag and its ratings and Asset/Liability rows.

    ``asset_pick.section`` says which list a pick sits in; its own ``kind``
    is kept apart, so even a sheet where the two disagree comes back as it was.
    """
    by_kind: dict[str, dict[str, int]] = {kind: {} for kind in RATING_KINDS}
    for rating in ratings:
        by_kind.setdefault(rating.kind, {})[rating.trait] = rating.rating
    assets: list[AssetPick] = []
    liabilities: list[AssetPick] = []
    for pick in sorted(picks, key=lambda p: (p.section, p.position)):
        value = AssetPick(
            id=pick.catalog_id,
            name=pick.name,
            kind=AssetKind(pick.kind),
            value=pick.value,
            detail=pick.detail,
            restricted=pick.restricted,
            system=pick.system,
            category=pick.category,
        )
        (assets if pick.section == "assets" else liabilities).append(value)
    return Creation(
        attributes=by_kind["attribute"],
        abilities=by_kind["ability"],
        secondary=by_kind["secondary"],
        assets=tuple(assets),
        liabilities=tuple(liabilities),
        charon_coin=row.charon_coin,
    )


def source_values(contractor_id: str, source: SourcePool) -> list[Values]:
    return [
        (SourceConditionRow, {"contractor_id": contractor_id, "position": i, "text": text})
        for i, text in enumerate(source.replenishment)
    ]


def source_from_rows(row: ContractorRow, rows: Iterable[SourceConditionRow]) -> SourcePool:
    return SourcePool(name=row.source_name, replenishment=tuple(r.text for r in rows))


# --------------------------------------------------------------------------- ledger


def death_marker(entry: Entry) -> bool | None:
    """How a ledger entry bears on being alive: True a death, False a voided death, None neither.

    A Contract with the outcome "death" and a ``Death`` entry kill the
    contractor; a voided ``Death`` entry undoes a recorded death. The latest
    marker decides ("Death moves the contractor to the graveyard").
    """
    if isinstance(entry, ContractAttended):
        return True if entry.outcome is Outcome.DEATH else None
    if isinstance(entry, Death):
        return not entry.voided
    return None


def ledger_row(contractor_id: str, seq: int, entry: Entry, now: datetime) -> LedgerRow:
    """The row that records ledger entry number ``seq`` (0-based)."""
    return LedgerRow(**ledger_values(contractor_id, seq, entry, now))


def ledger_values(contractor_id: str, seq: int, entry: Entry, now: datetime) -> dict[str, Any]:
    """The column values of ``ledger_row``, for a bulk insert that needs no row objects."""
    return dict(zip(LEDGER_ROW_COLUMNS, ledger_tuple(contractor_id, seq, entry, now), strict=True))


LEDGER_ROW_COLUMNS = (
    "contractor_id",
    "seq",
    "type",
    "date",
    "exp",
    "gift_id",
    "outcome",
    "death",
    "corrects",
    "payload",
    "recorded_at",
)
"""The ``ledger_entry`` columns ``ledger_tuple`` gives, in its order (every one but ``id``)."""


def ledger_tuple(contractor_id: str, seq: int, entry: Entry, now: datetime) -> tuple[Any, ...]:
    """The column values of ``ledger_row`` in ``LEDGER_ROW_COLUMNS`` order: an import's
    thousands of ledger rows go to the database without a dict each (issue 13).

    A correction keeps its replacement whole in ``payload``; its ``outcome``
    and ``death`` columns repeat the replacement's (none when it voids), and
    ``corrects`` names the entry it corrects, so the roster's queries count
    the corrected history.
    """
    tag, columns, payload = split_entry(entry, LEDGER_COLUMNS)
    corrects = None
    if isinstance(entry, Correction):
        corrects = entry.target if isinstance(entry.target, int) else None
        replacement = entry.replacement[0] if len(entry.replacement) == 1 else None
        outcome = getattr(replacement, "outcome", None)
        columns["outcome"] = str(outcome) if isinstance(replacement, ContractAttended) else None
        death = death_marker(replacement) if replacement is not None else None
    else:
        death = death_marker(entry)
    return (
        contractor_id,
        seq,
        tag,
        columns["date"],
        columns["exp"],
        columns["gift_id"],
        columns["outcome"],
        death,
        corrects,
        payload,
        now,
    )


def entry_from_row(row: LedgerRow) -> Entry:
    """The ledger entry a row records (SerializeError if the row was tampered with)."""
    data: dict[str, Any] = json.loads(row.payload)
    data["type"] = row.type
    data["date"] = row.date
    # A correction's outcome column is its replacement's, which the payload holds.
    columns = ("exp", "gift_id") if row.type == "correction" else ("exp", "gift_id", "outcome")
    for name in columns:
        value = getattr(row, name)
        if value is not None:
            data[name] = value
    return entry_from_dict(data, f"ledger[{row.seq}]")


# --------------------------------------------------------------------------- gifts


def gift_values(contractor_id: str, position: int, gift: Gift) -> dict[str, Any]:
    """The ``gift`` row of one held Gift (modifiers and parameters: ``gift_child_values``)."""
    draft = gift.draft
    return {
        "contractor_id": contractor_id,
        "gift_key": gift.id,
        "position": position,
        "gift_type": draft.gift_type,
        "effect": draft.effect,
        "style": draft.style,
        "name": draft.name,
        "tagline": draft.tagline,
        "extended_description": draft.extended_description,
        "description": draft.description,
        "cost": gift.cost,
        "system_text": gift.system_text,
        "catalog": gift.catalog,
        "choices": json.dumps(dict(draft.choices), sort_keys=True) if draft.choices else "",
    }


def gift_row(contractor_id: str, position: int, gift: Gift) -> GiftRow:
    """The row object of one held Gift."""
    return GiftRow(**gift_values(contractor_id, position, gift))


def gift_child_values(gift_row_id: int, draft: GiftDraft) -> list[Values]:
    """The modifier and parameter rows of a stored Gift row."""
    rows: list[Values] = []
    for role, choices in (("enhancement", draft.enhancements), ("drawback", draft.drawbacks)):
        rows.extend(
            (
                GiftModifierRow,
                {
                    "gift_row_id": gift_row_id,
                    "role": role,
                    "position": i,
                    "modifier_id": choice.id,
                    "detail": choice.detail,
                    "count": choice.count,
                    "details": json.dumps(list(choice.details)) if choice.details else "",
                },
            )
            for i, choice in enumerate(choices)
        )
    rows.extend(
        (GiftParameterRow, {"gift_row_id": gift_row_id, "parameter_id": parameter, "level": level})
        for parameter, level in draft.parameters.items()
    )
    return rows


def gift_child_rows(gift_row_id: int, draft: GiftDraft) -> list[GiftModifierRow | GiftParameterRow]:
    """The modifier and parameter row objects of a saved Gift row."""
    return as_rows(gift_child_values(gift_row_id, draft))


def gift_from_rows(
    row: GiftRow,
    modifiers: Iterable[GiftModifierRow],
    parameters: Iterable[GiftParameterRow],
) -> Gift:
    ordered = sorted(modifiers, key=lambda m: (m.role, m.position))
    enhancements = tuple(_choice(m) for m in ordered if m.role == "enhancement")
    drawbacks = tuple(_choice(m) for m in ordered if m.role == "drawback")
    draft = GiftDraft(
        gift_type=row.gift_type,
        effect=row.effect,
        style=row.style,
        enhancements=enhancements,
        drawbacks=drawbacks,
        parameters={p.parameter_id: p.level for p in parameters},
        name=row.name,
        tagline=row.tagline,
        description=row.description,
        extended_description=row.extended_description,
        choices=json.loads(row.choices) if row.choices else {},
    )
    return Gift(
        id=row.gift_key,
        draft=draft,
        cost=row.cost,
        system_text=row.system_text,
        catalog=row.catalog,
    )


def _choice(row: GiftModifierRow) -> ModifierChoice:
    details = tuple(json.loads(row.details)) if row.details else ()
    return ModifierChoice(id=row.modifier_id, detail=row.detail, count=row.count, details=details)


# --------------------------------------------------------------------------- stock


def stock_values(contractor_id: str, stock: Stock) -> list[Values]:
    rows: list[Values] = []
    for field_name, section in STOCK_SECTIONS.items():
        items: tuple[Item, ...] = getattr(stock, field_name)
        rows.extend(
            (
                SheetItemRow,
                {
                    "contractor_id": contractor_id,
                    "section": section,
                    "position": i,
                    "name": item.name,
                    "detail": item.detail,
                },
            )
            for i, item in enumerate(items)
        )
    for field_name, kind in CRAFTED_KINDS.items():
        crafted: tuple[CraftedItem, ...] = getattr(stock, field_name)
        rows.extend(
            (
                CraftedItemRow,
                {
                    "contractor_id": contractor_id,
                    "kind": kind,
                    "position": i,
                    "name": item.name,
                    "gift_id": item.gift_id,
                    "quantity": item.quantity,
                    "detail": item.detail,
                    "state": str(item.state),
                    "gift_ids": "",
                },
            )
            for i, item in enumerate(crafted)
        )
    rows.extend(
        (
            CraftedItemRow,
            {
                "contractor_id": contractor_id,
                "kind": LEGENDARY_KIND,
                "position": i,
                "name": artifact.name,
                "gift_id": "",
                "quantity": 1,
                "detail": artifact.description,
                "state": str(artifact.state),
                "gift_ids": json.dumps(list(artifact.gifts)) if artifact.gifts else "",
            },
        )
        for i, artifact in enumerate(stock.legendary)
    )
    return rows


def item_log_text(log: tuple[ItemEvent, ...]) -> str:
    """``contractor.item_log``: the item log as a JSON list ("" when empty)."""
    return json.dumps(to_data(log), ensure_ascii=False) if log else ""


def item_log_from_text(text: str) -> tuple[ItemEvent, ...]:
    """The item log back from ``contractor.item_log``."""
    if not text:
        return ()
    log: tuple[ItemEvent, ...] = from_data(tuple[ItemEvent, ...], json.loads(text), "item_log")
    return log


def _legendary(row: CraftedItemRow) -> LegendaryArtifact:
    gifts = tuple(json.loads(row.gift_ids)) if row.gift_ids else ()
    return LegendaryArtifact(
        name=row.name, description=row.detail, gifts=gifts, state=ItemState(row.state)
    )


def stock_from_rows(items: Iterable[SheetItemRow], crafted: Iterable[CraftedItemRow]) -> Stock:
    sections: dict[str, list[Item]] = {section: [] for section in STOCK_SECTIONS.values()}
    for row in sorted(items, key=lambda r: (r.section, r.position)):
        sections.setdefault(row.section, []).append(Item(name=row.name, detail=row.detail))
    kinds: dict[str, list[CraftedItem]] = {kind: [] for kind in CRAFTED_KINDS.values()}
    legendary: list[LegendaryArtifact] = []
    for c in sorted(crafted, key=lambda r: (r.kind, r.position)):
        if c.kind == LEGENDARY_KIND:
            legendary.append(_legendary(c))
            continue
        kinds.setdefault(c.kind, []).append(
            CraftedItem(
                name=c.name,
                gift_id=c.gift_id,
                quantity=c.quantity,
                detail=c.detail,
                state=ItemState(c.state or "held"),
            )
        )
    return Stock(
        equipment=tuple(sections["equipment"]),
        artifacts=tuple(kinds["artifact"]),
        consumables=tuple(kinds["consumable"]),
        trophies=tuple(sections["trophy"]),
        conditions=tuple(sections["condition"]),
        circumstances=tuple(sections["circumstance"]),
        legendary=tuple(legendary),
    )


WEAPON_SECTION = "weapon"
"""The ``sheet_item`` section holding a contractor's weapons (issue 31)."""
SUGGESTION_SECTION = "suggestion"
"""The ``sheet_item`` section holding the leader's suggested corrections and the player's
answers (issue 32 item 5)."""

_Record = TypeVar("_Record")


def record_values(
    contractor_id: str, section: str, records: Sequence[Any], name: Callable[[Any], str]
) -> list[Values]:
    """The sheet_item rows of a section kept as whole records (weapons, suggestions): one row
    per record in sheet order, ``name(record)`` in ``name`` and the record as canonical JSON
    in ``detail``, so such records need no table, column or migration of their own."""
    return [
        (
            SheetItemRow,
            {
                "contractor_id": contractor_id,
                "section": section,
                "position": i,
                "name": name(record),
                "detail": canonical_json(to_data(record)),
            },
        )
        for i, record in enumerate(records)
    ]


def records_from_rows(
    items: Iterable[SheetItemRow], section: str, kind: type[_Record], where: str
) -> tuple[_Record, ...]:
    """The records kept in a section's sheet_item rows (:func:`record_values`), in position
    order; an unreadable one is named as ``where[position]``."""
    rows = sorted((r for r in items if r.section == section), key=lambda r: r.position)
    return tuple(from_data(kind, json.loads(r.detail), f"{where}[{r.position}]") for r in rows)


BIO_SECTION = "bio"
"""The ``sheet_item`` section holding the filled bio lines (issue 31): one row per line,
the field's name in ``name`` and its text in ``detail``; no table or column of their own."""


def bio_values(contractor_id: str, bio: Bio) -> list[Values]:
    """The sheet_item rows of the filled bio lines."""
    filled = [(f.name, getattr(bio, f.name)) for f in dataclasses.fields(bio)]
    return [
        (
            SheetItemRow,
            {
                "contractor_id": contractor_id,
                "section": BIO_SECTION,
                "position": i,
                "name": key,
                "detail": text,
            },
        )
        for i, (key, text) in enumerate((k, t) for k, t in filled if t)
    ]


def bio_from_rows(items: Iterable[SheetItemRow]) -> Bio:
    """The bio kept in the sheet_item rows of the bio section (unknown names are ignored)."""
    known = {f.name for f in dataclasses.fields(Bio)}
    return Bio(**{r.name: r.detail for r in items if r.section == BIO_SECTION and r.name in known})


# --------------------------------------------------------------------------- health and loose ends


def health_values(contractor_id: str, health: Health) -> list[Values]:
    rows: list[Values] = []
    rows.extend(
        (
            InjuryRow,
            {
                "contractor_id": contractor_id,
                "position": i,
                "description": injury.description,
                "severity": injury.severity,
                "stabilized": injury.stabilized,
            },
        )
        for i, injury in enumerate(health.injuries)
    )
    rows.extend(
        (
            BattleScarRow,
            {
                "contractor_id": contractor_id,
                "position": i,
                "name": s.name,
                "tier": str(s.tier),
                "system": s.system,
            },
        )
        for i, s in enumerate(health.battle_scars)
    )
    rows.extend(
        (
            TraumaRow,
            {"contractor_id": contractor_id, "position": i, "name": t.name, "system": t.system},
        )
        for i, t in enumerate(health.traumas)
    )
    return rows


def health_from_rows(
    row: ContractorRow,
    injuries: Iterable[InjuryRow],
    scars: Iterable[BattleScarRow],
    traumas: Iterable[TraumaRow],
) -> Health:
    return Health(
        injuries=tuple(
            Injury(description=r.description, severity=r.severity, stabilized=r.stabilized)
            for r in injuries
        ),
        battle_scars=tuple(
            BattleScar(name=r.name, tier=ScarTier(r.tier), system=r.system) for r in scars
        ),
        traumas=tuple(Trauma(name=r.name, system=r.system) for r in traumas),
        mind_damage=row.mind_damage,
    )


def loose_end_values(contractor_id: str, loose_ends: Sequence[LooseEnd]) -> list[Values]:
    return [
        (
            LooseEndRow,
            {
                "contractor_id": contractor_id,
                "position": i,
                "title": end.title,
                "threat_level": str(end.threat_level),
                "cutoff": end.cutoff,
                "granted_after": end.granted_after,
                "threat": end.threat,
                "resolved": end.resolved,
                "key": end.key,
            },
        )
        for i, end in enumerate(loose_ends)
    ]


def loose_ends_from_rows(rows: Iterable[LooseEndRow]) -> tuple[LooseEnd, ...]:
    return tuple(
        LooseEnd(
            title=r.title,
            threat_level=ThreatLevel(r.threat_level),
            cutoff=r.cutoff,
            granted_after=r.granted_after,
            threat=r.threat,
            resolved=r.resolved,
            key=r.key,
        )
        for r in rows
    )
