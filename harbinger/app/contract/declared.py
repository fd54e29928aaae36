"""The Contract's operations declared once, for the CLI (``harbinger contractor ...``) and the GUI.

Each :class:`~harbinger.app.common.Operation` names its typed inputs (a frozen
dataclass whose fields carry their help) and the plan function of
``harbinger.app.contract.operations`` it calls. The desktop's dialogs collect
the same inputs and call the same plan functions through
``ui.operations.contract.Operations``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from builder.contract.character import (
    BonusKind,
    ContractAttended,
    Contractor,
    Health,
    ImprovementKind,
    Injury,
    Journal,
    JournalKind,
    Outcome,
    Stock,
    ThreatLevel,
    TraitKind,
)
from builder.contract.serialize import SerializeError, entry_from_dict
from builder.contract.sheet_catalog import load_sheet_catalog
from builder.core.findings import Finding
from harbinger.app.common import (
    InputError,
    Operation,
    Plan,
    about,
    dated,
    noted,
    on_or_today,
    operation_table,
)
from harbinger.app.contract import operations as ops
from harbinger.app.contract.bio_ops import EditBio, plan_bio
from harbinger.app.contract.gift_saving import plan_save
from harbinger.app.contract.items import ITEM_OPERATIONS
from harbinger.app.contract.suggestions import SUGGESTION_OPERATIONS


def _refused(name: str, contractor: Contractor, rule: str, message: str, where: str) -> Plan[Any]:
    return Plan(name, contractor, contractor, (Finding(rule, message, where),))


# --------------------------------------------------------------------------- earning


@dataclass(frozen=True, slots=True)
class RecordContract:
    scenario: str = field(metadata=about("the Contract's scenario"))
    outcome: Outcome = field(metadata=about("how it ended for this contractor"))
    date: str = dated("date played")
    away: bool = field(
        default=False,
        metadata=about("played outside the contractor's home Playgroup (+1 Exp, not +3)"),
    )
    commission: bool = field(
        default=False, metadata=about("selected by the GM for the additional Commission (+2 Exp)")
    )
    cycle: str = field(default="", metadata=about("the Cycle this Contract belongs to"))
    cycle_continues: bool = field(
        default=False, metadata=about("more Contracts of this Cycle follow")
    )
    gm: str = field(default="", metadata=about("who ran it"))
    notes: str = field(default="", metadata=about("notes"))


def _record_contract(contractor: Contractor, given: RecordContract) -> Plan[Contractor]:
    contract = ContractAttended(
        date=on_or_today(given.date),
        scenario=given.scenario,
        home=not given.away,
        outcome=given.outcome,
        commission=given.commission,
        cycle=given.cycle,
        cycle_final=not given.cycle_continues,
        gm=given.gm,
        notes=given.notes,
    )
    return ops.plan_record_contract(contractor, contract)


@dataclass(frozen=True, slots=True)
class AddJournal:
    title: str = field(metadata=about("the Journal's title"))
    kind: JournalKind = field(
        default=JournalKind.CONTRACT, metadata=about("about a Contract or a Downtime")
    )
    text: str = field(default="", metadata=about("the Journal's text (its words are counted)"))
    words: int = field(
        default=0, metadata=about("claimed word count, used only when no text is given")
    )
    date: str = dated("date written")


def _journal(contractor: Contractor, given: AddJournal) -> Plan[Contractor]:
    journal = Journal(on_or_today(given.date), given.title, given.kind, given.words, given.text)
    return ops.plan_journal(contractor, journal)


@dataclass(frozen=True, slots=True)
class AddBonus:
    kind: BonusKind = field(metadata=about("why the Bonus Exp is earned"))
    note: str = noted()
    date: str = dated()


@dataclass(frozen=True, slots=True)
class GrantImprovement:
    kind: ImprovementKind = field(metadata=about("why the Improvement is granted"))
    note: str = noted()
    date: str = dated()


# --------------------------------------------------------------------------- spending


@dataclass(frozen=True, slots=True)
class Spend:
    kind: TraitKind = field(metadata=about("what is raised"))
    trait: str = field(
        default="",
        metadata=about(
            "the Attribute or Primary Ability id (brawn, athletics...), a Secondary Ability's "
            "name, or source"
        ),
    )
    to: int | None = field(default=None, metadata=about("raise to this rating (default: one rank)"))
    date: str = dated()


def _spend(contractor: Contractor, given: Spend) -> Plan[Contractor]:
    trait = given.trait or ("source" if given.kind is TraitKind.SOURCE else "")
    return ops.plan_raise(contractor, given.kind, trait, on_or_today(given.date), given.to)


@dataclass(frozen=True, slots=True)
class BuyAsset:
    asset: str = field(
        metadata=about("the Asset's catalog id (harbinger catalog lists the sheet's)")
    )
    detail: str = field(
        default="", metadata=about("the player's detail (which sense, which patron...)")
    )
    date: str = dated()


def _buy_asset(contractor: Contractor, given: BuyAsset) -> Plan[Contractor]:
    try:
        option = load_sheet_catalog().asset(given.asset)
    except KeyError:
        raise InputError(f"--asset: {given.asset!r} is not an Asset of the catalog") from None
    pick = option.pick(given.detail)
    if str(pick.kind) != "asset":
        raise InputError(f"--asset: {given.asset!r} is a Liability, not an Asset")
    return ops.plan_buy_asset(contractor, pick, on_or_today(given.date))


@dataclass(frozen=True, slots=True)
class RemoveLiability:
    liability: str = field(metadata=about("the Liability's name as on the sheet"))
    date: str = dated()


@dataclass(frozen=True, slots=True)
class Therapy:
    trauma: str = field(metadata=about("the Trauma's name as on the sheet"))
    date: str = dated()


@dataclass(frozen=True, slots=True)
class Craft:
    gift: str = field(metadata=about("the id of the crafting Gift used"))
    item: str = field(metadata=about("the item crafted"))
    date: str = dated()


# --------------------------------------------------------------------------- gifts


@dataclass(frozen=True, slots=True)
class SaveGift:
    draft: Mapping[str, Any] = field(
        metadata=about(
            "the gift draft (the format harbinger gift evaluate reads)", file=True, metavar="DRAFT"
        )
    )
    revise: str = field(
        default="", metadata=about("id of a held Gift this draft revises (default: a new Gift)")
    )
    free_item: str = field(
        default="", metadata=about("claim the crafting Gift's free item, named so")
    )
    artifact: str = field(
        default="",
        metadata=about(
            "invest a Legendary Artifact Gift in this Legendary Artifact of the sheet "
            "(a new one when none has that name)"
        ),
    )
    date: str = dated()


def _gift(contractor: Contractor, given: SaveGift) -> Plan[Contractor]:
    from builder.contract.gifts import DraftFormatError, default_catalog, read_draft_document

    try:
        draft = read_draft_document(dict(given.draft)).draft
    except DraftFormatError as exc:
        raise InputError(f"gift draft: {exc}") from None
    existing = None
    if given.revise:
        existing = next((g for g in contractor.gifts if g.id == given.revise), None)
        if existing is None:
            return _refused(
                "Save Gift",
                contractor,
                "rewards.unknown_gift",
                f"the contractor holds no Gift {given.revise!r} to revise",
                "gifts",
            )
    save = plan_save(
        contractor,
        draft,
        default_catalog(),
        existing=existing,
        free_item=given.free_item,
        date=on_or_today(given.date),
        artifact=given.artifact,
    )
    return ops.plan_gift_save(contractor, save)


@dataclass(frozen=True, slots=True)
class DuplicateGift:
    gift: str = field(metadata=about("the id of the held Gift to copy"))
    name: str = field(
        default="", metadata=about("the new Gift's name (default: the held one's + \" (copy)\")")
    )
    free_item: str = field(
        default="", metadata=about("claim the crafting Gift's free item, named so")
    )
    artifact: str = field(
        default="",
        metadata=about(
            "invest the copy (a Legendary Artifact Gift) in this Legendary Artifact of the "
            "sheet (a new one when none has that name)"
        ),
    )
    date: str = dated()


def _duplicate(contractor: Contractor, given: DuplicateGift) -> Plan[Contractor]:
    """Save a copy of a held Gift as a new Gift, as the Gifts tab's Duplicate then Save does.

    The copy is ``sheet_edits.duplicate_draft`` (the draft the desktop opens the builder
    on) and is saved through the same ``plan_save``: a new Gift, paid with Gift Credits
    like any other ("Gift Credits and Improvements"). ``artifact`` is the builder's "add
    to …": the copy goes into that Legendary Artifact, as ``contractor gift --artifact``.
    """
    from builder.contract.gifts import default_catalog
    from builder.contract.sheet_edits import duplicate_draft

    held = next((g for g in contractor.gifts if g.id == given.gift), None)
    if held is None:
        return _refused(
            "Duplicate Gift",
            contractor,
            "rewards.unknown_gift",
            f"the contractor holds no Gift {given.gift!r} to duplicate",
            "gifts",
        )
    draft = duplicate_draft(held, contractor.gifts)
    if given.name.strip():
        draft = replace(draft, name=given.name.strip())
    save = plan_save(
        contractor,
        draft,
        default_catalog(),
        free_item=given.free_item,
        date=on_or_today(given.date),
        artifact=given.artifact,
    )
    return ops.plan_gift_save(contractor, save)


@dataclass(frozen=True, slots=True)
class RemoveGift:
    gift: str = field(metadata=about("the id of the held Gift to take off the sheet"))
    reason: str = field(default="", metadata=about("why it is removed (kept in the ledger)"))
    date: str = dated()


@dataclass(frozen=True, slots=True)
class ChooseGiftStyle:
    gift: str = field(metadata=about("the id of the held Gift whose Style the import kept as text"))
    style: str = field(
        metadata=about(
            "the Style it has: Activated or Targeted for the website's 'Active' (as far as "
            "its Effect allows; the audit names them)"
        )
    )
    date: str = dated()


@dataclass(frozen=True, slots=True)
class ReviseLimits:
    limits: tuple[str, ...] = field(
        metadata=about(
            "the three Limits, comma-separated: a catalog Limit by name or id, a held one, "
            "or a custom one (needs Playgroup Leader approval)"
        )
    )
    reason: str = field(default="", metadata=about("why they change (kept in the ledger)"))
    date: str = dated()


def _limits(contractor: Contractor, given: ReviseLimits) -> Plan[Contractor]:
    from builder.contract.sheet_edits import limits_from_names

    limits = limits_from_names(given.limits, load_sheet_catalog().limits, contractor.limits)
    return ops.plan_revise_limits(contractor, limits, on_or_today(given.date), given.reason)


# --------------------------------------------------------------------------- corrections


@dataclass(frozen=True, slots=True)
class Correct:
    entry: int = field(
        metadata=about(
            "the ledger entry to correct: its place in the ledger, counting from 0 "
            "(as in the exported file's ledger list)"
        )
    )
    replacement: Mapping[str, Any] | None = field(
        default=None,
        metadata=about(
            "a ledger entry (JSON, as in an exported file) that replaces it; "
            "without one the entry is voided",
            file=True,
            metavar="ENTRY.json",
        ),
    )
    reason: str = field(default="", metadata=about("why it is corrected"))
    date: str = dated("date of the correction")


def _correct(contractor: Contractor, given: Correct) -> Plan[Contractor]:
    date = on_or_today(given.date)
    if given.replacement is None:
        return ops.plan_remove_entry(contractor, given.entry, date, given.reason)
    try:
        entry = entry_from_dict(dict(given.replacement), "replacement")
    except SerializeError as exc:
        raise InputError(str(exc)) from None
    return ops.plan_edit_entry(contractor, given.entry, entry, date, given.reason)


# --------------------------------------------------------------------------- death, loose ends


@dataclass(frozen=True, slots=True)
class DeclareDeath:
    cause: str = field(default="", metadata=about("how the contractor died"))
    date: str = dated()


@dataclass(frozen=True, slots=True)
class VoidDeath:
    date: str = dated()


@dataclass(frozen=True, slots=True)
class AddLooseEnd:
    title: str = field(metadata=about("the Loose End's title"))
    threat_level: ThreatLevel = field(metadata=about("what the player may know of its Threat"))
    cutoff: int = field(metadata=about("Contracts until its Threat comes due"))
    threat: str = field(default="", metadata=about("the Threat (for the GM)"))


@dataclass(frozen=True, slots=True)
class Hustle:
    loose_end: int = field(metadata=about("the Loose End, counting from 0 as the sheet lists them"))
    gm: str = field(default="", metadata=about("who ran the Hustle"))
    note: str = noted()
    date: str = dated()


@dataclass(frozen=True, slots=True)
class ResolveLooseEnd:
    loose_end: int = field(metadata=about("the Loose End, counting from 0 as the sheet lists them"))


@dataclass(frozen=True, slots=True)
class WillToSurvive:
    injury: str = field(metadata=about("the incoming Injury"))
    severity: int = field(metadata=about("its Severity (the damage taken)"))
    scar: str = field(default="", metadata=about("the Major Battle Scar taken with it"))
    falling: bool = field(default=False, metadata=about("the Injury is from falling"))
    date: str = dated()


@dataclass(frozen=True, slots=True)
class EditNotes:
    notes: str = field(metadata=about("the sheet's notes, replacing what is there"))


@dataclass(frozen=True, slots=True)
class EditConcept:
    """The concept's words; a field not given stays as it is."""

    name: str | None = field(default=None, metadata=about("the contractor's name"))
    player: str | None = field(default=None, metadata=about("who plays them"))
    age: str | None = field(default=None, metadata=about("age"))
    pronouns: str | None = field(default=None, metadata=about("pronouns"))
    archetype: str | None = field(default=None, metadata=about("archetype"))
    paradigm: str | None = field(default=None, metadata=about("paradigm"))
    ambition: str | None = field(default=None, metadata=about("ambition"))
    appearance: str | None = field(default=None, metadata=about("appearance"))
    background: str | None = field(default=None, metadata=about("background"))
    home_playgroup: str | None = field(default=None, metadata=about("home Playgroup"))


def _concept(contractor: Contractor, given: EditConcept) -> Plan[Contractor]:
    import dataclasses

    changed = {f.name: getattr(given, f.name) for f in dataclasses.fields(given)}
    changed = {k: v.strip() for k, v in changed.items() if v is not None}
    if changed.get("name") == "":
        raise InputError("--name: a contractor needs a name")
    concept = dataclasses.replace(contractor.concept, **changed)
    return ops.plan_edit_concept(contractor, concept)


@dataclass(frozen=True, slots=True)
class SheetPart:
    """A part of the sheet no rule prices, as JSON (the exported file's form)."""

    part: Mapping[str, Any] = field(
        metadata=about("the part as JSON, as in an exported file", file=True, metavar="PART.json")
    )


def _part(kind: type, label: str) -> Any:
    """Replace the sheet's Health or Stock with the one a JSON document describes."""

    def plan(contractor: Contractor, given: SheetPart) -> Plan[Contractor]:
        from builder.contract.serialize import from_data

        try:
            value = from_data(kind, dict(given.part), label.lower())
        except SerializeError as exc:
            raise InputError(str(exc)) from None
        if kind is Health:
            return ops.plan_edit_health(contractor, value)
        return ops.plan_edit_stock(contractor, value)

    return plan


@dataclass(frozen=True, slots=True)
class Nothing:
    """An operation with no inputs but the character."""


def _op(name: str, title: str, help: str, inputs: type, plan: Any) -> Operation:
    return Operation(name, title, help, inputs, plan, Contractor, ops.store)


OPERATIONS: dict[str, Operation] = operation_table(
    _op(
        "record-contract",
        "Record Contract",
        "record a Contract attended (Exp: +3 home or +1 away, +2 victory, +2 Commission)",
        RecordContract,
        _record_contract,
    ),
    _op("journal", "Add Journal", "add a Journal (250+ words: +1 Exp)", AddJournal, _journal),
    _op(
        "bonus",
        "Bonus Exp",
        "Bonus Exp earned for GMing, a Ringer or a Move write-up",
        AddBonus,
        lambda c, g: ops.plan_bonus(c, g.kind, on_or_today(g.date), g.note),
    ),
    _op(
        "improvement",
        "Grant Improvement",
        "an Improvement for GMing a Contract or a Scenario write-up",
        GrantImprovement,
        lambda c, g: ops.plan_improvement(c, g.kind, on_or_today(g.date), g.note),
    ),
    _op("spend", "Spend Exp", "spend Exp to raise a trait", Spend, _spend),
    _op("buy-asset", "Buy Asset", "buy an Asset after creation", BuyAsset, _buy_asset),
    _op(
        "remove-liability",
        "Remove Liability",
        "buy off a Liability",
        RemoveLiability,
        lambda c, g: ops.plan_remove_liability(c, g.liability, on_or_today(g.date)),
    ),
    _op(
        "therapy",
        "Therapy",
        "treat a Trauma with therapy",
        Therapy,
        lambda c, g: ops.plan_therapy(c, g.trauma, on_or_today(g.date)),
    ),
    _op(
        "craft",
        "Craft",
        "craft an Artifact or Consumable with a crafting Gift",
        Craft,
        lambda c, g: ops.plan_craft(c, g.gift, g.item, on_or_today(g.date)),
    ),
    _op(
        "gift",
        "Save Gift",
        "add a Gift from a gift draft, or revise a held one (--revise GIFT_ID)",
        SaveGift,
        _gift,
    ),
    _op(
        "duplicate-gift",
        "Duplicate Gift",
        "save a copy of a held Gift as a new Gift (paid with Gift Credits like any new Gift)",
        DuplicateGift,
        _duplicate,
    ),
    _op(
        "remove-gift",
        "Remove Gift",
        "take a Gift off the sheet; its Gift Credits and Improvements are refunded",
        RemoveGift,
        lambda c, g: ops.plan_remove_gift(c, g.gift, on_or_today(g.date), g.reason),
    ),
    _op(
        "choose-gift-style",
        "Choose Gift Style",
        "choose the Style of an imported Gift whose Style the catalog lacks (the website's "
        "'Active' is Activated or Targeted); its cost and System Text stay",
        ChooseGiftStyle,
        lambda c, g: ops.plan_choose_gift_style(c, g.gift, g.style, on_or_today(g.date)),
    ),
    _op(
        "limits",
        "Revise Limits",
        "change the Limits after creation (a dated revision the audit shows)",
        ReviseLimits,
        _limits,
    ),
    _op(
        "correct",
        "Correct entry",
        "correct a ledger entry: void it, or replace it with --replacement",
        Correct,
        _correct,
    ),
    _op(
        "death",
        "Declare death",
        "record the contractor's death",
        DeclareDeath,
        lambda c, g: ops.plan_death(c, on_or_today(g.date), g.cause),
    ),
    _op(
        "void-death",
        "Void death",
        "take back a recorded death",
        VoidDeath,
        lambda c, g: ops.plan_void_death(c, on_or_today(g.date)),
    ),
    _op(
        "loose-end",
        "Add Loose End",
        "a GM grants a Loose End",
        AddLooseEnd,
        lambda c, g: ops.plan_add_loose_end(c, g.title, g.threat_level, g.cutoff, g.threat),
    ),
    _op(
        "hustle",
        "Record Hustle",
        "the Hustle a due Loose End required was run",
        Hustle,
        lambda c, g: ops.plan_hustle(c, g.loose_end, on_or_today(g.date), g.gm, g.note),
    ),
    _op(
        "resolve-loose-end",
        "Resolve Loose End",
        "a Loose End is dealt with for good",
        ResolveLooseEnd,
        lambda c, g: ops.plan_resolve_loose_end(c, g.loose_end),
    ),
    _op(
        "will-to-survive",
        "Will to Survive",
        "take an incoming Injury with Will to Survive",
        WillToSurvive,
        lambda c, g: ops.plan_will_to_survive(
            c, Injury(g.injury, g.severity), on_or_today(g.date), g.scar, falling=g.falling
        ),
    ),
    _op(
        "notes",
        "Edit notes",
        "replace the sheet's notes",
        EditNotes,
        lambda c, g: ops.plan_edit_notes(c, g.notes),
    ),
    _op("concept", "Edit concept", "change the concept's words", EditConcept, _concept),
    _op(
        "bio",
        "Edit bio",
        "tagline, residence, languages, contacts, aliases, wish list (each optional)",
        EditBio,
        plan_bio,
    ),
    _op(
        "health",
        "Edit Health",
        "replace the Health tab (injuries, scars, traumas) with a JSON document",
        SheetPart,
        _part(Health, "Health"),
    ),
    _op(
        "stock",
        "Edit Stock",
        "replace the Stock tab (equipment, artifacts, conditions...) with a JSON document",
        SheetPart,
        _part(Stock, "Stock"),
    ),
    _op(
        "delete",
        "Delete",
        "remove the contractor from the library",
        Nothing,
        lambda c, _g: ops.plan_delete(c),
    ),
    *ITEM_OPERATIONS,
    *SUGGESTION_OPERATIONS,
)
"""Every operation on an existing contractor, by CLI name."""
