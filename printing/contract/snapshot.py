"""What a printed sheet shows: one frozen, display-ready value per contractor.

``PrintSnapshot`` is the only input of the sheet and Gift-card printers. It
holds text and numbers exactly as they will be printed, all of them computed
beforehand by ``builder`` (the rules fold ``evaluate_sheet`` and the Gift
engine ``evaluate_gift``). The printers only arrange them on paper, so the PDF
always agrees with the app, the CLI and the leader's audit.

``snapshot_for`` assembles a snapshot from those builder results.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from builder.contract import costs, derived
from builder.contract.character import (
    AssetKind,
    AssetPick,
    ContractAttended,
    Contractor,
    CraftedItem,
    Gift,
    Item,
    ScarTier,
    TraitKind,
)
from builder.contract.gifts.catalog import Catalog
from builder.contract.gifts.evaluate import evaluate_gift
from builder.contract.gifts.loader import load_catalog
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


@dataclass(frozen=True, slots=True)
class RatingView:
    """A rated trait printed as dots: "Brawn ●●●○○ 3"."""

    name: str
    rating: int
    maximum: int = 5


@dataclass(frozen=True, slots=True)
class StatView:
    """A labelled value ("Initiative pool", "7 dice"), with an optional note on how it is found."""

    label: str
    value: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class PenaltyBand:
    """One row of a Penalty table ("Penalty"): remaining points, its name, its penalty."""

    remaining: str
    state: str
    penalty: str


@dataclass(frozen=True, slots=True)
class TrackView:
    """Body or Mind: boxes to tick, damage already taken, and its Penalty table.

    ``current`` is the index in ``bands`` of the row the contractor is on now
    (None when unknown), so the sheet can shade it.
    """

    name: str
    rating: int
    damage: int
    remaining: int
    penalty: str
    bands: tuple[PenaltyBand, ...] = ()
    current: int | None = None


@dataclass(frozen=True, slots=True)
class SourceView:
    """The Source pool under the contractor's own name for it, and its replenishment conditions."""

    name: str
    rating: int
    replenishment: tuple[str, ...] = ()
    allowance: str = ""


@dataclass(frozen=True, slots=True)
class LimitView:
    name: str
    description: str = ""
    custom: bool = False


@dataclass(frozen=True, slots=True)
class CostPart:
    """One term of a Gift Cost sum ("Enhancements", +2)."""

    label: str
    amount: int


@dataclass(frozen=True, slots=True)
class GiftView:
    """A Gift as printed: flavor, classification, cost with its breakdown, full System Text."""

    name: str
    gift_type: str
    effect: str
    style: str
    cost: int
    system_text: str
    tagline: str = ""
    description: str = ""
    required_status: str = ""
    status_met: bool | None = True
    breakdown: tuple[CostPart, ...] = ()
    modifiers: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    catalog: str = ""


@dataclass(frozen=True, slots=True)
class AssetView:
    """An Asset or Liability with its system text; ``restricted`` needs leader approval."""

    name: str
    kind: str
    value: int
    detail: str = ""
    system: str = ""
    restricted: bool = False


@dataclass(frozen=True, slots=True)
class ItemView:
    """A line of Stock: equipment, an Artifact, a Consumable, a Trophy, a Condition…"""

    name: str
    detail: str = ""
    quantity: int | None = None
    source: str = ""


@dataclass(frozen=True, slots=True)
class StockView:
    equipment: tuple[ItemView, ...] = ()
    artifacts: tuple[ItemView, ...] = ()
    consumables: tuple[ItemView, ...] = ()
    trophies: tuple[ItemView, ...] = ()
    conditions: tuple[ItemView, ...] = ()
    circumstances: tuple[ItemView, ...] = ()


@dataclass(frozen=True, slots=True)
class InjuryView:
    description: str
    severity: int
    stabilized: bool = False


@dataclass(frozen=True, slots=True)
class ScarView:
    name: str
    tier: str
    system: str = ""


@dataclass(frozen=True, slots=True)
class TraumaView:
    name: str
    system: str = ""


@dataclass(frozen=True, slots=True)
class HealthView:
    injuries: tuple[InjuryView, ...] = ()
    battle_scars: tuple[ScarView, ...] = ()
    traumas: tuple[TraumaView, ...] = ()
    mind_damage: int = 0


@dataclass(frozen=True, slots=True)
class ContractView:
    """A Contract attended, as a line of the Story log."""

    date: str
    scenario: str
    where: str
    outcome: str
    commission: bool = False
    cycle: str = ""
    exp: int | None = None
    notes: str = ""


@dataclass(frozen=True, slots=True)
class LooseEndView:
    """A Loose End as the player may see it.

    ``threat`` is empty while the Threat is hidden (its Cutoff has not reached
    0); the printer never receives hidden text, so it cannot leak onto paper.
    """

    title: str
    threat_level: str
    cutoff_remaining: int
    threat: str = ""
    resolved: bool = False


@dataclass(frozen=True, slots=True)
class LedgerLine:
    """One line of the Exp and reward log: Exp earned and spent, Exp left after it, rewards."""

    date: str
    entry: str
    earned: int = 0
    spent: int = 0
    balance: int | None = None
    rewards: str = ""


@dataclass(frozen=True, slots=True)
class TotalLine:
    """A folded total ("Exp available", 12); ``strong`` totals are printed bold."""

    label: str
    value: int
    strong: bool = False


@dataclass(frozen=True, slots=True)
class FindingView:
    """A rule finding worth showing on paper (errors and warnings)."""

    severity: str
    message: str
    where: str = ""


@dataclass(frozen=True, slots=True)
class PrintSnapshot:
    """Everything a contractor's printed sheet and Gift cards show, ready to print."""

    contractor_id: str
    name: str
    player: str = ""
    status: str = ""
    victories: int = 0
    concept: tuple[StatView, ...] = ()
    vitals: tuple[StatView, ...] = ()
    attributes: tuple[RatingView, ...] = ()
    abilities: tuple[RatingView, ...] = ()
    secondary: tuple[RatingView, ...] = ()
    derived: tuple[StatView, ...] = ()
    body: TrackView | None = None
    mind: TrackView | None = None
    penalty: str = ""
    source: SourceView | None = None
    limits: tuple[LimitView, ...] = ()
    gifts: tuple[GiftView, ...] = ()
    assets: tuple[AssetView, ...] = ()
    liabilities: tuple[AssetView, ...] = ()
    stock: StockView = field(default_factory=StockView)
    health: HealthView = field(default_factory=HealthView)
    contracts: tuple[ContractView, ...] = ()
    loose_ends: tuple[LooseEndView, ...] = ()
    ledger: tuple[LedgerLine, ...] = ()
    exp_totals: tuple[TotalLine, ...] = ()
    reward_totals: tuple[TotalLine, ...] = ()
    findings: tuple[FindingView, ...] = ()
    notes: str = ""


# =========================================================================== assembly


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


def _penalty_text(dice: int) -> str:
    return "None" if dice == 0 else f"\u2212{dice} {'die' if dice == 1 else 'dice'}"


def _bands(
    rows: Sequence[int], lookup: Callable[[int], tuple[int, str]]
) -> tuple[PenaltyBand, ...]:
    """A Penalty table read row by row from ``builder.contract.derived`` (never re-typed here)."""
    out = []
    for remaining in rows:
        dice, state = lookup(remaining)
        if state == "Incapacitated":
            effect = "Cannot act"
        elif state == "Dead":
            effect = "Dead"
        else:
            effect = _penalty_text(dice)
        label = (
            f"{remaining}+"
            if remaining == rows[0]
            else ("below 0" if remaining < 0 else str(remaining))
        )
        out.append(PenaltyBand(label, state, effect))
    return tuple(out)


def body_bands() -> tuple[PenaltyBand, ...]:
    """The Body Penalty table: Body remaining 6+ down to below 0 ("Penalty")."""
    return _bands((6, 5, 4, 3, 2, 1, 0, -1), derived.body_penalty)


def mind_bands() -> tuple[PenaltyBand, ...]:
    """The Mind Penalty table: Mind remaining 6+ down to 0 ("Penalty")."""
    return _bands((6, 5, 4, 3, 2, 1, 0), derived.mind_penalty)


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
            if choice.detail:
                text += f" ({choice.detail})"
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
        ItemView(i.name, i.detail, i.quantity, gift_names.get(i.gift_id, i.gift_id)) for i in items
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
    concept = contractor.concept
    d = report.derived
    status = report.status
    gift_names = {g.id: g.draft.name or g.id for g in contractor.gifts}
    source_name = contractor.source.name or "Source"

    concept_rows = tuple(
        StatView(label, value)
        for label, value in (
            ("Archetype", concept.archetype),
            ("Paradigm", concept.paradigm),
            ("Ambition", concept.ambition),
            ("Pronouns", concept.pronouns),
            ("Age", concept.age),
            ("Home playgroup", concept.home_playgroup),
            ("Appearance", concept.appearance),
            ("Background", concept.background),
        )
        if value
    )
    vitals = [
        StatView("Status", status.label),
        StatView("Victories", str(report.victories)),
        StatView("Contracts", str(report.contracts_attended)),
        StatView("Exp available", str(report.exp.available)),
        StatView("Gift Credits", str(report.rewards.credits_available)),
        StatView("Improvements", str(report.rewards.improvements_available)),
    ]
    if not report.alive:
        vitals.insert(0, StatView("State", "Dead"))

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
    if d.dead:
        penalty += " (dead)"
    elif d.incapacitated:
        penalty += " (incapacitated)"
    derived_rows = (
        StatView("Initiative pool", f"{d.initiative_pool} dice", "Dexterity + Perception"),
        StatView("Body roll", f"{d.body_pool} dice", "Body rating"),
        StatView("Mind roll", f"{d.mind_pool} dice", "Mind rating"),
        StatView("Free movement", f"{d.free_movement_ft} ft", "5 + 5 × Dexterity, −5 per Penalty"),
        StatView(
            "Extra sprint",
            f"{d.sprint_steps} steps ({d.sprint_ft} ft)",
            "Brawn steps, −1 die each",
        ),
        StatView("Carry limit", f"{d.carry_lb} lb", "15 lb × Brawn"),
        StatView("Lift maximum", f"{d.lift_lb} lb", "Lifting and Hauling"),
    )

    source = None
    if ratings.source or contractor.gifts:
        allowed = report.replenishment
        if allowed.conditions:
            plural = "s" if allowed.conditions != 1 else ""
            allowance = (
                f"{status.label}: {allowed.conditions} replenishment condition{plural},"
                f" {allowed.cooldown} cooldown"
            )
        else:
            allowance = f"{status.label}: no replenishment conditions yet"
        source = SourceView(source_name, ratings.source, contractor.source.replenishment, allowance)

    gifts = tuple(_gift_view(g, gift_evaluations.get(g.id), gift_catalog) for g in contractor.gifts)

    lines_by_index = {line.index: line for line in report.lines}
    contracts = []
    for index, entry in enumerate(contractor.ledger):
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
    ledger = []
    for line in report.lines:
        entry = contractor.ledger[line.index] if 0 <= line.index < len(contractor.ledger) else None
        ledger.append(
            LedgerLine(
                date=line.date,
                entry=describe_entry(entry, gift_names, catalog_trait_name(cat, source_name)),
                earned=line.earned,
                spent=line.spent,
                balance=line.available_after,
                rewards=_rewards_text(line.credits, line.improvements),
            )
        )

    exp = report.exp
    exp_totals = [
        TotalLine("Starting Exp", exp.starting),
        TotalLine("Spent at creation", exp.creation_cost),
    ]
    exp_totals += [
        TotalLine(f"Earned: {label(EARNED_LABELS, k)}", v)
        for k, v in exp.earned_by_source.items()
        if v
    ]
    exp_totals.append(TotalLine("Total earned since creation", exp.earned_total, strong=True))
    exp_totals += [
        TotalLine(f"Spent: {label(SPENT_LABELS, k)}", v) for k, v in exp.spent_by_kind.items() if v
    ]
    exp_totals += [
        TotalLine("Total spent since creation", exp.spent_total, strong=True),
        TotalLine("Exp available", exp.available, strong=True),
        TotalLine("Bonus Exp cap (earned since creation)", exp.bonus_cap),
    ]
    rw = report.rewards
    reward_totals = [
        TotalLine(f"Gift Credits from {label(CREDIT_LABELS, k)}", v)
        for k, v in rw.credits_earned_by_source.items()
        if v
    ]
    reward_totals += [
        TotalLine("Gift Credits earned", rw.credits_earned),
        TotalLine("Gift Credits spent", rw.credits_spent),
        TotalLine("Gift Credits available", rw.credits_available, strong=True),
    ]
    reward_totals += [
        TotalLine(f"Improvements from {label(IMPROVEMENT_LABELS, k)}", v)
        for k, v in rw.improvements_earned_by_source.items()
        if v
    ]
    reward_totals += [
        TotalLine("Improvements earned", rw.improvements_earned),
        TotalLine("Improvement cap", rw.improvement_cap),
        TotalLine("Improvements spent", rw.improvements_spent),
        TotalLine("Improvements available", rw.improvements_available, strong=True),
    ]
    if report.charon_coins_earned:
        reward_totals.append(TotalLine("Coins of Charon earned", report.charon_coins_earned))

    health = contractor.health
    return PrintSnapshot(
        contractor_id=contractor.id,
        name=concept.name,
        player=concept.player,
        status=status.label,
        victories=report.victories,
        concept=concept_rows,
        vitals=tuple(vitals),
        attributes=attributes,
        abilities=abilities,
        secondary=secondary,
        derived=derived_rows,
        body=body,
        mind=mind,
        penalty=penalty,
        source=source,
        limits=tuple(LimitView(lim.name, lim.description, lim.custom) for lim in contractor.limits),
        gifts=gifts,
        assets=tuple(_asset(a) for a in report.assets),
        liabilities=tuple(_asset(a) for a in report.liabilities),
        stock=StockView(
            equipment=_items(contractor.stock.equipment),
            artifacts=_crafted(contractor.stock.artifacts, gift_names),
            consumables=_crafted(contractor.stock.consumables, gift_names),
            trophies=_items(contractor.stock.trophies),
            conditions=_items(contractor.stock.conditions),
            circumstances=_items(contractor.stock.circumstances),
        ),
        health=HealthView(
            injuries=tuple(
                InjuryView(i.description, i.severity, i.stabilized) for i in health.injuries
            ),
            battle_scars=tuple(
                ScarView(s.name, _tier_name(s.tier, cat), s.system) for s in health.battle_scars
            ),
            traumas=tuple(TraumaView(t.name, t.system) for t in health.traumas),
            mind_damage=health.mind_damage,
        ),
        contracts=tuple(contracts),
        loose_ends=tuple(
            LooseEndView(
                title=v.title,
                threat_level=_threat_name(v.threat_level, cat),
                cutoff_remaining=v.remaining,
                threat=v.threat if v.threat_visible else "",
                resolved=v.resolved,
            )
            for v in report.loose_ends
        ),
        ledger=tuple(ledger),
        exp_totals=tuple(exp_totals),
        reward_totals=tuple(reward_totals),
        findings=tuple(
            FindingView(str(f.severity), f.message, f.where)
            for f in report.findings
            if f.severity in (Severity.ERROR, Severity.WARNING)
        ),
        notes=contractor.notes,
    )


@functools.cache
def shipped_gift_catalog() -> Catalog:
    """The shipped Gift catalog, read once per process (it is a frozen value)."""
    return load_catalog()


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
