"""The words Harbinger uses for ledger entries and Exp/reward sources, in one place.

The sheet, the printed PDF and the leader's audit describe the same ledger;
they take their labels from here so a player, a GM and a leader read the
same line the same way. Nothing here is a rule: it only names things.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from builder.contract.character import (
    BonusExp,
    BuyAsset,
    ContractAttended,
    Correction,
    Craft,
    Death,
    GiftChange,
    Hustle,
    ImprovementGranted,
    Journal,
    LimitsRevised,
    Ported,
    Raise,
    RemoveLiability,
    Therapy,
    TraitKind,
    WillToSurvive,
)

EARNED_LABELS: Mapping[str, str] = {
    "attendance_home": "Contracts at home",
    "attendance_away": "Contracts away",
    "victory": "Victories",
    "commission": "Commissions",
    "journal": "Journals",
    "gm_into_the_fold": "GMing (Into the Fold)",
    "gm_golden_ratio": "GMing (Golden Ratio)",
    "ringer_objective_met": "Ringer, objective met",
    "ringer_objective_missed": "Ringer, objective missed",
    "gm_move_writeup": "Move write-ups",
    "ported": "Port adjustment",
}
"""Where earned Exp came from, by the keys of ``ExpSummary.earned_by_source``."""

SPENT_LABELS: Mapping[str, str] = {
    "attribute": "Attributes",
    "ability": "Abilities",
    "secondary": "Secondary Abilities",
    "source": "Source",
    "asset": "Assets",
    "liability": "Liabilities bought off",
    "therapy": "Trauma therapy",
    "consumable": "Consumables",
    "artifact": "Artifacts",
}
"""What Exp was spent on, by the keys of ``ExpSummary.spent_by_kind``."""

CREDIT_LABELS: Mapping[str, str] = {
    "victory": "victories",
    "charon_coin": "a Coin of Charon",
    "gifted_asset": "the Gifted Asset",
    "ported": "the port's Gift adjustment",
}
"""Where Gift Credits came from ("from …"), by ``RewardSummary.credits_earned_by_source``."""

IMPROVEMENT_LABELS: Mapping[str, str] = {
    "contract_journals": "Contract Journals",
    "gm_contract": "GMing",
    "scenario_writeup": "Scenario write-ups",
    "ported": "the port",
}
"""Where Improvements came from, by ``RewardSummary.improvements_earned_by_source`` keys."""


def titled(identifier: str) -> str:
    """A stand-in name for an id nothing names: "area_attack" → "Area Attack"."""
    return " ".join(word.capitalize() for word in str(identifier).replace("-", "_").split("_"))


def label(labels: Mapping[str, str], key: str) -> str:
    """The label for ``key``, or its id made readable."""
    return labels.get(str(key), titled(str(key)))


def amounts_text(amounts: Mapping[str, int], labels: Mapping[str, str]) -> str:
    """ "Contracts at home 9, Victories 4" for the non-zero amounts ("" when none)."""
    return ", ".join(f"{label(labels, k)} {v}" for k, v in amounts.items() if v)


def describe_entry(  # noqa: C901, PLR0911, PLR0912  (complexity 17, 15 returns, 16 branches when the limits came in)
    entry: object,
    gift_names: Mapping[str, str] | None = None,
    trait_name: Callable[[Raise], str] | None = None,
) -> str:
    """One ledger entry in words for the Exp log: "Contract: The Lantern Job (home, victory)".

    ``gift_names`` maps Gift ids to names; ``trait_name`` names a raised trait
    (default: the id capitalised, a Secondary Ability as written).
    """
    names = gift_names or {}
    match entry:
        case ContractAttended():
            parts = ["home" if entry.home else "away", str(entry.outcome)]
            if entry.commission:
                parts.append("commission")
            if entry.cycle:
                parts.append(f"Cycle {entry.cycle}")
            return f"Contract: {entry.scenario} ({', '.join(parts)})"
        case Journal():
            return f"{str(entry.kind).capitalize()} Journal: {entry.title} ({entry.words} words)"
        case BonusExp():
            note = f": {entry.note}" if entry.note else ""
            return f"Bonus Exp, {label(EARNED_LABELS, str(entry.kind))}{note}"
        case ImprovementGranted():
            note = f": {entry.note}" if entry.note else ""
            return f"Improvement, {label(IMPROVEMENT_LABELS, str(entry.kind))}{note}"
        case Raise():
            name = trait_name(entry) if trait_name else _default_trait_name(entry)
            return f"Raise {name} to {entry.to_rating}"
        case BuyAsset():
            return f"Buy Asset: {entry.asset.name}"
        case RemoveLiability():
            return f"Buy off Liability: {entry.liability}"
        case Therapy():
            return f"Therapy: {entry.trauma}"
        case Craft():
            gift = names.get(entry.gift_id, entry.gift_id)
            free = ", free" if entry.free else ""
            return f"Craft {entry.item} with {gift}{free}"
        case GiftChange():
            return _gift_change(entry, names)
        case Hustle():
            return f"Hustle for Loose End: {entry.loose_end}"
        case WillToSurvive():
            scar = f", Major Battle Scar {entry.scar}" if entry.scar else ""
            return (
                f"Will to Survive: {entry.injury} (Severity {entry.severity_before} →"
                f" {entry.severity_after}, 1 Mind damage{scar})"
            )
        case LimitsRevised():
            return "Limits revised: " + limits_change(entry)
        case Ported():
            origin = f" from {entry.origin}" if entry.origin else ""
            return f"Ported at {str(entry.level).capitalize()}{origin}"
        case Death():
            if entry.voided:
                return "Death voided"
            return f"Death: {entry.cause}" if entry.cause else "Death"
    return type(entry).__name__


def _count(n: int, one: str, many: str) -> str:
    """ "1 victory", "27 victories": a count with its noun."""
    return f"{n} {one if n == 1 else many}"


def port_story(entry: Ported) -> str:
    """The history a port brought, in words for the Story section (where the Contracts
    attended in this ledger are listed): where the contractor came from, when, and the
    record there.

    A website archive: "Brought from the website's archive on 2026-11-27 with 27
    victories and 6 losses (Veteran on the website; archived 2026-11-20)". A Seasoned
    or Veteran port: "Ported at Veteran from the Lantern playgroup on 2026-05-01; the
    Contracts before that are not in this record".
    """
    # The website stamps its archive to the microsecond; the day is what a reader needs.
    note = re.sub(r"(\d{4}-\d{2}-\d{2})[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?", r"\1", entry.note)
    note = f" ({note})" if note else ""
    if str(entry.level) == "website":
        origin = entry.origin or "the website's archive"
        record = (
            f"{_count(entry.victories, 'victory', 'victories')} and "
            f"{_count(entry.losses, 'loss', 'losses')}"
        )
        return f"Brought from {origin} on {entry.date} with {record}{note}."
    origin = f" from {entry.origin}" if entry.origin else ""
    return (
        f"Ported at {str(entry.level).capitalize()}{origin} on {entry.date}{note}; the Contracts "
        "before that are not in this record."
    )


def limits_change(entry: LimitsRevised) -> str:
    """What a Limits revision changed: "Murder → Betrayal" or the new list when reordered."""
    before = {limit.name.lower() for limit in entry.before}
    after = {limit.name.lower() for limit in entry.after}
    gone = [limit.name for limit in entry.before if limit.name.lower() not in after]
    came = [limit.name for limit in entry.after if limit.name.lower() not in before]
    if not gone and not came:
        return ", ".join(limit.name for limit in entry.after) or "none"
    return f"{', '.join(gone) or 'nothing'} → {', '.join(came) or 'nothing'}"


def _gift_change(entry: GiftChange, names: Mapping[str, str]) -> str:
    gift = names.get(entry.gift_id, entry.gift_id)
    kind = {"new": "New Gift", "improvement": "Gift improved", "removed": "Gift removed"}.get(
        str(entry.kind), f"Gift {entry.kind}"
    )
    costs = f"cost {entry.cost_after}"
    if str(entry.kind) != "new":
        costs = f"cost {entry.cost_before} → {entry.cost_after}"
    return f"{kind}: {gift} ({costs})"


def _default_trait_name(entry: Raise) -> str:
    if TraitKind(entry.kind) is TraitKind.SECONDARY:
        return entry.trait
    return titled(entry.trait)


def catalog_trait_name(catalog: Any, source_name: str = "Source") -> Callable[[Raise], str]:
    """A ``trait_name`` for :func:`describe_entry` that uses the sheet catalog's names."""

    def name(entry: Raise) -> str:
        kind = TraitKind(entry.kind)
        try:
            if kind is TraitKind.ATTRIBUTE:
                return str(catalog.attribute(entry.trait).name)
            if kind is TraitKind.ABILITY:
                return str(catalog.ability(entry.trait).name)
        except KeyError:
            return titled(entry.trait)
        if kind is TraitKind.SOURCE:
            return source_name
        return entry.trait

    return name


# --------------------------------------------------------------------------- naming entries

ENTRY_KIND_NAMES: Mapping[type, str] = {
    ContractAttended: "Contract",
    Journal: "Journal",
    BonusExp: "Bonus Exp",
    ImprovementGranted: "Improvement",
    Raise: "Raise",
    BuyAsset: "Asset bought",
    RemoveLiability: "Liability bought off",
    Therapy: "Therapy",
    Craft: "Crafted item",
    GiftChange: "Gift change",
    Death: "Death",
    Hustle: "Hustle",
    WillToSurvive: "Will to Survive",
    LimitsRevised: "Limits revised",
    Ported: "Port",
    Correction: "Correction",
}
"""Each kind of ledger entry in the game's words, for findings and the sheet."""


def entry_kind_name(entry: object) -> str:
    """The kind of a ledger entry in words: "Contract", "Journal", "Correction"."""
    return ENTRY_KIND_NAMES.get(type(entry), "entry")


def entry_label(ledger: Any, index: int, number: int | None = None) -> str:
    """Ledger entry ``index`` as a player names it: "Contract 3 (2026-05-02)", "Journal 2
    'Salt in the wound' (2026-05-04)".

    The number counts the entries of the same kind up to this one (the third
    Contract recorded is "Contract 3"); the date is the entry's own. An index
    outside the ledger is "entry N". A caller naming many entries of one ledger
    passes each one's ``number`` from :func:`kind_numbers` instead of having it
    counted again.
    """
    if not isinstance(index, int) or not 0 <= index < len(ledger):
        return f"entry {index + 1 if isinstance(index, int) else index}"
    entry = ledger[index]
    if number is None:
        number = sum(1 for e in ledger[: index + 1] if type(e) is type(entry))
    date = str(getattr(entry, "date", "") or "")
    title = f" {entry.title!r}" if isinstance(entry, Journal) and entry.title else ""
    return f"{entry_kind_name(entry)} {number}{title}" + (f" ({date})" if date else "")


def kind_numbers(ledger: Any) -> list[int]:
    """Each ledger entry's number among the entries of its kind up to it (as
    :func:`entry_label` counts them), all in one pass: [1, 1, 2] for a Contract, a Journal
    and a Contract."""
    seen: dict[type, int] = {}
    numbers: list[int] = []
    for entry in ledger:
        number = seen.get(type(entry), 0) + 1
        seen[type(entry)] = number
        numbers.append(number)
    return numbers
