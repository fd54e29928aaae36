"""The Contract's operations: every change a screen or the CLI can make to a contractor.

Each ``plan_*`` function takes the contractor as it is now, asks
``builder.contract.advance`` or ``builder.contract.correcting`` for the
contractor as it should be (or, for plain sheet text such as Health and
Stock, replaces that part of the value) and returns a
:class:`~harbinger.app.common.Plan` whose ``lines`` say what changed in the
player's terms ("Exp available 12 → 19"), read from
``builder.contract.sheet.evaluate_sheet`` before and after. Nothing is stored;
:func:`harbinger.app.common.commit` stores a plan with :func:`store`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from builder.contract import advance, correcting, sheet_edits
from builder.contract.character import (
    AssetPick,
    Concept,
    ContractAttended,
    Contractor,
    Gift,
    Health,
    Injury,
    Journal,
    SourcePool,
    Stock,
    Weapon,
)
from builder.contract.sheet import evaluate_sheet
from builder.contract.wording import entry_label
from builder.core.findings import Finding
from builder.core.result import Result
from harbinger.app.common import Plan, arrow


def _drops_ledger_entries(current: Contractor, wanted: Contractor) -> bool:
    """True when saving ``wanted`` over ``current`` would remove or change ledger entries.

    An ordinary edit only appends, so ``wanted``'s ledger begins with the whole of
    ``current``'s; anything else (an undo) must go through a restore.
    """
    return wanted.ledger[: len(current.ledger)] != current.ledger


def store(library: Any, held: Contractor | None, wanted: Contractor | None) -> None:
    """Make ``library`` hold ``wanted`` where it now holds ``held`` (None: no such contractor).

    The Exp ledger is append-only: an edit that only appends is ``Library.save``;
    going back (an undo) is ``Library.restore``, which takes back only the
    newest entries, the ones the undone command appended, in one transaction.
    Undoing a creation deletes; undoing a deletion saves back.
    """
    if wanted is None:
        if held is not None:
            library.delete(held.id)
        return
    if held is not None and _drops_ledger_entries(held, wanted):
        library.restore(wanted)
    else:
        library.save(wanted)


def describe_difference(before: Any, after: Any) -> tuple[str, ...]:
    """The player-facing lines that changed between two sheet reports.

    Both arguments are ``SheetReport`` values (or ``None`` for "no
    character"), so every figure quoted is builder's.
    """
    if before is None or after is None:
        return ()
    lines = [
        arrow("Exp earned", before.exp.earned_total, after.exp.earned_total),
        arrow("Exp spent", before.exp.spent_total, after.exp.spent_total),
        arrow("Exp available", before.exp.available, after.exp.available),
        arrow(
            "Gift Credits available",
            before.rewards.credits_available,
            after.rewards.credits_available,
        ),
        arrow(
            "Improvements available",
            before.rewards.improvements_available,
            after.rewards.improvements_available,
        ),
        arrow("Victories", before.victories, after.victories),
        arrow("Status", before.status.label, after.status.label),
        arrow("Penalty", before.derived.penalty, after.derived.penalty),
    ]
    if before.alive and not after.alive:
        lines.append("Moved to the graveyard")
    elif after.alive and not before.alive:
        lines.append("Back among the living")
    return tuple(line for line in lines if line)


def plan(
    name: str,
    before: Contractor | None,
    after: Contractor | None,
    findings: Sequence[Finding] = (),
) -> Plan[Contractor]:
    """A plan from two contractor values, its lines read from both sheets."""
    lines = describe_difference(
        evaluate_sheet(before) if before is not None else None,
        evaluate_sheet(after) if after is not None else None,
    )
    return Plan(name, before, after, tuple(findings), lines)


def applied(name: str, before: Contractor, result: Result[Contractor]) -> Plan[Contractor]:
    """A plan from a ``builder.contract.advance`` result (``character`` and ``findings``)."""
    return plan(name, before, result.character, result.findings)


# --------------------------------------------------------------------------- whole contractors


def plan_create(contractor: Contractor) -> Plan[Contractor]:
    """Add a new contractor to the library (undo removes it)."""
    return plan(f"Create {contractor.concept.name}", None, contractor)


def plan_delete(contractor: Contractor) -> Plan[Contractor]:
    """Remove a contractor from the library (undo puts it back)."""
    return plan(f"Delete {contractor.concept.name}", contractor, None)


# --------------------------------------------------------------------------- advancement


def plan_raise(
    contractor: Contractor, kind: Any, trait: str, date: str, to_rating: int | None = None
) -> Plan[Contractor]:
    """Spend Exp on an Attribute, Ability, Secondary Ability or Source.

    One rank by default; with ``to_rating`` several at once, priced by
    builder as the sum of the single steps (Brawn 2 → 4: 10 + 15 = 25 Exp).
    """
    return applied(
        "Spend Exp",
        contractor,
        advance.raise_trait(contractor, kind, trait, date=date, to_rating=to_rating),
    )


def plan_record_contract(
    contractor: Contractor, contract: ContractAttended, journals: Sequence[Journal] = ()
) -> Plan[Contractor]:
    """Record a Contract attended, with the Journals written about it, in one step."""
    return applied(
        "Record Contract",
        contractor,
        advance.record_contract(contractor, contract, journals=tuple(journals)),
    )


def plan_journal(contractor: Contractor, journal: Journal) -> Plan[Contractor]:
    """Add a Journal (its word count taken from its text when it has one)."""
    return applied("Add Journal", contractor, advance.add_journal(contractor, journal))


def plan_bonus(contractor: Contractor, kind: Any, date: str, note: str = "") -> Plan[Contractor]:
    """Bonus Exp at the rule amount for ``kind`` (GMing, Ringer, Move write-up)."""
    return applied(
        "Bonus Exp", contractor, advance.add_bonus_exp(contractor, kind, date, note=note)
    )


def plan_improvement(
    contractor: Contractor, kind: Any, date: str, note: str = ""
) -> Plan[Contractor]:
    """An Improvement for GMing a Contract or a Scenario write-up."""
    return applied(
        "Grant Improvement",
        contractor,
        advance.grant_improvement(contractor, kind, date, note=note),
    )


def plan_buy_asset(contractor: Contractor, asset: AssetPick, date: str) -> Plan[Contractor]:
    """Buy an Asset after creation (three times its value once a Contract was attended)."""
    return applied(f"Buy {asset.name}", contractor, advance.buy_asset(contractor, asset, date=date))


def plan_remove_gift(
    contractor: Contractor, gift_id: str, date: str, reason: str = ""
) -> Plan[Contractor]:
    """Take a Gift off the sheet; its Gift Credits and Improvements come back (undoable)."""
    held = next((g for g in contractor.gifts if g.id == gift_id), None)
    name = (held.draft.name or held.id) if held is not None else gift_id
    result = sheet_edits.remove_gift(contractor, gift_id, date, reason)
    return applied(f"Remove Gift {name}", contractor, result)


def plan_choose_gift_style(
    contractor: Contractor, gift_id: str, style: str, date: str
) -> Plan[Contractor]:
    """Choose the Style of a Gift an import kept with a word the catalog lacks (undoable).

    The website's "Active" is the rules' Activated or Targeted; the choice is an
    ``adjustment`` at the Gift's own cost (``builder.contract.gift_style_choice``).
    """
    from builder.contract.gift_style_choice import choose_style
    from builder.contract.gifts import default_catalog

    held = next((g for g in contractor.gifts if g.id == gift_id), None)
    name = (held.draft.name or held.id) if held is not None else gift_id
    result = choose_style(contractor, gift_id, style, date, default_catalog())
    return applied(f"Choose Style of {name}", contractor, result)


def plan_revise_limits(
    contractor: Contractor, limits: Sequence[Any], date: str, reason: str = ""
) -> Plan[Contractor]:
    """Replace the Limits after creation, kept as a dated revision in the ledger (undoable)."""
    result = sheet_edits.revise_limits(contractor, tuple(limits), date, reason)
    return applied("Revise Limits", contractor, result)


def plan_remove_liability(contractor: Contractor, liability: str, date: str) -> Plan[Contractor]:
    """Buy off a Liability taken at creation."""
    return applied(
        f"Remove {liability}",
        contractor,
        advance.remove_liability(contractor, liability, date=date),
    )


def plan_therapy(contractor: Contractor, trauma: str, date: str) -> Plan[Contractor]:
    """Treat a Trauma with therapy."""
    return applied(
        f"Therapy for {trauma}", contractor, advance.treat_trauma(contractor, trauma, date=date)
    )


def plan_craft(
    contractor: Contractor, gift_id: str, item: str, date: str, **options: Any
) -> Plan[Contractor]:
    """Craft an Artifact or Consumable with a crafting Gift."""
    return applied(
        f"Craft {item}",
        contractor,
        advance.craft_item(contractor, gift_id, item, date=date, **options),
    )


def plan_death(contractor: Contractor, date: str, cause: str) -> Plan[Contractor]:
    """Record the contractor's death."""
    return applied(
        "Declare death", contractor, advance.declare_death(contractor, date=date, cause=cause)
    )


def plan_void_death(contractor: Contractor, date: str) -> Plan[Contractor]:
    """Take back a recorded death."""
    return applied("Void death", contractor, advance.void_death(contractor, date=date))


def plan_add_gift(
    contractor: Contractor, gift: Gift, date: str, credits: int = 1, improvements: int = 0
) -> Plan[Contractor]:
    """A new Gift paid with Gift Credits (and Improvements toward its cost)."""
    return applied(
        f"Add Gift {gift.draft.name or gift.id}",
        contractor,
        advance.add_gift(contractor, gift, date, credits=credits, improvements=improvements),
    )


def plan_change_gift(
    contractor: Contractor,
    gift: Gift,
    kind: Any,
    date: str,
    credits: int = 0,
    improvements: int = 0,
) -> Plan[Contractor]:
    """A new revision of a held Gift, with the rewards it spends (negative: refunds)."""
    return applied(
        f"Change Gift {gift.draft.name or gift.id}",
        contractor,
        advance.change_gift(
            contractor, gift, kind, date, credits=credits, improvements=improvements
        ),
    )


def plan_gift_save(contractor: Contractor, save: Any) -> Plan[Contractor]:
    """A Gift Builder save (:class:`harbinger.app.contract.gift_saving.SavePlan`) as one edit.

    The save plan already holds ``builder.contract.advance``'s result
    (add_gift or change_gift, and the free crafted item when asked for).
    """
    return plan(save.summary(), contractor, save.contractor, save.findings)


def plan_add_loose_end(
    contractor: Contractor, title: str, threat_level: Any, cutoff: int, threat: str
) -> Plan[Contractor]:
    """A GM grants a Loose End; its Cutoff counts from the next Contract attended."""
    return applied(
        "Add Loose End",
        contractor,
        advance.add_loose_end(contractor, title, threat_level, cutoff, threat),
    )


def plan_hustle(
    contractor: Contractor, index: int, date: str, gm: str = "", note: str = ""
) -> Plan[Contractor]:
    """The Hustle a due Loose End's Threat required was run ("Loose Ends")."""
    title = contractor.loose_ends[index].title if 0 <= index < len(contractor.loose_ends) else ""
    return applied(
        f"Record Hustle for {title}".strip(),
        contractor,
        advance.record_hustle(contractor, index, date, gm=gm, note=note),
    )


def plan_will_to_survive(
    contractor: Contractor, injury: Injury, date: str, scar: str, *, falling: bool = False
) -> Plan[Contractor]:
    """Take an incoming Injury with Will to Survive (builder lowers its Severity or refuses)."""
    return applied(
        "Will to Survive",
        contractor,
        advance.use_will_to_survive(contractor, injury, date, scar, falling=falling),
    )


def plan_resolve_loose_end(contractor: Contractor, index: int) -> Plan[Contractor]:
    """A Loose End is dealt with for good."""
    return applied("Resolve Loose End", contractor, advance.resolve_loose_end(contractor, index))


# --------------------------------------------------------------------------- corrections


def plan_remove_entry(
    contractor: Contractor, index: int, date: str, reason: str = ""
) -> Plan[Contractor]:
    """Remove a recorded ledger entry: append a correction that voids it.

    The ledger stays append-only; the sheet shows the entry struck through.
    """
    label = entry_label(contractor.ledger, index)
    return applied(
        f"Remove {label}", contractor, correcting.void_entry(contractor, index, date, reason)
    )


def plan_edit_entry(
    contractor: Contractor, index: int, entry: Any, date: str, reason: str = ""
) -> Plan[Contractor]:
    """Edit a recorded ledger entry: append a correction that replaces it."""
    label = entry_label(contractor.ledger, index)
    return applied(
        f"Edit {label}",
        contractor,
        correcting.replace_entry(contractor, index, entry, date, reason),
    )


# --------------------------------------------------------------------------- sheet text


def plan_replace(name: str, contractor: Contractor, **fields: Any) -> Plan[Contractor]:
    """Replace parts of the sheet that no rule prices (concept, Source name, Health, Stock)."""
    return plan(name, contractor, dataclasses.replace(contractor, **fields))


def plan_edit_concept(contractor: Contractor, concept: Concept) -> Plan[Contractor]:
    return plan_replace("Edit concept", contractor, concept=concept)


def plan_edit_source(contractor: Contractor, source: SourcePool) -> Plan[Contractor]:
    return plan_replace("Edit Source", contractor, source=source)


def plan_edit_health(
    contractor: Contractor, health: Health, what: str = "Health"
) -> Plan[Contractor]:
    return plan_replace(f"Edit {what}", contractor, health=health)


def plan_edit_stock(contractor: Contractor, stock: Stock, what: str = "Stock") -> Plan[Contractor]:
    return plan_replace(f"Edit {what}", contractor, stock=stock)


def plan_edit_notes(contractor: Contractor, notes: str) -> Plan[Contractor]:
    return plan_replace("Edit notes", contractor, notes=notes)


def plan_edit_weapons(
    contractor: Contractor, weapons: tuple[Weapon, ...], what: str = "Edit weapons"
) -> Plan[Contractor]:
    """Replace the sheet's weapons (no rule prices them; each is checked before it gets here)."""
    return plan_replace(what, contractor, weapons=weapons)
