"""Assembling a contractor's ``PrintSnapshot`` from builder's results.

The printers take a ``PrintSnapshot`` (``printing.contract.views``) and only
arrange it on paper. Here it is filled from the rules fold ``evaluate_sheet``
and the Gift engine ``evaluate_gift``: every number is copied from those
results, so the PDF always agrees with the app, the CLI and the leader's audit.

``snapshot_for`` assembles a snapshot from builder results the caller already
has; ``print_snapshot`` evaluates a contractor and assembles it in one call.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from builder.contract import costs
from builder.contract.bio import filled_lines
from builder.contract.character import (
    IN_HAND,
    AssetKind,
    AssetPick,
    ContractAttended,
    Contractor,
    CraftedItem,
    Gift,
    Item,
    ItemState,
    ScarTier,
    TraitKind,
)
from builder.contract.derived import Derived
from builder.contract.gifts.catalog import Catalog
from builder.contract.gifts.evaluate import evaluate_gift
from builder.contract.gifts.loader import default_catalog
from builder.contract.items import artifact_of, event_words, state_words
from builder.contract.ledger.corrections import corrected_pairs
from builder.contract.sheet import SheetReport, evaluate_sheet
from builder.contract.sheet_catalog import SheetCatalog, load_sheet_catalog
from builder.contract.status import Status
from builder.contract.wording import (
    CREDIT_LABELS,
    EARNED_LABELS,
    IMPROVEMENT_LABELS,
    SPENT_LABELS,
    catalog_trait_name,
    describe_entry,
    label,
    titled,
)
from builder.core.findings import Finding, Severity
from printing.contract.penalty import body_bands, mind_bands
from printing.contract.story_views import journals, opening_story, place_words
from printing.contract.suggestion_print import suggestion_views
from printing.contract.views import (
    AssetView,
    ContractView,
    CostPart,
    FindingView,
    GiftView,
    HealthView,
    ItemView,
    LedgerLine,
    LegendaryView,
    LimitView,
    LooseEndView,
    PenaltyBand,
    PrintSnapshot,
    RatingView,
    ScarView,
    SourceView,
    StatView,
    StockView,
    TotalLine,
    TrackView,
)
from printing.contract.weapon_print import weapon_views


class CostTerm(Protocol):
    """One term of a Gift Cost breakdown as the Gift engine gives it (``CostLine``)."""

    @property
    def source(self) -> str: ...
    @property
    def label(self) -> str: ...
    @property
    def amount(self) -> int: ...


class GiftResult(Protocol):
    """What printing reads from ``builder.contract.gifts.evaluate.GiftEvaluation``."""

    @property
    def cost(self) -> int: ...
    @property
    def breakdown(self) -> Sequence[CostTerm]: ...
    @property
    def system_text(self) -> str: ...
    @property
    def required_status(self) -> Status: ...
    @property
    def status_met(self) -> bool | None: ...
    @property
    def warnings(self) -> Sequence[Finding]: ...
    @property
    def errors(self) -> Sequence[Finding]: ...
    @property
    def house_rules(self) -> Sequence[str]: ...


class GiftNames(Protocol):
    """Display names from the Gift catalog (``builder.contract.gifts.catalog.Catalog``)."""

    @property
    def gift_types(self) -> Mapping[str, Any]: ...
    @property
    def styles(self) -> Mapping[str, Any]: ...
    @property
    def effects(self) -> Mapping[str, Any]: ...
    def modifiers_for(self, effect_id: str) -> Mapping[str, Any]: ...


def _name_in(table: Mapping[str, Any] | None, identifier: str) -> str:
    item = table.get(identifier) if table is not None else None
    name = getattr(item, "name", "") if item is not None else ""
    return name or titled(identifier)


def _current(bands: tuple[PenaltyBand, ...], state: str) -> int | None:
    return next((i for i, band in enumerate(bands) if band.state == state), None)


def _signed_penalty(dice: int) -> str:
    return "0" if dice == 0 else f"\u2212{dice}"


def _rewards_text(credits: int, improvements: int) -> str:
    parts = []
    for amount, word in ((credits, "Gift Credit"), (improvements, "Improvement")):
        if amount:
            sign = "+" if amount > 0 else "\u2212"
            parts.append(f"{sign}{abs(amount)} {word}{'s' if abs(amount) != 1 else ''}")
    return ", ".join(parts)


def _gift_view(
    gift: Gift,
    evaluation: GiftResult | None,
    names: GiftNames | None,
) -> GiftView:
    draft = gift.draft
    type_name = _name_in(names.gift_types if names else None, draft.gift_type)
    effect_name = _name_in(names.effects if names else None, draft.effect)
    style_name = _name_in(names.styles if names else None, draft.style)
    modifiers_table = names.modifiers_for(draft.effect) if names else None
    modifiers = []
    for kind, choices in (("Enhancement", draft.enhancements), ("Drawback", draft.drawbacks)):
        for choice in choices:
            text = f"{kind}: {_name_in(modifiers_table, choice.id)}"
            if choice.count > 1:
                text += f" ×{choice.count}"
            # Each instance's own detail (issue 15: "fire; cold"), blanks left out.
            details = "; ".join(d.strip() for d in choice.instance_details if d.strip())
            if details:
                text += f" ({details})"
            modifiers.append(text)
    if evaluation is None:
        return GiftView(
            name=draft.name,
            gift_type=type_name,
            effect=effect_name,
            style=style_name,
            cost=gift.cost,
            system_text=gift.system_text,
            tagline=draft.tagline,
            description=draft.description,
            extended_description=draft.extended_description,
            status_met=None,
            modifiers=tuple(modifiers),
            notes=("Cost and System Text as last saved; not checked against the catalog.",),
            catalog=gift.catalog,
        )
    breakdown = tuple(
        CostPart("Base" if term.source == "base" else term.label, term.amount)
        for term in evaluation.breakdown
        if term.amount or term.source == "base"
    )
    notes = [f.message for f in (*evaluation.errors, *evaluation.warnings)]
    if gift.cost != evaluation.cost:
        notes.append(
            f"Saved with cost {gift.cost}; the catalog prices it at {evaluation.cost} now."
        )
    return GiftView(
        name=draft.name,
        gift_type=type_name,
        effect=effect_name,
        style=style_name,
        cost=evaluation.cost,
        system_text=evaluation.system_text,
        tagline=draft.tagline,
        description=draft.description,
        extended_description=draft.extended_description,
        # Every Gift is open to a Newbie unless something raises it; only say so when it does.
        required_status=(
            evaluation.required_status.label if evaluation.required_status > Status.NEWBIE else ""
        ),
        status_met=evaluation.status_met,
        breakdown=breakdown,
        modifiers=tuple(modifiers),
        notes=tuple(notes),
        catalog=gift.catalog or ", ".join(evaluation.house_rules),
    )


def _items(items: Sequence[Item]) -> tuple[ItemView, ...]:
    return tuple(ItemView(i.name, i.detail) for i in items)


def _crafted(items: Sequence[CraftedItem], gift_names: Mapping[str, str]) -> tuple[ItemView, ...]:
    return tuple(
        ItemView(
            i.name,
            i.detail,
            i.quantity,
            gift_names.get(i.gift_id, i.gift_id),
            "" if i.state is ItemState.HELD else state_words(i.state),
        )
        for i in items
    )


def _asset(pick: AssetPick) -> AssetView:
    kind = "Liability" if pick.kind == AssetKind.LIABILITY else "Asset"
    return AssetView(pick.name, kind, pick.value, pick.detail, pick.system, pick.restricted)


def _tier_name(tier: ScarTier, cat: SheetCatalog) -> str:
    return next((t.name for t in cat.scar_tiers if t.tier == tier), titled(str(tier)))


def _threat_name(level: str, cat: SheetCatalog) -> str:
    try:
        return cat.threat_level(level).name
    except KeyError:
        return titled(level)


def snapshot_for(
    contractor: Contractor,
    sheet_report: SheetReport,
    gift_evaluations: Mapping[str, GiftResult],
    sheet_catalog: SheetCatalog | None = None,
    gift_catalog: GiftNames | None = None,
) -> PrintSnapshot:
    """The printable view of one contractor, from builder results only.

    ``sheet_report`` is ``builder.contract.sheet.evaluate_sheet(contractor)``;
    ``gift_evaluations`` maps each Gift's id to
    ``builder.contract.gifts.evaluate.evaluate_gift(gift.draft, catalog, status=...)``
    (a Gift without one prints its stored cost and System Text, marked as
    unchecked). ``sheet_catalog`` names Attributes, Abilities, scar tiers and
    Threat levels (default: the shipped catalog); ``gift_catalog`` names Gift
    Types, Effects, Styles and modifiers (default: their ids, titled).

    Every number is copied from those results; nothing is computed here.
    """
    cat = sheet_catalog if sheet_catalog is not None else load_sheet_catalog()
    report = sheet_report
    gift_names = {g.id: g.draft.name or g.id for g in contractor.gifts}
    source_name = contractor.source.name or "Source"
    attributes, abilities, secondary = _ratings(report, cat)
    body, mind, penalty = _tracks(report.derived)
    trait_name = catalog_trait_name(cat, source_name)
    return PrintSnapshot(
        contractor_id=contractor.id,
        name=contractor.concept.name,
        player=contractor.concept.player,
        status=report.status.label,
        victories=report.victories,
        concept=_concept_rows(contractor),
        vitals=_vitals(report),
        attributes=attributes,
        abilities=abilities,
        secondary=secondary,
        derived=_derived_rows(report.derived),
        body=body,
        mind=mind,
        penalty=penalty,
        source=_source(contractor, report, source_name),
        limits=tuple(LimitView(lim.name, lim.description, lim.custom) for lim in contractor.limits),
        gifts=tuple(
            _placed(_gift_view(g, gift_evaluations.get(g.id), gift_catalog), contractor, g.id)
            for g in contractor.gifts
        ),
        assets=tuple(_asset(a) for a in report.assets),
        liabilities=tuple(_asset(a) for a in report.liabilities),
        stock=_stock(contractor, gift_names),
        health=_health(contractor, cat),
        opening=opening_story(contractor),
        contracts=_contracts(contractor, report),
        journals=journals(contractor, report),
        loose_ends=_loose_ends(report, cat),
        ledger=tuple(
            LedgerLine(
                date=line.date,
                entry=describe_entry(
                    _entry_at(contractor, report, line.index), gift_names, trait_name
                )
                + _edited(report, line.index),
                earned=line.earned,
                spent=line.spent,
                balance=line.available_after,
                rewards=_rewards_text(line.credits, line.improvements),
            )
            for line in report.lines
        ),
        exp_totals=_exp_totals(report),
        reward_totals=_reward_totals(report),
        findings=tuple(
            FindingView(str(f.severity), f.message, place_words(f.where, contractor))
            for f in report.findings
            if f.severity in (Severity.ERROR, Severity.WARNING)
        ),
        notes=contractor.notes,
        weapons=weapon_views(contractor, report, gift_catalog),
        suggestions=suggestion_views(contractor),
    )


def _concept_rows(contractor: Contractor) -> tuple[StatView, ...]:
    """The Concept lines the player filled in, in the order of the printed sheet."""
    concept = contractor.concept
    return tuple(
        StatView(name, value)
        for name, value in (
            ("Archetype", concept.archetype),
            ("Paradigm", concept.paradigm),
            ("Ambition", concept.ambition),
            ("Pronouns", concept.pronouns),
            ("Age", concept.age),
            ("Home playgroup", concept.home_playgroup),
            ("Appearance", concept.appearance),
            ("Background", concept.background),
            *filled_lines(contractor.bio),
        )
        if value
    )


def _vitals(report: SheetReport) -> tuple[StatView, ...]:
    """The strip under the name: Status, Victories, Contracts, Exp and rewards available."""
    vitals = [
        StatView("Status", report.status.label),
        StatView("Victories", str(report.victories)),
        StatView("Contracts", str(report.contracts_attended)),
        StatView("Exp available", str(report.exp.available)),
        StatView("Gift Credits", str(report.rewards.credits_available)),
        StatView("Improvements", str(report.rewards.improvements_available)),
    ]
    if not report.alive:
        vitals.insert(0, StatView("State", "Dead"))
    return tuple(vitals)


def _ratings(
    report: SheetReport, cat: SheetCatalog
) -> tuple[tuple[RatingView, ...], tuple[RatingView, ...], tuple[RatingView, ...]]:
    """Attributes, Abilities and Secondary Abilities with the Status's rating caps."""
    status = report.status
    attribute_max = costs.max_rating(TraitKind.ATTRIBUTE, status) or 5
    ability_max = costs.max_rating(TraitKind.ABILITY, status) or 5
    ratings = report.ratings
    attributes = tuple(
        RatingView(a.name, ratings.attributes.get(a.id, 0), attribute_max) for a in cat.attributes
    )
    abilities = tuple(
        RatingView(a.name, ratings.abilities.get(a.id, 0), ability_max) for a in cat.abilities
    )
    secondary = tuple(RatingView(n, r, ability_max) for n, r in ratings.secondary.items())
    return attributes, abilities, secondary


def _tracks(d: Derived) -> tuple[TrackView, TrackView, str]:
    """Body and Mind with their Penalty tables, and the total Penalty as printed."""
    bb, mb = body_bands(), mind_bands()
    body = TrackView(
        "Body",
        d.body,
        d.body_damage,
        d.body_remaining,
        _signed_penalty(d.body_penalty),
        bb,
        _current(bb, d.body_state),
    )
    mind = TrackView(
        "Mind",
        d.mind,
        d.mind_damage,
        d.mind_remaining,
        _signed_penalty(d.mind_penalty),
        mb,
        _current(mb, d.mind_state),
    )
    penalty = _signed_penalty(d.penalty)
    if d.penalty and d.penalty_source != "wounds":
        # A Battle Scar sets it: scars do not stack with wounds ("Battle Scars").
        penalty += f" ({d.penalty_source})"
    if d.dead:
        penalty += " (dead)"
    elif d.incapacitated:
        penalty += " (incapacitated)"
    return body, mind, penalty


def _encumbrance_rows(d: Derived) -> tuple[StatView, ...]:
    """Carried weight and its dice, when the sheet tracks them ("Encumbrance")."""
    rows: list[StatView] = []
    if d.carried_lb:
        rows.append(
            StatView(
                "Carried",
                f"{d.carried_lb} lb, {_signed_penalty(d.encumbrance_penalty)} dice",
                "−1 die per full 25 lb over the limit",
            )
        )
    if d.unencumbered_bonus:
        rows.append(StatView("Unencumbered", f"+{d.unencumbered_bonus} die", "physical actions"))
    return tuple(rows)


def _movement_note(d: Derived) -> str:
    """What free movement is found from, with what slows this contractor (issue 28)."""
    parts = ["5 + 5 × Dexterity, −5 per Penalty"]
    if d.encumbrance_ft:
        parts.append(f"−{d.encumbrance_ft} encumbered")
    if d.movement_scar:
        parts.append(f"{d.movement_scar}: × {d.movement_fraction}, down to 5-ft steps")
    if d.no_sprint_scar:
        parts.append("no Dash or Sprint")
    if d.at_lift_limit:
        parts.append("at the lifting limit: no movement")
    return "; ".join(parts)


def _derived_rows(d: Derived) -> tuple[StatView, ...]:
    """The derived values with a note on what each is found from."""
    return (
        StatView("Initiative pool", f"{d.initiative_pool} dice", "Dexterity + Perception"),
        StatView("Body roll", f"{d.body_pool} dice", "Body rating"),
        StatView("Mind roll", f"{d.mind_pool} dice", "Mind rating"),
        StatView("Free movement", f"{d.free_movement_ft} ft", _movement_note(d)),
        StatView(
            "Extra sprint",
            f"{d.sprint_steps} steps ({d.sprint_ft} ft)",
            "Brawn steps, −1 die each",
        ),
        StatView("Carry limit", f"{d.carry_lb} lb", "15 lb × Brawn"),
        *_encumbrance_rows(d),
        StatView("Lift maximum", f"{d.lift_lb} lb", "Lifting and Hauling"),
    )


def _source(contractor: Contractor, report: SheetReport, source_name: str) -> SourceView | None:
    """The Source pool and its replenishment allowance (None for a contractor without one)."""
    ratings = report.ratings
    if not (ratings.source or contractor.gifts):
        return None
    status = report.status
    allowed = report.replenishment
    if allowed.conditions:
        plural = "s" if allowed.conditions != 1 else ""
        allowance = (
            f"{status.label}: {allowed.conditions} replenishment condition{plural},"
            f" {allowed.cooldown} cooldown"
        )
    else:
        allowance = f"{status.label}: no replenishment conditions yet"
    return SourceView(
        source_name,
        ratings.source,
        contractor.source.replenishment,
        allowance,
        allowed.conditions,
    )


def _entry_at(contractor: Contractor, report: SheetReport, index: int) -> Any:
    """Ledger entry ``index`` as the corrected history has it (its replacement once edited)."""
    fix = report.corrected.corrected.get(index)
    if fix is not None:
        return fix.replacement
    return contractor.ledger[index] if 0 <= index < len(contractor.ledger) else None


def _edited(report: SheetReport, index: int) -> str:
    """ " (edited 2026-05-05)" for an entry a later correction replaced, else ""."""
    fix = report.corrected.corrected.get(index)
    return f" (edited {fix.date})" if fix is not None and not fix.voided else ""


def _contracts(contractor: Contractor, report: SheetReport) -> tuple[ContractView, ...]:
    """The Contracts attended, each with the Exp its ledger line earned."""
    lines_by_index = {line.index: line for line in report.lines}
    contracts = []
    for index, entry in corrected_pairs(contractor.ledger):
        if isinstance(entry, ContractAttended):
            line = lines_by_index.get(index)
            contracts.append(
                ContractView(
                    date=entry.date,
                    scenario=entry.scenario,
                    where="Home" if entry.home else "Away",
                    outcome=str(entry.outcome).capitalize(),
                    commission=entry.commission,
                    cycle=entry.cycle,
                    exp=line.earned if line is not None else None,
                    notes=entry.notes,
                )
            )
    return tuple(contracts)


def _exp_totals(report: SheetReport) -> tuple[TotalLine, ...]:
    """The Exp folded: starting, creation, earned and spent by kind, available, bonus cap."""
    exp = report.exp
    totals = [
        TotalLine("Starting Exp", exp.starting),
        TotalLine("Spent at creation", exp.creation_cost),
    ]
    totals += [
        TotalLine(f"Earned: {label(EARNED_LABELS, k)}", v)
        for k, v in exp.earned_by_source.items()
        if v
    ]
    totals.append(TotalLine("Total earned since creation", exp.earned_total, strong=True))
    totals += [
        TotalLine(f"Spent: {label(SPENT_LABELS, k)}", v) for k, v in exp.spent_by_kind.items() if v
    ]
    totals += [
        TotalLine("Total spent since creation", exp.spent_total, strong=True),
        TotalLine("Exp available", exp.available, strong=True),
        TotalLine("Bonus Exp cap (earned since creation)", exp.bonus_cap),
    ]
    return tuple(totals)


def _reward_totals(report: SheetReport) -> tuple[TotalLine, ...]:
    """Gift Credits and Improvements folded by source, and Coins of Charon earned."""
    rw = report.rewards
    totals = [
        TotalLine(f"Gift Credits from {label(CREDIT_LABELS, k)}", v)
        for k, v in rw.credits_earned_by_source.items()
        if v
    ]
    totals += [
        TotalLine("Gift Credits earned", rw.credits_earned),
        TotalLine("Gift Credits spent", rw.credits_spent),
        TotalLine("Gift Credits available", rw.credits_available, strong=True),
    ]
    totals += [
        TotalLine(f"Improvements from {label(IMPROVEMENT_LABELS, k)}", v)
        for k, v in rw.improvements_earned_by_source.items()
        if v
    ]
    totals += [
        TotalLine("Improvements earned", rw.improvements_earned),
        TotalLine("Improvement cap", rw.improvement_cap),
        TotalLine("Improvements spent", rw.improvements_spent),
        TotalLine("Improvements available", rw.improvements_available, strong=True),
    ]
    if report.charon_coins_earned:
        totals.append(TotalLine("Coins of Charon earned", report.charon_coins_earned))
    return tuple(totals)


def _stock(contractor: Contractor, gift_names: Mapping[str, str]) -> StockView:
    stock = contractor.stock
    costs = {g.id: g.cost for g in contractor.gifts}
    return StockView(
        equipment=_items(stock.equipment),
        artifacts=_crafted(stock.artifacts, gift_names),
        consumables=_crafted(stock.consumables, gift_names),
        trophies=_items(stock.trophies),
        conditions=_items(stock.conditions),
        circumstances=_items(stock.circumstances),
        legendary=tuple(
            LegendaryView(
                a.name,
                state_words(a.state),
                a.description,
                tuple((gift_names.get(i, i), costs.get(i, 0)) for i in a.gifts),
                a.state in IN_HAND,
            )
            for a in stock.legendary
        ),
        log=tuple((e.date, e.item, event_words(e)) for e in reversed(stock.item_log)),
    )


def _placed(view: GiftView, contractor: Contractor, gift_id: str) -> GiftView:
    """The Gift view with the Legendary Artifact it is invested in, and why it is inactive."""
    artifact = artifact_of(contractor, gift_id)
    if artifact is None:
        return view
    inactive = (
        "" if artifact.state in IN_HAND else f"{artifact.name} is {state_words(artifact.state)}"
    )
    names = {g.id: (g.draft.name or g.id, g.cost) for g in contractor.gifts}
    held = ", ".join(f"{names[i][0]} ({names[i][1]})" for i in artifact.gifts if i in names)
    return dataclasses.replace(view, artifact=f"{artifact.name} — holds {held}", inactive=inactive)


def _health(contractor: Contractor, cat: SheetCatalog) -> HealthView:
    health = contractor.health
    return HealthView(
        injuries=tuple(health.injuries),
        battle_scars=tuple(
            ScarView(s.name, _tier_name(s.tier, cat), s.system) for s in health.battle_scars
        ),
        traumas=tuple(health.traumas),
        mind_damage=health.mind_damage,
    )


def _loose_ends(report: SheetReport, cat: SheetCatalog) -> tuple[LooseEndView, ...]:
    """Loose Ends as the player may see them: a Threat stays empty until it is visible."""
    return tuple(
        LooseEndView(
            title=v.title,
            threat_level=_threat_name(v.threat_level, cat),
            cutoff_remaining=v.remaining,
            threat=v.threat if v.threat_visible else "",
            resolved=v.resolved,
        )
        for v in report.loose_ends
    )


def shipped_gift_catalog() -> Catalog:
    """The shipped Gift catalog, read once per process (it is a frozen value).

    The rules' own cached value (``default_catalog``), so a process that prints and
    also shows or audits Gifts reads the catalog files once.
    """
    return default_catalog()


def print_snapshot(
    contractor: Contractor,
    gift_catalog: Catalog | None = None,
    sheet_catalog: SheetCatalog | None = None,
) -> PrintSnapshot:
    """Evaluate ``contractor`` with the rules and the Gift engine, and assemble its snapshot.

    The one call the CLI (``harbinger sheet pdf``) and the app's print action
    need: ``evaluate_sheet``, then ``evaluate_gift`` for each Gift at the
    contractor's Status, then ``snapshot_for``. ``gift_catalog`` defaults to
    the shipped catalog; pass the playgroup's catalog when house rules apply.
    """
    catalog = gift_catalog if gift_catalog is not None else shipped_gift_catalog()
    report = evaluate_sheet(contractor)
    evaluations = {
        gift.id: evaluate_gift(gift.draft, catalog, status=report.status)
        for gift in contractor.gifts
    }
    return snapshot_for(contractor, report, evaluations, sheet_catalog, catalog)
